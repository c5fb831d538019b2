/*
 * BLK (examples/suite/blk: CUDA SDK Black-Scholes) on the functional
 * executor equals a C reference of the SDK algorithm computed with the
 * bit-exact fpmath routines in the committed PTX's operation order
 * (div.rn, lg2/ex2.approx, rcp.rn, fma.rn chains), over the small
 * workload's seeded inputs; every option of the grid-stride loop is
 * written (call and put).
 */
#include "check.h"
#include "suite_file.h"
#include "workload_ref.h"

#define N 122880u
#define ONE 0x3F800000u
#define LOG2E 0x3FB8AA3Bu
#define LN2 0x3F317218u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t stock[N], strike[N], years[N], call[N], put[N], want_call[N], want_put[N];

static uint32_t mul(uint32_t a, uint32_t b) { return gs_f32_mul(a, b, REF_RN, 0); }
static uint32_t sub(uint32_t a, uint32_t b) { return gs_f32_sub(a, b, REF_RN, 0); }
static uint32_t fma3(uint32_t a, uint32_t b, uint32_t c)
{
    return gs_f32_fma(a, b, c, REF_RN, 0);
}

/* ex2.approx(x * log2(e)): __expf. */
static uint32_t fast_exp(uint32_t x) { return gs_f32_ex2_approx(mul(x, LOG2E), 0); }

/* setp.gt.f32 d, 0: false for zeros, negatives and NaN. */
static int positive(uint32_t d)
{
    return !(d & 0x80000000u) && d != 0 && d <= 0x7F800000u;
}

/* cndGPU as the PTX computes it. */
static uint32_t cnd(uint32_t d)
{
    static const uint32_t a[5] = { 0x3EA385FAu, 0xBEB68F87u, 0x3FE40778u, 0xBFE91EEAu,
                                   0x3FAA466Fu };
    uint32_t k = gs_f32_rcp(fma3(0x3E6D3389u, d & 0x7FFFFFFFu, ONE), REF_RN, 0);
    uint32_t poly = fma3(k, a[4], a[3]), c;
    poly = fma3(k, poly, a[2]);
    poly = fma3(k, poly, a[1]);
    poly = fma3(k, poly, a[0]);
    poly = mul(k, poly);
    c = mul(mul(0x3ECC422Au, fast_exp(mul(mul(0xBF000000u, d), d))), poly);
    return positive(d) ? sub(ONE, c) : c;
}

static void reference(uint32_t r, uint32_t v)
{
    uint32_t i, drift = fma3(mul(0x3F000000u, v), v, r);
    for (i = 0; i < N; i++) {
        uint32_t s = stock[i], x = strike[i], t = years[i];
        uint32_t sqrt_t = gs_f32_sqrt(t, REF_RN, 0);
        uint32_t log_sx = mul(gs_f32_lg2_approx(gs_f32_div(s, x, REF_RN, 0), 0), LN2);
        uint32_t v_sqrt_t = mul(v, sqrt_t);
        uint32_t d1 = gs_f32_div(fma3(drift, t, log_sx), v_sqrt_t, REF_RN, 0);
        uint32_t d2 = sub(d1, v_sqrt_t);
        uint32_t c1 = cnd(d1), c2 = cnd(d2);
        uint32_t x_exp_rt = mul(x, fast_exp(mul(r ^ 0x80000000u, t)));
        want_call[i] = sub(mul(s, c1), mul(x_exp_rt, c2));
        want_put[i] = sub(mul(x_exp_rt, sub(ONE, c2)), mul(s, sub(ONE, c1)));
    }
}

static void test_small_workload(void)
{
    uint32_t r, v;
    GS_CHECK_EQ(GS_OK, suite_run_file("examples/suite/blk/small.gsw", &wl, &host, &arena,
                                      &state));
    GS_CHECK_EQ(N, (uint32_t)wl.buffers[test_buffer(&wl, "call")].count);
    r = suite_arg32(&wl, 0, 5);
    v = suite_arg32(&wl, 0, 6);
    GS_CHECK_EQ(0x3CA3D70Au, r);   /* 0.02 */
    GS_CHECK_EQ(0x3E99999Au, v);   /* 0.30 */
    test_initial32(&wl, "stock", stock);
    test_initial32(&wl, "strike", strike);
    test_initial32(&wl, "years", years);
    reference(r, v);
    test_read32(&host, &wl, &state, "call", call);
    test_read32(&host, &wl, &state, "put", put);
    GS_CHECK_EQ(0, test_diff32("call", want_call, call, N));
    GS_CHECK_EQ(0, test_diff32("put", want_put, put, N));
    GS_CHECK_EQ(1u, (uint32_t)host.launches);
}

int main(void)
{
    GS_RUN(test_small_workload);
    free(test_arena_buffer);
    return gs_check_report();
}
