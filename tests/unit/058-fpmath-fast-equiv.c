/*
 * fpmath fast f32 paths (src/fp/fpmath_f32.c) give the same bits as the
 * general any-format soft-float (gs_f32_*_general, DESIGN.md section 4):
 * seeded random operands biased toward the hard cases (ties and short
 * significands, cancellation, exponent extremes, subnormals, carries into a
 * new binade, overflow, NaN/inf/zero), every rounding mode, .ftz off and on.
 * About 30 million comparisons; every kind of result must be reached.
 * Also sqrt, the f32 <-> 64-bit integer conversions and the f64 add/sub/mul/fma
 * fast paths (fpmath_f64.c) against their general paths.
 */
#include "check.h"
#include "fpfast_equiv.h"

#define ONE_U64 ((uint64_t)1)

static gs_prng rng;

static uint32_t rnd(uint32_t bound)
{
    return (uint32_t)gs_prng_below(&rng, bound);
}

static const uint32_t EDGES[] = {
    0x00000000u, 0x00000001u, 0x00000002u, 0x007fffffu, 0x00400000u, 0x00800000u,
    0x00800001u, 0x00ffffffu, 0x3f800000u, 0x3f7fffffu, 0x3f800001u, 0x3fffffffu,
    0x40000000u, 0x7f7fffffu, 0x7f7ffffeu, 0x7f000000u, 0x7f800000u, 0x7fc00000u,
    0x7f800001u, 0x7fffffffu, 0x34000000u, 0x33800000u, 0x4b800000u, 0x0b800000u,
};

/* A fraction that is often short (trailing zeros make ties and exact
 * results), or a run of ones (carries into the next binade). */
static uint32_t hard_fraction(void)
{
    uint32_t f = (uint32_t)gs_prng_next(&rng) & 0x007fffffu;
    switch (rnd(4)) {
    case 0: return f & ~((1u << rnd(24)) - 1u) & 0x007fffffu;
    case 1: return 0x007fffffu & ~((1u << rnd(24)) - 1u);
    case 2: return 0x007fffffu >> rnd(24);
    default: return f;
    }
}

static uint32_t hard_f32(void)
{
    uint32_t sign = rnd(2) << 31;
    switch (rnd(10)) {
    case 0: return (uint32_t)gs_prng_next(&rng);
    case 1: return sign | EDGES[rnd(sizeof EDGES / sizeof EDGES[0])];
    case 2: return sign | hard_fraction();                                /* subnormal */
    case 3: return sign | ((1u + rnd(4)) << 23) | hard_fraction();        /* near bottom */
    case 4: return sign | ((250u + rnd(5)) << 23) | hard_fraction();      /* near top */
    case 5: return sign | ((124u + rnd(7)) << 23) | hard_fraction();      /* near 1 */
    case 6: return sign | ((60u + rnd(135)) << 23) | hard_fraction();
    default: return sign | (rnd(255) << 23) | hard_fraction();
    }
}

/* A second operand close to x: its negation (cancellation), a few ulps
 * away, a power of two apart (alignment), or independent. */
static uint32_t related(uint32_t x)
{
    uint32_t sign = rnd(2) << 31, mag = x & 0x7fffffffu, shifted;
    int32_t step = (int32_t)rnd(7) - 3;
    switch (rnd(6)) {
    case 0: return x ^ 0x80000000u;
    case 1: return sign | ((mag + (uint32_t)step) & 0x7fffffffu);
    case 2:
        shifted = mag + ((rnd(60) - 30u) << 23);
        return sign | (shifted & 0x7fffffffu);
    case 3: return sign | (mag ^ (rnd(1u << 12)));
    default: return hard_f32();
    }
}

#define PAIRS 1000000u

static void check_tally(const char *what, const eq_tally *t, uint64_t least)
{
    eq_print(what, t);
    GS_CHECK_EQ(0, t->mismatches);
    GS_CHECK(eq_covered(t, least));
}

