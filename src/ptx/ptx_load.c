/*
 * The PTX loader's entry points (ptx/ptx.h): arena sizing, loading and
 * kernel lookup (DESIGN.md section 5 "Memory").
 *
 * Arena layout while loading (capacities from the text: ptx_caps_for_text
 * counts its tokens first, so the scratch is sized by what the text can
 * create, never more than the length-only bound gs_ptx_bytes_for):
 *   [instructions (capacity)] [symbols, buckets, kernels, params, vars,
 *   init bytes, label fixups] [per-kernel CFG scratch, released per kernel]
 * When parsing succeeds the module, kernel, parameter and variable records,
 * names and initial bytes are written compactly past the scratch with their
 * pointers already aimed at their final place, then moved down to sit right
 * behind the used instructions; everything after them is released (and
 * zeroed by gs_arena_reset_to). On failure the arena is reset to where it was.
 */
#include "ptx/ptx_internal.h"

#include <string.h>

size_t ptx_cfg_bytes(size_t insts);   /* ptx_cfg.c */

#define LOAD_FILE_NAME_MAX GS_DIAG_FILE_MAX

static size_t load_min(size_t a, size_t b)
{
    return a < b ? a : b;
}

static void load_set_buckets(ptx_caps *caps)
{
    size_t buckets = 16;
    while (buckets < caps->syms)
        buckets *= 2u;
    caps->buckets = buckets;
}

void ptx_caps_for(size_t text_length, ptx_caps *caps)
{
    caps->insts = text_length / 4u + 1u;
    caps->fixups = caps->insts;
    caps->syms = (text_length + 1u) / 2u + 16u;
    caps->vars = text_length / 8u + 1u;
    caps->params = text_length / 8u + 1u;
    caps->kernels = text_length / 8u + 1u;
    if (caps->kernels > GS_PTX_MAX_KERNELS)
        caps->kernels = GS_PTX_MAX_KERNELS;
    caps->init_bytes = 4u * text_length + 8u;
    caps->relocs = text_length / 2u + 1u;
    caps->calls = caps->insts;
    caps->call_args = text_length / 2u + 1u;
    /* Any text: a calling .entry takes >= 16 characters (".entry a{call f;}")
     * and a function instruction >= 4 ("ret;"), so with E calling entries
     * and F function instructions 16 E + 4 F <= L, E F <= L^2 / 256, and
     * the copies (F instructions and <= F rets each) <= L^2 / 128 */
    caps->linked_insts = GS_PTX_MAX_LINKED_INSTS;
    if (text_length < (1u << 24))
        caps->linked_insts = load_min(caps->linked_insts, caps->insts + text_length / 16u + 1u +
                                      (text_length / 16u) * (text_length / 8u) + 1u);
    caps->linked_funcs = load_min(caps->linked_insts, (text_length / 16u + 1u) *
                                  (caps->kernels + 1u));
    caps->shared_places = caps->syms;
    load_set_buckets(caps);
}

/* Token counts of a text, made with the loader's own lexer so that they are
 * exactly what the parser will see (comments skipped). */
typedef struct load_counts {
    size_t words, nums, semis, commas, parens, kernels, bra_words;
    size_t call_words;     /* "call" opcode words */
    size_t mov_words;      /* "mov" opcode words */
    size_t entries, funcs; /* .entry and .func words */
    size_t init_words;     /* words between a '=' and its ';' */
    size_t func_semis;     /* ';' inside .func bodies */
    size_t calling_entries, calling_semis;   /* .entry bodies with a "call" word, and
                                              * the ';' inside them */
} load_counts;

static int load_is_opcode(const ptx_tok *t, const char *op, uint32_t len)
{
    return t->len >= len && memcmp(t->text, op, len) == 0 &&
           (t->len == len || t->text[len] == '.');
}

