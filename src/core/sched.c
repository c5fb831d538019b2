/*
 * Warp-scheduler framework: the policy table, warp bookkeeping, steering
 * masks and the generic pick (DESIGN.md section 7;
 * seed-004 section 1.2.3; spec/formats.md section 2.5). The policies
 * themselves live in sched_<name>.c.
 */
#include "core/sched.h"

#include <string.h>

#define GS_SCHED_DECLARE(id, name, ops, args) extern const gs_sched_ops gs_sched_##ops##_ops;
GS_SCHED_LIST(GS_SCHED_DECLARE)
#undef GS_SCHED_DECLARE

#define GS_SCHED_ENTRY(id, name, ops, args) &gs_sched_##ops##_ops,
const gs_sched_ops *const gs_sched_policies[GS_SCHED_KIND_COUNT] = {
    GS_SCHED_LIST(GS_SCHED_ENTRY)
};
#undef GS_SCHED_ENTRY

/* ---- bit helpers -------------------------------------------------------- */

/* Index of the bit isolated by x & -x, via the de Bruijn sequence 0x03f79d71b4cb0a89. */
static const uint8_t sched_debruijn_index[64] = {
    0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
    62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
    63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
    46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6
};

unsigned gs_sched_ctz64(uint64_t nonzero)
{
    uint64_t lowest = nonzero & (~nonzero + 1u);
    GS_ASSERT(nonzero != 0);
    return sched_debruijn_index[(lowest * 0x03f79d71b4cb0a89ull) >> 58];
}

unsigned gs_sched_popcount64(uint64_t bits)
{
    unsigned count = 0;
    while (bits) {
        bits &= bits - 1u;
        count++;
    }
    return count;
}

static uint64_t sched_bit(unsigned slot)
{
    return (uint64_t)1u << slot;
}

unsigned gs_sched_next_cyclic(uint64_t bits, unsigned start, unsigned num_slots)
{
    uint64_t at_or_after;
    GS_ASSERT(bits != 0);
    if (start >= num_slots)
        start = 0;
    at_or_after = bits & ~(sched_bit(start) - 1u);
    return gs_sched_ctz64(at_or_after ? at_or_after : bits);
}

unsigned gs_sched_oldest_of(const gs_sched *sched, uint64_t bits)
{
    unsigned best = gs_sched_ctz64(bits);
    bits &= bits - 1u;
    while (bits) {
        unsigned slot = gs_sched_ctz64(bits);
        if (sched->age[slot] < sched->age[best])
            best = slot;
        bits &= bits - 1u;
    }
    return best;
}

/* ---- policy table ------------------------------------------------------- */

int gs_sched_policy_find(const char *name)
{
    int i;
    for (i = 0; i < (int)GS_SCHED_KIND_COUNT; i++)
        if (strcmp(gs_sched_policies[i]->name, name) == 0)
            return i;
    return -1;
}

size_t gs_sched_bytes(const gs_sched_params *params)
{
    const gs_sched_ops *ops;
    if (params->policy >= GS_SCHED_KIND_COUNT)
        return 0;
    ops = gs_sched_policies[params->policy];
    return ops->state_bytes ? gs_arena_round(ops->state_bytes(params)) : 0;
}

static gs_status sched_check_params(const gs_sched_params *params, gs_diag *diag)
{
    if (params->policy >= GS_SCHED_KIND_COUNT)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "-gpgpu_scheduler: unknown policy index %u",
                           (unsigned)params->policy);
    if (params->num_slots == 0 || params->num_slots > GS_SCHED_MAX_WARPS)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "a warp scheduler supervises %u warps; the maximum is %u "
                           "(raise -gpgpu_num_sched_per_core)",
                           (unsigned)params->num_slots, GS_SCHED_MAX_WARPS);
    if ((params->policy == GS_SCHED_TWO_LEVEL || params->policy == GS_SCHED_WARP_LIMITING)
        && params->num_active == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "-gpgpu_scheduler %s: the warp count must be at least 1",
                           gs_sched_policies[params->policy]->name);
    return GS_OK;
}

gs_status gs_sched_init(gs_sched *sched, const gs_sched_params *params, gs_arena *arena,
                        gs_diag *diag)
{
    gs_status status = sched_check_params(params, diag);
    size_t state_bytes;
    if (status != GS_OK)
        return status;
    memset(sched, 0, sizeof *sched);
    sched->ops = gs_sched_policies[params->policy];
    sched->params = *params;
    sched->issue_allowed = ~(uint64_t)0;
    sched->may_load = ~(uint64_t)0;
    sched->limit_mask = ~(uint64_t)0;
    sched->last_issued = GS_SCHED_NONE;
    state_bytes = gs_sched_bytes(params);
    if (state_bytes) {
        sched->state = gs_arena_alloc(arena, state_bytes);
        if (!sched->state)
            return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                               "arena too small for warp-scheduler state (%u bytes)",
                               (unsigned)state_bytes);
    }
    if (sched->ops->init)
        sched->ops->init(sched);
    return GS_OK;
}

unsigned gs_sched_of_warp(unsigned sm_warp, unsigned num_scheds)
{
    return sm_warp % num_scheds;
}

