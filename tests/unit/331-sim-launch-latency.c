/*
 * Kernel and CTA launch latency, and the perfect instruction/constant cache
 * (gpu_run.c, ldst_full.c; README "Launch latency").
 *
 * chain1 (one add, then ret) on the gtx480 defaults with perfect memory and
 * I-cache, one warp: the CTA starts in cycle 0, the add issues in cycle 1
 * (325-event-cycles-core.c). -gpgpu_kernel_launch_latency K places the CTA
 * at K, so the first issue is at K + 1 and the kernel takes exactly K more
 * cycles; -gpgpu_TB_launch_latency T holds the placed CTA's warps T more
 * cycles; both add. With the full memory system, a one-warp load1 fetches
 * its instructions through L2 and DRAM unless the I-cache is perfect, and
 * const1's constant load reaches the L1D unless the constant cache is.
 * -gpgpu_inst_fetch_throughput: the fetch stage runs N times a cycle.
 */
#include "timing_harness.h"

typedef struct first_state {
    uint64_t cta_launch, first_issue;
    uint32_t issues;
    uint64_t warp_first[4];     /* first issue cycle of SM 0's warps 0..3, +1 (0: none) */
} first_state;

static void on_event(void *ctx, const gs_event *ev)
{
    first_state *s = ctx;
    if (ev->kind == GS_EV_CTA_LAUNCH && s->cta_launch == ~0ull)
        s->cta_launch = ev->cycle;
    if (ev->kind == GS_EV_WARP_ISSUE && s->issues++ == 0)
        s->first_issue = ev->cycle;
    if (ev->kind == GS_EV_WARP_ISSUE && ev->origin.sm == 0 && ev->origin.warp < 4u &&
        s->warp_first[ev->origin.warp] == 0)
        s->warp_first[ev->origin.warp] = ev->cycle + 1u;
}

static gs_status first_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                            gs_diag *diag)
{
    (void)state;
    (void)env;
    (void)diag;
    hooks->sub.fn = on_event;
    hooks->sub.kinds = GS_EVENT_BIT(GS_EV_CTA_LAUNCH) | GS_EVENT_BIT(GS_EV_WARP_ISSUE);
    return GS_OK;
}

static const gs_mech_ops first_ops = {
    "first-issue", "test: the first CTA launch and warp issue", NULL, first_init, NULL, NULL
};

static th_run run;
static first_state state;

/* Run `kernel` (one CTA of `threads`) under run.cfg, set up by the caller,
 * with the recorder; statistic `name` (~0: failed). */
static uint64_t run_recorded(const char *kernel, uint32_t threads, const char *name)
{
    uint64_t v;
    memset(&state, 0, sizeof state);
    state.cta_launch = ~0ull;
    run.mech = &first_ops;
    run.mech_state = &state;
    if (!th_run_ptx(&run, kernel, 1, threads, 0)) {
        th_report_failure(&run);
        th_free(&run);
        run.mech = NULL;
        return ~0ull;
    }
    v = th_stat(&run, name);
    th_free(&run);
    run.mech = NULL;
    return v;
}

/* chain1, one warp, with the two latencies: kernel cycles (~0: failed). */
static uint64_t run_chain1(uint32_t kernel_latency, uint32_t tb_latency, uint32_t clock_jump)
{
    th_config(&run.cfg);
    run.cfg.kernel_launch_latency = kernel_latency;
    run.cfg.tb_launch_latency = tb_latency;
    run.cfg.clock_jump = clock_jump;
    return run_recorded("chain1", 32, "gpu_sim_cycle");
}

/* indep_add16 with four warps and -gpgpu_inst_fetch_throughput `fetches`:
 * the first issue cycles of warps 0..3 into state.warp_first (+1). */
static int run_four_warps(uint32_t fetches)
{
    th_config(&run.cfg);
    run.cfg.inst_fetch_throughput = fetches;
    run.cfg.scheduler.kind = GS_SCHED_LRR;   /* GTO would keep to warp 0 */
    return run_recorded("indep_add16", 128, "gpu_sim_cycle") != ~0ull;
}

