/*
 * Two-level warp scheduler (GPGPU-Sim `two_level_active:<N>:<inner>:<outer>`,
 * spec/formats.md section 2.5; seed-004 section 2.1 after Gebhart 2011 and
 * Narasiman 2011): an active pool of at most N warps is considered each
 * cycle; a warp leaves the pool when its next instruction waits on a
 * long-latency result (in->long_wait) or it waits at a barrier, and goes to
 * the tail of the pending FIFO; free places in the pool are refilled from the
 * FIFO's head (outer priority = GPGPU-Sim SRR: the warp that has waited
 * longest re-enters first). Inside the pool: LRR (inner 0), or GTO (inner 2).
 *
 * Decisions (spec ambiguities):
 *  - new warps join the pool while it has room, else the FIFO tail, in the
 *    order gs_sched_warp_add is called (the CTA launch order);
 *  - the warps demoted in one cycle enter the FIFO in slot order;
 *  - the pool is refilled to N at once in the same cycle, before the pick; a
 *    refilled warp that is still waiting is demoted again next cycle.
 */
#include "core/sched.h"

typedef struct two_level_state {
    uint64_t active;
    uint8_t pending[GS_SCHED_MAX_WARPS];   /* FIFO ring of local slots */
    uint32_t head;
    uint32_t count;
} two_level_state;

static size_t two_level_bytes(const gs_sched_params *params)
{
    (void)params;
    return sizeof(two_level_state);
}

static void tl_push_pending(two_level_state *st, unsigned slot)
{
    GS_ASSERT(st->count < GS_SCHED_MAX_WARPS);
    st->pending[(st->head + st->count) % GS_SCHED_MAX_WARPS] = (uint8_t)slot;
    st->count++;
}

static unsigned tl_pop_pending(two_level_state *st)
{
    unsigned slot = st->pending[st->head];
    GS_ASSERT(st->count > 0);
    st->head = (st->head + 1u) % GS_SCHED_MAX_WARPS;
    st->count--;
    return slot;
}

static void tl_refill(gs_sched *sched, two_level_state *st)
{
    while (st->count > 0 && gs_sched_popcount64(st->active) < sched->params.num_active)
        st->active |= (uint64_t)1u << tl_pop_pending(st);
}

static void two_level_added(gs_sched *sched, unsigned slot)
{
    two_level_state *st = (two_level_state *)sched->state;
    if (gs_sched_popcount64(st->active) < sched->params.num_active)
        st->active |= (uint64_t)1u << slot;
    else
        tl_push_pending(st, slot);
}

static void two_level_removed(gs_sched *sched, unsigned slot)
{
    two_level_state *st = (two_level_state *)sched->state;
    uint32_t i, kept = 0, count = st->count;
    st->active &= ~((uint64_t)1u << slot);
    for (i = 0; i < count; i++) {
        unsigned s = tl_pop_pending(st);
        if (s != slot) {
            tl_push_pending(st, s);
            kept++;
        }
    }
    GS_ASSERT(st->count == kept);
}

static void two_level_cycle(gs_sched *sched, const gs_sched_cycle_in *in)
{
    two_level_state *st = (two_level_state *)sched->state;
    uint64_t demote = st->active & (in->long_wait | sched->blocked);
    while (demote) {
        unsigned slot = gs_sched_ctz64(demote);
        demote &= demote - 1u;
        st->active &= ~((uint64_t)1u << slot);
        tl_push_pending(st, slot);
    }
    tl_refill(sched, st);
}

static int two_level_pick(gs_sched *sched, const gs_sched_cycle_in *in, uint64_t eligible)
{
    two_level_state *st = (two_level_state *)sched->state;
    uint64_t pool = eligible & st->active;
    unsigned start;
    (void)in;
    if (!pool)
        return GS_SCHED_NONE;
    if (sched->params.inner_gto)
        return gs_sched_gto_choose(sched, pool);
    start = sched->last_issued == GS_SCHED_NONE ? 0u : (unsigned)sched->last_issued + 1u;
    return (int)gs_sched_next_cyclic(pool, start, sched->params.num_slots);
}

uint64_t gs_sched_two_level_active(const gs_sched *sched)
{
    return ((const two_level_state *)sched->state)->active;
}

const gs_sched_ops gs_sched_two_level_ops = {
    "two_level_active", two_level_bytes, NULL, two_level_pick, two_level_cycle,
    two_level_added, two_level_removed
};