static void load_count(const char *text, size_t length, load_counts *n)
{
    ptx_ctx lex;
    int in_bra = 0, body = 0;   /* body: 1 .entry, 2 .func (the last one named) */
    int in_init = 0;            /* between a '=' and its ';' */
    int calls = 0;              /* the open .entry body has a "call" word */
    size_t depth = 0, semis = 0;   /* ... and its ';' so far */
    memset(&lex, 0, sizeof lex);
    memset(n, 0, sizeof *n);
    ptx_lex_init(&lex, text, length);
    for (ptx_next(&lex); lex.tok.kind != PTX_TK_EOF; ptx_next(&lex)) {
        const ptx_tok *t = &lex.tok;
        if (t->kind == PTX_TK_WORD) {
            n->words++;
            n->bra_words += (size_t)in_bra;
            n->init_words += (size_t)in_init;
            if (ptx_is(t, ".entry") || ptx_is(t, ".func")) {
                n->kernels++;
                body = ptx_is(t, ".entry") ? 1 : 2;
                n->entries += body == 1;
                n->funcs += body == 2;
            }
            if (load_is_opcode(t, "bra", 3u))
                in_bra = 1;
            n->call_words += (size_t)load_is_opcode(t, "call", 4u);
            calls |= depth > 0 && body == 1 && load_is_opcode(t, "call", 4u);
            n->mov_words += (size_t)load_is_opcode(t, "mov", 3u);
        } else if (t->kind == PTX_TK_NUM) {
            n->nums++;
        } else if (ptx_is_punct(t, '{')) {
            depth++;
        } else if (ptx_is_punct(t, '}')) {
            depth -= depth > 0;
            if (depth == 0 && calls) {   /* a calling .entry body ends */
                n->calling_entries++;
                n->calling_semis += semis;
            }
            if (depth == 0)
                calls = 0, semis = 0;
        } else if (ptx_is_punct(t, ';')) {
            n->semis++;
            in_bra = 0;
            in_init = 0;
            if (depth > 0 && body == 1)
                semis++;
            else if (depth > 0 && body == 2)
                n->func_semis++;
        } else if (ptx_is_punct(t, ',')) {
            n->commas++;
        } else if (ptx_is_punct(t, '(')) {
            n->parens++;
        } else if (ptx_is_punct(t, '=')) {
            in_init = 1;
        }
    }
}

/* Capacities from the text itself, each an exact upper bound of what the
 * parser can create (and never above the length-only bound):
 *   calls: one per "call" opcode word, and function addresses, taken only
 *       by mov (one symbol per mov); the parameters calls pass: each list
 *       element but the first follows a comma, and each list opens a '(';
 *   linked instructions: every .entry body with a "call" word, and a copy
 *       of every .func body for each (an instruction inside a body ends
 *       with one of its ';'), plus one implicit ret each;
 *   instructions: each is consumed with its ';' (inst_operands);
 *   label references: only bra operands are labels, and they are words
 *       between a "bra" opcode word and the next ';';
 *   symbols: every entry (declaration, range member on first use, label,
 *       variable, parameter, kernel) is created at a distinct word token;
 *   variables: one per declaration, recorded before its ';';
 *   parameters: a list of n takes '(' and n - 1 commas;
 *   kernels: one per .entry / .func word;
 *   initialiser bytes: at most 8 per number token or word in an
 *       initialiser (an address: x, generic(x)), which is between a '='
 *       and its ';'; addresses: one per such word. */
