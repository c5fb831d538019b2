/*
 * fpmath f16 arithmetic (add/sub/mul/fma .f16, PTX ISA "Half Precision
 * Floating-Point Instructions"): on seeded random f16 operands, whose
 * exact sums and products are exact host doubles, each result must be the
 * f16 value that the rounding mode picks among its two neighbours
 * (checked with host doubles, independent of the soft-float); plus .ftz
 * and hand-written cases.
 */
#include "check.h"
#include "fpmath_ref.h"

static double f16_value(uint16_t h)
{
    return ref_f32(gs_f32_from_f16(h));   /* exact; checked exhaustively in 054 */
}

static uint16_t f16_step(uint16_t h, int up)   /* next f16 toward +inf (up) or -inf */
{
    if ((h & 0x7fffu) == 0)
        return up ? 0x0001u : 0x8001u;
    if (!(h & 0x8000u))
        return (uint16_t)(up ? h + 1 : h - 1);
    return (uint16_t)(up ? h - 1 : h + 1);
}

/* Is r the correct rounding of the exact value x under mode m? */
static int rounds_ok(uint16_t r, double x, gs_fround m)
{
    double v = f16_value(r), lo, hi;
    if ((r & 0x7c00u) == 0x7c00u) {   /* overflowed: beyond max (+ half ulp for RN) */
        double lim = m == GS_FROUND_RN ? 65520.0 : 65504.0;
        return (r & 0x3ffu) == 0 && (r & 0x8000u ? -x : x) >= lim &&
               (m == GS_FROUND_RN || (m == GS_FROUND_RP) == !(r & 0x8000u));
    }
    lo = f16_value(f16_step(r, 0));
    hi = f16_value(f16_step(r, 1));
    switch (m) {
    case GS_FROUND_RM: return v <= x && x < hi;
    case GS_FROUND_RP: return lo < x && x <= v;
    case GS_FROUND_RZ: return x >= 0 ? (v <= x && x < hi) : (lo < x && x <= v);
    case GS_FROUND_RN:
        if (fabs(x - v) < fabs(x - lo) && fabs(x - v) < fabs(x - hi))
            return 1;
        return !(r & 1) && (fabs(x - v) <= fabs(x - lo) && fabs(x - v) <= fabs(x - hi));
    }
    return 0;
}

static uint16_t rand_f16(void)
{
    uint16_t h;
    do h = (uint16_t)ref_rand(); while ((h & 0x7c00u) == 0x7c00u);
    return h;
}

static void test_random(void)
{
    static const gs_fround modes[4] = {GS_FROUND_RN, GS_FROUND_RZ, GS_FROUND_RM, GS_FROUND_RP};
    int i, m, bad = 0;
    ref_rng_state = 57;
    for (i = 0; i < 100000; i++) {
        uint16_t a = rand_f16(), b = rand_f16();
        double x = f16_value(a), y = f16_value(b);
        for (m = 0; m < 4; m++) {
            uint16_t s = gs_f16_add(a, b, modes[m], 0), p = gs_f16_mul(a, b, modes[m], 0);
            uint16_t d = gs_f16_sub(a, b, modes[m], 0);
            int ok = (x + y == 0 || rounds_ok(s, x + y, modes[m])) &&
                     (x * y == 0 || rounds_ok(p, x * y, modes[m])) &&
                     (x - y == 0 || rounds_ok(d, x - y, modes[m]));
            if (!ok && bad++ < 5)
                printf("  mode %d a=%04x b=%04x: add %04x mul %04x sub %04x\n", m, a, b, s, p,
                       d);
            GS_CHECK(ok);
        }
    }
}

static void test_hand_cases(void)
{
    GS_CHECK_EQ(0x4000u, gs_f16_add(0x3c00u, 0x3c00u, GS_FROUND_RN, 0));      /* 1+1 */
    GS_CHECK_EQ(0x3c00u, gs_f16_add(0x3c00u, 0x1000u, GS_FROUND_RN, 0));      /* 1+2^-11 tie */
    GS_CHECK_EQ(0x3c01u, gs_f16_add(0x3c00u, 0x1000u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0x7c00u, gs_f16_mul(0x7bffu, 0x4000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x7bffu, gs_f16_mul(0x7bffu, 0x4000u, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(0x0001u, gs_f16_mul(0x0400u, 0x1400u, GS_FROUND_RN, 0));      /* 2^-14*2^-10 */
    GS_CHECK_EQ(0x0000u, gs_f16_mul(0x0400u, 0x1400u, GS_FROUND_RN, 1));      /* ftz result */
    GS_CHECK_EQ(0x3c00u, gs_f16_add(0x0001u, 0x3c00u, GS_FROUND_RP, 1));      /* ftz input */
    GS_CHECK_EQ(0x3c01u, gs_f16_add(0x0001u, 0x3c00u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0x7fffu, gs_f16_add(0x7c00u, 0xfc00u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x8000u, gs_f16_sub(0x3c00u, 0x3c00u, GS_FROUND_RM, 0));
    /* fma: (1 + 2^-10)(1 - 2^-11) - 1 = 2^-11 - 2^-21, exact in f16 (0x0ffe) */
    GS_CHECK_EQ(0x0ffeu, gs_f16_fma(0x3c01u, 0x3bffu, 0xbc00u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x4200u, gs_f16_fma(0x3c00u, 0x4000u, 0x3c00u, GS_FROUND_RN, 0));  /* 1*2+1 */
}

int main(void)
{
    GS_RUN(test_hand_cases);
    GS_RUN(test_random);
    return gs_check_report();
}
