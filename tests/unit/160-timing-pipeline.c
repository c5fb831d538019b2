/*
 * Exact-cycle tests of the SM pipeline (src/core/sm.c; issue "SIMT core
 * timing model"): dependent chains, latency hiding by independent warps,
 * initiation intervals. gtx480 defaults with perfect memory and I-cache.
 *
 * The fixed overhead of a launch is 2 cycles: the CTA is dispatched and its
 * warp fetches/decodes in cycle 0, the first instruction issues in cycle 1;
 * gpu_sim_cycle counts cycles 0..E where E is the write-back cycle of the
 * last result. So one warp running N dependent int adds (latency 4, no
 * issue-to-execute stage) takes exactly 4N + 2 cycles; the trailing `ret`
 * (control, latency 1) issues right after the last add and completes first.
 */
#include "timing_harness.h"

static th_run run;

static uint64_t cycles_of(const char *kernel, uint32_t grid, uint32_t block)
{
    return th_cycles_of(&run, kernel, grid, block);
}

static void test_chain_is_n_times_latency_plus_two(void)
{
    th_config(&run.cfg);
    GS_CHECK_EQ(4u * 1u + 2u, cycles_of("chain1", 1, 32));
    GS_CHECK_EQ(4u * 8u + 2u, cycles_of("chain8", 1, 32));
    GS_CHECK_EQ(4u * 16u + 2u, cycles_of("chain16", 1, 32));
}

static void test_chain_follows_the_configured_latency(void)
{
    th_config(&run.cfg);
    run.cfg.latency_int.values[0] = 7;   /* ADD */
    GS_CHECK_EQ(7u * 16u + 2u, cycles_of("chain16", 1, 32));
}

/* W warps, one LRR scheduler: warp k is fetched in cycle k and first issues in
 * cycle k + 1; with W <= latency (4) the chains interleave without conflict,
 * so the last warp's last result is written back in cycle W + 4N:
 * W + 4N + 1 cycles (latency-bound). The issue bound is one instruction per
 * cycle: 17W instructions (16 adds and a ret each) from cycle 1, the last
 * written back one cycle after it issues: 17W + 2 cycles. The run takes the
 * larger: at W = 4 = latency every cycle issues and the rets queue last. */
static void lrr_one_scheduler(void)
{
    th_config(&run.cfg);
    run.cfg.n_sched_per_core = 1;
    run.cfg.scheduler.kind = GS_SCHED_LRR;
}

static void test_independent_warps_hide_latency(void)
{
    uint32_t w;
    for (w = 1; w <= 4; w++) {
        uint64_t latency_bound = w + 4u * 16u + 1u, issue_bound = 17u * w + 2u;
        lrr_one_scheduler();
        GS_CHECK_EQ(latency_bound > issue_bound ? latency_bound : issue_bound,
                    cycles_of("chain16", 1, 32u * w));
    }
    lrr_one_scheduler();   /* 3 warps: latency-bound, 68 */
    GS_CHECK_EQ(68u, cycles_of("chain16", 1, 96));
}

/* The same under GTO: when a warp issues its last add, its `ret` (no
 * operands) is ready in the next cycle and greed takes that slot from the
 * next warp, so each earlier warp delays the last one by a cycle:
 * W + 4N + (W - 1) + 1 = 4N + 2W cycles. */
static void test_gto_greed_at_the_tail(void)
{
    uint32_t w;
    for (w = 1; w <= 4; w++) {
        th_config(&run.cfg);
        run.cfg.n_sched_per_core = 1;
        GS_CHECK_EQ(4u * 16u + 2u * w, cycles_of("chain16", 1, 32u * w));
    }
}

/* 8 warps > latency 4 under LRR: each warp issues every 8 cycles, one warp
 * instruction per cycle: warp k's instruction j (17 per warp: 16 adds, ret)
 * issues in cycle 1 + k + 8j; the last ret (k = 7, j = 16) in cycle 136,
 * written back in 137 (control latency 1): 138 cycles = 8 * 17 + 2. */
static void test_more_warps_than_latency_is_issue_bound(void)
{
    lrr_one_scheduler();
    GS_CHECK_EQ(8u * 17u + 2u, cycles_of("chain16", 1, 256));
}

/* One SP unit: 16 independent int adds (II 1) or muls (II 2, latency 4), then
 * 16 shared stores of the results (one per cycle through the LD/ST port, in
 * order), then ret. The last add/mul issues in cycle L = 1 + II * 15; the
 * stores in L+1 .. L+16 (their operands are long written back), the ret in
 * L+17, written back in L+18: L + 19 cycles. */
static uint64_t ii_cycles(uint32_t ii)
{
    return 1u + ii * 15u + 19u;
}

static void test_initiation_interval_limits_throughput(void)
{
    th_config(&run.cfg);
    run.cfg.num_sp_units = 1;
    GS_CHECK_EQ(ii_cycles(1), cycles_of("indep_add16", 1, 32));
    th_config(&run.cfg);
    run.cfg.num_sp_units = 1;
    GS_CHECK_EQ(ii_cycles(2), cycles_of("indep_mul16", 1, 32));
    th_config(&run.cfg);
    run.cfg.num_sp_units = 1;
    run.cfg.initiation_int.values[2] = 3;   /* MUL */
    GS_CHECK_EQ(ii_cycles(3), cycles_of("indep_mul16", 1, 32));
    th_config(&run.cfg);   /* two SP units hide an II of 2 */
    GS_CHECK_EQ(ii_cycles(1), cycles_of("indep_mul16", 1, 32));
}

int main(void)
{
    GS_RUN(test_chain_is_n_times_latency_plus_two);
    GS_RUN(test_chain_follows_the_configured_latency);
    GS_RUN(test_independent_warps_hide_latency);
    GS_RUN(test_gto_greed_at_the_tail);
    GS_RUN(test_more_warps_than_latency_is_issue_bound);
    GS_RUN(test_initiation_interval_limits_throughput);
    return gs_check_report();
}
