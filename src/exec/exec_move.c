/*
 * Data movement and conversion of the functional executor: mov (scalar,
 * predicate, vector pack/unpack), cvt, cvta (PTX ISA "Data Movement and
 * Conversion Instructions").
 *
 * cvt follows PTX: integer narrowing truncates unless .sat; float to integer
 * always saturates (NaN -> 0) through fpmath.h; float rounding defaults to
 * .rn. A signed integer result narrower than its register is sign-extended
 * (PTX "Operand Size Exceeding Instruction-Type Size"), stored as such.
 * f64 -> f16 and integer -> f16 round once (fpmath's direct conversions,
 * never twice through f32); .sat clamps f16 results too. Integer rounding
 * (.rni .rzi .rmi .rpi) on a float -> float cvt is defined by PTX for the
 * same type only; other combinations fault as unsupported.
 * cvta maps between space addresses and the generic windows of devmem.h
 * (shared, local and param windows; global and const addresses are
 * identical).
 */
#include "exec/exec_int.h"

static void move_pack(gs_x *x, unsigned bytes)
{
    const gs_ptx_inst *inst = x->inst;
    const gs_ptx_operand *vec = &inst->opd[1];
    unsigned piece = bytes / vec->vec_count, i, lane;
    uint64_t *d = gs_x_row(x, inst->opd[0].reg);
    GS_FOR_LANES(lane, x->active) {
        uint64_t value = 0;
        for (i = 0; i < vec->vec_count; i++) {
            uint64_t part = vec->vec[i] == GS_PTX_REG_SINK ? 0u : gs_x_row(x, vec->vec[i])[lane];
            value |= gs_x_mask_bytes(part, piece) << (i * piece * 8u);
        }
        d[lane] = gs_x_mask_bytes(value, bytes);
    }
}

static void move_unpack(gs_x *x, unsigned bytes)
{
    const gs_ptx_inst *inst = x->inst;
    const gs_ptx_operand *vec = &inst->opd[0];
    uint64_t scratch[GS_LANES], source[GS_LANES];
    const uint64_t *a = gs_x_src(x, &inst->opd[1], scratch);
    unsigned piece = bytes / vec->vec_count, i, lane;
    GS_FOR_LANES(lane, x->active)
        source[lane] = a[lane];   /* a destination may alias the source */
    for (i = 0; i < vec->vec_count; i++) {
        uint64_t *d;
        if (vec->vec[i] == GS_PTX_REG_SINK)
            continue;
        d = gs_x_row(x, vec->vec[i]);
        GS_FOR_LANES(lane, x->active)
            d[lane] = gs_x_mask_bytes(source[lane] >> (i * piece * 8u), piece);
    }
}

void gs_exec_move(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    unsigned bytes = gs_x_types[inst->type].bytes, lane;
    uint64_t scratch[GS_LANES];
    const uint64_t *a;
    uint64_t *d;
    if (inst->opd[0].kind == GS_PTX_OPD_PRED) {
        gs_x_pred_write(x, inst->opd[0].reg, gs_x_pred(x, &inst->opd[1]));
        return;
    }
    if (inst->opd[0].kind == GS_PTX_OPD_VEC && inst->opd[0].vec_count) {
        move_unpack(x, bytes);
        return;
    }
    if (inst->opd[0].kind != GS_PTX_OPD_REG || bytes == 0) {
        gs_x_unsupported(x);
        return;
    }
    if (inst->opd[1].kind == GS_PTX_OPD_VEC && inst->opd[1].vec_count) {
        move_pack(x, bytes);
        return;
    }
    a = gs_x_src(x, &inst->opd[1], scratch);
    d = gs_x_row(x, inst->opd[0].reg);
    GS_FOR_LANES(lane, x->active)
        d[lane] = gs_x_mask_bytes(a[lane], bytes);
}

/* ---- cvt ---- */

static int is_int_rounding(unsigned rounding)
{
    return rounding >= GS_PTX_RND_RNI && rounding <= GS_PTX_RND_RPI;
}

static uint64_t int_to_int(const gs_ptx_inst *inst, uint64_t a)
{
    const gs_x_type_info *src = &gs_x_types[inst->type2], *dst = &gs_x_types[inst->type];
    uint64_t value = gs_x_ext(a, inst->type2);
    if (inst->flags & GS_PTX_F_SAT) {
        if (src->is_signed && dst->is_signed)
            value = (uint64_t)gs_sat_s64_to_bits((int64_t)value, dst->bytes * 8u);
        else if (src->is_signed)
            value = (int64_t)value < 0 ? 0u : gs_sat_u64_to_bits(value, dst->bytes * 8u);
        else if (dst->is_signed)
            value = gs_sat_u64_to_bits(value, dst->bytes * 8u - 1u);
        else
            value = gs_sat_u64_to_bits(value, dst->bytes * 8u);
    }
    return value;
}

