/*
 * PTX instruction decoding for the loader (ptx/ptx.h; PTX ISA chapter 9
 * "Instruction Set", 9.1-9.7; operand forms of chapter 6).
 *
 * One statement `[@[!]%p] opcode{.modifier} operand, ... ;` becomes one
 * gs_ptx_inst: the dotted modifiers are decoded into fields (types,
 * rounding, comparison, state space, cache operator, vector width, atomic
 * operation, per-opcode mode and flags), operands are pre-decoded (register
 * slots assigned on first use, immediates as bits, special registers,
 * [base+offset] with symbols resolved to segment offsets, labels queued for
 * resolution at the end of the body), and the shape is checked so the
 * executor can trust it. Anything not understood is an "unsupported" error.
 */
#include "ptx/ptx_internal.h"

#include <string.h>

int ptx_word_eq(const char *p, uint32_t n, const char *name)
{
    return strlen(name) == n && memcmp(p, name, n) == 0;
}

int ptx_word_lookup(const char *p, uint32_t n, const char *const *list)
{
    int i;
    for (i = 0; list[i]; i++)
        if (ptx_word_eq(p, n, list[i]))
            return i + 1;
    return 0;
}

static const char *const inst_cmp_names[] = {
    "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
    "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan", NULL
};
static const char *const inst_bool_names[] = {"and", "or", "xor", NULL};
static const char *const inst_atom_names[] = {
    "add", "min", "max", "inc", "dec", "and", "or", "xor", "exch", "cas", NULL
};
static const char *const inst_half_names[] = {"lo", "hi", "wide", NULL};
static const char *const inst_vote_names[] = {"all", "any", "uni", "ballot", NULL};
static const char *const inst_shfl_names[] = {"up", "down", "bfly", "idx", NULL};
static const char *const inst_bar_names[] = {"sync", "arrive", "red", NULL};
static const char *const inst_level_names[] = {"cta", "gl", "sys", NULL};
static const char *const inst_prmt_names[] = {"f4e", "b4e", "rc8", "ecl", "ecr", "rc16", NULL};
static const char *const inst_testp_names[] = {
    "finite", "infinite", "number", "notanumber", "normal", "subnormal", NULL
};
static const char *const inst_round_names[] = {
    "rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi", NULL
};
static const char *const inst_cache_names[] = {
    "ca", "cg", "cs", "lu", "cv", "wb", "wt", "nc", NULL
};

/* Modifiers whose meaning depends on the opcode; 1 if taken. */
static int inst_modifier_by_op(gs_ptx_inst *inst, const char *p, uint32_t n)
{
    int k;
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_SETP: case GS_PTX_OP_SET:
        if ((k = ptx_word_lookup(p, n, inst_cmp_names)) && !inst->cmp)
            return inst->cmp = (uint8_t)k, 1;
        return (k = ptx_word_lookup(p, n, inst_bool_names)) ? (inst->boolop = (uint8_t)k, 1) : 0;
    case GS_PTX_OP_ATOM: case GS_PTX_OP_RED:
        return (k = ptx_word_lookup(p, n, inst_atom_names)) ? (inst->atom_op = (uint8_t)k, 1) : 0;
    case GS_PTX_OP_MAD: case GS_PTX_OP_MADC:
        if (ptx_word_eq(p, n, "cc"))
            return inst->flags |= GS_PTX_F_CC, 1;
        return (k = ptx_word_lookup(p, n, inst_half_names)) ? (inst->mode = (uint8_t)k, 1) : 0;
    case GS_PTX_OP_MUL: case GS_PTX_OP_MUL24: case GS_PTX_OP_MAD24:
        return (k = ptx_word_lookup(p, n, inst_half_names)) ? (inst->mode = (uint8_t)k, 1) : 0;
    case GS_PTX_OP_ADD: case GS_PTX_OP_SUB: case GS_PTX_OP_ADDC: case GS_PTX_OP_SUBC:
        return ptx_word_eq(p, n, "cc") ? (inst->flags |= GS_PTX_F_CC, 1) : 0;
    case GS_PTX_OP_VOTE:
        return (k = ptx_word_lookup(p, n, inst_vote_names)) ? (inst->mode = (uint8_t)k, 1) : 0;
    case GS_PTX_OP_SHFL:
        return (k = ptx_word_lookup(p, n, inst_shfl_names)) ? (inst->mode = (uint8_t)k, 1) : 0;
    case GS_PTX_OP_REDUX:   /* redux.sync.{add,min,max}.{u32,s32}, {and,or,xor}.b32 */
        return (k = ptx_word_lookup(p, n, inst_atom_names)) ? (inst->atom_op = (uint8_t)k, 1) : 0;
    case GS_PTX_OP_MATCH:
        if (ptx_word_eq(p, n, "any") || ptx_word_eq(p, n, "all"))
            return inst->mode = (uint8_t)(p[1] == 'n' ? GS_PTX_MATCH_ANY : GS_PTX_MATCH_ALL), 1;
        return 0;
    case GS_PTX_OP_BAR:
        if (ptx_word_eq(p, n, "warp") && !inst->mode)   /* bar.warp.sync: its own op */
            return inst->op = GS_PTX_OP_WARPSYNC, 1;
        if ((k = ptx_word_lookup(p, n, inst_bar_names)))
            return inst->mode = (uint8_t)k, 1;
        if (ptx_word_eq(p, n, "popc"))
            return inst->flags |= GS_PTX_F_POPC, 1;
        return (k = ptx_word_lookup(p, n, inst_bool_names)) ? (inst->boolop = (uint8_t)k, 1) : 0;
    case GS_PTX_OP_MEMBAR:
        if (ptx_word_eq(p, n, "gpu"))
            return inst->mode = GS_PTX_LEVEL_GL, 1;
        if (ptx_word_eq(p, n, "sc") || ptx_word_eq(p, n, "acq_rel"))
            return 1;
        return (k = ptx_word_lookup(p, n, inst_level_names)) ? (inst->mode = (uint8_t)k, 1) : 0;
    case GS_PTX_OP_SHF:
        if (ptx_word_eq(p, n, "l") || ptx_word_eq(p, n, "r"))
            return inst->mode = (uint8_t)(p[0] == 'l' ? GS_PTX_SHF_L : GS_PTX_SHF_R), 1;
        if (ptx_word_eq(p, n, "clamp"))
            return inst->flags |= GS_PTX_F_CLAMP, 1;
        return ptx_word_eq(p, n, "wrap");
    case GS_PTX_OP_PRMT:
        return (k = ptx_word_lookup(p, n, inst_prmt_names)) ? (inst->mode = (uint8_t)k, 1) : 0;
    case GS_PTX_OP_TESTP:
        return (k = ptx_word_lookup(p, n, inst_testp_names)) ? (inst->mode = (uint8_t)k, 1) : 0;
    case GS_PTX_OP_CVTA:
        return ptx_word_eq(p, n, "to") ? (inst->flags |= GS_PTX_F_TO, 1) : 0;
    case GS_PTX_OP_BFIND:
        return ptx_word_eq(p, n, "shiftamt") ? (inst->flags |= GS_PTX_F_SHIFTAMT, 1) : 0;
    case GS_PTX_OP_BRA: case GS_PTX_OP_CALL:
        return ptx_word_eq(p, n, "uni") ? (inst->flags |= GS_PTX_F_UNI, 1) : 0;
    default:
        return ptx_tex_modifier(inst, p, n);   /* tex tld4 txq suld sust suq */
    }
}

