/*
 * PTX .approx instructions (PTX ISA "Floating-Point Instructions": rcp,
 * sqrt, rsqrt, div, ex2, lg2, sin, cos, tanh) as fixed, documented integer
 * algorithms: the same bits on every host (DESIGN.md section 4). No host
 * float, no libm. The hardware's own approximations are not public; these
 * are at least as accurate as the PTX ISA's stated bounds, which is all a
 * program may rely on. Each function states its algorithm and error bound;
 * tests/unit/055 checks the bounds against libm, 056 pins golden bits.
 *
 * Fixed-point notation: Qi.f is an unsigned integer holding value * 2^f.
 *
 * The constants below were computed with Python's integer and decimal
 * arithmetic (120 significant digits), each rounded to nearest:
 *   EXP2_Q63[j] = 2^(j/64) * 2^63      LOG2_Q64[j] = log2(1 + j/64) * 2^64
 *   INV_Q63[j]  = 2^63 / (1 + j/64)    TWO_OVER_PI = floor(2/pi * 2^256)
 * (pi from Machin's formula on 600-bit integers).
 */
#include "fp/fpmath_soft.h"

#define F32 (&gs_fp_f32)
#define F64 (&gs_fp_f64)
#define ONE64 ((uint64_t)1)
#define ONE_Q63 (ONE64 << 63)
#define F32_ONE 0x3f800000u
#define F64_ONE ((uint64_t)0x3ff0000000000000u)
#define MASK54 ((ONE64 << 54) - 1)

static const uint64_t LN2_Q64 = 0xb17217f7d1cf79acu;     /* ln 2 */
static const uint64_t LOG2E_Q63 = 0xb8aa3b295c17f0bcu;   /* 1 / ln 2 */
static const uint64_t PIO2_Q63 = 0xc90fdaa22168c235u;    /* pi / 2 */

/* floor(2/pi * 2^256), most significant word first. */
static const uint64_t TWO_OVER_PI[4] = {
    0xa2f9836e4e441529u, 0xfc2757d1f534ddc0u, 0xdb6295993c439041u, 0xfe5163abdebbc561u
};

static const uint64_t EXP2_Q63[64] = {
    0x8000000000000000u, 0x8164d1f3bc030773u, 0x82cd8698ac2ba1d7u,
    0x843a28c3acde4046u, 0x85aac367cc487b15u, 0x871f61969e8d1010u,
    0x88980e8092da8527u, 0x8a14d575496efd9au, 0x8b95c1e3ea8bd6e7u,
    0x8d1adf5b7e5ba9e6u, 0x8ea4398b45cd53c0u, 0x9031dc431466b1dcu,
    0x91c3d373ab11c336u, 0x935a2b2f13e6e92cu, 0x94f4efa8fef70961u,
    0x96942d3720185a00u, 0x9837f0518db8a96fu, 0x99e0459320b7fa65u,
    0x9b8d39b9d54e5539u, 0x9d3ed9a72cffb751u, 0x9ef5326091a111aeu,
    0xa0b0510fb9714fc2u, 0xa27043030c496819u, 0xa43515ae09e6809eu,
    0xa5fed6a9b15138eau, 0xa7cd93b4e965356au, 0xa9a15ab4ea7c0ef8u,
    0xab7a39b5a93ed337u, 0xad583eea42a14ac6u, 0xaf3b78ad690a4375u,
    0xb123f581d2ac2590u, 0xb311c412a9112489u, 0xb504f333f9de6484u,
    0xb6fd91e328d17791u, 0xb8fbaf4762fb9ee9u, 0xbaff5ab2133e45fbu,
    0xbd08a39f580c36bfu, 0xbf1799b67a731083u, 0xc12c4cca66709456u,
    0xc346ccda24976407u, 0xc5672a115506daddu, 0xc78d74c8abb9b15du,
    0xc9b9bd866e2f27a3u, 0xcbec14fef2727c5du, 0xce248c151f8480e4u,
    0xd06333daef2b2595u, 0xd2a81d91f12ae45au, 0xd4f35aabcfedfa1fu,
    0xd744fccad69d6af4u, 0xd99d15c278afd7b6u, 0xdbfbb797daf23755u,
    0xde60f4825e0e9124u, 0xe0ccdeec2a94e111u, 0xe33f8972be8a5a51u,
    0xe5b906e77c8348a8u, 0xe8396a503c4bdc68u, 0xeac0c6e7dd24392fu,
    0xed4f301ed9942b84u, 0xefe4b99bdcdaf5cbu, 0xf281773c59ffb13au,
    0xf5257d152486cc2cu, 0xf7d0df730ad13bb9u, 0xfa83b2db722a033au,
    0xfd3e0c0cf486c175u
};

