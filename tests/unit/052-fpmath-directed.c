/*
 * fpmath directed rounding (.rz .rm .rp, PTX ISA "Rounding Modifiers") and
 * round-to-nearest once more, against an independent host-double
 * reference (fpmath_ref.h): f32 add/sub/mul/fma from exact double sums
 * (TwoSum), f32 div/sqrt from the sign of an exact residual, f64
 * add/mul/div/sqrt from TwoSum / fma residuals. Plus hand-written cases.
 */
#include "check.h"
#include "fpmath_ref.h"

static const gs_fround MODES[4] = {GS_FROUND_RN, GS_FROUND_RZ, GS_FROUND_RM, GS_FROUND_RP};
static int mismatches;

static void expect_bits(uint64_t want, uint64_t got, const char *what, int mode, uint64_t a,
                        uint64_t b)
{
    if (want != got) {
        if (mismatches++ < 10)
            printf("  %s mode %d (%llx, %llx): want %llx got %llx\n", what, mode,
                   (unsigned long long)a, (unsigned long long)b, (unsigned long long)want,
                   (unsigned long long)got);
        GS_CHECK_EQ(want, got);
    }
}

/* Directed rounding from the nearest value f and the sign of (exact - f). */
static float dir_f32(float f, double exact_minus_f, gs_fround r)
{
    if (r == GS_FROUND_RM && exact_minus_f < 0) return nextafterf(f, -INFINITY);
    if (r == GS_FROUND_RP && exact_minus_f > 0) return nextafterf(f, INFINITY);
    if (r == GS_FROUND_RZ && ((f > 0 && exact_minus_f < 0) || (f < 0 && exact_minus_f > 0)))
        return nextafterf(f, 0.0f);
    return f;
}

static double dir_f64(double f, double exact_minus_f, gs_fround r)
{
    if (isinf(f))   /* finite operands overflowed: the exact value is beyond max */
        exact_minus_f = f > 0 ? -1.0 : 1.0;
    if (r == GS_FROUND_RM && exact_minus_f < 0) return nextafter(f, -INFINITY);
    if (r == GS_FROUND_RP && exact_minus_f > 0) return nextafter(f, INFINITY);
    if (r == GS_FROUND_RZ && ((f > 0 && exact_minus_f < 0) || (f < 0 && exact_minus_f > 0)))
        return nextafter(f, 0.0);
    return f;
}

/* Sign of an exact zero sum (IEEE 754 section 6.3). */
static uint32_t zero_sum32(int sa, int sb, gs_fround r)
{
    return (r == GS_FROUND_RM ? (sa | sb) : (sa & sb)) ? 0x80000000u : 0;
}

static uint32_t ref_add32(uint32_t a, uint32_t b, gs_fround r)
{
    double s, err;
    ref_two_sum(ref_f32(a), ref_f32(b), &s, &err);
    if (s == 0 && err == 0)
        return zero_sum32((int)(a >> 31), (int)(b >> 31), r);
    return ref_bits32(ref_round_f32(s, err, r));
}

static uint32_t ref_fma32(uint32_t a, uint32_t b, uint32_t c, gs_fround r)
{
    double p = (double)ref_f32(a) * (double)ref_f32(b), s, err;   /* exact */
    ref_two_sum(p, ref_f32(c), &s, &err);
    if (s == 0 && err == 0)
        return zero_sum32(signbit(p) != 0, (int)(c >> 31), r);
    return ref_bits32(ref_round_f32(s, err, r));
}

static int finite32(uint32_t a)
{
    return (a & 0x7f800000u) != 0x7f800000u;
}

static void check_f32(uint32_t a, uint32_t b, uint32_t c)
{
    int m;
    volatile float x = ref_f32(a), y = ref_f32(b), q;
    if (!finite32(a) || !finite32(b) || !finite32(c))
        return;
    for (m = 0; m < 4; m++) {
        gs_fround r = MODES[m];
        expect_bits(ref_add32(a, b, r), gs_f32_add(a, b, r, 0), "add32", m, a, b);
        expect_bits(ref_add32(a, b ^ 0x80000000u, r), gs_f32_sub(a, b, r, 0), "sub32", m, a, b);
        expect_bits(ref_bits32(ref_round_f32((double)x * (double)y, 0, r)),
                    gs_f32_mul(a, b, r, 0), "mul32", m, a, b);
        expect_bits(ref_fma32(a, b, c, r), gs_f32_fma(a, b, c, r, 0), "fma32", m, a, c);
        if ((b & 0x7fffffffu) != 0) {
            q = x / y;
            expect_bits(ref_bits32(dir_f32(q, ((double)x - (double)q * y) * (y > 0 ? 1 : -1),
                                           r)), gs_f32_div(a, b, r, 0), "div32", m, a, b);
        }
        if (!(a >> 31)) {
            q = sqrtf(x);
            expect_bits(ref_bits32(dir_f32(q, (double)x - (double)q * q, r)),
                        gs_f32_sqrt(a, r, 0), "sqrt32", m, a, 0);
        }
    }
}

static void test_f32_random(void)
{
    int i;
    ref_rng_state = 52;
    for (i = 0; i < 150000; i++) {
        uint32_t e = (uint32_t)(ref_rand() % 255);
        check_f32(ref_rand_f32(e), ref_rand_f32(e), ref_rand_f32(e));
    }
}