static int inst_modifier_flag(gs_ptx_inst *inst, const char *p, uint32_t n)
{
    static const char *const names[] = {
        "ftz", "sat", "approx", "full", "sync", "aligned", NULL
    };
    static const uint16_t bits[] = {
        GS_PTX_F_FTZ, GS_PTX_F_SAT, GS_PTX_F_APPROX, GS_PTX_F_FULL, GS_PTX_F_SYNC,
        GS_PTX_F_ALIGNED
    };
    int k = ptx_word_lookup(p, n, names);
    if (k)
        inst->flags |= bits[k - 1];
    else if (ptx_word_eq(p, n, "relaxed") || ptx_word_eq(p, n, "acquire") ||
             ptx_word_eq(p, n, "release") || ptx_word_eq(p, n, "acq_rel") || ptx_word_eq(p, n, "weak"))
        inst->flags |= GS_PTX_F_RELAXED;
    else if (ptx_word_eq(p, n, "cta"))
        inst->flags |= GS_PTX_F_SCOPE_CTA;
    else if (ptx_word_eq(p, n, "gpu") || ptx_word_eq(p, n, "sys") || ptx_word_eq(p, n, "noftz"))
        return 1;
    else
        return 0;
    return 1;
}

/* Type, rounding, space, cache, vector, flags: meaning independent of op. */
static int inst_modifier_generic(gs_ptx_inst *inst, const char *p, uint32_t n)
{
    gs_ptx_type type = ptx_type_from(p, n);
    int k, space;
    if (type != GS_PTX_T_NONE) {
        if (!inst->type)
            inst->type = (uint8_t)type;
        else if (!inst->type2)
            inst->type2 = (uint8_t)type;
        else
            return 0;
        return 1;
    }
    if ((k = ptx_word_lookup(p, n, inst_round_names)))
        return inst->rounding = (uint8_t)k, 1;
    if ((space = ptx_space_from(p, n)) >= 0)
        return inst->space = (uint8_t)space, 1;
    if ((k = ptx_word_lookup(p, n, inst_cache_names))) {
        inst->cache_op = (uint8_t)k;   /* gs_cache_op order matches the list */
        if (k == GS_CACHE_NC)
            inst->flags |= GS_PTX_F_NC;
        return 1;
    }
    if (ptx_word_eq(p, n, "volatile")) {
        inst->flags |= GS_PTX_F_VOLATILE;
        inst->cache_op = GS_CACHE_CV;
        return 1;
    }
    if (ptx_word_eq(p, n, "v2") || ptx_word_eq(p, n, "v4"))
        return inst->vec = (uint8_t)(p[1] - '0'), 1;
    /* prefetch{.space}.level: the level a line is brought to; gpusim times a
     * prefetch as an LD/ST access either way */
    if (inst->op == GS_PTX_OP_PREFETCH && (ptx_word_eq(p, n, "L1") || ptx_word_eq(p, n, "L2")))
        return 1;
    /* L1::evict_last, L2::128B ...: eviction/prefetch hints, not modelled */
    if (n > 4 && (memcmp(p, "L1::", 4) == 0 || memcmp(p, "L2::", 4) == 0) &&
        !ptx_word_eq(p, n, "L2::cache_hint"))
        return 1;
    return inst_modifier_flag(inst, p, n);
}

/* Split "ld.global.nc.v4.f32" and decode each part. */
static gs_status inst_opcode(ptx_ctx *ctx, gs_ptx_inst *inst)
{
    const ptx_tok *t = &ctx->tok;
    uint32_t i = 0, start;
    gs_ptx_op op;
    ptx_tok word = *t;
    char text[80], opcode[40];
    while (i < t->len && t->text[i] != '.')
        i++;
    word.len = i;   /* the opcode as written: barrier and fence, not their aliases */
    op = ptx_op_from(t->text, i);
    if (op == GS_PTX_OP_COUNT || t->kind != PTX_TK_WORD)
        return ptx_error(ctx, t, "unsupported instruction '%s'",
                         ptx_tok_str(t, text, sizeof text));
    inst->op = (uint8_t)op;
    while (i < t->len) {
        start = ++i;
        while (i < t->len && t->text[i] != '.')
            i++;
        if (!inst_modifier_by_op(inst, t->text + start, i - start) &&
            !inst_modifier_generic(inst, t->text + start, i - start)) {
            ptx_tok part = *t;
            part.text += start - 1;
            part.len = i - start + 1;
            part.col += start - 1;
            return ptx_error(ctx, &part, "unsupported modifier '%s' on '%s'",
                             ptx_tok_str(&part, text, 40),
                             ptx_tok_str(&word, opcode, sizeof opcode));
        }
    }
    ptx_next(ctx);
    return GS_OK;
}

