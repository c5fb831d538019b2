/*
 * Correctly rounded IEEE-754 add, multiply, fused multiply-add, divide,
 * square root and reciprocal square root on any binary format, by exact
 * integer computation plus a sticky bit (DESIGN.md section 4; IEEE 754-2008
 * sections 5.4 and 6; PTX ISA "Floating-Point Instructions"). Special values:
 * any NaN operand or an invalid operation (inf - inf, 0 * inf, 0/0, inf/inf,
 * sqrt of a negative) gives the canonical NaN, as NVIDIA GPUs do; an exact
 * zero sum is +0 except under .rm, where it is -0 (IEEE 754 section 6.3).
 */
#include "fp/fpmath_soft.h"

/* Sign of an exact zero sum x + y (IEEE 754-2008 section 6.3). */
static int zero_sum_sign(int sx, int sy, gs_fround r)
{
    if (sx == sy)
        return sx;
    return r == GS_FROUND_RM;
}

static uint64_t add_finite(const gs_fp_format *f, gs_fp_value x, gs_fp_value y, gs_fround r)
{
    gs_fp_value t;
    uint64_t sum;
    if (y.exp > x.exp || (y.exp == x.exp && y.sig > x.sig)) {
        t = x;
        x = y;
        y = t;
    }
    /* Two spare bits on top for the carry; no format fills the low 11 bits,
     * so these shifts are exact. Aligning y jams its lost bits into bit 0:
     * with two or more guard bits the rounding is unaffected. */
    x.sig >>= 2;
    y.sig = gs_shr_jam64(y.sig >> 2, (uint32_t)(x.exp - y.exp));
    if (x.sign == y.sign)
        sum = x.sig + y.sig;
    else
        sum = x.sig - y.sig;
    if (sum == 0)
        return gs_fp_zero(f, zero_sum_sign(x.sign, y.sign, r));
    return gs_fp_round_pack(f, x.sign, x.exp + 2, sum, r);
}

uint64_t gs_fp_add(const gs_fp_format *f, uint64_t a, uint64_t b, gs_fround r)
{
    gs_fp_value x = gs_fp_unpack(f, a), y = gs_fp_unpack(f, b);
    if (x.cls == GS_FP_NAN || y.cls == GS_FP_NAN)
        return gs_fp_nan(f);
    if (x.cls == GS_FP_INF) {
        if (y.cls == GS_FP_INF && x.sign != y.sign)
            return gs_fp_nan(f);
        return gs_fp_inf(f, x.sign);
    }
    if (y.cls == GS_FP_INF)
        return gs_fp_inf(f, y.sign);
    if (x.cls == GS_FP_ZERO && y.cls == GS_FP_ZERO)
        return gs_fp_zero(f, zero_sum_sign(x.sign, y.sign, r));
    if (x.cls == GS_FP_ZERO)
        return b;
    if (y.cls == GS_FP_ZERO)
        return a;
    return add_finite(f, x, y, r);
}

uint64_t gs_fp_mul(const gs_fp_format *f, uint64_t a, uint64_t b, gs_fround r)
{
    gs_fp_value x = gs_fp_unpack(f, a), y = gs_fp_unpack(f, b);
    int sign = x.sign ^ y.sign;
    gs_u128 p;
    if (x.cls == GS_FP_NAN || y.cls == GS_FP_NAN)
        return gs_fp_nan(f);
    if (x.cls == GS_FP_INF || y.cls == GS_FP_INF) {
        if (x.cls == GS_FP_ZERO || y.cls == GS_FP_ZERO)
            return gs_fp_nan(f);
        return gs_fp_inf(f, sign);
    }
    if (x.cls == GS_FP_ZERO || y.cls == GS_FP_ZERO)
        return gs_fp_zero(f, sign);
    p = gs_u128_mul64(x.sig, y.sig);
    return gs_fp_round_pack(f, sign, x.exp + y.exp + 64, p.hi | (p.lo != 0), r);
}

/* Exact a*b + c for finite nonzero a, b, c: both addends as 128-bit
 * integers with the leading bit at 125; the smaller is aligned with a
 * sticky jam (products have at most 106 significant bits, so the low 20
 * bits are free and the shifts before alignment are exact). */
