/*
 * Test-only helpers for the fpmath tests (050..056): bit casts, a seeded
 * operand generator and an INDEPENDENT reference for directed rounding,
 * written with host IEEE double arithmetic (not the soft-float under test):
 * the exact result is carried as an unevaluated sum s + err of doubles
 * (TwoSum / exact products / residuals), the host's round-to-nearest float
 * is then moved one step when it lies on the wrong side of the exact value.
 */
#ifndef GS_TEST_FPMATH_REF_H
#define GS_TEST_FPMATH_REF_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fp/fpmath.h"

/* Not every test uses every helper. */
#if defined(__GNUC__)
#define REF_FN static __attribute__((unused))
#else
#define REF_FN static
#endif

REF_FN float ref_f32(uint32_t bits) { float f; memcpy(&f, &bits, 4); return f; }
REF_FN uint32_t ref_bits32(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
REF_FN double ref_f64(uint64_t bits) { double d; memcpy(&d, &bits, 8); return d; }
REF_FN uint64_t ref_bits64(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }

REF_FN uint64_t ref_rng_state;

REF_FN uint64_t ref_rand(void)   /* splitmix64 */
{
    uint64_t z = (ref_rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* An f32 operand: often an edge value, else random bits with a biased
 * exponent so that sums cancel, results land near under/overflow, etc. */
REF_FN uint32_t ref_rand_f32(uint32_t near_exp)
{
    static const uint32_t edges[] = {
        0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x00800000u, 0x7f7fffffu,
        0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x3f800000u, 0xbf800000u,
        0x3f800001u, 0x3f7fffffu, 0x00400000u, 0x4b800000u, 0x33800000u, 0x7fffffffu
    };
    uint64_t r = ref_rand();
    uint32_t kind = (uint32_t)(r >> 60), bits = (uint32_t)r;
    if (kind == 0)
        return edges[(r >> 32) % (sizeof edges / sizeof edges[0])];
    if (kind < 4)
        return bits;
    {
        int32_t e = (int32_t)near_exp + (int32_t)((r >> 32) % 61) - 30;
        if (e < 0) e = 0;
        if (e > 254) e = 254;
        return (bits & 0x807fffffu) | ((uint32_t)e << 23);
    }
}

REF_FN uint64_t ref_rand_f64(uint32_t near_exp)
{
    static const uint64_t edges[] = {
        0, 0x8000000000000000u, 1, 0x800fffffffffffffu, 0x0010000000000000u,
        0x7fefffffffffffffu, 0x7ff0000000000000u, 0xfff0000000000000u,
        0x7ff8000000000000u, 0x3ff0000000000000u, 0x3ff0000000000001u, 0x3fefffffffffffffu
    };
    uint64_t r = ref_rand(), r2 = ref_rand();
    uint32_t kind = (uint32_t)(r2 >> 60);
    if (kind == 0)
        return edges[(r2 >> 8) % (sizeof edges / sizeof edges[0])];
    if (kind < 4)
        return r;
    {
        int32_t e = (int32_t)near_exp + (int32_t)((r2 >> 8) % 121) - 60;
        if (e < 0) e = 0;
        if (e > 2046) e = 2046;
        return (r & 0x800fffffffffffffu) | ((uint64_t)e << 52);
    }
}

/* Exact x = s + err (err = 0 or much smaller than s) rounded to f32 with mode
 * r: start from the host's nearest float and step once if needed. */
REF_FN float ref_round_f32(double s, double err, gs_fround r)
{
    float f = (float)s;
    double below;   /* sign of (exact - f) */
    if (r == GS_FROUND_RN && err == 0)
        return f;
    below = (s - (double)f) + err;
    if (isinf(f))
        below = f > 0 ? -1.0 : 1.0;
    if (r == GS_FROUND_RN) {
        /* s is the double nearest the exact value; only a float halfway
         * case can be decided wrongly, so decide between the two floats
         * around the exact value: (exact - lo) - (hi - exact) = m + 2 err,
         * with m exact and |2 err| <= |m| unless m == 0. */
        float lo, hi;
        double m, d;
        if (isinf(f) || below == 0)
            return f;
        lo = below < 0 ? nextafterf(f, -INFINITY) : f;
        hi = below < 0 ? f : nextafterf(f, INFINITY);
        if (isinf(lo) || isinf(hi))
            return f;
        m = (s - (double)lo) - ((double)hi - s);
        d = m + 2.0 * err;
        if (d > 0) return hi;
        if (d < 0) return lo;
        return (ref_bits32(lo) & 1) ? hi : lo;
    }
    if (r == GS_FROUND_RM && below < 0)
        return nextafterf(f, -INFINITY);
    if (r == GS_FROUND_RP && below > 0)
        return nextafterf(f, INFINITY);
    if (r == GS_FROUND_RZ && ((f > 0 && below < 0) || (f < 0 && below > 0)))
        return nextafterf(f, 0.0f);
    if (r == GS_FROUND_RZ && isinf(f))
        return nextafterf(f, 0.0f);
    return f;
}

/* Error-free sum (Knuth TwoSum): a + b = *s + *err exactly (no overflow). */
REF_FN void ref_two_sum(double a, double b, double *s, double *err)
{
    volatile double sum = a + b;
    volatile double bb = sum - a;
    volatile double e = (a - (sum - bb)) + (b - bb);
    *s = sum;
    *err = e;
}

/* Distance in ulps (of the f32 grid) between two finite floats of equal sign
 * or zero: difference of their ordered integer codes. */
REF_FN int64_t ref_ulp_diff32(uint32_t a, uint32_t b)
{
    int64_t ia = (a & 0x80000000u) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)a;
    int64_t ib = (b & 0x80000000u) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
    return ia > ib ? ia - ib : ib - ia;
}

/* The f32 ulp at the magnitude of x (x finite), as a double. */
REF_FN double ref_ulp32(double x)
{
    int e;
    x = fabs(x);
    if (x < 1.1754943508222875e-38)
        return ldexp(1.0, -149);
    frexp(x, &e);
    return ldexp(1.0, e - 24);
}

#endif
