/*
 * Fast f32 add, sub, mul, fma, div, sqrt and cvt to/from 64-bit integers
 * for the PTX executor's hot path
 * (fpmath.h; DESIGN.md section 4: integer arithmetic only, identical bits
 * on every host). Same contract and same bits as the general any-format
 * soft-float (fpmath_ops.c via the gs_f32_*_general functions of fpmath.c),
 * which tests/unit/058 and 059 compare against over millions of operands:
 * IEEE 754-2008 correctly rounded results in the four PTX modes (.rn .rz
 * .rm .rp, PTX ISA "Rounding Modifiers"), canonical NaN 0x7fffffff, exact
 * zero sums +0 (-0 under .rm, IEEE 754 section 6.3), .ftz flushing of
 * subnormal inputs and of subnormal ROUNDED results (decision 1 of the
 * fpmath notes, also in fpmath.c).
 *
 * Method: every finite result is built as sig * 2^(E - 127 - 62) with sig's
 * leading one at bit 62 of a uint64_t (or lower only for the sticky-only
 * remnant of a tiny value) and one rounding routine, round_pack32. A 24x24
 * product is exact in 48 bits; the fma addend and product are aligned in
 * one 64-bit window with every bit shifted out ORed into bit 0 (sticky).
 * That is exact whenever the exponents differ by at most one, and harmless
 * otherwise: then at most one leading bit cancels, so the rounding position
 * stays at bit 37 or above while the sticky bit only says "a little more".
 * div: one 64-bit integer division giving 40+ quotient bits and a remainder
 * sticky; sqrt: integer Newton steps corrected to the exact floor root.
 * No host float, no compiler builtins, no 128-bit types (DESIGN.md 4).
 */
#include "fp/fpmath_fast.h"

#define SIGN32 0x80000000u
#define MAG32 0x7fffffffu
#define INF32 0x7f800000u
#define FRAC32 0x007fffffu
#define HIDDEN32 0x00800000u
#define NAN32 0x7fffffffu   /* canonical NaN, as NVIDIA GPUs return it */
#define ONE64 ((uint64_t)1)
#define ROUND_SHIFT 39      /* 63 - 24: bits below the kept 24 */
#define ROUND_MASK ((ONE64 << ROUND_SHIFT) - 1)
#define ROUND_HALF (ONE64 << (ROUND_SHIFT - 1))

/* .ftz: a subnormal becomes a zero of the same sign (PTX ISA .ftz). */
static uint32_t flush32(uint32_t x)
{
    return (x & INF32) ? x : x & SIGN32;
}

static int special32(uint32_t x)   /* infinity or NaN */
{
    return (x & INF32) == INF32;
}

static int nan32(uint32_t x)
{
    return (x & MAG32) > INF32;
}

/* Sign of an exact zero sum x + y (IEEE 754-2008 section 6.3). */
static uint32_t zero_sum32(uint32_t sign_x, uint32_t sign_y, gs_fround r)
{
    if (sign_x == sign_y)
        return sign_x;
    return r == GS_FROUND_RM ? SIGN32 : 0;
}

/* Overflow: infinity, or the largest finite value when the mode rounds
 * toward zero for this sign (IEEE 754-2008 section 7.4). */
static uint32_t overflow32(uint32_t sign, gs_fround r)
{
    int to_inf = r == GS_FROUND_RN || (r == GS_FROUND_RP && !sign) ||
                 (r == GS_FROUND_RM && sign);
    return sign | (to_inf ? INF32 : INF32 - 1);
}

/* The value sig * 2^(e - 127 - 62), sig < 2^63 with its leading one at bit 62
 * when e > 0, rounded to f32 in mode r. Subnormal results: the significand
 * is shifted (with sticky) to the fixed exponent of the subnormals; a
 * rounding carry into bit 24 (or bit 23 of a subnormal) lands in the
 * exponent field by the addition, so binade changes need no special case. */
