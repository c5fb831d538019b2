// PEst (CUDA SDK MC_EstimatePiP): Monte Carlo estimate of pi. The SDK draws
// the points with the cuRAND host API into a device array (all x, then all
// y), then computeValue counts, per block, the points inside the unit
// quarter circle: a grid-stride loop per thread, a shared-memory tree
// reduction (reduce_sum, __syncthreads between steps), thread 0 writes the
// block's count. The host sums the block counts: pi ~ 4 * inside / sims.
// Here pestGenerate stands in for cuRAND: the project's own seeded integer
// generator (a 32-bit LCG per thread, its start mixed from the seed and the
// thread index), same grid-stride mapping, floats (r >> 8) * 2^-24 in
// [0, 1), exactly. x * x + y * y is the fmaf nvcc contracts it to.
__device__ unsigned int pest_mix(unsigned int x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

__device__ float pest_uniform(unsigned int *state)
{
    *state = *state * 1664525u + 1013904223u;
    return (float)(*state >> 8) * 5.9604644775390625e-8f;   // 2^-24
}

extern "C" __global__ void pestGenerate(float *points, unsigned int numSims, unsigned int seed)
{
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int step = gridDim.x * blockDim.x;
    unsigned int state = pest_mix(seed ^ pest_mix(tid));
    for (unsigned int i = tid; i < numSims; i += step) {
        points[i] = pest_uniform(&state);
        points[i + numSims] = pest_uniform(&state);
    }
}

extern "C" __global__ void computeValue(unsigned int *results, const float *points,
                                        unsigned int numSims)
{
    extern __shared__ unsigned int sdata[];
    unsigned int bid = blockIdx.x;
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int step = gridDim.x * blockDim.x;
    const float *xPoints = &points[0];
    const float *yPoints = &points[numSims];
    unsigned int pointsInside = 0;
    for (unsigned int i = tid; i < numSims; i += step) {
        float x = xPoints[i];
        float y = yPoints[i];
        float l2norm2 = fmaf(x, x, y * y);
        if (l2norm2 < 1.0f)
            pointsInside++;
    }
    // reduce_sum (SDK): tree reduction over the block in shared memory
    unsigned int ltid = threadIdx.x;
    sdata[ltid] = pointsInside;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (ltid < s)
            sdata[ltid] += sdata[ltid + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        results[bid] = sdata[0];
}
