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
 *  - Function pointers: `mov %rd, f` gives f's address (ptx.h); an indirect
 *    call (`call (r), %rd, (a), prototype`) checks the callee's parameter
 *    layout when it runs, and a kernel that reaches one is linked with every
 *    function whose address the module takes.
 *  - Recursion: a kernel that can recurse or call indirectly is sized for
 *    the loader's call-stack depth; a call of a function already running on
 *    the warp saves the calling lanes' copy of its registers (exec_ctl.c).
 *  - printf: a direct call of vprintf, which nvcc's modules declare
 *    `.extern`, is gpusim's own (exec/devprintf.h): no body is linked, and
 *    the call keeps the offsets of its three parameters in the call area.
 *    Calls of any other function a module only declares are a load error
 *    naming it (gpusim links one module).
 */
#include "ptx/ptx_internal.h"

#include <string.h>

#define LINK_FRAME_ALIGN 16u   /* frames start 16-byte aligned, like .local depots */

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
    v->v.offset = ptx_align_up(*layout, v->v.align_bytes);
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
        return ptx_error(ctx, &ctx->tok, "expected the function to call");
    c->callee = ctx->tok;
    inst->num_operands = 1;
    inst->opd[0].reg = inst->opd[0].reg2 = inst->opd[0].symbol = GS_PTX_NONE;
    if (ctx->tok.text[0] == '%') {   /* through a function pointer */
        uint32_t sym = ptx_sym_register(ctx, &ctx->tok);
        c->kind = PTX_CALL_INDIRECT;
        inst->opd[0].kind = GS_PTX_OPD_REG;
        if (sym == GS_PTX_NONE || ctx->syms[sym].kind == PTX_SYM_PRED ||
            ctx->syms[sym].kind == PTX_SYM_PRED_RANGE)
            return ptx_error(ctx, &ctx->tok, "an indirect call needs a data register holding "
                             "the function's address, not '%s'",
                             ptx_tok_str(&ctx->tok, text, sizeof text));
        if ((st = ptx_register_slot(ctx, sym, &ctx->tok, &inst->opd[0].reg)) != GS_OK)
            return st;
    } else {
        inst->opd[0].kind = GS_PTX_OPD_LABEL;
        inst->opd[0].value = GS_PTX_NONE;
    }
    ptx_next(ctx);
    if (ptx_is_punct(&ctx->tok, ',') && ptx_is_punct(ptx_peek(ctx), '(')) {
        ptx_next(ctx);
        if ((st = call_list(ctx, &c->num_args, &layout)) != GS_OK)
            return st;
    }
    if (ptx_is_punct(&ctx->tok, ',')) {   /* the prototype (or target list) of an indirect call */
        ptx_next(ctx);
        if (c->kind != PTX_CALL_INDIRECT || ctx->tok.kind != PTX_TK_WORD)
            return ptx_error(ctx, &ctx->tok, "only an indirect call (through a register) "
                             "names a prototype");
        ptx_next(ctx);
    } else if (c->kind == PTX_CALL_INDIRECT) {
        return ptx_error(ctx, &ctx->tok, "an indirect call needs a .callprototype or "
                         ".calltargets label after its arguments");
    }
    if (layout > GS_PTX_LOCAL_BYTES_MAX)
        return ptx_error_status(ctx, GS_E_LIMIT, &c->callee, "a call passes %llu bytes of "
                                "parameters, above the %u of a thread's local memory",
                                (unsigned long long)layout, (unsigned)GS_PTX_LOCAL_BYTES_MAX);
    if (layout > ks->call_area_bytes)
        ks->call_area_bytes = (uint32_t)layout;
    ks->has_call = 1;
    ks->num_calls++;
    ctx->num_calls++;
    return ptx_expect(ctx, ';');
}

