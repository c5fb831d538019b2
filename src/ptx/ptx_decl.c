/*
 * PTX module structure for the loader (ptx/ptx.h; PTX ISA chapter 11
 * "Directives", 5.4 "Variables", 5.1.6 "Parameter state space").
 *
 * Parses module directives (.version .target .address_size), debug
 * directives that are skipped (.file .loc .section), .pragma, variable
 * declarations in every state space with .align and initialisers, and
 * kernels: .entry and .func headers with parameters and performance
 * directives, and bodies with .reg declarations, nested blocks, labels and
 * instructions (ptx_inst.c). Segment placement follows the ptx.h comment.
 */
#include "ptx/ptx_internal.h"

#include "base/stats.h"   /* GS_KERNEL_NAME_MAX */

#include <string.h>


static int decl_is_pow2(uint64_t v)
{
    return v != 0 && (v & (v - 1u)) == 0;
}

static gs_status decl_unexpected(ptx_ctx *ctx, const char *wanted)
{
    char text[80];
    return ptx_error(ctx, &ctx->tok, "expected %s but found '%s'", wanted,
                     ptx_tok_str(&ctx->tok, text, sizeof text));
}

/* A word token without its leading '.' (for directive names). */
static int decl_dot_word(const ptx_tok *tok)
{
    return tok->kind == PTX_TK_WORD && tok->len > 1 && tok->text[0] == '.';
}

/* ---- module directives ---- */

/* The PTX ISA versions gpusim knows (PTX ISA "Release History"), as
 * major * 10 + minor. Decision (issue 22, README "PTX coverage"): the loader
 * implements PTX ISA 9.0, what nvcc 13.0 emits, and accepts modules written
 * for 6.0 (CUDA 9.0) onwards: 6.0 is where the .sync warp instructions and
 * today's memory model begin, and every instruction of 6.0..9.0 the loader
 * knows keeps its meaning in 9.0. Older modules (GPGPU-Sim era PTX 1.x-5.0:
 * warp votes and shuffles without .sync, 16-bit special-register moves,
 * map_f64_to_f32) and newer ones (9.1) are refused by name, as is any
 * version no CUDA release has used. */
#define PTX_ISA_OLDEST 60u
#define PTX_ISA_NEWEST 90u
static const uint8_t ptx_isa_versions[] = {
    10, 11, 12, 13, 14, 20, 21, 22, 23, 30, 31, 32, 40, 41, 42, 43, 50,
    60, 61, 62, 63, 64, 65, 70, 71, 72, 73, 74, 75, 76, 77, 78,
    80, 81, 82, 83, 84, 85, 86, 87, 88, 90, 91
};

static int decl_known_version(uint32_t major, uint32_t minor)
{
    size_t i;
    if (minor > 9u || major > 9u)
        return 0;
    for (i = 0; i < sizeof ptx_isa_versions; i++)
        if (ptx_isa_versions[i] == major * 10u + minor)
            return 1;
    return 0;
}

static gs_status decl_version(ptx_ctx *ctx)
{
    const ptx_tok *t = &ctx->tok;
    uint32_t i, major = 0, minor = 0, dot = 0, number;
    if (t->kind != PTX_TK_NUM)
        return decl_unexpected(ctx, "a version number such as 9.0");
    for (i = 0; i < t->len; i++) {
        char c = t->text[i];
        if (c == '.' && !dot)
            dot = 1;
        else if (c >= '0' && c <= '9' && !dot && major < 1000)
            major = major * 10u + (uint32_t)(c - '0');
        else if (c >= '0' && c <= '9' && dot && minor < 1000)
            minor = minor * 10u + (uint32_t)(c - '0');
        else
            return decl_unexpected(ctx, "a version number such as 9.0");
    }
    if (!dot)
        return decl_unexpected(ctx, "a version number such as 9.0");
    number = major * 10u + minor;
    if (!decl_known_version(major, minor))
        return ptx_error(ctx, t, "unknown PTX ISA version %u.%u (gpusim loads 6.0 to 9.0)",
                         (unsigned)major, (unsigned)minor);
    if (number < PTX_ISA_OLDEST)
        return ptx_error(ctx, t, "PTX ISA version %u.%u is older than the oldest gpusim loads "
                         "(6.0, CUDA 9.0): regenerate the PTX with a newer nvcc",
                         (unsigned)major, (unsigned)minor);
    if (number > PTX_ISA_NEWEST)
        return ptx_error(ctx, t, "PTX ISA version %u.%u is newer than the 9.0 gpusim "
                         "implements: generate the PTX with nvcc 13.0 (-ptx) or older",
                         (unsigned)major, (unsigned)minor);
    ctx->module.version_major = major;
    ctx->module.version_minor = minor;
    ctx->seen_version = 1;
    ptx_next(ctx);
    return GS_OK;
}

/* Targets: sm_NN[a|f] with NN one of the architectures CUDA has named.
 * Decision (README "PTX coverage"): the oldest target accepted is sm_50,
 * the oldest the CUDA 12 toolchains emit and the PTX ISA 8.x/9.0 documents;
 * sm_1x-sm_3x PTX comes from toolchains whose idioms the loader does not
 * implement (see the versions above). The target does not change any
 * instruction's meaning in gpusim: the machine simulated is the preset's.
 * Of the target modifiers, `debug` (nvcc -G) and `texmode_unified` (the
 * default) are accepted; `texmode_independent` and `map_f64_to_f32` are
 * refused by name. */
static const uint8_t ptx_sm_numbers[] = {
    10, 11, 12, 13, 20, 21, 30, 32, 35, 37, 50, 52, 53, 60, 61, 62, 70, 72, 75,
    80, 86, 87, 88, 89, 90, 100, 101, 103, 110, 120, 121
};
#define PTX_SM_OLDEST 50u

