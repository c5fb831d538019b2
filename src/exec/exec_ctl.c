/*
 * Control flow, barriers and warp-level instructions of the functional
 * executor: bra (through the PDOM SIMT stack, seed-004 section 1.2.4),
 * exit/ret, bar.sync / bar.arrive / bar.red (PTX ISA "bar, barrier"), vote,
 * activemask and shfl (.sync forms with member masks).
 *
 * Barriers (decisions): a barrier counts warps, as the hardware does (PTX:
 * "barriers are executed on a per-warp basis"); a thread count b expects
 * ceil(b / 32) warps, no count expects every warp of the CTA that has not
 * exited (exited warps count as arrived, so a CTA whose early warps exit
 * does not deadlock). bar.sync and bar.red wait, bar.arrive does not. A
 * predicated-off barrier is not executed. vote/shfl consider the active
 * lanes that are also in the member mask; a shfl source lane outside them
 * reads that lane's register as it stands (PTX: undefined).
 */
#include "exec/exec_int.h"

#include "base/fmt.h"

#include <string.h>

/* ---- branch and exit ---- */

void gs_exec_branch(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    gs_simt_branch(&x->warp->stack, x->active, inst->target, x->pc + 1u, inst->reconv);
    x->stack_done = 1;
}

void gs_exec_calls_unwind(gs_exec_warp *warp)
{
    while (warp->num_calls > 0 &&
           warp->calls[warp->num_calls - 1u].simt_depth > warp->stack.depth) {
        warp->num_calls--;
        warp->frame_base = warp->calls[warp->num_calls].caller_frame;
    }
}

/* ---- device-function calls (ptx_link.c has the model) ----
 * call: the caller's entry resumes after the call; the calling lanes get
 * a new entry at the callee's first instruction with no reconvergence
 * point, and the callee's frame starts at the caller's call area (the
 * instruction's reconv field). ret inside a function: its lanes leave the
 * entries the call pushed (as exit leaves all of them); when the last has
 * left, the callee's entry pops and the caller's entry runs on.
 * An indirect call whose lanes hold different addresses calls them one at
 * a time, lowest lane's first: the other lanes wait in an entry that runs
 * the call again when the first callee has returned (as a GPU serialises a
 * divergent indirect call). A call of a function already running on the
 * warp (recursion) saves the calling lanes' copy of its registers on the
 * kernel's spill stack and its ret restores them (ptx_link.c sizes it). */

/* The lanes' copies of a linked function's registers and predicates, saved
 * to (save = 1) or restored from level `level` of the spill stack. */
static void spill(gs_x *x, const gs_ptx_linked *f, uint32_t level, uint32_t lanes, int save)
{
    gs_exec_cta *cta = x->cta;
    const gs_ptx_kernel *k = cta->kernel;
    uint32_t lane, i;
    GS_FOR_LANES(lane, lanes) {
        uint64_t thread = (uint64_t)x->warp_index * GS_LANES + lane;
        uint8_t *p = cta->local + thread * cta->local_bytes + k->spill_base +
                     (uint64_t)level * k->spill_bytes;
        for (i = 0; i < f->reg_count; i++) {
            uint64_t *r = &gs_x_row(x, f->reg_base + i)[lane];
            if (save)
                gs_le_store(p + 8u * i, 8u, *r);
            else
                *r = gs_le_load(p + 8u * i, 8u);
        }
        p += 8u * f->reg_count;
        for (i = 0; i < f->pred_count; i++) {
            uint32_t *m = &x->preds[f->pred_base + i];
            if (save)
                p[i] = (uint8_t)((*m >> lane) & 1u);
            else
                *m = (*m & ~(1u << lane)) | ((uint32_t)(p[i] & 1u) << lane);
        }
    }
}

/* Call linked function `j` with `lanes`; `again` lanes run the call again
 * once it returns (an indirect call's other targets). */
