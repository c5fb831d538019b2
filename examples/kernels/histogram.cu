// Atomic histogram: each block builds a private histogram of (value % bins)
// in dynamic shared memory with shared-memory atomicAdd, then adds its
// non-zero bins into the global histogram with global atomicAdd. Threads
// stride over the input by the whole grid's size.
extern "C" __global__ void histogram(const unsigned *data, unsigned *hist, unsigned n,
                                     unsigned bins)
{
    extern __shared__ unsigned local[];
    for (unsigned b = threadIdx.x; b < bins; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    unsigned stride = gridDim.x * blockDim.x;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&local[data[i] % bins], 1u);
    __syncthreads();
    for (unsigned b = threadIdx.x; b < bins; b += blockDim.x)
        if (local[b] != 0)
            atomicAdd(&hist[b], local[b]);
}
