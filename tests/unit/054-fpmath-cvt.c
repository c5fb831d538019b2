/*
 * fpmath conversions (PTX ISA "cvt"): float-to-integer with .rni .rzi .rmi
 * .rpi, saturation and NaN -> 0; narrower integer saturation; integer to
 * float with rounding; f32 <-> f64 <-> f16, bf16; round to integral.
 * Hand-derived values plus seeded random operands against host C99
 * conversions (rint/floor/ceil/trunc, casts) where those are exact.
 */
#include "check.h"
#include "fpmath_ref.h"

static const gs_fround MODES[4] = {GS_FROUND_RN, GS_FROUND_RZ, GS_FROUND_RM, GS_FROUND_RP};

static void test_float_to_int(void)
{
    static const struct { uint32_t x; int64_t rn, rz, rm, rp; } c[] = {
        {0x40200000u, 2, 2, 2, 3},      /* 2.5 */
        {0xc0200000u, -2, -2, -3, -2},  /* -2.5 */
        {0x40600000u, 4, 3, 3, 4},      /* 3.5 */
        {0x3f000000u, 0, 0, 0, 1},      /* 0.5 */
        {0xbf000000u, 0, 0, -1, 0},     /* -0.5 */
        {0x3f400000u, 1, 0, 0, 1},      /* 0.75 */
        {0x00000001u, 0, 0, 0, 1},      /* min subnormal */
    };
    unsigned i;
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        GS_CHECK_EQ(c[i].rn, gs_f32_to_s64(c[i].x, GS_FROUND_RN, 0));
        GS_CHECK_EQ(c[i].rz, gs_f32_to_s64(c[i].x, GS_FROUND_RZ, 0));
        GS_CHECK_EQ(c[i].rm, gs_f32_to_s64(c[i].x, GS_FROUND_RM, 0));
        GS_CHECK_EQ(c[i].rp, gs_f32_to_s64(c[i].x, GS_FROUND_RP, 0));
    }
    GS_CHECK_EQ(0, gs_f32_to_s64(0x00000001u, GS_FROUND_RP, 1));   /* ftz: flushed first */
    GS_CHECK_EQ(INT64_MAX, gs_f32_to_s64(0x60ad78ecu, GS_FROUND_RZ, 0));  /* 1e20 */
    GS_CHECK_EQ(INT64_MIN, gs_f32_to_s64(0xe0ad78ecu, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(INT64_MAX, gs_f32_to_s64(0x5f000000u, GS_FROUND_RZ, 0));  /* 2^63 */
    GS_CHECK_EQ(INT64_MIN, gs_f32_to_s64(0xdf000000u, GS_FROUND_RZ, 0));  /* -2^63 exact */
    GS_CHECK_EQ(0, gs_f32_to_s64(0x7fc00000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(INT64_MAX, gs_f32_to_s64(0x7f800000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(INT64_MIN, gs_f32_to_s64(0xff800000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0, gs_f32_to_u64(0xbf800000u, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(0, gs_f32_to_u64(0xbecccccdu, GS_FROUND_RZ, 0));   /* -0.4 */
    GS_CHECK_EQ(UINT64_MAX, gs_f32_to_u64(0x5f800000u, GS_FROUND_RZ, 0));  /* 2^64 */
    GS_CHECK_EQ(0x8000000000000000u, gs_f32_to_u64(0x5f000000u, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(2, gs_f32_to_u64(0x3fc00000u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0, gs_f32_to_u64(0x7fffffffu, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0xfffffffffffff800u, gs_f64_to_u64(0x43efffffffffffffu, GS_FROUND_RN));
    GS_CHECK_EQ(INT64_MIN, gs_f64_to_s64(0xc3e0000000000001u, GS_FROUND_RN));
    GS_CHECK_EQ(-3, gs_f64_to_s64(0xc004000000000000u, GS_FROUND_RM));   /* -2.5 */
    GS_CHECK_EQ(65504, gs_f16_to_s64(0x7bffu, GS_FROUND_RN));
    GS_CHECK_EQ(0, gs_f16_to_u64(0xbc00u, GS_FROUND_RN));
}

static void test_saturate_bits(void)
{
    /* cvt.rzi.s32.f32 3e9 -> saturates through s64 then 32 bits */
    GS_CHECK_EQ(2147483647, gs_sat_s64_to_bits(gs_f32_to_s64(0x4f32d05eu, GS_FROUND_RZ, 0),
                                               32));
    GS_CHECK_EQ(127, gs_sat_s64_to_bits(300, 8));
    GS_CHECK_EQ(-128, gs_sat_s64_to_bits(-300, 8));
    GS_CHECK_EQ(-5, gs_sat_s64_to_bits(-5, 8));
    GS_CHECK_EQ(-32768, gs_sat_s64_to_bits(INT64_MIN, 16));
    GS_CHECK_EQ(INT64_MIN, gs_sat_s64_to_bits(INT64_MIN, 64));
    GS_CHECK_EQ(255, gs_sat_u64_to_bits(300, 8));
    GS_CHECK_EQ(0xffffffffu, gs_sat_u64_to_bits(UINT64_MAX, 32));
    GS_CHECK_EQ(77, gs_sat_u64_to_bits(77, 8));
}

static double host_round(double x, gs_fround r)
{
    switch (r) {
    case GS_FROUND_RN: return rint(x);
    case GS_FROUND_RZ: return trunc(x);
    case GS_FROUND_RM: return floor(x);
    case GS_FROUND_RP: return ceil(x);
    }
    return x;
}

static void test_random_to_int_and_round(void)
{
    int i, m;
    ref_rng_state = 54;
    for (i = 0; i < 100000; i++) {
        uint32_t a = ref_rand_f32((uint32_t)(ref_rand() % 70) + 100);
        uint64_t d = ref_rand_f64((uint32_t)(ref_rand() % 140) + 960);
        double x = ref_f32(a), y = ref_f64(d);
        for (m = 0; m < 4; m++) {
            gs_fround r = MODES[m];
            double rx = host_round(x, r), ry = host_round(y, r);
            if (!isnan(x) && fabs(x) < 9.2e18)
                GS_CHECK_EQ((int64_t)rx, gs_f32_to_s64(a, r, 0));
            if (!isnan(y) && fabs(y) < 9.2e18)
                GS_CHECK_EQ((int64_t)ry, gs_f64_to_s64(d, r));
            if (!isnan(y) && y >= 0 && y < 1.8e19)
                GS_CHECK_EQ((uint64_t)ry, gs_f64_to_u64(d, r));
            if (!isnan(x))
                GS_CHECK_EQ(ref_bits32((float)rx), gs_f32_round_int(a, r, 0));
            if (!isnan(y))
                GS_CHECK_EQ(ref_bits64(ry), gs_f64_round_int(d, r));
        }
    }
}

static void test_round_int(void)
{
    GS_CHECK_EQ(0x40000000u, gs_f32_round_int(0x40200000u, GS_FROUND_RN, 0));   /* 2.5 -> 2 */
    GS_CHECK_EQ(0x80000000u, gs_f32_round_int(0xbe99999au, GS_FROUND_RN, 0));   /* -0.3 */
    GS_CHECK_EQ(0x80000000u, gs_f32_round_int(0xbf333333u, GS_FROUND_RP, 0));   /* -0.7 */
    GS_CHECK_EQ(0x3f800000u, gs_f32_round_int(0x3e99999au, GS_FROUND_RP, 0));   /* 0.3 */
    GS_CHECK_EQ(0x501502f9u, gs_f32_round_int(0x501502f9u, GS_FROUND_RM, 0));   /* 1e10 */
    GS_CHECK_EQ(0x7fffffffu, gs_f32_round_int(0x7fc00000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0xff800000u, gs_f32_round_int(0xff800000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x00000000u, gs_f32_round_int(0x00000001u, GS_FROUND_RP, 1));
    GS_CHECK_EQ(0x3f800000u, gs_f32_round_int(0x00000001u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0x7fffffffffffffffu, gs_f64_round_int(0xfff8000000000001u, GS_FROUND_RZ));
}

static void test_int_to_float(void)
{
    int i, m;
    GS_CHECK_EQ(0x4b800000u, gs_f32_from_s64(16777217, GS_FROUND_RZ));
    GS_CHECK_EQ(0x4b800001u, gs_f32_from_s64(16777217, GS_FROUND_RP));
    GS_CHECK_EQ(0x4b800000u, gs_f32_from_s64(16777217, GS_FROUND_RN));   /* tie to even */
    GS_CHECK_EQ(0xcb800001u, gs_f32_from_s64(-16777217, GS_FROUND_RM));
    GS_CHECK_EQ(0x5f800000u, gs_f32_from_u64(UINT64_MAX, GS_FROUND_RN));
    GS_CHECK_EQ(0x5f7fffffu, gs_f32_from_u64(UINT64_MAX, GS_FROUND_RZ));
    GS_CHECK_EQ(0xdf000000u, gs_f32_from_s64(INT64_MIN, GS_FROUND_RN));
    GS_CHECK_EQ(0u, gs_f32_from_s64(0, GS_FROUND_RM));
    GS_CHECK_EQ(0x43f0000000000000u, gs_f64_from_u64(UINT64_MAX, GS_FROUND_RN));
    GS_CHECK_EQ(0x43efffffffffffffu, gs_f64_from_u64(UINT64_MAX, GS_FROUND_RZ));
    GS_CHECK_EQ(0x7c00u, gs_f16_from_u64(65520, GS_FROUND_RN));
    GS_CHECK_EQ(0x7bffu, gs_f16_from_u64(65520, GS_FROUND_RZ));
    GS_CHECK_EQ(0xc000u, gs_f16_from_s64(-2, GS_FROUND_RN));
    ref_rng_state = 541;
    for (i = 0; i < 100000; i++) {
        uint64_t u = ref_rand() >> (ref_rand() % 64);
        int64_t s = (int64_t)(ref_rand() >> (ref_rand() % 64)) * ((ref_rand() & 1) ? -1 : 1);
        volatile float fs = (float)s, fu = (float)u;
        volatile double ds = (double)s, du = (double)u;
        GS_CHECK_EQ(ref_bits32(fs), gs_f32_from_s64(s, GS_FROUND_RN));
        GS_CHECK_EQ(ref_bits32(fu), gs_f32_from_u64(u, GS_FROUND_RN));
        GS_CHECK_EQ(ref_bits64(ds), gs_f64_from_s64(s, GS_FROUND_RN));
        GS_CHECK_EQ(ref_bits64(du), gs_f64_from_u64(u, GS_FROUND_RN));
        for (m = 1; m < 4; m++) {   /* directed: u64 -> f32 from the exact double pair */
            double hi = (double)(u >> 11 << 11), lo = (double)(u & 2047);
            GS_CHECK_EQ(ref_bits32(ref_round_f32(hi + lo, (hi + lo == hi) ? lo : 0, MODES[m])),
                        gs_f32_from_u64(u, MODES[m]));
        }
    }
}

static void test_f32_f64(void)
{
    int i, m;
    GS_CHECK_EQ(0x7fffffffffffffffu, gs_f64_from_f32(0x7fc00000u, 0));
    GS_CHECK_EQ(0x36a0000000000000u, gs_f64_from_f32(0x00000001u, 0));
    GS_CHECK_EQ(0x8000000000000000u, gs_f64_from_f32(0x80000001u, 1));
    GS_CHECK_EQ(0x7fffffffu, gs_f32_from_f64(0xfff0000000000001u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x7f7fffffu, gs_f32_from_f64(0x47f0000000000000u, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(0x7f800000u, gs_f32_from_f64(0x47f0000000000000u, GS_FROUND_RN, 0));
    GS_CHECK_EQ(0x7f800000u, gs_f32_from_f64(0x7ff0000000000000u, GS_FROUND_RZ, 0));
    GS_CHECK_EQ(0x00000001u, gs_f32_from_f64(0x0000000000000001u, GS_FROUND_RP, 0));
    GS_CHECK_EQ(0x00000000u, gs_f32_from_f64(0x0000000000000001u, GS_FROUND_RP, 1));
    GS_CHECK_EQ(0x00000000u, gs_f32_from_f64(0x3800000000000000u, GS_FROUND_RN, 1));
    ref_rng_state = 542;
    for (i = 0; i < 200000; i++) {
        uint64_t d = ref_rand_f64((uint32_t)(ref_rand() % 400) + 823);
        uint32_t a = ref_rand_f32((uint32_t)(ref_rand() % 255));
        volatile double x = ref_f64(d);
        volatile float f = ref_f32(a);
        volatile double widened = f;
        if (!isnan(x) && !isinf(x)) {   /* (an infinite input stays infinite) */
            for (m = 0; m < 4; m++)
                GS_CHECK_EQ(ref_bits32(ref_round_f32(x, 0, MODES[m])),
                            gs_f32_from_f64(d, MODES[m], 0));
        }
        if (!isnan(f))
            GS_CHECK_EQ(ref_bits64(widened), gs_f64_from_f32(a, 0));
    }
}

/* Independent f16 check: the result's f32 value is no farther from x than
 * either neighbour (ties: even), for every rounding-to-nearest result. */
static void test_f16(void)
{
    uint32_t h;
    int i;
    GS_CHECK_EQ(0x3c00u, gs_f16_from_f32(0x3f800000u, GS_FROUND_RN));
    GS_CHECK_EQ(0x7bffu, gs_f16_from_f32(0x477fe000u, GS_FROUND_RN));      /* 65504 */
    GS_CHECK_EQ(0x7c00u, gs_f16_from_f32(0x477ff000u, GS_FROUND_RN));      /* 65520 */
    GS_CHECK_EQ(0x7bffu, gs_f16_from_f32(0x477ff000u, GS_FROUND_RZ));
    GS_CHECK_EQ(0x0001u, gs_f16_from_f32(0x33800000u, GS_FROUND_RN));      /* 2^-24 */
    GS_CHECK_EQ(0x0000u, gs_f16_from_f32(0x33000000u, GS_FROUND_RN));      /* 2^-25 tie */
    GS_CHECK_EQ(0x0001u, gs_f16_from_f32(0x33000001u, GS_FROUND_RN));
    GS_CHECK_EQ(0x0001u, gs_f16_from_f32(0x00000001u, GS_FROUND_RP));
    GS_CHECK_EQ(0x2e66u, gs_f16_from_f32(0x3dcccccdu, GS_FROUND_RN));      /* 0.1 */
    GS_CHECK_EQ(0x7fffu, gs_f16_from_f32(0xffc00000u, GS_FROUND_RN));
    GS_CHECK_EQ(0x8000u, gs_f16_from_f32(0x80000000u, GS_FROUND_RN));
    GS_CHECK_EQ(0x33800000u, gs_f32_from_f16(0x0001u));
    GS_CHECK_EQ(0x7fffffffu, gs_f32_from_f16(0x7e00u));
    GS_CHECK_EQ(0xff800000u, gs_f32_from_f16(0xfc00u));
    GS_CHECK_EQ(0x3f80u, gs_bf16_from_f32(0x3f808000u, GS_FROUND_RN));     /* tie, even */
    GS_CHECK_EQ(0x3f82u, gs_bf16_from_f32(0x3f818000u, GS_FROUND_RN));
    GS_CHECK_EQ(0x3f81u, gs_bf16_from_f32(0x3f808000u, GS_FROUND_RP));
    GS_CHECK_EQ(0x3f810000u, gs_f32_from_bf16(0x3f81u));
    GS_CHECK_EQ(0x3c00u, gs_f16_from_f64(0x3ff0000000000000u, GS_FROUND_RN));
    GS_CHECK_EQ(0x3ff0000000000000u, gs_f64_from_f16(0x3c00u));
    for (h = 0; h < 0x10000u; h++) {   /* exhaustive round trip */
        uint32_t f = gs_f32_from_f16((uint16_t)h);
        int is_nan = (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu);
        GS_CHECK_EQ(is_nan ? 0x7fffu : h, gs_f16_from_f32(f, GS_FROUND_RN));
        GS_CHECK_EQ(is_nan ? 0x7fffu : h, gs_f16_from_f32(f, GS_FROUND_RZ));
    }
    ref_rng_state = 543;
    for (i = 0; i < 100000; i++) {
        uint32_t a = ref_rand_f32((uint32_t)(ref_rand() % 50) + 100);
        uint16_t r = gs_f16_from_f32(a, GS_FROUND_RN);
        double x = ref_f32(a), v, dn, up, dv;
        if (isnan(x) || (r & 0x7c00u) == 0x7c00u)
            continue;
        v = ref_f32(gs_f32_from_f16(r));
        dv = fabs(v - x);
        dn = fabs((double)ref_f32(gs_f32_from_f16((uint16_t)(r - 1))) - x);
        up = fabs((double)ref_f32(gs_f32_from_f16((uint16_t)(r + 1))) - x);
        if ((r & 0x7fffu) != 0)
            GS_CHECK(dv < dn || (dv == dn && !(r & 1)));
        if ((r & 0x7fffu) != 0x7bffu)
            GS_CHECK(dv < up || (dv == up && !(r & 1)));
    }
}

int main(void)
{
    GS_RUN(test_float_to_int);
    GS_RUN(test_saturate_bits);
    GS_RUN(test_random_to_int_and_round);
    GS_RUN(test_round_int);
    GS_RUN(test_int_to_float);
    GS_RUN(test_f32_f64);
    GS_RUN(test_f16);
    return gs_check_report();
}
