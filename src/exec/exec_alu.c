/*
 * Integer and floating-point arithmetic of the functional executor (PTX ISA
 * "Integer Arithmetic Instructions" and "Floating-Point Instructions").
 *
 * Integers wrap modulo 2^width as PTX defines; .sat applies to the s32 forms
 * that have it. Decisions on what PTX leaves undefined, chosen to match what
 * NVIDIA's division sequences produce:
 *   - unsigned x / 0 = all ones; signed x / 0 = -1 (all ones);
 *   - x % 0 = x (the remainder of the all-ones quotient step);
 *   - INT_MIN / -1 = INT_MIN (wraps), INT_MIN % -1 = 0.
 * Every float result comes from fpmath.h (bit-exact on every host); mad.f32
 * is fused (fma), as PTX defines for sm_20 and later. f16 (and f16x2, per
 * half) add sub mul fma min max abs neg use fpmath's f16 routines; other f16
 * forms fault as unsupported rather than computing anything.
 * Carry arithmetic (add.cc addc sub.cc subc mad.cc madc; PTX "Extended-
 * Precision Integer Arithmetic") keeps CC.CF in a hidden predicate slot
 * (ptx.h). The carry is unsigned whatever the .u/.s type; sub.cc / subc
 * write the borrow (PTX: d = a - (b + CC.CF), CF = borrow-out).
 */
#include "exec/exec_int.h"

typedef struct gs_alu_in {
    const uint64_t *a, *b, *c;
    uint64_t *d;
    unsigned type;
    unsigned bytes;
    int is_signed;
} gs_alu_in;

/* High 64 bits of a 64x64 product. */
static uint64_t mul_hi_u64(uint64_t a, uint64_t b)
{
    uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32, b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
    uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo, lo_hi = a_lo * b_hi;
    uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + lo_hi;
    return a_hi * b_hi + (hi_lo >> 32) + (cross >> 32);
}

static uint64_t mul_hi_s64(uint64_t a, uint64_t b)
{
    uint64_t hi = mul_hi_u64(a, b);
    if ((int64_t)a < 0)
        hi -= b;
    if ((int64_t)b < 0)
        hi -= a;
    return hi;
}

static uint64_t clamp_s32(int64_t value)
{
    if (value > 0x7FFFFFFFll)
        return 0x7FFFFFFFu;
    if (value < -0x80000000ll)
        return 0x80000000u;
    return (uint64_t)value;
}

/* The product half mul/mad name (.lo .hi .wide), A and B normalised. */
static uint64_t product(const gs_alu_in *in, unsigned mode, uint64_t a, uint64_t b)
{
    if (mode == GS_PTX_MODE_HI) {
        if (in->bytes == 8u)
            return in->is_signed ? mul_hi_s64(a, b) : mul_hi_u64(a, b);
        if (in->is_signed)
            return (uint64_t)((int64_t)a * (int64_t)b >> (in->bytes * 8u));
        return (a * b) >> (in->bytes * 8u);
    }
    return a * b;   /* .lo, and .wide (sources at most 32 bits) */
}

static uint64_t div_int(const gs_alu_in *in, uint64_t a, uint64_t b)
{
    if (b == 0)
        return ~0ull;
    if (!in->is_signed)
        return a / b;
    if ((int64_t)b == -1)
        return 0u - a;      /* INT_MIN / -1 wraps to INT_MIN */
    return (uint64_t)((int64_t)a / (int64_t)b);
}

static uint64_t rem_int(const gs_alu_in *in, uint64_t a, uint64_t b)
{
    if (b == 0)
        return a;
    if (!in->is_signed)
        return a % b;
    if ((int64_t)b == -1)
        return 0;
    return (uint64_t)((int64_t)a % (int64_t)b);
}

static uint64_t less(const gs_alu_in *in, uint64_t a, uint64_t b)
{
    return in->is_signed ? (int64_t)a < (int64_t)b : a < b;
}

