/*
 * fpmath f64 round-to-nearest arithmetic against the host's IEEE results
 * (DESIGN.md section 4): add, sub, mul, div, sqrt, rcp and fma (C99 fma,
 * correctly rounded) on seeded random operands plus an edge-value grid.
 * A NaN result must be the canonical 0x7fffffffffffffff.
 */
#include "check.h"
#include "fpmath_ref.h"

#define CANON_NAN64 0x7fffffffffffffffu

static int mismatches;

static void expect64(double host, uint64_t got, const char *what, uint64_t a, uint64_t b)
{
    uint64_t want = isnan(host) ? CANON_NAN64 : ref_bits64(host);
    if (want != got) {
        if (mismatches++ < 8)
            printf("  %s(%016llx, %016llx): want %016llx got %016llx\n", what,
                   (unsigned long long)a, (unsigned long long)b, (unsigned long long)want,
                   (unsigned long long)got);
        GS_CHECK_EQ(want, got);
    }
}

static void check_one(uint64_t a, uint64_t b, uint64_t c)
{
    volatile double x = ref_f64(a), y = ref_f64(b), z = ref_f64(c), r;
    r = x + y;
    expect64(r, gs_f64_add(a, b, GS_FROUND_RN), "add", a, b);
    r = x - y;
    expect64(r, gs_f64_sub(a, b, GS_FROUND_RN), "sub", a, b);
    r = x * y;
    expect64(r, gs_f64_mul(a, b, GS_FROUND_RN), "mul", a, b);
    r = x / y;
    expect64(r, gs_f64_div(a, b, GS_FROUND_RN), "div", a, b);
    r = 1.0 / x;
    expect64(r, gs_f64_rcp(a, GS_FROUND_RN), "rcp", a, 0);
    r = sqrt(x);
    expect64(r, gs_f64_sqrt(a, GS_FROUND_RN), "sqrt", a, 0);
    r = fma(x, y, z);
    expect64(r, gs_f64_fma(a, b, c, GS_FROUND_RN), "fma", a, c);
}

static void test_random_operands(void)
{
    int i;
    ref_rng_state = 510;
    for (i = 0; i < 200000; i++) {
        uint32_t e = (uint32_t)(ref_rand() % 2047);
        check_one(ref_rand_f64(e), ref_rand_f64(e), ref_rand_f64(e));
    }
}

static void test_fma_cancellation(void)
{
    int i;
    ref_rng_state = 511;
    for (i = 0; i < 100000; i++) {
        uint64_t a = ref_rand_f64((uint32_t)(ref_rand() % 1800) + 100);
        uint64_t b = ref_rand_f64(1023);
        volatile double p = ref_f64(a) * ref_f64(b);
        check_one(a, b, ref_bits64(-p) ^ (ref_rand() & 3));
    }
}

static void test_edge_grid(void)
{
    static const uint64_t v[] = {
        0, 0x8000000000000000u, 1, 0x8000000000000001u, 0x000fffffffffffffu,
        0x0010000000000000u, 0x3ff0000000000000u, 0xbff0000000000000u,
        0x3ff0000000000001u, 0x3fefffffffffffffu, 0x7fefffffffffffffu,
        0xffefffffffffffffu, 0x7ff0000000000000u, 0xfff0000000000000u,
        0x7ff8000000000000u, 0x7ff0000000000001u, 0x3ca0000000000000u,
        0x3ca0000000000001u, 0x4340000000000001u, 0x0008000000000000u, 0x400921fb54442d18u
    };
    unsigned i, j, k, n = sizeof v / sizeof v[0];
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (k = 0; k < n; k++)
                check_one(v[i], v[j], v[k]);
}

static void test_exact_values(void)
{
    /* 1 + 2^-53 ties to even (1.0); 0.1 + 0.2 = 0x3fd3333333333334 */
    GS_CHECK_EQ(0x3ff0000000000000u,
                gs_f64_add(0x3ff0000000000000u, 0x3ca0000000000000u, GS_FROUND_RN));
    GS_CHECK_EQ(0x3fd3333333333334u,
                gs_f64_add(0x3fb999999999999au, 0x3fc999999999999au, GS_FROUND_RN));
    GS_CHECK_EQ(0x3ff6a09e667f3bcdu, gs_f64_sqrt(0x4000000000000000u, GS_FROUND_RN));
    GS_CHECK_EQ(0x3fd5555555555555u,
                gs_f64_div(0x3ff0000000000000u, 0x4008000000000000u, GS_FROUND_RN));
    GS_CHECK_EQ(CANON_NAN64, gs_f64_div(0, 0x8000000000000000u, GS_FROUND_RN));
    GS_CHECK_EQ(0x0000000000000001u, gs_f64_mul(0x0010000000000000u, 0x3cb0000000000000u,
                                                GS_FROUND_RN));
}

int main(void)
{
    GS_RUN(test_exact_values);
    GS_RUN(test_edge_grid);
    GS_RUN(test_random_operands);
    GS_RUN(test_fma_cancellation);
    return gs_check_report();
}