void ptx_caps_for_text(const char *text, size_t length, ptx_caps *caps)
{
    load_counts n;
    ptx_caps_for(length, caps);
    load_count(text, length, &n);
    caps->insts = load_min(caps->insts, n.semis + 1u);
    caps->fixups = load_min(caps->insts, n.bra_words + 1u);
    caps->syms = load_min(caps->syms, n.words + 16u);
    caps->vars = load_min(caps->vars, n.semis + 1u);
    caps->params = load_min(caps->params, n.commas + n.parens + 1u);
    caps->kernels = load_min(caps->kernels, n.kernels + 1u);
    caps->init_bytes = load_min(caps->init_bytes, 8u * (n.nums + n.init_words) + 8u);
    caps->relocs = load_min(caps->relocs, n.init_words);
    caps->calls = load_min(caps->calls, n.call_words + n.mov_words + 1u);
    caps->call_args = load_min(caps->call_args, n.commas + n.parens + 1u);
    /* each kernel's own code and a copy of every function, each with its
     * implicit ret (ptx_link.c); nothing when no call links anything */
    /* only the .entry bodies that call are linked (ptx_link.c) */
    caps->linked_funcs = load_min(caps->linked_funcs, n.calling_entries * n.funcs);
    caps->shared_places = n.calling_entries ? load_min(caps->shared_places, n.words + 1u) : 0u;
    if (n.calling_entries == 0) {
        caps->linked_insts = 0;
    } else {
        uint64_t linked = (uint64_t)n.calling_semis + n.calling_entries +
                          (uint64_t)n.calling_entries * (n.func_semis + n.funcs);
        if (linked < caps->linked_insts)
            caps->linked_insts = (size_t)linked;
    }
    load_set_buckets(caps);
}

/* Bytes of the final records behind the instructions (names <= text). */
static size_t load_output_bytes(const ptx_caps *caps, size_t text_length)
{
    return gs_arena_round(sizeof(gs_ptx_module)) +
           gs_arena_round(caps->kernels * sizeof(gs_ptx_kernel)) +
           gs_arena_round(caps->params * sizeof(gs_ptx_param)) +
           gs_arena_round(caps->vars * sizeof(gs_ptx_var)) +
           gs_arena_round(text_length + caps->kernels + caps->params + caps->vars +
                          LOAD_FILE_NAME_MAX + 8u) +
           gs_arena_round(caps->init_bytes) +
           gs_arena_round(caps->relocs * sizeof(gs_ptx_reloc)) +  /* addresses in them */
           caps->linked_insts * sizeof(gs_ptx_inst) +         /* linked kernels and */
           caps->linked_funcs * sizeof(gs_ptx_linked) +       /* their tables, each */
           (caps->linked_insts ? 2u * caps->kernels * GS_ARENA_ALIGN : 0u) + /* rounded up */
           8u * GS_ARENA_ALIGN;
}

static size_t load_bytes_for_caps(const ptx_caps *caps, size_t text_length)
{
    return gs_arena_round(caps->insts * sizeof(gs_ptx_inst)) +    /* decoded program */
           gs_arena_round(caps->syms * sizeof(ptx_sym)) +         /* symbol entries */
           gs_arena_round(caps->buckets * sizeof(uint32_t)) +     /* hash buckets */
           gs_arena_round(caps->kernels * sizeof(ptx_kscratch)) +
           gs_arena_round(caps->params * sizeof(ptx_pscratch)) +
           gs_arena_round(caps->vars * sizeof(ptx_vscratch)) +
           gs_arena_round(caps->init_bytes) +                     /* initialisers */
           gs_arena_round(caps->relocs * sizeof(gs_ptx_reloc)) +  /* addresses in them */
           gs_arena_round(caps->fixups * sizeof(ptx_fixup)) +     /* label references */
           gs_arena_round(caps->calls * sizeof(ptx_call)) +       /* calls */
           gs_arena_round(caps->call_args * sizeof(uint32_t)) +   /* their parameters */
           gs_arena_round(caps->linked_insts * sizeof(gs_ptx_inst)) + /* linked kernels */
           gs_arena_round(caps->linked_funcs * sizeof(gs_ptx_linked)) + /* their tables */
           gs_arena_round(caps->shared_places * sizeof(ptx_place)) + /* .shared placed */
           (caps->linked_insts == 0 ? 0u :   /* the link's walk and .shared map */
            10u * gs_arena_round(caps->kernels * sizeof(uint64_t)) +
                gs_arena_round((caps->vars + 1u) * sizeof(uint64_t))) +
           ptx_cfg_bytes(caps->insts) +                           /* one kernel's CFG */
           ptx_live_bytes(caps->insts, load_min(caps->syms, GS_PTX_MAX_SLOTS)) + /* reuse */
           load_output_bytes(caps, text_length);                  /* final records */
}

