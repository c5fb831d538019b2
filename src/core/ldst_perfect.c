/*
 * Perfect memory LD/ST unit: fixed latency per space (see ldst_perfect.h;
 * seed-004 section 1.3; GPGPU-Sim -gpgpu_perfect_mem).
 */
#include "core/ldst_perfect.h"

#include <string.h>

#include "base/status.h"


static gs_ldst_stall perfect_can_accept(const void *state, const gs_inst *inst)
{
    const gs_ldst_perfect *unit = (const gs_ldst_perfect *)state;
    (void)inst;
    return unit->count < GS_LDST_PERFECT_SLOTS ? GS_LDST_OK : GS_LDST_QUEUE_FULL;
}

static void perfect_accept(void *state, const gs_inst *inst, uint32_t warp, uint32_t tag,
                           uint64_t core_cycle)
{
    gs_ldst_perfect *unit = (gs_ldst_perfect *)state;
    gs_ldst_perfect_entry *e;
    uint32_t latency = inst->space == GS_SPACE_SHARED ? unit->smem_latency_cycles
                                                      : unit->l1_latency_cycles;
    GS_ASSERT(unit->count < GS_LDST_PERFECT_SLOTS);
    e = &unit->slots[unit->count++];
    e->done_cycle = core_cycle + latency;
    e->seq = unit->next_seq++;
    e->tag = tag;
    e->warp = warp;
    unit->accepted++;
}

static void perfect_cycle(void *state, uint64_t core_cycle)
{
    (void)state;
    (void)core_cycle;   /* nothing advances: the latency is all there is */
}

/* Index of the entry due first (completion cycle, then acceptance order). */
static uint32_t first_due(const gs_ldst_perfect *unit)
{
    uint32_t i, best = 0;
    for (i = 1; i < unit->count; i++) {
        const gs_ldst_perfect_entry *a = &unit->slots[i], *b = &unit->slots[best];
        if (a->done_cycle < b->done_cycle || (a->done_cycle == b->done_cycle && a->seq < b->seq))
            best = i;
    }
    return best;
}

static uint32_t perfect_completions(void *state, uint64_t core_cycle, gs_ldst_done *out,
                                    uint32_t max)
{
    gs_ldst_perfect *unit = (gs_ldst_perfect *)state;
    uint32_t n = 0;
    while (n < max && unit->count > 0) {
        uint32_t i = first_due(unit);
        if (unit->slots[i].done_cycle > core_cycle)
            break;
        out[n].tag = unit->slots[i].tag;
        out[n].warp = unit->slots[i].warp;
        n++;
        unit->slots[i] = unit->slots[--unit->count];
    }
    return n;
}

static int perfect_idle(const void *state)
{
    return ((const gs_ldst_perfect *)state)->count == 0;
}

/* Nothing runs between completions: the unit sleeps until the first. */
static uint64_t perfect_quiet_until(const void *state, uint64_t core_cycle)
{
    (void)core_cycle;
    return gs_ldst_perfect_next_event((const gs_ldst_perfect *)state);
}

const gs_ldst_ops gs_ldst_perfect_ops = {
    "perfect", perfect_can_accept, perfect_accept, perfect_cycle, perfect_completions,
    perfect_idle, NULL, NULL, NULL, perfect_quiet_until, NULL
};

void gs_ldst_perfect_init(gs_ldst_perfect *unit, gs_ldst *ldst, uint32_t l1_latency_cycles,
                          uint32_t smem_latency_cycles)
{
    memset(unit, 0, sizeof *unit);
    unit->l1_latency_cycles = l1_latency_cycles ? l1_latency_cycles : 1u;
    unit->smem_latency_cycles = smem_latency_cycles ? smem_latency_cycles : 1u;
    ldst->ops = &gs_ldst_perfect_ops;
    ldst->state = unit;
}

uint64_t gs_ldst_perfect_next_event(const gs_ldst_perfect *unit)
{
    return unit->count ? unit->slots[first_due(unit)].done_cycle : GS_LDST_NO_EVENT;
}
