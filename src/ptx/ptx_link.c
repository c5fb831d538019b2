/*
 * Device functions: `call`, call frames and the link of each kernel with
 * the .func bodies it calls (issue 22 item 1; PTX ISA 9.0 sections 5.1.6
 * "Parameter State Space", 7 "Abstracting the ABI" and 9.7.13.3 "call").
 *
 * The model (decisions; README "Device functions"):
 *  - Linking. Each .entry that calls gets its own instruction array: its
 *    code, then one copy of every .func it can reach, in the order its
 *    calls first name them, each followed by an implicit `ret`. A call's
 *    target is the callee's first instruction in that array, so the timing
 *    front end keeps pc = index * GS_PTX_INST_BYTES and its I-cache sees
 *    the callee's code at its own addresses. A kernel with no call keeps
 *    its own array: nothing about it changes.
 *  - Registers. Each linked copy gets its own range of register storage,
 *    predicate slots and scoreboard ids behind the kernel's, so the
 *    caller's registers survive a call untouched, as ptxas's callee-saved
 *    convention guarantees, and no call adds a false dependency.
 *  - Frames. A function's .param parameters and .local variables, and the
 *    arguments its call blocks declare, live in a per-thread frame in local
 *    memory: [parameters (return values first) | .local | call area]. A
 *    call block's .param variables are laid out in the call area exactly as
 *    the callee lays out its parameters, return values first (the loader
 *    checks they match), and the callee's frame starts at the caller's call
 *    area, so arguments are passed in place and nothing is copied. A
 *    kernel's frame starts at 0; its local memory holds the deepest chain
 *    of frames, computed here from the call graph.
 *  - Timing. ld/st.param of a frame is timed as a register move (ptxas
 *    passes parameters in registers), call and ret as branch-unit control
 *    instructions (ptx_cfg.c); a function's .local accesses are local
 *    memory accesses, as they are on the GPU.
 *  - Not yet: recursion (a cycle in the call graph), indirect calls through
 *    a register (function pointers, prototypes) and calls to functions the
 *    module only declares (vprintf, ...). Each is a load error naming it.
 */
#include "ptx/ptx_internal.h"

#include <string.h>

#define LINK_FRAME_ALIGN 16u   /* frames start 16-byte aligned, like .local depots */

static uint64_t link_align_up(uint64_t value, uint64_t align)
{
    return (value + align - 1u) / align * align;
}

/* A name from the text, NUL-terminated and shortened to fit. */
static const char *link_name(const char *name, uint32_t len, char *out, size_t capacity)
{
    ptx_tok t;
    memset(&t, 0, sizeof t);
    t.kind = PTX_TK_WORD;
    t.text = name;
    t.len = len;
    return ptx_tok_str(&t, out, capacity);
}

/* ---- parsing `call` ---- */

/* One name of a call's list: a .param variable of this body's call blocks,
 * laid out at *layout as the callee's parameter in that position. */
static gs_status call_param(ptx_ctx *ctx, uint64_t *layout)
{
    const ptx_tok *t = &ctx->tok;
    uint32_t sym = t->kind == PTX_TK_WORD ? ptx_sym_find(ctx, t->text, t->len) : GS_PTX_NONE;
    ptx_vscratch *v;
    char text[80];
    if (sym == GS_PTX_NONE || ctx->syms[sym].kind != PTX_SYM_VAR ||
        ctx->vars[ctx->syms[sym].index].v.space != GS_SPACE_PARAM ||
        ctx->vars[ctx->syms[sym].index].v.kernel != ctx->cur_index)
        return ptx_error(ctx, t, "'%s' is not a .param variable of this body (a call passes "
                         "the .param variables its call block declares)",
                         ptx_tok_str(t, text, sizeof text));
    v = &ctx->vars[ctx->syms[sym].index];
    if (v->v.offset != UINT64_MAX)
        return ptx_error(ctx, t, "'%s' is passed by two calls or twice by one",
                         ptx_tok_str(t, text, sizeof text));
    if (ctx->num_call_args >= ctx->caps.call_args)
        return ptx_error_status(ctx, GS_E_LIMIT, t, "too many call parameters");
    v->v.offset = link_align_up(*layout, v->v.align_bytes ? v->v.align_bytes : 1u);
    *layout = v->v.offset + v->v.size_bytes;
    ctx->call_args[ctx->num_call_args++] = ctx->syms[sym].index;
    ptx_next(ctx);
    return GS_OK;
}