static const uint64_t LOG2_Q64[64] = {
    0x0000000000000000u, 0x05b9e5a170b48a63u, 0x0b5d69bac77ec399u,
    0x10eb389fa29f9ab4u, 0x1663f6fac913167du, 0x1bc84240adabba64u,
    0x2118b119b4f3c72cu, 0x2655d3c4f15c343fu, 0x2b803473f7ad0f3fu,
    0x309857a05e0765fcu, 0x359ebc5b69d927e0u, 0x3a93dc9864b2df92u,
    0x3f782d7204d01447u, 0x444c1f6b4c2dd72cu, 0x49101eac381ce609u,
    0x4dc4933a9337b366u, 0x5269e12f346e2bf9u, 0x570068e7ef5a1e7fu,
    0x5b8887367433795eu, 0x6002958c587150cbu, 0x646eea247c5c22d3u,
    0x68cdd829fd814276u, 0x6d1fafdce20a8290u, 0x7164beb4a56d59fau,
    0x759d4f80cba83bf9u, 0x79c9aa879d534831u, 0x7dea15a32c1b3b38u,
    0x81fed45cbccbf99du, 0x86082806b1d532c4u, 0x8a064fd50f2a1cf1u,
    0x8df988f4ae806f1eu, 0x91e20ea1393e4040u, 0x95c01a39fbd687a0u,
    0x9993e355a4e53643u, 0x9d5d9fd5010b3666u, 0xa11d83f4c3554b38u,
    0xa4d3c25e68dc57f2u, 0xa8808c384547c6efu, 0xac241134c4e99e1cu,
    0xafbe7fa0f04d75c6u, 0xb35004723c465e69u, 0xb6d8cb53b0ca4eccu,
    0xba58feb2703a9e37u, 0xbdd0c7c9a817204fu, 0xc1404eadf38396dfu,
    0xc4a7ba58377c5a03u, 0xc80730b0001667f2u, 0xcb5ed69565afaf7fu,
    0xceaecfea80859b33u, 0xd1f73f9c70c0f684u, 0xd53847ac00a69be7u,
    0xd8720935e6435ebdu, 0xdba4a47aa996d25au, 0xded038e633f36da9u,
    0xe1f4e5170d02a99bu, 0xe512c6e54998b1b0u, 0xe829fb693044b399u,
    0xeb3a9f01975077f2u, 0xee44cd59ffab62f3u, 0xf148a170700a00feu,
    0xf446359b13539551u, 0xf73da38d9d4a83ebu, 0xfa2f045e7832aa72u,
    0xfd1a708bbe119b15u
};

