/*
 * fpmath fast f32 paths (src/fp/fpmath_f32.c) against the general path
 * (gs_f32_*_general), EXHAUSTIVELY over classes of operands: every
 * combination of sign, an exponent field from a list that covers zero /
 * subnormal, the bottom binades, the alignment distances around 24 bits,
 * the binades around 1, the products that reach the subnormal and overflow
 * boundaries, the top binades and inf/NaN, and a fraction from a list of
 * tie-making and carry-making patterns; every rounding mode, .ftz off/on.
 * Also cvt f32 <-> 64-bit integers and sqrt over whole classes.
 */
#include "check.h"
#include "fpfast_equiv.h"

#define COUNT(x) (sizeof(x) / sizeof((x)[0]))

/* Pairs (add, sub, mul, div): 2 x 26 x 12 = 624 operands, 389376 pairs. */
static const uint32_t EXP2[] = {
    0, 1, 2, 3, 25, 26, 27, 50, 100, 104, 124, 125, 126,
    127, 128, 129, 150, 151, 152, 153, 200, 230, 252, 253, 254, 255,
};
/* 2^-12 squares to a half-ulp tie; 0x7ff800 and 0x400001 carry; 1/3-ish. */
static const uint32_t FRAC2[] = {
    0x000000u, 0x000001u, 0x000002u, 0x000800u, 0x001000u, 0x400000u,
    0x400001u, 0x555555u, 0x7ff800u, 0x7ffffeu, 0x7fffffu, 0x3fffffu,
};
/* Triples (fma): 2 x 13 x 6 = 156 operands, 3796416 triples. */
static const uint32_t EXP3[] = {0, 1, 26, 103, 104, 126, 127, 128, 150, 151, 253, 254, 255};
static const uint32_t FRAC3[] = {0x000000u, 0x000001u, 0x000800u, 0x400000u, 0x7ff800u,
                                 0x7fffffu};

static uint32_t class_operand(const uint32_t *exps, uint32_t nexp, const uint32_t *fracs,
                              uint32_t nfrac, uint32_t index)
{
    uint32_t frac = fracs[index % nfrac], rest = index / nfrac;
    uint32_t exp = exps[rest % nexp], sign = (rest / nexp) & 1u;
    return (sign << 31) | (exp << 23) | frac;
}

static uint32_t op2(uint32_t i)
{
    return class_operand(EXP2, COUNT(EXP2), FRAC2, COUNT(FRAC2), i);
}

static uint32_t op3(uint32_t i)
{
    return class_operand(EXP3, COUNT(EXP3), FRAC3, COUNT(FRAC3), i);
}

static void sweep2(const char *what, eq_op2 fast, eq_op2 general)
{
    eq_tally t = {0, 0, {0}};
    uint32_t n = 2u * COUNT(EXP2) * COUNT(FRAC2), i, j;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            eq_run2(&t, what, fast, general, op2(i), op2(j));
    eq_print(what, &t);
    GS_CHECK_EQ(8ull * n * n, t.compared);
    GS_CHECK_EQ(0, t.mismatches);
    GS_CHECK(eq_covered(&t, 100));
}

static void test_add_sweep(void)
{
    sweep2("add", gs_f32_add, gs_f32_add_general);
}

static void test_sub_sweep(void)
{
    sweep2("sub", gs_f32_sub, gs_f32_sub_general);
}

static void test_mul_sweep(void)
{
    sweep2("mul", gs_f32_mul, gs_f32_mul_general);
}

static void test_div_sweep(void)
{
    sweep2("div", gs_f32_div, gs_f32_div_general);
}

static void test_fma_sweep(void)
{
    eq_tally t = {0, 0, {0}};
    uint32_t n = 2u * COUNT(EXP3) * COUNT(FRAC3), i, j, k;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (k = 0; k < n; k++)
                eq_run3(&t, "fma", gs_f32_fma, gs_f32_fma_general, op3(i), op3(j), op3(k));
    eq_print("fma", &t);
    GS_CHECK_EQ(8ull * n * n * n, t.compared);
    GS_CHECK_EQ(0, t.mismatches);
    GS_CHECK(eq_covered(&t, 100));
}

/* cvt between f32 and 64-bit integers: every sign, every exponent field
 * from 0 to 255 and every fraction whose middle 11 bits are zero (top 6 and
 * bottom 6 bits free: ties, carries, sticky bits), in every mode and .ftz. */
static void test_cvt_sweep(void)
{
    uint64_t mismatches = 0, compared = 0;
    uint32_t sign, field, top, low, a;
    int r, ftz;
    for (sign = 0; sign < 2; sign++)
        for (field = 0; field < 256; field++)
            for (top = 0; top < 64; top++)
                for (low = 0; low < 64; low++) {
                    a = (sign << 31) | (field << 23) | (top << 17) | low;
                    for (ftz = 0; ftz < 2; ftz++)
                        for (r = 0; r < 4; r++) {
                            compared++;
                            mismatches += gs_f32_to_s64(a, (gs_fround)r, ftz) !=
                                          gs_f32_to_s64_general(a, (gs_fround)r, ftz);
                            mismatches += gs_f32_to_u64(a, (gs_fround)r, ftz) !=
                                          gs_f32_to_u64_general(a, (gs_fround)r, ftz);
                        }
                }
    printf("  cvt.[su]64.f32: %llu compared, %llu mismatches\n",
           (unsigned long long)compared, (unsigned long long)mismatches);
    GS_CHECK_EQ(2ull * 256 * 64 * 64 * 8, compared);
    GS_CHECK_EQ(0, mismatches);
}

/* sqrt: every f32 in [1, 4) (two binades: both exponent parities, every
 * significand), the mode cycling with the operand, and the Newton start
 * table: each entry is the ceiling of its square root. */
static void test_sqrt_sweep(void)
{
    uint64_t mismatches = 0, i, bound, start;
    uint32_t a;
    for (a = 0x3f800000u; a < 0x40800000u; a++) {
        gs_fround r = (gs_fround)(a & 3u);
        mismatches += gs_f32_sqrt(a, r, 0) != gs_f32_sqrt_general(a, r, 0);
    }
    printf("  sqrt [1, 4): %lu compared, %llu mismatches\n",
           (unsigned long)(0x40800000u - 0x3f800000u), (unsigned long long)mismatches);
    GS_CHECK_EQ(0, mismatches);
    for (i = 0; i < 192; i++) {
        bound = (i + 65) << 46;
        start = gs_f32_sqrt_start[i];
        GS_CHECK(start * start >= bound && (start - 1) * (start - 1) < bound);
    }
}

/* The class generator itself: first, a middle and the last operand. */
static void test_class_operands(void)
{
    GS_CHECK_EQ(0x00000000u, op2(0));
    GS_CHECK_EQ(0x3f800800u, op2(13u * 12u + 3u));
    GS_CHECK_EQ(0xffbfffffu, op2(2u * 26u * 12u - 1u));
    GS_CHECK_EQ(0xff800000u | 0x7fffffu, op3(2u * 13u * 6u - 1u));
}

int main(void)
{
    GS_RUN(test_class_operands);
    GS_RUN(test_add_sweep);
    GS_RUN(test_sub_sweep);
    GS_RUN(test_mul_sweep);
    GS_RUN(test_div_sweep);
    GS_RUN(test_fma_sweep);
    GS_RUN(test_cvt_sweep);
    GS_RUN(test_sqrt_sweep);
    return gs_check_report();
}
