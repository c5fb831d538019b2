/*
 * Fast f64 add, sub, mul and fma (fpmath.h; DESIGN.md section 4: integer
 * arithmetic only, identical bits on every host): the same contract and
 * bits as the general any-format soft-float gs_fp_add / gs_fp_mul / gs_fp_fma
 * (fpmath_ops.c), which tests/unit/058 compares them with. IEEE 754-2008
 * correctly rounded results in the four PTX modes (PTX ISA "Rounding
 * Modifiers"), canonical NaN 0x7fffffffffffffff, exact zero sums +0 (-0
 * under .rm, IEEE 754 section 6.3); PTX has no .ftz for f64.
 *
 * Method as in fpmath_f32.c: results are sig * 2^(E - 1023 - 62) with the
 * leading one of sig at bit 62 and one rounding routine; the addend of a sum
 * is aligned with a sticky bit (hidden bit at 61, so 9 exact low bits and at
 * most one cancelled leading bit whenever anything was shifted out); the
 * 53x53-bit product is exact in 128 bits and reduced to 63 bits + sticky;
 * fma aligns product and addend in a 128-bit window (two uint64_t) the same
 * way, with the leading bits at 125.
 */
#include "fp/fpmath_fast.h"

#define SIGN64 ((uint64_t)1 << 63)
#define MAG64 (SIGN64 - 1)
#define INF64 ((uint64_t)0x7ff0000000000000u)
#define FRAC64 ((GS_ONE64 << 52) - 1)
#define HIDDEN64 (GS_ONE64 << 52)
#define NAN64 MAG64          /* canonical NaN, as NVIDIA GPUs return it */
#define ROUND_SHIFT64 10     /* 63 - 53: bits below the kept 53 */
#define ROUND_MASK64 ((GS_ONE64 << ROUND_SHIFT64) - 1)
#define ROUND_HALF64 (GS_ONE64 << (ROUND_SHIFT64 - 1))

static int special64(uint64_t x)   /* infinity or NaN */
{
    return (x & INF64) == INF64;
}

static int nan64(uint64_t x)
{
    return (x & MAG64) > INF64;
}

/* Sign of an exact zero sum (IEEE 754-2008 section 6.3). */
static uint64_t zero_sum64(uint64_t sign_x, uint64_t sign_y, gs_fround r)
{
    if (sign_x == sign_y)
        return sign_x;
    return r == GS_FROUND_RM ? SIGN64 : 0;
}

/* Overflow: infinity, or the largest finite value when the mode rounds
 * toward zero for this sign (IEEE 754-2008 section 7.4). */
static uint64_t overflow64(uint64_t sign, gs_fround r)
{
    int to_inf = r == GS_FROUND_RN || (r == GS_FROUND_RP && !sign) ||
                 (r == GS_FROUND_RM && sign);
    return sign | (to_inf ? INF64 : INF64 - 1);
}

/* sig * 2^(e - 1023 - 62), sig < 2^63 with its leading one at bit 62 when
 * e > 0, rounded to f64 (subnormals, carries and overflow as round_pack32). */
static inline uint64_t round_pack64(uint64_t sign, int32_t e, uint64_t sig, gs_fround r)
{
    uint64_t q, bits;
    if (e > 2046)
        return overflow64(sign, r);
    if (e < 1) {
        sig = gs_fast_shr_jam(sig, (uint32_t)(1 - e));
        e = 1;
    }
    q = (sig + gs_fast_round_increment(sign != 0, ROUND_MASK64, r)) >> ROUND_SHIFT64;
    if (r == GS_FROUND_RN && (sig & ROUND_MASK64) == ROUND_HALF64)
        q &= ~GS_ONE64;   /* a tie: back to the even neighbour */
    bits = ((uint64_t)(e - 1) << 52) + q;
    if (bits >= INF64)
        return overflow64(sign, r);
    return sign | bits;
}

/* Significand in [2^52, 2^53) and biased exponent (<= 0 for a subnormal,
 * whose significand is normalised) of a finite nonzero x. */
static uint64_t unpack64(uint64_t x, int32_t *e)
{
    int32_t field = (int32_t)((x >> 52) & 0x7ffu);
    uint64_t frac = x & FRAC64;
    int lz;
    if (field) {
        *e = field;
        return frac | HIDDEN64;
    }
    lz = gs_fast_clz(frac) - 11;   /* frac < 2^52: its top bit to bit 52 */
    *e = 1 - lz;
    return frac << lz;
}

