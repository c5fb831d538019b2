/*
 * fpmath PTX-level rules: .ftz flushing of f32 inputs and results, .sat
 * clamping, min/max NaN handling, setp comparisons (ordered/unordered,
 * num/nan), testp classes (PTX ISA "Floating-Point Instructions",
 * "Comparison and Selection Instructions"). Exact hand-derived values.
 */
#include "check.h"
#include "fpmath_ref.h"

#define NAN32 0x7fffffffu
#define ONE32 0x3f800000u

static void test_ftz(void)
{
    GS_CHECK_EQ(0u, gs_f32_ftz(0x00000001u));
    GS_CHECK_EQ(0x80000000u, gs_f32_ftz(0x807fffffu));
    GS_CHECK_EQ(0x00800000u, gs_f32_ftz(0x00800000u));
    GS_CHECK_EQ(0x7fc00000u, gs_f32_ftz(0x7fc00000u));
    /* inputs flushed */
    GS_CHECK_EQ(0x00000002u, gs_f32_add(0x00000001u, 0x00000001u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x00000000u, gs_f32_add(0x00000001u, 0x00000001u, GS_FROUND_RN, 1));
    GS_CHECK_EQ(0x7f800000u, gs_f32_div(ONE32, 0x00000010u, GS_FROUND_RN, 1));
    GS_CHECK_EQ(0x80000000u, gs_f32_sqrt(0x80000010u, GS_FROUND_RN, 1));   /* -0, not NaN */
    GS_CHECK_EQ(NAN32, gs_f32_sqrt(0x80000010u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x3f800000u, gs_f32_fma(0x00400000u, 0x7f000000u, ONE32, GS_FROUND_RN, 1));
    /* results flushed, sign kept */
    GS_CHECK_EQ(0x00400000u, gs_f32_mul(0x00800000u, 0x3f000000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x00000000u, gs_f32_mul(0x00800000u, 0x3f000000u, GS_FROUND_RN, 1));
    GS_CHECK_EQ(0x80000000u, gs_f32_mul(0x80800000u, 0x3f000000u, GS_FROUND_RN, 1));
    GS_CHECK_EQ(0x80000000u, gs_f32_sub(0x00800000u, 0x00800001u, GS_FROUND_RN, 1));
    /* decision: flushing looks at the rounded result: 2^-126 - 2^-150 ties
     * up to 2^-126, which is normal and kept */
    GS_CHECK_EQ(0x00800000u, gs_f32_mul(0x00ffffffu, 0x3f000000u, GS_FROUND_RN, 1));
    GS_CHECK_EQ(0x00000000u, gs_f32_mul(0x00ffffffu, 0x3f000000u, GS_FROUND_RZ, 1));
}

static void test_sat(void)
{
    GS_CHECK_EQ(ONE32, gs_f32_sat(0x3fc00000u));        /* 1.5 */
    GS_CHECK_EQ(0x3f000000u, gs_f32_sat(0x3f000000u));  /* 0.5 */
    GS_CHECK_EQ(0u, gs_f32_sat(0xbf000000u));           /* -0.5 */
    GS_CHECK_EQ(0u, gs_f32_sat(0x80000000u));           /* -0 -> +0 (decision) */
    GS_CHECK_EQ(0u, gs_f32_sat(NAN32));
    GS_CHECK_EQ(0u, gs_f32_sat(0xffc00000u));
    GS_CHECK_EQ(ONE32, gs_f32_sat(0x7f800000u));
    GS_CHECK_EQ(0u, gs_f32_sat(0xff800000u));
    GS_CHECK_EQ(ONE32, gs_f32_sat(ONE32));
    GS_CHECK_EQ(0x00000001u, gs_f32_sat(0x00000001u));
}

static void test_min_max(void)
{
    GS_CHECK_EQ(ONE32, gs_f32_min(0x7fc00000u, ONE32, 0));
    GS_CHECK_EQ(ONE32, gs_f32_max(ONE32, 0xffc00001u, 0));
    GS_CHECK_EQ(NAN32, gs_f32_min(0x7fc00000u, 0xff800001u, 0));
    GS_CHECK_EQ(0xbf800000u, gs_f32_min(0xbf800000u, 0x40000000u, 0));
    GS_CHECK_EQ(0x40000000u, gs_f32_max(0xbf800000u, 0x40000000u, 0));
    GS_CHECK_EQ(0x80000000u, gs_f32_min(0x00000000u, 0x80000000u, 0));
    GS_CHECK_EQ(0x00000000u, gs_f32_max(0x80000000u, 0x00000000u, 0));
    GS_CHECK_EQ(0xff800000u, gs_f32_min(0xff800000u, 0xff7fffffu, 0));
    GS_CHECK_EQ(0x80000001u, gs_f32_min(0x80000001u, 0x00000001u, 0));
    GS_CHECK_EQ(0x80000000u, gs_f32_min(0x80000001u, 0x00000001u, 1));
    GS_CHECK_EQ(0x00000000u, gs_f32_max(0x80000001u, 0x00000001u, 1));
    GS_CHECK_EQ(0xbff0000000000000u, gs_f64_min(0x7ff8000000000000u, 0xbff0000000000000u));
    GS_CHECK_EQ(0x7fffffffffffffffu, gs_f64_max(0x7ff8000000000000u, 0xfff0000000000001u));
    GS_CHECK_EQ(0x4000000000000000u, gs_f64_max(0x3ff0000000000000u, 0x4000000000000000u));
    GS_CHECK_EQ(0x3c00u, gs_f16_min(0x7e00u, 0x3c00u));
    GS_CHECK_EQ(0x7fffu, gs_f16_max(0x7e00u, 0xfe00u));
}

/* Expected truth table rows: EQ NE LT LE GT GE EQU NEU LTU LEU GTU GEU NUM NAN */
static void check_row(uint32_t a, uint32_t b, const char *row, int ftz)
{
    int op;
    for (op = GS_FCMP_EQ; op <= GS_FCMP_NAN; op++) {
        int want = row[op] == '1';
        GS_CHECK_EQ(want, gs_f32_compare(a, b, (gs_fcmp)op, ftz));
        if (!ftz)
            GS_CHECK_EQ(want, gs_f64_compare(gs_f64_from_f32(a, 0), gs_f64_from_f32(b, 0),
                                             (gs_fcmp)op));
    }
}

static void test_compare(void)
{
    check_row(ONE32, 0x40000000u, "01110001110010", 0);        /* 1 vs 2 */
    check_row(0x40000000u, ONE32, "01001101001110", 0);        /* 2 vs 1 */
    check_row(ONE32, ONE32, "10010110010110", 0);              /* equal */
    check_row(0x00000000u, 0x80000000u, "10010110010110", 0);  /* +0 == -0 */
    check_row(0x7fc00000u, ONE32, "00000011111101", 0);        /* NaN: unordered */
    check_row(ONE32, 0xffc00000u, "00000011111101", 0);
    check_row(0xff800000u, 0x7f800000u, "01110001110010", 0);  /* -inf < inf */
    check_row(0x00000001u, 0x00000000u, "01001101001110", 0);  /* subnormal > 0 */
    check_row(0x00000001u, 0x00000000u, "10010110010110", 1);  /* ... flushed: equal */
    check_row(0xbf800000u, 0xc0000000u, "01001101001110", 0);  /* -1 > -2 */
}

static void test_testp(void)
{
    GS_CHECK_EQ(1, gs_f32_testp(0u, GS_FTEST_FINITE));
    GS_CHECK_EQ(0, gs_f32_testp(0u, GS_FTEST_NORMAL));
    GS_CHECK_EQ(0, gs_f32_testp(0u, GS_FTEST_SUBNORMAL));
    GS_CHECK_EQ(1, gs_f32_testp(0x80000001u, GS_FTEST_SUBNORMAL));
    GS_CHECK_EQ(1, gs_f32_testp(0xbf800000u, GS_FTEST_NORMAL));
    GS_CHECK_EQ(1, gs_f32_testp(0xff800000u, GS_FTEST_INFINITE));
    GS_CHECK_EQ(0, gs_f32_testp(0xff800000u, GS_FTEST_FINITE));
    GS_CHECK_EQ(1, gs_f32_testp(0xff800000u, GS_FTEST_NUMBER));
    GS_CHECK_EQ(1, gs_f32_testp(0x7f800001u, GS_FTEST_NOTANUMBER));
    GS_CHECK_EQ(0, gs_f32_testp(0x7f800001u, GS_FTEST_NUMBER));
    GS_CHECK_EQ(1, gs_f64_testp(0x000fffffffffffffu, GS_FTEST_SUBNORMAL));
    GS_CHECK_EQ(1, gs_f64_testp(0x7ff0000000000000u, GS_FTEST_INFINITE));
    GS_CHECK_EQ(0, gs_f64_testp(0x7ff0000000000000u, GS_FTEST_NORMAL));
}

int main(void)
{
    GS_RUN(test_ftz);
    GS_RUN(test_sat);
    GS_RUN(test_min_max);
    GS_RUN(test_compare);
    GS_RUN(test_testp);
    return gs_check_report();
}