static const uint64_t INV_Q63[64] = {
    0x8000000000000000u, 0x7e07e07e07e07e08u, 0x7c1f07c1f07c1f08u,
    0x7a44c6afc2dd9ca8u, 0x7878787878787878u, 0x76b981dae6076b98u,
    0x7507507507507507u, 0x73615a240e6c2b45u, 0x71c71c71c71c71c7u,
    0x70381c0e070381c1u, 0x6eb3e45306eb3e45u, 0x6d3a06d3a06d3a07u,
    0x6bca1af286bca1afu, 0x6a63bd81a98ef607u, 0x6906906906906907u,
    0x67b23a5440cf6475u, 0x6666666666666666u, 0x6522c3f35ba78195u,
    0x63e7063e7063e706u, 0x62b2e43dafcea68eu, 0x6186186186186186u,
    0x6060606060606060u, 0x5f417d05f417d05fu, 0x5e293205e293205eu,
    0x5d1745d1745d1746u, 0x5c0b81702e05c0b8u, 0x5b05b05b05b05b06u,
    0x5a05a05a05a05a06u, 0x590b21642c8590b2u, 0x5816058160581606u,
    0x572620ae4c415c99u, 0x563b48c20563b48cu, 0x5555555555555555u,
    0x54741fab8be05474u, 0x5397829cbc14e5e1u, 0x52bf5a814afd6a05u,
    0x51eb851eb851eb85u, 0x511be1958b67ebb9u, 0x5050505050505050u,
    0x4f88b2f392a409f1u, 0x4ec4ec4ec4ec4ec5u, 0x4e04e04e04e04e05u,
    0x4d4873ecade304d5u, 0x4c8f8d28ac42fd9cu, 0x4bda12f684bda12fu,
    0x4b27ed3604b27ed3u, 0x4a7904a7904a7905u, 0x49cd42e2049cd42eu,
    0x4924924924924925u, 0x487ede0487ede048u, 0x47dc11f7047dc11fu,
    0x473c1ab68a0473c2u, 0x469ee58469ee5847u, 0x4604604604604604u,
    0x456c797dd49c3411u, 0x44d72044d72044d7u, 0x4444444444444444u,
    0x43b3d5af9a723f79u, 0x4325c53ef368eb04u, 0x429a0429a0429a04u,
    0x4210842108421084u, 0x4189374bc6a7ef9eu, 0x4104104104104104u,
    0x4081020408102041u
};

/* Series coefficients in Q1.63, rounded to nearest (floor for 1/(k+1)):
 * EXP_C[k] = 1/k!, SIN_C[k] = 1/(2k+1)!, COS_C[k] = 1/(2k)!, LOG_C[k] = 1/(k+1). */
static const uint64_t EXP_C[8] = {
    0x8000000000000000u, 0x8000000000000000u, 0x4000000000000000u, 0x1555555555555555u,
    0x0555555555555555u, 0x0111111111111111u, 0x002d82d82d82d82eu, 0x0006806806806807u
};
static const uint64_t SIN_C[10] = {
    0x8000000000000000u, 0x1555555555555555u, 0x0111111111111111u, 0x0006806806806807u,
    0x0000171de3a556c7u, 0x00000035cc8acfebu, 0x000000005849184fu, 0x00000000006b9fd0u,
    0x000000000000654bu, 0x000000000000004cu
};
static const uint64_t COS_C[11] = {
    0x8000000000000000u, 0x4000000000000000u, 0x0555555555555555u, 0x002d82d82d82d82eu,
    0x0000d00d00d00d01u, 0x0000024fc9f6ef14u, 0x000000047bb63bfeu, 0x00000000064e5d2au,
    0x000000000006b9fdu, 0x00000000000005a1u, 0x0000000000000004u
};
static const uint64_t LOG_C[10] = {
    0x8000000000000000u, 0x4000000000000000u, 0x2aaaaaaaaaaaaaaau, 0x2000000000000000u,
    0x1999999999999999u, 0x1555555555555555u, 0x1249249249249249u, 0x1000000000000000u,
    0x0e38e38e38e38e38u, 0x0cccccccccccccccu
};

static uint64_t ftz32(uint64_t a, int ftz)
{
    return ftz ? gs_fp_flush(F32, a) : a;
}

/* ---- reciprocal, square root, division ---------------------------------- */

/* rcp.approx.f32: the correctly rounded (RN) reciprocal, error <= 0.5 ulp
 * (PTX bound: 1 ulp). 1/+-0 = +-inf, 1/+-inf = +-0, NaN -> NaN. */
uint32_t gs_f32_rcp_approx(uint32_t a, int ftz)
{
    return gs_f32_div(F32_ONE, a, GS_FROUND_RN, ftz);
}

/* sqrt.approx.f32: the correctly rounded square root, error <= 0.5 ulp
 * (PTX bound: relative 2^-23). sqrt(-0) = -0, negatives -> NaN. */