/* .sat on an f16 result: clamp to [0, 1], NaN and negatives -> +0. */
static uint16_t move_f16_saturate(uint16_t a)
{
    if ((a & 0x7C00u) == 0x7C00u && (a & 0x3FFu))
        return 0;
    if (a & 0x8000u)
        return 0;
    return a > 0x3C00u ? (uint16_t)0x3C00u : a;
}

static uint64_t int_to_float(const gs_ptx_inst *inst, uint64_t a, int *ok)
{
    gs_fround r = gs_ptx_round_to_fround((gs_ptx_round)inst->rounding);
    int is_signed = gs_x_types[inst->type2].is_signed;
    uint64_t value = gs_x_ext(a, inst->type2);
    if (inst->type == GS_PTX_T_F32) {
        uint32_t f = is_signed ? gs_f32_from_s64((int64_t)value, r) : gs_f32_from_u64(value, r);
        return (inst->flags & GS_PTX_F_SAT) ? gs_f32_sat(f) : f;
    }
    if (inst->type == GS_PTX_T_F64)
        return is_signed ? gs_f64_from_s64((int64_t)value, r) : gs_f64_from_u64(value, r);
    if (inst->type == GS_PTX_T_F16) {   /* one rounding, straight from the integer */
        uint16_t h = is_signed ? gs_f16_from_s64((int64_t)value, r) : gs_f16_from_u64(value, r);
        return (inst->flags & GS_PTX_F_SAT) ? move_f16_saturate(h) : h;
    }
    *ok = 0;
    return 0;
}

static uint64_t float_to_int(const gs_ptx_inst *inst, uint64_t a, int *ok)
{
    gs_fround r = gs_ptx_round_to_fround((gs_ptx_round)inst->rounding);
    int ftz = (inst->flags & GS_PTX_F_FTZ) != 0;
    const gs_x_type_info *dst = &gs_x_types[inst->type];
    unsigned bits = dst->bytes * 8u;
    unsigned src = inst->type2;
    if (src == GS_PTX_T_F16) {
        a = gs_f32_from_f16((uint16_t)a);   /* exact */
        src = GS_PTX_T_F32;
    }
    if (src == GS_PTX_T_F32) {
        if (dst->is_signed)
            return (uint64_t)gs_sat_s64_to_bits(gs_f32_to_s64((uint32_t)a, r, ftz), bits);
        return gs_sat_u64_to_bits(gs_f32_to_u64((uint32_t)a, r, ftz), bits);
    }
    if (src == GS_PTX_T_F64) {
        if (dst->is_signed)
            return (uint64_t)gs_sat_s64_to_bits(gs_f64_to_s64(a, r), bits);
        return gs_sat_u64_to_bits(gs_f64_to_u64(a, r), bits);
    }
    *ok = 0;
    return 0;
}

static uint32_t f32_finish(const gs_ptx_inst *inst, uint32_t value)
{
    return (inst->flags & GS_PTX_F_SAT) ? gs_f32_sat(value) : value;
}

static uint16_t f16_finish(const gs_ptx_inst *inst, uint16_t value)
{
    return (inst->flags & GS_PTX_F_SAT) ? move_f16_saturate(value) : value;
}

