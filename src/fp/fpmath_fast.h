/*
 * Inline integer helpers shared by the specialised fast paths of fpmath
 * (fpmath_f32.c, fpmath_f64.c; DESIGN.md section 4): sticky right shift,
 * portable branch-free count of leading zeros, the rounding increment of
 * IEEE 754-2008 section 4.3 for the four PTX modes, a 64x64 -> 128-bit
 * product and a signed sum of two magnitudes. Internal: included by fpmath_*.c only.
 */
#ifndef GS_FP_FPMATH_FAST_H
#define GS_FP_FPMATH_FAST_H

#include "fp/fpmath_soft.h"

#define GS_ONE64 ((uint64_t)1)

/* x >> n with every bit shifted out ORed into bit 0, for x < 2^63 (so a
 * shift by 63 already leaves only the sticky bit). Branch-free: operand
 * exponent differences are random in real data. */
static inline uint64_t gs_fast_shr_jam(uint64_t x, uint32_t n)
{
    n = n < 63 ? n : 63;
    return (x >> n) | (uint64_t)((x & ((GS_ONE64 << n) - 1)) != 0);
}

/* Leading zeros of x in 1..63 (x nonzero, below 2^63): the branch-free
 * de Bruijn method of gs_clz64, inlined here for the hot paths. */
static inline int gs_fast_clz(uint64_t x)
{
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    x |= x >> 32;
    x ^= x >> 1;
    return gs_clz_by_window[(x * GS_CLZ_DEBRUIJN) >> 58];
}

/* What to add below the kept bits before truncating, when the discarded
 * field is `mask` (2^s - 1): half for .rn (a tie is fixed up by the
 * caller), all ones when rounding away from zero, else nothing. */
static inline uint64_t gs_fast_round_increment(int negative, uint64_t mask, gs_fround r)
{
    switch (r) {
    case GS_FROUND_RN: return (mask >> 1) + 1;
    case GS_FROUND_RZ: return 0;
    case GS_FROUND_RP: return negative ? 0 : mask;
    case GS_FROUND_RM: return negative ? mask : 0;
    }
    return 0;
}

/* Left shift that brings the leading one of a nonzero sum < 2^63 to bit
 * 62: without the clz chain in the common case (no massive cancellation). */
static inline int gs_fast_normalise_shift(uint64_t sum)
{
    if (sum >> 60)
        return (int)((sum >> 62) == 0) + (int)((sum >> 61) == 0);
    return gs_fast_clz(sum) - 1;
}

/* The full 128-bit product of two 64-bit integers, *lo and the return
 * value the low and high halves (portable 32x32 partial products). */
static inline uint64_t gs_fast_mul64(uint64_t a, uint64_t b, uint64_t *lo)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    *lo = (p00 & 0xffffffffu) | (mid << 32);
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* Signed sum of two magnitudes below 2^62 (`negate` all-ones subtracts y):
 * returns the magnitude and sets *flipped when the difference is negative. */
static inline uint64_t gs_fast_signed_sum(uint64_t x, uint64_t y, uint64_t negate,
                                          int *flipped)
{
    uint64_t sum = x + ((y ^ negate) - negate), neg = (uint64_t)0 - (sum >> 63);
    *flipped = (int)(sum >> 63);
    return (sum ^ neg) - neg;
}

#endif