uint32_t gs_f32_sqrt_approx(uint32_t a, int ftz)
{
    return gs_f32_sqrt(a, GS_FROUND_RN, ftz);
}

/* rsqrt.approx.f32: 1/sqrt(a) correctly rounded (exact integer method in
 * gs_fp_rsqrt), error <= 0.5 ulp (PTX bound: relative 2^-22.9).
 * rsqrt(+0) = +inf, rsqrt(-0) = -inf, negatives -> NaN, rsqrt(+inf) = +0. */
uint32_t gs_f32_rsqrt_approx(uint32_t a, int ftz)
{
    return (uint32_t)ftz32(gs_fp_rsqrt(F32, ftz32(a, ftz), GS_FROUND_RN), ftz);
}

/* div.approx.f32 (PTX: "computed as d = a * (1/b)"): both steps rounded to
 * nearest, error <= 1.5 ulp for |b| in [2^-126, 2^126] (PTX bound: 2 ulp).
 * The reciprocal is always flushed when subnormal, which gives the PTX
 * rule "for 2^126 < |b| < 2^128 the result is 0, or NaN when a is inf". */
uint32_t gs_f32_div_approx(uint32_t a, uint32_t b, int ftz)
{
    uint64_t rb = gs_fp_div(F32, F32_ONE, ftz32(b, ftz), GS_FROUND_RN);
    rb = gs_fp_flush(F32, rb);
    return (uint32_t)ftz32(gs_fp_mul(F32, ftz32(a, ftz), rb, GS_FROUND_RN), ftz);
}

/* div.full.f32: the correctly rounded quotient, error <= 0.5 ulp over the
 * full range (PTX bound: 2 ulp). */
uint32_t gs_f32_div_full(uint32_t a, uint32_t b, int ftz)
{
    return gs_f32_div(a, b, GS_FROUND_RN, ftz);
}

/* rsqrt.approx.f64: correctly rounded 1/sqrt(a), error <= 0.5 ulp. */
uint64_t gs_f64_rsqrt_approx(uint64_t a)
{
    return gs_fp_rsqrt(F64, a, GS_FROUND_RN);
}

/* rcp.approx.ftz.f64: correctly rounded 1/a with f64 subnormal inputs and
 * results flushed to sign-preserving zero; error <= 0.5 ulp (PTX promises
 * only a "fast, gross approximation"). */
uint64_t gs_f64_rcp_approx_ftz(uint64_t a)
{
    uint64_t r = gs_fp_div(F64, F64_ONE, gs_fp_flush(F64, a), GS_FROUND_RN);
    return gs_fp_flush(F64, r);
}

/* ---- 2^x ------------------------------------------------------------------ */

/* 2^f for f = F * 2^-54 in [0, 1), as Q2.62. Table-driven reduction
 * f = j/64 + r (r < 1/64), then e^(r ln 2) by its Taylor series to the
 * y^7/7! term (next term < 2^-67) in Horner form, Q1.63 fixed point.
 * Relative error < 2^-59 (table 2^-64, series and 9 truncations ~2^-60). */
static uint64_t exp2_frac(uint64_t f_q54)
{
    unsigned j = (unsigned)(f_q54 >> 48);
    uint64_t r_q64 = (f_q54 & ((ONE64 << 48) - 1)) << 10;
    uint64_t y_q64 = gs_mul64_hi(r_q64, LN2_Q64);
    uint64_t acc = EXP_C[7];
    int k;
    for (k = 6; k >= 0; k--)
        acc = EXP_C[k] + gs_mul64_hi(y_q64, acc);
    return gs_u128_mul64(EXP2_Q63[j], acc).hi;
}

/* ex2.approx.f32: x is split exactly as n + f (n = floor(x), f truncated to
 * 54 fraction bits, which moves the result by < 2^-54 relative), 2^f from
 * exp2_frac, then one rounding to nearest. Error < 0.5 ulp + 2^-30 ulp
 * (PTX bound: 2 ulp). Subnormal results are kept unless .ftz. Specials:
 * -inf -> +0, +inf -> +inf, +-0 -> 1, NaN -> NaN. */