static uint64_t ext24(const gs_alu_in *in, uint64_t value)
{
    return in->is_signed ? gs_x_sext(value, 3) : value & 0xFFFFFFu;
}

/* One lane of an integer instruction; A B C already normalised. */
static uint64_t int_lane(const gs_x *x, const gs_alu_in *in, uint64_t a, uint64_t b, uint64_t c)
{
    const gs_ptx_inst *inst = x->inst;
    int sat = (inst->flags & GS_PTX_F_SAT) != 0;
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_ADD: return sat ? clamp_s32((int64_t)(a + b)) : a + b;
    case GS_PTX_OP_SUB: return sat ? clamp_s32((int64_t)(a - b)) : a - b;
    case GS_PTX_OP_MUL: return product(in, inst->mode, a, b);
    case GS_PTX_OP_MAD:
        if (sat)   /* mad.hi.sat.s32 */
            return clamp_s32((int64_t)product(in, inst->mode, a, b) + (int64_t)c);
        return product(in, inst->mode, a, b) + c;
    case GS_PTX_OP_MUL24: case GS_PTX_OP_MAD24: {
        uint64_t p = ext24(in, a) * ext24(in, b);
        uint64_t half = inst->mode == GS_PTX_MODE_HI ? (p >> 16) : p;
        return half + (inst->op == GS_PTX_OP_MAD24 ? c : 0u);
    }
    case GS_PTX_OP_SAD: return c + (less(in, a, b) ? b - a : a - b);
    case GS_PTX_OP_DIV: return div_int(in, a, b);
    case GS_PTX_OP_REM: return rem_int(in, a, b);
    case GS_PTX_OP_ABS: return in->is_signed && (int64_t)a < 0 ? 0u - a : a;
    case GS_PTX_OP_NEG: return 0u - a;
    case GS_PTX_OP_MIN: return less(in, a, b) ? a : b;
    case GS_PTX_OP_MAX: return less(in, a, b) ? b : a;
    default: return 0;
    }
}

static int int_form_supported(const gs_ptx_inst *inst, unsigned bytes)
{
    if (bytes == 0 || inst->type == GS_PTX_T_PRED)
        return 0;
    if ((inst->mode == GS_PTX_MODE_WIDE) && bytes > 4u)
        return 0;
    if ((inst->flags & GS_PTX_F_SAT) && inst->type != GS_PTX_T_S32)
        return 0;
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_FMA: case GS_PTX_OP_RCP: case GS_PTX_OP_SQRT: case GS_PTX_OP_RSQRT:
    case GS_PTX_OP_EX2: case GS_PTX_OP_LG2: case GS_PTX_OP_SIN: case GS_PTX_OP_COS:
    case GS_PTX_OP_TANH: case GS_PTX_OP_COPYSIGN: case GS_PTX_OP_TESTP:
        return 0;
    default:
        return 1;
    }
}

/* Fast paths for the most frequent forms (add/sub, mul.lo/mad.lo of 32 and
 * 64 bits, no .sat): the low bits of these do not depend on signedness, so
 * no normalisation is needed. Returns 0 when the form is not one of them. */
static int int_fast(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t sa[GS_LANES], sb[GS_LANES], sc[GS_LANES];
    const uint64_t *a, *b, *c;
    uint64_t *d, mask;
    unsigned bytes = gs_x_types[inst->type].bytes, lane, op = inst->op;
    int mul = op == GS_PTX_OP_MUL || op == GS_PTX_OP_MAD;
    if ((bytes != 4u && bytes != 8u) || (inst->flags & GS_PTX_F_SAT) ||
        inst->opd[0].kind != GS_PTX_OPD_REG || gs_x_types[inst->type].is_float ||
        !(op == GS_PTX_OP_ADD || op == GS_PTX_OP_SUB || (mul && inst->mode == GS_PTX_MODE_LO)))
        return 0;
    mask = bytes == 8u ? ~0ull : 0xFFFFFFFFull;
    a = gs_x_src(x, &inst->opd[1], sa);
    b = gs_x_src(x, &inst->opd[2], sb);
    d = gs_x_row(x, inst->opd[0].reg);
    if (op == GS_PTX_OP_ADD) {
        GS_FOR_LANES(lane, x->active) d[lane] = (a[lane] + b[lane]) & mask;
    } else if (op == GS_PTX_OP_SUB) {
        GS_FOR_LANES(lane, x->active) d[lane] = (a[lane] - b[lane]) & mask;
    } else if (op == GS_PTX_OP_MUL) {
        GS_FOR_LANES(lane, x->active) d[lane] = (a[lane] * b[lane]) & mask;
    } else {
        c = gs_x_src(x, &inst->opd[3], sc);
        GS_FOR_LANES(lane, x->active) d[lane] = (a[lane] * b[lane] + c[lane]) & mask;
    }
    return 1;
}

