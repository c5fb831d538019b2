/*
 * Texture and surface instructions for the loader (issue 22 item 3; PTX ISA
 * 9.7.10 "Texture Instructions" and 9.7.11 "Surface Instructions"): tex,
 * tld4, txq, suld.b, sust.b and suq in the unified texture mode that nvcc
 * emits (.target's texmode_independent is refused in ptx_decl.c, so there
 * is no separate sampler operand).
 *
 * Forms taken (geometry .1d .2d .3d .a1d .a2d):
 *   tex.geom.v4.dtype.ctype  d, [h, c]     dtype .f32 .s32 .u32, ctype .f32 .s32
 *   tld4.comp.2d.v4.dtype.f32  d, [h, c]   comp .r .g .b .a
 *   txq.query.b32  d, [h]                  query: width height depth
 *                  channel_data_type channel_order normalized_coords filter_mode
 *                  addr_mode_0..2 array_size num_mipmap_levels num_samples
 *   suld.b.geom{.v2,.v4}.btype.clamp  d, [h, c]   btype .b8 .b16 .b32 .b64,
 *   sust.b.geom{.v2,.v4}.btype.clamp  [h, c], v   clamp .trap .clamp .zero
 *   suq.query.b32  d, [h]                  width height depth channel_data_type
 *                  channel_order array_size memory_layout
 * h is a .u64 register holding a texture or surface object, or the name of
 * a .texref / .surfref variable; c is a vector of coordinate registers (one
 * to four; nvcc pads 3-D and a2d coordinates to four; a1d/a2d put the
 * layer first). Refused with a clear error: mipmaps (.level, .grad),
 * cube and multisample geometries, texel offsets and depth compare,
 * formatted surface stores (sust.p) and surface reductions (sured).
 */
#include "ptx/ptx_internal.h"

/* In GS_PTX_GEOM_* order. */
static const char *const tex_geom_names[] = {"1d", "2d", "3d", "a1d", "a2d", NULL};
/* In enum gs_ptx_tex_sub's query order. */
static const char *const tex_query_names[] = {
    "width", "height", "depth", "channel_data_type", "channel_order", "normalized_coords",
    "filter_mode", "addr_mode_0", "addr_mode_1", "addr_mode_2", "array_size",
    "num_mipmap_levels", "num_samples", "memory_layout", NULL
};
static const char *const tex_comp_names[] = {"r", "g", "b", "a", NULL};
static const char *const tex_boundary_names[] = {"trap", "clamp", "zero", NULL};

/* Each of a geometry, a component, a boundary mode and a query may be
 * written once (a second is "unsupported modifier", never a silent
 * override). */
static int tex_set_once(uint8_t *field, int k)
{
    if (!k || *field)
        return 0;
    *field = (uint8_t)k;
    return 1;
}

int ptx_tex_modifier(gs_ptx_inst *inst, const char *p, uint32_t n)
{
    int k;
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_TEX:
        if (ptx_word_eq(p, n, "base"))   /* the base level: what an unmipmapped texture has */
            return 1;
        return tex_set_once(&inst->mode, ptx_word_lookup(p, n, tex_geom_names));
    case GS_PTX_OP_TLD4:
        if (!inst->sub && (k = ptx_word_lookup(p, n, tex_comp_names)))
            return tex_set_once(&inst->sub, k);
        return tex_set_once(&inst->mode, ptx_word_lookup(p, n, tex_geom_names));
    case GS_PTX_OP_SULD: case GS_PTX_OP_SUST:
        if (ptx_word_eq(p, n, "b") && !inst->mode && !inst->sub && !inst->surf_block)
            return inst->surf_block = 1;   /* unformatted (block) access, the only one taken */
        if ((k = ptx_word_lookup(p, n, tex_boundary_names)))
            return tex_set_once(&inst->sub, k);
        return tex_set_once(&inst->mode, ptx_word_lookup(p, n, tex_geom_names));
    case GS_PTX_OP_TXQ: case GS_PTX_OP_SUQ:
        k = ptx_word_lookup(p, n, tex_query_names);
        if (!k || (inst->op == GS_PTX_OP_TXQ && k == GS_PTX_Q_MEMORY_LAYOUT) ||
            (inst->op == GS_PTX_OP_SUQ && k >= GS_PTX_Q_NORMALIZED_COORDS &&
             k != GS_PTX_Q_ARRAY_SIZE && k != GS_PTX_Q_MEMORY_LAYOUT))
            return 0;
        return tex_set_once(&inst->sub, k);
    default:
        return 0;
    }
}