static void test_add_sub_random(void)
{
    eq_tally add = {0, 0, {0}}, sub = {0, 0, {0}};
    uint32_t i, a, b;
    gs_prng_seed(&rng, 58001u);
    for (i = 0; i < PAIRS; i++) {
        a = hard_f32();
        b = related(a);
        eq_run2(&add, "add", gs_f32_add, gs_f32_add_general, a, b);
        eq_run2(&sub, "sub", gs_f32_sub, gs_f32_sub_general, b, a);
    }
    GS_CHECK_EQ(8ull * PAIRS, add.compared);
    check_tally("add", &add, 1000);
    check_tally("sub", &sub, 1000);
}

static void test_mul_random(void)
{
    eq_tally t = {0, 0, {0}};
    uint32_t i, a, b;
    gs_prng_seed(&rng, 58002u);
    for (i = 0; i < PAIRS; i++) {
        a = hard_f32();
        b = rnd(4) ? hard_f32() : related(a ^ 0x3f800000u);   /* 1/x-ish exponents too */
        eq_run2(&t, "mul", gs_f32_mul, gs_f32_mul_general, a, b);
    }
    check_tally("mul", &t, 1000);
}

/* An fma addend near -(a*b) (massive cancellation), near a*b scaled by a
 * power of two (alignment), tiny beside it (sticky), or independent. */
static uint32_t fma_addend(uint32_t a, uint32_t b)
{
    uint32_t prod = gs_f32_mul_general(a, b, (gs_fround)rnd(4), 0);
    if (rnd(4) == 0)
        return hard_f32();
    return related(prod ^ 0x80000000u);
}

static void test_fma_random(void)
{
    eq_tally t = {0, 0, {0}};
    uint32_t i, a, b;
    gs_prng_seed(&rng, 58003u);
    for (i = 0; i < PAIRS; i++) {
        a = hard_f32();
        b = rnd(3) ? hard_f32() : related(a);
        eq_run3(&t, "fma", gs_f32_fma, gs_f32_fma_general, a, b, fma_addend(a, b));
    }
    check_tally("fma", &t, 1000);
}

static uint32_t sqrt_fast(uint32_t a, uint32_t unused, gs_fround r, int ftz)
{
    (void)unused;
    return gs_f32_sqrt(a, r, ftz);
}

static uint32_t sqrt_general(uint32_t a, uint32_t unused, gs_fround r, int ftz)
{
    (void)unused;
    return gs_f32_sqrt_general(a, r, ftz);
}