static void call_function(gs_x *x, uint32_t j, uint32_t lanes, uint32_t again)
{
    gs_exec_warp *warp = x->warp;
    const gs_ptx_kernel *k = x->cta->kernel;
    gs_simt_stack *stack = &warp->stack;
    gs_exec_call *call;
    uint32_t i, spilled = 0;
    char what[160];
    if (warp->num_calls >= k->call_depth) {
        gs_fmt(what, sizeof what, "device-function calls nest deeper than %u levels; raise %s",
               (unsigned)k->call_depth, GS_PTX_CALL_DEPTH_OPTION);
        gs_x_fault(x, GS_E_LIMIT, what);
        return;
    }
    for (i = 0; k->may_recurse && i < warp->num_calls; i++)
        spilled |= (warp->calls[i].function & ~GS_EXEC_CALL_SPILLED) == j;
    gs_simt_call(stack, lanes, k->linked[j].start, x->pc + 1u, again);
    x->stack_done = 1;
    if (stack->overflowed)
        return;   /* reported by the step: the run stops */
    if (spilled)
        spill(x, &k->linked[j], warp->num_calls, lanes, 1);
    call = &warp->calls[warp->num_calls++];
    call->simt_depth = stack->depth;
    call->function = (uint16_t)(j | (spilled ? GS_EXEC_CALL_SPILLED : 0u));
    call->caller_frame = warp->frame_base;
    warp->frame_base += x->inst->reconv;
}

/* The linked function at a function address (GS_PTX_FUNC_ADDR_BASE), or
 * GS_PTX_NONE with the fault recorded. */
static uint32_t indirect_target(gs_x *x, uint64_t address)
{
    const gs_ptx_kernel *k = x->cta->kernel;
    const gs_ptx_module *m = x->cta->launch->module;
    uint64_t index = (address - GS_PTX_FUNC_ADDR_BASE) / GS_PTX_FUNC_ADDR_STEP;
    char what[200], shown[GS_NAME_SHOWN];
    uint32_t j;
    if (address < GS_PTX_FUNC_ADDR_BASE || (address - GS_PTX_FUNC_ADDR_BASE) %
        GS_PTX_FUNC_ADDR_STEP != 0u || index >= m->num_kernels) {
        gs_fmt(what, sizeof what, "indirect call through 0x%llx, which is not a device "
               "function's address", (unsigned long long)address);
        gs_x_fault(x, GS_E_PTX, what);
        return GS_PTX_NONE;
    }
    gs_str_elide(shown, sizeof shown, m->kernels[index].name);
    for (j = 0; j < k->num_funcs_linked && k->linked[j].function != index; j++)
        ;
    if (j == k->num_funcs_linked) {   /* the link links every function whose address is taken */
        gs_fmt(what, sizeof what, "indirect call through 0x%llx: %s is not linked into this "
               "kernel", (unsigned long long)address, shown);
        gs_x_fault(x, GS_E_PTX, what);
        return GS_PTX_NONE;
    }
    if (k->linked[j].signature != (uint32_t)x->inst->opd[1].value) {
        gs_fmt(what, sizeof what, "indirect call through 0x%llx: the call's parameter list "
               "does not match the parameters of %s", (unsigned long long)address, shown);
        gs_x_fault(x, GS_E_PTX, what);
        return GS_PTX_NONE;
    }
    return j;
}

/* ---- vprintf (devprintf.h) ----
 * Each calling lane, lowest first, formats its call into the launch's
 * printf buffer, reading the format, the arguments and %s strings as that
 * lane (a bad address is the usual access error), and gets the number of
 * arguments read (or -1 for a null format) as its return value. The call
 * pushes nothing: the warp runs on after it. Timing (decision): the call is
 * one branch-unit instruction, as any call; the handler's own instructions
 * and its writes to the FIFO are not modelled (README "printf"). */

typedef struct lane_reader {
    gs_x *x;
    uint32_t lane;
} lane_reader;

