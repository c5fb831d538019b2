/*
 * A mechanism steers warp eligibility through the event bus and the
 * schedulers' masks (src/mech/mech.h, gs_sim_add_mechanism; DESIGN.md
 * section 7): a test-only mechanism that lets only the oldest warp of each
 * CTA issue until it exits changes a run by exactly the cycles computed by
 * hand. gtx480 defaults, one GTO scheduler, perfect memory and I-cache.
 *
 * chain16 (16 dependent int adds, latency 4, then ret): one warp alone takes
 * 4 * 16 + 2 = 66 cycles (cycles 0..65; its last add issues in 61 and is
 * written back in 65, test 160). Two free warps take 4 * 16 + 2 * 2 = 68.
 * Serialised: warp 0's exit (write-back of cycle 65) comes before issue in
 * that cycle, so warp 1's first add issues in cycle 65, its last in
 * 65 + 4 * 15 = 125, written back in 129: 130 cycles.
 */
#include "timing_harness.h"

typedef struct serialise_state {
    gs_mech_env env;
    uint32_t exits_seen;
    uint32_t launches_seen;
} serialise_state;

static void set_others(serialise_state *s, uint32_t sm, int allowed)
{
    gs_sched *sched = s->env.sched_of(s->env.machine, sm, 0);
    unsigned slot;
    for (slot = 1; slot < sched->params.num_slots; slot++)
        gs_sched_set_issue_allowed(sched, slot, allowed);
}

static void serialise_event(void *ctx, const gs_event *ev)
{
    serialise_state *s = ctx;
    if (ev->kind == GS_EV_CTA_LAUNCH) {
        s->launches_seen++;
        set_others(s, ev->origin.sm, 0);
    } else if (ev->kind == GS_EV_WARP_EXIT && ev->origin.warp == 0) {
        s->exits_seen++;
        set_others(s, ev->origin.sm, 1);
    }
}

static size_t serialise_bytes(const gs_config *cfg)
{
    (void)cfg;
    return sizeof(serialise_state);
}

static gs_status serialise_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                                gs_diag *diag)
{
    (void)diag;
    ((serialise_state *)state)->env = *env;
    hooks->sub.fn = serialise_event;
    hooks->sub.kinds = GS_EVENT_BIT(GS_EV_CTA_LAUNCH) | GS_EVENT_BIT(GS_EV_WARP_EXIT);
    return GS_OK;
}

static const gs_mech_ops serialise_ops = {
    "serialise", "test: only warp 0 of a CTA issues until it exits", serialise_bytes,
    serialise_init, NULL, NULL
};

static th_run run;
static serialise_state state;

static uint64_t cycles_of(int steer)
{
    th_config(&run.cfg);
    run.cfg.n_sched_per_core = 1;
    memset(&state, 0, sizeof state);
    run.mech = steer ? &serialise_ops : NULL;
    run.mech_state = &state;
    return th_cycles_of(&run, "chain16", 1, 64);
}

static void test_free_warps(void)
{
    GS_CHECK_EQ(4u * 16u + 2u * 2u, cycles_of(0));
}

static void test_only_the_oldest_warp_until_it_exits(void)
{
    GS_CHECK_EQ(130u, cycles_of(1));
    GS_CHECK_EQ(1u, state.launches_seen);
    GS_CHECK_EQ(1u, state.exits_seen);
}

int main(void)
{
    GS_RUN(test_free_warps);
    GS_RUN(test_only_the_oldest_warp_until_it_exits);
    return gs_check_report();
}