size_t gs_ptx_bytes_for(size_t text_length)
{
    ptx_caps caps;
    ptx_caps_for(text_length, &caps);
    return load_bytes_for_caps(&caps, text_length);
}

size_t gs_ptx_bytes_for_text(const char *text, size_t text_length)
{
    ptx_caps caps;
    ptx_caps_for_text(text, text_length, &caps);
    return load_bytes_for_caps(&caps, text_length);
}

static gs_status load_scratch(ptx_ctx *ctx)
{
    gs_arena *a = ctx->arena;
    const ptx_caps *c = &ctx->caps;
    size_t i;
    ctx->insts = (gs_ptx_inst *)gs_arena_alloc(a, c->insts * sizeof(gs_ptx_inst));
    ctx->syms = (ptx_sym *)gs_arena_alloc(a, c->syms * sizeof(ptx_sym));
    ctx->buckets = (uint32_t *)gs_arena_alloc(a, c->buckets * sizeof(uint32_t));
    ctx->kernels = (ptx_kscratch *)gs_arena_alloc(a, c->kernels * sizeof(ptx_kscratch));
    ctx->params = (ptx_pscratch *)gs_arena_alloc(a, c->params * sizeof(ptx_pscratch));
    ctx->vars = (ptx_vscratch *)gs_arena_alloc(a, c->vars * sizeof(ptx_vscratch));
    ctx->init = (uint8_t *)gs_arena_alloc(a, c->init_bytes);
    ctx->relocs = NULL;
    if (c->relocs)
        ctx->relocs = (gs_ptx_reloc *)gs_arena_alloc(a, c->relocs * sizeof(gs_ptx_reloc));
    ctx->fixups = (ptx_fixup *)gs_arena_alloc(a, c->fixups * sizeof(ptx_fixup));
    ctx->calls = (ptx_call *)gs_arena_alloc(a, c->calls * sizeof(ptx_call));
    ctx->call_args = (uint32_t *)gs_arena_alloc(a, c->call_args * sizeof(uint32_t));
    /* nothing is taken for a module without calls (the bound counts 0) */
    ctx->linked = NULL;
    ctx->linked_funcs = NULL;
    if (c->linked_insts)
        ctx->linked = (gs_ptx_inst *)gs_arena_alloc(a, c->linked_insts * sizeof(gs_ptx_inst));
    if (c->linked_funcs)
        ctx->linked_funcs = (gs_ptx_linked *)gs_arena_alloc(a, c->linked_funcs *
                                                             sizeof(gs_ptx_linked));
    ctx->places = NULL;
    if (c->shared_places)
        ctx->places = (ptx_place *)gs_arena_alloc(a, c->shared_places * sizeof(ptx_place));
    if (!ctx->insts || !ctx->syms || !ctx->buckets || !ctx->kernels || !ctx->params ||
        !ctx->vars || !ctx->init || !ctx->fixups || !ctx->calls || !ctx->call_args ||
        (c->linked_insts && !ctx->linked) || (c->linked_funcs && !ctx->linked_funcs) ||
        (c->shared_places && !ctx->places) || (c->relocs && !ctx->relocs))
        return gs_diag_set(ctx->diag, GS_E_ARENA, ctx->file, 0, 0,
                           "arena too small to load this PTX");
    for (i = 0; i < c->buckets; i++)
        ctx->buckets[i] = GS_PTX_NONE;
    return GS_OK;
}

/* ---- writing the final records ---- */

typedef struct load_out {
    uint8_t *write;       /* where bytes go now */
    uint8_t *final;       /* where they will live */
    size_t used;
} load_out;

