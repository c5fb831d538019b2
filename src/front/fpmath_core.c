/*
 * Soft-float core: 128-bit integer helpers, unpacking of IEEE-754 bit
 * patterns and the one rounding routine every fpmath result goes through
 * (DESIGN.md section 4: integer arithmetic only, identical bits on every
 * host). Rounding follows IEEE 754-2008 section 4.3 for the four PTX modes
 * (.rn .rz .rm .rp, PTX ISA "Rounding Modifiers"); underflow gives IEEE
 * subnormals; .ftz flushing is applied by the callers after rounding.
 */
#include "front/fpmath_soft.h"

const gs_fp_format gs_fp_f16 = {5, 10};
const gs_fp_format gs_fp_bf16 = {8, 7};
const gs_fp_format gs_fp_f32 = {8, 23};
const gs_fp_format gs_fp_f64 = {11, 52};

#define ONE64 ((uint64_t)1)

int gs_clz64(uint64_t x)
{
    int n = 0;
    if (x == 0)
        return 64;
    if ((x >> 32) == 0) { n += 32; x <<= 32; }
    if ((x >> 48) == 0) { n += 16; x <<= 16; }
    if ((x >> 56) == 0) { n += 8; x <<= 8; }
    if ((x >> 60) == 0) { n += 4; x <<= 4; }
    if ((x >> 62) == 0) { n += 2; x <<= 2; }
    if ((x >> 63) == 0) n += 1;
    return n;
}

int gs_u128_clz(gs_u128 x)
{
    return x.hi ? gs_clz64(x.hi) : 64 + gs_clz64(x.lo);
}

gs_u128 gs_u128_mul64(uint64_t a, uint64_t b)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    gs_u128 r;
    r.lo = (p00 & 0xffffffffu) | (mid << 32);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return r;
}

uint64_t gs_mul64_hi(uint64_t a, uint64_t b)
{
    return gs_u128_mul64(a, b).hi;
}

gs_u128 gs_u128_shl(gs_u128 x, unsigned n)
{
    gs_u128 r;
    if (n == 0)
        return x;
    if (n >= 64) {
        r.hi = x.lo << (n - 64);
        r.lo = 0;
    } else {
        r.hi = (x.hi << n) | (x.lo >> (64 - n));
        r.lo = x.lo << n;
    }
    return r;
}

gs_u128 gs_u128_shr(gs_u128 x, unsigned n)
{
    gs_u128 r;
    if (n == 0)
        return x;
    if (n >= 64) {
        r.lo = x.hi >> (n - 64);
        r.hi = 0;
    } else {
        r.lo = (x.lo >> n) | (x.hi << (64 - n));
        r.hi = x.hi >> n;
    }
    return r;
}

gs_u128 gs_u128_shr_jam(gs_u128 x, uint32_t n)
{
    gs_u128 r;
    int lost;
    if (n == 0)
        return x;
    if (n >= 128) {
        r.hi = 0;
        r.lo = (x.hi | x.lo) != 0;
        return r;
    }
    r = gs_u128_shr(x, n);
    lost = gs_u128_cmp(gs_u128_shl(r, n), x) != 0;
    r.lo |= (uint64_t)lost;
    return r;
}

uint64_t gs_shr_jam64(uint64_t x, uint32_t n)
{
    if (n == 0)
        return x;
    if (n >= 64)
        return x != 0;
    return (x >> n) | ((x & ((ONE64 << n) - 1)) != 0);
}

gs_u128 gs_u128_add(gs_u128 a, gs_u128 b)
{
    gs_u128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo);
    return r;
}

gs_u128 gs_u128_sub(gs_u128 a, gs_u128 b)
{
    gs_u128 r;
    r.lo = a.lo - b.lo;
    r.hi = a.hi - b.hi - (a.lo < b.lo);
    return r;
}

int gs_u128_cmp(gs_u128 a, gs_u128 b)
{
    if (a.hi != b.hi)
        return a.hi < b.hi ? -1 : 1;
    if (a.lo != b.lo)
        return a.lo < b.lo ? -1 : 1;
    return 0;
}

/* Digit-by-digit (two bits per step) integer square root with remainder. */
gs_u128 gs_u128_isqrt(gs_u128 x, int *inexact)
{
    gs_u128 res = {0, 0}, bit = {0, 1}, trial;
    int lz = gs_u128_clz(x);
    if (lz == 128) {
        *inexact = 0;
        return res;
    }
    bit = gs_u128_shl(bit, (unsigned)((127 - lz) & ~1));
    while (bit.hi | bit.lo) {
        trial = gs_u128_add(res, bit);
        if (gs_u128_cmp(x, trial) >= 0) {
            x = gs_u128_sub(x, trial);
            res = gs_u128_add(gs_u128_shr(res, 1), bit);
        } else {
            res = gs_u128_shr(res, 1);
        }
        bit = gs_u128_shr(bit, 2);
    }
    *inexact = (x.hi | x.lo) != 0;
    return res;
}

static int32_t fp_bias(const gs_fp_format *f)
{
    return ((int32_t)1 << (f->exp_bits - 1)) - 1;
}

static uint64_t fp_exp_field_max(const gs_fp_format *f)
{
    return (ONE64 << f->exp_bits) - 1;
}

static uint64_t fp_sign_bit(const gs_fp_format *f, int sign)
{
    return (uint64_t)(sign != 0) << (f->exp_bits + f->man_bits);
}

uint64_t gs_fp_nan(const gs_fp_format *f)
{
    /* Canonical NaN as NVIDIA GPUs return it: sign clear, all other bits
     * set (0x7fffffff, 0x7fffffffffffffff, 0x7fff). */
    return (ONE64 << (f->exp_bits + f->man_bits)) - 1;
}