uint32_t gs_f32_ex2_approx(uint32_t a, int ftz)
{
    gs_fp_value v = gs_fp_unpack(F32, ftz32(a, ftz));
    const uint64_t offset = (uint64_t)256 << 54;   /* > |x| * 2^54: keeps u >= 0 */
    uint64_t mag, u, p;
    uint32_t shift;
    int32_t n;
    int inexact;
    if (v.cls == GS_FP_NAN)
        return (uint32_t)gs_fp_nan(F32);
    if (v.cls == GS_FP_ZERO)
        return F32_ONE;
    if (v.cls == GS_FP_INF || v.exp + 63 >= 8)   /* |x| >= 256 */
        return v.sign ? 0 : (uint32_t)gs_fp_inf(F32, 0);
    /* x * 2^54 = sig * 2^(exp + 54) with exp + 54 < -1: a right shift. */
    shift = (uint32_t)(-(v.exp + 54));
    mag = shift >= 64 ? 0 : v.sig >> shift;
    inexact = shift >= 64 || (v.sig & ((ONE64 << shift) - 1)) != 0;
    u = v.sign ? offset - mag - (uint64_t)inexact : offset + mag;   /* floor */
    n = (int32_t)(u >> 54) - 256;
    if (n >= 128)
        return (uint32_t)gs_fp_inf(F32, 0);
    if (n < -151)
        return 0;
    p = exp2_frac(u & MASK54);
    p |= (uint64_t)((u & MASK54) != 0 || inexact);
    return (uint32_t)ftz32(gs_fp_round_pack(F32, 0, n - 62, p, GS_FROUND_RN), ftz);
}

/* ---- log2(x) -------------------------------------------------------------- */

/* log2(m) for m = sig * 2^-63 in [1, 2), as Q.62. Reduction m = c(1 + r)
 * with c = 1 + j/64 (j = the top 6 fraction bits) and r = (m - c)/c < 2^-6
 * from the 1/c table; ln(1 + r) by its alternating series to r^10/10
 * (next term < 2^-69), Horner form in Q1.63; times 1/ln 2; plus log2(c).
 * Absolute error < 2^-58. */
static uint64_t log2_mantissa(uint64_t sig)
{
    unsigned j = (unsigned)((sig >> 57) & 63);
    int k;
    uint64_t d_q64 = (sig & ((ONE64 << 57) - 1)) << 1;
    gs_u128 prod = gs_u128_mul64(d_q64, INV_Q63[j]);
    uint64_t r_q64 = (prod.hi << 1) | (prod.lo >> 63);
    uint64_t acc = LOG_C[9], ln_q63;
    for (k = 8; k >= 0; k--)
        acc = LOG_C[k] - gs_mul64_hi(r_q64, acc);
    ln_q63 = gs_mul64_hi(r_q64, acc);
    return ((LOG2_Q64[j] + 2) >> 2) + gs_mul64_hi(ln_q63, LOG2E_Q63);
}

/* lg2.approx.f32: x = m * 2^e, log2 x = e + log2(m) summed in 128-bit
 * fixed point (exact cancellation for x just below 1), one rounding to
 * nearest. Absolute error < 2^-57 before rounding: final error < 0.5 ulp +
 * 2^-11 ulp, absolute < 2^-24 (PTX bound: 2^-22 absolute). Specials:
 * +-0 -> -inf, negatives (and -inf) -> NaN, +inf -> +inf, 1 -> +0. */
uint32_t gs_f32_lg2_approx(uint32_t a, int ftz)
{
    gs_fp_value v = gs_fp_unpack(F32, ftz32(a, ftz));
    int32_t e;
    uint64_t frac;
    gs_u128 whole, mag;
    int negative;
    if (v.cls == GS_FP_NAN || (v.sign && v.cls != GS_FP_ZERO))
        return (uint32_t)gs_fp_nan(F32);
    if (v.cls == GS_FP_ZERO)
        return (uint32_t)gs_fp_inf(F32, 1);
    if (v.cls == GS_FP_INF)
        return a;
    e = v.exp + 63;
    frac = log2_mantissa(v.sig);
    negative = e < 0;
    whole.hi = 0;
    whole.lo = (uint64_t)(negative ? -e : e);
    whole = gs_u128_shl(whole, 62);
    mag.hi = 0;
    mag.lo = frac;
    mag = negative ? gs_u128_sub(whole, mag) : gs_u128_add(whole, mag);
    mag.lo |= (uint64_t)(v.sig != ONE_Q63);   /* exact only for powers of 2 */
    return (uint32_t)gs_fp_pack_wide(F32, negative, -62, mag, GS_FROUND_RN);
}