static gs_status decl_target_name(ptx_ctx *ctx)
{
    const ptx_tok *t = &ctx->tok;
    char text[80];
    uint32_t i = 0, k, number = 0, digits = 0;
    int known = 0;
    ptx_tok_str(t, text, sizeof text);
    if (ptx_is(t, "debug") || ptx_is(t, "texmode_unified"))
        return GS_OK;
    if (ptx_is(t, "texmode_independent") || ptx_is(t, "map_f64_to_f32"))
        return ptx_error(ctx, t, "target option '%s' is not supported (gpusim implements "
                         "texmode_unified and full-precision .f64)", text);
    if (t->len > 3 && memcmp(t->text, "sm_", 3) == 0)
        for (i = 3; i < t->len && t->text[i] >= '0' && t->text[i] <= '9' && digits < 4;
             i++, digits++)
            number = number * 10u + (uint32_t)(t->text[i] - '0');
    /* sm_NN, or sm_NNa (sm_90 on) / sm_NNf (sm_100 on): architecture- and
     * family-specific targets */
    if (digits > 0 && (i == t->len ||
                       (i + 1u == t->len && ((t->text[i] == 'a' && number >= 90u) ||
                                             (t->text[i] == 'f' && number >= 100u)))))
        for (k = 0; k < sizeof ptx_sm_numbers && !known; k++)
            known = ptx_sm_numbers[k] == number;
    if (!known)
        return ptx_error(ctx, t, "unknown target '%s' (expected sm_NN such as sm_75, or "
                         "debug or texmode_unified)", text);
    if (number < PTX_SM_OLDEST)
        return ptx_error(ctx, t, "target '%s' is older than the oldest gpusim loads (sm_50): "
                         "regenerate the PTX for sm_50 or newer", text);
    if (ctx->module.target[0] == '\0' && t->len < sizeof ctx->module.target) {
        memcpy(ctx->module.target, t->text, t->len);
        ctx->module.target[t->len] = '\0';
    }
    return GS_OK;
}

static gs_status decl_target(ptx_ctx *ctx)
{
    gs_status st;
    if (!ctx->seen_version)
        return ptx_error(ctx, &ctx->tok, ".target before .version (a module starts with "
                         ".version, then .target)");
    for (;;) {
        if (ctx->tok.kind != PTX_TK_WORD)
            return decl_unexpected(ctx, "a target name such as sm_75");
        if ((st = decl_target_name(ctx)) != GS_OK)
            return st;
        ptx_next(ctx);
        if (!ptx_is_punct(&ctx->tok, ','))
            break;
        ptx_next(ctx);
    }
    if (ctx->module.target[0] == '\0')
        return ptx_error(ctx, &ctx->tok, ".target names no sm_NN architecture");
    return GS_OK;
}

static gs_status decl_address_size(ptx_ctx *ctx)
{
    uint64_t bits;
    ptx_tok at = ctx->tok;
    gs_status st = ptx_take_uint(ctx, &bits, "an address size");
    if (st != GS_OK)
        return st;
    if (bits != 32 && bits != 64)
        return ptx_error(ctx, &at, "unsupported .address_size %u (32 or 64)", (unsigned)bits);
    ctx->module.address_size = (uint32_t)bits;
    return GS_OK;
}

/* .section .debug_xxx { ... } : skipped whole, braces balanced. */
static gs_status decl_skip_section(ptx_ctx *ctx)
{
    ptx_tok at = ctx->tok;
    int depth = 0;
    while (ctx->tok.kind != PTX_TK_EOF) {
        if (ptx_is_punct(&ctx->tok, '{'))
            depth++;
        if (ptx_is_punct(&ctx->tok, '}') && --depth == 0) {
            ptx_next(ctx);
            return GS_OK;
        }
        ptx_next(ctx);
    }
    return ptx_error(ctx, &at, "unterminated .section block (missing '}')");
}

static gs_status decl_pragma(ptx_ctx *ctx)
{
    while (ctx->tok.kind == PTX_TK_STR || ptx_is_punct(&ctx->tok, ','))
        ptx_next(ctx);
    return ptx_expect(ctx, ';');
}

/* ---- variables ---- */

typedef struct decl_var_head {
    int space;
    unsigned handle_kind;   /* .texref / .surfref: GS_PTX_HANDLE_* */
    int is_extern;
    uint64_t align;
    gs_ptx_type type;
    ptx_tok name;
    uint64_t count;     /* elements; 0 with an empty [] */
    int open_array;     /* [] without a size */
} decl_var_head;

static gs_status decl_var_modifiers(ptx_ctx *ctx, decl_var_head *h)
{
    char text[80];
    while (decl_dot_word(&ctx->tok)) {
        const ptx_tok *t = &ctx->tok;
        gs_status st;
        if (ptx_is(t, ".align")) {
            ptx_tok at;
            ptx_next(ctx);
            at = ctx->tok;
            if ((st = ptx_take_uint(ctx, &h->align, "an alignment")) != GS_OK)
                return st;
            if (!decl_is_pow2(h->align) || h->align > 4096)
                return ptx_error(ctx, &at, ".align must be a power of two up to 4096");
            continue;
        }
        /* .texref / .surfref (PTX ISA 5.3): an opaque reference the host
         * binds to a texture or surface (host.h); gpusim keeps the bound
         * object's handle in 8 bytes of the .global segment, which the
         * texture instructions read (ptx_tex.c). Only at module scope, as
         * PTX places them. */
        if ((ptx_is(t, ".texref") || ptx_is(t, ".surfref")) && h->space == GS_SPACE_GLOBAL &&
            !ctx->cur) {
            h->handle_kind = ptx_is(t, ".texref") ? GS_PTX_HANDLE_TEXREF : GS_PTX_HANDLE_SURFREF;
            h->type = GS_PTX_T_U64;
            ptx_next(ctx);
            return GS_OK;
        }
        if (ptx_is(t, ".samplerref"))
            return ptx_error(ctx, t, "unsupported .samplerref: a separate sampler is the "
                             "independent texture mode, and gpusim takes the unified mode nvcc "
                             "emits (samplers set in the texture)");
        if (ptx_is(t, ".texref") || ptx_is(t, ".surfref"))
            return ptx_error(ctx, t, "a %s variable must be declared .global at module scope",
                             ptx_tok_str(t, text, sizeof text));
        h->type = ptx_type_from(t->text + 1, t->len - 1);
        if (h->type == GS_PTX_T_NONE || h->type == GS_PTX_T_PRED)
            return ptx_error(ctx, t, "unsupported variable qualifier '%s'",
                             ptx_tok_str(t, text, sizeof text));
        ptx_next(ctx);
        return GS_OK;
    }
    return decl_unexpected(ctx, "a variable type such as .b8");
}

static gs_status decl_var_dims(ptx_ctx *ctx, decl_var_head *h)
{
    h->count = 1;
    while (ptx_is_punct(&ctx->tok, '[')) {
        uint64_t n;
        gs_status st;
        ptx_tok at;
        ptx_next(ctx);
        if (ptx_is_punct(&ctx->tok, ']')) {
            if (h->open_array || h->count != 1)
                return ptx_error(ctx, &ctx->tok, "only the first array dimension may be empty");
            h->open_array = 1;
            h->count = 0;
            ptx_next(ctx);
            continue;
        }
        at = ctx->tok;
        if ((st = ptx_take_uint(ctx, &n, "an array size")) != GS_OK)
            return st;
        if (n == 0 || n > ((uint64_t)1 << 40) ||
            (h->count > 1 && n > ((uint64_t)1 << 40) / h->count))
            return ptx_error(ctx, &at, "array size must be between 1 and 2^40 elements");
        h->count = h->open_array ? n : h->count * n;
        if ((st = ptx_expect(ctx, ']')) != GS_OK)
            return st;
    }
    return GS_OK;
}