/* One warp of `kernel` on the full memory system; statistic `name`. */
static uint64_t full_stat(const char *kernel, uint32_t perfect, const char *name)
{
    uint64_t v;
    th_config(&run.cfg);
    run.cfg.perfect_mem = 0;
    run.cfg.perfect_icache = 0;
    run.cfg.perfect_inst_const_cache = perfect;
    if (!th_run_ptx(&run, kernel, 1, 32, 0)) {
        th_report_failure(&run);
        th_free(&run);
        return ~0ull;
    }
    v = th_stat(&run, name);
    th_free(&run);
    return v;
}

static void test_launch_latency(void)
{
    uint64_t base = run_chain1(0, 0, 1), c;
    GS_CHECK(base != ~0ull);
    GS_CHECK_EQ(0, state.cta_launch);
    GS_CHECK_EQ(1, state.first_issue);

    c = run_chain1(5000, 0, 1);   /* the published qv100/a100 value */
    GS_CHECK_EQ(5000, state.cta_launch);
    GS_CHECK_EQ(5001, state.first_issue);
    GS_CHECK_EQ(base + 5000u, c);
    c = run_chain1(5000, 0, 0);   /* cycle by cycle: the same */
    GS_CHECK_EQ(5001, state.first_issue);
    GS_CHECK_EQ(base + 5000u, c);
}

static void test_tb_launch_latency(void)
{
    uint64_t base = run_chain1(0, 0, 1), c;
    c = run_chain1(0, 7, 1);      /* placed at 0, warps join at 7 */
    GS_CHECK_EQ(7, state.cta_launch);
    GS_CHECK_EQ(8, state.first_issue);
    GS_CHECK_EQ(base + 7u, c);
    c = run_chain1(100, 7, 1);
    GS_CHECK_EQ(108, state.first_issue);
    GS_CHECK_EQ(base + 107u, c);
}

/* load1 misses the I-cache and the line crosses the crossbar; a perfect
 * instruction cache sends nothing below the SM. */
static void test_perfect_icache(void)
{
    GS_CHECK(full_stat("load1", 0, "ldst_instruction_fetches") > 0);
    GS_CHECK_EQ(0, full_stat("load1", 1, "ldst_instruction_fetches"));
    GS_CHECK_EQ(0, full_stat("load1", 1, "gpgpu_icache_misses"));
}

/* const1's constant load: through the L1D without, the fixed path with. */
static void test_perfect_const_cache(void)
{
    GS_CHECK_EQ(1, full_stat("const1", 0, "ldst_l1_accesses"));
    GS_CHECK_EQ(0, full_stat("const1", 1, "ldst_l1_accesses"));
    GS_CHECK_EQ(1, full_stat("const1", 1, "ldst_const_perfect_accesses"));
}

/* Loose round robin. One fetch a cycle: warps 0..3 are fetched in cycles
 * 0..3 and first issue in 1..4. Four a cycle: all four are fetched in cycle
 * 0; the two schedulers (warps 0, 2 and 1, 3) issue one each in cycle 1,
 * the others in cycle 2. */
static void test_fetch_throughput(void)
{
    GS_CHECK(run_four_warps(1));
    GS_CHECK_EQ(1 + 1, state.warp_first[0]);
    GS_CHECK_EQ(2 + 1, state.warp_first[1]);
    GS_CHECK_EQ(3 + 1, state.warp_first[2]);
    GS_CHECK_EQ(4 + 1, state.warp_first[3]);
    GS_CHECK(run_four_warps(4));
    GS_CHECK_EQ(1 + 1, state.warp_first[0]);
    GS_CHECK_EQ(1 + 1, state.warp_first[1]);
    GS_CHECK_EQ(2 + 1, state.warp_first[2]);
    GS_CHECK_EQ(2 + 1, state.warp_first[3]);
}

int main(void)
{
    GS_RUN(test_launch_latency);
    GS_RUN(test_tb_launch_latency);
    GS_RUN(test_fetch_throughput);
    GS_RUN(test_perfect_icache);
    GS_RUN(test_perfect_const_cache);
    return gs_check_report();
}