static uint64_t fma_finite(const gs_fp_format *f, gs_fp_value x, gs_fp_value y,
                           gs_fp_value z, gs_fround r)
{
    gs_u128 p = gs_u128_mul64(x.sig, y.sig), c, big, small, sum;
    int32_t pe = x.exp + y.exp, ce = z.exp - 64, be, se;
    int psign = x.sign ^ y.sign, bsign, ssign;
    c.hi = z.sig;
    c.lo = 0;
    if (p.hi >> 63) {
        p = gs_u128_shr(p, 2);
        pe += 2;
    } else {
        p = gs_u128_shr(p, 1);
        pe += 1;
    }
    c = gs_u128_shr(c, 2);
    ce += 2;
    if (pe > ce || (pe == ce && gs_u128_cmp(p, c) >= 0)) {
        big = p; be = pe; bsign = psign; small = c; se = ce; ssign = z.sign;
    } else {
        big = c; be = ce; bsign = z.sign; small = p; se = pe; ssign = psign;
    }
    small = gs_u128_shr_jam(small, (uint32_t)(be - se));
    sum = bsign == ssign ? gs_u128_add(big, small) : gs_u128_sub(big, small);
    if ((sum.hi | sum.lo) == 0)
        return gs_fp_zero(f, zero_sum_sign(bsign, ssign, r));
    return gs_fp_pack_wide(f, bsign, be, sum, r);
}

uint64_t gs_fp_fma(const gs_fp_format *f, uint64_t a, uint64_t b, uint64_t c, gs_fround r)
{
    gs_fp_value x = gs_fp_unpack(f, a), y = gs_fp_unpack(f, b), z = gs_fp_unpack(f, c);
    int psign = x.sign ^ y.sign;
    gs_u128 p;
    if (x.cls == GS_FP_NAN || y.cls == GS_FP_NAN || z.cls == GS_FP_NAN)
        return gs_fp_nan(f);
    if (x.cls == GS_FP_INF || y.cls == GS_FP_INF) {
        if (x.cls == GS_FP_ZERO || y.cls == GS_FP_ZERO)
            return gs_fp_nan(f);
        if (z.cls == GS_FP_INF && z.sign != psign)
            return gs_fp_nan(f);
        return gs_fp_inf(f, psign);
    }
    if (z.cls == GS_FP_INF)
        return c;
    if (x.cls == GS_FP_ZERO || y.cls == GS_FP_ZERO) {
        if (z.cls == GS_FP_ZERO)
            return gs_fp_zero(f, zero_sum_sign(psign, z.sign, r));
        return c;
    }
    if (z.cls == GS_FP_ZERO) {
        p = gs_u128_mul64(x.sig, y.sig);
        return gs_fp_round_pack(f, psign, x.exp + y.exp + 64, p.hi | (p.lo != 0), r);
    }
    return fma_finite(f, x, y, z, r);
}

/* Restoring long division: floor(n / d * 2^(bits - 1)) for n, d in
 * [2^62, 2^63), with the remainder's nonzero-ness ORed into bit 0. */
static uint64_t div_sig(uint64_t n, uint64_t d, int bits)
{
    uint64_t q = 0;
    int i;
    for (i = 0; i < bits; i++) {   /* branch-free: quotient bits are random */
        uint64_t ge = (uint64_t)(n >= d);
        n -= d & ((uint64_t)0 - ge);
        q = (q << 1) | ge;
        n <<= 1;
    }
    return q | (n != 0);
}

uint64_t gs_fp_div(const gs_fp_format *f, uint64_t a, uint64_t b, gs_fround r)
{
    gs_fp_value x = gs_fp_unpack(f, a), y = gs_fp_unpack(f, b);
    int sign = x.sign ^ y.sign, bits;
    if (x.cls == GS_FP_NAN || y.cls == GS_FP_NAN)
        return gs_fp_nan(f);
    if (x.cls == GS_FP_INF)
        return y.cls == GS_FP_INF ? gs_fp_nan(f) : gs_fp_inf(f, sign);
    if (y.cls == GS_FP_INF)
        return gs_fp_zero(f, sign);
    if (y.cls == GS_FP_ZERO)
        return x.cls == GS_FP_ZERO ? gs_fp_nan(f) : gs_fp_inf(f, sign);
    if (x.cls == GS_FP_ZERO)
        return gs_fp_zero(f, sign);
    /* q = floor(xs/ys * 2^(bits-1)) has at least p + 2 significant bits,
     * so the sticky bit 0 lies below the rounding position. */
    bits = (int)f->man_bits + 4;
    return gs_fp_round_pack(f, sign, x.exp - y.exp - (bits - 1),
                            div_sig(x.sig >> 1, y.sig >> 1, bits), r);
}

/* Digit-by-digit integer square root of a 64-bit value, with remainder. */
static uint64_t isqrt64(uint64_t x, int *inexact)
{
    uint64_t res = 0, bit = (uint64_t)1 << ((63 - gs_clz64(x)) & ~1);
    while (bit) {
        uint64_t trial = res + bit, ge = (uint64_t)(x >= trial), mask = (uint64_t)0 - ge;
        x -= trial & mask;
        res = (res >> 1) + (bit & mask);
        bit >>= 2;
    }
    *inexact = x != 0;
    return res;
}

/* Formats of at most 24 significant bits (f32, f16, bf16): the radicand
 * m in [2^52, 2^54) gives a root of 27 bits (p + 3) in 64-bit arithmetic. */
