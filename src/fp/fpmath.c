/*
 * Public bit-exact IEEE arithmetic for the PTX executor (fpmath.h,
 * DESIGN.md section 4): f32 / f64 / f16 add, sub, mul, fma, div, sqrt, rcp
 * with the four rounding modes, .ftz, .sat, min/max and comparisons, as the
 * PTX ISA "Floating-Point Instructions" and "Comparison and Selection
 * Instructions" sections define them. The arithmetic is the integer
 * soft-float of fpmath_ops.c; this file adds the PTX-level rules. The hot
 * f32 add/sub/mul/fma/div/sqrt entry points live in fpmath_f32.c and f64
 * add/sub/mul/fma in fpmath_f64.c (specialised, same bits); the general-path
 * f32 versions here keep the names *_general and, with gs_fp_add, gs_fp_mul
 * and gs_fp_fma for f64, are the reference that tests/unit/058 and 059
 * compare them with.
 */
#include "fp/fpmath_soft.h"

#define F16 (&gs_fp_f16)
#define F32 (&gs_fp_f32)
#define F64 (&gs_fp_f64)
#define F32_ONE 0x3f800000u
#define F64_ONE ((uint64_t)0x3ff0000000000000u)

/* .ftz (PTX ISA "Floating-Point Instructions"): subnormal f32 inputs and
 * results are flushed to sign-preserving zero. Decision on an ambiguity:
 * a result is flushed when the rounded IEEE result is subnormal, so a value
 * just below 2^-126 that rounds up to 2^-126 is kept. */
static uint64_t ftz_in(const gs_fp_format *f, uint64_t a, int ftz)
{
    return ftz ? gs_fp_flush(f, a) : a;
}

static uint64_t ftz_out(const gs_fp_format *f, uint64_t a, int ftz)
{
    return ftz ? gs_fp_flush(f, a) : a;
}

uint32_t gs_f32_ftz(uint32_t a)
{
    return (uint32_t)gs_fp_flush(F32, a);
}

uint32_t gs_f32_add_general(uint32_t a, uint32_t b, gs_fround r, int ftz)
{
    return (uint32_t)ftz_out(F32, gs_fp_add(F32, ftz_in(F32, a, ftz), ftz_in(F32, b, ftz), r),
                             ftz);
}

uint32_t gs_f32_sub_general(uint32_t a, uint32_t b, gs_fround r, int ftz)
{
    /* a - b = a + (-b): negating flips the sign bit only (NaN stays NaN). */
    return gs_f32_add_general(a, b ^ 0x80000000u, r, ftz);
}

uint32_t gs_f32_mul_general(uint32_t a, uint32_t b, gs_fround r, int ftz)
{
    return (uint32_t)ftz_out(F32, gs_fp_mul(F32, ftz_in(F32, a, ftz), ftz_in(F32, b, ftz), r),
                             ftz);
}

uint32_t gs_f32_fma_general(uint32_t a, uint32_t b, uint32_t c, gs_fround r, int ftz)
{
    uint64_t res = gs_fp_fma(F32, ftz_in(F32, a, ftz), ftz_in(F32, b, ftz),
                             ftz_in(F32, c, ftz), r);
    return (uint32_t)ftz_out(F32, res, ftz);
}

uint32_t gs_f32_div_general(uint32_t a, uint32_t b, gs_fround r, int ftz)
{
    return (uint32_t)ftz_out(F32, gs_fp_div(F32, ftz_in(F32, a, ftz), ftz_in(F32, b, ftz), r),
                             ftz);
}

uint32_t gs_f32_sqrt_general(uint32_t a, gs_fround r, int ftz)
{
    return (uint32_t)ftz_out(F32, gs_fp_sqrt(F32, ftz_in(F32, a, ftz), r), ftz);
}

uint32_t gs_f32_rcp(uint32_t a, gs_fround r, int ftz)
{
    return gs_f32_div(F32_ONE, a, r, ftz);
}

uint32_t gs_f32_min(uint32_t a, uint32_t b, int ftz)
{
    return (uint32_t)gs_fp_minmax(F32, ftz_in(F32, a, ftz), ftz_in(F32, b, ftz), 0);
}

uint32_t gs_f32_max(uint32_t a, uint32_t b, int ftz)
{
    return (uint32_t)gs_fp_minmax(F32, ftz_in(F32, a, ftz), ftz_in(F32, b, ftz), 1);
}

/* .sat (PTX ISA "Floating-Point Instructions"): clamp to [0.0, 1.0], NaN
 * gives +0.0. Decision: -0.0 (and every negative) clamps to +0.0. */
uint32_t gs_f32_sat(uint32_t a)
{
    if (gs_fp_is_nan(F32, a) || (a & 0x80000000u))
        return 0;
    return a > F32_ONE ? F32_ONE : a;
}

uint64_t gs_f64_div(uint64_t a, uint64_t b, gs_fround r)
{
    return gs_fp_div(F64, a, b, r);
}

uint64_t gs_f64_sqrt(uint64_t a, gs_fround r)
{
    return gs_fp_sqrt(F64, a, r);
}

uint64_t gs_f64_rcp(uint64_t a, gs_fround r)
{
    return gs_fp_div(F64, F64_ONE, a, r);
}

uint64_t gs_f64_min(uint64_t a, uint64_t b)
{
    return gs_fp_minmax(F64, a, b, 0);
}

uint64_t gs_f64_max(uint64_t a, uint64_t b)
{
    return gs_fp_minmax(F64, a, b, 1);
}

