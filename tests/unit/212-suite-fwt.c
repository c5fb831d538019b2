/*
 * FWT (examples/suite/fwt: CUDA SDK fastWalshTransform) on the functional
 * executor equals a C reference of the SDK's dyadic convolution: forward
 * Walsh-Hadamard transforms of data and kernel, modulation by kernel / N,
 * inverse transform of data. The transform's stages run in the kernels'
 * order: radix-4 butterflies with stride N/4, N/16, ..., 2 (the global
 * fwtBatch2Kernel passes, then fwtBatch1Kernel's shared-memory stages use
 * the same index sets within each 2^10 chunk), then one radix-2 stage
 * when log2 N is odd, each butterfly in add.rn/sub.rn order as the PTX.
 */
#include "check.h"
#include "suite_file.h"
#include "workload_ref.h"

#define LOG2N 18u
#define N (1u << LOG2N)

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t data[N], kernel[N], got[N];

static uint32_t add(uint32_t a, uint32_t b) { return gs_f32_add(a, b, REF_RN, 0); }
static uint32_t sub(uint32_t a, uint32_t b) { return gs_f32_sub(a, b, REF_RN, 0); }

static void radix4(uint32_t *d, uint32_t stride)
{
    uint32_t pos;
    for (pos = 0; pos < N / 4u; pos++) {
        uint32_t lo = pos & (stride - 1u);
        uint32_t i0 = ((pos - lo) << 2) + lo, i1 = i0 + stride;
        uint32_t i2 = i1 + stride, i3 = i2 + stride;
        uint32_t d0 = add(d[i0], d[i2]), d2 = sub(d[i0], d[i2]);
        uint32_t d1 = add(d[i1], d[i3]), d3 = sub(d[i1], d[i3]);
        d[i0] = add(d0, d1);
        d[i1] = sub(d0, d1);
        d[i2] = add(d2, d3);
        d[i3] = sub(d2, d3);
    }
}

static void fwt(uint32_t *d)
{
    uint32_t stride, i;
    for (stride = N >> 2; stride > 0; stride >>= 2)
        radix4(d, stride);
    for (i = 0; (LOG2N & 1u) && i < N; i += 2) {   /* log2 N odd: one radix-2 stage */
        uint32_t d0 = d[i], d1 = d[i + 1u];
        d[i] = add(d0, d1);
        d[i + 1u] = sub(d0, d1);
    }
}

static void test_small_workload(void)
{
    uint32_t i, rcp_n;
    GS_CHECK_EQ(GS_OK, suite_run_file("examples/suite/fwt/small.gsw", &wl, &host, &arena,
                                      &state));
    GS_CHECK_EQ(N, (uint32_t)wl.buffers[test_buffer(&wl, "data")].count);
    GS_CHECK_EQ(16u, (uint32_t)host.launches);
    test_initial32(&wl, "data", data);
    test_initial32(&wl, "kernel", kernel);
    fwt(data);
    fwt(kernel);
    rcp_n = gs_f32_rcp(gs_f32_from_s64((int64_t)N, REF_RN), REF_RN, 0);
    GS_CHECK_EQ(0x36800000u, rcp_n);   /* 2^-18 */
    for (i = 0; i < N; i++)
        data[i] = gs_f32_mul(data[i], gs_f32_mul(kernel[i], rcp_n, REF_RN, 0), REF_RN, 0);
    fwt(data);
    test_read32(&host, &wl, &state, "data", got);
    GS_CHECK_EQ(0, test_diff32("data", data, got, N));
}

int main(void)
{
    GS_RUN(test_small_workload);
    free(test_arena_buffer);
    return gs_check_report();
}