/* One lane of carry arithmetic: the `bytes`-wide result, *carry_out set. */
static uint64_t carry_lane(const gs_ptx_inst *inst, const gs_alu_in *in, uint64_t a,
                           uint64_t b, uint64_t c, unsigned cin, unsigned *carry_out)
{
    uint64_t mask = in->bytes == 8u ? ~0ull : 0xFFFFFFFFull, sum, t;
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_SUB: case GS_PTX_OP_SUBC:
        a &= mask;
        b &= mask;
        *carry_out = a < b || a - b < cin;   /* borrow of a - (b + cin) */
        return (a - b - cin) & mask;
    case GS_PTX_OP_MAD: case GS_PTX_OP_MADC:
        a = product(in, inst->mode, gs_x_ext(a, in->type), gs_x_ext(b, in->type)) & mask;
        b = c & mask;
        break;
    default:
        a &= mask;
        b &= mask;
        break;
    }
    t = (a + b) & mask;
    sum = (t + cin) & mask;
    *carry_out = t < a || sum < t;
    return sum;
}

static void carry_arith(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t sa[GS_LANES], sb[GS_LANES], sc[GS_LANES];
    gs_alu_in in;
    unsigned lane, cout;
    int mad = inst->op == GS_PTX_OP_MAD || inst->op == GS_PTX_OP_MADC;
    int reads_cf = inst->op == GS_PTX_OP_ADDC || inst->op == GS_PTX_OP_SUBC ||
                   inst->op == GS_PTX_OP_MADC;
    uint32_t cin = reads_cf ? gs_x_pred(x, &inst->opd[inst->num_operands - 1u]) : 0u;
    uint32_t cf = 0;
    in.type = inst->type;
    in.bytes = gs_x_types[in.type].bytes;
    in.is_signed = gs_x_types[in.type].is_signed;
    if ((in.bytes != 4u && in.bytes != 8u) || inst->opd[0].kind != GS_PTX_OPD_REG ||
        (mad && inst->mode != GS_PTX_MODE_LO && inst->mode != GS_PTX_MODE_HI)) {
        gs_x_unsupported(x);
        return;
    }
    in.a = gs_x_src(x, &inst->opd[1], sa);
    in.b = gs_x_src(x, &inst->opd[2], sb);
    in.c = mad ? gs_x_src(x, &inst->opd[3], sc) : in.a;
    in.d = gs_x_row(x, inst->opd[0].reg);
    GS_FOR_LANES(lane, x->active) {
        in.d[lane] = carry_lane(inst, &in, in.a[lane], in.b[lane], in.c[lane],
                                (cin >> lane) & 1u, &cout);
        cf |= (uint32_t)cout << lane;
    }
    if (inst->flags & GS_PTX_F_CC)
        gs_x_pred_write(x, inst->opd[0].reg2, cf);
}

