/*
 * MonteCarlo (the CUDA SDK's MonteCarlo, its MonteCarloOneBlockPerOption
 * kernel as the SDK's earlier releases wrote it, reading the samples from
 * global memory; seed 003 Table 7 type E and Table 21): European call
 * prices by Monte Carlo, one block of 256 threads per option; the project's
 * own code. mc_option_paths models that kernel.
 *
 * Thread t of the block for option o sums, over paths i = t, t + 256, ...
 * below pathN, the call value max(S * __expf(MuByT + VBySqrtT * r_i) - X, 0)
 * of sample r_i and its square; the block then adds the 256 partial sums
 * (and squares) in shared memory as a tree (stride 128, 64, ... 1, each
 * slot i below the stride adding slot i + stride) and thread 0 writes the
 * two sums of the option. Departure: the SDK draws normal samples (a
 * Mersenne Twister with Box-Muller, later cuRAND) and derives MuByT and
 * VBySqrtT on the host; here the samples and the option data are seeded
 * random inputs, the samples uniform in [-3, 3].
 */
#define THREAD_N 256

extern "C" __global__ void mc_option_paths(float *d_Expected, float *d_Confidence,
                                           const float *d_Samples,
                                           const float *d_S, const float *d_X,
                                           const float *d_MuByT,
                                           const float *d_VBySqrtT, int pathN)
{
    __shared__ float s_SumCall[THREAD_N];
    __shared__ float s_Sum2Call[THREAD_N];
    const int o = blockIdx.x, tid = threadIdx.x;
    const float S = d_S[o], X = d_X[o], MuByT = d_MuByT[o], VBySqrtT = d_VBySqrtT[o];
    float sum = 0.0f, sum2 = 0.0f;
    int i, stride;
    for (i = tid; i < pathN; i += THREAD_N) {
        float r = d_Samples[i];
        float callValue = S * __expf(MuByT + VBySqrtT * r) - X;
        callValue = callValue > 0.0f ? callValue : 0.0f;
        sum += callValue;
        sum2 += callValue * callValue;
    }
    s_SumCall[tid] = sum;
    s_Sum2Call[tid] = sum2;
    for (stride = THREAD_N / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        if (tid < stride) {
            s_SumCall[tid] += s_SumCall[tid + stride];
            s_Sum2Call[tid] += s_Sum2Call[tid + stride];
        }
    }
    if (tid == 0) {
        d_Expected[o] = s_SumCall[0];
        d_Confidence[o] = s_Sum2Call[0];
    }
}
