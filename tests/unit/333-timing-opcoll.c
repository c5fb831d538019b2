/*
 * The operand collector in the SM pipeline (src/core/sm.c, core/opcoll.h;
 * seed-004 section 1.2.6) and -gpgpu_dual_issue_diff_exec_units: exact
 * cycles on the PTX timing kernels (tests/ptx/timing, gtx480 defaults with
 * perfect memory and I-cache, as test 160, but with the collector on).
 *
 * With the collector an instruction issued at cycle t is read at t + 1 and
 * dispatched to its unit at t + 2 (no bank conflict). The configured latency
 * counts from issue: it includes that read stage (the published latencies
 * are dependent issue-to-issue figures; sm.c, README "Operand collector"),
 * so a conflict-free dependent chain of int adds still costs 4 cycles a
 * link; only an instruction whose latency is shorter than the stage (ret:
 * 1) is written back later, at its dispatch + 1.
 */
#include "timing_harness.h"

static th_run run;

static void oc_config(void)
{
    th_config(&run.cfg);
    run.cfg.operand_collector = 1;
}

static uint64_t cycles_of(const char *kernel, uint32_t block)
{
    return th_cycles_of(&run, kernel, 1, block);
}

/* gpu_sim_cycle, and statistic `name` in *value, of one CTA of `kernel`. */
static uint64_t run_stat(const char *kernel, uint32_t block, const char *name, uint64_t *value)
{
    uint64_t cycles = 0;
    *value = ~0ull;
    if (th_run_ptx(&run, kernel, 1, block, 0)) {
        cycles = th_stat(&run, "gpu_sim_cycle");
        *value = th_stat(&run, name);
    } else {
        th_report_failure(&run);
    }
    th_free(&run);
    return cycles;
}

static void test_chain_hides_the_register_read_stage(void)
{
    oc_config();
    GS_CHECK_EQ(4u * 1u + 2u, cycles_of("chain1", 32));
    GS_CHECK_EQ(4u * 8u + 2u, cycles_of("chain8", 32));
    GS_CHECK_EQ(4u * 16u + 2u, cycles_of("chain16", 32));
    oc_config();
    run.cfg.operand_collector = 0;   /* -gs_operand_collector 0: test 160's figure */
    GS_CHECK_EQ(4u * 16u + 2u, cycles_of("chain16", 32));
}

/* Four warps of chain16 on one LRR scheduler (test 160): latency-bound,
 * W + 4 * 16 + 1 without the collector; with it the last warp's ret (latency
 * 1) is written back 2 cycles later. Swizzled banks put the warps' copies of
 * a register in different banks: no conflict. Naive mapping puts them in one
 * bank, so the warps' reads and write-backs collide and the run is longer. */
static void lrr_four_warps(unsigned mapping)
{
    oc_config();
    run.cfg.n_sched_per_core = 1;
    run.cfg.scheduler.kind = GS_SCHED_LRR;
    run.cfg.reg_bank_mapping = mapping;
}

static void test_four_warps_and_bank_mapping(void)
{
    uint64_t conflicts, cycles;
    lrr_four_warps(1);
    cycles = run_stat("chain16", 128, "gpgpu_n_reg_bank_conflicts", &conflicts);
    GS_CHECK_EQ(4u + 4u * 16u + 1u + 2u, cycles);
    GS_CHECK_EQ(0, conflicts);
    /* naive: every warp's r1 in bank 1; the figures are this model's
     * (pinned), the mechanism shows in both conflict counters */
    lrr_four_warps(0);
    cycles = run_stat("chain16", 128, "gpgpu_n_reg_bank_conflicts", &conflicts);
    GS_CHECK_EQ(132, cycles);
    GS_CHECK_EQ(120, conflicts);
    lrr_four_warps(0);
    cycles = run_stat("chain16", 128, "gpgpu_n_reg_bank_wb_conflicts", &conflicts);
    GS_CHECK_EQ(123, conflicts);
}