/* ---- operands ---- */

gs_status ptx_register_slot(ptx_ctx *ctx, uint32_t sym, const ptx_tok *at, uint32_t *slot)
{
    ptx_sym *s = &ctx->syms[sym];
    gs_ptx_kernel *k = &ctx->cur->k;
    if (s->slot == GS_PTX_NONE) {
        uint32_t *count = s->kind == PTX_SYM_PRED ? &k->num_pred_slots : &k->num_reg_slots;
        if (*count >= GS_PTX_MAX_SLOTS)
            return ptx_error_status(ctx, GS_E_LIMIT, at, "more than %u registers used in one "
                                    "kernel", GS_PTX_MAX_SLOTS);
        s->slot = (*count)++;
    }
    *slot = s->slot;
    return GS_OK;
}

/* A register token: *is_pred tells which file. GS_E_PTX if not one. */
gs_status ptx_operand_register(ptx_ctx *ctx, const ptx_tok *at, uint32_t *slot, int *is_pred)
{
    uint32_t sym = ptx_sym_register(ctx, at);
    char text[80];
    if (sym == GS_PTX_NONE)
        return ptx_error(ctx, at, "undeclared register '%s'", ptx_tok_str(at, text, sizeof text));
    *is_pred = ctx->syms[sym].kind == PTX_SYM_PRED;
    return ptx_register_slot(ctx, sym, at, slot);
}

uint64_t ptx_shared_offset(ptx_ctx *ctx, uint32_t var)
{
    ptx_vscratch *v = &ctx->vars[var];
    gs_ptx_kernel *k = &ctx->cur->k;
    uint64_t align = v->v.align_bytes ? v->v.align_bytes : 1u, at;
    if (v->v.is_extern) {
        k->uses_dynamic_shared = 1;
        if (align > k->dynamic_shared_align)
            k->dynamic_shared_align = (uint32_t)align;
        return 0;   /* the window base is added at the end of the body */
    }
    if (v->v.kernel != GS_PTX_NONE)
        return v->v.offset;
    if (v->kernel_seen != ctx->cur_index) {   /* module-scope: place on first use */
        at = (k->shared_static_bytes + align - 1u) / align * align;
        k->shared_static_bytes = (uint32_t)(at + v->v.size_bytes);
        v->kernel_seen = ctx->cur_index;
        v->kernel_offset = at;
        if (ctx->num_places < ctx->caps.shared_places) {   /* for the link (ptx_link.c) */
            ptx_place *p = &ctx->places[ctx->num_places++];
            p->kernel = ctx->cur_index;
            p->var = var;
            p->offset = at;
            ctx->cur->num_places++;
        }
    }
    return v->kernel_offset;
}

/* A variable or parameter name used as an address or a value. */
static gs_status inst_symbol(ptx_ctx *ctx, const ptx_tok *at, gs_ptx_operand *o)
{
    uint32_t sym = ptx_sym_find(ctx, at->text, at->len);
    char text[80];
    if (sym != GS_PTX_NONE && ctx->syms[sym].kind == PTX_SYM_VAR) {
        uint32_t var = ctx->syms[sym].index;
        o->symbol = var;
        o->space = ctx->vars[var].v.space;
        if (o->space == GS_SPACE_PARAM) {   /* a call block's: placed by ptx_finish_frame */
            o->call_param = 1;
            o->value = 0;
            return GS_OK;
        }
        o->value = o->space == GS_SPACE_SHARED ? ptx_shared_offset(ctx, var)
                                               : ctx->vars[var].v.offset;
        return GS_OK;
    }
    if (sym != GS_PTX_NONE && ctx->syms[sym].kind == PTX_SYM_PARAM) {
        o->symbol = ctx->syms[sym].index;
        o->space = GS_SPACE_PARAM;
        o->value = ctx->params[ctx->cur->first_param + o->symbol].p.offset;
        return GS_OK;
    }
    if (sym != GS_PTX_NONE && (ctx->syms[sym].kind == PTX_SYM_KERNEL ||
                               ctx->syms[sym].kind == PTX_SYM_FUNC_DECL))
        return ptx_error(ctx, at, "unsupported use of function '%s' as a value (only "
                         "mov takes a function's address)", ptx_tok_str(at, text, sizeof text));
    return ptx_error(ctx, at, "undefined identifier '%s'", ptx_tok_str(at, text, sizeof text));
}

/* Optional "+ imm" / "+ -imm" / "- imm" after a base. */
static gs_status inst_offset(ptx_ctx *ctx, uint64_t *value)
{
    int64_t off;
    gs_status st;
    int minus = ptx_is_punct(&ctx->tok, '-');
    if (!minus && !ptx_is_punct(&ctx->tok, '+'))
        return GS_OK;
    if (!minus)
        ptx_next(ctx);
    if ((st = ptx_take_int(ctx, &off)) != GS_OK)
        return st;
    *value += (uint64_t)off;
    return GS_OK;
}

static gs_status inst_address(ptx_ctx *ctx, gs_ptx_operand *o)
{
    ptx_tok at;
    gs_status st;
    int is_pred;
    ptx_next(ctx);   /* '[' */
    at = ctx->tok;
    o->kind = GS_PTX_OPD_ADDR;
    if (at.kind == PTX_TK_NUM) {
        int64_t v;
        if ((st = ptx_take_int(ctx, &v)) != GS_OK)
            return st;
        o->base = GS_PTX_BASE_NONE;
        o->value = (uint64_t)v;
    } else if (at.kind == PTX_TK_WORD && at.text[0] == '%') {
        o->base = GS_PTX_BASE_REG;
        if ((st = ptx_operand_register(ctx, &at, &o->reg, &is_pred)) != GS_OK)
            return st;
        if (is_pred)
            return ptx_error(ctx, &at, "a predicate cannot be an address");
        ptx_next(ctx);
    } else if (at.kind == PTX_TK_WORD) {
        o->base = GS_PTX_BASE_SYMBOL;
        if ((st = inst_symbol(ctx, &at, o)) != GS_OK)
            return st;
        ptx_next(ctx);
    } else {
        return ptx_error(ctx, &at, "expected a register, symbol or integer address");
    }
    if ((st = inst_offset(ctx, &o->value)) != GS_OK)
        return st;
    return ptx_expect(ctx, ']');
}