/* Reserve `bytes` (aligned); returns the write pointer, *final_ptr set. */
static void *load_take(load_out *out, size_t bytes, void **final_ptr)
{
    size_t at = gs_arena_round(out->used);
    out->used = at + bytes;
    *final_ptr = out->final + at;
    return out->write + at;
}

static const char *load_name(load_out *out, const char *text, size_t len)
{
    void *final;
    char *w = (char *)load_take(out, len + 1u, &final);
    memcpy(w, text, len);
    w[len] = '\0';
    return (const char *)final;
}

static void load_write_vars(ptx_ctx *ctx, load_out *out, gs_ptx_module *m)
{
    void *final;
    gs_ptx_var *vars = (gs_ptx_var *)load_take(out, ctx->num_vars * sizeof(gs_ptx_var), &final);
    uint32_t i;
    m->vars = (gs_ptx_var *)final;
    m->num_vars = ctx->num_vars;
    for (i = 0; i < ctx->num_vars; i++) {
        const ptx_vscratch *v = &ctx->vars[i];
        vars[i] = v->v;
        vars[i].name = load_name(out, v->name, v->name_len);
        vars[i].init = NULL;
        if (v->v.init_bytes) {
            uint8_t *w = (uint8_t *)load_take(out, (size_t)v->v.init_bytes, &final);
            memcpy(w, ctx->init + v->init_at, (size_t)v->v.init_bytes);
            vars[i].init = (const uint8_t *)final;
        }
    }
    if (ctx->num_relocs) {   /* each address's place in its variable */
        gs_ptx_reloc *r = (gs_ptx_reloc *)load_take(out, ctx->num_relocs * sizeof(gs_ptx_reloc),
                                                    &final);
        for (i = 0; i < ctx->num_relocs; i++) {
            r[i] = ctx->relocs[i];
            r[i].at -= ctx->vars[r[i].var].init_at;
        }
        m->relocs = (const gs_ptx_reloc *)final;
        m->num_relocs = ctx->num_relocs;
    }
}

static void load_write_kernels(ptx_ctx *ctx, load_out *out, gs_ptx_module *m,
                               gs_ptx_inst *final_insts)
{
    void *final;
    gs_ptx_kernel *ks = (gs_ptx_kernel *)load_take(out, ctx->num_kernels * sizeof(gs_ptx_kernel),
                                                   &final);
    uint32_t i, j;
    m->kernels = (gs_ptx_kernel *)final;
    m->num_kernels = ctx->num_kernels;
    for (i = 0; i < ctx->num_kernels; i++) {
        const ptx_kscratch *s = &ctx->kernels[i];
        gs_ptx_param *ps;
        ks[i] = s->k;
        ks[i].index = i;
        ks[i].name = load_name(out, s->name, s->name_len);
        ks[i].insts = final_insts + s->first_inst;
        if (s->linked_at != GS_PTX_NONE) {   /* a kernel linked with its functions */
            gs_ptx_inst *w = (gs_ptx_inst *)load_take(out, s->k.num_insts * sizeof(gs_ptx_inst),
                                                      &final);
            gs_ptx_linked *t;
            memcpy(w, ctx->linked + s->linked_at, s->k.num_insts * sizeof(gs_ptx_inst));
            ks[i].insts = (gs_ptx_inst *)final;
            t = (gs_ptx_linked *)load_take(out, s->k.num_funcs_linked * sizeof(gs_ptx_linked),
                                           &final);
            if (s->k.num_funcs_linked)   /* none: an indirect call and no address taken */
                memcpy(t, ctx->linked_funcs + s->linked_funcs_at,
                       s->k.num_funcs_linked * sizeof(gs_ptx_linked));
            ks[i].linked = (const gs_ptx_linked *)final;
        }
        ps = (gs_ptx_param *)load_take(out, s->k.num_params * sizeof(gs_ptx_param), &final);
        ks[i].params = (gs_ptx_param *)final;
        for (j = 0; j < s->k.num_params; j++) {
            const ptx_pscratch *p = &ctx->params[s->first_param + j];
            ps[j] = p->p;
            ps[j].name = load_name(out, p->name, p->name_len);
        }
    }
    m->num_insts = ctx->num_insts;   /* as parsed: linked copies are not counted again */
}