uint16_t gs_f16_add(uint16_t a, uint16_t b, gs_fround r, int ftz)
{
    return (uint16_t)ftz_out(F16, gs_fp_add(F16, ftz_in(F16, a, ftz), ftz_in(F16, b, ftz), r),
                             ftz);
}

uint16_t gs_f16_sub(uint16_t a, uint16_t b, gs_fround r, int ftz)
{
    return gs_f16_add(a, (uint16_t)(b ^ 0x8000u), r, ftz);
}

uint16_t gs_f16_mul(uint16_t a, uint16_t b, gs_fround r, int ftz)
{
    return (uint16_t)ftz_out(F16, gs_fp_mul(F16, ftz_in(F16, a, ftz), ftz_in(F16, b, ftz), r),
                             ftz);
}

uint16_t gs_f16_fma(uint16_t a, uint16_t b, uint16_t c, gs_fround r, int ftz)
{
    uint64_t res = gs_fp_fma(F16, ftz_in(F16, a, ftz), ftz_in(F16, b, ftz),
                             ftz_in(F16, c, ftz), r);
    return (uint16_t)ftz_out(F16, res, ftz);
}

uint16_t gs_f16_min(uint16_t a, uint16_t b)
{
    return (uint16_t)gs_fp_minmax(F16, a, b, 0);
}

uint16_t gs_f16_max(uint16_t a, uint16_t b)
{
    return (uint16_t)gs_fp_minmax(F16, a, b, 1);
}

/* Order of two non-NaN values with -0 below +0 (used by min/max only). */
static int ordered_less(const gs_fp_format *f, uint64_t a, uint64_t b)
{
    unsigned sign_shift = f->exp_bits + f->man_bits;
    int sa = (int)((a >> sign_shift) & 1), sb = (int)((b >> sign_shift) & 1);
    uint64_t mask = gs_fp_nan(f), ma = a & mask, mb = b & mask;
    if (sa != sb)
        return sa;
    return sa ? ma > mb : ma < mb;
}

/* PTX min/max: when one operand is NaN the other is returned; two NaNs give
 * the canonical NaN. Decision on an ambiguity: -0.0 counts as less than
 * +0.0 (as IEEE 754-2019 minimum/maximum), so min(-0, +0) = -0. */
uint64_t gs_fp_minmax(const gs_fp_format *f, uint64_t a, uint64_t b, int want_max)
{
    int a_nan = gs_fp_is_nan(f, a), b_nan = gs_fp_is_nan(f, b);
    if (a_nan && b_nan)
        return gs_fp_nan(f);
    if (a_nan)
        return b;
    if (b_nan)
        return a;
    if (want_max)
        return ordered_less(f, a, b) ? b : a;
    return ordered_less(f, b, a) ? b : a;
}

/* IEEE comparison: ordered forms are false with a NaN operand, the
 * unordered forms (equ .. geu) true; +0 equals -0 (PTX ISA "setp"). */
int gs_fp_compare(const gs_fp_format *f, uint64_t a, uint64_t b, gs_fcmp op)
{
    int unordered = gs_fp_is_nan(f, a) || gs_fp_is_nan(f, b);
    uint64_t mask = gs_fp_nan(f);
    int both_zero = ((a | b) & mask) == 0, eq, lt;
    if (op == GS_FCMP_NUM)
        return !unordered;
    if (op == GS_FCMP_NAN)
        return unordered;
    if (unordered)
        return op >= GS_FCMP_EQU;
    eq = both_zero || a == b;
    lt = !eq && ordered_less(f, a, b);
    switch (op >= GS_FCMP_EQU ? (gs_fcmp)(op - GS_FCMP_EQU) : op) {
    case GS_FCMP_EQ: return eq;
    case GS_FCMP_NE: return !eq;
    case GS_FCMP_LT: return lt;
    case GS_FCMP_LE: return lt || eq;
    case GS_FCMP_GT: return !lt && !eq;
    case GS_FCMP_GE: return !lt;
    default: return 0;
    }
}

int gs_f32_compare(uint32_t a, uint32_t b, gs_fcmp op, int ftz)
{
    return gs_fp_compare(F32, ftz_in(F32, a, ftz), ftz_in(F32, b, ftz), op);
}

int gs_f64_compare(uint64_t a, uint64_t b, gs_fcmp op)
{
    return gs_fp_compare(F64, a, b, op);
}

/* testp (PTX ISA "testp"): classify; .normal and .subnormal are true for
 * either sign; .number is "not NaN". */
static int fp_testp(const gs_fp_format *f, uint64_t a, gs_ftest t)
{
    gs_fp_value v = gs_fp_unpack(f, a);
    uint64_t exp_field = (a >> f->man_bits) & (gs_fp_nan(f) >> f->man_bits);
    switch (t) {
    case GS_FTEST_FINITE: return v.cls == GS_FP_ZERO || v.cls == GS_FP_FINITE;
    case GS_FTEST_INFINITE: return v.cls == GS_FP_INF;
    case GS_FTEST_NUMBER: return v.cls != GS_FP_NAN;
    case GS_FTEST_NOTANUMBER: return v.cls == GS_FP_NAN;
    case GS_FTEST_NORMAL: return v.cls == GS_FP_FINITE && exp_field != 0;
    case GS_FTEST_SUBNORMAL: return v.cls == GS_FP_FINITE && exp_field == 0;
    }
    return 0;
}

int gs_f32_testp(uint32_t a, gs_ftest t)
{
    return fp_testp(F32, a, t);
}

int gs_f64_testp(uint64_t a, gs_ftest t)
{
    return fp_testp(F64, a, t);
}