static inline uint32_t round_pack32(uint32_t sign, int32_t e, uint64_t sig, gs_fround r)
{
    uint64_t inc, q;
    uint32_t bits;
    if (e > 254)
        return overflow32(sign, r);
    if (e < 1) {
        sig = gs_fast_shr_jam(sig, (uint32_t)(1 - e));
        e = 1;
    }
    inc = gs_fast_round_increment(sign != 0, ROUND_MASK, r);
    q = (sig + inc) >> ROUND_SHIFT;
    if (r == GS_FROUND_RN && (sig & ROUND_MASK) == ROUND_HALF)
        q &= ~ONE64;   /* a tie: back to the even neighbour */
    bits = ((uint32_t)(e - 1) << 23) + (uint32_t)q;
    if (bits >= INF32)
        return overflow32(sign, r);
    return sign | bits;
}

/* Significand in [2^23, 2^24) and biased exponent (<= 0 for a subnormal,
 * whose significand is normalised) of a finite nonzero x. */
static uint32_t unpack32(uint32_t x, int32_t *e)
{
    uint32_t field = (x >> 23) & 0xffu, frac = x & FRAC32;
    int lz;
    if (field) {
        *e = (int32_t)field;
        return frac | HIDDEN32;
    }
    lz = gs_clz64(frac) - 40;   /* frac < 2^23: shift its top bit to bit 23 */
    *e = 1 - lz;
    return frac << lz;
}

/* a + b for finite a, b (IEEE 754-2008 section 6.3 for zero sums). The
 * larger magnitude is a; swaps and the sign are handled with masks. */
static uint32_t add_finite32(uint32_t a, uint32_t b, gs_fround r)
{
    uint32_t mag_a = a & MAG32, mag_b = b & MAG32, swap, frac_a, frac_b, sign;
    int32_t exp_a, exp_b;
    uint64_t x, y, sum;
    int shift, flipped;   /* |a| >= |b|: x - y never flips */
    if (mag_b == 0)
        return mag_a == 0 ? zero_sum32(a & SIGN32, b & SIGN32, r) : a;
    if (mag_a == 0)
        return b;
    swap = ((a ^ b) & (0u - (uint32_t)(mag_b > mag_a)));   /* finite magnitudes */
    a ^= swap;                                              /* order like bits */
    b ^= swap;
    mag_a = a & MAG32;
    mag_b = b & MAG32;
    exp_a = (int32_t)(mag_a >> 23);
    exp_b = (int32_t)(mag_b >> 23);
    frac_a = (mag_a & FRAC32) | (exp_a ? HIDDEN32 : 0);
    frac_b = (mag_b & FRAC32) | (exp_b ? HIDDEN32 : 0);
    exp_a += exp_a == 0;   /* subnormals: fixed exponent 1, no hidden bit */
    exp_b += exp_b == 0;
    x = (uint64_t)frac_a << 38;   /* hidden bit at 61, one bit of carry room */
    y = gs_fast_shr_jam((uint64_t)frac_b << 38, (uint32_t)(exp_a - exp_b));
    sign = a & SIGN32;
    sum = gs_fast_signed_sum(x, y, (uint64_t)0 - (uint64_t)((a ^ b) >> 31), &flipped);
    if (sum == 0)
        return zero_sum32(0, SIGN32, r);   /* only x - y can vanish */
    shift = gs_fast_normalise_shift(sum);
    return round_pack32(sign, exp_a + 1 - shift, sum << shift, r);
}

/* NaN, or an infinity, among the operands of an add. */
static uint32_t add_special32(uint32_t a, uint32_t b)
{
    if (nan32(a) || nan32(b))
        return NAN32;
    if (special32(a))
        return special32(b) && ((a ^ b) & SIGN32) ? NAN32 : a;
    return b;
}

uint32_t gs_f32_add(uint32_t a, uint32_t b, gs_fround r, int ftz)
{
    uint32_t res;
    if (ftz) {
        a = flush32(a);
        b = flush32(b);
    }
    if (special32(a) || special32(b))
        return add_special32(a, b);
    res = add_finite32(a, b, r);
    return ftz ? flush32(res) : res;
}

