/*
 * Bit-exact floating point for the PTX executor (DESIGN.md section 4).
 *
 * Values travel as raw IEEE-754 bit patterns (uint32_t for .f32, uint64_t
 * for .f64, uint16_t for .f16) so no host float state is ever involved in
 * storage. Every operation gives the same bits on every host: directed
 * rounding (.rz .rm .rp), fused multiply-add, subnormal flushing (.ftz),
 * saturation (.sat) and the .approx instructions are computed by the
 * project's own integer routines. NaN results are the canonical PTX NaN
 * (0x7fffffff for f32, 0x7fffffffffffffff for f64), as the hardware gives.
 */
#ifndef GS_FP_FPMATH_H
#define GS_FP_FPMATH_H

#include <stdint.h>

typedef enum gs_fround {
    GS_FROUND_RN = 0,   /* nearest, ties to even */
    GS_FROUND_RZ,       /* toward zero */
    GS_FROUND_RM,       /* toward -infinity */
    GS_FROUND_RP        /* toward +infinity */
} gs_fround;

/* f32 arithmetic; ftz flushes subnormal inputs and results to sign-kept zero. */
uint32_t gs_f32_add(uint32_t a, uint32_t b, gs_fround r, int ftz);
uint32_t gs_f32_sub(uint32_t a, uint32_t b, gs_fround r, int ftz);
uint32_t gs_f32_mul(uint32_t a, uint32_t b, gs_fround r, int ftz);
uint32_t gs_f32_fma(uint32_t a, uint32_t b, uint32_t c, gs_fround r, int ftz);
uint32_t gs_f32_div(uint32_t a, uint32_t b, gs_fround r, int ftz);   /* IEEE (div.rn/.full) */
uint32_t gs_f32_sqrt(uint32_t a, gs_fround r, int ftz);
uint32_t gs_f32_rcp(uint32_t a, gs_fround r, int ftz);               /* IEEE 1/a */
uint32_t gs_f32_min(uint32_t a, uint32_t b, int ftz);   /* PTX min: NaN loses */
uint32_t gs_f32_max(uint32_t a, uint32_t b, int ftz);
uint32_t gs_f32_sat(uint32_t a);                        /* clamp to [0,1], NaN -> +0 */
uint32_t gs_f32_ftz(uint32_t a);                        /* flush a subnormal */

/* .approx instructions: fixed, documented algorithms with bounded error
 * (within the PTX ISA's stated ulp bounds), identical on every host. */
uint32_t gs_f32_rcp_approx(uint32_t a, int ftz);
uint32_t gs_f32_sqrt_approx(uint32_t a, int ftz);
uint32_t gs_f32_rsqrt_approx(uint32_t a, int ftz);
uint32_t gs_f32_div_approx(uint32_t a, uint32_t b, int ftz);   /* div.approx / div.full */
uint32_t gs_f32_ex2_approx(uint32_t a, int ftz);
uint32_t gs_f32_lg2_approx(uint32_t a, int ftz);
uint32_t gs_f32_sin_approx(uint32_t a, int ftz);
uint32_t gs_f32_cos_approx(uint32_t a, int ftz);
uint32_t gs_f32_tanh_approx(uint32_t a);

/* f64 arithmetic (PTX has no .ftz for f64). */
uint64_t gs_f64_add(uint64_t a, uint64_t b, gs_fround r);
uint64_t gs_f64_sub(uint64_t a, uint64_t b, gs_fround r);
uint64_t gs_f64_mul(uint64_t a, uint64_t b, gs_fround r);
uint64_t gs_f64_fma(uint64_t a, uint64_t b, uint64_t c, gs_fround r);
uint64_t gs_f64_div(uint64_t a, uint64_t b, gs_fround r);
uint64_t gs_f64_sqrt(uint64_t a, gs_fround r);
uint64_t gs_f64_rcp(uint64_t a, gs_fround r);
uint64_t gs_f64_min(uint64_t a, uint64_t b);
uint64_t gs_f64_max(uint64_t a, uint64_t b);
uint64_t gs_f64_rsqrt_approx(uint64_t a);
uint64_t gs_f64_rcp_approx_ftz(uint64_t a);    /* rcp.approx.ftz.f64 */

/* Comparisons for setp/set/slct: returns 1/0. `op` is one of the PTX
 * comparison names' codes below; the unordered forms (equ, ltu, ...) are
 * true when either operand is NaN. ftz applies to f32 inputs only. */
