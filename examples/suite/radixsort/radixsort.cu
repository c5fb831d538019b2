/*
 * Radix sort (the CUDA SDK's radixSort sample, seed 003 Table 21's
 * radixsort), the project's own code in the SDK's (CUDPP's) shape: an LSD
 * sort of 32-bit keys with 32-bit values, 4 bits a pass, three kernels a
 * pass (radix_tile_sort stands for CUDPP's radixSortBlocks).
 *
 * radix_tile_sort: each block of 256 threads sorts its tile of 1024
 *   pairs (4 a thread) by the pass's 4 bits in shared memory, with four
 *   stable 1-bit splits (a block-wide scan of the "bit clear" flags each),
 *   writes the sorted tile back in place, the tile's 16 digit counts
 *   digit-major (counts[digit * blocks + block]) and where each digit starts
 *   in the tile (starts[block * 16 + digit]).
 * radix_scan: one block of 1024 threads turns the counts into an exclusive
 *   prefix sum: a thread sums its run of them, the block scans the run
 *   sums, each thread writes its run's prefixes.
 * radix_reorder: each block moves its sorted tile to the output: a pair of
 *   digit d at tile index i goes to counts[d * blocks + block] (scanned) +
 *   i - starts[block * 16 + d], so equal digits keep their order across
 *   tiles and within one (the sort is stable).
 *
 * Launch shapes: radix_tile_sort and radix_reorder with n / 1024 blocks
 * of exactly 256 threads (n a multiple of 1024), radix_scan with one block
 * of exactly 1024 threads and 16 * blocks a multiple of 1024.
 */
#define THREADS 256
#define PER_THREAD 4
#define TILE (THREADS * PER_THREAD)
#define DIGITS 16
#define SCAN_THREADS 1024

/* Exclusive block-wide sum of each thread's `count` (0..4); *total gets the
 * block's sum. Warp shuffles, then the 8 warp sums in shared memory. */
__device__ static unsigned block_exclusive_scan(unsigned count, unsigned *warp_sums,
                                                unsigned *total)
{
    unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5, inclusive = count, offset;
    for (offset = 1; offset < 32; offset <<= 1) {
        unsigned up = __shfl_up_sync(0xffffffffu, inclusive, offset);
        if (lane >= offset)
            inclusive += up;
    }
    if (lane == 31)
        warp_sums[warp] = inclusive;
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned w, sum = 0;
        for (w = 0; w < THREADS / 32; w++) {
            unsigned s = warp_sums[w];
            warp_sums[w] = sum;
            sum += s;
        }
        warp_sums[THREADS / 32] = sum;
    }
    __syncthreads();
    *total = warp_sums[THREADS / 32];
    inclusive += warp_sums[warp] - count;
    __syncthreads();   /* warp_sums is reused by the next scan */
    return inclusive;
}

extern "C" __global__ void radix_tile_sort(unsigned *keys, unsigned *values, unsigned *counts,
                                             unsigned *starts, unsigned shift)
{
    __shared__ unsigned s_keys[TILE], s_values[TILE];
    __shared__ unsigned warp_sums[THREADS / 32 + 1];
    __shared__ unsigned digit_counts[DIGITS];
    unsigned base = blockIdx.x * TILE, k, bit;
    unsigned key[PER_THREAD], value[PER_THREAD];
    for (k = 0; k < PER_THREAD; k++) {
        key[k] = keys[base + threadIdx.x * PER_THREAD + k];
        value[k] = values[base + threadIdx.x * PER_THREAD + k];
    }
    if (threadIdx.x < DIGITS)
        digit_counts[threadIdx.x] = 0;
    for (bit = shift; bit < shift + 4; bit++) {
        unsigned zeros = 0, before, total;
        for (k = 0; k < PER_THREAD; k++)
            zeros += ((key[k] >> bit) & 1u) == 0;
        before = block_exclusive_scan(zeros, warp_sums, &total);
        for (k = 0; k < PER_THREAD; k++) {
            unsigned index = threadIdx.x * PER_THREAD + k, to;
            if (((key[k] >> bit) & 1u) == 0)
                to = before++;
            else
                to = total + index - before;
            s_keys[to] = key[k];
            s_values[to] = value[k];
        }
        __syncthreads();
        for (k = 0; k < PER_THREAD; k++) {
            key[k] = s_keys[threadIdx.x * PER_THREAD + k];
            value[k] = s_values[threadIdx.x * PER_THREAD + k];
        }
        __syncthreads();
    }
    for (k = 0; k < PER_THREAD; k++) {
        keys[base + threadIdx.x * PER_THREAD + k] = key[k];
        values[base + threadIdx.x * PER_THREAD + k] = value[k];
        atomicAdd(&digit_counts[(key[k] >> shift) & 15u], 1u);
    }
    __syncthreads();
    if (threadIdx.x < DIGITS) {   /* the digit's count, and where it starts in the tile */
        unsigned d, at = 0;
        for (d = 0; d < threadIdx.x; d++)
            at += digit_counts[d];
        counts[threadIdx.x * gridDim.x + blockIdx.x] = digit_counts[threadIdx.x];
        starts[blockIdx.x * DIGITS + threadIdx.x] = at;
    }
}

extern "C" __global__ void radix_scan(unsigned *counts, unsigned n)
{
    __shared__ unsigned sums[SCAN_THREADS];
    unsigned run = n / SCAN_THREADS, first = threadIdx.x * run, i, sum = 0, stride;
    for (i = 0; i < run; i++)
        sum += counts[first + i];
    sums[threadIdx.x] = sum;
    __syncthreads();
    for (stride = 1; stride < SCAN_THREADS; stride <<= 1) {   /* inclusive, Hillis-Steele */
        unsigned add = threadIdx.x >= stride ? sums[threadIdx.x - stride] : 0u;
        __syncthreads();
        sums[threadIdx.x] += add;
        __syncthreads();
    }
    sum = sums[threadIdx.x] - sum;   /* this run's exclusive prefix */
    for (i = 0; i < run; i++) {
        unsigned c = counts[first + i];
        counts[first + i] = sum;
        sum += c;
    }
}

extern "C" __global__ void radix_reorder(const unsigned *keys, const unsigned *values,
                                         unsigned *keys_out, unsigned *values_out,
                                         const unsigned *scanned, const unsigned *starts,
                                         unsigned shift)
{
    unsigned base = blockIdx.x * TILE, k;
    for (k = 0; k < PER_THREAD; k++) {
        unsigned index = k * THREADS + threadIdx.x;   /* coalesced over the tile */
        unsigned key = keys[base + index], digit = (key >> shift) & 15u;
        unsigned to = scanned[digit * gridDim.x + blockIdx.x] + index -
                      starts[blockIdx.x * DIGITS + digit];
        keys_out[to] = key;
        values_out[to] = values[base + index];
    }
}