static uint64_t float_to_float(const gs_ptx_inst *inst, uint64_t a, int *ok)
{
    gs_fround r = gs_ptx_round_to_fround((gs_ptx_round)inst->rounding);
    int ftz = (inst->flags & GS_PTX_F_FTZ) != 0;
    unsigned dst = inst->type, src = inst->type2;
    /* PTX: integer rounding (.rni ...) rounds a float to an integral value of
     * the same type; written on a size-changing cvt it is not supported. */
    if (is_int_rounding(inst->rounding) && dst != src) {
        *ok = 0;
        return 0;
    }
    if (dst == GS_PTX_T_F16 && src == GS_PTX_T_F64)   /* one rounding */
        return f16_finish(inst, gs_f16_from_f64(a, r));
    if (dst == GS_PTX_T_F16 && src == GS_PTX_T_F16 && is_int_rounding(inst->rounding)) {
        /* f16 -> f32 is exact, the integral value fits f16 exactly */
        uint32_t f = gs_f32_round_int(gs_f32_from_f16((uint16_t)a), r, 0);
        return f16_finish(inst, gs_f16_from_f32(f, GS_FROUND_RN));
    }
    if (src == GS_PTX_T_F16 && dst != GS_PTX_T_F16) {
        a = gs_f32_from_f16((uint16_t)a);   /* exact */
        src = GS_PTX_T_F32;
    }
    if (dst == GS_PTX_T_F32 && src == GS_PTX_T_F32) {
        if (is_int_rounding(inst->rounding))
            return f32_finish(inst, gs_f32_round_int((uint32_t)a, r, ftz));
        return f32_finish(inst, ftz ? gs_f32_ftz((uint32_t)a) : (uint32_t)a);
    }
    if (dst == GS_PTX_T_F64 && src == GS_PTX_T_F32)
        return gs_f64_from_f32((uint32_t)a, ftz);
    if (dst == GS_PTX_T_F32 && src == GS_PTX_T_F64)
        return f32_finish(inst, gs_f32_from_f64(a, r, ftz));
    if (dst == GS_PTX_T_F64 && src == GS_PTX_T_F64)
        return is_int_rounding(inst->rounding) ? gs_f64_round_int(a, r) : a;
    if (dst == GS_PTX_T_F16 && src == GS_PTX_T_F32)
        return f16_finish(inst, gs_f16_from_f32((uint32_t)(ftz ? gs_f32_ftz((uint32_t)a) : a),
                                                r));
    if (dst == GS_PTX_T_F16 && src == GS_PTX_T_F16)
        return f16_finish(inst, (uint16_t)a);
    *ok = 0;
    return 0;
}

static uint64_t convert_lane(const gs_ptx_inst *inst, uint64_t a, int *ok)
{
    int dst_float = gs_x_types[inst->type].is_float, src_float = gs_x_types[inst->type2].is_float;
    if (!dst_float && !src_float)
        return int_to_int(inst, a);
    if (!src_float)
        return int_to_float(inst, a, ok);
    if (!dst_float)
        return float_to_int(inst, a, ok);
    return float_to_float(inst, a, ok);
}

void gs_exec_convert(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t scratch[GS_LANES];
    const uint64_t *a;
    uint64_t *d;
    unsigned bytes = gs_x_types[inst->type].bytes, lane;
    int ok = 1, dst_signed = gs_x_types[inst->type].is_signed;
    if (inst->opd[0].kind != GS_PTX_OPD_REG || bytes == 0 || inst->type == GS_PTX_T_PRED ||
        inst->type2 == GS_PTX_T_NONE || inst->type2 == GS_PTX_T_PRED ||
        inst->type == GS_PTX_T_F16X2 || inst->type2 == GS_PTX_T_F16X2) {
        gs_x_unsupported(x);
        return;
    }
    a = gs_x_src(x, &inst->opd[1], scratch);
    d = gs_x_row(x, inst->opd[0].reg);
    GS_FOR_LANES(lane, x->active) {
        uint64_t r = convert_lane(inst, a[lane], &ok);
        d[lane] = dst_signed ? gs_x_sext(r, bytes) : gs_x_mask_bytes(r, bytes);
    }
    if (!ok)
        gs_x_unsupported(x);
}

/* ---- cvta ---- */

static uint64_t window_of(unsigned space)
{
    if (space == GS_SPACE_SHARED)
        return GS_DEVMEM_SHARED_WINDOW;
    if (space == GS_SPACE_LOCAL)
        return GS_DEVMEM_LOCAL_WINDOW;
    if (space == GS_SPACE_PARAM)
        return GS_DEVMEM_PARAM_WINDOW;
    return 0;   /* global and const: generic == space address */
}

void gs_exec_cvta(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t scratch[GS_LANES];
    const uint64_t *a;
    uint64_t *d, window = window_of(inst->space);
    unsigned bytes = gs_x_types[inst->type].bytes, lane;
    int to_space = (inst->flags & GS_PTX_F_TO) != 0;
    if (inst->opd[0].kind != GS_PTX_OPD_REG || bytes == 0 ||
        inst->space == GS_SPACE_NONE || inst->space == GS_SPACE_TEX) {
        gs_x_unsupported(x);
        return;
    }
    a = gs_x_src(x, &inst->opd[1], scratch);
    d = gs_x_row(x, inst->opd[0].reg);
    GS_FOR_LANES(lane, x->active)
        d[lane] = gs_x_mask_bytes(to_space ? a[lane] - window : a[lane] + window, bytes);
}
