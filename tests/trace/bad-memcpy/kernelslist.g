MemcpyHtoD,0x0000000000001000
kernel-1.traceg