static int read_as_lane(void *context, uint64_t address, unsigned bytes, uint64_t *value)
{
    lane_reader *r = (lane_reader *)context;
    return gs_x_load_lane(r->x, r->lane, GS_SPACE_NONE, address, bytes, value);
}

static void call_vprintf(gs_x *x)
{
    const gs_exec_cta *cta = x->cta;
    const gs_exec_launch *launch = cta->launch;
    gs_devprintf_buffer *buffer = launch->printf_buffer;
    uint64_t layout = x->inst->opd[1].value;
    uint64_t area = (uint64_t)x->warp->frame_base + x->inst->reconv;
    uint64_t block = cta->ctaid.x + (uint64_t)launch->grid.x *
                                        (cta->ctaid.y + (uint64_t)launch->grid.y * cta->ctaid.z);
    uint32_t ret = (uint32_t)(layout & 0xFFFFu), lane;
    lane_reader reader;
    reader.x = x;
    GS_FOR_LANES(lane, x->active) {
        uint64_t format, args;
        uint32_t room = 0, length;
        char *text = buffer ? gs_devprintf_text_at(buffer, &room) : NULL;
        int full, n;
        if (!gs_x_load_lane(x, lane, GS_SPACE_LOCAL, area + ((layout >> 16) & 0xFFFFu), 8u,
                            &format) ||
            !gs_x_load_lane(x, lane, GS_SPACE_LOCAL, area + ((layout >> 32) & 0xFFFFu), 8u,
                            &args))
            return;
        reader.lane = lane;
        n = gs_devprintf_format(format, args, read_as_lane, &reader, text, room, &length, &full);
        if (n == GS_DEVPRINTF_FAULT)
            return;   /* the read recorded the fault: the run stops */
        if (buffer && full)
            buffer->dropped++;   /* dropped whole: it did not fit what was left */
        else if (buffer)
            gs_devprintf_commit(buffer, block, x->warp_index * GS_LANES + lane, length);
        if (ret != GS_PTX_VPRINTF_NO_RET &&
            !gs_x_store_lane(x, lane, GS_SPACE_LOCAL, area + ret, 4u, (uint64_t)(uint32_t)n))
            return;
    }
}

void gs_exec_call_inst(gs_x *x)
{
    uint64_t scratch[GS_LANES];
    const uint64_t *address;
    uint32_t lane, first = 0, same = 0, j;
    if (!x->active)
        return;   /* no lane calls: the stack advances as for any instruction */
    if (x->inst->opd[0].kind != GS_PTX_OPD_REG && x->inst->opd[0].reg == GS_PTX_CALL_VPRINTF) {
        call_vprintf(x);
        return;
    }
    if (x->inst->opd[0].kind != GS_PTX_OPD_REG) {
        call_function(x, x->inst->opd[0].reg, x->active, 0);
        return;
    }
    address = gs_x_src(x, &x->inst->opd[0], scratch);
    while (!((x->active >> first) & 1u))
        first++;
    GS_FOR_LANES(lane, x->active)
        same |= (uint32_t)(address[lane] == address[first]) << lane;
    if ((j = indirect_target(x, address[first])) != GS_PTX_NONE)
        call_function(x, j, same, x->active & ~same);
}

static void function_return(gs_x *x)
{
    gs_exec_warp *warp = x->warp;
    const gs_exec_call *call = &warp->calls[warp->num_calls - 1u];
    if (call->function & GS_EXEC_CALL_SPILLED)
        spill(x, &x->cta->kernel->linked[call->function & ~GS_EXEC_CALL_SPILLED],
              warp->num_calls - 1u, x->active, 0);
    gs_simt_return(&warp->stack, x->active, (uint16_t)(call->simt_depth - 1u), x->pc + 1u);
    gs_exec_calls_unwind(warp);
    x->returned = 1;   /* a ret in a function is a branch, even one no lane takes */
}

