/*
 * A mechanism's decider, wired by gs_sim_add_mechanism, steers a whole
 * workload (src/sim/gpu.c; base/event.h decisions): vectoradd with the full
 * memory system, once plain and once with a test mechanism that answers
 * BYPASS for every L1 load and, in a third run, REDIRECT (served 2 cycles
 * later). Every load it is asked about leaves the L1 path exactly: the L1
 * accesses drop by the number of questions, the bypass accesses grow by it;
 * redirected loads reach neither. Results equal the functional run.
 */
#define TH_WORKLOADS
#include "timing_harness.h"

typedef struct decide_state {
    uint32_t answer;
    uint64_t asked, redirected;
} decide_state;

static uint32_t decide(void *ctx, const gs_decide_in *in)
{
    decide_state *s = ctx;
    (void)in;
    s->asked++;
    return s->answer;
}

static uint64_t redirect(void *ctx, const gs_decide_in *in)
{
    decide_state *s = ctx;
    s->redirected++;
    return in->cycle + 2u;
}


static gs_status d_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                        gs_diag *diag)
{
    (void)state;
    (void)env;
    (void)diag;
    hooks->decider.levels = 1u << GS_LEVEL_L1D;
    hooks->decider.decide = decide;
    hooks->decider.redirect = redirect;
    return GS_OK;
}

static const gs_mech_ops decide_ops = {
    "decide", "test: one answer for every L1 load", NULL, d_init, NULL, NULL
};

static th_run run;
static decide_state state;

static int run_vectoradd(int timing, const gs_mech_ops *mech, uint32_t answer, th_wl_result *out)
{
    th_config(&run.cfg);
    run.cfg.perfect_mem = 0;
    memset(&state, 0, sizeof state);
    state.answer = answer;
    run.mech = mech;
    run.mech_state = &state;
    if (!th_run_workload(&run, "vectoradd", timing, out)) {
        th_report_failure(&run);
        return 0;
    }
    return 1;
}

static void test_bypass_and_redirect_every_load(void)
{
    th_wl_result f, plain, bypass, redir;
    GS_CHECK(run_vectoradd(0, NULL, 0, &f));
    GS_CHECK(run_vectoradd(1, NULL, 0, &plain));
    GS_CHECK(run_vectoradd(1, &decide_ops, GS_DECIDE_BYPASS, &bypass));
    GS_CHECK(state.asked > 0u);
    GS_CHECK_EQ(plain.l1_accesses - state.asked, bypass.l1_accesses);
    GS_CHECK_EQ(plain.l1_bypass + state.asked, bypass.l1_bypass);
    GS_CHECK_EQ(f.data_hash, bypass.data_hash);
    GS_CHECK(run_vectoradd(1, &decide_ops, GS_DECIDE_REDIRECT, &redir));
    GS_CHECK_EQ(state.asked, state.redirected);
    GS_CHECK_EQ(plain.l1_accesses - state.asked, redir.l1_accesses);
    GS_CHECK_EQ(plain.l1_bypass, redir.l1_bypass);
    GS_CHECK_EQ(f.data_hash, redir.data_hash);
    GS_CHECK(redir.cycles < plain.cycles);        /* 2-cycle loads: a faster run */
}

int main(void)
{
    GS_RUN(test_bypass_and_redirect_every_load);
    return gs_check_report();
}