/* "( a, b, ... )" */
static gs_status call_list(ptx_ctx *ctx, uint16_t *count, uint64_t *layout)
{
    gs_status st;
    *count = 0;
    if ((st = ptx_expect(ctx, '(')) != GS_OK)
        return st;
    while (!ptx_is_punct(&ctx->tok, ')')) {
        if (*count > 0 && (st = ptx_expect(ctx, ',')) != GS_OK)
            return st;
        if ((st = call_param(ctx, layout)) != GS_OK)
            return st;
        (*count)++;
    }
    ptx_next(ctx);
    return GS_OK;
}

/* call{.uni} (ret, ...), name, (arg, ...);   the two lists are optional */
gs_status ptx_parse_call(ptx_ctx *ctx, const ptx_tok *at, gs_ptx_inst *inst)
{
    ptx_kscratch *ks = ctx->cur;
    ptx_call *c;
    uint64_t layout = 0;
    gs_status st;
    char text[80];
    if (inst->type || inst->space || inst->vec > 1 || (inst->flags & ~GS_PTX_F_UNI) ||
        inst->rounding || inst->cache_op || inst->mode || inst->atom_op || inst->cmp)
        return ptx_error(ctx, at, "'call' takes no modifier but .uni");
    if (ctx->num_calls >= ctx->caps.calls)
        return ptx_error_status(ctx, GS_E_LIMIT, &ctx->tok, "too many calls");
    c = &ctx->calls[ctx->num_calls];
    memset(c, 0, sizeof *c);
    c->inst = ctx->num_insts;
    c->caller = ctx->cur_index;
    c->first_arg = ctx->num_call_args;
    if (ptx_is_punct(&ctx->tok, '(')) {
        if ((st = call_list(ctx, &c->num_rets, &layout)) != GS_OK ||
            (st = ptx_expect(ctx, ',')) != GS_OK)
            return st;
    }
    if (ctx->tok.kind != PTX_TK_WORD || ctx->tok.text[0] == '.')
        return ptx_error(ctx, &ctx->tok, "expected the name of the function to call");
    if (ctx->tok.text[0] == '%')
        return ptx_error(ctx, &ctx->tok, "unsupported indirect call through '%s' (function "
                         "pointers are not supported yet)",
                         ptx_tok_str(&ctx->tok, text, sizeof text));
    c->callee = ctx->tok;
    ptx_next(ctx);
    if (ptx_is_punct(&ctx->tok, ',')) {
        ptx_next(ctx);
        if ((st = call_list(ctx, &c->num_args, &layout)) != GS_OK)
            return st;
    }
    if (ptx_is_punct(&ctx->tok, ','))
        return ptx_error(ctx, &ctx->tok, "unsupported call with a prototype or target list "
                         "(indirect calls are not supported yet)");
    if (layout > GS_PTX_LOCAL_BYTES_MAX)
        return ptx_error_status(ctx, GS_E_LIMIT, &c->callee, "a call passes %llu bytes of "
                                "parameters, above the %u of a thread's local memory",
                                (unsigned long long)layout, (unsigned)GS_PTX_LOCAL_BYTES_MAX);
    if (layout > ks->call_area_bytes)
        ks->call_area_bytes = (uint32_t)layout;
    ks->num_calls++;
    ctx->num_calls++;
    inst->num_operands = 1;
    inst->opd[0].kind = GS_PTX_OPD_LABEL;
    inst->opd[0].reg = inst->opd[0].reg2 = inst->opd[0].symbol = GS_PTX_NONE;
    inst->opd[0].value = GS_PTX_NONE;
    return ptx_expect(ctx, ';');
}

/* ---- a body's frame ---- */

