/*
 * Oldest first (GPGPU-Sim `old`, spec/formats.md section 2.5: "oldest-first
 * (by dynamic warp id)"): always the eligible warp launched first; ties (equal
 * ids cannot happen in one SM, but the rule is fixed) go to the lowest slot.
 */
#include "core/sched.h"

static int oldest_pick(gs_sched *sched, const gs_sched_cycle_in *in, uint64_t eligible)
{
    (void)in;
    return (int)gs_sched_oldest_of(sched, eligible);
}

const gs_sched_ops gs_sched_oldest_ops = {
    "oldest", NULL, NULL, oldest_pick, NULL, NULL, NULL
};