int ptx_is_tex_op(unsigned op)
{
    return op == GS_PTX_OP_TEX || op == GS_PTX_OP_TLD4 || op == GS_PTX_OP_TXQ ||
           op == GS_PTX_OP_SULD || op == GS_PTX_OP_SUST || op == GS_PTX_OP_SUQ;
}

/* The texture or surface: a .u64 register, or a .texref/.surfref variable. */
static gs_status tex_handle(ptx_ctx *ctx, gs_ptx_inst *inst, gs_ptx_operand *o)
{
    const ptx_tok *t = &ctx->tok;
    int surface = inst->op == GS_PTX_OP_SULD || inst->op == GS_PTX_OP_SUST ||
                  inst->op == GS_PTX_OP_SUQ;
    unsigned want = surface ? GS_PTX_HANDLE_SURFREF : GS_PTX_HANDLE_TEXREF;
    char text[80];
    uint32_t sym;
    o->reg = o->reg2 = o->symbol = GS_PTX_NONE;
    if (t->kind == PTX_TK_WORD && t->text[0] == '%') {
        int is_pred;
        gs_status st = ptx_operand_register(ctx, t, &o->reg, &is_pred);
        if (st != GS_OK)
            return st;
        if (is_pred)
            return ptx_error(ctx, t, "a predicate cannot be a %s", surface ? "surface" :
                             "texture");
        o->kind = GS_PTX_OPD_REG;
        ptx_next(ctx);
        return GS_OK;
    }
    sym = t->kind == PTX_TK_WORD ? ptx_sym_find(ctx, t->text, t->len) : GS_PTX_NONE;
    if (sym == GS_PTX_NONE || ctx->syms[sym].kind != PTX_SYM_VAR ||
        ctx->vars[ctx->syms[sym].index].v.handle_kind != want)
        return ptx_error(ctx, t, "'%s' is not a %s (a .u64 register holding a %s object, or "
                         "a .global %s variable)", ptx_tok_str(t, text, sizeof text),
                         surface ? "surface" : "texture", surface ? "surface" : "texture",
                         surface ? ".surfref" : ".texref");
    o->kind = GS_PTX_OPD_SYMBOL;
    o->symbol = ctx->syms[sym].index;
    o->space = GS_SPACE_GLOBAL;
    o->value = ctx->vars[o->symbol].v.offset;
    ptx_next(ctx);
    return GS_OK;
}

/* [h] or [h, {c...}] */
static gs_status tex_address(ptx_ctx *ctx, gs_ptx_inst *inst, gs_ptx_operand *handle,
                             gs_ptx_operand *coords, int has_coords)
{
    gs_status st;
    if ((st = ptx_expect(ctx, '[')) != GS_OK || (st = tex_handle(ctx, inst, handle)) != GS_OK)
        return st;
    if (has_coords) {
        if (ptx_is_punct(&ctx->tok, ']'))
            return ptx_error(ctx, &ctx->tok, "'%s' needs coordinates: [%s, {..}]",
                             gs_ptx_op_name((gs_ptx_op)inst->op),
                             inst->op == GS_PTX_OP_TEX || inst->op == GS_PTX_OP_TLD4
                                 ? "texture" : "surface");
        if ((st = ptx_expect(ctx, ',')) != GS_OK)
            return st;
        if (!ptx_is_punct(&ctx->tok, '{'))
            return ptx_error(ctx, &ctx->tok, "the coordinates must be a vector {..} (a "
                             "separate sampler or a texel offset is not supported)");
        coords->reg = coords->reg2 = coords->symbol = GS_PTX_NONE;
        if ((st = ptx_operand_vector(ctx, coords, 1)) != GS_OK)
            return st;
    }
    if (ptx_is_punct(&ctx->tok, ','))
        return ptx_error(ctx, &ctx->tok, "unsupported operand after the coordinates (a "
                         "separate sampler, mipmap level or gradients)");
    return ptx_expect(ctx, ']');
}