/* A decimal float initialiser element (an f64 value, PTX) converted to the
 * variable's float type with round-to-nearest. */
static gs_status decl_init_decimal(ptx_ctx *ctx, gs_ptx_type type, uint64_t *bits)
{
    int negative = ptx_is_punct(&ctx->tok, '-');
    ptx_tok number = negative ? *ptx_peek(ctx) : ctx->tok;
    char text[80];
    if (ptx_parse_decfloat(&number, bits) < 0)
        return ptx_error(ctx, &number, "unsupported decimal float literal '%s' (write it as "
                         "0f/0d bits)", ptx_tok_str(&number, text, sizeof text));
    if (type != GS_PTX_T_F16 && type != GS_PTX_T_F32 && type != GS_PTX_T_F64)
        return ptx_error(ctx, &number, "decimal float initialiser for a .%s variable",
                         gs_ptx_type_name(type));
    *bits ^= negative ? 0x8000000000000000ull : 0u;
    if (type == GS_PTX_T_F32)
        *bits = gs_f32_from_f64(*bits, GS_FROUND_RN, 0);
    else if (type == GS_PTX_T_F16)
        *bits = gs_f16_from_f64(*bits, GS_FROUND_RN);
    if (negative)
        ptx_next(ctx);
    ptx_next(ctx);
    return GS_OK;
}

/* An address element: name, generic(name), either + or - an integer. The
 * element holds the addend; the module's placement adds the address
 * (gs_ptx_reloc). */
static gs_status decl_init_address(ptx_ctx *ctx, gs_ptx_type type, uint64_t *bits)
{
    ptx_tok at = ctx->tok, name;
    unsigned bytes = gs_ptx_type_bytes(type);
    int generic = ptx_is(&ctx->tok, "generic") && ptx_is_punct(ptx_peek(ctx), '(');
    uint32_t sym;
    int64_t addend = 0;
    uint64_t value;
    gs_ptx_reloc *r;
    char text[80];
    gs_status st;
    if (generic) {
        ptx_next(ctx);
        if ((st = ptx_expect(ctx, '(')) != GS_OK)
            return st;
    }
    name = ctx->tok;
    sym = name.kind == PTX_TK_WORD ? ptx_sym_find(ctx, name.text, name.len) : GS_PTX_NONE;
    ptx_tok_str(&name, text, sizeof text);
    if (sym != GS_PTX_NONE && (ctx->syms[sym].kind == PTX_SYM_KERNEL ||
                               ctx->syms[sym].kind == PTX_SYM_FUNC_DECL))
        return ptx_error(ctx, &name, "unsupported: the address of function '%s' in an "
                         "initialiser", text);
    if (sym == GS_PTX_NONE || ctx->syms[sym].kind != PTX_SYM_VAR ||
        (ctx->vars[ctx->syms[sym].index].v.space != GS_SPACE_GLOBAL &&
         ctx->vars[ctx->syms[sym].index].v.space != GS_SPACE_CONST))
        return ptx_error(ctx, &name, "unsupported initialiser element '%s' (integers, 0f/0d "
                         "and decimal float literals, and the addresses of .global and "
                         ".const variables declared before it)", text);
    if (type != GS_PTX_T_U64 && type != GS_PTX_T_S64 && type != GS_PTX_T_B64 &&
        (ctx->module.address_size != 32u || (type != GS_PTX_T_U32 && type != GS_PTX_T_S32 &&
                                             type != GS_PTX_T_B32)))
        return ptx_error(ctx, &at, "the address of '%s' needs a %u-bit integer element, not "
                         ".%s", text, (unsigned)ctx->module.address_size,
                         gs_ptx_type_name(type));
    ptx_next(ctx);
    if (generic && (st = ptx_expect(ctx, ')')) != GS_OK)
        return st;
    if (ptx_is_punct(&ctx->tok, '+') || ptx_is_punct(&ctx->tok, '-')) {
        int minus = ptx_is_punct(&ctx->tok, '-');
        ptx_next(ctx);
        if ((st = ptx_take_int(ctx, &addend)) != GS_OK)
            return st;
        value = minus ? 0u - (uint64_t)addend : (uint64_t)addend;   /* modulo 2^64 */
    } else {
        value = 0;
    }
    if (ctx->num_relocs >= ctx->caps.relocs)
        return ptx_error_status(ctx, GS_E_LIMIT, &at, "too many addresses in initialisers");
    r = &ctx->relocs[ctx->num_relocs++];
    r->var = ctx->num_vars;   /* the variable being declared: recorded next */
    r->target = ctx->syms[sym].index;
    r->bytes = bytes;
    r->at = ctx->init_used;
    r->addend = value;
    *bits = value;
    return GS_OK;
}

/* Store one initialiser element little-endian into the init pool. */
static gs_status decl_init_element(ptx_ctx *ctx, gs_ptx_type type)
{
    unsigned bytes = gs_ptx_type_bytes(type);
    uint64_t bits = 0;
    int is_double = 0;
    unsigned i;
    ptx_tok at = ctx->tok;
    if (ctx->tok.kind == PTX_TK_WORD) {
        gs_status st = decl_init_address(ctx, type, &bits);
        if (st != GS_OK)
            return st;
    } else if (ptx_parse_hexfloat(&ctx->tok, &bits, &is_double)) {
        if (!gs_ptx_type_is_float(type) || (type == GS_PTX_T_F64) != is_double)
            return ptx_error(ctx, &at, "float literal does not match the variable type .%s",
                             gs_ptx_type_name(type));
        ptx_next(ctx);
    } else if (ptx_parse_decfloat(ptx_is_punct(&ctx->tok, '-') ? ptx_peek(ctx) : &ctx->tok,
                                  &bits)) {
        gs_status st = decl_init_decimal(ctx, type, &bits);
        if (st != GS_OK)
            return st;
    } else {
        int64_t v;
        gs_status st = ptx_take_int(ctx, &v);
        if (st != GS_OK)
            return ptx_error(ctx, &at, "unsupported initialiser element (integers, "
                             "0f/0d and decimal float literals only)");
        if (gs_ptx_type_is_float(type) && v != 0)
            return ptx_error(ctx, &at, "unsupported integer initialiser for a float "
                             "variable (write it as 0f/0d bits)");
        bits = (uint64_t)v;
    }
    if (ctx->init_used + bytes > ctx->caps.init_bytes)
        return ptx_error_status(ctx, GS_E_LIMIT, &at, "initialisers exceed the loader bound");
    for (i = 0; i < bytes; i++)
        ctx->init[ctx->init_used + i] = (uint8_t)(bits >> (8u * i));
    ctx->init_used += bytes;
    return GS_OK;
}

