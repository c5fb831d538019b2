/*
 * Liveness-based reuse of data register slots (ptx/ptx.h; the front-end
 * issue: "a liveness-based register assignment is welcome: it cuts
 * memory"). After a kernel's CFG is built (ptx_cfg.c), every data slot gets
 * one live interval [lo, hi] of instruction indices, and a linear scan over
 * the instruction order gives slots with disjoint intervals the same storage
 * slot. kernel->num_reg_storage is the number of storage slots a thread
 * needs; num_reg_slots keeps counting the distinct registers used.
 *
 * Interval construction (sound for any CFG, per thread, so SIMT divergence
 * does not matter):
 *   1. lo / hi = first / last instruction referencing the slot.
 *   2. If the instruction at lo does not kill the slot (an unguarded write
 *      that does not also read it), the value is live into lo's block:
 *      lo = the block's first instruction.
 *   3. Fixpoint over the CFG edges P -> B (B's first instruction b0 inside
 *      [lo, hi], except b0 == lo killing the slot): the value is live at the
 *      end of P, so P's last instruction joins the interval; when it lies
 *      before lo, lo becomes P's first instruction (live into P as well).
 *   At the fixpoint every point where the value may be live (read later on
 *   some path before a kill) lies inside [lo, hi]: walk such a path back to
 *   where it enters the interval; that step is either the killing first
 *   instruction (not live there) or a CFG edge rule 3 has closed. Back edges
 *   (loops) extend hi to the loop's end, forward jumps over the first write
 *   (a read of the zero-initialised register) extend lo to the entry.
 * Linear scan: at instruction i, intervals with hi < i release their
 * storage slot, then intervals starting at i take a released slot (last
 * released first) or a new one. Intervals that touch the same instruction
 * never share (an instruction may read one and write the other, and shfl
 * or vector moves read after writing lanes/elements).
 * Decisions: predicate slots (cheap: one bit per thread) are not reused;
 * reading a register of ANOTHER lane that is inactive (shfl with a source
 * lane that does not execute it, undefined in PTX) may see a different
 * register's value than without reuse; the fixpoint has a work budget
 * (32 x (instructions + slots) + 2^20 edge visits per kernel), beyond it
 * the kernel keeps one storage slot per register (still exact, no reuse).
 */
#include "ptx/ptx_internal.h"

#include <string.h>

#define LIVE_WORK_BASE (1u << 20)

size_t ptx_live_bytes(size_t insts, size_t slots)
{
    return gs_arena_round((7u * (slots + 4u) + 8u * (insts + 4u)) * sizeof(uint32_t));
}

typedef struct live_state {
    uint32_t n, slots, num_edges;
    uint32_t *lo, *hi, *kill, *map, *next_lo, *next_hi, *free_stack;
    uint32_t *head_lo, *head_hi;      /* n + 1 each: intervals by lo / by hi */
    uint32_t *edge_end, *edge_b0;     /* CFG edges sorted by b0 (2n at most) */
    uint32_t *count;                  /* n + 2: counting sort of the edges */
    uint64_t work, budget;
} live_state;

static void live_carve(live_state *l, uint32_t *mem)
{
    size_t s = (size_t)l->slots + 4u, m = (size_t)l->n + 4u;
    l->lo = mem;
    l->hi = mem + s;
    l->kill = mem + 2 * s;
    l->map = mem + 3 * s;
    l->next_lo = mem + 4 * s;
    l->next_hi = mem + 5 * s;
    l->free_stack = mem + 6 * s;
    mem += 7 * s;
    l->head_lo = mem;
    l->head_hi = mem + m;
    l->edge_end = mem + 2 * m;
    l->edge_b0 = mem + 4 * m;
    l->count = mem + 6 * m;
}

/* Does operand `o` name data slot s (REG, ADDR base, VEC element)? */
static int live_names(const gs_ptx_operand *o, uint32_t s)
{
    unsigned k;
    switch (o->kind) {
    case GS_PTX_OPD_REG: return o->reg == s;
    case GS_PTX_OPD_ADDR: return o->base == GS_PTX_BASE_REG && o->reg == s;
    case GS_PTX_OPD_VEC:
        for (k = 0; k < o->vec_count; k++)
            if (o->vec[k] == s)
                return 1;
        return 0;
    default: return 0;
    }
}

/* The instruction writes slot s unconditionally and does not read it. */
static int live_kills(const gs_ptx_inst *inst, uint32_t s)
{
    unsigned i;
    const gs_ptx_operand *d = &inst->opd[0];
    if (inst->guard != GS_PTX_NONE || !ptx_writes_first_operand(inst) ||
        (d->kind != GS_PTX_OPD_REG && d->kind != GS_PTX_OPD_VEC) || !live_names(d, s))
        return 0;
    for (i = 1; i < inst->num_operands; i++)
        if (live_names(&inst->opd[i], s))
            return 0;
    return 1;
}

static void live_touch(live_state *l, const gs_ptx_inst *insts, uint32_t i, uint32_t s)
{
    if (s >= l->slots)
        return;   /* GS_PTX_REG_SINK */
    if (l->lo[s] == GS_PTX_NONE) {
        l->lo[s] = i;
        l->kill[s] = (uint32_t)live_kills(&insts[i], s);
    }
    l->hi[s] = i;
}