uint32_t gs_f32_sub(uint32_t a, uint32_t b, gs_fround r, int ftz)
{
    /* a - b = a + (-b): negating flips the sign bit only (NaN stays NaN). */
    return gs_f32_add(a, b ^ SIGN32, r, ftz);
}

/* The exact product of finite nonzero a, b: *sig in [2^61, 2^62) and the
 * biased exponent, value = sig * 2^(e - 127 - 61). 24x24 bits fit in 48. */
static int32_t product32(uint32_t a, uint32_t b, uint64_t *sig)
{
    int32_t exp_a, exp_b;
    uint64_t p = (uint64_t)unpack32(a, &exp_a) * unpack32(b, &exp_b);
    int high = (int)(p >> 47);   /* p in [2^47, 2^48): significand in [2, 4) */
    *sig = p << (15 - high);
    return exp_a + exp_b - 127 + high;
}

uint32_t gs_f32_mul(uint32_t a, uint32_t b, gs_fround r, int ftz)
{
    uint32_t sign, res;
    uint64_t sig;
    int32_t e;
    if (ftz) {
        a = flush32(a);
        b = flush32(b);
    }
    sign = (a ^ b) & SIGN32;
    if (special32(a) || special32(b)) {
        if (nan32(a) || nan32(b) || (a & MAG32) == 0 || (b & MAG32) == 0)
            return NAN32;   /* NaN operand, or inf * 0 */
        return sign | INF32;
    }
    if ((a & MAG32) == 0 || (b & MAG32) == 0)
        return sign;
    e = product32(a, b, &sig);
    res = round_pack32(sign, e, sig << 1, r);
    return ftz ? flush32(res) : res;
}

/* a * b + c for finite a, b, c with a, b nonzero: one rounding. The
 * smaller-exponent term is aligned (with sticky) to the larger. */
static uint32_t fma_finite32(uint32_t a, uint32_t b, uint32_t c, gs_fround r)
{
    uint32_t psign = (a ^ b) & SIGN32, csign = c & SIGN32, sign = psign;
    uint64_t p, addend, sum;
    int32_t pe = product32(a, b, &p), ce, e;
    int shift, flipped;
    if ((c & MAG32) == 0)
        return round_pack32(psign, pe, p << 1, r);   /* x*y + 0 = x*y */
    addend = (uint64_t)unpack32(c, &ce) << 38;      /* [2^61, 2^62) as p */
    e = pe >= ce ? pe : ce;
    p = gs_fast_shr_jam(p, (uint32_t)(e - pe));
    addend = gs_fast_shr_jam(addend, (uint32_t)(e - ce));
    sum = gs_fast_signed_sum(p, addend, (uint64_t)0 - (uint64_t)((psign ^ csign) >> 31),
                             &flipped);
    sign = flipped ? csign : psign;
    if (sum == 0)
        return zero_sum32(psign, csign, r);
    shift = gs_fast_normalise_shift(sum);
    return round_pack32(sign, e + 1 - shift, sum << shift, r);
}

/* NaN or infinity among the operands of an fma (same order of rules as the
 * general path: NaN, inf * 0, inf - inf, then the infinity). */
static uint32_t fma_special32(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t psign = (a ^ b) & SIGN32;
    if (nan32(a) || nan32(b) || nan32(c))
        return NAN32;
    if (special32(a) || special32(b)) {
        if ((a & MAG32) == 0 || (b & MAG32) == 0)
            return NAN32;
        if (special32(c) && (c & SIGN32) != psign)
            return NAN32;
        return psign | INF32;
    }
    return c;
}