gs_status ptx_operand_vector(ptx_ctx *ctx, gs_ptx_operand *o, unsigned min_count)
{
    gs_status st;
    int is_pred;
    ptx_next(ctx);   /* '{' */
    o->kind = GS_PTX_OPD_VEC;
    for (;;) {
        ptx_tok at = ctx->tok;
        if (o->vec_count >= GS_PTX_MAX_VEC)
            return ptx_error(ctx, &at, "a vector operand has at most 4 elements");
        if (ptx_is(&at, "_")) {
            o->vec[o->vec_count] = GS_PTX_REG_SINK;
        } else if (at.kind == PTX_TK_WORD && at.text[0] == '%') {
            if ((st = ptx_operand_register(ctx, &at, &o->vec[o->vec_count], &is_pred)) != GS_OK)
                return st;
            if (is_pred)
                return ptx_error(ctx, &at, "a predicate cannot be a vector element");
        } else {
            return ptx_error(ctx, &at, "unsupported vector element (registers or '_' only)");
        }
        o->vec_count++;
        ptx_next(ctx);
        if (!ptx_is_punct(&ctx->tok, ','))
            break;
        ptx_next(ctx);
    }
    if (o->vec_count < min_count)
        return ptx_error(ctx, &ctx->tok, "a vector operand needs 2 to 4 elements");
    return ptx_expect(ctx, '}');
}

/* The type a source operand is read as (for decimal float literals). */
static unsigned inst_operand_type(const gs_ptx_inst *inst, unsigned index)
{
    if (inst->op == GS_PTX_OP_CVT || (inst->op == GS_PTX_OP_SET && index > 0) ||
        (inst->op == GS_PTX_OP_SLCT && index == 3))
        return inst->type2;
    return inst->type;
}

/* A decimal float literal (PTX: an f64 value) converted to the operand's
 * float type with round-to-nearest. */
static gs_status inst_decimal_float(ptx_ctx *ctx, const gs_ptx_inst *inst,
                                    gs_ptx_operand *o, int negative)
{
    const ptx_tok *number = negative ? ptx_peek(ctx) : &ctx->tok;
    unsigned type = inst_operand_type(inst, inst->num_operands);
    uint64_t bits = 0;
    char text[80];
    if (ptx_parse_decfloat(number, &bits) < 0)
        return ptx_error(ctx, number, "unsupported decimal float literal '%s' (more than 19 "
                         "digits or beyond 10^+-22 with a 53-bit mantissa: write it as 0f/0d "
                         "bits)", ptx_tok_str(number, text, sizeof text));
    if (type != GS_PTX_T_F16 && type != GS_PTX_T_F32 && type != GS_PTX_T_F64)
        return ptx_error(ctx, number, "decimal float literal '%s' used as a .%s operand "
                         "(needs .f16, .f32 or .f64)", ptx_tok_str(number, text, sizeof text),
                         gs_ptx_type_name((gs_ptx_type)type));
    bits ^= negative ? 0x8000000000000000ull : 0u;
    if (type == GS_PTX_T_F32)
        bits = gs_f32_from_f64(bits, GS_FROUND_RN, 0);
    else if (type == GS_PTX_T_F16)
        bits = gs_f16_from_f64(bits, GS_FROUND_RN);
    o->value = bits;
    if (negative)
        ptx_next(ctx);
    ptx_next(ctx);
    return GS_OK;
}

static gs_status inst_immediate(ptx_ctx *ctx, const gs_ptx_inst *inst, gs_ptx_operand *o)
{
    uint64_t bits;
    int is_double;
    int64_t v;
    int negative = ptx_is_punct(&ctx->tok, '-');
    const ptx_tok *number = negative ? ptx_peek(ctx) : &ctx->tok;
    char text[80];
    o->kind = GS_PTX_OPD_IMM;
    if (ptx_parse_hexfloat(&ctx->tok, &bits, &is_double)) {
        o->value = bits;
        ptx_next(ctx);
        return GS_OK;
    }
    if (ptx_parse_decfloat(number, &bits))
        return inst_decimal_float(ctx, inst, o, negative);
    if (number->kind == PTX_TK_NUM && !ptx_parse_int(number, &bits))
        return ptx_error(ctx, number, "unsupported number '%s' (integers, 0f/0d and decimal "
                         "float literals only)", ptx_tok_str(number, text, sizeof text));
    if (ptx_take_int(ctx, &v) != GS_OK)
        return GS_E_PTX;
    o->value = (uint64_t)v;
    return GS_OK;
}

/* %name: register (optionally "|%p"), or a special register. */
static gs_status inst_percent(ptx_ctx *ctx, gs_ptx_operand *o)
{
    ptx_tok at = ctx->tok;
    gs_status st;
    int is_pred;
    if (ptx_sym_register(ctx, &at) == GS_PTX_NONE && ptx_sreg_from(at.text, at.len, &o->sreg,
                                                                  &o->dim)) {
        o->kind = GS_PTX_OPD_SREG;
        ptx_next(ctx);
        return GS_OK;
    }
    if ((st = ptx_operand_register(ctx, &at, &o->reg, &is_pred)) != GS_OK)
        return st;
    o->kind = (uint8_t)(is_pred ? GS_PTX_OPD_PRED : GS_PTX_OPD_REG);
    ptx_next(ctx);
    if (ptx_is_punct(&ctx->tok, '|')) {
        ptx_next(ctx);
        at = ctx->tok;
        if ((st = ptx_operand_register(ctx, &at, &o->reg2, &is_pred)) != GS_OK)
            return st;
        if (!is_pred)
            return ptx_error(ctx, &at, "the register after '|' must be a predicate");
        ptx_next(ctx);
    }
    return GS_OK;
}

