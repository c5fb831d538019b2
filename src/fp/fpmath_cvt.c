/*
 * cvt between float formats and integers, and round-to-integral (PTX ISA
 * "cvt": float-to-float with .rn/.rz/.rm/.rp, float-to-integer with
 * .rni/.rzi/.rmi/.rpi, saturation to the destination range, NaN -> 0; and
 * cvt.rni.f32.f32 etc.). Integer soft-float only (DESIGN.md section 4).
 * The f32 <-> 64-bit integer entry points have fast specialised versions in
 * fpmath_f32.c; the ones here keep the names *_general as their reference.
 */
#include "fp/fpmath_soft.h"

#define F16 (&gs_fp_f16)
#define BF16 (&gs_fp_bf16)
#define F32 (&gs_fp_f32)
#define F64 (&gs_fp_f64)
#define ONE64 ((uint64_t)1)

uint64_t gs_fp_convert(const gs_fp_format *to, const gs_fp_format *from, uint64_t a,
                       gs_fround r)
{
    gs_fp_value v = gs_fp_unpack(from, a);
    switch (v.cls) {
    case GS_FP_NAN: return gs_fp_nan(to);
    case GS_FP_INF: return gs_fp_inf(to, v.sign);
    case GS_FP_ZERO: return gs_fp_zero(to, v.sign);
    default: return gs_fp_round_pack(to, v.sign, v.exp, v.sig, r);
    }
}

uint64_t gs_fp_from_u64(const gs_fp_format *f, int negative, uint64_t magnitude, gs_fround r)
{
    if (magnitude == 0)
        return gs_fp_zero(f, 0);   /* integer zero converts to +0 */
    return gs_fp_round_pack(f, negative, 0, magnitude, r);
}

/* A float rounded to an integer, before saturation. */
typedef struct int_value {
    int negative;
    int too_big;        /* magnitude >= 2^64 (or infinite) */
    int is_nan;
    uint64_t magnitude;
} int_value;

/* Round value = sig * 2^exp (bit 63 of sig set) to an integer magnitude. */
static uint64_t round_to_integer(int sign, int32_t exp, uint64_t sig, gs_fround r)
{
    uint32_t s = (uint32_t)-exp;   /* exp < 0 here */
    uint64_t q, rem, half;
    int cmp_half;
    if (s >= 65) {
        q = 0;
        cmp_half = -1;
    } else if (s == 64) {
        q = 0;
        cmp_half = 1;          /* sig >= 2^63 = half, and > half unless exactly */
        if (sig == (ONE64 << 63))
            cmp_half = 0;
    } else {
        q = sig >> s;
        rem = sig & ((ONE64 << s) - 1);
        half = ONE64 << (s - 1);
        cmp_half = rem < half ? -1 : rem > half;
        if (rem == 0)
            return q;
    }
    return q + (uint64_t)gs_fp_round_increment(sign, (int)(q & 1), cmp_half, 1, r);
}

static int_value fp_to_int(const gs_fp_format *f, uint64_t a, gs_fround r)
{
    gs_fp_value v = gs_fp_unpack(f, a);
    int_value out;
    out.negative = v.sign;
    out.too_big = v.cls == GS_FP_INF || (v.cls == GS_FP_FINITE && v.exp > 0);
    out.is_nan = v.cls == GS_FP_NAN;
    out.magnitude = 0;
    if (v.cls != GS_FP_FINITE || out.too_big)
        return out;
    out.magnitude = v.exp == 0 ? v.sig : round_to_integer(v.sign, v.exp, v.sig, r);
    return out;
}

static int64_t saturate_s64(int_value v)
{
    const uint64_t limit = ONE64 << 63;
    if (v.is_nan)
        return 0;
    if (!v.negative)
        return (v.too_big || v.magnitude >= limit) ? INT64_MAX : (int64_t)v.magnitude;
    if (v.too_big || v.magnitude >= limit)
        return INT64_MIN;
    return -(int64_t)v.magnitude;
}

static uint64_t saturate_u64(int_value v)
{
    if (v.is_nan || v.negative)
        return 0;   /* negatives (rounded) saturate to 0; -0.4 rounds to 0 anyway */
    return v.too_big ? UINT64_MAX : v.magnitude;
}

uint64_t gs_f64_from_f32(uint32_t a, int ftz)
{
    return gs_fp_convert(F64, F32, ftz ? gs_fp_flush(F32, a) : a, GS_FROUND_RN);
}

uint32_t gs_f32_from_f64(uint64_t a, gs_fround r, int ftz)
{
    uint64_t res = gs_fp_convert(F32, F64, a, r);
    return (uint32_t)(ftz ? gs_fp_flush(F32, res) : res);
}

uint16_t gs_f16_from_f32(uint32_t a, gs_fround r)
{
    return (uint16_t)gs_fp_convert(F16, F32, a, r);
}

