// MGST: models the merge-sort phase of Rodinia's hybridsort. The list is
// cut into divisions (in Rodinia by the bucket-sort phase that precedes
// it) and each division is sorted on its own, four floats (one float4) at
// a time:
//   mgst_sort_quads  one thread per float4 of the list: sorts its 4 lanes
//                    with a 5-comparator network;
//   mgst_merge_runs  one launch per pass, one thread per pair of adjacent
//                    sorted runs inside a division (runLen/2 float4s each):
//                    the thread merges the pair float4 by float4, each step
//                    a bitonic split of the held pair followed by sorting
//                    both halves, always refilling from the run whose next
//                    float4 starts lower (it reads that next float4 of both
//                    runs every step). A division's last run without a
//                    partner is copied. Runs double every pass;
//   mgst_pack        one thread per float, grid.y = division: copies each
//                    sorted division to its place in the packed output.
// Departures (also noted in the workload files): where Rodinia fetches
// the input through a 1D texture these kernels load it from global memory,
// and Rodinia's __constant__ division tables (start of each division in
// float4s, start in the packed output, leading padding floats) arrive as
// global-memory arrays in the parameters, since gpusim's PTX front end has
// no texture fetches and no host-filled constant banks; the divisions are
// the workload's equal-size ones rather than the output of a bucket sort.

// Compare-exchange: afterwards lo <= hi.
__device__ __forceinline__ void cmp_swap(float &lo, float &hi)
{
    const float a = lo, b = hi;
    lo = b < a ? b : a;
    hi = a < b ? b : a;
}

// Sorts the four lanes of q ascending (x <= y <= z <= w).
__device__ __forceinline__ float4 sort_lanes(float4 q)
{
    cmp_swap(q.x, q.y);
    cmp_swap(q.z, q.w);
    cmp_swap(q.x, q.z);
    cmp_swap(q.y, q.w);
    cmp_swap(q.y, q.z);
    return q;
}

// Bitonic split of two ascending float4s: afterwards every lane of lower
// is <= every lane of upper (neither is sorted any more).
__device__ __forceinline__ void split_pair(float4 &lower, float4 &upper)
{
    cmp_swap(lower.x, upper.w);
    cmp_swap(lower.y, upper.z);
    cmp_swap(lower.z, upper.y);
    cmp_swap(lower.w, upper.x);
}

extern "C" __global__ void mgst_sort_quads(float4 *dst, const float4 *src, int count)
{
    const int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q < count / 4)
        dst[q] = sort_lanes(src[q]);
}

// Merges the run pair `pair` of division `div` from src into dst. runLen
// is the merged length in float4s, pairsPerDiv the threads per division;
// divStart[d] .. divStart[d + 1] bound division d (in float4s).
extern "C" __global__ void mgst_merge_runs(float4 *dst, const float4 *src, int runLen,
                                           int pairsPerDiv, const int *divStart, int ndivs)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int div = t / pairsPerDiv;
    if (div >= ndivs)
        return;
    const int half = runLen / 2;
    const int first = divStart[div] + (t - div * pairsPerDiv) * runLen;
    const int second = first + half;
    if (first >= divStart[div + 1])
        return;                                   // no run for this thread
    if (second >= divStart[div + 1]) {            // lone run: pass it through
        for (int k = first; k < divStart[div + 1]; ++k)
            dst[k] = src[k];
        return;
    }

    float4 *out = dst + first;
    int ia = 0, ib = 0;
    float4 held = src[first];
    float4 other = src[second];
    for (;;) {
        const float4 peekA = src[first + ia + 1];
        const float4 peekB = src[second + ib + 1];
        split_pair(held, other);
        held = sort_lanes(held);
        other = sort_lanes(other);
        *out++ = held;
        const bool moreA = ia + 1 < half;
        const bool moreB = ib + 1 < half && second + ib + 1 < divStart[div + 1];
        if (!moreA && !moreB)
            break;
        if (moreA && (!moreB || peekA.x < peekB.x)) {
            held = peekA;
            ++ia;
        } else {
            held = peekB;
            ++ib;
        }
    }
    *out = other;
}

// packedStart[d] .. packedStart[d + 1]: division d in the output (floats);
// its sorted floats start lead[d] floats into float4 divStart[d] of sorted.
extern "C" __global__ void mgst_pack(const float *sorted, float *packed, const int *divStart,
                                     const int *packedStart, const int *lead)
{
    const int d = blockIdx.y;
    const int k = blockIdx.x * blockDim.x + threadIdx.x;
    const int to = packedStart[d] + k;
    if (to < packedStart[d + 1])
        packed[to] = sorted[4 * divStart[d] + lead[d] + k];
}
