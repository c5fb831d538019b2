/*
 * Greedy then oldest (GPGPU-Sim `gto`; seed-004 section 1.2.3, "[outside
 * book, GPGPU-Sim convention]"): keep issuing the last-issued warp while it
 * can issue; otherwise the oldest eligible warp, oldest = smallest dynamic warp
 * id (launch order), ties to the lowest slot.
 */
#include "core/sched.h"

int gs_sched_gto_choose(const gs_sched *sched, uint64_t eligible)
{
    int last = sched->last_issued;
    if (last != GS_SCHED_NONE && (eligible & ((uint64_t)1u << (unsigned)last)))
        return last;
    return (int)gs_sched_oldest_of(sched, eligible);
}

static int gto_pick(gs_sched *sched, const gs_sched_cycle_in *in, uint64_t eligible)
{
    (void)in;
    return gs_sched_gto_choose(sched, eligible);
}

const gs_sched_ops gs_sched_gto_ops = {
    "gto", NULL, NULL, gto_pick, NULL, NULL, NULL
};