static gs_status inst_label_operand(ptx_ctx *ctx, gs_ptx_operand *o)
{
    ptx_fixup *f;
    if (ctx->num_fixups >= ctx->caps.fixups)
        return ptx_error_status(ctx, GS_E_LIMIT, &ctx->tok, "too many label references");
    f = &ctx->fixups[ctx->num_fixups++];
    f->inst = ctx->num_insts;
    f->tok = ctx->tok;
    o->kind = GS_PTX_OPD_LABEL;
    ptx_next(ctx);
    return GS_OK;
}

static int inst_is_function(const ptx_ctx *ctx, const ptx_tok *t)
{
    uint32_t sym = ptx_sym_find(ctx, t->text, t->len);
    if (sym == GS_PTX_NONE && ctx->cur && ctx->cur->name_len == t->len &&
        memcmp(ctx->cur->name, t->text, t->len) == 0)
        return 1;   /* the body's own name, registered when it ends */
    return sym != GS_PTX_NONE && (ctx->syms[sym].kind == PTX_SYM_KERNEL ||
                                  ctx->syms[sym].kind == PTX_SYM_FUNC_DECL);
}

static gs_status inst_operand(ptx_ctx *ctx, gs_ptx_inst *inst, gs_ptx_operand *o)
{
    const ptx_tok *t = &ctx->tok;
    char text[80];
    o->reg = o->reg2 = o->symbol = GS_PTX_NONE;
    if (ptx_is_punct(t, '['))
        return inst_address(ctx, o);
    if (ptx_is_punct(t, '{'))
        return ptx_operand_vector(ctx, o, 2);
    if (ptx_is_punct(t, '!')) {
        ptx_tok bang = *t;
        gs_status st;
        ptx_next(ctx);
        if (ctx->tok.kind != PTX_TK_WORD || ctx->tok.text[0] != '%')
            return ptx_error(ctx, &bang, "'!' must be followed by a predicate register");
        if ((st = inst_percent(ctx, o)) != GS_OK)
            return st;
        if (o->kind != GS_PTX_OPD_PRED)
            return ptx_error(ctx, &bang, "'!' must be followed by a predicate register");
        o->neg = 1;
        return GS_OK;
    }
    if (t->kind == PTX_TK_NUM || ptx_is_punct(t, '-'))
        return inst_immediate(ctx, inst, o);
    if (t->kind != PTX_TK_WORD)
        return ptx_error(ctx, t, "expected an operand but found '%s'",
                         ptx_tok_str(t, text, sizeof text));
    if (inst->op == GS_PTX_OP_BRA)
        return inst_label_operand(ctx, o);
    if (ptx_is(t, "_")) {
        o->kind = GS_PTX_OPD_REG;
        o->reg = GS_PTX_REG_SINK;
        ptx_next(ctx);
        return GS_OK;
    }
    if (t->text[0] == '%')
        return inst_percent(ctx, o);
    if (ptx_is(t, "WARP_SZ") && ptx_sym_find(ctx, t->text, t->len) == GS_PTX_NONE) {
        /* PTX ISA 10.x "Predefined identifiers": the warp size, a constant */
        o->kind = GS_PTX_OPD_IMM;
        o->value = GS_WARP_SIZE;
        ptx_next(ctx);
        return GS_OK;
    }
    if (inst->op == GS_PTX_OP_MOV && inst_is_function(ctx, t))   /* a function pointer */
        return ptx_function_address(ctx, t, o, (uint32_t)(o - inst->opd));
    o->kind = GS_PTX_OPD_SYMBOL;
    if (inst_symbol(ctx, t, o) != GS_OK)
        return GS_E_PTX;
    ptx_next(ctx);
    return inst_offset(ctx, &o->value);
}

static gs_status inst_operands(ptx_ctx *ctx, gs_ptx_inst *inst)
{
    gs_status st;
    if (ptx_is_punct(&ctx->tok, ';')) {
        ptx_next(ctx);
        return GS_OK;
    }
    for (;;) {
        if (inst->num_operands >= GS_PTX_MAX_OPERANDS)
            return ptx_error(ctx, &ctx->tok, "too many operands for '%s'",
                             gs_ptx_op_name((gs_ptx_op)inst->op));
        if ((st = inst_operand(ctx, inst, &inst->opd[inst->num_operands])) != GS_OK)
            return st;
        inst->num_operands++;
        if (!ptx_is_punct(&ctx->tok, ','))
            break;
        ptx_next(ctx);
    }
    return ptx_expect(ctx, ';');
}

static gs_status inst_guard(ptx_ctx *ctx, gs_ptx_inst *inst)
{
    ptx_tok at;
    int is_pred;
    gs_status st;
    ptx_next(ctx);   /* '@' */
    if (ptx_is_punct(&ctx->tok, '!')) {
        inst->guard_neg = 1;
        ptx_next(ctx);
    }
    at = ctx->tok;
    if (at.kind != PTX_TK_WORD || at.text[0] != '%')
        return ptx_error(ctx, &at, "expected a predicate register after '@'");
    if ((st = ptx_operand_register(ctx, &at, &inst->guard, &is_pred)) != GS_OK)
        return st;
    if (!is_pred)
        return ptx_error(ctx, &at, "the guard '@' needs a predicate register");
    ptx_next(ctx);
    return GS_OK;
}

/* ---- shape checks ---- */

typedef struct inst_shape {
    uint8_t min_ops, max_ops;
    uint8_t has_dst;      /* opd[0] is written: register, predicate or vector */
    uint8_t needs_type;   /* 1: a type; 2: two types (cvt set slct) */
} inst_shape;