uint32_t gs_f32_fma(uint32_t a, uint32_t b, uint32_t c, gs_fround r, int ftz)
{
    uint32_t res;
    if (ftz) {
        a = flush32(a);
        b = flush32(b);
        c = flush32(c);
    }
    if (special32(a) || special32(b) || special32(c))
        return fma_special32(a, b, c);
    if ((a & MAG32) == 0 || (b & MAG32) == 0) {
        if ((c & MAG32) == 0)
            return zero_sum32((a ^ b) & SIGN32, c & SIGN32, r);
        return c;
    }
    res = fma_finite32(a, b, c, r);
    return ftz ? flush32(res) : res;
}

/* a / b for finite nonzero a, b: a 64-bit integer quotient of at least 40
 * bits, with the remainder's nonzero-ness as the sticky bit. */
static uint32_t div_finite32(uint32_t a, uint32_t b, gs_fround r)
{
    int32_t exp_a, exp_b;
    uint64_t n = (uint64_t)unpack32(a, &exp_a) << 40, d = unpack32(b, &exp_b), q;
    uint32_t sign = (a ^ b) & SIGN32;
    int sticky, high;
    q = n / d;
    sticky = n != q * d;
    high = (int)(q >> 40);   /* quotient significand in [1, 2), else [1/2, 1) */
    return round_pack32(sign, exp_a - exp_b + 126 + high,
                        (q << (23 - high)) | (uint64_t)sticky, r);
}

uint32_t gs_f32_div(uint32_t a, uint32_t b, gs_fround r, int ftz)
{
    uint32_t sign, res;
    if (ftz) {
        a = flush32(a);
        b = flush32(b);
    }
    sign = (a ^ b) & SIGN32;
    if (nan32(a) || nan32(b))
        return NAN32;
    if (special32(a))
        return special32(b) ? NAN32 : sign | INF32;   /* inf/inf, inf/x */
    if (special32(b))
        return sign;                                 /* x/inf = 0 */
    if ((b & MAG32) == 0)
        return (a & MAG32) == 0 ? NAN32 : sign | INF32;   /* 0/0, x/0 */
    if ((a & MAG32) == 0)
        return sign;
    res = div_finite32(a, b, r);
    return ftz ? flush32(res) : res;
}

/* cvt.f32.s64/u64 (PTX ISA "cvt"): magnitude v != 0 with its sign, rounded.
 * The general path's rule kept: integer 0 converts to +0 in every mode. */
static uint32_t from_magnitude32(uint32_t sign, uint64_t v, gs_fround r)
{
    int lz;
    if (v == 0)
        return 0;
    if (v >> 63)   /* leading one at bit 63: one step right, with sticky */
        return round_pack32(sign, 127 + 63, (v >> 1) | (v & 1), r);
    lz = gs_fast_clz(v);
    return round_pack32(sign, 127 + 63 - lz, v << (lz - 1), r);
}

uint32_t gs_f32_from_s64(int64_t v, gs_fround r)
{
    uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    return from_magnitude32(v < 0 ? SIGN32 : 0, mag, r);
}

uint32_t gs_f32_from_u64(uint64_t v, gs_fround r)
{
    return from_magnitude32(0, v, r);
}

/* |a| rounded to an integer in mode r, for finite a below 2^64 (exponent
 * field < 191): the significand shifted right with the usual increment;
 * shifts beyond 26 classify like 26 (the value is below a quarter). */
static uint64_t integer_magnitude32(uint32_t a, gs_fround r)
{
    uint32_t field = (a >> 23) & 0xffu, sign = a & SIGN32;
    uint64_t m = (a & FRAC32) | (field ? HIDDEN32 : 0), mask, q;
    int32_t shift = 150 - (int32_t)(field + (field == 0));
    if (shift <= 0)
        return m << -shift;   /* already an integer: exact */
    shift = shift < 26 ? shift : 26;
    mask = (ONE64 << shift) - 1;
    q = (m + gs_fast_round_increment(sign != 0, mask, r)) >> shift;
    if (r == GS_FROUND_RN && (m & mask) == (mask >> 1) + 1)
        q &= ~ONE64;   /* a tie: to even */
    return q;
}

/* cvt.rni/rzi/rmi/rpi.s64.f32: NaN -> 0, out of range saturates (PTX ISA
 * "cvt"), as the general path in fpmath_cvt.c. */
