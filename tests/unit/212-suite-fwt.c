/*
 * FWT (examples/suite/fwt: CUDA SDK fastWalshTransform) on the functional
 * executor equals a C reference of the dyadic convolution the workload
 * runs: Walsh-Hadamard transforms of data and kernel, data times kernel
 * times rcp.rn(N), transform of the product. Each transform applies the
 * kernels' stages in their order: 4-point butterflies over the groups
 * {b, b + s, b + 2s, b + 3s} for s = N/4, N/16, ..., 1 (the global passes
 * and then the shared-memory stages within each 2^10 chunk use the same
 * groups); the small workload's exponent (18) is even, so the kernels'
 * closing 2-point stage for odd exponents does not run. A butterfly forms the
 * sum and difference of elements 0,2 and of 1,3 and then the sums and
 * differences of those, each an add.rn/sub.rn as in the PTX.
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

static uint32_t f_add(uint32_t a, uint32_t b) { return gs_f32_add(a, b, REF_RN, 0); }
static uint32_t f_sub(uint32_t a, uint32_t b) { return gs_f32_sub(a, b, REF_RN, 0); }

/* One stage of 4-point butterflies, groups `s` apart, in runs of 4s. */
static void walsh_stage(uint32_t *v, uint32_t s)
{
    uint32_t run, j;
    for (run = 0; run < N; run += 4u * s)
        for (j = run; j < run + s; j++) {
            uint32_t *w = v + j;
            uint32_t p = f_add(w[0], w[2u * s]), m = f_sub(w[0], w[2u * s]);
            uint32_t q = f_add(w[s], w[3u * s]), n = f_sub(w[s], w[3u * s]);
            w[0] = f_add(p, q);
            w[s] = f_sub(p, q);
            w[2u * s] = f_add(m, n);
            w[3u * s] = f_sub(m, n);
        }
}

static void walsh(uint32_t *v)
{
    uint32_t s;
    for (s = N / 4u; s >= 1u; s /= 4u)
        walsh_stage(v, s);
    /* LOG2N is even, so the kernel's odd-exponent 2-point stage is not exercised here. */
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
    walsh(data);
    walsh(kernel);
    rcp_n = gs_f32_rcp(gs_f32_from_s64((int64_t)N, REF_RN), REF_RN, 0);
    GS_CHECK_EQ(0x36800000u, rcp_n);   /* 2^-18 */
    for (i = 0; i < N; i++)
        data[i] = gs_f32_mul(data[i], gs_f32_mul(kernel[i], rcp_n, REF_RN, 0), REF_RN, 0);
    walsh(data);
    test_read32(&host, &wl, &state, "data", got);
    GS_CHECK_EQ(0, test_diff32("data", data, got, N));
}

int main(void)
{
    GS_RUN(test_small_workload);
    free(test_arena_buffer);
    return gs_check_report();
}
