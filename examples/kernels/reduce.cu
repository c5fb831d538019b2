// Shared-memory tree reduction (sum of unsigned 32-bit integers, modulo 2^32).
// Each block loads two elements per thread into dynamic shared memory
// (blockDim.x words), then halves the active threads each step with a
// __syncthreads between steps; thread 0 writes the block's partial sum.
// Launching it again over the partial sums finishes the reduction.
// blockDim.x must be a power of two.
extern "C" __global__ void reduceSum(const unsigned *in, unsigned *out, unsigned n)
{
    extern __shared__ unsigned partial[];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * 2) + tid;
    unsigned sum = 0;
    if (i < n)
        sum = in[i];
    if (i + blockDim.x < n)
        sum += in[i + blockDim.x];
    partial[tid] = sum;
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride)
            partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = partial[0];
}