gs_status ptx_finish_frame(ptx_ctx *ctx, gs_ptx_kernel *kernel, gs_ptx_inst *insts)
{
    const ptx_kscratch *ks = ctx->cur;
    uint64_t area = kernel->local_bytes, frame;
    uint32_t i, j;
    if (ks->num_calls > 0)
        area = link_align_up(area, LINK_FRAME_ALIGN);
    frame = area + ks->call_area_bytes;
    if (frame > GS_PTX_LOCAL_BYTES_MAX)
        return gs_diag_set(ctx->diag, GS_E_LIMIT, ctx->file, kernel->line, 0, "the frame of "
                           "this body reaches %llu bytes per thread, above the %u a thread "
                           "may have (CUDA's local memory limit)", (unsigned long long)frame,
                           (unsigned)GS_PTX_LOCAL_BYTES_MAX);
    kernel->call_area = (uint32_t)area;
    kernel->frame_bytes = (uint32_t)frame;
    kernel->local_bytes = (uint32_t)frame;
    for (i = 0; i < kernel->num_insts; i++) {
        gs_ptx_inst *inst = &insts[i];
        if (inst->op == GS_PTX_OP_CALL)
            inst->reconv = (uint32_t)area;
        for (j = 0; j < inst->num_operands; j++) {
            gs_ptx_operand *o = &inst->opd[j];
            const ptx_vscratch *v;
            if (o->kind == GS_PTX_OPD_SYMBOL && o->space == GS_SPACE_PARAM &&
                (o->call_param || !kernel->is_entry))
                return gs_diag_set(ctx->diag, GS_E_PTX, ctx->file, inst->line, 0,
                                   "unsupported: taking the address of a call-frame .param "
                                   "(a device function's parameter or a call block's)");
            if (!o->call_param)
                continue;
            v = &ctx->vars[o->symbol];
            if (v->v.offset == UINT64_MAX) {
                char name[80];
                return gs_diag_set(ctx->diag, GS_E_PTX, ctx->file, inst->line, 0,
                                   "'.param %s' is used, but no call passes it",
                                   link_name(v->name, v->name_len, name, sizeof name));
            }
            o->value += area + v->v.offset;
            o->call_param = 0;
        }
    }
    return GS_OK;
}

/* ---- the link ---- */

/* Resolve each call to its callee's kernel index and check that the call
 * block's parameters are the callee's: same count, sizes and offsets. */
static gs_status link_resolve(ptx_ctx *ctx)
{
    uint32_t c, i;
    char text[80];
    for (c = 0; c < ctx->num_calls; c++) {
        const ptx_call *call = &ctx->calls[c];
        uint32_t sym = ptx_sym_find(ctx, call->callee.text, call->callee.len);
        const ptx_kscratch *callee;
        ptx_tok_str(&call->callee, text, sizeof text);
        if (sym != GS_PTX_NONE && ctx->syms[sym].kind == PTX_SYM_FUNC_DECL)
            return ptx_error(ctx, &call->callee, "call to '%s', which this module declares "
                             "but does not define%s", text, strcmp(text, "vprintf") == 0
                             ? " (printf is not supported yet)" : " (gpusim links one module)");
        if (sym == GS_PTX_NONE || ctx->syms[sym].kind != PTX_SYM_KERNEL)
            return ptx_error(ctx, &call->callee, "call to '%s', which is not a function of "
                             "this module", text);
        callee = &ctx->kernels[ctx->syms[sym].index];
        if (callee->k.is_entry)
            return ptx_error(ctx, &call->callee, "call to '%s', a kernel (.entry): only a "
                             ".func can be called", text);
        if (call->num_rets != callee->k.num_rets ||
            call->num_rets + call->num_args != callee->k.num_params)
            return ptx_error(ctx, &call->callee, "the call to '%s' passes %u return value(s) "
                             "and %u argument(s); the function takes %u and %u", text,
                             (unsigned)call->num_rets, (unsigned)call->num_args,
                             (unsigned)callee->k.num_rets,
                             (unsigned)(callee->k.num_params - callee->k.num_rets));
        for (i = 0; i < callee->k.num_params; i++) {
            const gs_ptx_var *v = &ctx->vars[ctx->call_args[call->first_arg + i]].v;
            const gs_ptx_param *p = &ctx->params[callee->first_param + i].p;
            if (v->size_bytes != p->size_bytes || v->offset != p->offset)
                return ptx_error(ctx, &call->callee, "%s %u of the call to '%s' has %llu "
                                 "bytes at offset %llu of the parameter list; the function's "
                                 "has %u bytes at offset %u", i < call->num_rets ?
                                 "return value" : "argument", (unsigned)(i < call->num_rets ?
                                 i + 1u : i - call->num_rets + 1u), text,
                                 (unsigned long long)v->size_bytes,
                                 (unsigned long long)v->offset, (unsigned)p->size_bytes,
                                 (unsigned)p->offset);
        }
        ctx->insts[call->inst].opd[0].symbol = ctx->syms[sym].index;
    }
    return GS_OK;
}

