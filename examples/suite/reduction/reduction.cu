// Reduction (the CUDA SDK's parallel sum, its fastest kernel's structure),
// the project's own CUDA: each thread first adds pairs of elements a block
// apart in a grid-stride loop, the block then halves its shared array down
// to one warp, and the last warp finishes with shuffles. The launch writes
// one partial sum per block; a second launch of one block sums those, as
// the SDK's host does when it finishes on the GPU. Integer data (the SDK's
// default: rand() & 0xFF), so the sum is exact in any order.
// reduction_block_sums models the SDK's reduce kernels (reduce6's shape).
#define RED_BLOCK 256

extern "C" __global__ void reduction_block_sums(const int *in, int *out, unsigned n)
{
    __shared__ int sdata[RED_BLOCK];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (RED_BLOCK * 2) + tid;
    unsigned stride = RED_BLOCK * 2 * gridDim.x;
    int sum = 0;
    while (i < n) {
        sum += in[i];
        if (i + RED_BLOCK < n)
            sum += in[i + RED_BLOCK];
        i += stride;
    }
    sdata[tid] = sum;
    __syncthreads();
    for (unsigned s = RED_BLOCK / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] = sum = sum + sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        sum += sdata[tid + 32];
        for (int offset = 16; offset > 0; offset >>= 1)
            sum += __shfl_down_sync(0xffffffffu, sum, offset);
    }
    if (tid == 0)
        out[blockIdx.x] = sum;
}
