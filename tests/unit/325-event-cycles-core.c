/*
 * Core events at their exact, hand-computed cycles (base/event.h; sm.c,
 * gpu_run.c), recorded by a test mechanism (gs_sim_add_mechanism). gtx480
 * defaults, perfect memory and I-cache; cycle terms as in
 * 160-timing-pipeline.c (the CTA starts and fetches in cycle 0, the first
 * instruction issues in cycle 1, an int add has latency 4, ret 1).
 *
 * chain1 (one add, then ret), one warp: kernel and CTA launch at 0; the add
 * issues at 1 and commits at 5; ret issues at 2 and commits at 3; the warp
 * exits at 5 (its last result written back), so do the CTA and the kernel.
 * barrier.ptx, two warps: warp 0's bar.sync issues at 39 (test 161), which
 * releases the barrier: warp 0 arrives and both warps leave at 39.
 */
#include "timing_harness.h"

typedef struct rec {
    uint8_t kind;
    uint16_t warp;
    uint32_t pc, value, cta;
    uint64_t cycle;
} rec;

typedef struct recorder_state {
    rec log[128];
    uint32_t n;
} recorder_state;

static void on_event(void *ctx, const gs_event *ev)
{
    recorder_state *s = ctx;
    if (ev->unit != 0 && ev->kind != GS_EV_KERNEL_LAUNCH && ev->kind != GS_EV_KERNEL_FINISH)
        return;   /* SM 0 only */
    if (s->n < 128u) {
        rec *r = &s->log[s->n++];
        r->kind = ev->kind;
        r->warp = ev->origin.warp;
        r->pc = ev->origin.pc;
        r->value = ev->value;
        r->cta = ev->origin.cta;
        r->cycle = ev->cycle;
    }
}


static gs_status rec_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                          gs_diag *diag)
{
    (void)state;
    (void)env;
    (void)diag;
    hooks->sub.fn = on_event;
    hooks->sub.kinds = GS_EVENT_ALL & ~GS_EVENT_BIT(GS_EV_EPOCH);
    return GS_OK;
}

static const gs_mech_ops recorder_ops = {
    "recorder", "test: records core events", NULL, rec_init, NULL, NULL
};

static th_run run;
static recorder_state state;

static int run_kernel(const char *name, uint32_t threads)
{
    th_config(&run.cfg);
    memset(&state, 0, sizeof state);
    run.mech = &recorder_ops;
    run.mech_state = &state;
    if (!th_run_ptx(&run, name, 1, threads, 0)) {
        th_report_failure(&run);
        th_free(&run);
        return 0;
    }
    return 1;
}

/* The cycle of the first event of `kind` from `warp` (0xFFFF: any), or ~0. */
static uint64_t cycle_of(uint8_t kind, uint16_t warp, uint32_t nth)
{
    uint32_t i;
    for (i = 0; i < state.n; i++)
        if (state.log[i].kind == kind && (warp == 0xFFFFu || state.log[i].warp == warp) &&
            nth-- == 0)
            return state.log[i].cycle;
    return ~0ull;
}

static void test_chain1(void)
{
    if (!run_kernel("chain1", 32))
        return;
    GS_CHECK_EQ(6u, th_stat(&run, "gpu_sim_cycle"));
    GS_CHECK_EQ(0u, cycle_of(GS_EV_KERNEL_LAUNCH, 0xFFFFu, 0));
    GS_CHECK_EQ(0u, cycle_of(GS_EV_CTA_LAUNCH, 0xFFFFu, 0));
    GS_CHECK_EQ(1u, cycle_of(GS_EV_WARP_ISSUE, 0, 0));      /* add */
    GS_CHECK_EQ(2u, cycle_of(GS_EV_WARP_ISSUE, 0, 1));      /* ret */
    GS_CHECK_EQ(3u, cycle_of(GS_EV_WARP_COMMIT, 0, 0));     /* ret first */
    GS_CHECK_EQ(5u, cycle_of(GS_EV_WARP_COMMIT, 0, 1));     /* add */
    GS_CHECK_EQ(5u, cycle_of(GS_EV_WARP_EXIT, 0, 0));
    GS_CHECK_EQ(5u, cycle_of(GS_EV_CTA_FINISH, 0xFFFFu, 0));
    GS_CHECK_EQ(5u, cycle_of(GS_EV_KERNEL_FINISH, 0xFFFFu, 0));
    GS_CHECK_EQ(~0ull, cycle_of(GS_EV_WARP_ISSUE, 0, 2));   /* two instructions only */
    th_free(&run);
}

static void test_barrier(void)
{
    if (!run_kernel("barrier", 64))
        return;
    GS_CHECK_EQ(39u, cycle_of(GS_EV_BARRIER_ARRIVE, 0, 0));
    GS_CHECK(cycle_of(GS_EV_BARRIER_ARRIVE, 1, 0) < 39u);   /* warp 1 waited there */
    GS_CHECK_EQ(39u, cycle_of(GS_EV_BARRIER_LEAVE, 0, 0));
    GS_CHECK_EQ(39u, cycle_of(GS_EV_BARRIER_LEAVE, 1, 0));
    GS_CHECK_EQ(~0ull, cycle_of(GS_EV_BARRIER_LEAVE, 0xFFFFu, 2));
    th_free(&run);
}

int main(void)
{
    GS_RUN(test_chain1);
    GS_RUN(test_barrier);
    return gs_check_report();
}