unsigned gs_sched_local_slot(unsigned sm_warp, unsigned num_scheds)
{
    return sm_warp / num_scheds;
}

/* ---- warp bookkeeping --------------------------------------------------- */

/* limit_mask = the first `limit` present, unblocked warps by age. Runs on
 * events only (add, remove, barrier, limit change), never per cycle. */
static void sched_recompute_limit(gs_sched *sched)
{
    uint32_t i, taken = 0;
    if (sched->limit == 0) {
        sched->limit_mask = ~(uint64_t)0;
        return;
    }
    sched->limit_mask = 0;
    for (i = 0; i < sched->num_present && taken < sched->limit; i++) {
        unsigned slot = sched->by_age[i];
        if (sched->blocked & sched_bit(slot))
            continue;
        sched->limit_mask |= sched_bit(slot);
        taken++;
    }
}

void gs_sched_warp_add(gs_sched *sched, unsigned slot, uint64_t dynamic_warp_id)
{
    uint32_t pos;
    GS_ASSERT(slot < sched->params.num_slots && !(sched->present & sched_bit(slot)));
    /* keep by_age sorted; new warps are normally the youngest (append) */
    pos = sched->num_present;
    while (pos > 0 && sched->age[sched->by_age[pos - 1]] > dynamic_warp_id) {
        sched->by_age[pos] = sched->by_age[pos - 1];
        pos--;
    }
    sched->by_age[pos] = (uint8_t)slot;
    sched->num_present++;
    sched->age[slot] = dynamic_warp_id;
    sched->present |= sched_bit(slot);
    sched->blocked &= ~sched_bit(slot);
    sched->issue_allowed |= sched_bit(slot);
    sched->may_load |= sched_bit(slot);
    sched_recompute_limit(sched);
    if (sched->ops->warp_added)
        sched->ops->warp_added(sched, slot);
}

void gs_sched_warp_remove(gs_sched *sched, unsigned slot)
{
    uint32_t i, out = 0;
    GS_ASSERT(slot < sched->params.num_slots && (sched->present & sched_bit(slot)));
    for (i = 0; i < sched->num_present; i++)
        if (sched->by_age[i] != slot)
            sched->by_age[out++] = sched->by_age[i];
    sched->num_present = out;
    sched->present &= ~sched_bit(slot);
    sched->blocked &= ~sched_bit(slot);
    /* last_issued is kept: LRR rotates from the slot even after its warp exits
     * (as GPGPU-Sim keeps its iterator); GTO just finds it not ready. */
    sched_recompute_limit(sched);
    if (sched->ops->warp_removed)
        sched->ops->warp_removed(sched, slot);
}

void gs_sched_set_blocked(gs_sched *sched, unsigned slot, int blocked)
{
    GS_ASSERT(slot < sched->params.num_slots);
    if (blocked)
        sched->blocked |= sched_bit(slot);
    else
        sched->blocked &= ~sched_bit(slot);
    sched_recompute_limit(sched);
}

/* ---- steering ----------------------------------------------------------- */

void gs_sched_set_issue_allowed(gs_sched *sched, unsigned slot, int allowed)
{
    GS_ASSERT(slot < sched->params.num_slots);
    if (allowed)
        sched->issue_allowed |= sched_bit(slot);
    else
        sched->issue_allowed &= ~sched_bit(slot);
}

void gs_sched_set_may_load(gs_sched *sched, unsigned slot, int allowed)
{
    GS_ASSERT(slot < sched->params.num_slots);
    if (allowed)
        sched->may_load |= sched_bit(slot);
    else
        sched->may_load &= ~sched_bit(slot);
}

void gs_sched_set_prefer(gs_sched *sched, uint64_t prefer_mask)
{
    sched->prefer = prefer_mask;
}

void gs_sched_set_limit(gs_sched *sched, uint32_t limit)
{
    sched->limit = limit;
    sched_recompute_limit(sched);
}

/* ---- the per-cycle pick ------------------------------------------------- */

uint64_t gs_sched_eligible(const gs_sched *sched, const gs_sched_cycle_in *in)
{
    uint64_t blocked_loads = in->load & ~sched->may_load;
    uint64_t eligible = in->ready & sched->present & sched->issue_allowed
                        & sched->limit_mask & ~blocked_loads;
    if (eligible & sched->prefer)
        eligible &= sched->prefer;
    return eligible;
}

int gs_sched_pick(gs_sched *sched, const gs_sched_cycle_in *in)
{
    uint64_t eligible;
    int pick;
    if (sched->ops->cycle)
        sched->ops->cycle(sched, in);
    eligible = gs_sched_eligible(sched, in);
    if (!eligible) {
        if (in->ready & sched->present)
            sched->steered_cycles++;
        else
            sched->idle_cycles++;
        return GS_SCHED_NONE;
    }
    pick = sched->ops->pick(sched, in, eligible);
    if (pick == GS_SCHED_NONE)
        sched->steered_cycles++;    /* e.g. two-level: no eligible warp in the pool */
    return pick;
}

void gs_sched_issued(gs_sched *sched, unsigned slot)
{
    GS_ASSERT(slot < sched->params.num_slots);
    sched->last_issued = (int)slot;
    sched->issued_count++;
}