static inst_shape inst_shape_of(const gs_ptx_inst *inst)
{
    static const inst_shape shapes[GS_PTX_OP_COUNT] = {
        {0, 0, 0, 0},                                                 /* nop */
        {3, 3, 1, 1}, {3, 3, 1, 1}, {3, 3, 1, 1}, {4, 4, 1, 1},       /* add sub mul mad */
        {3, 3, 1, 1}, {4, 4, 1, 1}, {4, 4, 1, 1}, {3, 3, 1, 1},       /* mul24 mad24 sad div */
        {3, 3, 1, 1}, {2, 2, 1, 1}, {2, 2, 1, 1}, {3, 3, 1, 1},       /* rem abs neg min */
        {3, 3, 1, 1}, {4, 4, 1, 1}, {2, 2, 1, 1}, {2, 2, 1, 1},       /* max fma rcp sqrt */
        {2, 2, 1, 1}, {2, 2, 1, 1}, {2, 2, 1, 1}, {2, 2, 1, 1},       /* rsqrt ex2 lg2 sin */
        {2, 2, 1, 1}, {2, 2, 1, 1}, {3, 3, 1, 1}, {2, 2, 1, 1},       /* cos tanh copysign testp */
        {3, 3, 1, 1}, {3, 3, 1, 1}, {3, 3, 1, 1}, {2, 2, 1, 1},       /* and or xor not */
        {2, 2, 1, 1}, {3, 3, 1, 1}, {3, 3, 1, 1}, {4, 4, 1, 1},       /* cnot shl shr shf */
        {2, 2, 1, 1}, {2, 2, 1, 1}, {2, 2, 1, 1}, {2, 2, 1, 1},       /* brev popc clz bfind */
        {4, 4, 1, 1}, {5, 5, 1, 1}, {4, 4, 1, 1}, {5, 5, 1, 1},       /* bfe bfi prmt lop3 */
        {3, 4, 1, 1}, {3, 4, 1, 2}, {4, 4, 1, 1}, {4, 4, 1, 2},       /* setp set selp slct */
        {2, 2, 1, 1}, {2, 2, 1, 2}, {2, 2, 1, 1}, {2, 2, 1, 1},       /* mov cvt cvta ld */
        {2, 2, 1, 1}, {2, 2, 0, 1}, {1, 1, 0, 0},                     /* ldu st prefetch */
        {3, 4, 1, 1}, {2, 2, 0, 1},                                   /* atom red */
        {1, 2, 0, 0}, {0, 0, 0, 0},                                   /* bar membar */
        {1, 1, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0},       /* bra ret exit trap */
        {2, 3, 1, 1}, {4, 5, 1, 1}, {1, 1, 1, 1},                     /* vote shfl activemask */
        {3, 3, 1, 1}, {3, 3, 1, 1}, {4, 4, 1, 1},                     /* addc subc madc */
        {3, 3, 1, 1}, {3, 3, 1, 1}, {1, 1, 0, 0}                      /* redux match bar.warp */
    };
    inst_shape shape = shapes[inst->op];
    if (inst->op == GS_PTX_OP_BAR && inst->mode == GS_PTX_BAR_RED) {
        shape.min_ops = 3;
        shape.max_ops = 4;
        shape.has_dst = 1;
        shape.needs_type = 1;
    }
    return shape;
}

static gs_status inst_check_kind(ptx_ctx *ctx, const ptx_tok *at, const gs_ptx_inst *inst,
                                 unsigned index, uint8_t kind, const char *what)
{
    if (inst->opd[index].kind == kind)
        return GS_OK;
    return ptx_error(ctx, at, "operand %u of '%s' must be %s", index + 1,
                     gs_ptx_op_name((gs_ptx_op)inst->op), what);
}

/* ld/st/atom/red: the address operand and the vector width. */
static gs_status inst_check_memory(ptx_ctx *ctx, const ptx_tok *at, gs_ptx_inst *inst)
{
    unsigned addr = (inst->op == GS_PTX_OP_ST || inst->op == GS_PTX_OP_RED) ? 0u : 1u;
    unsigned data = addr == 0 ? 1u : 0u;
    gs_status st = inst_check_kind(ctx, at, inst, addr, GS_PTX_OPD_ADDR, "an address [..]");
    if (st != GS_OK)
        return st;
    if (inst->op == GS_PTX_OP_ATOM || inst->op == GS_PTX_OP_RED) {
        if (!inst->atom_op)
            return ptx_error(ctx, at, "'%s' needs an operation such as .add",
                             gs_ptx_op_name((gs_ptx_op)inst->op));
        if ((inst->atom_op == GS_PTX_ATOM_CAS) != (inst->num_operands == 4) &&
            inst->op == GS_PTX_OP_ATOM)
            return ptx_error(ctx, at, "atom.cas takes 4 operands, other atom operations 3");
        if (inst->vec > 1)
            return ptx_error(ctx, at, "unsupported vector atomic");
        return GS_OK;
    }
    if (inst->vec > 1)
        return (inst->opd[data].kind == GS_PTX_OPD_VEC && inst->opd[data].vec_count == inst->vec)
                   ? GS_OK
                   : ptx_error(ctx, at, "a .v%u access needs a {..} operand of %u registers",
                               (unsigned)inst->vec, (unsigned)inst->vec);
    if (inst->opd[data].kind == GS_PTX_OPD_VEC)
        return ptx_error(ctx, at, "a {..} operand needs .v2 or .v4");
    return GS_OK;
}

/* redux.sync, match.sync, bar.warp.sync (PTX ISA 9.7.13): .sync is required;
 * redux takes .add/.min/.max on .u32/.s32 or .and/.or/.xor on .b32 (the
 * .f32 min/max of sm_100a are refused); match .any/.all on .b32/.b64, with
 * an optional predicate after the destination for .all (d|p). */