/* Per body: the bytes below its frame base that the deepest chain of calls
 * from it needs (need), found by a depth-first walk of the call graph
 * without recursion (explicit stack); a cycle is refused. */
typedef struct link_walk {
    uint32_t *state;      /* per kernel: 0 new, 1 on the walk's path, 2 done */
    uint64_t *need;       /* per kernel, when done */
    uint32_t *stack;      /* kernel indices on the path */
    uint32_t *next;       /* per path entry: next call to follow */
} link_walk;

static gs_status link_cycle(ptx_ctx *ctx, const ptx_call *call)
{
    char text[80], caller[80];
    const ptx_kscratch *ks = &ctx->kernels[call->caller];
    link_name(ks->name, ks->name_len, caller, sizeof caller);
    return ptx_error(ctx, &call->callee, "unsupported recursion: '%s' calls '%s', which is "
                     "already on this call path (recursive device functions are not "
                     "supported yet)", caller, ptx_tok_str(&call->callee, text, sizeof text));
}

/* The caller's frame holds the callee's chain from its call area. */
static void link_need_via(const ptx_ctx *ctx, link_walk *w, uint32_t caller, uint32_t callee)
{
    uint64_t via = (uint64_t)ctx->kernels[caller].k.call_area + w->need[callee];
    if (via > w->need[caller])
        w->need[caller] = via;
}

static gs_status link_need(ptx_ctx *ctx, link_walk *w, uint32_t root)
{
    uint32_t depth = 0;
    if (w->state[root] == 2u)
        return GS_OK;
    w->stack[0] = root;
    w->next[0] = 0;
    w->state[root] = 1u;
    w->need[root] = ctx->kernels[root].k.frame_bytes;
    depth = 1;
    while (depth > 0) {
        uint32_t k = w->stack[depth - 1u];
        const ptx_kscratch *ks = &ctx->kernels[k];
        if (w->next[depth - 1u] < ks->num_calls) {
            const ptx_call *call = &ctx->calls[ks->first_call + w->next[depth - 1u]++];
            uint32_t g = ctx->insts[call->inst].opd[0].symbol;
            if (w->state[g] == 1u)
                return link_cycle(ctx, call);
            if (w->state[g] == 2u) {
                link_need_via(ctx, w, k, g);
                continue;
            }
            w->state[g] = 1u;
            w->need[g] = ctx->kernels[g].k.frame_bytes;
            w->stack[depth] = g;
            w->next[depth] = 0;
            depth++;
            continue;
        }
        w->state[k] = 2u;
        depth--;
        if (depth > 0)
            link_need_via(ctx, w, w->stack[depth - 1u], k);
    }
    return GS_OK;
}

/* Copy one body into the linked array at `at`, moving its registers,
 * predicates and scoreboard ids into the ranges the link gave it. */
typedef struct link_ranges {
    uint32_t reg_storage, pred, reg_sb, pred_sb;   /* bases of this copy */
    uint32_t own_reg_slots;                        /* the body's own data slots */
} link_ranges;

static void link_operand(gs_ptx_operand *o, const link_ranges *r)
{
    unsigned i;
    switch (o->kind) {
    case GS_PTX_OPD_REG:
        if (o->reg != GS_PTX_REG_SINK)
            o->reg += r->reg_storage;
        if (o->reg2 != GS_PTX_NONE)   /* shfl's predicate, .cc's carry flag */
            o->reg2 += r->pred;
        break;
    case GS_PTX_OPD_PRED:
        o->reg += r->pred;
        if (o->reg2 != GS_PTX_NONE)
            o->reg2 += r->pred;
        break;
    case GS_PTX_OPD_ADDR:
        if (o->base == GS_PTX_BASE_REG)
            o->reg += r->reg_storage;
        break;
    case GS_PTX_OPD_VEC:
        for (i = 0; i < o->vec_count; i++)
            if (o->vec[i] != GS_PTX_REG_SINK)
                o->vec[i] += r->reg_storage;
        break;
    default:
        break;
    }
}