void gs_exec_int_arith(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t sa[GS_LANES], sb[GS_LANES], sc[GS_LANES];
    gs_alu_in in;
    unsigned dst_bytes, c_type, lane;
    if ((inst->flags & GS_PTX_F_CC) || inst->op == GS_PTX_OP_ADDC ||
        inst->op == GS_PTX_OP_SUBC || inst->op == GS_PTX_OP_MADC) {
        carry_arith(x);
        return;
    }
    if (int_fast(x))
        return;
    in.type = inst->type;
    in.bytes = gs_x_types[in.type].bytes;
    in.is_signed = gs_x_types[in.type].is_signed;
    if (!int_form_supported(inst, in.bytes) || inst->opd[0].kind != GS_PTX_OPD_REG) {
        gs_x_unsupported(x);
        return;
    }
    /* .wide doubles the destination (and mad's addend) width. */
    dst_bytes = inst->mode == GS_PTX_MODE_WIDE ? in.bytes * 2u : in.bytes;
    c_type = inst->mode == GS_PTX_MODE_WIDE ? (in.is_signed ? GS_PTX_T_S64 : GS_PTX_T_U64)
                                            : in.type;
    in.a = gs_x_src(x, &inst->opd[1], sa);
    in.b = inst->num_operands > 2 ? gs_x_src(x, &inst->opd[2], sb) : in.a;
    in.c = inst->num_operands > 3 ? gs_x_src(x, &inst->opd[3], sc) : in.a;
    in.d = gs_x_row(x, inst->opd[0].reg);
    GS_FOR_LANES(lane, x->active) {
        uint64_t c = gs_x_ext(in.c[lane], c_type);
        uint64_t r = int_lane(x, &in, gs_x_ext(in.a[lane], in.type),
                              gs_x_ext(in.b[lane], in.type), c);
        in.d[lane] = gs_x_mask_bytes(r, dst_bytes);
    }
}

/* ---- floating point ---- */

static uint32_t f32_abs(uint32_t a, int ftz)
{
    return (ftz ? gs_f32_ftz(a) : a) & 0x7FFFFFFFu;
}

static uint32_t f32_neg(uint32_t a, int ftz)
{
    return (ftz ? gs_f32_ftz(a) : a) ^ 0x80000000u;
}

/* One f32 lane; *ok cleared for a form fpmath does not provide. */
static uint32_t f32_lane(const gs_ptx_inst *inst, uint32_t a, uint32_t b, uint32_t c, int *ok)
{
    gs_fround r = gs_ptx_round_to_fround((gs_ptx_round)inst->rounding);
    int ftz = (inst->flags & GS_PTX_F_FTZ) != 0;
    int approx = (inst->flags & GS_PTX_F_APPROX) != 0;
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_ADD: return gs_f32_add(a, b, r, ftz);
    case GS_PTX_OP_SUB: return gs_f32_sub(a, b, r, ftz);
    case GS_PTX_OP_MUL: return gs_f32_mul(a, b, r, ftz);
    case GS_PTX_OP_MAD: case GS_PTX_OP_FMA: return gs_f32_fma(a, b, c, r, ftz);
    case GS_PTX_OP_DIV:
        if (inst->flags & GS_PTX_F_FULL)   /* div.full.f32 */
            return gs_f32_div_full(a, b, ftz);
        return approx ? gs_f32_div_approx(a, b, ftz) : gs_f32_div(a, b, r, ftz);
    case GS_PTX_OP_ABS: return f32_abs(a, ftz);
    case GS_PTX_OP_NEG: return f32_neg(a, ftz);
    case GS_PTX_OP_MIN: return gs_f32_min(a, b, ftz);
    case GS_PTX_OP_MAX: return gs_f32_max(a, b, ftz);
    case GS_PTX_OP_RCP: return approx ? gs_f32_rcp_approx(a, ftz) : gs_f32_rcp(a, r, ftz);
    case GS_PTX_OP_SQRT: return approx ? gs_f32_sqrt_approx(a, ftz) : gs_f32_sqrt(a, r, ftz);
    case GS_PTX_OP_RSQRT: return gs_f32_rsqrt_approx(a, ftz);
    case GS_PTX_OP_EX2: return gs_f32_ex2_approx(a, ftz);
    case GS_PTX_OP_LG2: return gs_f32_lg2_approx(a, ftz);
    case GS_PTX_OP_SIN: return gs_f32_sin_approx(a, ftz);
    case GS_PTX_OP_COS: return gs_f32_cos_approx(a, ftz);
    case GS_PTX_OP_TANH: return gs_f32_tanh_approx(a);
    case GS_PTX_OP_COPYSIGN: return (b & 0x7FFFFFFFu) | (a & 0x80000000u);
    default: *ok = 0; return 0;
    }
}