int64_t gs_f32_to_s64(uint32_t a, gs_fround r, int ftz)
{
    uint64_t mag;
    if (ftz)
        a = flush32(a);
    if ((a & INF32) >= (190u << 23)) {   /* |a| >= 2^63, inf or NaN */
        if (nan32(a))
            return 0;
        return (a & SIGN32) ? INT64_MIN : INT64_MAX;
    }
    mag = integer_magnitude32(a, r);     /* below 2^63 */
    return (a & SIGN32) ? -(int64_t)mag : (int64_t)mag;
}

/* cvt.*.u64.f32: negative values (after rounding) and NaN give 0. */
uint64_t gs_f32_to_u64(uint32_t a, gs_fround r, int ftz)
{
    if (ftz)
        a = flush32(a);
    if (nan32(a) || (a & SIGN32))
        return 0;
    if ((a & INF32) >= (191u << 23))     /* a >= 2^64 or +inf */
        return UINT64_MAX;
    return integer_magnitude32(a, r);
}

/* Upper bounds for Newton's square root: SQRT_START[i] = ceil(sqrt((i + 65)
 * * 2^46)), so sqrt(m) <= SQRT_START[(m >> 46) - 64] for m in [2^52, 2^54),
 * within 2^-7 relative. Generated with Python's integer math.isqrt; every
 * entry is re-checked by tests/unit/059. */
const uint32_t gs_f32_sqrt_start[192] = {
    0x407f810u, 0x40fe07eu, 0x417b9a4u, 0x41f83dau, 0x4273f74u, 0x42eecc2u,
    0x4368c14u, 0x43e1db4u, 0x445a1ebu, 0x44d18ffu, 0x4548335u, 0x45be0ceu,
    0x4633209u, 0x46a7724u, 0x471b05bu, 0x478dde7u, 0x4800000u, 0x48716ddu,
    0x48e22b1u, 0x49523afu, 0x49c1a09u, 0x4a305efu, 0x4a9e78fu, 0x4b0bf17u,
    0x4b78cb2u, 0x4be508cu, 0x4c50acdu, 0x4cbbb9eu, 0x4d26326u, 0x4d9018du,
    0x4df96f6u, 0x4e62386u, 0x4eca760u, 0x4f322a7u, 0x4f9957cu, 0x5000000u,
    0x5066254u, 0x50cbc94u, 0x5130ee1u, 0x5195958u, 0x51f9c16u, 0x525d736u,
    0x52c0ad4u, 0x532370cu, 0x5385bf7u, 0x53e79afu, 0x544904eu, 0x54a9febu,
    0x550a89fu, 0x556aa81u, 0x55ca5a7u, 0x5629a2au, 0x568881du, 0x56e6f98u,
    0x57450aeu, 0x57a2b75u, 0x5800000u, 0x585ce64u, 0x58b96b4u, 0x5915902u,
    0x5971561u, 0x59ccbe4u, 0x5a27c9cu, 0x5a8279au, 0x5adccf0u, 0x5b36cafu,
    0x5b906e7u, 0x5be9ba9u, 0x5c42b03u, 0x5c9b507u, 0x5cf39c2u, 0x5d4b944u,
    0x5da339cu, 0x5dfa8d8u, 0x5e51906u, 0x5ea8435u, 0x5efea72u, 0x5f54bcau,
    0x5faa84au, 0x6000000u, 0x60552f9u, 0x60aa141u, 0x60feae3u, 0x6152fedu,
    0x61a706bu, 0x61fac67u, 0x624e3edu, 0x62a170au, 0x62f45c7u, 0x6347030u,
    0x6399650u, 0x63eb831u, 0x643d5ddu, 0x648ef60u, 0x64e04c3u, 0x653160fu,
    0x6582350u, 0x65d2c8du, 0x66231d2u, 0x6673327u, 0x66c3095u, 0x6712a26u,
    0x6761fe2u, 0x67b11d3u, 0x6800000u, 0x684ea73u, 0x689d134u, 0x68eb44bu,
    0x69393c0u, 0x6986f9cu, 0x69d47e6u, 0x6a21ca5u, 0x6a6ede3u, 0x6abbba6u,
    0x6b085f6u, 0x6b54cdbu, 0x6ba105bu, 0x6bed07eu, 0x6c38d4au, 0x6c846c8u,
    0x6ccfcfdu, 0x6d1aff1u, 0x6d65faau, 0x6db0c2fu, 0x6dfb586u, 0x6e45bb6u,
    0x6e8fec6u, 0x6ed9ebbu, 0x6f23b9bu, 0x6f6d56eu, 0x6fb6c38u, 0x7000000u,
    0x70490ccu, 0x7091ea2u, 0x70da987u, 0x7123181u, 0x716b695u, 0x71b38c9u,
    0x71fb823u, 0x72434a8u, 0x728ae5du, 0x72d2547u, 0x731996du, 0x7360ad2u,
    0x73a797cu, 0x73ee56fu, 0x7434eb2u, 0x747b549u, 0x74c1938u, 0x7507a84u,
    0x754d933u, 0x7593548u, 0x75d8ec9u, 0x761e5b9u, 0x7663a1eu, 0x76a8bfcu,
    0x76edb58u, 0x7732835u, 0x7777298u, 0x77bba85u, 0x7800000u, 0x784430fu,
    0x78883b4u, 0x78cc1f4u, 0x790fdd2u, 0x7953754u, 0x7996e7cu, 0x79da34fu,
    0x7a1d5d0u, 0x7a60604u, 0x7aa33eeu, 0x7ae5f92u, 0x7b288f3u, 0x7b6b016u,
    0x7bad4fdu, 0x7bef7adu, 0x7c31829u, 0x7c73674u, 0x7cb5292u, 0x7cf6c86u,
    0x7d38455u, 0x7d79a00u, 0x7dbad8cu, 0x7dfbefbu, 0x7e3ce52u, 0x7e7db93u,
    0x7ebe6c1u, 0x7efefe0u, 0x7f3f6f3u, 0x7f7fbfcu, 0x7fbff00u, 0x8000000u,
};