static gs_status inst_check_warp(ptx_ctx *ctx, const ptx_tok *at, const gs_ptx_inst *inst)
{
    const char *name = gs_ptx_op_name((gs_ptx_op)inst->op);
    uint8_t t = inst->type, op = inst->atom_op;
    if (!(inst->flags & GS_PTX_F_SYNC))
        return ptx_error(ctx, at, "'%s' needs .sync", name);
    if (inst->op == GS_PTX_OP_REDUX) {
        int arith = op == GS_PTX_ATOM_ADD || op == GS_PTX_ATOM_MIN || op == GS_PTX_ATOM_MAX;
        int logic = op == GS_PTX_ATOM_AND || op == GS_PTX_ATOM_OR || op == GS_PTX_ATOM_XOR;
        if (!arith && !logic)
            return ptx_error(ctx, at, "'redux' needs .add, .min, .max, .and, .or or .xor");
        if ((arith && t != GS_PTX_T_U32 && t != GS_PTX_T_S32) || (logic && t != GS_PTX_T_B32))
            return ptx_error(ctx, at, "'redux' takes .add/.min/.max with .u32 or .s32, and "
                             ".and/.or/.xor with .b32");
        return inst_check_kind(ctx, at, inst, 0, GS_PTX_OPD_REG, "a register");
    }
    if (inst->op == GS_PTX_OP_MATCH) {
        if (!inst->mode)
            return ptx_error(ctx, at, "'match' needs .any or .all");
        if (t != GS_PTX_T_B32 && t != GS_PTX_T_B64)
            return ptx_error(ctx, at, "'match' takes .b32 or .b64");
        if (inst->mode == GS_PTX_MATCH_ANY && inst->opd[0].reg2 != GS_PTX_NONE)
            return ptx_error(ctx, at, "only match.all writes a predicate (d|p)");
        return inst_check_kind(ctx, at, inst, 0, GS_PTX_OPD_REG, "a register");
    }
    return GS_OK;
}

static gs_status inst_check_special(ptx_ctx *ctx, const ptx_tok *at, gs_ptx_inst *inst)
{
    const char *name = gs_ptx_op_name((gs_ptx_op)inst->op);
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_LD: case GS_PTX_OP_LDU: case GS_PTX_OP_ST: case GS_PTX_OP_ATOM:
    case GS_PTX_OP_RED:
        return inst_check_memory(ctx, at, inst);
    case GS_PTX_OP_SETP:
        if (!inst->cmp)
            return ptx_error(ctx, at, "'setp' needs a comparison such as .lt");
        if ((inst->num_operands == 4) != (inst->boolop != 0))
            return ptx_error(ctx, at, "setp takes a 4th predicate operand exactly when it has "
                             ".and/.or/.xor");
        return inst_check_kind(ctx, at, inst, 0, GS_PTX_OPD_PRED, "a predicate");
    case GS_PTX_OP_SET:
        return inst->cmp ? GS_OK : ptx_error(ctx, at, "'%s' needs a comparison", name);
    case GS_PTX_OP_SLCT:   /* slct.dtype.s32 / slct{.ftz}.dtype.f32: selects on c >= 0 */
        return (inst->type2 == GS_PTX_T_S32 || inst->type2 == GS_PTX_T_F32)
                   ? GS_OK
                   : ptx_error(ctx, at, "'slct' selects on an .s32 or .f32 operand "
                               "(slct.dtype.s32 / slct.dtype.f32)");
    case GS_PTX_OP_SELP:
        return inst_check_kind(ctx, at, inst, 3, GS_PTX_OPD_PRED, "a predicate");
    case GS_PTX_OP_BRA:
        return inst_check_kind(ctx, at, inst, 0, GS_PTX_OPD_LABEL, "a label");
    case GS_PTX_OP_VOTE: case GS_PTX_OP_SHFL:
        return inst->mode ? GS_OK : ptx_error(ctx, at, "'%s' needs a mode", name);
    case GS_PTX_OP_REDUX: case GS_PTX_OP_MATCH: case GS_PTX_OP_WARPSYNC:
        return inst_check_warp(ctx, at, inst);
    case GS_PTX_OP_BAR:
        return inst->mode ? GS_OK
                          : ptx_error(ctx, at, "'bar' needs .sync, .arrive or .red");
    case GS_PTX_OP_CVTA:
        return inst->space ? GS_OK : ptx_error(ctx, at, "'cvta' needs a state space");
    default:
        return GS_OK;
    }
}

static gs_status inst_check(ptx_ctx *ctx, const ptx_tok *at, gs_ptx_inst *inst)
{
    inst_shape shape = inst_shape_of(inst);
    const char *name = gs_ptx_op_name((gs_ptx_op)inst->op);
    uint8_t k0 = inst->opd[0].kind;
    if (inst->num_operands < shape.min_ops || inst->num_operands > shape.max_ops) {
        if (shape.min_ops == shape.max_ops)
            return ptx_error(ctx, at, "'%s' takes %u operands, not %u", name,
                             (unsigned)shape.min_ops, (unsigned)inst->num_operands);
        return ptx_error(ctx, at, "'%s' takes %u to %u operands, not %u", name,
                         (unsigned)shape.min_ops, (unsigned)shape.max_ops,
                         (unsigned)inst->num_operands);
    }
    if (shape.needs_type >= 1 && !inst->type)
        return ptx_error(ctx, at, "'%s' needs a type such as .u32", name);
    if (shape.needs_type == 2 && !inst->type2)
        return ptx_error(ctx, at, "'%s' needs a destination and a source type", name);
    if (shape.needs_type < 2 && inst->type2)
        return ptx_error(ctx, at, "'%s' takes one type, not two", name);
    if (shape.has_dst && k0 != GS_PTX_OPD_REG && k0 != GS_PTX_OPD_PRED && k0 != GS_PTX_OPD_VEC)
        return ptx_error(ctx, at, "the first operand of '%s' must be a register", name);
    return inst_check_special(ctx, at, inst);
}