typedef enum gs_fcmp {
    GS_FCMP_EQ = 0, GS_FCMP_NE, GS_FCMP_LT, GS_FCMP_LE, GS_FCMP_GT, GS_FCMP_GE,
    GS_FCMP_EQU, GS_FCMP_NEU, GS_FCMP_LTU, GS_FCMP_LEU, GS_FCMP_GTU, GS_FCMP_GEU,
    GS_FCMP_NUM, GS_FCMP_NAN
} gs_fcmp;
int gs_f32_compare(uint32_t a, uint32_t b, gs_fcmp op, int ftz);
int gs_f64_compare(uint64_t a, uint64_t b, gs_fcmp op);

/* Conversions (cvt). Float-to-integer: the rounding mode is the integer
 * rounding .rni/.rzi/.rmi/.rpi expressed as a gs_fround; results saturate to
 * the destination range and NaN converts to 0, as PTX specifies. */
uint64_t gs_f64_from_f32(uint32_t a, int ftz);
uint32_t gs_f32_from_f64(uint64_t a, gs_fround r, int ftz);
uint16_t gs_f16_from_f32(uint32_t a, gs_fround r);
uint32_t gs_f32_from_f16(uint16_t a);
uint32_t gs_f32_from_s64(int64_t v, gs_fround r);
uint32_t gs_f32_from_u64(uint64_t v, gs_fround r);
uint64_t gs_f64_from_s64(int64_t v, gs_fround r);
uint64_t gs_f64_from_u64(uint64_t v, gs_fround r);
int64_t gs_f32_to_s64(uint32_t a, gs_fround r, int ftz);   /* saturating */
uint64_t gs_f32_to_u64(uint32_t a, gs_fround r, int ftz);
int64_t gs_f64_to_s64(uint64_t a, gs_fround r);
uint64_t gs_f64_to_u64(uint64_t a, gs_fround r);
/* Narrower integer destinations saturate through these: */
int64_t gs_sat_s64_to_bits(int64_t v, unsigned bits);
uint64_t gs_sat_u64_to_bits(uint64_t v, unsigned bits);
/* Round to an integral value in the same format (cvt.rni.f32.f32 etc.). */
uint32_t gs_f32_round_int(uint32_t a, gs_fround r, int ftz);
uint64_t gs_f64_round_int(uint64_t a, gs_fround r);

/* ---- Added by the fpmath helper (additive; names above unchanged) ---- */

/* div.full.f32: full-range division, max 2 ulp (see fpmath_approx.c). */
uint32_t gs_f32_div_full(uint32_t a, uint32_t b, int ftz);

/* f16 arithmetic (add/sub/mul/fma .f16 with .rn etc.; ftz flushes f16
 * subnormals) and PTX min/max on f16. */
uint16_t gs_f16_add(uint16_t a, uint16_t b, gs_fround r, int ftz);
uint16_t gs_f16_sub(uint16_t a, uint16_t b, gs_fround r, int ftz);
uint16_t gs_f16_mul(uint16_t a, uint16_t b, gs_fround r, int ftz);
uint16_t gs_f16_fma(uint16_t a, uint16_t b, uint16_t c, gs_fround r, int ftz);
uint16_t gs_f16_min(uint16_t a, uint16_t b);
uint16_t gs_f16_max(uint16_t a, uint16_t b);

/* More conversions: f16 <-> f64, bf16 <-> f32, integers <-> f16. */
uint16_t gs_f16_from_f64(uint64_t a, gs_fround r);
uint64_t gs_f64_from_f16(uint16_t a);
uint16_t gs_bf16_from_f32(uint32_t a, gs_fround r);
uint32_t gs_f32_from_bf16(uint16_t a);
uint16_t gs_f16_from_s64(int64_t v, gs_fround r);
uint16_t gs_f16_from_u64(uint64_t v, gs_fround r);
int64_t gs_f16_to_s64(uint16_t a, gs_fround r);   /* saturating, NaN -> 0 */
uint64_t gs_f16_to_u64(uint16_t a, gs_fround r);

/* testp.op (PTX ISA "testp"): returns 1/0. */
typedef enum gs_ftest {
    GS_FTEST_FINITE = 0, GS_FTEST_INFINITE, GS_FTEST_NUMBER, GS_FTEST_NOTANUMBER,
    GS_FTEST_NORMAL, GS_FTEST_SUBNORMAL
} gs_ftest;
int gs_f32_testp(uint32_t a, gs_ftest t);
int gs_f64_testp(uint64_t a, gs_ftest t);

#endif
