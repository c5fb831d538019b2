/*
 * fpmath f32 round-to-nearest arithmetic against the host's IEEE results
 * (DESIGN.md section 4): add, sub, mul, div, sqrt, rcp and fma on seeded
 * random operands (random bits, clustered exponents for cancellation and
 * under/overflow) plus edge cases. A NaN result must be the canonical
 * 0x7fffffff; every other result must match the host bit for bit.
 */
#include "check.h"
#include "fpmath_ref.h"

#define CANON_NAN32 0x7fffffffu

static int mismatches;

static void expect32(uint32_t host_bits, uint32_t got, const char *what, uint32_t a,
                     uint32_t b, uint32_t c)
{
    uint32_t want = isnan(ref_f32(host_bits)) ? CANON_NAN32 : host_bits;
    if (want != got) {
        if (mismatches++ < 8)
            printf("  %s(%08x, %08x, %08x): want %08x got %08x\n", what, a, b, c, want, got);
        GS_CHECK_EQ(want, got);
    }
}

static void check_one(uint32_t a, uint32_t b, uint32_t c)
{
    volatile float x = ref_f32(a), y = ref_f32(b), z = ref_f32(c), r;
    r = x + y;
    expect32(ref_bits32(r), gs_f32_add(a, b, GS_FROUND_RN, 0), "add", a, b, 0);
    r = x - y;
    expect32(ref_bits32(r), gs_f32_sub(a, b, GS_FROUND_RN, 0), "sub", a, b, 0);
    r = x * y;
    expect32(ref_bits32(r), gs_f32_mul(a, b, GS_FROUND_RN, 0), "mul", a, b, 0);
    r = x / y;
    expect32(ref_bits32(r), gs_f32_div(a, b, GS_FROUND_RN, 0), "div", a, b, 0);
    r = 1.0f / x;
    expect32(ref_bits32(r), gs_f32_rcp(a, GS_FROUND_RN, 0), "rcp", a, 0, 0);
    r = sqrtf(x);
    expect32(ref_bits32(r), gs_f32_sqrt(a, GS_FROUND_RN, 0), "sqrt", a, 0, 0);
    r = fmaf(x, y, z);
    expect32(ref_bits32(r), gs_f32_fma(a, b, c, GS_FROUND_RN, 0), "fma", a, b, c);
}

static void test_random_operands(void)
{
    int i;
    ref_rng_state = 50;
    for (i = 0; i < 300000; i++) {
        uint32_t e = (uint32_t)(ref_rand() % 255);
        check_one(ref_rand_f32(e), ref_rand_f32(e), ref_rand_f32(e));
    }
}

/* fma with c near -a*b: the cancellation cases a separate rounding gets wrong. */
static void test_fma_cancellation(void)
{
    int i;
    ref_rng_state = 51;
    for (i = 0; i < 100000; i++) {
        uint32_t a = ref_rand_f32((uint32_t)(ref_rand() % 200) + 20);
        uint32_t b = ref_rand_f32(127);
        volatile float p = ref_f32(a) * ref_f32(b);
        uint32_t c = ref_bits32(-p) ^ (uint32_t)(ref_rand() & 3);
        check_one(a, b, c);
    }
}

static void test_edge_grid(void)
{
    static const uint32_t v[] = {
        0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x00800000u,
        0x00800001u, 0x3f800000u, 0xbf800000u, 0x3f800001u, 0x3fffffffu, 0x7f7fffffu,
        0xff7fffffu, 0x7f000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u,
        0x7f800001u, 0x33800000u, 0x33800001u, 0x34000000u, 0x40490fdbu, 0x0c000000u,
        0x4b7fffffu, 0x4b800001u, 0x00400000u, 0x3effffffu
    };
    unsigned i, j, k, n = sizeof v / sizeof v[0];
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (k = 0; k < n; k++)
                check_one(v[i], v[j], v[k]);
}

/* Hand-checked values, independent of the host. */
static void test_exact_values(void)
{
    GS_CHECK_EQ(0x40400000u, gs_f32_add(0x3f800000u, 0x40000000u, GS_FROUND_RN, 0)); /* 1+2 */
    /* 1 + 2^-24 is a tie: to even (1.0); 1 + 3*2^-24 ties up to 1+2^-22. */
    GS_CHECK_EQ(0x3f800000u, gs_f32_add(0x3f800000u, 0x33800000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x3f800002u, gs_f32_add(0x3f800001u, 0x33800000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x00000000u, gs_f32_sub(0x3f800000u, 0x3f800000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x7f800000u, gs_f32_mul(0x7f7fffffu, 0x40000000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x00000001u, gs_f32_mul(0x00800000u, 0x34000000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x00000000u, gs_f32_mul(0x00800000u, 0x33800000u, GS_FROUND_RN, 0)); /* tie */
    GS_CHECK_EQ(0x3eaaaaabu, gs_f32_div(0x3f800000u, 0x40400000u, GS_FROUND_RN, 0)); /* 1/3 */
    GS_CHECK_EQ(0x3fb504f3u, gs_f32_sqrt(0x40000000u, GS_FROUND_RN, 0));             /* sqrt 2 */
    GS_CHECK_EQ(0x80000000u, gs_f32_sqrt(0x80000000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(CANON_NAN32, gs_f32_sqrt(0xbf800000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(CANON_NAN32, gs_f32_add(0x7f800000u, 0xff800000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(CANON_NAN32, gs_f32_mul(0x00000000u, 0xff800000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(CANON_NAN32, gs_f32_add(0xffc00123u, 0x3f800000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0xff800000u, gs_f32_rcp(0x80000000u, GS_FROUND_RN, 0));
    /* fma(1+2^-23, 1-2^-23, -1) = -2^-46 exactly (separate rounding gives 0) */
    GS_CHECK_EQ(0xa8800000u, gs_f32_fma(0x3f800001u, 0x3f7ffffeu, 0xbf800000u,
                                        GS_FROUND_RN, 0));
}

int main(void)
{
    GS_RUN(test_exact_values);
    GS_RUN(test_edge_grid);
    GS_RUN(test_random_operands);
    GS_RUN(test_fma_cancellation);
    return gs_check_report();
}