/* a + b for finite a, b, the larger magnitude first (masks, no branches). */
static uint64_t add_finite64(uint64_t a, uint64_t b, gs_fround r)
{
    uint64_t mag_a = a & MAG64, mag_b = b & MAG64, swap, x, y, sum, sign;
    int32_t exp_a, exp_b;
    int shift, flipped;   /* |a| >= |b|: x - y never flips */
    if (mag_b == 0)
        return mag_a == 0 ? zero_sum64(a & SIGN64, b & SIGN64, r) : a;
    if (mag_a == 0)
        return b;
    swap = (a ^ b) & ((uint64_t)0 - (uint64_t)(mag_b > mag_a));
    a ^= swap;
    b ^= swap;
    mag_a = a & MAG64;
    mag_b = b & MAG64;
    exp_a = (int32_t)(mag_a >> 52);
    exp_b = (int32_t)(mag_b >> 52);
    x = ((mag_a & FRAC64) | (exp_a ? HIDDEN64 : 0)) << 9;   /* hidden bit at 61 */
    y = ((mag_b & FRAC64) | (exp_b ? HIDDEN64 : 0)) << 9;
    exp_a += exp_a == 0;   /* subnormals: fixed exponent 1, no hidden bit */
    exp_b += exp_b == 0;
    y = gs_fast_shr_jam(y, (uint32_t)(exp_a - exp_b));
    sign = a & SIGN64;
    sum = gs_fast_signed_sum(x, y, (uint64_t)0 - ((a ^ b) >> 63), &flipped);
    if (sum == 0)
        return zero_sum64(0, SIGN64, r);   /* only x - y can vanish */
    shift = gs_fast_normalise_shift(sum);
    return round_pack64(sign, exp_a + 1 - shift, sum << shift, r);
}

uint64_t gs_f64_add(uint64_t a, uint64_t b, gs_fround r)
{
    if (special64(a) || special64(b)) {
        if (nan64(a) || nan64(b))
            return NAN64;
        if (special64(a))
            return special64(b) && ((a ^ b) & SIGN64) ? NAN64 : a;   /* inf - inf */
        return b;
    }
    return add_finite64(a, b, r);
}

uint64_t gs_f64_sub(uint64_t a, uint64_t b, gs_fround r)
{
    return gs_f64_add(a, b ^ SIGN64, r);   /* flips the sign only; NaN stays NaN */
}

/* a * b for finite nonzero a, b: the 106-bit product reduced to its top 63
 * bits (leading one at 62) plus a sticky bit. */
static uint64_t mul_finite64(uint64_t a, uint64_t b, gs_fround r)
{
    int32_t exp_a, exp_b;
    uint64_t lo, hi = gs_fast_mul64(unpack64(a, &exp_a), unpack64(b, &exp_b), &lo);
    int high = (int)(hi >> 41);   /* product in [2^105, 2^106): [2, 4) */
    unsigned shift = 42u + (unsigned)high;
    uint64_t sig = (hi << (64 - shift)) | (lo >> shift) |
                   (uint64_t)((lo & ((GS_ONE64 << shift) - 1)) != 0);
    return round_pack64((a ^ b) & SIGN64, exp_a + exp_b - 1023 + high, sig, r);
}

uint64_t gs_f64_mul(uint64_t a, uint64_t b, gs_fround r)
{
    uint64_t sign = (a ^ b) & SIGN64;
    if (special64(a) || special64(b)) {
        if (nan64(a) || nan64(b) || (a & MAG64) == 0 || (b & MAG64) == 0)
            return NAN64;   /* NaN operand, or inf * 0 */
        return sign | INF64;
    }
    if ((a & MAG64) == 0 || (b & MAG64) == 0)
        return sign;
    return mul_finite64(a, b, r);
}

/* A 128-bit magnitude as two halves (C99 has no wider integer type). */
typedef struct wide64 {
    uint64_t hi, lo;
} wide64;

/* x >> n (n < 128 after clamping) with every bit shifted out ORed into
 * bit 0; x.hi < 2^63, so a clamp to 127 keeps only the sticky bit. */
static wide64 wide_shr_jam(wide64 x, uint32_t n)
{
    wide64 out;
    uint64_t lost;
    if (n == 0)
        return x;
    if (n < 64) {
        lost = x.lo << (64 - n);
        out.lo = (x.lo >> n) | (x.hi << (64 - n));
        out.hi = x.hi >> n;
    } else {
        n = n < 127 ? n : 127;
        lost = x.lo | (n > 64 ? x.hi << (128 - n) : 0);
        out.lo = n == 64 ? x.hi : x.hi >> (n - 64);
        out.hi = 0;
    }
    out.lo |= (uint64_t)(lost != 0);
    return out;
}