void gs_exec_exit(gs_x *x)
{
    if (x->inst->op == GS_PTX_OP_RET && x->warp->num_calls > 0)
        function_return(x);
    else {
        gs_simt_exit(&x->warp->stack, x->active, x->pc + 1u);
        gs_exec_calls_unwind(x->warp);
    }
    x->stack_done = 1;
}

/* ---- barriers ---- */

/* An operand's value in the first active lane (barrier id, counts, masks). */
static uint64_t uniform_value(gs_x *x, const gs_ptx_operand *opd)
{
    uint64_t scratch[GS_LANES];
    const uint64_t *v;
    unsigned lane;
    if (opd->kind == GS_PTX_OPD_IMM)
        return opd->value;
    v = gs_x_src(x, opd, scratch);
    GS_FOR_LANES(lane, x->active)
        return v[lane];
    return 0;
}

static void release(gs_exec_cta *cta, uint32_t id)
{
    gs_exec_barrier *bar = &cta->barriers[id];
    uint32_t w;
    for (w = 0; w < cta->num_warps; w++) {
        gs_exec_warp *warp = &cta->warps[w];
        if (warp->state != GS_WARP_BARRIER || warp->barrier_id != id)
            continue;
        warp->state = GS_WARP_READY;
        if (warp->red_kind == GS_PTX_BOOL_NONE)
            continue;
        if (warp->red_kind == 0xFFu) {   /* bar.red.popc: u32 register */
            uint64_t *row = cta->regs + ((size_t)w * cta->reg_slots + warp->red_dst) * GS_LANES;
            unsigned lane;
            GS_FOR_LANES(lane, warp->red_mask)
                row[lane] = bar->popc;
        } else {
            uint32_t *pred = &cta->preds[(size_t)w * cta->pred_slots + warp->red_dst];
            int value = warp->red_kind == GS_PTX_BOOL_AND ? bar->all_true : bar->any_true;
            *pred = (*pred & ~warp->red_mask) | (value ? warp->red_mask : 0u);
        }
        warp->red_kind = GS_PTX_BOOL_NONE;
    }
    memset(bar, 0, sizeof *bar);
}

static void check_release(gs_exec_cta *cta, uint32_t id)
{
    const gs_exec_barrier *bar = &cta->barriers[id];
    uint32_t expected;
    if (bar->arrived_warps == 0)
        return;
    expected = bar->count_threads ? (bar->count_threads + GS_LANES - 1u) / GS_LANES
                                  : cta->live_warps;
    if (bar->arrived_warps >= expected)
        release(cta, id);
}

void gs_exec_barriers_recheck(gs_exec_cta *cta)
{
    uint32_t id;
    for (id = 0; id < GS_INST_BARRIERS; id++)
        check_release(cta, id);
}

/* bar.red: fold this warp's predicate into the barrier and remember where
 * the result goes. */
static void reduce_arrival(gs_x *x, gs_exec_barrier *bar, const gs_ptx_operand *pred_opd)
{
    const gs_ptx_inst *inst = x->inst;
    uint32_t p = gs_x_pred(x, pred_opd) & x->active;
    bar->popc += gs_popcount32(p);
    bar->all_true = (uint8_t)(bar->all_true && p == x->active);
    bar->any_true = (uint8_t)(bar->any_true || p != 0);
    x->warp->red_kind = (inst->flags & GS_PTX_F_POPC) ? 0xFFu : inst->boolop;
    x->warp->red_dst = inst->opd[0].reg;
    x->warp->red_mask = x->active;
}