/* = value | = { a, b, {c, d} ... } (nested braces flattened). */
static gs_status decl_initialiser(ptx_ctx *ctx, gs_ptx_type type)
{
    int depth = 0;
    do {
        gs_status st;
        while (ptx_is_punct(&ctx->tok, '{')) {
            depth++;
            ptx_next(ctx);
        }
        if ((st = decl_init_element(ctx, type)) != GS_OK)
            return st;
        while (depth > 0 && ptx_is_punct(&ctx->tok, '}')) {
            depth--;
            ptx_next(ctx);
        }
        if (depth > 0 && (st = ptx_expect(ctx, ',')) != GS_OK)
            return st;
    } while (depth > 0);
    return GS_OK;
}

static uint64_t decl_place(uint64_t *segment, uint64_t size, uint64_t align)
{
    uint64_t at = ptx_align_up(*segment, align);
    *segment = at + size;
    return at;
}

/* Segment offset of a new variable (see the file comment of ptx.h). */
static gs_status decl_var_offset(ptx_ctx *ctx, ptx_vscratch *v, const ptx_tok *at)
{
    gs_ptx_kernel *k = ctx->cur ? &ctx->cur->k : NULL;
    uint64_t size = v->v.size_bytes, align = v->v.align_bytes, end = 0;
    v->v.offset = UINT64_MAX;
    if (v->v.space == GS_SPACE_GLOBAL) {
        v->v.offset = decl_place(&ctx->module.global_bytes, size, align);
        if (align > ctx->module.global_align)
            ctx->module.global_align = (uint32_t)align;
    } else if (v->v.space == GS_SPACE_CONST) {
        v->v.offset = decl_place(&ctx->module.const_bytes, size, align);
        if (align > ctx->module.const_align)
            ctx->module.const_align = (uint32_t)align;
    } else if (v->v.space == GS_SPACE_SHARED && k && !v->v.is_extern) {
        end = k->shared_static_bytes;
        v->v.offset = decl_place(&end, size, align);
        k->shared_static_bytes = (uint32_t)end;
    }
    if (v->v.space == GS_SPACE_LOCAL && k) {
        end = k->local_bytes;
        v->v.offset = decl_place(&end, size, align);
        if (end > GS_PTX_LOCAL_BYTES_MAX)
            return ptx_error_status(ctx, GS_E_LIMIT, at, "the kernel's .local frame reaches "
                                    "%llu bytes per thread, above the %u a thread may have "
                                    "(CUDA's local memory limit)", (unsigned long long)end,
                                    (unsigned)GS_PTX_LOCAL_BYTES_MAX);
        k->local_bytes = (uint32_t)end;
    } else if (v->v.space == GS_SPACE_LOCAL) {
        return ptx_error(ctx, at, "unsupported module-scope .local variable");
    }
    if (end > 0xFFFFFFFFu)
        return ptx_error_status(ctx, GS_E_LIMIT, at, "per-kernel .shared/.local size "
                                "exceeds 4 GiB");
    return GS_OK;
}

static gs_status decl_var_record(ptx_ctx *ctx, const decl_var_head *h, uint64_t init_at)
{
    ptx_vscratch *v;
    uint32_t sym;
    uint32_t existing = ptx_sym_find(ctx, h->name.text, h->name.len);
    char text[80];
    if (existing != GS_PTX_NONE && ctx->syms[existing].scope == ctx->scope)
        return ptx_error(ctx, &h->name, "duplicate declaration of '%s'",
                         ptx_tok_str(&h->name, text, sizeof text));
    if (ctx->num_vars >= ctx->caps.vars)
        return ptx_error_status(ctx, GS_E_LIMIT, &h->name, "too many variables");
    v = &ctx->vars[ctx->num_vars];
    v->name = h->name.text;
    v->name_len = h->name.len;
    v->init_at = init_at;
    v->kernel_seen = GS_PTX_NONE;
    v->v.space = (uint8_t)h->space;
    v->v.type = (uint8_t)h->type;
    v->v.is_extern = (uint8_t)h->is_extern;
    v->v.handle_kind = (uint8_t)h->handle_kind;
    v->v.align_bytes = (uint32_t)(h->align ? h->align : gs_ptx_type_bytes(h->type));
    v->v.kernel = ctx->cur ? ctx->cur_index : GS_PTX_NONE;
    v->v.size_bytes = h->count * gs_ptx_type_bytes(h->type);
    v->v.line = h->name.line;
    v->v.init_bytes = ctx->init_used - init_at;
    v->v.has_init = (uint8_t)(v->v.init_bytes > 0);
    if (v->v.init_bytes > v->v.size_bytes)
        return ptx_error(ctx, &h->name, "initialiser of '%s' is larger than the variable",
                         ptx_tok_str(&h->name, text, sizeof text));
    sym = ptx_sym_add(ctx, h->name.text, h->name.len, PTX_SYM_VAR);
    if (sym == GS_PTX_NONE)
        return ptx_error_status(ctx, GS_E_LIMIT, &h->name, "too many symbols");
    ctx->syms[sym].index = ctx->num_vars++;
    return decl_var_offset(ctx, v, &h->name);
}

/* After the state-space word: [.align N] .type name[dims] [= init] ; */
static gs_status decl_var(ptx_ctx *ctx, int space, int is_extern)
{
    decl_var_head h;
    uint64_t init_at = ctx->init_used;
    gs_status st;
    memset(&h, 0, sizeof h);
    h.space = space;
    h.is_extern = is_extern;
    ptx_next(ctx);
    if ((st = decl_var_modifiers(ctx, &h)) != GS_OK)
        return st;
    if (ctx->tok.kind != PTX_TK_WORD)
        return decl_unexpected(ctx, "a variable name");
    h.name = ctx->tok;
    ptx_next(ctx);
    if ((st = decl_var_dims(ctx, &h)) != GS_OK)
        return st;
    if (ptx_is_punct(&ctx->tok, '=') && h.handle_kind)
        return ptx_error(ctx, &ctx->tok, "a .texref or .surfref cannot have an initialiser "
                         "(the host binds it)");
    if (h.handle_kind && (h.count != 1 || h.open_array))
        return ptx_error(ctx, &h.name, "arrays of .texref or .surfref are not supported");
    if (ptx_is_punct(&ctx->tok, '=')) {
        ptx_next(ctx);
        if (space != GS_SPACE_GLOBAL && space != GS_SPACE_CONST)
            return ptx_error(ctx, &ctx->tok, "only .global and .const variables may have "
                             "initialisers");
        if ((st = decl_initialiser(ctx, h.type)) != GS_OK)
            return st;
        if (h.open_array)
            h.count = (ctx->init_used - init_at) / gs_ptx_type_bytes(h.type);
    } else if (h.open_array && !(is_extern && space == GS_SPACE_SHARED)) {
        return ptx_error(ctx, &h.name, "an array without a size needs an initialiser "
                         "(or .extern .shared)");
    }
    if ((st = decl_var_record(ctx, &h, init_at)) != GS_OK)
        return st;
    return ptx_expect(ctx, ';');
}

