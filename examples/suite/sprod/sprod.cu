// SPROD models the CUDA SDK sample "scalarProd" (its CUDA 4.x kernel): the
// dot products of many pairs of float vectors, one result per pair.
//
// Shape kept from the sample: a block handles whole pairs, visiting pair
// blockIdx.x, then blockIdx.x + gridDim.x, and so on. For each pair the
// block keeps 1024 partial sums in shared memory; partial p is the fused
// multiply-add chain (from zero) over elements p, p + 1024, p + 2048, ...
// of the pair, and the block's threads take the partials p = threadIdx.x,
// threadIdx.x + blockDim.x, ... so each sweep of a warp reads 32 adjacent
// floats of both vectors. The 1024 partials are then folded in halves
// (entry k += entry k + 512, then k += k + 256, ... down to one), with a
// barrier before every level, and thread 0 stores the result. The
// workloads launch 256-thread blocks.

#define SP_PARTIALS 1024    // partial sums per pair (a power of two)
#define SP_LEVELS 10        // log2(SP_PARTIALS): halving steps of the fold

// Partial of lane p: x and y point at element p of the pair, `left` is
// the number of elements from there to the end of the vectors.
__device__ __forceinline__ float sp_lane_sum(const float *x, const float *y, int left)
{
    float acc = 0.0f;
    for (int e = 0; e < left; e += SP_PARTIALS)
        acc = fmaf(x[e], y[e], acc);
    return acc;
}

// Fold part[0 .. SP_PARTIALS) into part[0], a barrier ahead of each level.
__device__ __forceinline__ void sp_fold(float *part)
{
    for (int level = SP_LEVELS - 1; level >= 0; level--) {
        const int half = 1 << level;
        __syncthreads();
        for (int k = threadIdx.x; k < half; k += blockDim.x)
            part[k] = __fadd_rn(part[k], part[k + half]);
    }
}

extern "C" __global__ void pairwise_dot_products(float *result, const float *a, const float *b,
                                                 int pairs, int length)
{
    __shared__ float part[SP_PARTIALS];

    for (int pair = blockIdx.x; pair < pairs; pair += gridDim.x) {
        const float *x = a + pair * length;
        const float *y = b + pair * length;
        for (int p = threadIdx.x; p < SP_PARTIALS; p += blockDim.x)
            part[p] = sp_lane_sum(x + p, y + p, length - p);
        sp_fold(part);
        if (threadIdx.x == 0)
            result[pair] = part[0];
    }
}
