// Kernels for the functional executor's unit tests (tests/unit/07x-exec-*.c).
// Regenerate: nvcc -ptx -O3 -arch=sm_75 exec_kernels.cu -o exec_kernels.ptx
#include <cstdint>

extern "C" __global__ void vec_add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

// Tree reduction in dynamic shared memory with barriers; one sum per block.
extern "C" __global__ void reduce_sum(const unsigned *in, unsigned *out, unsigned n)
{
    extern __shared__ unsigned partial[];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x * 2 + t;
    unsigned v = 0;
    if (i < n) v = in[i];
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    partial[t] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) partial[t] += partial[t + s];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = partial[0];
}

// Shared-memory histogram with atomics, merged into global bins.
extern "C" __global__ void histogram(const unsigned char *in, unsigned *bins, int n)
{
    __shared__ unsigned local_bins[64];
    for (int b = threadIdx.x; b < 64; b += blockDim.x) local_bins[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local_bins[in[i] & 63], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 64; b += blockDim.x) atomicAdd(&bins[b], local_bins[b]);
}

// Nested divergent if/else inside a loop with break and early exit.
extern "C" __global__ void diverge(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    int acc = 0;
    for (int k = 0; k < (v & 15); k++) {
        if (v & 1) {
            if (k & 2) acc += k * 3; else acc ^= k;
        } else {
            acc -= k;
            if (acc < -20) break;
        }
        v = v * 1103515245 + 12345;
    }
    if (acc == 5) return;
    out[i] = acc;
}

// Warp vote and shuffle.
extern "C" __global__ void warp_ops(const unsigned *in, unsigned *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = in[i];
    unsigned lane = threadIdx.x & 31;
    unsigned ballot = __ballot_sync(0xffffffffu, v & 1);
    int all = __all_sync(0xffffffffu, v != 0);
    int any = __any_sync(0xffffffffu, v > 1000);
    unsigned sum = v;
    for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, o);
    unsigned up = __shfl_up_sync(0xffffffffu, v, 3);
    unsigned down = __shfl_down_sync(0xffffffffu, v, 5);
    unsigned idx = __shfl_sync(0xffffffffu, v, (lane * 7) & 31);
    unsigned sub = __shfl_down_sync(0xffffffffu, v, 1, 8);
    unsigned half = 0;
    if (lane < 16) half = __ballot_sync(0x0000ffffu, v & 2);
    out[i * 8 + 0] = ballot;
    out[i * 8 + 1] = (unsigned)all | ((unsigned)any << 1);
    out[i * 8 + 2] = sum;
    out[i * 8 + 3] = up;
    out[i * 8 + 4] = down;
    out[i * 8 + 5] = idx;
    out[i * 8 + 6] = sub;
    out[i * 8 + 7] = half;
}

// Floating point: fma, IEEE div and sqrt, approximate transcendentals.
extern "C" __global__ void float_ops(const float *a, const float *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    out[i * 8 + 0] = fmaf(x, y, 1.5f);
    out[i * 8 + 1] = x / y;
    out[i * 8 + 2] = sqrtf(fabsf(x));
    out[i * 8 + 3] = __fdividef(x, y);
    out[i * 8 + 4] = __sinf(x);
    out[i * 8 + 5] = __cosf(y);
    out[i * 8 + 6] = __expf(x * 0.25f);
    out[i * 8 + 7] = __logf(fabsf(y) + 1.0f) + rsqrtf(fabsf(x) + 2.0f);
}

// Integer corner cases: mul.hi/wide, division by zero, bit operations, local array.
extern "C" __global__ void int_ops(const int *a, const int *b, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i], y = b[i];
    unsigned ux = (unsigned)x, uy = (unsigned)y;
    volatile unsigned scratch[8];
    for (int k = 0; k < 8; k++) scratch[k] = ux * (k + 1);
    out[i * 16 + 0] = (unsigned)__mulhi(x, y);
    out[i * 16 + 1] = __umulhi(ux, uy);
    long long w = (long long)x * (long long)y;
    out[i * 16 + 2] = (unsigned)(w >> 32);
    out[i * 16 + 3] = (unsigned)(x / (y | 1)) ^ (ux / (uy >> 28 | 1));
    out[i * 16 + 4] = (unsigned)(x % (y | 3));
    out[i * 16 + 5] = __brev(ux);
    out[i * 16 + 6] = (unsigned)__popc(ux) | ((unsigned)__clz(x) << 8);
    out[i * 16 + 7] = __byte_perm(ux, uy, 0x5140 + (uy & 0x7777));
    out[i * 16 + 8] = __funnelshift_l(ux, uy, uy) ^ __funnelshift_rc(ux, uy, ux & 63);
    out[i * 16 + 9] = (unsigned)(x >> (uy & 31)) + (ux << (uy & 31));
    out[i * 16 + 10] = (ux >> 3) & 0x1F;
    out[i * 16 + 11] = (unsigned)__sad(x, y, 7u) + __umul24(ux, uy);
    out[i * 16 + 12] = (unsigned)min(x, y) ^ max(ux, uy);
    out[i * 16 + 13] = scratch[ux & 7] + scratch[(ux >> 3) & 7];
    out[i * 16 + 14] = (unsigned)__ffs(x) | ((unsigned)__clzll((long long)w) << 8);
    out[i * 16 + 15] = (unsigned)__syncthreads_count(x > 0);
}

// Compute-bound loop (integer and float) for the executor's speed check.
extern "C" __global__ void compute(unsigned *out, int iters)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = i, y = i * 7u + 1u;
    float f = (float)i * 0.5f;
    for (int k = 0; k < iters; k++) {
        x = x * 1664525u + 1013904223u;
        y ^= x >> 7;
        f = fmaf(f, 0.999f, 1.0f);
    }
    out[i] = x ^ y ^ __float_as_uint(f);
}