static int inst_is_carry(const gs_ptx_inst *inst)
{
    return (inst->flags & GS_PTX_F_CC) || inst->op == GS_PTX_OP_ADDC ||
           inst->op == GS_PTX_OP_SUBC || inst->op == GS_PTX_OP_MADC;
}

/* Carry arithmetic (PTX "Extended-Precision Integer Arithmetic"): types
 * .u32 .s32 .u64 .s64 only, mad(c) .lo or .hi; CC.CF lives in a hidden
 * predicate slot (see ptx.h): .cc writes it (opd[0].reg2), addc/subc/madc
 * read it through one hidden PRED operand appended after theirs. */
static gs_status inst_carry(ptx_ctx *ctx, const ptx_tok *at, gs_ptx_inst *inst)
{
    gs_ptx_kernel *k = &ctx->cur->k;
    gs_ptx_operand *cf;
    const char *name = gs_ptx_op_name((gs_ptx_op)inst->op);
    unsigned t = inst->type;
    if (t != GS_PTX_T_U32 && t != GS_PTX_T_S32 && t != GS_PTX_T_U64 && t != GS_PTX_T_S64)
        return ptx_error(ctx, at, "carry arithmetic '%s' needs .u32, .s32, .u64 or .s64", name);
    if (inst->flags & (GS_PTX_F_SAT | GS_PTX_F_FTZ) || inst->rounding)
        return ptx_error(ctx, at, "carry arithmetic '%s' takes no .sat, .ftz or rounding",
                         name);
    if ((inst->op == GS_PTX_OP_MAD || inst->op == GS_PTX_OP_MADC) &&
        inst->mode != GS_PTX_MODE_LO && inst->mode != GS_PTX_MODE_HI)
        return ptx_error(ctx, at, "'%s' with a carry needs .lo or .hi", name);
    if (inst->opd[0].kind != GS_PTX_OPD_REG)
        return ptx_error(ctx, at, "the destination of '%s' must be a register", name);
    if (!ctx->cur->cc_slot) {
        if (k->num_pred_slots >= GS_PTX_MAX_SLOTS)
            return ptx_error_status(ctx, GS_E_LIMIT, at, "more than %u predicates used in "
                                    "one kernel", GS_PTX_MAX_SLOTS);
        ctx->cur->cc_slot = ++k->num_pred_slots;
    }
    if (inst->flags & GS_PTX_F_CC)
        inst->opd[0].reg2 = ctx->cur->cc_slot - 1u;
    if (inst->op == GS_PTX_OP_MAD || inst->op == GS_PTX_OP_ADD || inst->op == GS_PTX_OP_SUB)
        return GS_OK;
    cf = &inst->opd[inst->num_operands++];   /* shapes leave room: at most 4 + 1 */
    memset(cf, 0, sizeof *cf);
    cf->kind = GS_PTX_OPD_PRED;
    cf->reg = ctx->cur->cc_slot - 1u;
    cf->reg2 = cf->symbol = GS_PTX_NONE;
    return GS_OK;
}

/* ld/st.param in a device function, or of a call block's parameter, is a
 * call-frame access (ptx.h: gs_ptx_inst.frame): the frame lives in the
 * thread's local memory (ptx_link.c). A device function has no other
 * .param space to reach, so any other form there is refused. */
static gs_status inst_frame(ptx_ctx *ctx, const ptx_tok *at, gs_ptx_inst *inst)
{
    gs_ptx_operand *o;
    if ((inst->op != GS_PTX_OP_LD && inst->op != GS_PTX_OP_ST) ||
        inst->space != GS_SPACE_PARAM)
        return GS_OK;
    o = &inst->opd[inst->op == GS_PTX_OP_ST ? 0 : 1];
    if (o->base == GS_PTX_BASE_SYMBOL && (o->call_param || !ctx->cur->k.is_entry)) {
        inst->frame = 1;
        inst->space = GS_SPACE_LOCAL;
        o->space = GS_SPACE_LOCAL;
        return GS_OK;
    }
    if (!ctx->cur->k.is_entry)
        return ptx_error(ctx, at, "a device function's ld/st.param must name one of its "
                         "parameters or a call block's .param variable");
    return GS_OK;
}

gs_status ptx_parse_inst(ptx_ctx *ctx)
{
    gs_ptx_inst *inst;
    ptx_tok at;
    gs_status st;
    if (ctx->num_insts >= ctx->caps.insts)
        return ptx_error_status(ctx, GS_E_LIMIT, &ctx->tok, "too many instructions");
    inst = &ctx->insts[ctx->num_insts];
    memset(inst, 0, sizeof *inst);
    inst->guard = inst->target = inst->reconv = GS_PTX_NONE;
    inst->vec = 1;
    inst->line = ctx->tok.line;
    if (ptx_is_punct(&ctx->tok, '@') && (st = inst_guard(ctx, inst)) != GS_OK)
        return st;
    at = ctx->tok;
    if (at.kind != PTX_TK_WORD)
        return ptx_error(ctx, &at, "expected an instruction but found '%s'",
                         ptx_tok_str(&at, (char[80]){0}, 80));
    if ((st = inst_opcode(ctx, inst)) != GS_OK)
        return st;
    if (inst->op == GS_PTX_OP_CALL) {
        if ((st = ptx_parse_call(ctx, &at, inst)) != GS_OK)
            return st;
    } else if (ptx_is_tex_op(inst->op)) {
        if ((st = ptx_parse_tex(ctx, &at, inst)) != GS_OK)
            return st;
    } else if ((st = inst_operands(ctx, inst)) != GS_OK ||
               (st = inst_check(ctx, &at, inst)) != GS_OK ||
               (st = inst_frame(ctx, &at, inst)) != GS_OK) {
        return st;
    }
    if (inst_is_carry(inst) && (st = inst_carry(ctx, &at, inst)) != GS_OK)
        return st;
    ptx_classify(inst);
    if (inst->op == GS_PTX_OP_BRA)
        ctx->cur->k.num_branches++;
    ctx->num_insts++;
    return GS_OK;
}