static void test_sqrt_random(void)
{
    eq_tally t = {0, 0, {0}};
    uint32_t i, a;
    gs_prng_seed(&rng, 58009u);
    for (i = 0; i < PAIRS / 2; i++) {
        a = hard_f32();
        eq_run2(&t, "sqrt", sqrt_fast, sqrt_general, rnd(4) ? a & 0x7fffffffu : a, 0);
    }
    eq_print("sqrt", &t);
    GS_CHECK_EQ(0, t.mismatches);
    GS_CHECK(t.kinds[EQ_NORMAL] > 1000 && t.kinds[EQ_NAN] > 1000 && t.kinds[EQ_ZERO] > 1000);
    GS_CHECK_EQ(0x3fb504f3u, gs_f32_sqrt(0x40000000u, GS_FROUND_RN, 0));   /* sqrt 2 */
    GS_CHECK_EQ(0x3fb504f3u, gs_f32_sqrt(0x40000000u, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(0x3fb504f4u, gs_f32_sqrt(0x40000000u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0x40400000u, gs_f32_sqrt(0x41100000u, GS_FROUND_RP, 0));   /* sqrt 9 exact */
    GS_CHECK_EQ(0x1a3504f3u, gs_f32_sqrt(0x00000001u, GS_FROUND_RN, 0));   /* 2^-74.5 */
    GS_CHECK_EQ(0x80000000u, gs_f32_sqrt(0x80000001u, GS_FROUND_RN, 1));   /* -0 after ftz */
}

static void test_div_random(void)
{
    eq_tally t = {0, 0, {0}};
    uint32_t i, a, b;
    gs_prng_seed(&rng, 58004u);
    for (i = 0; i < PAIRS / 2; i++) {
        a = hard_f32();
        b = rnd(2) ? hard_f32() : related(a);
        eq_run2(&t, "div", gs_f32_div, gs_f32_div_general, a, b);
    }
    check_tally("div", &t, 1000);
}

/* Exact values, independent of the general path: ties to even, a carry
 * into the next binade, the smallest subnormal, and .ftz on a result that
 * rounds up to the smallest normal (kept, decision 1 of fpmath.c). */
static void test_fast_exact_values(void)
{
    GS_CHECK_EQ(0x3f800000u, gs_f32_add(0x3f800000u, 0x33800000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x3f800001u, gs_f32_add(0x3f800000u, 0x33800000u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0x3f800002u, gs_f32_add(0x3f800001u, 0x33800000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x40000000u, gs_f32_add(0x3fffffffu, 0x34000000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x00000001u, gs_f32_mul(0x00000001u, 0x3f800000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x00000000u, gs_f32_mul(0x00000001u, 0x3f000000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x00000001u, gs_f32_mul(0x00000001u, 0x3f000000u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0x80000000u, gs_f32_fma(0x3f800000u, 0x3f800000u, 0xbf800000u,
                                        GS_FROUND_RM, 0));
    GS_CHECK_EQ(0x00800000u, gs_f32_mul(0x00800000u, 0x3f7fffffu, GS_FROUND_RN, 1));
    GS_CHECK_EQ(0x00000000u, gs_f32_mul(0x00800000u, 0x3f7fffffu, GS_FROUND_RZ, 1));
    GS_CHECK_EQ(0x007fffffu, gs_f32_mul(0x00800000u, 0x3f7fffffu, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(0x7f7fffffu, gs_f32_mul(0x7f7fffffu, 0x40000000u, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(0x7fffffffu, gs_f32_fma(0x7f800000u, 0x00000000u, 0x3f800000u,
                                        GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x3eaaaaabu, gs_f32_div(0x3f800000u, 0x40400000u, GS_FROUND_RN, 0));
}

/* An integer of random bit length with a biased low part: runs of ones
 * (carries), a single bit just below the 24 kept (ties) or random. */
static uint64_t hard_u64(void)
{
    uint64_t x = gs_prng_next(&rng), len = rnd(65);
    x = len == 64 ? x : x & ((ONE_U64 << len) - 1);
    switch (rnd(4)) {
    case 0: return x | (ONE_U64 << (len ? len - 1 : 0));
    case 1: return (x >> 24 << 24) | (ONE_U64 << rnd(24));
    case 2: return x | ((ONE_U64 << rnd(40)) - 1);
    default: return x;
    }
}

static void test_int_to_f32_random(void)
{
    uint64_t i, v, mismatches = 0;
    int r;
    gs_prng_seed(&rng, 58005u);
    for (i = 0; i < PAIRS; i++) {
        v = hard_u64();
        for (r = 0; r < 4; r++) {
            uint32_t fs = gs_f32_from_s64((int64_t)v, (gs_fround)r);
            uint32_t fu = gs_f32_from_u64(v, (gs_fround)r);
            if (fs != gs_f32_from_s64_general((int64_t)v, (gs_fround)r) ||
                fu != gs_f32_from_u64_general(v, (gs_fround)r)) {
                if (mismatches++ < 8)
                    printf("  cvt.f32.[su]64 0x%llx mode %d: 0x%08lx 0x%08lx\n",
                           (unsigned long long)v, r, (unsigned long)fs, (unsigned long)fu);
            }
        }
    }
    GS_CHECK_EQ(0, mismatches);
    GS_CHECK_EQ(0xdf000000u, gs_f32_from_s64(INT64_MIN, GS_FROUND_RN));
    GS_CHECK_EQ(0x5f800000u, gs_f32_from_u64(UINT64_MAX, GS_FROUND_RN));
    GS_CHECK_EQ(0x5f7fffffu, gs_f32_from_u64(UINT64_MAX, GS_FROUND_RZ));
    GS_CHECK_EQ(0x4b800000u, gs_f32_from_s64(16777217, GS_FROUND_RN));   /* tie to even */
    GS_CHECK_EQ(0x4b800001u, gs_f32_from_s64(16777217, GS_FROUND_RP));
}

/* f32 operands spread over the integer conversion range and its edges. */
static uint32_t cvt_operand(void)
{
    uint32_t sign = rnd(2) << 31;
    if (rnd(4) == 0)
        return hard_f32();
    return sign | ((100u + rnd(95)) << 23) | hard_fraction();
}

static void test_f32_to_int_random(void)
{
    uint64_t i, mismatches = 0;
    uint32_t a;
    int r, ftz;
    gs_prng_seed(&rng, 58006u);
    for (i = 0; i < PAIRS; i++) {
        a = cvt_operand();
        for (ftz = 0; ftz < 2; ftz++)
            for (r = 0; r < 4; r++) {
                int64_t s = gs_f32_to_s64(a, (gs_fround)r, ftz);
                uint64_t u = gs_f32_to_u64(a, (gs_fround)r, ftz);
                if (s != gs_f32_to_s64_general(a, (gs_fround)r, ftz) ||
                    u != gs_f32_to_u64_general(a, (gs_fround)r, ftz)) {
                    if (mismatches++ < 8)
                        printf("  cvt.[su]64.f32 0x%08lx mode %d ftz %d: %lld %llu\n",
                               (unsigned long)a, r, ftz, (long long)s,
                               (unsigned long long)u);
                }
            }
    }
    GS_CHECK_EQ(0, mismatches);
    GS_CHECK_EQ(2, gs_f32_to_s64(0x40200000u, GS_FROUND_RN, 0));      /* 2.5 -> 2 */
    GS_CHECK_EQ(-3, gs_f32_to_s64(0xc0200000u, GS_FROUND_RM, 0));     /* -2.5 -> -3 */
    GS_CHECK_EQ(1, gs_f32_to_s64(0x00000001u, GS_FROUND_RP, 0));      /* tiny -> 1 */
    GS_CHECK_EQ(0, gs_f32_to_s64(0x00000001u, GS_FROUND_RP, 1));      /* flushed */
    GS_CHECK_EQ(INT64_MAX, gs_f32_to_s64(0x5f000000u, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(0, gs_f32_to_u64(0xbf000000u, GS_FROUND_RM, 0));      /* -0.5 -> 0 */
}

/* f64 operands: edges, subnormals, extreme and middle binades, short or
 * all-ones fractions; the second often close to the first. */
static uint64_t hard_f64(void)
{
    uint64_t sign = (uint64_t)rnd(2) << 63, frac = gs_prng_next(&rng) & 0xfffffffffffffu;
    uint64_t field;
    switch (rnd(6)) {
    case 0: return gs_prng_next(&rng);
    case 1: frac &= ~((ONE_U64 << rnd(53)) - 1); break;
    case 2: frac = 0xfffffffffffffu >> rnd(53); break;
    default: break;
    }
    switch (rnd(6)) {
    case 0: field = rnd(4); break;
    case 1: field = 2043u + rnd(5); break;
    case 2: field = rnd(2048); break;
    default: field = 990u + rnd(67); break;
    }
    return sign | (field << 52) | (frac & 0xfffffffffffffu);
}

static uint64_t related64(uint64_t x)
{
    uint64_t sign = (uint64_t)rnd(2) << 63, mag = x & 0x7fffffffffffffffu;
    switch (rnd(5)) {
    case 0: return x ^ ((uint64_t)1 << 63);
    case 1: return sign | ((mag + rnd(7) - 3u) & 0x7fffffffffffffffu);
    case 2: return sign | ((mag + ((uint64_t)(rnd(140) - 70u) << 52)) & 0x7fffffffffffffffu);
    default: return hard_f64();
    }
}

/* f64 fma: the addend near -(a*b), scaled, or independent. */
static void test_f64_fma_random(void)
{
    uint64_t i, a, b, c, prod, got, want, mismatches = 0, subnormal = 0, zero = 0;
    int r;
    gs_prng_seed(&rng, 58008u);
    for (i = 0; i < PAIRS; i++) {
        a = hard_f64();
        b = rnd(3) ? hard_f64() : related64(a);
        prod = gs_fp_mul(&gs_fp_f64, a, b, (gs_fround)rnd(4));
        c = rnd(4) ? related64(prod ^ ((uint64_t)1 << 63)) : hard_f64();
        for (r = 0; r < 4; r++) {
            got = gs_f64_fma(a, b, c, (gs_fround)r);
            want = gs_fp_fma(&gs_fp_f64, a, b, c, (gs_fround)r);
            subnormal += ((got >> 52) & 0x7ffu) == 0 && (got << 1) != 0;
            zero += (got << 1) == 0;
            if (got != want && mismatches++ < 8)
                printf("  fma.f64(0x%016llx, 0x%016llx, 0x%016llx) mode %d: fast %016llx "
                       "general %016llx\n", (unsigned long long)a, (unsigned long long)b,
                       (unsigned long long)c, r, (unsigned long long)got,
                       (unsigned long long)want);
        }
    }
    printf("  f64 fma: %llu compared, %llu mismatches, %llu subnormal, %llu zero\n",
           (unsigned long long)(4 * PAIRS), (unsigned long long)mismatches,
           (unsigned long long)subnormal, (unsigned long long)zero);
    GS_CHECK_EQ(0, mismatches);
    GS_CHECK(subnormal > 1000 && zero > 1000);
    GS_CHECK_EQ(0x3cd0000000000000u, gs_f64_fma(0x3ff0000008000000u, 0x3ff0000008000000u,
                                                0xbff0000010000000u, GS_FROUND_RN));
    /* (1 + 2^-25)^2 - (1 + 2^-24) = 2^-50 exactly: only the fused form keeps it */
}

static void test_f64_random(void)
{
    uint64_t i, a, b, mismatches = 0, subnormal = 0, compared = 0;
    int r;
    gs_prng_seed(&rng, 58007u);
    for (i = 0; i < PAIRS; i++) {
        a = hard_f64();
        b = rnd(2) ? related64(a) : hard_f64();
        for (r = 0; r < 4; r++) {
            uint64_t add = gs_f64_add(a, b, (gs_fround)r), sub = gs_f64_sub(a, b, (gs_fround)r);
            uint64_t mul = gs_f64_mul(a, b, (gs_fround)r);
            compared += 3;
            subnormal += ((mul >> 52) & 0x7ffu) == 0 && (mul << 1) != 0;
            if (add != gs_fp_add(&gs_fp_f64, a, b, (gs_fround)r) ||
                sub != gs_fp_add(&gs_fp_f64, a, b ^ ((uint64_t)1 << 63), (gs_fround)r) ||
                mul != gs_fp_mul(&gs_fp_f64, a, b, (gs_fround)r)) {
                if (mismatches++ < 8)
                    printf("  f64 0x%016llx 0x%016llx mode %d: add %016llx mul %016llx\n",
                           (unsigned long long)a, (unsigned long long)b, r,
                           (unsigned long long)add, (unsigned long long)mul);
            }
        }
    }
    printf("  f64 add/sub/mul: %llu compared, %llu mismatches, %llu subnormal products\n",
           (unsigned long long)compared, (unsigned long long)mismatches,
           (unsigned long long)subnormal);
    GS_CHECK_EQ(0, mismatches);
    GS_CHECK(subnormal > 1000);
    GS_CHECK_EQ(0x3ff0000000000000u, gs_f64_add(0x3ff0000000000000u, 0x3ca0000000000000u,
                                                GS_FROUND_RN));   /* 1 + 2^-53: tie */
    GS_CHECK_EQ(0x3ff0000000000001u, gs_f64_add(0x3ff0000000000000u, 0x3ca0000000000000u,
                                                GS_FROUND_RP));
    GS_CHECK_EQ(0x0000000000000001u, gs_f64_mul(0x0010000000000000u, 0x3cb0000000000000u,
                                                GS_FROUND_RN));   /* 2^-1022 * 2^-52 */
}

int main(void)
{
    GS_RUN(test_fast_exact_values);
    GS_RUN(test_add_sub_random);
    GS_RUN(test_mul_random);
    GS_RUN(test_fma_random);
    GS_RUN(test_div_random);
    GS_RUN(test_sqrt_random);
    GS_RUN(test_int_to_f32_random);
    GS_RUN(test_f32_to_int_random);
    GS_RUN(test_f64_random);
    GS_RUN(test_f64_fma_random);
    return gs_check_report();
}
