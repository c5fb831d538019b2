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
#ifndef GS_FP_FPMATH_SOFT_H
#define GS_FP_FPMATH_SOFT_H

#include <stdint.h>

#include "fp/fpmath.h"

/* 128-bit unsigned integer built from two halves (C99 has no wider type). */
typedef struct gs_u128 {
    uint64_t hi;
    uint64_t lo;
} gs_u128;

int gs_clz64(uint64_t x);                       /* 64 for x == 0 */
/* Its de Bruijn table, for inline copies on hot paths (fpmath_f32.c). */
#define GS_CLZ_DEBRUIJN ((uint64_t)0x0218a392cd3d5dbfu)
extern const unsigned char gs_clz_by_window[64];
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

/* The general-path f32 operations (fpmath.c): same contract and same bits as
 * the public gs_f32_add/sub/mul/fma/div, which are specialised fast paths
 * (fpmath_f32.c). Kept as the reference for tests/unit/058 and the bench. */
uint32_t gs_f32_add_general(uint32_t a, uint32_t b, gs_fround r, int ftz);
uint32_t gs_f32_sub_general(uint32_t a, uint32_t b, gs_fround r, int ftz);
uint32_t gs_f32_mul_general(uint32_t a, uint32_t b, gs_fround r, int ftz);
uint32_t gs_f32_fma_general(uint32_t a, uint32_t b, uint32_t c, gs_fround r, int ftz);
uint32_t gs_f32_div_general(uint32_t a, uint32_t b, gs_fround r, int ftz);
uint32_t gs_f32_sqrt_general(uint32_t a, gs_fround r, int ftz);
extern const uint32_t gs_f32_sqrt_start[192];   /* Newton start (fpmath_f32.c) */
uint32_t gs_f32_from_s64_general(int64_t v, gs_fround r);           /* fpmath_cvt.c */
uint32_t gs_f32_from_u64_general(uint64_t v, gs_fround r);
int64_t gs_f32_to_s64_general(uint32_t a, gs_fround r, int ftz);
uint64_t gs_f32_to_u64_general(uint32_t a, gs_fround r, int ftz);

#endif