uint64_t gs_fp_inf(const gs_fp_format *f, int sign)
{
    return fp_sign_bit(f, sign) | (fp_exp_field_max(f) << f->man_bits);
}

uint64_t gs_fp_zero(const gs_fp_format *f, int sign)
{
    return fp_sign_bit(f, sign);
}

uint64_t gs_fp_overflow(const gs_fp_format *f, int sign, gs_fround r)
{
    int to_inf = r == GS_FROUND_RN || (r == GS_FROUND_RP && !sign) ||
                 (r == GS_FROUND_RM && sign);
    return to_inf ? gs_fp_inf(f, sign) : gs_fp_inf(f, sign) - 1;
}

int gs_fp_is_nan(const gs_fp_format *f, uint64_t bits)
{
    uint64_t mag = bits & (gs_fp_nan(f));
    return mag > (fp_exp_field_max(f) << f->man_bits);
}

uint64_t gs_fp_flush(const gs_fp_format *f, uint64_t bits)
{
    uint64_t exp_field = (bits >> f->man_bits) & fp_exp_field_max(f);
    if (exp_field == 0)
        return bits & fp_sign_bit(f, 1);
    return bits;
}

gs_fp_value gs_fp_unpack(const gs_fp_format *f, uint64_t bits)
{
    gs_fp_value v;
    uint64_t man = bits & ((ONE64 << f->man_bits) - 1);
    uint64_t exp_field = (bits >> f->man_bits) & fp_exp_field_max(f);
    int lz;
    v.sign = (int)((bits >> (f->exp_bits + f->man_bits)) & 1);
    v.exp = 0;
    v.sig = 0;
    if (exp_field == fp_exp_field_max(f)) {
        v.cls = man ? GS_FP_NAN : GS_FP_INF;
        return v;
    }
    if (exp_field == 0 && man == 0) {
        v.cls = GS_FP_ZERO;
        return v;
    }
    v.cls = GS_FP_FINITE;
    if (exp_field == 0) {   /* subnormal: 0.man * 2^(1-bias) */
        v.sig = man;
        v.exp = 1 - fp_bias(f) - (int32_t)f->man_bits;
    } else {
        v.sig = man | (ONE64 << f->man_bits);
        v.exp = (int32_t)exp_field - fp_bias(f) - (int32_t)f->man_bits;
    }
    lz = gs_clz64(v.sig);
    v.sig <<= lz;
    v.exp -= lz;
    return v;
}

/* Whether to add one unit in the last kept place. cmp_half: the discarded
 * part compared with half a unit (-1 below, 0 equal, 1 above). */
int gs_fp_round_increment(int sign, int odd, int cmp_half, int inexact, gs_fround r)
{
    switch (r) {
    case GS_FROUND_RN: return cmp_half > 0 || (cmp_half == 0 && odd);
    case GS_FROUND_RZ: return 0;
    case GS_FROUND_RP: return inexact && !sign;
    case GS_FROUND_RM: return inexact && sign;
    }
    return 0;
}

/* Split sig at `shift` (11..65) into the kept part and the rounding class. */
static uint64_t fp_split(uint64_t sig, unsigned shift, int *cmp_half, int *inexact)
{
    uint64_t rem, half;
    if (shift >= 65) {   /* everything, the leading bit included, is below half */
        *cmp_half = -1;
        *inexact = 1;
        return 0;
    }
    rem = shift == 64 ? sig : sig & ((ONE64 << shift) - 1);
    half = ONE64 << (shift - 1);
    *cmp_half = rem < half ? -1 : rem > half;
    *inexact = rem != 0;
    return shift == 64 ? 0 : sig >> shift;
}

uint64_t gs_fp_round_pack(const gs_fp_format *f, int sign, int32_t exp, uint64_t sig,
                          gs_fround r)
{
    int32_t bias = fp_bias(f), emin = 1 - fp_bias(f), top, keep;
    int32_t precision = (int32_t)f->man_bits + 1;
    int lz = gs_clz64(sig), cmp_half, inexact;
    uint64_t q, bits;
    if (sig == 0)
        return gs_fp_zero(f, sign);
    sig <<= lz;
    exp -= lz;
    top = exp + 63;                     /* unbiased exponent of the leading bit */
    if (top > bias)
        return gs_fp_overflow(f, sign, r);
    keep = top >= emin ? precision : precision - (emin - top);
    if (keep < -1)
        keep = -1;
    q = fp_split(sig, (unsigned)(64 - keep), &cmp_half, &inexact);
    q += (uint64_t)gs_fp_round_increment(sign, (int)(q & 1), cmp_half, inexact, r);
    /* A normal q lies in [2^(p-1), 2^p]: adding it to (E-1) << man_bits
     * carries into the exponent field, so rounding up to the next binade
     * (or from subnormal to the smallest normal) needs no special case. */
    bits = top >= emin ? ((uint64_t)(top + bias - 1) << f->man_bits) + q : q;
    if ((bits >> f->man_bits) >= fp_exp_field_max(f))
        return gs_fp_overflow(f, sign, r);
    return bits | fp_sign_bit(f, sign);
}

uint64_t gs_fp_pack_wide(const gs_fp_format *f, int sign, int32_t exp, gs_u128 sig,
                         gs_fround r)
{
    int lz = gs_u128_clz(sig);
    if (lz == 128)
        return gs_fp_zero(f, sign);
    sig = gs_u128_shl(sig, (unsigned)lz);
    return gs_fp_round_pack(f, sign, exp - lz + 64, sig.hi | (sig.lo != 0), r);
}