/* ---- .reg declarations ---- */

static gs_status decl_reg_name(ptx_ctx *ctx, gs_ptx_type type)
{
    ptx_tok name = ctx->tok;
    uint64_t count = 1;
    int is_range = 0;
    uint32_t sym, existing;
    gs_status st;
    char text[80];
    if (name.kind != PTX_TK_WORD || name.text[0] == '.')
        return decl_unexpected(ctx, "a register name");
    ptx_next(ctx);
    if (ptx_is_punct(&ctx->tok, '<')) {
        ptx_tok at;
        ptx_next(ctx);
        at = ctx->tok;
        if ((st = ptx_take_uint(ctx, &count, "a register count")) != GS_OK)
            return st;
        if (count > 0x7FFFFFFFu)
            return ptx_error_status(ctx, GS_E_LIMIT, &at, "register range too large");
        if ((st = ptx_expect(ctx, '>')) != GS_OK)
            return st;
        is_range = 1;
    }
    existing = ptx_sym_find(ctx, name.text, name.len);
    if (existing != GS_PTX_NONE && ctx->syms[existing].scope == ctx->scope)
        return ptx_error(ctx, &name, "duplicate declaration of '%s'",
                         ptx_tok_str(&name, text, sizeof text));
    sym = ptx_sym_add(ctx, name.text, name.len,
                      (uint8_t)(type == GS_PTX_T_PRED
                                    ? (is_range ? PTX_SYM_PRED_RANGE : PTX_SYM_PRED)
                                    : (is_range ? PTX_SYM_REG_RANGE : PTX_SYM_REG)));
    if (sym == GS_PTX_NONE)
        return ptx_error_status(ctx, GS_E_LIMIT, &name, "too many symbols");
    ctx->syms[sym].type = (uint8_t)type;
    ctx->syms[sym].count = (uint32_t)count;
    if (type == GS_PTX_T_PRED)
        ctx->cur->k.num_preds_declared += (uint32_t)count;
    else
        ctx->cur->k.num_regs_declared += (uint32_t)count;
    return GS_OK;
}

static gs_status decl_reg(ptx_ctx *ctx)
{
    gs_ptx_type type;
    gs_status st;
    char text[80];
    ptx_next(ctx);
    if (ptx_is(&ctx->tok, ".v2") || ptx_is(&ctx->tok, ".v4"))
        return ptx_error(ctx, &ctx->tok, "unsupported vector register declaration '%s'",
                         ptx_tok_str(&ctx->tok, text, sizeof text));
    type = decl_dot_word(&ctx->tok) ? ptx_type_from(ctx->tok.text + 1, ctx->tok.len - 1)
                                    : GS_PTX_T_NONE;
    if (type == GS_PTX_T_NONE)
        return decl_unexpected(ctx, "a register type such as .b32");
    ptx_next(ctx);
    for (;;) {
        if ((st = decl_reg_name(ctx, type)) != GS_OK)
            return st;
        if (!ptx_is_punct(&ctx->tok, ','))
            break;
        ptx_next(ctx);
    }
    return ptx_expect(ctx, ';');
}

/* ---- kernel parameters ---- */

static gs_status decl_param_mods(ptx_ctx *ctx, uint64_t *align, gs_ptx_type *type)
{
    char text[80];
    while (decl_dot_word(&ctx->tok)) {
        gs_status st;
        if (ptx_is(&ctx->tok, ".align")) {
            ptx_tok at;
            ptx_next(ctx);
            at = ctx->tok;
            if ((st = ptx_take_uint(ctx, align, "an alignment")) != GS_OK)
                return st;
            if (!decl_is_pow2(*align) || *align > 4096)
                return ptx_error(ctx, &at, ".align must be a power of two up to 4096");
        } else if (ptx_is(&ctx->tok, ".ptr") ||
                   ptx_space_from(ctx->tok.text + 1, ctx->tok.len - 1) >= 0) {
            ptx_next(ctx);   /* .ptr .global etc.: pointer attributes, no effect */
        } else if (*type == GS_PTX_T_NONE &&
                   (*type = ptx_type_from(ctx->tok.text + 1, ctx->tok.len - 1)) !=
                       GS_PTX_T_NONE && *type != GS_PTX_T_PRED) {
            ptx_next(ctx);
        } else {
            return ptx_error(ctx, &ctx->tok, "unsupported parameter qualifier '%s'",
                             ptx_tok_str(&ctx->tok, text, sizeof text));
        }
    }
    if (*type == GS_PTX_T_NONE)
        return decl_unexpected(ctx, "a parameter type such as .u64");
    return GS_OK;
}