static uint64_t f64_lane(const gs_ptx_inst *inst, uint64_t a, uint64_t b, uint64_t c, int *ok)
{
    gs_fround r = gs_ptx_round_to_fround((gs_ptx_round)inst->rounding);
    int approx = (inst->flags & GS_PTX_F_APPROX) != 0;
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_ADD: return gs_f64_add(a, b, r);
    case GS_PTX_OP_SUB: return gs_f64_sub(a, b, r);
    case GS_PTX_OP_MUL: return gs_f64_mul(a, b, r);
    case GS_PTX_OP_MAD: case GS_PTX_OP_FMA: return gs_f64_fma(a, b, c, r);
    case GS_PTX_OP_DIV: return gs_f64_div(a, b, r);
    case GS_PTX_OP_ABS: return a & 0x7FFFFFFFFFFFFFFFull;
    case GS_PTX_OP_NEG: return a ^ 0x8000000000000000ull;
    case GS_PTX_OP_MIN: return gs_f64_min(a, b);
    case GS_PTX_OP_MAX: return gs_f64_max(a, b);
    case GS_PTX_OP_RCP: return approx ? gs_f64_rcp_approx_ftz(a) : gs_f64_rcp(a, r);
    case GS_PTX_OP_SQRT: return gs_f64_sqrt(a, r);
    case GS_PTX_OP_RSQRT: return gs_f64_rsqrt_approx(a);
    case GS_PTX_OP_COPYSIGN:
        return (b & 0x7FFFFFFFFFFFFFFFull) | (a & 0x8000000000000000ull);
    default: *ok = 0; return 0;
    }
}

/* f16 with .ftz: a subnormal becomes a zero of the same sign. */
static uint16_t f16_ftz(uint16_t a, int ftz)
{
    return (ftz && (a & 0x7C00u) == 0) ? (uint16_t)(a & 0x8000u) : a;
}

/* .sat for f16: clamp to [0, 1], NaN and -0 -> +0 (as gs_f32_sat). */
static uint16_t f16_sat(uint16_t a)
{
    if ((a & 0x7C00u) == 0x7C00u && (a & 0x3FFu))
        return 0;
    if (a & 0x8000u)
        return 0;
    return a > 0x3C00u ? (uint16_t)0x3C00u : a;
}

/* One f16 lane (PTX "Half Precision Floating-Point Instructions"). */
static uint16_t f16_lane(const gs_ptx_inst *inst, uint16_t a, uint16_t b, uint16_t c, int *ok)
{
    gs_fround r = gs_ptx_round_to_fround((gs_ptx_round)inst->rounding);
    int ftz = (inst->flags & GS_PTX_F_FTZ) != 0;
    uint16_t v;
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_ADD: v = gs_f16_add(a, b, r, ftz); break;
    case GS_PTX_OP_SUB: v = gs_f16_sub(a, b, r, ftz); break;
    case GS_PTX_OP_MUL: v = gs_f16_mul(a, b, r, ftz); break;
    case GS_PTX_OP_FMA: case GS_PTX_OP_MAD: v = gs_f16_fma(a, b, c, r, ftz); break;
    case GS_PTX_OP_MIN: v = gs_f16_min(f16_ftz(a, ftz), f16_ftz(b, ftz)); break;
    case GS_PTX_OP_MAX: v = gs_f16_max(f16_ftz(a, ftz), f16_ftz(b, ftz)); break;
    case GS_PTX_OP_ABS: v = (uint16_t)(f16_ftz(a, ftz) & 0x7FFFu); break;
    case GS_PTX_OP_NEG: v = (uint16_t)(f16_ftz(a, ftz) ^ 0x8000u); break;
    default: *ok = 0; return 0;
    }
    return (inst->flags & GS_PTX_F_SAT) ? f16_sat(v) : v;
}