/* ---- sin, cos ------------------------------------------------------------- */

/* 64 bits of TWO_OVER_PI (as a 256-bit integer) starting at bit `pos`
 * counted from its least significant end; bits outside are zero. */
static uint64_t two_over_pi_chunk(uint32_t pos)
{
    uint32_t k = pos / 64, o = pos % 64;
    uint64_t lo = k < 4 ? TWO_OVER_PI[3 - k] : 0;
    uint64_t hi = k + 1 < 4 ? TWO_OVER_PI[2 - k] : 0;
    return o ? (lo >> o) | (hi << (64 - o)) : lo;
}

/* Payne-Hanek reduction for |x| = m * 2^e (m < 2^24, -36 <= e <= 104):
 * with bits b_i of 2/pi (2/pi = sum b_i 2^-i), the bits i < e - 1 add
 * multiples of 4 to x * 2/pi and are skipped; the 128 bits from i = e - 1
 * give (m * W) mod 2^128 = (x * 2/pi mod 4) * 2^126, truncated by less than
 * 2^-102. Returns the quadrant and the fraction within it (Q0.64). */
static unsigned reduce_quadrant(uint64_t m, int32_t e, uint64_t *frac_q64)
{
    uint32_t shift = (uint32_t)(129 - (e - 1));   /* 26 .. 166 */
    uint64_t w_lo = two_over_pi_chunk(shift), w_hi = two_over_pi_chunk(shift + 64);
    gs_u128 y = gs_u128_mul64(m, w_lo);
    y.hi += m * w_hi;
    *frac_q64 = (y.hi << 2) | (y.lo >> 62);
    return (unsigned)(y.hi >> 62);
}

/* sin(t) (odd) or cos(t) (even) for t in [0, pi/4] given in Q0.64, by
 * Taylor series to t^19/19! resp. t^20/20! (next terms < 2^-68) in Horner
 * form, Q1.63; absolute error < 2^-60. */
static uint64_t sincos_poly(uint64_t t_q64, int want_cos)
{
    uint64_t t2 = gs_mul64_hi(t_q64, t_q64), acc;
    int k;
    if (want_cos) {
        acc = COS_C[10];
        for (k = 9; k >= 0; k--)
            acc = COS_C[k] - gs_mul64_hi(t2, acc);
        return acc;
    }
    acc = SIN_C[9];
    for (k = 8; k >= 0; k--)
        acc = SIN_C[k] - gs_mul64_hi(t2, acc);
    return gs_mul64_hi(t_q64, acc);
}

/* sin.approx.f32 / cos.approx.f32: exact Payne-Hanek reduction modulo pi/2
 * over the whole f32 range, then sincos_poly on [0, pi/4] (using
 * sin(pi/2 - t) = cos t), one rounding to nearest. Absolute error < 2^-59
 * before rounding, so the result is within 0.5 ulp + 2^-59 of the true
 * value everywhere (PTX bound: 2^-20.9 absolute in [-100 pi, 100 pi]).
 * For |x| < 2^-12, sin x rounds to x and cos x to 1 (the next series term
 * is below half an ulp). Specials: +-inf, NaN -> NaN; sin(+-0) = +-0. */
