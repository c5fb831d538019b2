MemcpyHtoD,0x00007fc841500000,32768
MemcpyHtoD,0x00007fc841508000,98304
MemcpyHtoD,0x00007fc841527000,1
kernel-15.traceg
kernel-16.traceg