static gs_status decl_param(ptx_ctx *ctx)
{
    uint64_t align = 0, count = 1;
    gs_ptx_type type = GS_PTX_T_NONE;
    ptx_pscratch *p;
    gs_ptx_kernel *k = &ctx->cur->k;
    uint32_t sym;
    gs_status st;
    if (!ptx_is(&ctx->tok, ".param") && !ptx_is(&ctx->tok, ".reg"))
        return decl_unexpected(ctx, "a .param declaration");
    ptx_next(ctx);
    if ((st = decl_param_mods(ctx, &align, &type)) != GS_OK)
        return st;
    if (ctx->tok.kind != PTX_TK_WORD)
        return decl_unexpected(ctx, "a parameter name");
    if (ctx->num_params >= ctx->caps.params || k->num_params >= GS_PTX_MAX_PARAMS)
        return ptx_error_status(ctx, GS_E_LIMIT, &ctx->tok, "too many parameters (at most %u "
                                "per kernel)", GS_PTX_MAX_PARAMS);
    p = &ctx->params[ctx->num_params];
    p->name = ctx->tok.text;
    p->name_len = ctx->tok.len;
    sym = ptx_sym_add(ctx, ctx->tok.text, ctx->tok.len, PTX_SYM_PARAM);
    if (sym == GS_PTX_NONE)
        return ptx_error_status(ctx, GS_E_LIMIT, &ctx->tok, "too many symbols");
    ctx->syms[sym].index = k->num_params;
    ptx_next(ctx);
    if (ptx_is_punct(&ctx->tok, '[')) {
        ptx_next(ctx);
        if ((st = ptx_take_uint(ctx, &count, "a parameter array size")) != GS_OK)
            return st;
        if (count == 0 || count > 65536)
            return ptx_error(ctx, &ctx->tok, "parameter array size out of range");
        if ((st = ptx_expect(ctx, ']')) != GS_OK)
            return st;
    }
    p->p.type = (uint8_t)type;
    p->p.align_bytes = (uint32_t)(align ? align : gs_ptx_type_bytes(type));
    p->p.size_bytes = (uint32_t)(count * gs_ptx_type_bytes(type));
    p->p.offset = (uint32_t)ptx_align_up(k->param_bytes, p->p.align_bytes);
    k->param_bytes = p->p.offset + p->p.size_bytes;
    k->num_params++;
    ctx->num_params++;
    return GS_OK;
}

static gs_status decl_param_list(ptx_ctx *ctx)
{
    gs_status st;
    if ((st = ptx_expect(ctx, '(')) != GS_OK)
        return st;
    if (ptx_is_punct(&ctx->tok, ')')) {
        ptx_next(ctx);
        return GS_OK;
    }
    for (;;) {
        if ((st = decl_param(ctx)) != GS_OK)
            return st;
        if (!ptx_is_punct(&ctx->tok, ','))
            break;
        ptx_next(ctx);
    }
    return ptx_expect(ctx, ')');
}

/* .maxntid x[,y[,z]] / .reqntid / .minnctapersm n / .maxnreg n / .noreturn;
 * .maxnctapersm n is .minnctapersm's deprecated name (PTX ISA 11.4) */
static gs_status decl_perf_directive(ptx_ctx *ctx, gs_ptx_kernel *k)
{
    uint32_t *dims = NULL;
    uint64_t v;
    gs_status st;
    unsigned i;
    char text[80];
    if (ptx_is(&ctx->tok, ".noreturn")) {
        ptx_next(ctx);
        return GS_OK;
    }
    if (ptx_is(&ctx->tok, ".maxntid"))
        dims = k->maxntid;
    else if (ptx_is(&ctx->tok, ".reqntid"))
        dims = k->reqntid;
    else if (!ptx_is(&ctx->tok, ".minnctapersm") && !ptx_is(&ctx->tok, ".maxnctapersm") &&
             !ptx_is(&ctx->tok, ".maxnreg"))
        return ptx_error(ctx, &ctx->tok, "unsupported kernel directive '%s'",
                         ptx_tok_str(&ctx->tok, text, sizeof text));
    if (!dims) {
        uint32_t *field = ptx_is(&ctx->tok, ".maxnreg") ? &k->maxnreg : &k->minnctapersm;
        ptx_next(ctx);
        if ((st = ptx_take_uint(ctx, &v, "a count")) != GS_OK)
            return st;
        *field = (uint32_t)(v > 0xFFFFFFFFu ? 0xFFFFFFFFu : v);
        return GS_OK;
    }
    ptx_next(ctx);
    for (i = 0; i < 3; i++) {
        if ((st = ptx_take_uint(ctx, &v, "a thread count")) != GS_OK)
            return st;
        dims[i] = (uint32_t)(v > 0xFFFFFFFFu ? 0xFFFFFFFFu : v);
        if (!ptx_is_punct(&ctx->tok, ','))
            break;
        ptx_next(ctx);
    }
    for (i++; i < 3; i++)
        dims[i] = 1;
    return GS_OK;
}

/* ---- kernel bodies ---- */

static gs_status decl_label(ptx_ctx *ctx)
{
    ptx_tok name = ctx->tok;
    uint32_t sym = ptx_sym_find(ctx, name.text, name.len);
    char text[80];
    if (sym != GS_PTX_NONE && ctx->syms[sym].kind == PTX_SYM_LABEL)
        return ptx_error(ctx, &name, "duplicate label '%s'",
                         ptx_tok_str(&name, text, sizeof text));
    sym = ptx_sym_add(ctx, name.text, name.len, PTX_SYM_LABEL);
    if (sym == GS_PTX_NONE)
        return ptx_error_status(ctx, GS_E_LIMIT, &name, "too many symbols");
    ctx->syms[sym].index = ctx->num_insts - ctx->cur->first_inst;
    ptx_next(ctx);   /* name */
    ptx_next(ctx);   /* ':' */
    return GS_OK;
}

static gs_status decl_body_directive(ptx_ctx *ctx)
{
    const ptx_tok *t = &ctx->tok;
    int space = ptx_space_from(t->text + 1, t->len - 1);
    char text[80];
    if (ptx_is(t, ".reg"))
        return decl_reg(ctx);
    if (ptx_is(t, ".loc") || ptx_is(t, ".file")) {
        ptx_skip_line(ctx, t->line);
        return GS_OK;
    }
    if (ptx_is(t, ".pragma")) {
        ptx_next(ctx);
        return decl_pragma(ctx);
    }
    if (ptx_is(t, ".callprototype") || ptx_is(t, ".calltargets"))
        return ptx_skip_call_directive(ctx);
    /* .param in a body: a call block's argument or return value, laid out
     * in the frame's call area when a call passes it (ptx_link.c) */
    if (space == GS_SPACE_SHARED || space == GS_SPACE_LOCAL || space == GS_SPACE_GLOBAL ||
        space == GS_SPACE_CONST || space == GS_SPACE_PARAM)
        return decl_var(ctx, space, 0);
    return ptx_error(ctx, t, "unsupported directive '%s' in a kernel body",
                     ptx_tok_str(t, text, sizeof text));
}

static gs_status decl_body(ptx_ctx *ctx)
{
    uint32_t depth = 0;
    gs_status st = GS_OK;
    ptx_tok open = ctx->tok;
    do {
        const ptx_tok *t = &ctx->tok;
        if (t->kind == PTX_TK_EOF)
            return ptx_error(ctx, &open, "unterminated kernel body (missing '}')");
        if (ptx_is_punct(t, '{')) {
            depth++;
            ctx->scope = ++ctx->next_scope;
            ptx_next(ctx);
        } else if (ptx_is_punct(t, '}')) {
            depth--;
            ptx_next(ctx);
        } else if (decl_dot_word(t)) {
            st = decl_body_directive(ctx);
        } else if (t->kind == PTX_TK_WORD && ptx_is_punct(ptx_peek(ctx), ':')) {
            st = decl_label(ctx);
        } else {
            st = ptx_parse_inst(ctx);
        }
    } while (st == GS_OK && depth > 0);
    return st;
}