gs_status ptx_function_address(ptx_ctx *ctx, const ptx_tok *at, gs_ptx_operand *o,
                               uint32_t operand)
{
    ptx_call *c;
    if (ctx->num_calls >= ctx->caps.calls)
        return ptx_error_status(ctx, GS_E_LIMIT, at, "too many calls");
    c = &ctx->calls[ctx->num_calls++];
    memset(c, 0, sizeof *c);
    c->inst = ctx->num_insts;
    c->caller = ctx->cur_index;
    c->callee = *at;
    c->kind = PTX_CALL_ADDRESS;
    c->operand = (uint8_t)operand;
    c->first_arg = ctx->num_call_args;
    ctx->cur->num_calls++;
    o->kind = GS_PTX_OPD_IMM;   /* GS_PTX_FUNC_ADDR_BASE + index * STEP, at the link */
    o->value = 0;
    ptx_next(ctx);
    return GS_OK;
}

/* `.callprototype` describes an indirect call's parameters and `.calltargets`
 * lists its possible callees; gpusim checks the callee's parameter layout
 * against the call's own list when the call runs, so both are read and
 * skipped (decision). */
gs_status ptx_skip_call_directive(ptx_ctx *ctx)
{
    ptx_tok at = ctx->tok;
    while (!ptx_is_punct(&ctx->tok, ';')) {
        if (ctx->tok.kind == PTX_TK_EOF || ptx_is_punct(&ctx->tok, '}'))
            return ptx_error(ctx, &at, "unterminated %s (missing ';')",
                             ptx_is(&at, ".callprototype") ? ".callprototype" : ".calltargets");
        ptx_next(ctx);
    }
    ptx_next(ctx);
    return GS_OK;
}

/* ---- a body's frame ---- */