static uint16_t link_sb(uint16_t id, const link_ranges *r)
{
    return (uint16_t)(id < r->own_reg_slots ? id + r->reg_sb
                                            : id - r->own_reg_slots + r->pred_sb);
}

static void link_copy(gs_ptx_inst *out, const gs_ptx_inst *in, uint32_t n, uint32_t at,
                      const link_ranges *r)
{
    uint32_t i, j;
    for (i = 0; i < n; i++) {
        gs_ptx_inst *inst = &out[i];
        *inst = in[i];
        if (inst->op == GS_PTX_OP_BRA) {
            inst->target += at;
            inst->opd[0].value = inst->target;
            if (inst->reconv != GS_PTX_PC_EXIT)
                inst->reconv += at;
        }
        if (inst->guard != GS_PTX_NONE)
            inst->guard += r->pred;
        for (j = 0; j < inst->num_operands; j++)
            link_operand(&inst->opd[j], r);
        for (j = 0; j < inst->num_sb_dst; j++)
            inst->sb_dst[j] = link_sb(inst->sb_dst[j], r);
        for (j = 0; j < inst->num_sb_src; j++)
            inst->sb_src[j] = link_sb(inst->sb_src[j], r);
    }
}

/* The `ret` after each linked body: a label at the body's end, or code that
 * runs off it, returns (or exits, in the kernel) rather than running into
 * the next body. */
static void link_ret(gs_ptx_inst *inst, uint32_t line)
{
    memset(inst, 0, sizeof *inst);
    inst->op = GS_PTX_OP_RET;
    inst->vec = 1;
    inst->guard = inst->target = inst->reconv = GS_PTX_NONE;
    inst->line = line;
    ptx_classify(inst);
}

/* The functions kernel `root` reaches, in the order its calls first name
 * them (breadth first): written to list, their count returned. */
static uint32_t link_reach(ptx_ctx *ctx, uint32_t root, uint32_t *list, uint32_t *seen)
{
    uint32_t n = 0, head = 0, k = root, c;
    for (;;) {
        const ptx_kscratch *ks = &ctx->kernels[k];
        for (c = 0; c < ks->num_calls; c++) {
            uint32_t g = ctx->insts[ctx->calls[ks->first_call + c].inst].opd[0].symbol;
            if (seen[g] != root + 1u) {
                seen[g] = root + 1u;
                list[n++] = g;
            }
        }
        if (head == n)
            return n;
        k = list[head++];
    }
}

