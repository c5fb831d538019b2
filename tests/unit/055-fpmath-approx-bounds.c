/*
 * fpmath .approx instructions against libm (test only): each function's
 * error must stay within the bound documented at it in fpmath_approx.c
 * (tighter than the PTX ISA's), over seeded random inputs across the whole
 * f32 range. The reference's own error (libm in double, about 2^-52
 * relative) is added to each tolerance. Also checks the constant tables.
 */
#include "check.h"
#include "fpmath_ref.h"

#define INF32 0x7f800000u

static int reported;

/* |got - ref| <= ulps * ulp32 + abs_slack (+ libm's own error). */
static void within(uint32_t got, double ref, double ulps, double abs_slack, const char *what,
                   uint32_t x)
{
    double g = ref_f32(got), u, tol;
    if (isinf(g) || isinf(ref) || fabs(ref) > 3.4028234663852886e38) {
        int ok = isinf(g) ? (fabs(ref) >= 3.4028235677973366e38 * (1 - 1e-12) &&
                             (g > 0) == (ref > 0)) : !isinf(ref);
        if (!ok && reported++ < 10)
            printf("  %s(%08x): got %08x, ref %.17g\n", what, x, got, ref);
        GS_CHECK(ok);
        return;
    }
    u = ref_ulp32(fabs(g) < fabs(ref) ? g : ref);
    tol = ulps * u + abs_slack + fabs(ref) * 0x1p-51;
    if (!(fabs(g - ref) <= tol)) {
        if (reported++ < 10)
            printf("  %s(%08x = %.9g): got %08x (%.9g), ref %.17g, err %.3g ulp\n", what, x,
                   ref_f32(x), got, g, ref, fabs(g - ref) / u);
        GS_CHECK(fabs(g - ref) <= tol);
    }
}

static uint32_t rand_in(double lo, double hi)
{
    double t = (double)(ref_rand() >> 11) * 0x1p-53;
    return ref_bits32((float)(lo + (hi - lo) * t));
}

static uint32_t rand_finite(void)
{
    uint32_t a;
    do a = (uint32_t)ref_rand(); while ((a & INF32) == INF32);
    return a;
}

static void test_ex2(void)
{
    int i;
    ref_rng_state = 55;
    for (i = 0; i < 200000; i++) {
        uint32_t x = (i & 1) ? rand_in(-155.0, 130.0) : rand_finite();
        double ref = exp2(ref_f32(x));
        within(gs_f32_ex2_approx(x, 0), ref, 0.5 + 0x1p-30, 0, "ex2", x);
        if (ref < 0x1p-126)   /* .ftz: subnormal results become +0 */
            GS_CHECK_EQ(0u, gs_f32_ex2_approx(x, 1) & 0x7f800000u);
    }
}

static void test_lg2(void)
{
    int i;
    ref_rng_state = 56;
    for (i = 0; i < 200000; i++) {
        uint32_t x = (i & 1) ? rand_in(0.5, 2.0) : (rand_finite() & 0x7fffffffu);
        double ref;
        if (x == 0)
            continue;
        ref = log2(ref_f32(x));
        within(gs_f32_lg2_approx(x, 0), ref, 0.5, 0x1p-57, "lg2", x);
        if (ref >= -1.0 && ref <= 1.0)   /* PTX bound: 2^-22 absolute for x in [0.5, 2] */
            GS_CHECK(fabs(ref_f32(gs_f32_lg2_approx(x, 0)) - ref) <= 0x1p-22);
    }
}

static void test_sin_cos(void)
{
    int i;
    ref_rng_state = 57;
    for (i = 0; i < 200000; i++) {
        uint32_t x = (i % 3) ? rand_in(-100 * 3.14159265358979, 100 * 3.14159265358979)
                             : rand_finite();
        double xs = ref_f32(x), rs = sin(xs), rc = cos(xs);
        within(gs_f32_sin_approx(x, 0), rs, 0.5, 0x1p-59, "sin", x);
        within(gs_f32_cos_approx(x, 0), rc, 0.5, 0x1p-59, "cos", x);
        if (fabs(xs) <= 100 * 3.14159265358979) {   /* PTX bound */
            GS_CHECK(fabs(ref_f32(gs_f32_sin_approx(x, 0)) - rs) <= 5.1e-7);   /* 2^-20.9 */
            GS_CHECK(fabs(ref_f32(gs_f32_cos_approx(x, 0)) - rc) <= 5.1e-7);   /* 2^-20.9 */
        }
    }
}

static void test_tanh(void)
{
    int i;
    ref_rng_state = 58;
    for (i = 0; i < 200000; i++) {
        uint32_t x = (i & 1) ? rand_in(-12.0, 12.0) : rand_finite();
        double ref = tanh(ref_f32(x));
        within(gs_f32_tanh_approx(x), ref, 0.5 + 0x1p-18, 0, "tanh", x);
    }
}