static gs_status decl_resolve_labels(ptx_ctx *ctx, uint32_t first_fixup)
{
    uint32_t i;
    char text[80];
    for (i = first_fixup; i < ctx->num_fixups; i++) {
        const ptx_fixup *f = &ctx->fixups[i];
        uint32_t sym = ptx_sym_find(ctx, f->tok.text, f->tok.len);
        gs_ptx_inst *inst = &ctx->insts[f->inst];
        if (sym == GS_PTX_NONE || ctx->syms[sym].kind != PTX_SYM_LABEL)
            return ptx_error(ctx, &f->tok, "undefined label '%s'",
                             ptx_tok_str(&f->tok, text, sizeof text));
        inst->target = ctx->syms[sym].index;
        inst->opd[0].value = ctx->syms[sym].index;
    }
    ctx->num_fixups = first_fixup;
    return GS_OK;
}

/* Dynamic shared memory starts after the static window (ptx.h comment). */
static void decl_place_extern_shared(ptx_ctx *ctx, gs_ptx_kernel *k, gs_ptx_inst *insts)
{
    uint64_t base = ptx_extern_shared_base(k->shared_static_bytes, k->dynamic_shared_align);
    uint32_t i, j;
    for (i = 0; i < k->num_insts; i++) {
        for (j = 0; j < insts[i].num_operands; j++) {
            gs_ptx_operand *o = &insts[i].opd[j];
            if ((o->kind == GS_PTX_OPD_ADDR || o->kind == GS_PTX_OPD_SYMBOL) &&
                o->space == GS_SPACE_SHARED && o->symbol != GS_PTX_NONE &&
                ctx->vars[o->symbol].v.is_extern)
                o->value += base;
        }
    }
}

static gs_status decl_finish_kernel(ptx_ctx *ctx, uint32_t first_fixup)
{
    ptx_kscratch *ks = ctx->cur;
    gs_ptx_inst *insts = ctx->insts + ks->first_inst;
    gs_status st;
    ks->k.num_insts = ctx->num_insts - ks->first_inst;
    if ((st = decl_resolve_labels(ctx, first_fixup)) != GS_OK)
        return st;
    if (ks->k.uses_dynamic_shared)
        decl_place_extern_shared(ctx, &ks->k, insts);
    if ((st = ptx_finish_frame(ctx, &ks->k, insts)) != GS_OK)
        return st;
    return ptx_finish_kernel_cfg(ctx, &ks->k, insts);
}

/* ---- kernels ---- */

static gs_status decl_kernel_head(ptx_ctx *ctx, int is_entry, ptx_tok *name)
{
    gs_status st;
    if (!is_entry && ptx_is_punct(&ctx->tok, '(') &&
        (st = decl_param_list(ctx)) != GS_OK)   /* .func return parameters */
        return st;
    ctx->cur->k.num_rets = ctx->cur->k.num_params;
    if (ctx->tok.kind != PTX_TK_WORD || ctx->tok.text[0] == '.')
        return decl_unexpected(ctx, "a kernel name");
    *name = ctx->tok;
    ptx_next(ctx);
    if (ptx_is_punct(&ctx->tok, '(') && (st = decl_param_list(ctx)) != GS_OK)
        return st;
    while (decl_dot_word(&ctx->tok))
        if ((st = decl_perf_directive(ctx, &ctx->cur->k)) != GS_OK)
            return st;
    return GS_OK;
}

static gs_status decl_kernel_name(ptx_ctx *ctx, const ptx_tok *name, int has_body)
{
    uint32_t sym = ptx_sym_find(ctx, name->text, name->len);
    char text[80];
    if (name->len >= GS_KERNEL_NAME_MAX)   /* statistics and workloads hold it whole */
        return ptx_error(ctx, name, "the name '%s' has %lu characters; gpusim takes at most %u",
                         ptx_tok_str(name, text, sizeof text), (unsigned long)name->len,
                         GS_KERNEL_NAME_MAX - 1u);
    if (sym != GS_PTX_NONE && ctx->syms[sym].kind == PTX_SYM_KERNEL && has_body)
        return ptx_error(ctx, name, "duplicate definition of kernel '%s'",
                         ptx_tok_str(name, text, sizeof text));
    if (sym != GS_PTX_NONE && ctx->syms[sym].kind != PTX_SYM_KERNEL &&
        ctx->syms[sym].kind != PTX_SYM_FUNC_DECL)
        return ptx_error(ctx, name, "'%s' is already declared as something else",
                         ptx_tok_str(name, text, sizeof text));
    if (!has_body && sym != GS_PTX_NONE)
        return GS_OK;
    sym = ptx_sym_add(ctx, name->text, name->len,
                      (uint8_t)(has_body ? PTX_SYM_KERNEL : PTX_SYM_FUNC_DECL));
    if (sym == GS_PTX_NONE)
        return ptx_error_status(ctx, GS_E_LIMIT, name, "too many symbols");
    ctx->syms[sym].index = ctx->cur_index;
    return GS_OK;
}