/* f16 and f16x2 (each half independently, PTX f16x2 semantics). */
static void f16_arith(gs_x *x, const uint64_t *a, const uint64_t *b, const uint64_t *c,
                      uint64_t *d)
{
    const gs_ptx_inst *inst = x->inst;
    int ok = 1;
    unsigned lane, halves = inst->type == GS_PTX_T_F16X2 ? 2u : 1u, h;
    if (inst->flags & (GS_PTX_F_APPROX | GS_PTX_F_FULL))
        ok = 0;
    GS_FOR_LANES(lane, x->active) {
        uint64_t r = 0;
        for (h = 0; h < halves && ok; h++) {
            unsigned shift = 16u * h;
            r |= (uint64_t)f16_lane(inst, (uint16_t)(a[lane] >> shift),
                                    (uint16_t)(b[lane] >> shift),
                                    (uint16_t)(c[lane] >> shift), &ok) << shift;
        }
        d[lane] = r;
    }
    if (!ok)
        gs_x_unsupported(x);
}

/* testp.op.type p, a (PTX "testp"): the test kind is the decoded mode. */
static void testp(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t sa[GS_LANES];
    const uint64_t *a;
    uint32_t mask = 0;
    unsigned lane;
    gs_ftest t = (gs_ftest)(inst->mode - GS_PTX_TESTP_FINITE);
    if (inst->opd[0].kind != GS_PTX_OPD_PRED || inst->mode < GS_PTX_TESTP_FINITE ||
        inst->mode > GS_PTX_TESTP_SUBNORMAL ||
        (inst->type != GS_PTX_T_F32 && inst->type != GS_PTX_T_F64)) {
        gs_x_unsupported(x);
        return;
    }
    a = gs_x_src(x, &inst->opd[1], sa);
    GS_FOR_LANES(lane, x->active) {
        int hit = inst->type == GS_PTX_T_F32 ? gs_f32_testp((uint32_t)a[lane], t)
                                             : gs_f64_testp(a[lane], t);
        mask |= (uint32_t)(hit != 0) << lane;
    }
    gs_x_pred_write(x, inst->opd[0].reg, mask);
}

void gs_exec_float_arith(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t sa[GS_LANES], sb[GS_LANES], sc[GS_LANES];
    const uint64_t *a, *b, *c;
    uint64_t *d;
    int ok = 1, sat = (inst->flags & GS_PTX_F_SAT) != 0;
    int f16 = inst->type == GS_PTX_T_F16 || inst->type == GS_PTX_T_F16X2;
    unsigned lane;
    if (inst->op == GS_PTX_OP_TESTP) {
        testp(x);
        return;
    }
    if ((inst->type != GS_PTX_T_F32 && inst->type != GS_PTX_T_F64 && !f16) ||
        inst->opd[0].kind != GS_PTX_OPD_REG) {
        gs_x_unsupported(x);
        return;
    }
    a = gs_x_src(x, &inst->opd[1], sa);
    b = inst->num_operands > 2 ? gs_x_src(x, &inst->opd[2], sb) : a;
    c = inst->num_operands > 3 ? gs_x_src(x, &inst->opd[3], sc) : a;
    d = gs_x_row(x, inst->opd[0].reg);
    if (f16) {
        f16_arith(x, a, b, c, d);
        return;
    }
    if (inst->type == GS_PTX_T_F32) {
        GS_FOR_LANES(lane, x->active) {
            uint32_t r = f32_lane(inst, (uint32_t)a[lane], (uint32_t)b[lane],
                                  (uint32_t)c[lane], &ok);
            d[lane] = sat ? gs_f32_sat(r) : r;
        }
    } else {
        GS_FOR_LANES(lane, x->active)
            d[lane] = f64_lane(inst, a[lane], b[lane], c[lane], &ok);
    }
    if (!ok)
        gs_x_unsupported(x);
}