static void test_rcp_sqrt_rsqrt_div(void)
{
    int i;
    ref_rng_state = 59;
    for (i = 0; i < 200000; i++) {
        uint32_t x = rand_finite(), y = rand_finite();
        volatile float fx = ref_f32(x), fy = ref_f32(y), q, r;
        double ref;
        if (x & 0x80000000u)
            x ^= 0x80000000u;   /* sqrt, rsqrt: positive inputs */
        q = 1.0f / fx;
        GS_CHECK_EQ(ref_bits32(q), gs_f32_rcp_approx(ref_bits32(fx), 0));
        q = sqrtf(ref_f32(x));
        GS_CHECK_EQ(ref_bits32(q), gs_f32_sqrt_approx(x, 0));
        ref = 1.0 / sqrt((double)ref_f32(x));
        if (x != 0)
            within(gs_f32_rsqrt_approx(x, 0), ref, 0.5, 0, "rsqrt", x);
        q = fx / fy;
        GS_CHECK_EQ(isnan(q) ? 0x7fffffffu : ref_bits32(q), gs_f32_div_full(ref_bits32(fx),
                                                                            ref_bits32(fy), 0));
        /* div.approx: a * (1/b), the reciprocal flushed when subnormal */
        r = 1.0f / fy;
        if (fabsf(r) < 0x1p-126f)
            r = 0.0f * r;
        q = fx * r;
        GS_CHECK_EQ(isnan(q) ? 0x7fffffffu : ref_bits32(q),
                    gs_f32_div_approx(ref_bits32(fx), ref_bits32(fy), 0));
        if (fabsf(fy) >= 0x1p-126f && fabsf(fy) <= 0x1p126f && fx != 0) {
            ref = (double)fx / (double)fy;
            if (fabs(ref) >= 0x1p-126 && fabs(ref) < 0x1p127)   /* PTX: 2 ulp */
                within(gs_f32_div_approx(ref_bits32(fx), ref_bits32(fy), 0), ref, 1.5, 0,
                       "div.approx", ref_bits32(fx));
        }
    }
}

static void test_f64_approx(void)
{
    int i;
    ref_rng_state = 60;
    GS_CHECK_EQ(0x3fe0000000000000u, gs_f64_rsqrt_approx(0x4010000000000000u));   /* 1/2 */
    GS_CHECK_EQ(0x3fe6a09e667f3bcdu, gs_f64_rsqrt_approx(0x4000000000000000u));   /* 1/sqrt2 */
    GS_CHECK_EQ(0x7ff0000000000000u, gs_f64_rsqrt_approx(0));
    GS_CHECK_EQ(0xfff0000000000000u, gs_f64_rsqrt_approx(0x8000000000000000u));
    GS_CHECK_EQ(0x7fffffffffffffffu, gs_f64_rsqrt_approx(0xbff0000000000000u));
    GS_CHECK_EQ(0x7ff0000000000000u, gs_f64_rcp_approx_ftz(0x0000000000000005u));
    GS_CHECK_EQ(0x8000000000000000u, gs_f64_rcp_approx_ftz(0xffe0000000000000u));
    for (i = 0; i < 100000; i++) {
        uint64_t a = ref_rand_f64((uint32_t)(ref_rand() % 2000) + 20) & 0x7fffffffffffffffu;
        volatile double x = ref_f64(a), r = 1.0 / x, s = 1.0 / sqrt(x);
        uint64_t got = gs_f64_rsqrt_approx(a);
        if (isnan(x) || x == 0 || isinf(x))
            continue;
        if (x < 0x1p-1022)          /* subnormal input flushed: 1/0 */
            GS_CHECK_EQ(0x7ff0000000000000u, gs_f64_rcp_approx_ftz(a));
        else if (r < 0x1p-1022)     /* subnormal result flushed */
            GS_CHECK_EQ(0, gs_f64_rcp_approx_ftz(a));
        else
            GS_CHECK_EQ(ref_bits64(r), gs_f64_rcp_approx_ftz(a));
        /* host 1/sqrt has two roundings: within 1 ulp of the exact result */
        GS_CHECK(got - ref_bits64(s) + 1 <= 2);
    }
}

/* The 2^(j/64), log2(1+j/64), 1/(1+j/64) tables behind ex2/lg2 reproduce
 * libm's values to double precision (catches a mistyped constant). */
static void test_constant_tables(void)
{
    unsigned j;
    for (j = 0; j < 64; j++) {
        uint32_t x = ref_bits32((float)j / 64.0f);
        double e = exp2(j / 64.0), l = log2(1 + j / 64.0);
        /* ex2 of j/64 and lg2 of 1 + j/64 are table lookups plus rounding */
        GS_CHECK_EQ(ref_bits32((float)e), gs_f32_ex2_approx(x, 0));
        GS_CHECK_EQ(ref_bits32((float)l), gs_f32_lg2_approx(ref_bits32(1.0f + (float)j / 64.0f),
                                                            0));
    }
}

int main(void)
{
    GS_RUN(test_ex2);
    GS_RUN(test_lg2);
    GS_RUN(test_sin_cos);
    GS_RUN(test_tanh);
    GS_RUN(test_rcp_sqrt_rsqrt_div);
    GS_RUN(test_f64_approx);
    GS_RUN(test_constant_tables);
    return gs_check_report();
}
