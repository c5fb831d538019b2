/*
 * Histogram256 (the CUDA SDK's histogram sample, its 256-bin kernels; seed
 * 003 Tables 7 and 21's histogram), the project's own code in the SDK's
 * shape. hist256_warp_counts and hist256_merge model the SDK's
 * histogram256Kernel and mergeHistogram256Kernel.
 *
 * hist256_warp_counts: blocks of 192 threads (6 warps), each warp with its own
 * 256-bin sub-histogram in shared memory, so only a warp's own lanes
 * contend on a bin; the grid reads the data as 32-bit words in a
 * grid-stride loop and adds each word's four bytes with shared-memory
 * atomics. Each block then sums its warps' sub-histograms into one partial
 * histogram of 256 bins in global memory.
 *
 * hist256_merge: one block of 256 threads per bin sums that bin over
 * the partial histograms, strided, then a shared-memory tree.
 *
 * Launch shapes, as the SDK's: hist256_warp_counts with blocks of exactly 192
 * threads (WARPS x 32: the sub-histograms are sized for them) and one
 * partial per block; hist256_merge with 256 blocks (one per bin) of
 * exactly 256 threads.
 */
#define WARPS 6
#define THREADS (WARPS * 32)
#define BINS 256
#define MERGE_THREADS 256

extern "C" __global__ void hist256_warp_counts(unsigned *partial, const unsigned *data,
                                               unsigned words)
{
    __shared__ unsigned hist[WARPS * BINS];
    unsigned *warp_hist = hist + (threadIdx.x / 32) * BINS;
    unsigned i, bin;
    for (i = threadIdx.x; i < WARPS * BINS; i += THREADS)
        hist[i] = 0;
    __syncthreads();
    for (i = blockIdx.x * blockDim.x + threadIdx.x; i < words; i += blockDim.x * gridDim.x) {
        unsigned word = data[i];
        atomicAdd(warp_hist + (word & 0xFFu), 1u);
        atomicAdd(warp_hist + ((word >> 8) & 0xFFu), 1u);
        atomicAdd(warp_hist + ((word >> 16) & 0xFFu), 1u);
        atomicAdd(warp_hist + (word >> 24), 1u);
    }
    __syncthreads();
    for (bin = threadIdx.x; bin < BINS; bin += THREADS) {
        unsigned sum = 0, w;
        for (w = 0; w < WARPS; w++)
            sum += hist[w * BINS + bin];
        partial[blockIdx.x * BINS + bin] = sum;
    }
}

extern "C" __global__ void hist256_merge(unsigned *histogram, const unsigned *partial,
                                         unsigned partials)
{
    __shared__ unsigned sums[MERGE_THREADS];
    unsigned sum = 0, i, stride;
    for (i = threadIdx.x; i < partials; i += MERGE_THREADS)
        sum += partial[blockIdx.x + i * BINS];
    sums[threadIdx.x] = sum;
    for (stride = MERGE_THREADS / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        if (threadIdx.x < stride)
            sums[threadIdx.x] += sums[threadIdx.x + stride];
    }
    if (threadIdx.x == 0)
        histogram[blockIdx.x] = sums[0];
}
