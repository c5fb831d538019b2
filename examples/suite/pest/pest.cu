// PEst: models the CUDA SDK sample MC_EstimatePiP (Monte Carlo estimate of
// pi), its counting kernel. Shape kept from the sample:
//   - the points sit in one device array, every x first, then every y
//     (the sample fills it with cuRAND's host API);
//   - 1-D grid of 128-thread blocks; each thread walks the points with a
//     grid-wide stride, reading x[i] and y[i] once each from global memory,
//     and counts those with x^2 + y^2 < 1 (inside the quarter disc);
//   - the block adds its threads' counts by halving steps over a dynamic
//     shared array (one unsigned word per thread, a barrier after each
//     step), and its first thread stores the block's total; the host adds
//     the block totals, pi ~ 4 * total / points.
// Departures:
//   - pest_draw_points replaces cuRAND: every thread runs its own 32-bit
//     LCG, started from the seed and its global index through an integer
//     hash, over the same grid-stride mapping; a draw keeps the top 24 bits,
//     scaled by 2^-24, so every coordinate lies exactly in [0, 1).
//   - x * x + y * y is written as the fmaf(x, x, y * y) that nvcc contracts
//     it to anyway, so the test's reference can name the operation.
//   - only the first thread reads the block total back from shared memory.

// Integer avalanche hash that spreads a thread's seed over all 32 bits.
__device__ unsigned int pest_hash(unsigned int v)
{
    v = (v ^ (v >> 16)) * 0x7feb352du;
    v = (v ^ (v >> 15)) * 0x846ca68bu;
    return v ^ (v >> 16);
}

// One LCG step; the top 24 bits become a float in [0, 1).
__device__ float pest_next(unsigned int &lcg)
{
    lcg = lcg * 1664525u + 1013904223u;
    return (float)(lcg >> 8) * 5.9604644775390625e-8f;   // 2^-24
}

extern "C" __global__ void pest_draw_points(float *coords, unsigned int count,
                                            unsigned int seed)
{
    const unsigned int first = blockDim.x * blockIdx.x + threadIdx.x;
    const unsigned int stride = blockDim.x * gridDim.x;
    unsigned int lcg = pest_hash(pest_hash(first) ^ seed);
    float *ys = coords + count;
    for (unsigned int k = first; k < count; k += stride) {
        coords[k] = pest_next(lcg);
        ys[k] = pest_next(lcg);
    }
}

extern "C" __global__ void pest_count_inside(unsigned int *blockTotals, const float *coords,
                                             unsigned int count)
{
    extern __shared__ unsigned int tally[];
    const unsigned int lane = threadIdx.x;
    const unsigned int stride = blockDim.x * gridDim.x;
    const float *ys = coords + count;
    unsigned int hits = 0;

    for (unsigned int k = blockDim.x * blockIdx.x + lane; k < count; k += stride) {
        const float px = coords[k];
        const float py = ys[k];
        hits += fmaf(px, px, py * py) < 1.0f ? 1u : 0u;
    }

    // Halving sum over the block: after the step of width w, slots below w
    // hold the sum of 2^j threads' counts.
    tally[lane] = hits;
    __syncthreads();
    for (unsigned int width = blockDim.x >> 1; width != 0; width >>= 1) {
        if (lane < width)
            tally[lane] += tally[lane + width];
        __syncthreads();
    }

    if (lane == 0)
        blockTotals[blockIdx.x] = tally[0];
}