/* Steps 1 and 2: first/last reference, the first one's kill. */
static void live_references(live_state *l, const gs_ptx_inst *insts, const ptx_flow *f)
{
    uint32_t i, s, k, j;
    for (s = 0; s < l->slots; s++)
        l->lo[s] = l->hi[s] = GS_PTX_NONE;
    for (i = 0; i < l->n; i++) {
        const gs_ptx_inst *inst = &insts[i];
        for (k = 0; k < inst->num_operands; k++) {
            const gs_ptx_operand *o = &inst->opd[k];
            if (o->kind == GS_PTX_OPD_REG || (o->kind == GS_PTX_OPD_ADDR &&
                                              o->base == GS_PTX_BASE_REG))
                live_touch(l, insts, i, o->reg);
            else if (o->kind == GS_PTX_OPD_VEC)
                for (j = 0; j < o->vec_count; j++)
                    live_touch(l, insts, i, o->vec[j]);
        }
    }
    for (s = 0; s < l->slots; s++)
        if (l->lo[s] != GS_PTX_NONE && !l->kill[s])
            l->lo[s] = f->start[f->block_of[l->lo[s]]];
}

/* CFG edges (end of P, start of B), sorted by the start of B. */
static void live_edges(live_state *l, const ptx_flow *f)
{
    uint32_t b, k, i, total = 0;
    memset(l->count, 0, ((size_t)l->n + 2u) * sizeof(uint32_t));
    for (b = 0; b < f->blocks; b++)
        for (k = 0; k < 2; k++) {
            uint32_t t = f->succ[2 * b + k];
            if (t != GS_PTX_NONE && t < f->blocks)
                l->count[f->start[t] + 1u]++;
        }
    for (i = 0; i <= l->n; i++)
        l->count[i + 1u] += l->count[i];
    for (b = 0; b < f->blocks; b++)
        for (k = 0; k < 2; k++) {
            uint32_t t = f->succ[2 * b + k], at;
            if (t == GS_PTX_NONE || t >= f->blocks)
                continue;
            at = l->count[f->start[t]]++;
            l->edge_end[at] = f->start[b + 1] - 1u;
            l->edge_b0[at] = f->start[t];
            total++;
        }
    l->num_edges = total;
}

static uint32_t live_first_edge(const live_state *l, uint32_t lo)
{
    uint32_t a = 0, b = l->num_edges;
    while (a < b) {
        uint32_t mid = a + (b - a) / 2u;
        if (l->edge_b0[mid] < lo)
            a = mid + 1u;
        else
            b = mid;
    }
    return a;
}

/* Step 3 for one slot; 0 when the work budget ran out. */
static int live_close(live_state *l, const ptx_flow *f, uint32_t s)
{
    int changed = 1;
    while (changed) {
        uint32_t k = live_first_edge(l, l->lo[s]);
        changed = 0;
        for (; k < l->num_edges && l->edge_b0[k] <= l->hi[s] && !changed; k++) {
            uint32_t end = l->edge_end[k];
            if (++l->work > l->budget)
                return 0;
            if (l->edge_b0[k] == l->lo[s] && l->kill[s])
                continue;
            if (end < l->lo[s]) {
                l->lo[s] = f->start[f->block_of[end]];
                l->kill[s] = 0;
                changed = 1;
            } else if (end > l->hi[s]) {
                l->hi[s] = end;
                changed = 1;
            }
        }
    }
    return 1;
}

/* Linear scan; returns the number of storage slots. */
static uint32_t live_scan(live_state *l)
{
    uint32_t i, s, used = 0, free_count = 0;
    for (i = 0; i <= l->n; i++)
        l->head_lo[i] = l->head_hi[i] = GS_PTX_NONE;
    for (s = l->slots; s-- > 0;) {
        if (l->lo[s] == GS_PTX_NONE) {
            l->map[s] = GS_PTX_NONE;
            continue;
        }
        l->next_lo[s] = l->head_lo[l->lo[s]];
        l->head_lo[l->lo[s]] = s;
        l->next_hi[s] = l->head_hi[l->hi[s]];
        l->head_hi[l->hi[s]] = s;
    }
    for (i = 0; i < l->n; i++) {
        if (i > 0)
            for (s = l->head_hi[i - 1u]; s != GS_PTX_NONE; s = l->next_hi[s])
                l->free_stack[free_count++] = l->map[s];
        for (s = l->head_lo[i]; s != GS_PTX_NONE; s = l->next_lo[s])
            l->map[s] = free_count ? l->free_stack[--free_count] : used++;
    }
    return used;
}

static void live_remap_operand(const live_state *l, gs_ptx_operand *o)
{
    unsigned k;
    if ((o->kind == GS_PTX_OPD_REG || (o->kind == GS_PTX_OPD_ADDR &&
                                       o->base == GS_PTX_BASE_REG)) && o->reg < l->slots)
        o->reg = l->map[o->reg];
    else if (o->kind == GS_PTX_OPD_VEC)
        for (k = 0; k < o->vec_count; k++)
            if (o->vec[k] < l->slots)
                o->vec[k] = l->map[o->vec[k]];
}

void ptx_live_reuse(ptx_ctx *ctx, gs_ptx_kernel *kernel, gs_ptx_inst *insts,
                    const ptx_flow *flow, uint32_t *mem)
{
    live_state l;
    uint32_t s, i, k;
    kernel->num_reg_storage = kernel->num_reg_slots;
    if (!ctx->reuse_slots || kernel->num_reg_slots == 0)
        return;
    memset(&l, 0, sizeof l);
    l.n = kernel->num_insts;
    l.slots = kernel->num_reg_slots;
    l.budget = 32u * ((uint64_t)l.n + l.slots) + LIVE_WORK_BASE;
    live_carve(&l, mem);
    live_references(&l, insts, flow);
    live_edges(&l, flow);
    for (s = 0; s < l.slots; s++)
        if (l.lo[s] != GS_PTX_NONE && !live_close(&l, flow, s))
            return;   /* budget exhausted: keep one slot per register */
    kernel->num_reg_storage = live_scan(&l);
    for (i = 0; i < l.n; i++)
        for (k = 0; k < insts[i].num_operands; k++)
            live_remap_operand(&l, &insts[i].opd[k]);
}