/* Coordinates each geometry takes: written (PTX pads 3-D and a2d to 4). */
static unsigned tex_coords_needed(unsigned geom)
{
    switch (geom) {
    case GS_PTX_GEOM_1D: return 1;
    case GS_PTX_GEOM_2D: case GS_PTX_GEOM_A1D: return 2;
    default: return 4;   /* 3d: x y z pad; a2d: layer x y pad */
    }
}

static gs_status tex_check(ptx_ctx *ctx, const ptx_tok *at, gs_ptx_inst *inst)
{
    const char *name = gs_ptx_op_name((gs_ptx_op)inst->op);
    const gs_ptx_operand *dst = &inst->opd[0];
    const gs_ptx_operand *coords = &inst->opd[inst->op == GS_PTX_OP_SUST ? 1 : 2];
    unsigned t = inst->type, t2 = inst->type2, need, i;
    if (inst->flags || inst->rounding || inst->space || inst->cache_op ||
        (inst->vec != 1 && (inst->op == GS_PTX_OP_TXQ || inst->op == GS_PTX_OP_SUQ)))
        return ptx_error(ctx, at, "'%s' takes none of the modifiers .ftz, .sat, rounding, a "
                         "state space or a cache operator", name);
    if ((inst->op == GS_PTX_OP_SULD || inst->op == GS_PTX_OP_SUST) && !inst->surf_block)
        return ptx_error(ctx, at, "'%s' needs .b (unformatted access; formatted .p is not "
                         "supported)", name);
    if (inst->op != GS_PTX_OP_TXQ && inst->op != GS_PTX_OP_SUQ)
        for (i = 0; i < coords->vec_count; i++)
            if (coords->vec[i] == GS_PTX_REG_SINK)
                return ptx_error(ctx, at, "'_' cannot be a coordinate of '%s'", name);
    if (inst->op == GS_PTX_OP_SUST)
        for (i = 0; i < inst->opd[2].vec_count; i++)
            if (inst->opd[2].vec[i] == GS_PTX_REG_SINK)
                return ptx_error(ctx, at, "'_' cannot be a value 'sust' stores");
    if (inst->op == GS_PTX_OP_TXQ || inst->op == GS_PTX_OP_SUQ) {
        if (!inst->sub)
            return ptx_error(ctx, at, "'%s' needs a query such as .width", name);
        if (t != GS_PTX_T_B32 || t2)
            return ptx_error(ctx, at, "'%s' takes .b32", name);
        return dst->kind == GS_PTX_OPD_REG ? GS_OK
                   : ptx_error(ctx, at, "the destination of '%s' must be a register", name);
    }
    if (!inst->mode)
        return ptx_error(ctx, at, "'%s' needs a geometry: .1d, .2d, .3d, .a1d or .a2d", name);
    need = tex_coords_needed(inst->mode);
    if (inst->op == GS_PTX_OP_SULD || inst->op == GS_PTX_OP_SUST) {
        const gs_ptx_operand *data = &inst->opd[inst->op == GS_PTX_OP_SUST ? 2 : 0];
        if (!inst->sub)
            return ptx_error(ctx, at, "'%s' needs .trap, .clamp or .zero", name);
        if ((t != GS_PTX_T_B8 && t != GS_PTX_T_B16 && t != GS_PTX_T_B32 && t != GS_PTX_T_B64) ||
            t2)
            return ptx_error(ctx, at, "'%s.b' takes .b8, .b16, .b32 or .b64", name);
        if (inst->mode == GS_PTX_GEOM_3D && coords->vec_count == 3)
            need = 3;
        if (data->kind != GS_PTX_OPD_VEC || data->vec_count != inst->vec)
            return ptx_error(ctx, at, "'%s' with %s moves a {..} of %u register%s", name,
                             inst->vec == 1 ? "no vector width" : inst->vec == 2 ? ".v2" : ".v4",
                             (unsigned)inst->vec, inst->vec == 1 ? "" : "s");
    } else {
        if (inst->vec != 4)
            return ptx_error(ctx, at, "'%s' needs .v4 (the four components)", name);
        if ((t != GS_PTX_T_F32 && t != GS_PTX_T_S32 && t != GS_PTX_T_U32) ||
            (t2 != GS_PTX_T_F32 && t2 != GS_PTX_T_S32))
            return ptx_error(ctx, at, "'%s' takes .v4 of .f32, .s32 or .u32 with .f32 or .s32 "
                             "coordinates (.f16 results are not supported)", name);
        if (inst->op == GS_PTX_OP_TLD4 && (!inst->sub || inst->mode != GS_PTX_GEOM_2D ||
                                           t2 != GS_PTX_T_F32))
            return ptx_error(ctx, at, "'tld4' takes .r, .g, .b or .a, .2d and .f32 "
                             "coordinates");
        if (dst->kind != GS_PTX_OPD_VEC || dst->vec_count != 4)
            return ptx_error(ctx, at, "the destination of '%s' must be a {..} of 4 registers",
                             name);
    }
    if (coords->vec_count != need)
        return ptx_error(ctx, at, "'%s' with this geometry takes %u coordinate%s, not %u", name,
                         need, need == 1 ? "" : "s", (unsigned)coords->vec_count);
    return GS_OK;
}

