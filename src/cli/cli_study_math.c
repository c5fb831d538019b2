/*
 * The study collector's arithmetic: integer and fixed-point only, so a
 * study's table has the same bytes on every host (DESIGN.md section 4).
 * Every value is a fixed-point number with 6 decimals (GS_STUDY_SCALE).
 *
 *   ratio   round(a / b) for rationals a = a_num/a_den, b = b_num/b_den,
 *           computed as (a_num b_den S + d/2) / d with d = a_den b_num in
 *           128-bit integers (S = 10^6); rounding is half up.
 *   amean   round(sum v_i / n).
 *   hmean   round(n 10^24 / sum r_i) with r_i = round(10^24 / v_i): the
 *           reciprocals carry 18 decimals, so for values above 10^-6 the
 *           result is within one unit of the last place of the exact mean
 *           (tests/test_study.py checks both the formula and that bound).
 *   gmean   exact: the largest g with (2g - 1)^n <= 2^n prod v_i, that is
 *           the exact geometric mean rounded half up, found by bisection on
 *           multi-precision integers (no logarithms, no floating point).
 * A mean over a zero value (hmean, gmean) or an overflow is undefined
 * (the functions return 0; the collector prints "n/a").
 */
#include <string.h>

#include "cli/cli_study.h"

/* 128-bit integers: the fp layer's (fp/fpmath_soft.h), plus the two operations it
 * lacks, a product with an overflow flag and a division. */
typedef gs_u128 u128;

static u128 u128_of(uint64_t v)
{
    u128 r;
    r.hi = 0;
    r.lo = v;
    return r;
}

/* a * b; *overflow set when the product needs more than 128 bits. */
static u128 u128_mul(u128 a, uint64_t b, int *overflow)
{
    u128 low = gs_u128_mul64(a.lo, b), high = gs_u128_mul64(a.hi, b);
    if (high.hi != 0 || low.hi + high.lo < low.hi)
        *overflow = 1;
    low.hi += high.lo;
    return low;
}

static u128 u128_add(u128 a, u128 b, int *overflow)
{
    u128 r = gs_u128_add(a, b);
    if (gs_u128_cmp(r, a) < 0)
        *overflow = 1;
    return r;
}

/* n / d by shift and subtract (d != 0). */
static u128 u128_div(u128 n, u128 d)
{
    u128 q = u128_of(0), r = u128_of(0);
    int bit;
    for (bit = 127; bit >= 0; bit--) {
        uint64_t in = bit >= 64 ? (n.hi >> (bit - 64)) & 1u : (n.lo >> bit) & 1u;
        r.hi = (r.hi << 1) | (r.lo >> 63);
        r.lo = (r.lo << 1) | in;
        if (gs_u128_cmp(r, d) >= 0) {
            r = gs_u128_sub(r, d);
            if (bit >= 64)
                q.hi |= (uint64_t)1 << (bit - 64);
            else
                q.lo |= (uint64_t)1 << bit;
        }
    }
    return q;
}

/* round(n / d) half up in 128 bits; 0 on a zero divisor or an overflow. */
static int round_div128(u128 n, u128 d, u128 *q)
{
    int overflow = 0;
    if (d.hi == 0 && d.lo == 0)
        return 0;
    n = u128_add(n, gs_u128_shr(d, 1), &overflow);
    *q = u128_div(n, d);
    return !overflow;
}

/* round(n / d) half up, when it fits 62 bits (room for gmean's 2g - 1). */
static int round_div(u128 n, u128 d, uint64_t *out)
{
    u128 q;
    if (!round_div128(n, d, &q) || q.hi != 0 || (q.lo >> 62) != 0)
        return 0;
    *out = q.lo;
    return 1;
}

int gs_study_fixed_ratio(uint64_t a_num, uint64_t a_den, uint64_t b_num, uint64_t b_den,
                         uint64_t *out)
{
    int overflow = 0;
    u128 n = u128_mul(gs_u128_mul64(a_num, b_den), GS_STUDY_SCALE, &overflow);
    u128 d = gs_u128_mul64(a_den, b_num);
    return !overflow && round_div(n, d, out);
}

int gs_study_amean(const uint64_t *v, uint32_t n, uint64_t *out)
{
    u128 sum = u128_of(0);
    int overflow = 0;
    uint32_t i;
    if (n == 0)
        return 0;
    for (i = 0; i < n; i++)
        sum = u128_add(sum, u128_of(v[i]), &overflow);
    return !overflow && round_div(sum, u128_of(n), out);
}

int gs_study_hmean(const uint64_t *v, uint32_t n, uint64_t *out)
{
    const u128 e24 = gs_u128_mul64(1000000000000ull, 1000000000000ull);
    u128 sum = u128_of(0), total;
    int overflow = 0;
    uint32_t i;
    if (n == 0)
        return 0;
    for (i = 0; i < n; i++) {
        u128 r;   /* up to 10^24: 128 bits */
        if (v[i] == 0 || !round_div128(e24, u128_of(v[i]), &r))
            return 0;
        sum = u128_add(sum, r, &overflow);
    }
    total = u128_mul(e24, n, &overflow);
    return !overflow && round_div(total, sum, out);
}

