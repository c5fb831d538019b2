/*
 * BinomialOptions (the CUDA SDK's binomialOptions, seed 003 Table 21):
 * European call prices by a binomial tree, one option per block of 128
 * threads, in the sample's shape; the project's own code.
 *
 * Each thread owns ELEMS = STEPS / 128 consecutive leaves of the tree: the
 * expiry values max(S * __expf(vDt * (2 i - STEPS)) - X, 0) for leaf i
 * (thread 0 also leaf STEPS, into the exchange slot). Then STEPS times the
 * block steps back one level: every thread publishes its first value in
 * shared memory, takes its right neighbour's, and (while its leaves are
 * still in the shrinking tree) replaces each value by
 * puByDf * right + pdByDf * own. Thread 0 writes the root. Departure: the
 * sample derives vDt, the up probability pu and the discount Df on the host
 * from T, R and V; a workload file has no host code, so they are seeded
 * random inputs in the ranges that derivation gives, and the kernel forms
 * puByDf = pu * Df and pdByDf = (1 - pu) * Df. binomialOptions256 runs a
 * 256-step tree (the small size), binomialOptions2048 the sample's 2048.
 */
#define THREADBLOCK_SIZE 128

template <int STEPS>
__device__ void binomial(float *d_CallValue, const float *d_S, const float *d_X,
                         const float *d_vDt, const float *d_pu, const float *d_Df)
{
    const int ELEMS = STEPS / THREADBLOCK_SIZE;
    __shared__ float call_exchange[THREADBLOCK_SIZE + 1];
    const int tid = threadIdx.x;
    const float S = d_S[blockIdx.x], X = d_X[blockIdx.x], vDt = d_vDt[blockIdx.x];
    const float pu = d_pu[blockIdx.x], Df = d_Df[blockIdx.x];
    const float puByDf = pu * Df, pdByDf = (1.0f - pu) * Df;
    float call[ELEMS + 1];
    int final_it = max(0, tid * ELEMS - 1);
#pragma unroll
    for (int i = 0; i < ELEMS; ++i) {
        float d = S * __expf(vDt * (2.0f * (tid * ELEMS + i) - STEPS)) - X;
        call[i] = d > 0.0f ? d : 0.0f;
    }
    if (tid == 0) {
        float d = S * __expf(vDt * (2.0f * STEPS - STEPS)) - X;
        call_exchange[THREADBLOCK_SIZE] = d > 0.0f ? d : 0.0f;
    }
    for (int i = STEPS; i > 0; --i) {
        call_exchange[tid] = call[0];
        __syncthreads();
        call[ELEMS] = call_exchange[tid + 1];
        __syncthreads();
        if (i > final_it) {
#pragma unroll
            for (int j = 0; j < ELEMS; ++j)
                call[j] = puByDf * call[j + 1] + pdByDf * call[j];
        }
    }
    if (tid == 0)
        d_CallValue[blockIdx.x] = call[0];
}

extern "C" __global__ void binomialOptions256(float *c, const float *s, const float *x,
                                              const float *v, const float *pu, const float *df)
{
    binomial<256>(c, s, x, v, pu, df);
}

extern "C" __global__ void binomialOptions2048(float *c, const float *s, const float *x,
                                               const float *v, const float *pu, const float *df)
{
    binomial<2048>(c, s, x, v, pu, df);
}