gs_status ptx_parse_tex(ptx_ctx *ctx, const ptx_tok *at, gs_ptx_inst *inst)
{
    gs_status st;
    gs_ptx_operand *o = inst->opd;
    int query = inst->op == GS_PTX_OP_TXQ || inst->op == GS_PTX_OP_SUQ;
    if (inst->op == GS_PTX_OP_SUST) {   /* [h, c], v */
        inst->num_operands = 3;
        if ((st = tex_address(ctx, inst, &o[0], &o[1], 1)) != GS_OK ||
            (st = ptx_expect(ctx, ',')) != GS_OK)
            return st;
        if (!ptx_is_punct(&ctx->tok, '{'))
            return ptx_error(ctx, &ctx->tok, "the values 'sust' stores must be a vector {..}");
        o[2].reg = o[2].reg2 = o[2].symbol = GS_PTX_NONE;
        if ((st = ptx_operand_vector(ctx, &o[2], 1)) != GS_OK)
            return st;
    } else {   /* d, [h(, c)] */
        inst->num_operands = query ? 2u : 3u;
        o[0].reg = o[0].reg2 = o[0].symbol = GS_PTX_NONE;
        if (ptx_is_punct(&ctx->tok, '{')) {
            if ((st = ptx_operand_vector(ctx, &o[0], 1)) != GS_OK)
                return st;
        } else if (ctx->tok.kind == PTX_TK_WORD && ctx->tok.text[0] == '%') {
            int is_pred;
            if ((st = ptx_operand_register(ctx, &ctx->tok, &o[0].reg, &is_pred)) != GS_OK)
                return st;
            if (is_pred)
                return ptx_error(ctx, &ctx->tok, "the destination cannot be a predicate");
            o[0].kind = GS_PTX_OPD_REG;
            ptx_next(ctx);
        } else {
            return ptx_error(ctx, &ctx->tok, "expected the destination of '%s'",
                             gs_ptx_op_name((gs_ptx_op)inst->op));
        }
        if ((st = ptx_expect(ctx, ',')) != GS_OK ||
            (st = tex_address(ctx, inst, &o[1], &o[2], !query)) != GS_OK)
            return st;
    }
    if (ptx_is_punct(&ctx->tok, ','))
        return ptx_error(ctx, &ctx->tok, "unsupported operand after the %s (a texel offset, "
                         "depth compare value or predicate result)",
                         inst->op == GS_PTX_OP_SUST ? "values" : "address");
    if ((st = ptx_expect(ctx, ';')) != GS_OK)
        return st;
    return tex_check(ctx, at, inst);
}