uint32_t gs_f32_from_f16(uint16_t a)
{
    return (uint32_t)gs_fp_convert(F32, F16, a, GS_FROUND_RN);
}

uint16_t gs_f16_from_f64(uint64_t a, gs_fround r)
{
    return (uint16_t)gs_fp_convert(F16, F64, a, r);
}

uint64_t gs_f64_from_f16(uint16_t a)
{
    return gs_fp_convert(F64, F16, a, GS_FROUND_RN);
}

uint16_t gs_bf16_from_f32(uint32_t a, gs_fround r)
{
    return (uint16_t)gs_fp_convert(BF16, F32, a, r);
}

uint32_t gs_f32_from_bf16(uint16_t a)
{
    return (uint32_t)gs_fp_convert(F32, BF16, a, GS_FROUND_RN);
}

static uint64_t magnitude_s64(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

uint32_t gs_f32_from_s64_general(int64_t v, gs_fround r)
{
    return (uint32_t)gs_fp_from_u64(F32, v < 0, magnitude_s64(v), r);
}

uint32_t gs_f32_from_u64_general(uint64_t v, gs_fround r)
{
    return (uint32_t)gs_fp_from_u64(F32, 0, v, r);
}

uint64_t gs_f64_from_s64(int64_t v, gs_fround r)
{
    return gs_fp_from_u64(F64, v < 0, magnitude_s64(v), r);
}

uint64_t gs_f64_from_u64(uint64_t v, gs_fround r)
{
    return gs_fp_from_u64(F64, 0, v, r);
}

uint16_t gs_f16_from_s64(int64_t v, gs_fround r)
{
    return (uint16_t)gs_fp_from_u64(F16, v < 0, magnitude_s64(v), r);
}

uint16_t gs_f16_from_u64(uint64_t v, gs_fround r)
{
    return (uint16_t)gs_fp_from_u64(F16, 0, v, r);
}

int64_t gs_f32_to_s64_general(uint32_t a, gs_fround r, int ftz)
{
    return saturate_s64(fp_to_int(F32, ftz ? gs_fp_flush(F32, a) : a, r));
}

uint64_t gs_f32_to_u64_general(uint32_t a, gs_fround r, int ftz)
{
    return saturate_u64(fp_to_int(F32, ftz ? gs_fp_flush(F32, a) : a, r));
}

int64_t gs_f64_to_s64(uint64_t a, gs_fround r)
{
    return saturate_s64(fp_to_int(F64, a, r));
}

uint64_t gs_f64_to_u64(uint64_t a, gs_fround r)
{
    return saturate_u64(fp_to_int(F64, a, r));
}

int64_t gs_f16_to_s64(uint16_t a, gs_fround r)
{
    return saturate_s64(fp_to_int(F16, a, r));
}

uint64_t gs_f16_to_u64(uint16_t a, gs_fround r)
{
    return saturate_u64(fp_to_int(F16, a, r));
}

/* Saturate to a `bits`-wide signed / unsigned destination (1..64 bits). */
int64_t gs_sat_s64_to_bits(int64_t v, unsigned bits)
{
    int64_t max, min;
    if (bits == 0 || bits >= 64)
        return v;
    max = (int64_t)((ONE64 << (bits - 1)) - 1);
    min = -max - 1;
    return v > max ? max : v < min ? min : v;
}

uint64_t gs_sat_u64_to_bits(uint64_t v, unsigned bits)
{
    uint64_t max;
    if (bits == 0 || bits >= 64)
        return v;
    max = (ONE64 << bits) - 1;
    return v > max ? max : v;
}

/* Round to an integral value in the same format. |a| < 2^63 whenever its
 * exponent is negative, and then the rounded integer is exactly
 * representable (it is either a itself or at most 2^(p-1)). */
uint64_t gs_fp_round_int(const gs_fp_format *f, uint64_t a, gs_fround r)
{
    gs_fp_value v = gs_fp_unpack(f, a);
    uint64_t q;
    if (v.cls == GS_FP_NAN)
        return gs_fp_nan(f);
    if (v.cls != GS_FP_FINITE || v.exp >= 0)
        return a;
    q = round_to_integer(v.sign, v.exp, v.sig, r);
    if (q == 0)
        return gs_fp_zero(f, v.sign);   /* round(-0.3) = -0.0 */
    return gs_fp_round_pack(f, v.sign, 0, q, GS_FROUND_RZ);
}

uint32_t gs_f32_round_int(uint32_t a, gs_fround r, int ftz)
{
    return (uint32_t)gs_fp_round_int(F32, ftz ? gs_fp_flush(F32, a) : a, r);
}

uint64_t gs_f64_round_int(uint64_t a, gs_fround r)
{
    return gs_fp_round_int(F64, a, r);
}