static void check_f64(uint64_t a, uint64_t b)
{
    volatile double x = ref_f64(a), y = ref_f64(b), s;
    double sum, err;
    int m;
    for (m = 0; m < 4; m++) {
        gs_fround r = MODES[m];
        ref_two_sum(x, y, &sum, &err);
        if (sum != 0)
            expect_bits(ref_bits64(dir_f64(sum, err, r)), gs_f64_add(a, b, r), "add64", m, a,
                        b);
        s = x * y;
        expect_bits(ref_bits64(dir_f64(s, fma(x, y, -s), r)), gs_f64_mul(a, b, r), "mul64",
                    m, a, b);
        s = x / y;
        expect_bits(ref_bits64(dir_f64(s, fma(-s, y, x) * (y > 0 ? 1 : -1), r)),
                    gs_f64_div(a, b, r), "div64", m, a, b);
        if (x > 0) {
            s = sqrt(x);
            expect_bits(ref_bits64(dir_f64(s, fma(-s, s, x), r)), gs_f64_sqrt(a, r), "sqrt64",
                        m, a, 0);
        }
    }
}

/* Exponents within +-400 keep every residual exact (no underflow). */
static void test_f64_random(void)
{
    int i;
    ref_rng_state = 520;
    for (i = 0; i < 150000; i++) {
        uint64_t sign_a = ref_rand() & 0x8000000000000000u, sign_b = ref_rand() >> 63 << 63;
        uint64_t ea = 1023 - 400 + ref_rand() % 800, eb = ea - 60 + ref_rand() % 121;
        uint64_t a = sign_a | (ea << 52) | (ref_rand() >> 12);
        uint64_t b = sign_b | (eb << 52) | (ref_rand() >> 12);
        check_f64(a, b);
    }
}

static void test_hand_cases(void)
{
    static const struct { uint32_t rn, rz, rm, rp; } third = {
        0x3eaaaaabu, 0x3eaaaaaau, 0x3eaaaaaau, 0x3eaaaaabu};
    GS_CHECK_EQ(third.rn, gs_f32_div(0x3f800000u, 0x40400000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(third.rz, gs_f32_div(0x3f800000u, 0x40400000u, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(third.rm, gs_f32_div(0x3f800000u, 0x40400000u, GS_FROUND_RM, 0));
    GS_CHECK_EQ(third.rp, gs_f32_div(0x3f800000u, 0x40400000u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0xbeaaaaabu, gs_f32_div(0xbf800000u, 0x40400000u, GS_FROUND_RM, 0));
    GS_CHECK_EQ(0xbeaaaaaau, gs_f32_div(0xbf800000u, 0x40400000u, GS_FROUND_RP, 0));
    /* 1 + 2^-24: a tie */
    GS_CHECK_EQ(0x3f800001u, gs_f32_add(0x3f800000u, 0x33800000u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0x3f800000u, gs_f32_add(0x3f800000u, 0x33800000u, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(0x3f800000u, gs_f32_add(0x3f800000u, 0x33800000u, GS_FROUND_RM, 0));
    /* overflow: max * 2 */
    GS_CHECK_EQ(0x7f7fffffu, gs_f32_mul(0x7f7fffffu, 0x40000000u, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(0x7f7fffffu, gs_f32_mul(0x7f7fffffu, 0x40000000u, GS_FROUND_RM, 0));
    GS_CHECK_EQ(0x7f800000u, gs_f32_mul(0x7f7fffffu, 0x40000000u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0xff7fffffu, gs_f32_mul(0xff7fffffu, 0x40000000u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0xff800000u, gs_f32_mul(0xff7fffffu, 0x40000000u, GS_FROUND_RM, 0));
    /* exact zero sums: -0 only under .rm */
    GS_CHECK_EQ(0x80000000u, gs_f32_sub(0x3f800000u, 0x3f800000u, GS_FROUND_RM, 0));
    GS_CHECK_EQ(0x00000000u, gs_f32_sub(0x3f800000u, 0x3f800000u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0x80000000u, gs_f32_fma(0x3f800000u, 0x3f800000u, 0xbf800000u,
                                        GS_FROUND_RM, 0));
    /* underflow: min subnormal * 0.5 */
    GS_CHECK_EQ(0x00000000u, gs_f32_mul(0x00000001u, 0x3f000000u, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(0x00000001u, gs_f32_mul(0x00000001u, 0x3f000000u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0x80000001u, gs_f32_mul(0x80000001u, 0x3f000000u, GS_FROUND_RM, 0));
    GS_CHECK_EQ(0x3fb504f4u, gs_f32_sqrt(0x40000000u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0x3fb504f3u, gs_f32_sqrt(0x40000000u, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(0x3fd5555555555555u,
                gs_f64_div(0x3ff0000000000000u, 0x4008000000000000u, GS_FROUND_RZ));
    GS_CHECK_EQ(0x3fd5555555555556u,
                gs_f64_div(0x3ff0000000000000u, 0x4008000000000000u, GS_FROUND_RP));
    GS_CHECK_EQ(0x7fefffffffffffffu,
                gs_f64_add(0x7fefffffffffffffu, 0x7fefffffffffffffu, GS_FROUND_RZ));
    /* f64 fma directed: 1*1 + 2^-60 */
    GS_CHECK_EQ(0x3ff0000000000001u, gs_f64_fma(0x3ff0000000000000u, 0x3ff0000000000000u,
                                                0x3c30000000000000u, GS_FROUND_RP));
    GS_CHECK_EQ(0x3ff0000000000000u, gs_f64_fma(0x3ff0000000000000u, 0x3ff0000000000000u,
                                                0x3c30000000000000u, GS_FROUND_RM));
    GS_CHECK_EQ(0x3fefffffffffffffu, gs_f64_fma(0x3ff0000000000000u, 0x3ff0000000000000u,
                                                0xbc30000000000000u, GS_FROUND_RZ));
}

int main(void)
{
    GS_RUN(test_hand_cases);
    GS_RUN(test_f32_random);
    GS_RUN(test_f64_random);
    return gs_check_report();
}
