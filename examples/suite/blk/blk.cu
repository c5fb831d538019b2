// BLK: Black-Scholes option pricing (CUDA SDK "BlackScholes", the CUDA 4.x
// version GPGPU-Sim studies ran): one thread per option in a grid-stride loop
// over five float arrays (stock price S, strike X, years T in; call and put
// out), launched as 480 blocks of 128 threads. Pure streaming: each element is
// read once and written once. blk_price_options models the SDK's
// BlackScholesGPU kernel.
//
// The arithmetic is the SDK's, written with explicit round-to-nearest
// intrinsics (__fmul_rn, __fadd_rn, __fsub_rn, fmaf) so that nvcc cannot
// contract or reorder it: the C reference in tests/unit/210-suite-blk.c
// mirrors the PTX operation for operation. Where the SDK's expression is
// a * b + c we write fmaf(a, b, c) (what nvcc -O3 would contract it to).
// SDK choices kept: __expf/__logf (fast approximate), IEEE S / X and
// 1 / (1 + 0.2316419 |d|), sqrtf(T), IEEE division for d1.

#define A1 0.31938153f
#define A2 -0.356563782f
#define A3 1.781477937f
#define A4 -1.821255978f
#define A5 1.330274429f
#define RSQRT2PI 0.39894228040143267793994605993438f

// Polynomial approximation of the cumulative normal distribution (SDK cndGPU).
__device__ __forceinline__ float cndGPU(float d)
{
    float k = __frcp_rn(fmaf(0.2316419f, fabsf(d), 1.0f));
    float poly = fmaf(k, A5, A4);
    poly = fmaf(k, poly, A3);
    poly = fmaf(k, poly, A2);
    poly = fmaf(k, poly, A1);
    poly = __fmul_rn(k, poly);
    float e = __expf(__fmul_rn(__fmul_rn(-0.5f, d), d));
    float cnd = __fmul_rn(__fmul_rn(RSQRT2PI, e), poly);
    if (d > 0.0f)
        cnd = __fsub_rn(1.0f, cnd);
    return cnd;
}

__device__ __forceinline__ void blackScholesBody(float *call, float *put, float s, float x,
                                                 float t, float r, float v)
{
    float sqrtT = sqrtf(t);
    float num = fmaf(fmaf(__fmul_rn(0.5f, v), v, r), t, __logf(__fdiv_rn(s, x)));
    float vSqrtT = __fmul_rn(v, sqrtT);
    float d1 = __fdiv_rn(num, vSqrtT);
    float d2 = __fsub_rn(d1, vSqrtT);
    float cndd1 = cndGPU(d1);
    float cndd2 = cndGPU(d2);
    float expRT = __expf(__fmul_rn(-r, t));
    float xExpRT = __fmul_rn(x, expRT);
    *call = __fsub_rn(__fmul_rn(s, cndd1), __fmul_rn(xExpRT, cndd2));
    *put = __fsub_rn(__fmul_rn(xExpRT, __fsub_rn(1.0f, cndd2)),
                     __fmul_rn(s, __fsub_rn(1.0f, cndd1)));
}

extern "C" __global__ void blk_price_options(float *callResult, float *putResult,
                                             const float *stockPrice, const float *optionStrike,
                                             const float *optionYears, float riskfree,
                                             float volatility, int optN)
{
    const int tid = blockDim.x * blockIdx.x + threadIdx.x;
    const int threadN = blockDim.x * gridDim.x;
    for (int opt = tid; opt < optN; opt += threadN)
        blackScholesBody(&callResult[opt], &putResult[opt], stockPrice[opt],
                         optionStrike[opt], optionYears[opt], riskfree, volatility);
}
