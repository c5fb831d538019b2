kernel-9.traceg
