/*
 * Static warp limiting (GPGPU-Sim `warp_limiting:<prio>:<N>`, seed-000
 * section 2.3, "Best-SWL" of seed-001 section 2.9): only the first N warps by
 * age may issue, greedy-then-oldest among them (GPGPU-Sim implements only the
 * GTO priority). The limit itself is the generic age limit of sched.c, so
 * mechanisms that change it at run time (DWT-CS) use gs_sched_set_limit.
 *
 * Decision (spec ambiguity): "first N by age" counts the present warps that
 * are not blocked at a barrier, as GPGPU-Sim sorts waiting warps last; counting
 * barrier-blocked warps could deadlock a CTA larger than N warps at bar.sync.
 */
#include "core/sched.h"

static void swl_init(gs_sched *sched)
{
    gs_sched_set_limit(sched, sched->params.num_active);
}

static int swl_pick(gs_sched *sched, const gs_sched_cycle_in *in, uint64_t eligible)
{
    (void)in;
    return gs_sched_gto_choose(sched, eligible);
}

const gs_sched_ops gs_sched_swl_ops = {
    "warp_limiting", NULL, swl_init, swl_pick, NULL, NULL, NULL
};