static uint32_t sincos_approx(uint32_t a, int ftz, int want_cos)
{
    gs_fp_value v = gs_fp_unpack(F32, ftz32(a, ftz));
    uint64_t frac, t_q64, r;
    unsigned quadrant;
    int use_cos, negative;
    if (v.cls == GS_FP_NAN || v.cls == GS_FP_INF)
        return (uint32_t)gs_fp_nan(F32);
    if (v.cls == GS_FP_ZERO || v.exp + 63 < -12)
        return want_cos ? F32_ONE : (uint32_t)ftz32(a, ftz);
    quadrant = reduce_quadrant(v.sig >> 40, v.exp + 40, &frac) + (unsigned)want_cos;
    use_cos = (int)(quadrant & 1);
    if (frac >= ONE_Q63) {          /* f >= 1/2: use the complementary angle */
        frac = (uint64_t)0 - frac;
        use_cos = !use_cos;
    }
    t_q64 = gs_u128_shr(gs_u128_mul64(frac, PIO2_Q63), 63).lo;
    r = sincos_poly(t_q64, use_cos);
    negative = ((quadrant >> 1) & 1) ^ (want_cos ? 0 : v.sign);
    if (r == 0)
        return (uint32_t)gs_fp_zero(F32, negative);
    /* sin and cos of a nonzero rational are irrational: never exact. */
    return (uint32_t)ftz32(gs_fp_round_pack(F32, negative, -63, r | 1, GS_FROUND_RN), ftz);
}

uint32_t gs_f32_sin_approx(uint32_t a, int ftz)
{
    return sincos_approx(a, ftz, 0);
}

uint32_t gs_f32_cos_approx(uint32_t a, int ftz)
{
    return sincos_approx(a, ftz, 1);
}

/* ---- tanh ------------------------------------------------------------------ */

/* floor(n / d * 2^40) for n < d < 2^126, by restoring division, with a
 * remainder ORed into bit 0. */
static uint64_t frac_div(gs_u128 n, gs_u128 d)
{
    uint64_t q = 0;
    int i;
    for (i = 0; i < 40; i++) {
        n = gs_u128_shl(n, 1);
        q <<= 1;
        if (gs_u128_cmp(n, d) >= 0) {
            n = gs_u128_sub(n, d);
            q |= 1;
        }
    }
    return q | (uint64_t)((n.hi | n.lo) != 0);
}

/* tanh.approx.f32: tanh|x| = E / (E + 2) with E = 2^t - 1, t = 2|x| log2 e
 * (t in Q.54, truncated), 2^t from exp2_frac, the quotient by long
 * division, one rounding to nearest. Relative error < 2^-42 before
 * rounding: final < 0.5 ulp + 2^-18 ulp (PTX bound: about 2^-11 relative).
 * |x| < 2^-12 gives x (x^3/3 is below half an ulp); |x| >= 10 gives +-1
 * (1 - tanh 10 < 2^-26). Specials: +-0 -> +-0, +-inf -> +-1, NaN -> NaN. */
uint32_t gs_f32_tanh_approx(uint32_t a)
{
    gs_fp_value v = gs_fp_unpack(F32, a);
    int32_t e = v.exp + 40;
    uint64_t t_q54, p;
    gs_u128 num, den, two = {0, ONE_Q63};
    unsigned n;
    if (v.cls == GS_FP_NAN)
        return (uint32_t)gs_fp_nan(F32);
    if (v.cls == GS_FP_ZERO || (v.cls == GS_FP_FINITE && v.exp + 63 < -12))
        return a;
    if (v.cls == GS_FP_INF || (a & 0x7fffffffu) >= 0x41200000u)   /* |x| >= 10 */
        return (a & 0x80000000u) | F32_ONE;
    t_q54 = gs_u128_shr(gs_u128_mul64(v.sig >> 40, LOG2E_Q63), (unsigned)(8 - e)).lo;
    n = (unsigned)(t_q54 >> 54);
    p = exp2_frac(t_q54 & MASK54);
    num.hi = 0;
    num.lo = p;
    num = gs_u128_sub(gs_u128_shl(num, n), gs_u128_shr(two, 1));   /* 2^t - 1, Q.62 */
    den = gs_u128_add(num, two);
    /* tanh >= 2^-12 here, so the 40-bit quotient keeps >= 28 significant
     * bits; tanh of a nonzero rational is irrational: never exact. */
    return (uint32_t)gs_fp_round_pack(F32, v.sign, -40, frac_div(num, den) | 1,
                                      GS_FROUND_RN);
}