/* indep_mul16, one warp: 16 muls each reading r1, then 16 shared stores and
 * ret: 36 cycles with the collector (test 312 without it: 35; the stores
 * and ret leave issue through a CU too). With one SP collector unit a mul
 * holds it from issue (t) to dispatch (t + 2), so the next mul issues at
 * t + 2: muls 2..16 each wait one cycle on a full collector, 15 stalls and
 * 15 cycles more. */
static void test_full_collector_stalls_the_warp(void)
{
    uint64_t stalls, cycles;
    oc_config();
    cycles = run_stat("indep_mul16", 32, "gpgpu_stall_collector_full", &stalls);
    GS_CHECK_EQ(36, cycles);
    GS_CHECK_EQ(0, stalls);
    oc_config();
    run.cfg.oc_units[0] = 1;   /* -gpgpu_operand_collector_num_units_sp 1 */
    cycles = run_stat("indep_mul16", 32, "gpgpu_stall_collector_full", &stalls);
    GS_CHECK_EQ(36u + 15u, cycles);
    GS_CHECK_EQ(15, stalls);
}

/* -gpgpu_max_insn_issue_per_warp 2 on indep_add16 (16 adds on the SP units,
 * II 1, two units; then stores and ret), collector off to isolate issue:
 * with -gpgpu_dual_issue_diff_exec_units 1 two adds never pair (same unit
 * kind), so the run is the single-issue run; with 0 they pair. */
static void test_dual_issue_needs_different_units(void)
{
    uint64_t single;
    th_config(&run.cfg);
    single = cycles_of("indep_add16", 32);
    GS_CHECK_EQ(35, single);
    th_config(&run.cfg);
    run.cfg.max_insn_issue_per_warp = 2;
    GS_CHECK_EQ(single, cycles_of("indep_add16", 32));
    th_config(&run.cfg);
    run.cfg.max_insn_issue_per_warp = 2;
    run.cfg.dual_issue_diff_exec_units = 0;
    /* adds in pairs at cycles 1..8: the stores (one per cycle on the LD/ST
     * port) start 8 cycles earlier */
    GS_CHECK_EQ(single - 8u, cycles_of("indep_add16", 32));
}

/* Sub-core model, 2 schedulers with one SP unit each (mul II 2): warps 0
 * and 1 (one per scheduler, fetched a cycle apart) run indep_mul16 side by
 * side, each on its own SP unit, so warp 1 commits each mul exactly one
 * cycle after warp 0 (a busy unit of scheduler 0 must not hold scheduler
 * 1's collector units); each warp's muls commit every 2 cycles. */
static void test_sub_core_units_do_not_block_each_other(void)
{
    uint64_t at[2][16];
    uint32_t n[2] = { 0, 0 }, i, k;
    oc_config();
    run.cfg.sub_core_model = 1;
    run.cfg.num_sp_units = 2;
    run.cfg.num_sfu_units = 2;
    GS_CHECK(th_run_ptx(&run, "indep_mul16", 1, 64, 1));
    for (i = 0; i < run.num_commits; i++) {
        uint32_t w = run.commits[i].warp, inst = run.commits[i].pc / 8u;
        if (w < 2u && inst < 16u && n[w] < 16u)
            at[w][n[w]++] = run.commits[i].cycle;
    }
    th_free(&run);
    GS_CHECK_EQ(16, n[0]);
    GS_CHECK_EQ(16, n[1]);
    for (k = 0; k < 16u && n[0] == 16u && n[1] == 16u; k++) {
        GS_CHECK_EQ(at[0][k] + 1u, at[1][k]);
        if (k > 0)
            GS_CHECK_EQ(at[0][k - 1] + 2u, at[0][k]);
    }
}

int main(void)
{
    GS_RUN(test_chain_hides_the_register_read_stage);
    GS_RUN(test_four_warps_and_bank_mapping);
    GS_RUN(test_full_collector_stalls_the_warp);
    GS_RUN(test_dual_issue_needs_different_units);
    GS_RUN(test_sub_core_units_do_not_block_each_other);
    return gs_check_report();
}