static gs_status load_finish(ptx_ctx *ctx, size_t mark, gs_ptx_module **result)
{
    gs_arena *a = ctx->arena;
    size_t insts_bytes = gs_arena_round(ctx->num_insts * sizeof(gs_ptx_inst));
    size_t room = load_output_bytes(&ctx->caps, ctx->length);
    uint8_t *block = (uint8_t *)gs_arena_alloc(a, room);
    load_out out;
    void *final;
    gs_ptx_module *m;
    size_t name_len = strlen(ctx->file);
    if (!block)
        return gs_diag_set(ctx->diag, GS_E_ARENA, ctx->file, 0, 0,
                           "arena too small to load this PTX");
    out.write = block;
    out.final = a->base + mark + insts_bytes;
    out.used = 0;
    m = (gs_ptx_module *)load_take(&out, sizeof *m, &final);
    *m = ctx->module;
    m->num_insts = 0;
    m->file_name = load_name(&out, ctx->file,
                             name_len < LOAD_FILE_NAME_MAX ? name_len : LOAD_FILE_NAME_MAX - 1u);
    load_write_kernels(ctx, &out, m, (gs_ptx_inst *)(void *)(a->base + mark));
    load_write_vars(ctx, &out, m);
    memmove(out.final, out.write, out.used);
    *result = (gs_ptx_module *)(void *)out.final;
    gs_arena_reset_to(a, mark + insts_bytes + gs_arena_round(out.used));
    return GS_OK;
}

gs_status gs_ptx_load(gs_arena *arena, const char *file_name, const char *text, size_t length,
                      gs_ptx_module **out, gs_diag *diag)
{
    return gs_ptx_load_with(arena, file_name, text, length, NULL, out, diag);
}

gs_status gs_ptx_load_with(gs_arena *arena, const char *file_name, const char *text,
                           size_t length, const gs_ptx_load_options *options,
                           gs_ptx_module **out, gs_diag *diag)
{
    ptx_ctx ctx;
    size_t mark = gs_arena_mark(arena), need;
    gs_status st;
    memset(&ctx, 0, sizeof ctx);
    ctx.arena = arena;
    ctx.diag = diag;
    ctx.file = file_name ? file_name : "";
    ctx.reuse_slots = !(options && options->no_slot_reuse);
    ctx.call_stack_depth = options && options->call_stack_depth ? options->call_stack_depth
                                                                : GS_PTX_CALL_DEPTH_DEFAULT;
    *out = NULL;
    st = gs_diag_check_text(diag, GS_E_PTX, ctx.file, text, length, "a PTX file");
    if (st != GS_OK)
        return st;
    ptx_caps_for_text(text, length, &ctx.caps);
    need = load_bytes_for_caps(&ctx.caps, length);
    if (gs_arena_remaining(arena) < need)
        return gs_diag_set(diag, GS_E_ARENA, ctx.file, 0, 0, "arena too small to load this "
                           "PTX: %zu bytes free, gs_ptx_bytes_for_text() = %zu",
                           gs_arena_remaining(arena), need);
    st = load_scratch(&ctx);
    ptx_lex_init(&ctx, text, length);
    if (st == GS_OK)
        st = ptx_parse_module(&ctx);
    if (st == GS_OK)
        st = ptx_link(&ctx);
    if (st == GS_OK)
        st = load_finish(&ctx, mark, out);
    if (st != GS_OK) {
        gs_arena_reset_to(arena, mark);
        *out = NULL;
    }
    return st;
}

const gs_ptx_kernel *gs_ptx_find_kernel(const gs_ptx_module *module, const char *name)
{
    uint32_t i;
    for (i = 0; i < module->num_kernels; i++)
        if (strcmp(module->kernels[i].name, name) == 0)
            return &module->kernels[i];
    return NULL;
}