/* ---- multi-precision integers for the exact geometric mean ---- */

#define BN_LIMBS (2u * GS_STUDY_MAX_WORKLOADS + 16u)

typedef struct bignum {
    uint32_t limb[BN_LIMBS];   /* little-endian base 2^32 */
    uint32_t used;
} bignum;

static void bn_set(bignum *a, uint32_t v)
{
    memset(a, 0, sizeof *a);
    a->limb[0] = v;
    a->used = 1;
}

/* a = a * x + add; returns 0 when it would not fit. */
static int bn_mul_small(bignum *a, uint32_t x)
{
    uint64_t carry = 0;
    uint32_t i;
    for (i = 0; i < a->used; i++) {
        uint64_t t = (uint64_t)a->limb[i] * x + carry;
        a->limb[i] = (uint32_t)t;
        carry = t >> 32;
    }
    if (carry) {
        if (a->used == BN_LIMBS)
            return 0;
        a->limb[a->used++] = (uint32_t)carry;
    }
    return 1;
}

/* a *= v (v < 2^64): a*lo + (a*hi << 32). */
static int bn_mul_u64(bignum *a, uint64_t v)
{
    static bignum high;
    uint64_t carry = 0;
    uint32_t i;
    high = *a;
    if (!bn_mul_small(a, (uint32_t)v) || !bn_mul_small(&high, (uint32_t)(v >> 32)))
        return 0;
    if (high.used + 1u > BN_LIMBS)
        return 0;
    while (a->used < high.used + 1u)
        a->limb[a->used++] = 0;
    for (i = 0; i < high.used || carry; i++) {
        uint64_t t;
        if (i + 1u >= BN_LIMBS)
            return 0;
        if (i + 1u >= a->used)
            a->limb[a->used++] = 0;
        t = (uint64_t)a->limb[i + 1u] + (i < high.used ? high.limb[i] : 0u) + carry;
        a->limb[i + 1u] = (uint32_t)t;
        carry = t >> 32;
    }
    while (a->used > 1u && a->limb[a->used - 1u] == 0)
        a->used--;
    return 1;
}

static int bn_le(const bignum *a, const bignum *b)
{
    uint32_t i;
    if (a->used != b->used)
        return a->used < b->used;
    for (i = a->used; i-- > 0;)
        if (a->limb[i] != b->limb[i])
            return a->limb[i] < b->limb[i];
    return 1;
}

/* (2g - 1)^n <= bound */
static int gmean_fits(uint64_t g, uint32_t n, const bignum *bound)
{
    static bignum power;
    uint32_t i;
    bn_set(&power, 1);
    for (i = 0; i < n; i++)
        if (!bn_mul_u64(&power, 2u * g - 1u) || !bn_le(&power, bound))
            return 0;
    return 1;
}

int gs_study_gmean(const uint64_t *v, uint32_t n, uint64_t *out)
{
    static bignum bound;   /* 2^n prod v_i */
    uint64_t lo, hi;
    uint32_t i;
    if (n == 0 || n > GS_STUDY_MAX_WORKLOADS)
        return 0;
    bn_set(&bound, 1);
    lo = hi = v[0];
    for (i = 0; i < n; i++) {
        if (v[i] == 0 || (v[i] >> 62) != 0 || !bn_mul_u64(&bound, v[i]) ||
            !bn_mul_small(&bound, 2u))
            return 0;
        lo = v[i] < lo ? v[i] : lo;
        hi = v[i] > hi ? v[i] : hi;
    }
    while (lo < hi) {   /* lo always fits: (2 min - 1)^n < 2^n min^n */
        uint64_t mid = lo + (hi - lo + 1u) / 2u;
        if (gmean_fits(mid, n, &bound))
            lo = mid;
        else
            hi = mid - 1u;
    }
    *out = lo;
    return 1;
}

void gs_study_fixed_text(uint64_t v, unsigned decimals, char *out, size_t capacity)
{
    uint64_t unit = 1;
    unsigned i;
    for (i = decimals; i < 6u; i++)
        unit *= 10u;
    v = (v + unit / 2u) / unit;
    if (decimals == 0) {
        gs_fmt(out, capacity, "%llu", (unsigned long long)v);
        return;
    }
    {
        char frac[8];
        uint64_t f;
        for (unit = 1, i = 0; i < decimals; i++)
            unit *= 10u;
        f = v % unit;
        for (i = decimals; i-- > 0; f /= 10u)   /* zero-padded, no '*' width in gs_fmt */
            frac[i] = (char)('0' + (int)(f % 10u));
        frac[decimals] = '\0';
        gs_fmt(out, capacity, "%llu.%s", (unsigned long long)(v / unit), frac);
    }
}