static gs_status decl_kernel(ptx_ctx *ctx, int is_entry, int is_visible)
{
    ptx_kscratch *ks;
    ptx_tok name, at = ctx->tok;
    uint32_t mark = ctx->num_syms, first_fixup = ctx->num_fixups;
    gs_status st;
    if (ctx->num_kernels >= ctx->caps.kernels)
        return ptx_error_status(ctx, GS_E_LIMIT, &at, "too many kernels (at most %u)",
                                (unsigned)ctx->caps.kernels);
    ks = &ctx->kernels[ctx->num_kernels];
    memset(ks, 0, sizeof *ks);
    ks->first_param = ctx->num_params;
    ks->first_inst = ctx->num_insts;
    ks->first_call = ctx->num_calls;
    ks->first_place = ctx->num_places;
    ks->linked_at = GS_PTX_NONE;
    ks->k.is_entry = (uint8_t)is_entry;
    ks->k.is_visible = (uint8_t)is_visible;
    ks->k.line = at.line;
    ctx->cur = ks;
    ctx->cur_index = ctx->num_kernels;
    ctx->scope = ++ctx->next_scope;
    ptx_next(ctx);
    st = decl_kernel_head(ctx, is_entry, &name);
    if (st == GS_OK && ptx_is_punct(&ctx->tok, ';')) {   /* prototype only */
        ptx_next(ctx);
        ctx->num_params = ks->first_param;
        ptx_sym_pop_to(ctx, mark);
        ctx->cur = NULL;
        ctx->scope = 0;
        return decl_kernel_name(ctx, &name, 0);
    }
    if (st == GS_OK && !ptx_is_punct(&ctx->tok, '{'))
        st = decl_unexpected(ctx, "'{' to open the kernel body");
    if (st == GS_OK) {   /* known in its own body: `mov %rd, f` inside f */
        ks->name = name.text;
        ks->name_len = name.len;
    }
    /* a device function's frame starts with its parameters, then its .local
     * variables (ptx_link.c: frames) */
    if (!is_entry)
        ks->k.local_bytes = ks->k.param_bytes;
    if (st == GS_OK)
        st = decl_body(ctx);
    if (st == GS_OK)
        st = decl_finish_kernel(ctx, first_fixup);
    if (st != GS_OK)
        return st;
    ks->name = name.text;
    ks->name_len = name.len;
    ptx_sym_pop_to(ctx, mark);
    ctx->cur = NULL;
    ctx->scope = 0;
    ctx->num_kernels++;
    return decl_kernel_name(ctx, &name, 1);
}

/* ---- module level ---- */

/* `.tex .u32 name;` / `.tex .u64 name;` (PTX ISA 5.1.7: the texture state
 * space, deprecated; older nvcc emitted it): the same as
 * `.global .texref name;`. */
static gs_status decl_tex(ptx_ctx *ctx)
{
    decl_var_head h;
    gs_ptx_type type;
    gs_status st;
    memset(&h, 0, sizeof h);
    h.space = GS_SPACE_GLOBAL;
    h.handle_kind = GS_PTX_HANDLE_TEXREF;
    h.type = GS_PTX_T_U64;
    h.count = 1;
    ptx_next(ctx);
    type = decl_dot_word(&ctx->tok) ? ptx_type_from(ctx->tok.text + 1, ctx->tok.len - 1)
                                    : GS_PTX_T_NONE;
    if (type != GS_PTX_T_U32 && type != GS_PTX_T_U64 && type != GS_PTX_T_B32 &&
        type != GS_PTX_T_B64)
        return decl_unexpected(ctx, "the .tex variable's type (.u32 or .u64)");
    ptx_next(ctx);
    if (ctx->tok.kind != PTX_TK_WORD)
        return decl_unexpected(ctx, "a texture name");
    h.name = ctx->tok;
    ptx_next(ctx);
    if (ptx_is_punct(&ctx->tok, '[') || ptx_is_punct(&ctx->tok, '='))
        return ptx_error(ctx, &ctx->tok, "a .tex variable is one texture reference (no array, "
                         "no initialiser)");
    if ((st = decl_var_record(ctx, &h, ctx->init_used)) != GS_OK)
        return st;
    return ptx_expect(ctx, ';');
}

/* Linkage prefixes .visible .extern .weak .common, then what they qualify. */
static gs_status decl_linkage(ptx_ctx *ctx)
{
    int is_visible = 0, is_extern = 0, space;
    char text[80];
    while (ptx_is(&ctx->tok, ".visible") || ptx_is(&ctx->tok, ".extern") ||
           ptx_is(&ctx->tok, ".weak") || ptx_is(&ctx->tok, ".common")) {
        is_visible |= ptx_is(&ctx->tok, ".visible");
        is_extern |= ptx_is(&ctx->tok, ".extern");
        ptx_next(ctx);
    }
    if (ptx_is(&ctx->tok, ".entry") || ptx_is(&ctx->tok, ".func"))
        return decl_kernel(ctx, ptx_is(&ctx->tok, ".entry"), is_visible);
    if (ptx_is(&ctx->tok, ".tex"))
        return decl_tex(ctx);
    space = decl_dot_word(&ctx->tok) ? ptx_space_from(ctx->tok.text + 1, ctx->tok.len - 1)
                                     : -1;
    if (space == GS_SPACE_GLOBAL || space == GS_SPACE_CONST || space == GS_SPACE_SHARED ||
        space == GS_SPACE_LOCAL)
        return decl_var(ctx, space, is_extern);
    if (ctx->tok.kind == PTX_TK_EOF)
        return decl_unexpected(ctx, "a directive");
    return ptx_error(ctx, &ctx->tok, "unsupported directive '%s' at module scope",
                     ptx_tok_str(&ctx->tok, text, sizeof text));
}

static gs_status decl_top(ptx_ctx *ctx)
{
    const ptx_tok *t = &ctx->tok;
    char text[80];
    if (ptx_is(t, ".version")) {
        ptx_next(ctx);
        return decl_version(ctx);
    }
    if (ptx_is(t, ".target")) {
        ptx_next(ctx);
        return decl_target(ctx);
    }
    if (ptx_is(t, ".address_size")) {
        if (!ctx->seen_version || ctx->module.target[0] == '\0')
            return ptx_error(ctx, t, ".address_size before %s (a module starts with .version, "
                             "then .target)", ctx->seen_version ? ".target" : ".version");
        ptx_next(ctx);
        return decl_address_size(ctx);
    }
    if (ptx_is(t, ".file") || ptx_is(t, ".loc")) {
        ptx_skip_line(ctx, t->line);
        return GS_OK;
    }
    if (ptx_is(t, ".section"))
        return decl_skip_section(ctx);
    if (ptx_is(t, ".pragma")) {
        ptx_next(ctx);
        return decl_pragma(ctx);
    }
    /* PTX ISA 11.1: .version, then .target, come before any declaration. */
    if (t->kind != PTX_TK_EOF && (!ctx->seen_version || ctx->module.target[0] == '\0'))
        return ptx_error(ctx, t, "'%s' before %s (a module starts with .version, then "
                         ".target)", ptx_tok_str(t, text, sizeof text),
                         ctx->seen_version ? ".target" : ".version");
    return decl_linkage(ctx);
}

gs_status ptx_parse_module(ptx_ctx *ctx)
{
    gs_status st = GS_OK;
    ctx->module.address_size = 64;
    ctx->module.global_align = 1;
    ctx->module.const_align = 1;
    ptx_next(ctx);
    while (st == GS_OK && ctx->tok.kind != PTX_TK_EOF)
        st = decl_top(ctx);
    if (st == GS_OK && !ctx->seen_version)   /* PTX ISA 11.1: .version is required */
        return ptx_error(ctx, &ctx->tok, "no .version directive (a module starts with "
                         ".version, then .target)");
    return st;
}