static uint64_t sqrt_narrow(const gs_fp_format *f, gs_fp_value x, gs_fround r)
{
    uint64_t m = x.sig >> 11, root;
    int32_t e = x.exp + 11;
    int inexact;
    if ((uint32_t)e & 1) {
        m <<= 1;
        e -= 1;
    }
    root = isqrt64(m, &inexact);
    return gs_fp_round_pack(f, 0, e / 2, root | (uint64_t)inexact, r);
}

uint64_t gs_fp_sqrt(const gs_fp_format *f, uint64_t a, gs_fround r)
{
    gs_fp_value x = gs_fp_unpack(f, a);
    gs_u128 m, root;
    int32_t e;
    int inexact;
    if (x.cls == GS_FP_NAN || (x.sign && x.cls != GS_FP_ZERO))
        return gs_fp_nan(f);
    if (x.cls != GS_FP_FINITE)
        return a;   /* +inf, +0 and -0 are their own square roots */
    if (f->man_bits <= 23)
        return sqrt_narrow(f, x, r);
    /* value = sig * 2^exp = m * 2^e with e even and m in [2^125, 2^127) */
    m.hi = x.sig >> 2;
    m.lo = x.sig << 62;
    e = x.exp - 62;
    if ((uint32_t)e & 1) {
        m = gs_u128_shl(m, 1);
        e -= 1;
    }
    root = gs_u128_isqrt(m, &inexact);   /* 63 significant bits */
    return gs_fp_round_pack(f, 0, e / 2, root.lo | (uint64_t)inexact, r);
}

/* floor(2^k / d) for d < 2^63 and a quotient below 2^128, by long division
 * of the single-bit dividend; *inexact is set when a remainder is left. */
static gs_u128 div_pow2(unsigned k, uint64_t d, int *inexact)
{
    gs_u128 q = {0, 0};
    uint64_t rem = 0;
    unsigned i;
    for (i = 0; i <= k; i++) {
        rem = (rem << 1) | (i == 0);
        q = gs_u128_shl(q, 1);
        if (rem >= d) {
            rem -= d;
            q.lo |= 1;
        }
    }
    *inexact = rem != 0;
    return q;
}

/* floor(2^k / d) for a quotient below 2^64 (64-bit variant of div_pow2). */
static uint64_t div_pow2_64(unsigned k, uint64_t d, int *inexact)
{
    uint64_t q = 0, rem = 0;
    unsigned i;
    for (i = 0; i <= k; i++) {
        uint64_t ge;
        rem = (rem << 1) | (i == 0);
        ge = (uint64_t)(rem >= d);
        rem -= d & ((uint64_t)0 - ge);
        q = (q << 1) | ge;
    }
    *inexact = rem != 0;
    return q;
}

/* rsqrt for formats of at most 24 significant bits: m in [2^23, 2^25),
 * floor(2^80 / m) in (2^55, 2^57], a root of at least 27 bits (p + 3). */
static uint64_t rsqrt_narrow(const gs_fp_format *f, gs_fp_value x, gs_fround r)
{
    uint64_t m = x.sig >> 40, z, root;
    int32_t e = x.exp + 40;
    int inexact_div, inexact_sqrt;
    if ((uint32_t)e & 1) {
        m <<= 1;
        e -= 1;
    }
    z = div_pow2_64(80, m, &inexact_div);
    root = isqrt64(z, &inexact_sqrt);
    return gs_fp_round_pack(f, 0, -40 - e / 2, root | (uint64_t)(inexact_div | inexact_sqrt),
                            r);
}

/* 1/sqrt(a) correctly rounded: with a = m * 2^e (m in [2^52, 2^54), e even)
 * the result is sqrt(floor(2^178 / m)) * 2^(-89 - e/2); flooring before the
 * square root does not change floor(sqrt(.)), and the result is exact only
 * when neither step leaves a remainder. */
uint64_t gs_fp_rsqrt(const gs_fp_format *f, uint64_t a, gs_fround r)
{
    gs_fp_value x = gs_fp_unpack(f, a);
    gs_u128 z, root;
    uint64_t m;
    int32_t e;
    int inexact_div, inexact_sqrt;
    if (x.cls == GS_FP_NAN || (x.sign && x.cls != GS_FP_ZERO))
        return gs_fp_nan(f);
    if (x.cls == GS_FP_ZERO)
        return gs_fp_inf(f, x.sign);
    if (x.cls == GS_FP_INF)
        return gs_fp_zero(f, 0);
    if (f->man_bits <= 23)
        return rsqrt_narrow(f, x, r);
    m = x.sig >> 11;
    e = x.exp + 11;
    if ((uint32_t)e & 1) {
        m <<= 1;
        e -= 1;
    }
    z = div_pow2(178, m, &inexact_div);
    root = gs_u128_isqrt(z, &inexact_sqrt);
    return gs_fp_round_pack(f, 0, -89 - e / 2,
                            root.lo | (uint64_t)(inexact_div | inexact_sqrt), r);
}
