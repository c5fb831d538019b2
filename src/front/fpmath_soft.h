/*
 * Internal soft-float core behind fpmath.h (DESIGN.md section 4): a generic
 * IEEE-754 binary format (f16, bf16, f32, f64) handled on raw bit patterns
 * with integer arithmetic only, so results are identical on every host.
 *
 * A finite nonzero value unpacks to sign, exponent and a 64-bit significand
 * whose bit 63 is set: value = (-1)^sign * sig * 2^exp. Results are built
 * by gs_fp_round_pack from an exact-or-sticky significand: the caller ORs
 * "some nonzero bits were discarded" into bit 0, which always lies below
 * the rounding position because no format keeps more than 53 of 64 bits.
 *
 * Not part of the public API: used by the fpmath_*.c files only.
 */
#ifndef GS_FRONT_FPMATH_SOFT_H
#define GS_FRONT_FPMATH_SOFT_H

#include <stdint.h>

#include "front/fpmath.h"

/* 128-bit unsigned integer built from two halves (C99 has no wider type). */
typedef struct gs_u128 {
    uint64_t hi;
    uint64_t lo;
} gs_u128;

int gs_clz64(uint64_t x);                       /* 64 for x == 0 */
int gs_u128_clz(gs_u128 x);                     /* 128 for x == 0 */
gs_u128 gs_u128_mul64(uint64_t a, uint64_t b);  /* full 128-bit product */
uint64_t gs_mul64_hi(uint64_t a, uint64_t b);   /* floor(a * b / 2^64) */
gs_u128 gs_u128_shl(gs_u128 x, unsigned n);     /* n < 128 */
gs_u128 gs_u128_shr(gs_u128 x, unsigned n);     /* n < 128 */
gs_u128 gs_u128_shr_jam(gs_u128 x, uint32_t n); /* lost bits ORed into bit 0 */
gs_u128 gs_u128_add(gs_u128 a, gs_u128 b);
gs_u128 gs_u128_sub(gs_u128 a, gs_u128 b);      /* a >= b */
int gs_u128_cmp(gs_u128 a, gs_u128 b);          /* -1, 0, 1 */
uint64_t gs_shr_jam64(uint64_t x, uint32_t n);
gs_u128 gs_u128_isqrt(gs_u128 x, int *inexact); /* floor(sqrt(x)) */

/* An IEEE binary interchange format: exponent and stored-fraction widths. */
typedef struct gs_fp_format {
    unsigned exp_bits;
    unsigned man_bits;
} gs_fp_format;

extern const gs_fp_format gs_fp_f16;
extern const gs_fp_format gs_fp_bf16;
extern const gs_fp_format gs_fp_f32;
extern const gs_fp_format gs_fp_f64;

enum { GS_FP_ZERO = 0, GS_FP_FINITE, GS_FP_INF, GS_FP_NAN };

typedef struct gs_fp_value {
    int cls;        /* GS_FP_ZERO, GS_FP_FINITE, GS_FP_INF, GS_FP_NAN */
    int sign;       /* 1 = negative */
    int32_t exp;    /* finite: value = sig * 2^exp */
    uint64_t sig;   /* finite: bit 63 set */
} gs_fp_value;

gs_fp_value gs_fp_unpack(const gs_fp_format *f, uint64_t bits);
uint64_t gs_fp_round_pack(const gs_fp_format *f, int sign, int32_t exp, uint64_t sig,
                          gs_fround r);
uint64_t gs_fp_pack_wide(const gs_fp_format *f, int sign, int32_t exp, gs_u128 sig,
                         gs_fround r);
int gs_fp_round_increment(int sign, int odd, int cmp_half, int inexact, gs_fround r);
uint64_t gs_fp_nan(const gs_fp_format *f);
uint64_t gs_fp_inf(const gs_fp_format *f, int sign);
uint64_t gs_fp_zero(const gs_fp_format *f, int sign);
uint64_t gs_fp_overflow(const gs_fp_format *f, int sign, gs_fround r);
uint64_t gs_fp_flush(const gs_fp_format *f, uint64_t bits);  /* subnormal -> zero */
int gs_fp_is_nan(const gs_fp_format *f, uint64_t bits);

/* Correctly rounded IEEE operations on any format (fpmath_ops.c). */
uint64_t gs_fp_add(const gs_fp_format *f, uint64_t a, uint64_t b, gs_fround r);
uint64_t gs_fp_mul(const gs_fp_format *f, uint64_t a, uint64_t b, gs_fround r);
uint64_t gs_fp_fma(const gs_fp_format *f, uint64_t a, uint64_t b, uint64_t c, gs_fround r);
uint64_t gs_fp_div(const gs_fp_format *f, uint64_t a, uint64_t b, gs_fround r);
uint64_t gs_fp_sqrt(const gs_fp_format *f, uint64_t a, gs_fround r);
uint64_t gs_fp_rsqrt(const gs_fp_format *f, uint64_t a, gs_fround r);

/* Comparison helpers (fpmath.c) and conversions (fpmath_cvt.c). */
int gs_fp_compare(const gs_fp_format *f, uint64_t a, uint64_t b, gs_fcmp op);
uint64_t gs_fp_minmax(const gs_fp_format *f, uint64_t a, uint64_t b, int want_max);
uint64_t gs_fp_convert(const gs_fp_format *to, const gs_fp_format *from, uint64_t a,
                       gs_fround r);
uint64_t gs_fp_from_u64(const gs_fp_format *f, int negative, uint64_t magnitude,
                        gs_fround r);
uint64_t gs_fp_round_int(const gs_fp_format *f, uint64_t a, gs_fround r);

#endif
