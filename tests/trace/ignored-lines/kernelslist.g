MemcpyHtoD,0x0000000000001000,512
# a comment line, not warned about
launch kernel-1 here
kernel-1.traceg
something else