/* The exact sum of two aligned magnitudes below 2^126 (negate: subtract),
 * as a magnitude; *flipped set when y was the larger of a difference. */
static wide64 wide_signed_sum(wide64 x, wide64 y, int negate, int *flipped)
{
    wide64 s;
    *flipped = 0;
    if (!negate) {
        s.lo = x.lo + y.lo;
        s.hi = x.hi + y.hi + (s.lo < x.lo);
        return s;
    }
    if (y.hi > x.hi || (y.hi == x.hi && y.lo > x.lo)) {
        s = x;
        x = y;
        y = s;
        *flipped = 1;
    }
    s.lo = x.lo - y.lo;
    s.hi = x.hi - y.hi - (x.lo < y.lo);
    return s;
}

/* Round a nonzero 128-bit magnitude, value = w * 2^(e - 1023 - 125). */
static uint64_t wide_round_pack64(uint64_t sign, int32_t e, wide64 w, gs_fround r)
{
    int lz = w.hi ? gs_fast_clz(w.hi) : 64 + gs_fast_clz(w.lo);
    uint64_t sig;
    int shift;
    if (lz >= 64) {   /* only the low half is nonzero: exact in 64 bits */
        shift = lz - 64 - 1;
        sig = shift >= 0 ? w.lo << shift : (w.lo >> 1) | (w.lo & 1);
        return round_pack64(sign, e + 2 - lz, sig, r);
    }
    shift = lz - 1;   /* leading one to bit 62 of the high half */
    sig = shift > 0 ? (w.hi << shift) | (w.lo >> (64 - shift)) : w.hi;
    sig |= (uint64_t)((shift > 0 ? w.lo << shift : w.lo) != 0);
    return round_pack64(sign, e + 2 - lz, sig, r);
}

/* a * b + c for finite a, b, c, a and b nonzero: the exact 106-bit product
 * and the addend as 128-bit values with their leading bits at 125, the
 * smaller aligned with sticky (exact when the exponents differ by at most
 * one, since the product has 20 and the addend 72 free low bits). */
static uint64_t fma_finite64(uint64_t a, uint64_t b, uint64_t c, gs_fround r)
{
    int32_t exp_a, exp_b, pe, ce, e;
    uint64_t psign = (a ^ b) & SIGN64, csign = c & SIGN64;
    wide64 p, addend, sum;
    int high, flipped;
    p.hi = gs_fast_mul64(unpack64(a, &exp_a), unpack64(b, &exp_b), &p.lo);
    high = (int)(p.hi >> 41);   /* product in [2^105, 2^106) */
    p.hi = (p.hi << (21 - high)) | (p.lo >> (43 + high));   /* leading one at 125 */
    p.lo <<= 21 - high;
    pe = exp_a + exp_b - 1023 + high;
    if ((c & MAG64) == 0)
        return wide_round_pack64(psign, pe, p, r);   /* x*y + 0 = x*y */
    addend.hi = unpack64(c, &ce) << 9;
    addend.lo = 0;
    e = pe >= ce ? pe : ce;
    p = wide_shr_jam(p, (uint32_t)(e - pe));
    addend = wide_shr_jam(addend, (uint32_t)(e - ce));
    sum = wide_signed_sum(p, addend, psign != csign, &flipped);
    if ((sum.hi | sum.lo) == 0)
        return zero_sum64(psign, csign, r);
    return wide_round_pack64(flipped ? csign : psign, e, sum, r);
}

uint64_t gs_f64_fma(uint64_t a, uint64_t b, uint64_t c, gs_fround r)
{
    uint64_t psign = (a ^ b) & SIGN64;
    if (special64(a) || special64(b) || special64(c)) {
        if (nan64(a) || nan64(b) || nan64(c))
            return NAN64;
        if (special64(a) || special64(b)) {
            if ((a & MAG64) == 0 || (b & MAG64) == 0 ||
                (special64(c) && (c & SIGN64) != psign))
                return NAN64;   /* inf * 0, inf - inf */
            return psign | INF64;
        }
        return c;
    }
    if ((a & MAG64) == 0 || (b & MAG64) == 0)
        return (c & MAG64) == 0 ? zero_sum64(psign, c & SIGN64, r) : c;
    return fma_finite64(a, b, c, r);
}
