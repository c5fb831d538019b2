/*
 * Issue order of the warp-scheduler policies on the SM pipeline, static warp
 * limiting and barriers, observed through WARP_COMMIT events of SM 0 (src/core/sm.c;
 * seed-004 sections 1.2.3 and 1.6; issue "SIMT core timing model").
 */
#include "timing_harness.h"

static th_run run;

#define ADD_BYTES (16u * 8u)   /* pcs of the 16 adds of indep_add16 / chain16 */

static int record(const char *kernel, uint32_t threads, uint32_t policy)
{
    th_config(&run.cfg);
    run.cfg.n_sched_per_core = 1;
    run.cfg.scheduler.kind = policy;
    run.cfg.scheduler.limit_warps = 1;
    run.cfg.scheduler.limit_prio = GS_PRIO_GTO;
    if (!th_run_ptx(&run, kernel, 1, threads, 1)) {
        th_report_failure(&run);
        return 0;
    }
    return 1;
}

/* The warps of the add commits, in commit order (adds all take 4 cycles, so
 * this is their issue order). */
static void add_order(char *out)
{
    uint32_t i, n = 0;
    for (i = 0; i < run.num_commits; i++)
        if (run.commits[i].pc < ADD_BYTES)
            out[n++] = (char)('0' + run.commits[i].warp);
    out[n] = '\0';
}

/* Two warps of 16 independent adds, one scheduler: GTO keeps issuing warp 0
 * (one add per cycle) until it runs out, then warp 1. */
static void test_gto_is_greedy(void)
{
    char order[64];
    if (!record("indep_add16", 64, GS_SCHED_GTO))
        return;
    add_order(order);
    GS_CHECK_STR("00000000000000001111111111111111", order);
    th_free(&run);
}

/* LRR starts one past the warp that issued last: the warps alternate. */
static void test_lrr_alternates(void)
{
    char order[64];
    if (!record("indep_add16", 64, GS_SCHED_LRR))
        return;
    add_order(order);
    GS_CHECK_STR("01010101010101010101010101010101", order);
    th_free(&run);
}

/* SWL with a limit of 1 warp: warp 1 may not issue while warp 0 is resident,
 * even while warp 0 waits on its chain; it starts in the cycle warp 0 leaves
 * (65 = 4 * 16 + 1) and ends 64 cycles later: 2 * 64 + 2 cycles. GTO alone
 * interleaves them (4 * 16 + 2 * 2 cycles, test 160). */
static void test_swl_limits_issuing_warps(void)
{
    uint32_t i;
    uint64_t last0 = 0, first1 = ~0ull;
    if (!record("chain16", 64, GS_SCHED_WARP_LIMITING))
        return;
    for (i = 0; i < run.num_commits; i++) {
        if (run.commits[i].warp == 0 && run.commits[i].cycle > last0)
            last0 = run.commits[i].cycle;
        if (run.commits[i].warp == 1 && run.commits[i].cycle < first1)
            first1 = run.commits[i].cycle;
    }
    GS_CHECK_EQ(65u, last0);
    GS_CHECK_EQ(65u + 4u, first1);
    GS_CHECK_EQ(2u * 64u + 2u, th_stat(&run, "gpu_sim_cycle"));
    th_free(&run);
}

static uint64_t commit_cycle(uint32_t warp, uint32_t pc_index)
{
    uint32_t i;
    for (i = 0; i < run.num_commits; i++)
        if (run.commits[i].warp == warp && run.commits[i].pc == pc_index * 8u)
            return run.commits[i].cycle;
    return ~0ull;
}

/* barrier.ptx: warp 1 reaches bar.sync (pc 11) at once; warp 0 first runs 8
 * dependent adds. Warp 1's post-barrier add (pc 12) issues exactly one cycle
 * after warp 0's bar.sync issues (the release happens at that issue), and
 * not before: the barrier held it for the whole chain. */
static void test_barrier_holds_until_the_last_warp(void)
{
    uint64_t bar0, bar1, add1;
    th_config(&run.cfg);
    if (!th_run_ptx(&run, "barrier", 1, 64, 1)) {
        th_report_failure(&run);
        return;
    }
    bar0 = commit_cycle(0, 11) - 1u;    /* issue = commit - control latency 1 */
    bar1 = commit_cycle(1, 11) - 1u;
    add1 = commit_cycle(1, 12) - 4u;    /* issue = commit - int add latency 4 */
    GS_CHECK(bar1 < commit_cycle(0, 3));   /* warp 1 arrived before warp 0's chain */
    GS_CHECK_EQ(bar0 + 1u, add1);
    GS_CHECK_EQ(39u, bar0);
    GS_CHECK(th_stat(&run, "gpgpu_stall_barrier") > 0u);
    th_free(&run);
}

int main(void)
{
    GS_RUN(test_gto_is_greedy);
    GS_RUN(test_lrr_alternates);
    GS_RUN(test_swl_limits_issuing_warps);
    GS_RUN(test_barrier_holds_until_the_last_warp);
    return gs_check_report();
}