static gs_status link_kernel(ptx_ctx *ctx, uint32_t root, const link_walk *w, uint32_t *list,
                             uint32_t *seen, uint32_t *start)
{
    ptx_kscratch *ks = &ctx->kernels[root];
    gs_ptx_kernel *k = &ks->k;
    uint32_t n = link_reach(ctx, root, list, seen), i, at, regs, preds, storage;
    uint64_t total = k->num_insts + 1u;
    link_ranges r;
    gs_ptx_inst *out;
    regs = k->num_reg_slots;
    preds = k->num_pred_slots;
    storage = k->num_reg_storage;
    for (i = 0; i < n; i++) {
        const gs_ptx_kernel *f = &ctx->kernels[list[i]].k;
        start[list[i]] = (uint32_t)total;
        total += f->num_insts + 1u;
        regs += f->num_reg_slots;
        preds += f->num_pred_slots;
        storage += f->num_reg_storage;
    }
    if (regs > GS_PTX_MAX_SLOTS || preds > GS_PTX_MAX_SLOTS || total > GS_PTX_MAX_INSTS)
        return gs_diag_set(ctx->diag, GS_E_LIMIT, ctx->file, k->line, 0, "kernel linked with "
                           "its device functions uses %lu registers, %lu predicates and %llu "
                           "instructions (at most %u, %u and %u)", (unsigned long)regs,
                           (unsigned long)preds, (unsigned long long)total,
                           GS_PTX_MAX_SLOTS, GS_PTX_MAX_SLOTS, GS_PTX_MAX_INSTS);
    if (ctx->num_linked + total > ctx->caps.linked_insts)   /* only at the limit */
        return gs_diag_set(ctx->diag, GS_E_LIMIT, ctx->file, k->line, 0, "the module's "
                           "kernels linked with their device functions exceed %u "
                           "instructions (GS_PTX_MAX_LINKED_INSTS)", GS_PTX_MAX_LINKED_INSTS);
    out = ctx->linked + ctx->num_linked;
    ks->linked_at = ctx->num_linked;
    /* the kernel itself: registers stay, predicates' ids move behind all data ids */
    r.reg_storage = 0;
    r.pred = 0;
    r.reg_sb = 0;
    r.pred_sb = regs;
    r.own_reg_slots = k->num_reg_slots;
    link_copy(out, ctx->insts + ks->first_inst, k->num_insts, 0, &r);
    link_ret(&out[k->num_insts], k->line);
    at = k->num_insts + 1u;
    r.reg_storage = k->num_reg_storage;
    r.pred = k->num_pred_slots;
    r.reg_sb = k->num_reg_slots;
    r.pred_sb = regs + k->num_pred_slots;
    for (i = 0; i < n; i++) {
        const ptx_kscratch *fs = &ctx->kernels[list[i]];
        r.own_reg_slots = fs->k.num_reg_slots;
        link_copy(out + at, ctx->insts + fs->first_inst, fs->k.num_insts, at, &r);
        link_ret(&out[at + fs->k.num_insts], fs->k.line);
        at += fs->k.num_insts + 1u;
        r.reg_storage += fs->k.num_reg_storage;
        r.pred += fs->k.num_pred_slots;
        r.reg_sb += fs->k.num_reg_slots;
        r.pred_sb += fs->k.num_pred_slots;
        k->num_branches += fs->k.num_branches;
    }
    for (i = 0; i < at; i++)
        if (out[i].op == GS_PTX_OP_CALL) {
            out[i].target = start[out[i].opd[0].symbol];
            out[i].opd[0].value = out[i].target;
        }
    ctx->num_linked += at;
    k->num_insts = at;
    k->num_reg_slots = regs;
    k->num_pred_slots = preds;
    k->num_reg_storage = storage;
    k->num_funcs_linked = n;
    k->local_bytes = (uint32_t)w->need[root];
    return GS_OK;
}

gs_status ptx_link(ptx_ctx *ctx)
{
    size_t mark = gs_arena_mark(ctx->arena);
    uint32_t n = ctx->num_kernels, k;
    link_walk w;
    uint32_t *list, *seen, *start;
    gs_status st;
    if (ctx->num_calls == 0)
        return GS_OK;
    if ((st = link_resolve(ctx)) != GS_OK)
        return st;
    w.state = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    w.need = (uint64_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint64_t));
    w.stack = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    w.next = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    list = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    seen = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    start = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    if (!w.state || !w.need || !w.stack || !w.next || !list || !seen || !start)
        return gs_diag_set(ctx->diag, GS_E_ARENA, ctx->file, 0, 0,
                           "arena too small to link this PTX");
    for (k = 0; k < n; k++) {
        w.state[k] = 0;
        seen[k] = 0;
    }
    for (k = 0; k < n && st == GS_OK; k++)   /* from the kernels: unused .funcs are not walked */
        if (ctx->kernels[k].k.is_entry)
            st = link_need(ctx, &w, k);
    for (k = 0; k < n && st == GS_OK; k++) {
        if (!ctx->kernels[k].k.is_entry || ctx->kernels[k].num_calls == 0)
            continue;
        if (w.need[k] > GS_PTX_LOCAL_BYTES_MAX)
            st = gs_diag_set(ctx->diag, GS_E_LIMIT, ctx->file, ctx->kernels[k].k.line, 0,
                             "the kernel's deepest chain of call frames needs %llu bytes of "
                             "local memory per thread, above the %u a thread may have",
                             (unsigned long long)w.need[k], (unsigned)GS_PTX_LOCAL_BYTES_MAX);
        else
            st = link_kernel(ctx, k, &w, list, seen, start);
    }
    gs_arena_reset_to(ctx->arena, mark);
    return st;
}
