/*
 * Loose round robin (GPGPU-Sim `lrr`; seed-004 section 1.2.3): priority
 * starts one past the last-issued warp and goes round the scheduler's slots,
 * skipping warps that cannot issue. Before the first issue it starts at slot 0.
 */
#include "core/sched.h"

static int lrr_pick(gs_sched *sched, const gs_sched_cycle_in *in, uint64_t eligible)
{
    unsigned start = sched->last_issued == GS_SCHED_NONE ? 0u
                                                         : (unsigned)sched->last_issued + 1u;
    (void)in;
    return (int)gs_sched_next_cyclic(eligible, start, sched->params.num_slots);
}

const gs_sched_ops gs_sched_lrr_ops = {
    "lrr", NULL, NULL, lrr_pick, NULL, NULL, NULL
};