gs_status ptx_finish_frame(ptx_ctx *ctx, gs_ptx_kernel *kernel, gs_ptx_inst *insts)
{
    const ptx_kscratch *ks = ctx->cur;
    uint64_t area = kernel->local_bytes, frame;
    uint32_t i, j;
    if (ks->num_calls > 0)
        area = ptx_align_up(area, LINK_FRAME_ALIGN);
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

/* A parameter layout as one number (FNV-1a over the return count and each
 * parameter's size and offset): an indirect call checks its callee's
 * against its own when it runs (exec_ctl.c). */
static uint32_t link_hash(uint32_t h, uint64_t value)
{
    unsigned i;
    for (i = 0; i < 8u; i++) {
        h ^= (uint32_t)(value >> (8u * i)) & 0xFFu;
        h *= 16777619u;
    }
    return h;
}

static uint32_t link_call_signature(const ptx_ctx *ctx, const ptx_call *call)
{
    uint32_t h = link_hash(2166136261u, call->num_rets), i;
    for (i = 0; i < (uint32_t)call->num_rets + call->num_args; i++) {
        const gs_ptx_var *v = &ctx->vars[ctx->call_args[call->first_arg + i]].v;
        h = link_hash(link_hash(h, v->size_bytes), v->offset);
    }
    return h;
}

static uint32_t link_function_signature(const ptx_ctx *ctx, const ptx_kscratch *ks)
{
    uint32_t h = link_hash(2166136261u, ks->k.num_rets), i;
    for (i = 0; i < ks->k.num_params; i++) {
        const gs_ptx_param *p = &ctx->params[ks->first_param + i].p;
        h = link_hash(link_hash(h, p->size_bytes), p->offset);
    }
    return h;
}

/* A direct call's parameters must be its callee's: same count, sizes and
 * offsets (the call area is laid out as the callee's frame). */
static gs_status link_check_params(ptx_ctx *ctx, const ptx_call *call, const ptx_kscratch *f,
                                   const char *text)
{
    uint32_t i;
    if (call->num_rets != f->k.num_rets || call->num_rets + call->num_args != f->k.num_params)
        return ptx_error(ctx, &call->callee, "the call to '%s' passes %u return value(s) and "
                         "%u argument(s); the function takes %u and %u", text,
                         (unsigned)call->num_rets, (unsigned)call->num_args,
                         (unsigned)f->k.num_rets, (unsigned)(f->k.num_params - f->k.num_rets));
    for (i = 0; i < f->k.num_params; i++) {
        const gs_ptx_var *v = &ctx->vars[ctx->call_args[call->first_arg + i]].v;
        const gs_ptx_param *p = &ctx->params[f->first_param + i].p;
        if (v->size_bytes != p->size_bytes || v->offset != p->offset)
            return ptx_error(ctx, &call->callee, "%s %u of the call to '%s' has %llu bytes at "
                             "offset %llu of the parameter list; the function's has %u bytes "
                             "at offset %u", i < call->num_rets ? "return value" : "argument",
                             (unsigned)(i < call->num_rets ? i + 1u : i - call->num_rets + 1u),
                             text, (unsigned long long)v->size_bytes,
                             (unsigned long long)v->offset, (unsigned)p->size_bytes,
                             (unsigned)p->offset);
    }
    return GS_OK;
}

/* A call of vprintf: (.param .b32 ret), (.param .b64 format, .param .b64
 * args), as nvcc declares it; the return value may be left out. */
static gs_status link_vprintf(ptx_ctx *ctx, ptx_call *call, gs_ptx_inst *inst)
{
    const gs_ptx_var *v[3];
    uint32_t i, n = (uint32_t)call->num_rets + call->num_args;
    for (i = 0; i < n && i < 3u; i++)
        v[i] = &ctx->vars[ctx->call_args[call->first_arg + i]].v;
    if (call->num_rets > 1u || call->num_args != 2u ||
        (call->num_rets == 1u && v[0]->size_bytes != 4u) ||
        v[call->num_rets]->size_bytes != 8u || v[call->num_rets + 1u]->size_bytes != 8u)
        return ptx_error(ctx, &call->callee, "vprintf takes a 4-byte return value (which may "
                         "be left out) and two 8-byte arguments, the format's and the argument "
                         "buffer's addresses; this call passes %u and %u",
                         (unsigned)call->num_rets, (unsigned)call->num_args);
    call->kind = PTX_CALL_VPRINTF;
    call->target = GS_PTX_NONE;
    inst->opd[0].reg = GS_PTX_CALL_VPRINTF;
    inst->opd[1].value = (call->num_rets ? v[0]->offset : GS_PTX_VPRINTF_NO_RET) |
                         v[call->num_rets]->offset << 16 | v[call->num_rets + 1u]->offset << 32;
    return GS_OK;
}

/* Resolve each call and function address to its callee's kernel index. */
static gs_status link_resolve(ptx_ctx *ctx)
{
    uint32_t c;
    gs_status st;
    char text[80];
    for (c = 0; c < ctx->num_calls; c++) {
        ptx_call *call = &ctx->calls[c];
        gs_ptx_inst *inst = &ctx->insts[call->inst];
        uint32_t sym;
        const ptx_kscratch *callee;
        int is_vprintf, declared_only;
        call->target = GS_PTX_NONE;
        if (call->kind == PTX_CALL_INDIRECT) {
            inst->opd[1].value = link_call_signature(ctx, call);
            continue;
        }
        sym = ptx_sym_find(ctx, call->callee.text, call->callee.len);
        ptx_tok_str(&call->callee, text, sizeof text);
        is_vprintf = strcmp(text, "vprintf") == 0;
        declared_only = sym != GS_PTX_NONE && ctx->syms[sym].kind == PTX_SYM_FUNC_DECL;
        if (declared_only && is_vprintf && call->kind == PTX_CALL_DIRECT) {
            if ((st = link_vprintf(ctx, call, inst)) != GS_OK)
                return st;
            continue;
        }
        if (declared_only)
            return ptx_error(ctx, &call->callee, "%s '%s', which this module declares but "
                             "does not define%s", call->kind == PTX_CALL_ADDRESS ?
                             "the address of" : "call to", text, is_vprintf
                             ? " (only calls of vprintf are supported)"
                             : " (gpusim links one module)");
        if (sym == GS_PTX_NONE || ctx->syms[sym].kind != PTX_SYM_KERNEL)
            return ptx_error(ctx, &call->callee, "call to '%s', which is not a function of "
                             "this module", text);
        callee = &ctx->kernels[ctx->syms[sym].index];
        if (callee->k.is_entry)
            return ptx_error(ctx, &call->callee, "%s '%s', a kernel (.entry): only a .func can "
                             "be called", call->kind == PTX_CALL_ADDRESS ? "the address of" :
                             "call to", text);
        call->target = ctx->syms[sym].index;
        if (call->kind == PTX_CALL_ADDRESS) {
            inst->opd[call->operand].value =
                GS_PTX_FUNC_ADDR_BASE + (uint64_t)call->target * GS_PTX_FUNC_ADDR_STEP;
            continue;
        }
        if ((st = link_check_params(ctx, call, callee, text)) != GS_OK)
            return st;
        inst->opd[0].symbol = call->target;
        inst->opd[1].value = link_call_signature(ctx, call);
    }
    return GS_OK;
}

/* Per body, a depth-first walk of the call graph without recursion
 * (explicit stack): need = the bytes below its frame base that the deepest
 * chain of frames from it takes, levels = the frames of that chain below
 * it, recurse = a cycle or an indirect call is reachable from it. A taken
 * address is no edge: only an indirect call can use it, and a kernel that
 * reaches one is sized as one that may recurse. */
typedef struct link_walk {
    uint32_t *state;      /* per kernel: 0 new, 1 on the walk's path, 2 done */
    uint64_t *need;       /* per kernel, when done */
    uint32_t *levels;
    uint32_t *regs;       /* register storage of the chain: its own + its callees' */
    uint32_t *recurse;
    uint32_t *stack;      /* kernel indices on the path */
    uint32_t *next;       /* per path entry: next call to follow */
} link_walk;

/* The caller's frame holds the callee's chain from its call area. */
static void link_need_via(const ptx_ctx *ctx, link_walk *w, uint32_t caller, uint32_t callee)
{
    uint64_t via = (uint64_t)ctx->kernels[caller].k.call_area + w->need[callee];
    if (via > w->need[caller])
        w->need[caller] = via;
    if (w->levels[callee] + 1u > w->levels[caller])
        w->levels[caller] = w->levels[callee] + 1u;
    if (ctx->kernels[caller].k.num_reg_storage + w->regs[callee] > w->regs[caller])
        w->regs[caller] = ctx->kernels[caller].k.num_reg_storage + w->regs[callee];
    w->recurse[caller] |= w->recurse[callee];
}

static void link_enter(const ptx_ctx *ctx, link_walk *w, uint32_t k, uint32_t depth)
{
    w->state[k] = 1u;
    w->need[k] = ctx->kernels[k].k.frame_bytes;
    w->levels[k] = 0;
    w->regs[k] = ctx->kernels[k].k.num_reg_storage;
    w->recurse[k] = 0;
    w->stack[depth] = k;
    w->next[depth] = 0;
}

static void link_walk_from(const ptx_ctx *ctx, link_walk *w, uint32_t root)
{
    uint32_t depth = 1, i;
    if (w->state[root] == 2u)
        return;
    link_enter(ctx, w, root, 0);
    while (depth > 0) {
        uint32_t k = w->stack[depth - 1u];
        const ptx_kscratch *ks = &ctx->kernels[k];
        if (w->next[depth - 1u] < ks->num_calls) {
            const ptx_call *call = &ctx->calls[ks->first_call + w->next[depth - 1u]++];
            uint32_t g = call->target;
            if (call->kind == PTX_CALL_ADDRESS || call->kind == PTX_CALL_VPRINTF) {
                continue;   /* an address: only an indirect call, which marks `recurse`,
                             * can use it; vprintf: no body */
            } else if (call->kind == PTX_CALL_INDIRECT) {
                w->recurse[k] = 1u;
            } else if (w->state[g] == 1u) {   /* a cycle: recursion */
                for (i = 0; i < depth; i++)
                    w->recurse[w->stack[i]] = 1u;
            } else if (w->state[g] == 2u) {
                link_need_via(ctx, w, k, g);
            } else {
                link_enter(ctx, w, g, depth++);
            }
            continue;
        }
        w->state[k] = 2u;
        depth--;
        if (depth > 0)
            link_need_via(ctx, w, w->stack[depth - 1u], k);
    }
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
 * them (breadth first); where an indirect call is reachable, every function
 * whose address the module takes as well, in the order they are taken. */
static uint32_t link_reach(ptx_ctx *ctx, uint32_t root, uint32_t *list, uint32_t *seen)
{
    uint32_t n = 0, head = 0, k = root, c, i;
    int indirect = 0;
    for (;;) {
        const ptx_kscratch *ks = &ctx->kernels[k];
        for (c = 0; c < ks->num_calls; c++) {
            const ptx_call *call = &ctx->calls[ks->first_call + c];
            if (call->kind == PTX_CALL_INDIRECT && !indirect) {
                indirect = 1;
                for (i = 0; i < ctx->num_calls; i++) {
                    uint32_t g = ctx->calls[i].target;
                    if (ctx->calls[i].kind == PTX_CALL_ADDRESS && seen[g] != root + 1u) {
                        seen[g] = root + 1u;
                        list[n++] = g;
                    }
                }
            } else if (call->kind == PTX_CALL_DIRECT && seen[call->target] != root + 1u) {
                seen[call->target] = root + 1u;
                list[n++] = call->target;
            }
        }
        if (head == n)
            return n;
        k = list[head++];
    }
}

/* ---- .shared variables a function names ----
 * A function's .shared variables (its own, and the module-scope ones it
 * names) were placed in its own window while it was parsed; in each kernel
 * it is linked into they move to that kernel's window: a module-scope
 * variable the kernel uses too keeps the kernel's offset (one variable,
 * one place, as in CUDA), any other is appended to the kernel's static
 * window; dynamic (.extern) shared memory then starts after the grown
 * window, for the kernel's own operands and the functions' alike. */

static int link_is_shared_var(const gs_ptx_operand *o)
{
    return (o->kind == GS_PTX_OPD_ADDR || o->kind == GS_PTX_OPD_SYMBOL) &&
           o->space == GS_SPACE_SHARED && o->symbol != GS_PTX_NONE;
}

/* The offset of var in body k's own window (its placement record). */
static uint64_t link_body_offset(const ptx_ctx *ctx, uint32_t k, uint32_t var)
{
    const ptx_kscratch *ks = &ctx->kernels[k];
    uint32_t i;
    if (ctx->vars[var].v.kernel != GS_PTX_NONE)
        return ctx->vars[var].v.offset;
    for (i = 0; i < ks->num_places; i++)
        if (ctx->places[ks->first_place + i].var == var)
            return ctx->places[ks->first_place + i].offset;
    return 0;   /* not reached: a body places each module-scope variable it names */
}

/* Move the .extern shared operands of out[from, to) by `delta` bytes. */
static void link_extern_moved(const ptx_ctx *ctx, gs_ptx_inst *out, uint32_t from, uint32_t to,
                              uint64_t delta)
{
    uint32_t i, j;
    for (i = from; i < to; i++)
        for (j = 0; j < out[i].num_operands; j++)
            if (link_is_shared_var(&out[i].opd[j]) && ctx->vars[out[i].opd[j].symbol].v.is_extern)
                out[i].opd[j].value += delta;
}

static gs_status link_shared(ptx_ctx *ctx, uint32_t root, gs_ptx_inst *out, uint32_t n,
                             const gs_ptx_linked *table, uint64_t *kofs)
{
    const ptx_kscratch *ks = &ctx->kernels[root];
    gs_ptx_kernel *k = &ctx->kernels[root].k;
    uint64_t size = k->shared_static_bytes, base_old = ptx_extern_shared_base(size,
                                                                      k->dynamic_shared_align);
    uint32_t align = k->dynamic_shared_align, i, f, j;
    int dynamic = k->uses_dynamic_shared;
    if (n == 0)
        return GS_OK;
    for (i = 0; i < ks->num_places; i++)
        kofs[ctx->places[ks->first_place + i].var] = ctx->places[ks->first_place + i].offset;
    for (f = 0; f < n; f++) {   /* static variables: the kernel's offset, or a new one */
        const gs_ptx_kernel *fk = &ctx->kernels[table[f].function].k;
        for (i = table[f].start; i < table[f].start + fk->num_insts; i++)
            for (j = 0; j < out[i].num_operands; j++) {
                gs_ptx_operand *o = &out[i].opd[j];
                const gs_ptx_var *v;
                if (!link_is_shared_var(o) || ctx->vars[o->symbol].v.is_extern)
                    continue;
                v = &ctx->vars[o->symbol].v;
                if (kofs[o->symbol] == UINT64_MAX) {
                    kofs[o->symbol] = ptx_align_up(size, v->align_bytes);
                    size = kofs[o->symbol] + v->size_bytes;
                }
                o->value += kofs[o->symbol] - link_body_offset(ctx, table[f].function,
                                                               o->symbol);
            }
        if (fk->uses_dynamic_shared) {
            dynamic = 1;
            align = fk->dynamic_shared_align > align ? fk->dynamic_shared_align : align;
        }
    }
    if (size > 0xFFFFFFFFu)
        return gs_diag_set(ctx->diag, GS_E_LIMIT, ctx->file, k->line, 0, "the kernel's .shared "
                           "variables and its device functions' exceed 4 GiB");
    /* dynamic shared memory: after the grown window, in the kernel and each function */
    link_extern_moved(ctx, out, 0, table[0].start, ptx_extern_shared_base(size, align) - base_old);
    for (f = 0; f < n; f++) {
        const gs_ptx_kernel *fk = &ctx->kernels[table[f].function].k;
        link_extern_moved(ctx, out, table[f].start, table[f].start + fk->num_insts,
                          ptx_extern_shared_base(size, align) -
                              ptx_extern_shared_base(fk->shared_static_bytes,
                                                     fk->dynamic_shared_align));
    }
    for (i = 0; i < ctx->num_vars; i++)   /* the map back to empty for the next kernel */
        kofs[i] = UINT64_MAX;
    k->shared_static_bytes = (uint32_t)size;
    k->dynamic_shared_align = align;
    k->uses_dynamic_shared = (uint8_t)dynamic;
    return GS_OK;
}

/* Local memory of a kernel that may recurse (decision): call_stack_depth
 * levels of the largest linked frame (or of its own call area, if larger:
 * each frame starts inside its caller's call area), then as many levels of
 * register spill, where a call of a function already running on the warp saves the
 * calling lanes' copy of its registers (exec_ctl.c). */
static gs_status link_recursive_frames(ptx_ctx *ctx, gs_ptx_kernel *k, const uint32_t *list,
                                       uint32_t n)
{
    uint64_t frame = k->frame_bytes - k->call_area, spill = 0, local;   /* >= its call area */
    uint32_t i, depth = ctx->call_stack_depth;
    for (i = 0; i < n; i++) {
        const gs_ptx_kernel *f = &ctx->kernels[list[i]].k;
        uint64_t regs = (uint64_t)f->num_reg_storage * 8u + f->num_pred_slots;
        frame = f->frame_bytes > frame ? f->frame_bytes : frame;
        spill = regs > spill ? regs : spill;
    }
    spill = ptx_align_up(spill, 8u);
    local = ptx_align_up((uint64_t)k->call_area + depth * frame, 8u);
    k->spill_base = (uint32_t)(local <= GS_PTX_LOCAL_BYTES_MAX ? local : 0u);
    k->spill_bytes = (uint32_t)spill;
    local += depth * spill;
    if (local > GS_PTX_LOCAL_BYTES_MAX)
        return gs_diag_set(ctx->diag, GS_E_LIMIT, ctx->file, k->line, 0, "this kernel may "
                           "recurse: %u levels of calls (%s) need %llu bytes of local memory "
                           "per thread, above the %u a thread may have", (unsigned)depth,
                           GS_PTX_CALL_DEPTH_OPTION, (unsigned long long)local,
                           (unsigned)GS_PTX_LOCAL_BYTES_MAX);
    k->local_bytes = (uint32_t)local;
    k->call_depth = depth;
    k->may_recurse = 1;
    return GS_OK;
}

/* Frames start 16-byte aligned (LINK_FRAME_ALIGN): a linked function's
 * parameter or .local variable, or a call block's .param variable, that
 * needs more is refused (decision; nvcc's own are aligned to 16 at most). */
static gs_status link_check_alignment(ptx_ctx *ctx, uint32_t root, const uint32_t *list,
                                      uint32_t n)
{
    uint32_t i, v;
    char text[80];
    for (i = 0; i < n; i++) {
        const ptx_kscratch *fs = &ctx->kernels[list[i]];
        for (v = 0; v < fs->k.num_params; v++)
            if (ctx->params[fs->first_param + v].p.align_bytes > LINK_FRAME_ALIGN)
                return gs_diag_set(ctx->diag, GS_E_PTX, ctx->file, fs->k.line, 0,
                                   "unsupported: parameter '%s' of a called device function is "
                                   "aligned to %u bytes (call frames are 16-byte aligned)",
                                   link_name(ctx->params[fs->first_param + v].name,
                                             ctx->params[fs->first_param + v].name_len, text,
                                             sizeof text),
                                   (unsigned)ctx->params[fs->first_param + v].p.align_bytes);
    }
    for (v = 0; v < ctx->num_vars; v++) {
        const ptx_vscratch *var = &ctx->vars[v];
        int in_frame = var->v.space == GS_SPACE_PARAM && var->v.kernel == root;
        for (i = 0; i < n && !in_frame; i++)
            in_frame = var->v.kernel == list[i] && (var->v.space == GS_SPACE_PARAM ||
                                                   var->v.space == GS_SPACE_LOCAL);
        if (in_frame && var->v.align_bytes > LINK_FRAME_ALIGN)
            return gs_diag_set(ctx->diag, GS_E_PTX, ctx->file, var->v.line, 0,
                               "unsupported: '%s' is aligned to %u bytes, in a call frame "
                               "(call frames are 16-byte aligned)",
                               link_name(var->name, var->name_len, text, sizeof text),
                               (unsigned)var->v.align_bytes);
    }
    return GS_OK;
}

static gs_status link_kernel(ptx_ctx *ctx, uint32_t root, const link_walk *w, uint32_t *list,
                             uint32_t *seen, uint32_t *pos, uint64_t *kofs)
{
    ptx_kscratch *ks = &ctx->kernels[root];
    gs_ptx_kernel *k = &ks->k;
    uint32_t n = link_reach(ctx, root, list, seen), i, at, regs, preds, storage, own_storage;
    uint64_t total = k->num_insts + 1u;
    link_ranges r;
    gs_ptx_inst *out;
    gs_ptx_linked *table;
    gs_status st;
    regs = k->num_reg_slots;
    preds = k->num_pred_slots;
    storage = own_storage = k->num_reg_storage;
    if ((st = link_check_alignment(ctx, root, list, n)) != GS_OK)
        return st;
    for (i = 0; i < n; i++) {
        const gs_ptx_kernel *f = &ctx->kernels[list[i]].k;
        pos[list[i]] = i;
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
    table = ctx->linked_funcs ? ctx->linked_funcs + ctx->num_linked_funcs : NULL;   /* NULL: n = 0 */
    ks->linked_at = ctx->num_linked;
    ks->linked_funcs_at = ctx->num_linked_funcs;
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
        gs_ptx_linked *t = &table[i];
        t->function = list[i];
        t->start = at;
        t->reg_base = r.reg_storage;
        t->reg_count = fs->k.num_reg_storage;
        t->pred_base = r.pred;
        t->pred_count = fs->k.num_pred_slots;
        t->signature = link_function_signature(ctx, fs);
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
    if ((st = link_shared(ctx, root, out, n, table, kofs)) != GS_OK)
        return st;
    for (i = 0; i < at; i++)   /* a direct call names its callee's place in the table */
        if (out[i].op == GS_PTX_OP_CALL && out[i].opd[0].kind == GS_PTX_OPD_LABEL &&
            out[i].opd[0].reg == GS_PTX_CALL_VPRINTF) {
            k->printf_calls++;
        } else if (out[i].op == GS_PTX_OP_CALL && out[i].opd[0].kind == GS_PTX_OPD_LABEL) {
            out[i].opd[0].reg = pos[out[i].opd[0].symbol];
            out[i].target = table[out[i].opd[0].reg].start;
            out[i].opd[0].value = out[i].target;
        }
    ctx->num_linked += at;
    ctx->num_linked_funcs += n;
    k->num_insts = at;
    k->num_reg_slots = regs;
    k->num_pred_slots = preds;
    k->num_reg_storage = storage;
    k->num_funcs_linked = n;
    /* Occupancy counts what ptxas would allocate: the kernel's registers and
     * those of the deepest chain of calls, not every linked copy's (each
     * copy has its own here only so that calls need no saving). Where it may
     * recurse, the kernel's and its largest function's (the ABI saves the
     * rest on the stack). */
    k->occupancy_regs = w->regs[root];
    if (w->recurse[root]) {
        k->occupancy_regs = 0;
        for (i = 0; i < n; i++)
            if (ctx->kernels[list[i]].k.num_reg_storage > k->occupancy_regs)
                k->occupancy_regs = ctx->kernels[list[i]].k.num_reg_storage;
        k->occupancy_regs += own_storage;
        return link_recursive_frames(ctx, k, list, n);
    }
    if (w->need[root] > GS_PTX_LOCAL_BYTES_MAX)
        return gs_diag_set(ctx->diag, GS_E_LIMIT, ctx->file, k->line, 0, "the kernel's "
                           "deepest chain of call frames needs %llu bytes of local memory per "
                           "thread, above the %u a thread may have",
                           (unsigned long long)w->need[root], (unsigned)GS_PTX_LOCAL_BYTES_MAX);
    k->local_bytes = (uint32_t)w->need[root];
    k->call_depth = w->levels[root];
    return GS_OK;
}

gs_status ptx_link(ptx_ctx *ctx)
{
    size_t mark = gs_arena_mark(ctx->arena);
    uint32_t n = ctx->num_kernels, k;
    link_walk w;
    uint32_t *list, *seen, *pos;
    uint64_t *kofs;
    gs_status st = GS_OK;
    if (ctx->num_calls == 0)
        return GS_OK;
    if ((st = link_resolve(ctx)) != GS_OK)
        return st;
    for (k = 0; k < n && !(ctx->kernels[k].k.is_entry && ctx->kernels[k].has_call); k++)
        ;
    if (k == n)   /* no kernel calls (load_count sizes nothing for the link) */
        return GS_OK;
    w.state = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    w.need = (uint64_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint64_t));
    w.levels = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    w.regs = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    w.recurse = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    w.stack = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    w.next = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    list = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    seen = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    pos = (uint32_t *)gs_arena_alloc(ctx->arena, n * sizeof(uint32_t));
    kofs = (uint64_t *)gs_arena_alloc(ctx->arena, (ctx->num_vars + 1u) * sizeof(uint64_t));
    if (!w.state || !w.need || !w.levels || !w.regs || !w.recurse || !w.stack || !w.next || !list ||
        !seen || !pos || !kofs)
        return gs_diag_set(ctx->diag, GS_E_ARENA, ctx->file, 0, 0,
                           "arena too small to link this PTX");
    for (k = 0; k < n; k++) {
        w.state[k] = 0;
        seen[k] = 0;
    }
    for (k = 0; k < ctx->num_vars; k++)
        kofs[k] = UINT64_MAX;
    for (k = 0; k < n; k++)   /* from the kernels: unused .funcs are not walked */
        if (ctx->kernels[k].k.is_entry)
            link_walk_from(ctx, &w, k);
    for (k = 0; k < n && st == GS_OK; k++)   /* the kernels that call (as load_count counts) */
        if (ctx->kernels[k].k.is_entry && ctx->kernels[k].has_call)
            st = link_kernel(ctx, k, &w, list, seen, pos, kofs);
    gs_arena_reset_to(ctx->arena, mark);
    return st;
}
