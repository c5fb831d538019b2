/*
 * End to end under the timing model (src/sim/gpu.c; issue "SIMT core timing
 * model"): every embedded example workload produces the same output bytes and
 * the same warp-instruction count as the functional executor; two runs give
 * the same digest; jumping the clock over idle cycles (-gs_clock_jump 1)
 * changes no statistic; a barrier that can never complete ends in the
 * watchdog.
 */
#define TH_WORKLOADS
#include "timing_harness.h"

static th_run run;

static const char *const names[] = {
    "vectoradd", "syrk", "conv2d", "reduce", "bfs", "histogram", "diverge", "floatops"
};

static void test_timing_output_equals_functional(void)
{
    unsigned i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        th_wl_result f, t;
        th_config(&run.cfg);
        run.cfg.perfect_icache = 0;
        if (!th_run_workload(&run, names[i], 0, &f) || !th_run_workload(&run, names[i], 1, &t)) {
            printf("  workload %s\n", names[i]);
            th_report_failure(&run);
            continue;
        }
        GS_CHECK_EQ(f.data_hash, t.data_hash);
        GS_CHECK_EQ(f.data_bytes, t.data_bytes);
        GS_CHECK_EQ(f.warp_insts, t.warp_insts);
        GS_CHECK(t.cycles > 0);
    }
}

/* The same, with the full memory system (coalescer, L1D, crossbar, L2,
 * DRAM) in place of perfect memory: timing never changes a result. */
static void test_full_memory_output_equals_functional(void)
{
    unsigned i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        th_wl_result f, t;
        th_config(&run.cfg);
        run.cfg.perfect_icache = 0;
        run.cfg.perfect_mem = 0;
        if (!th_run_workload(&run, names[i], 0, &f) || !th_run_workload(&run, names[i], 1, &t)) {
            printf("  workload %s (full memory)\n", names[i]);
            th_report_failure(&run);
            continue;
        }
        GS_CHECK_EQ(f.data_hash, t.data_hash);
        GS_CHECK_EQ(f.data_bytes, t.data_bytes);
        GS_CHECK_EQ(f.warp_insts, t.warp_insts);
        GS_CHECK(t.cycles > 0);
    }
}

static void test_two_runs_same_digest(void)
{
    th_wl_result a, b;
    th_config(&run.cfg);
    run.cfg.perfect_icache = 0;
    GS_CHECK(th_run_workload(&run, "bfs", 1, &a));
    GS_CHECK(th_run_workload(&run, "bfs", 1, &b));
    GS_CHECK_EQ(a.digest, b.digest);
    GS_CHECK_EQ(a.cycles, b.cycles);
}

/* Same statistics, every one of them, with and without the clock jump;
 * I-cache misses, barriers and long SFU/DP latencies make SMs sleep. */
static void test_clock_jump_is_invisible(void)
{
    static const char *const jump_names[] = { "syrk", "reduce", "histogram", "floatops" };
    unsigned i;
    for (i = 0; i < 4; i++) {
        th_wl_result on, off;
        th_config(&run.cfg);
        run.cfg.perfect_icache = 0;
        run.cfg.sample_cycles = 50;
        run.cfg.clock_jump = 1;
        GS_CHECK(th_run_workload(&run, jump_names[i], 1, &on));
        run.cfg.clock_jump = 0;
        GS_CHECK(th_run_workload(&run, jump_names[i], 1, &off));
        GS_CHECK_EQ(off.digest, on.digest);
        GS_CHECK_EQ(off.cycles, on.cycles);
    }

}

/* bar.sync 0, 64 in a one-warp CTA: the bar issues in cycle 1 and completes
 * in cycle 2 (the last progress); the watchdog ends the launch when the clock
 * passes 2 + -gs_watchdog_cycles, with or without the clock jump. */
static void test_watchdog_ends_a_deadlock(void)
{
    int jump;
    uint64_t cycles[2];
    for (jump = 0; jump < 2; jump++) {
        th_config(&run.cfg);
        run.cfg.watchdog_cycles = 1000;
        run.cfg.clock_jump = (uint32_t)jump;
        GS_CHECK(!th_run_ptx(&run, "deadlock", 1, 32, 0));
        GS_CHECK(gs_sim_watchdog_fired(&run.gpu));
        GS_CHECK(strstr(run.diag.message, "watchdog") != NULL);
        cycles[jump] = run.gpu.cycle;
        th_free(&run);
    }
    GS_CHECK_EQ(cycles[0], cycles[1]);
    GS_CHECK_EQ(2u + 1000u + 1u, cycles[0]);
}

int main(void)
{
    (void)th_stat;   /* harness helper this file does not need */
    GS_RUN(test_timing_output_equals_functional);
    GS_RUN(test_full_memory_output_equals_functional);
    GS_RUN(test_two_runs_same_digest);
    GS_RUN(test_clock_jump_is_invisible);
    GS_RUN(test_watchdog_ends_a_deadlock);
    return gs_check_report();
}