void gs_exec_bar(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    unsigned first = inst->mode == GS_PTX_BAR_RED ? 1u : 0u;
    unsigned has_count = inst->num_operands > first + (inst->mode == GS_PTX_BAR_RED ? 2u : 1u);
    uint64_t id, count;
    gs_exec_barrier *bar;
    if (x->active == 0)
        return;
    id = uniform_value(x, &inst->opd[first]);
    count = has_count ? uniform_value(x, &inst->opd[first + 1u]) : 0u;
    if (id >= GS_INST_BARRIERS || count > 0xFFFFFFFFull) {
        gs_x_fault(x, GS_E_PTX, "barrier id must be 0..15 and count fit 32 bits");
        return;
    }
    bar = &x->cta->barriers[id];
    if (bar->arrived_warps == 0)
        bar->all_true = 1;
    bar->count_threads = (uint32_t)count;
    if (inst->mode == GS_PTX_BAR_RED)
        reduce_arrival(x, bar, &inst->opd[inst->num_operands - 1u]);
    bar->arrived_warps++;
    if (inst->mode != GS_PTX_BAR_ARRIVE) {
        x->warp->state = GS_WARP_BARRIER;
        x->warp->barrier_id = (uint8_t)id;
    }
    if (x->out) {
        x->out->barrier_id = (uint16_t)id;
        x->out->barrier_count = (uint16_t)(count > 0xFFFFu ? 0xFFFFu : count);
    }
    check_release(x->cta, (uint32_t)id);
}

/* ---- vote / activemask ---- */

static uint32_t participants(gs_x *x, unsigned member_opd)
{
    const gs_ptx_inst *inst = x->inst;
    if ((inst->flags & GS_PTX_F_SYNC) && inst->num_operands > member_opd)
        return x->active & (uint32_t)uniform_value(x, &inst->opd[member_opd]);
    return x->active;
}

void gs_exec_vote(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint32_t part, p, r;
    unsigned lane;
    if (inst->op == GS_PTX_OP_ACTIVEMASK) {
        uint64_t *d = gs_x_row(x, inst->opd[0].reg);
        GS_FOR_LANES(lane, x->active)
            d[lane] = x->active;
        return;
    }
    part = participants(x, 2u);
    p = gs_x_pred(x, &inst->opd[1]) & part;
    if (inst->mode == GS_PTX_VOTE_BALLOT) {
        uint64_t *d = gs_x_row(x, inst->opd[0].reg);
        GS_FOR_LANES(lane, x->active)
            d[lane] = p;
        return;
    }
    switch (inst->mode) {
    case GS_PTX_VOTE_ALL: r = p == part; break;
    case GS_PTX_VOTE_ANY: r = p != 0; break;
    case GS_PTX_VOTE_UNI: r = p == 0 || p == part; break;
    default: gs_x_unsupported(x); return;
    }
    gs_x_pred_write(x, inst->opd[0].reg, r ? 0xFFFFFFFFu : 0u);
}

/* ---- redux.sync / match.sync (PTX ISA 9.7.13.10 and 9.7.13.9) ---- */

/* Every participating lane (active and in membermask) gets the reduction
 * of the participants' values: add wraps modulo 2^32, min/max compare as
 * .s32 or .u32, and/or/xor are bitwise. */
void gs_exec_redux(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t scratch[GS_LANES];
    const uint64_t *a = gs_x_src(x, &inst->opd[1], scratch);
    uint32_t part = participants(x, 2u), r = 0;
    int first = 1, is_signed = inst->type == GS_PTX_T_S32;
    uint64_t *d;
    unsigned lane;
    GS_FOR_LANES(lane, part) {
        uint32_t v = (uint32_t)a[lane];
        if (first) {
            r = v;
            first = 0;
            continue;
        }
        switch (inst->atom_op) {
        case GS_PTX_ATOM_ADD: r += v; break;
        case GS_PTX_ATOM_MIN:
            r = is_signed ? ((int32_t)v < (int32_t)r ? v : r) : (v < r ? v : r);
            break;
        case GS_PTX_ATOM_MAX:
            r = is_signed ? ((int32_t)v > (int32_t)r ? v : r) : (v > r ? v : r);
            break;
        case GS_PTX_ATOM_AND: r &= v; break;
        case GS_PTX_ATOM_OR: r |= v; break;
        default: r ^= v; break;   /* XOR: the loader admits nothing else */
        }
    }
    d = gs_x_row(x, inst->opd[0].reg);
    GS_FOR_LANES(lane, part)
        d[lane] = r;
}

