kernel-1.trace.xz