/* floor(sqrt(m)) for m in [2^52, 2^54), *inexact when m is no square: two
 * integer Newton steps from above (they never go below the floor, and
 * leave an error below 2), then exact correction by squaring. */
static uint64_t isqrt54(uint64_t m, int *inexact)
{
    uint64_t root = gs_f32_sqrt_start[(m >> 46) - 64];
    root = (root + m / root) >> 1;
    root = (root + m / root) >> 1;
    while (root * root > m)
        root--;
    *inexact = root * root != m;
    return root;
}

/* sqrt.rn/.rz/.rm/.rp.f32 (IEEE 754-2008 section 5.4.1): NaN and negative
 * nonzero operands give the canonical NaN; +-0 and +inf are their own roots.
 * The significand is scaled to m in [2^52, 2^54) with an even exponent, so
 * the 27-bit integer root plus a sticky bit rounds correctly. */
uint32_t gs_f32_sqrt(uint32_t a, gs_fround r, int ftz)
{
    int32_t e, t;
    uint64_t m, root;
    int inexact;
    if (ftz)
        a = flush32(a);   /* a root is never subnormal: no output flush */
    if (nan32(a) || ((a & SIGN32) && (a & MAG32)))
        return NAN32;
    if ((a & MAG32) == 0 || special32(a))
        return a;
    m = unpack32(a, &e);   /* a = m * 2^(e - 150) */
    t = e - 179;           /* a = (m << 29) * 2^t */
    m <<= 29 + (t & 1);
    t -= t & 1;
    root = isqrt54(m, &inexact);   /* sqrt(a) = root * 2^(t / 2), root < 2^27 */
    return round_pack32(0, 127 + 26 + t / 2, (root << 36) | (uint64_t)inexact, r);
}