/* match.any: each lane gets the mask of participants holding its value;
 * match.all: the participants' mask when all hold the same value, else 0,
 * and the optional predicate says which (.b64 compares all 64 bits). */
void gs_exec_match(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t scratch[GS_LANES], keep = inst->type == GS_PTX_T_B64 ? ~0ull : 0xFFFFFFFFull;
    const uint64_t *a = gs_x_src(x, &inst->opd[1], scratch);
    uint32_t part = participants(x, 2u), all_equal = 1, pmask;
    uint64_t *d, first = 0;
    unsigned lane, other;
    int seen = 0;
    d = gs_x_row(x, inst->opd[0].reg);
    GS_FOR_LANES(lane, part) {
        if (!seen)
            first = a[lane] & keep;
        seen = 1;
        all_equal &= (a[lane] & keep) == first;
    }
    GS_FOR_LANES(lane, part) {
        uint32_t same = 0;
        if (inst->mode == GS_PTX_MATCH_ALL) {
            d[lane] = all_equal ? part : 0u;
            continue;
        }
        GS_FOR_LANES(other, part)
            same |= (uint32_t)((a[other] & keep) == (a[lane] & keep)) << other;
        d[lane] = same;
    }
    pmask = all_equal ? part : 0u;
    if (inst->opd[0].reg2 != GS_PTX_NONE)
        gs_x_pred_write(x, inst->opd[0].reg2, pmask);
}

/* ---- shfl ---- */

/* Source lane and validity per PTX shfl: c packs the clamp value (c[4:0])
 * and the segment mask (c[12:8]). */
static uint32_t shfl_source(unsigned mode, uint32_t lane, uint32_t b, uint32_t c, int *valid)
{
    uint32_t bval = b & 31u, cval = c & 31u, segmask = (c >> 8) & 31u;
    uint32_t max_lane = (lane & segmask) | (cval & ~segmask);
    uint32_t min_lane = lane & segmask;
    int32_t j;
    switch (mode) {
    case GS_PTX_SHFL_UP: j = (int32_t)lane - (int32_t)bval; *valid = j >= (int32_t)max_lane; break;
    case GS_PTX_SHFL_DOWN: j = (int32_t)(lane + bval); *valid = j <= (int32_t)max_lane; break;
    case GS_PTX_SHFL_BFLY: j = (int32_t)(lane ^ bval); *valid = j <= (int32_t)max_lane; break;
    default: j = (int32_t)(min_lane | (bval & ~segmask)); *valid = j <= (int32_t)max_lane; break;
    }
    return *valid ? (uint32_t)j : lane;
}

void gs_exec_shfl(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t source[GS_LANES], sa[GS_LANES], sb[GS_LANES], sc[GS_LANES];
    const uint64_t *b, *c;
    uint64_t *d;
    uint32_t valid_mask = 0, saved_active = x->active;
    unsigned lane;
    if (inst->opd[0].kind != GS_PTX_OPD_REG || inst->num_operands < 4u) {
        gs_x_unsupported(x);
        return;
    }
    x->active = 0xFFFFFFFFu;   /* sources: every lane's register */
    memcpy(source, gs_x_src(x, &inst->opd[1], sa), sizeof source);
    x->active = saved_active;
    b = gs_x_src(x, &inst->opd[2], sb);
    c = gs_x_src(x, &inst->opd[3], sc);
    d = gs_x_row(x, inst->opd[0].reg);
    GS_FOR_LANES(lane, x->active) {
        int valid;
        uint32_t j = shfl_source(inst->mode, lane, (uint32_t)b[lane], (uint32_t)c[lane], &valid);
        d[lane] = source[j] & 0xFFFFFFFFu;
        valid_mask |= (uint32_t)valid << lane;
    }
    if (inst->opd[0].reg2 != GS_PTX_NONE)
        gs_x_pred_write(x, inst->opd[0].reg2, valid_mask);
}
