/*
 * Exact-cycle tests of the sub-core model and of Accel-Sim's trace.config
 * timing on whole SMs, driven by hand-written traces (core/exec_unit.h,
 * core/sm.c, sim/sim_config.c; spec/formats.md 1.6 and 2.5).
 *
 * Configuration: the gtx480 defaults with perfect memory and I-cache
 * (trace_timing_harness.h). Launch overhead as in tests 160/290: the warp is
 * fetched in cycle 0 and first issues in cycle 1; gpu_sim_cycle = E + 1 with
 * E the write-back cycle of the last result; EXIT is a control instruction
 * (latency 1, II 1) on the SP pipeline.
 */
#include "trace_timing_harness.h"

static tt_run run;
static tt_text text;

/* W warps (one CTA), each N independent FFMAs (R4.. <- R1 R2 R3) and EXIT. */
static void independent_kernel(uint32_t warps, uint32_t n)
{
    uint32_t w, i;
    char line[64];
    tt_header(&text, 1, 32u * warps, 0, 32);
    tt_block(&text, 0);
    for (w = 0; w < warps; w++) {
        tt_warp(&text, w, n + 1u);
        for (i = 0; i < n; i++) {
            snprintf(line, sizeof line, "1 R%u FFMA 3 R1 R2 R3 0 0", (unsigned)(4u + i));
            tt_inst(&text, 16u * i, line);
        }
        tt_inst(&text, 16u * n, "0 EXIT 0 0 0");
    }
    tt_end_block(&text);
}

/* 4 schedulers, 4 SP and 4 SFU units (both multiples of 4), FFMA (FP MAD)
 * latency 5 and II 2. */
static void four_subcores(uint32_t sub_core)
{
    tt_config(&run.cfg);
    run.cfg.n_sched_per_core = 4;
    run.cfg.num_sp_units = 4;
    run.cfg.num_sfu_units = 4;
    run.cfg.initiation_fp.values[3] = 2;
    run.cfg.sub_core_model = sub_core;
}

/* One warp (slot 0: scheduler 0), 16 independent FFMAs.
 * Sub-core off: the 4 SP units serve it in turn, one issue per cycle:
 * FFMAs in cycles 1..16, EXIT 17; the last FFMA is written back in
 * 16 + 5 = 21: 22 cycles.
 * Sub-core on: scheduler 0 owns SP unit 0 alone, II 2: FFMAs in 1, 3, .., 31,
 * EXIT (also on unit 0) in 33; the last FFMA written back in 36: 37 cycles. */
static void test_one_warp_gets_one_unit(void)
{
    independent_kernel(1, 16);
    four_subcores(0);
    GS_CHECK_EQ(22u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
    four_subcores(1);
    GS_CHECK_EQ(37u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
}

/* Four warps in slots 0..3 (schedulers 0..3), fetched in cycles 0..3.
 * Sub-core on: each has its own scheduler and SP unit, so each runs exactly
 * as the lone warp above, shifted by its fetch cycle: warp 3's last FFMA is
 * written back in 36 + 3 = 39: 40 cycles; 4 x 17 instructions in 40 cycles
 * against 17 in 37: four times the single-unit throughput.
 * Sub-core off: the four schedulers share 4 units of II 2. A scheduler
 * issues at most once per cycle and warp k is ready from cycle k + 1, so
 * one unit can start in cycle 1, two more in cycle 2 and the last in 3; by
 * cycle 32 they can have started 16 + 16 + 16 + 15 = 63 FFMAs, so the 64th
 * starts in cycle 33 at the earliest and is written back in 38: at least 39
 * cycles, and the run meets that bound (the EXITs fit in free unit slots):
 * the same rate as with sub-cores. */
static void test_four_warps_get_four_units(void)
{
    independent_kernel(4, 16);
    four_subcores(1);
    GS_CHECK_EQ(40u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
    four_subcores(0);
    GS_CHECK_EQ(39u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
}

/* A dependent chain (R1 <- R1) of n FFMAs: each waits for the previous one,
 * so with latency L the last is written back in 1 + nL: nL + 2 cycles. A
 * trace.config pair for FP32 (-trace_opcode_latency_initiation_sp 9,1)
 * replaces the -ptx_opcode_latency_fp figure (MAD 5) in trace runs. */
static void test_trace_latency_chain(void)
{
    tt_header(&text, 1, 32, 0, 16);
    tt_block(&text, 0);
    tt_chain_warp(&text, 0, 10);
    tt_end_block(&text);
    tt_config(&run.cfg);
    GS_CHECK_EQ(10u * 5u + 2u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
    tt_config(&run.cfg);
    run.cfg.trace_sp.count = 2;
    run.cfg.trace_sp.values[0] = 9;
    run.cfg.trace_sp.values[1] = 1;
    GS_CHECK_EQ(10u * 9u + 2u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
    tt_config(&run.cfg);   /* another class's pair does not touch FP32 */
    run.cfg.trace_int.count = 2;
    run.cfg.trace_int.values[0] = 9;
    run.cfg.trace_int.values[1] = 1;
    GS_CHECK_EQ(10u * 5u + 2u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
}

/* Enable the four specialized units of the published A100 trace.config
 * (a binary-version-80 trace needs all four kinds), each with `units`
 * units; unit `k` (0-based) gets latency,II = lat,ii, the others 4,1. */
static void spec_config(uint32_t units, uint32_t k, uint32_t lat, uint32_t ii)
{
    static const char *const names[4] = { "BRA", "TEX", "TENSOR", "UDP" };
    uint32_t i;
    tt_config(&run.cfg);
    for (i = 0; i < 4u; i++) {
        gs_spec_unit_cfg *u = &run.cfg.spec_units[i];
        u->enabled = 1;
        u->num_units = units;
        u->max_latency = 256;
        u->id_oc_width = u->oc_ex_width = 4;
        strcpy(u->name, names[i]);
        run.cfg.spec_latency[i].count = 2;
        run.cfg.spec_latency[i].values[0] = i == k ? lat : 4u;
        run.cfg.spec_latency[i].values[1] = i == k ? ii : 1u;
    }
}

/* One warp: 8 copies of `line` (independent, no destination) then EXIT. */
static void repeat_kernel(const char *line)
{
    uint32_t i;
    tt_header(&text, 1, 32, 0, 16);
    tt_block(&text, 0);
    tt_warp(&text, 0, 9);
    for (i = 0; i < 8u; i++)
        tt_inst(&text, 16u * i, line);
    tt_inst(&text, 0x80, "0 EXIT 0 0 0");
    tt_end_block(&text);
}

/* 8 BRAs. Without specialized units a BRA is a control instruction
 * (1 cycle, II 1 on the SP units): BRAs in 1..8, EXIT 9, written back in 10:
 * 11 cycles. On one BRA unit with latency 4 and II 4: BRAs in 1, 5, .., 29,
 * the last written back in 33, EXIT issued in 30: 34 cycles = 4 * 8 + 2;
 * II 2: BRAs in 1, 3, .., 15, written back in 19: 20 cycles; two BRA units
 * with II 4 issue in 1, 2, 5, 6, .., 13, 14: written back in 18: 19 cycles. */
static void test_bra_unit_initiation_interval(void)
{
    repeat_kernel("0 BRA 0 0 0");
    tt_config(&run.cfg);
    GS_CHECK_EQ(11u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
    spec_config(1, 0, 4, 4);
    GS_CHECK_EQ(34u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
    spec_config(1, 0, 4, 2);
    GS_CHECK_EQ(20u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
    spec_config(2, 0, 4, 4);
    GS_CHECK_EQ(19u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
}

/* 8 uniform-datapath ULDCs (no destination): the UDP unit (1 unit, latency
 * 4, II 3): issues in 1, 4, .., 22, the last written back in 26: 27 cycles. */
static void test_udp_unit_initiation_interval(void)
{
    repeat_kernel("0 ULDC.64 0 0 0");
    spec_config(1, 3, 4, 3);
    GS_CHECK_EQ(27u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
}

/* 8 independent TEX (R4.. <- R2 R3, no addresses). On the TEX unit (1 unit,
 * latency 200, II 4): issues in 1, 5, .., 29, the last written back in 229:
 * 230 cycles; none takes the address-less LD/ST path. With one destination
 * register for all eight, each waits for the previous one (WAW): issues in
 * 1, 201, .., 1401, the last written back in 1601: 1602 cycles. */
static void test_tex_unit(void)
{
    uint32_t i;
    char line[64];
    repeat_kernel("1 R4 TEX.SCR.LL 2 R2 R3 0 0");
    spec_config(1, 1, 200, 4);
    GS_CHECK_EQ(1602u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
    tt_header(&text, 1, 32, 0, 16);
    tt_block(&text, 0);
    tt_warp(&text, 0, 9);
    for (i = 0; i < 8u; i++) {
        snprintf(line, sizeof line, "1 R%u TEX.SCR.LL 2 R2 R3 0 0", (unsigned)(4u + i));
        tt_inst(&text, 16u * i, line);
    }
    tt_inst(&text, 0x80, "0 EXIT 0 0 0");
    tt_end_block(&text);
    spec_config(1, 1, 200, 4);
    GS_CHECK_EQ(230u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
    spec_config(1, 1, 200, 4);
    GS_CHECK_EQ(0u, tt_run_stat(&run, &text, "trace_addressless_mem_insts"));
}

/* A configuration that enables some specialized units must have a unit for
 * every instruction the kernel holds: a UDP opcode with no UDP unit is an
 * error naming the opcode and the file, line and column of its first
 * occurrence (line 20: the header, block and warp lines come first); a
 * kernel of the same binary version without one runs. */
static void test_missing_unit_is_an_error(void)
{
    char line[1024];
    repeat_kernel("0 UMOV 0 0 0");
    spec_config(1, 0, 4, 4);
    run.cfg.spec_units[3].enabled = 0;   /* no UDP */
    GS_CHECK_EQ(GS_E_CONFIG, tt_simulate(&run, &text));
    gs_diag_render(&run.diag, line, sizeof line);
    GS_CHECK(strstr(line, "kernel-1.traceg:20:17: error: opcode 'UMOV' runs on a specialized "
                          "unit named UDP") != NULL);
    tt_free(&run);
}

static void test_missing_unit_unused_is_fine(void)
{
    repeat_kernel("0 BRA 0 0 0");
    spec_config(1, 0, 4, 4);
    run.cfg.spec_units[3].enabled = 0;   /* no UDP, and no UDP opcode */
    GS_CHECK_EQ(34u, tt_run_stat(&run, &text, "gpu_sim_cycle"));
}

int main(void)
{
    GS_RUN(test_one_warp_gets_one_unit);
    GS_RUN(test_four_warps_get_four_units);
    GS_RUN(test_trace_latency_chain);
    GS_RUN(test_bra_unit_initiation_interval);
    GS_RUN(test_udp_unit_initiation_interval);
    GS_RUN(test_tex_unit);
    GS_RUN(test_missing_unit_is_an_error);
    GS_RUN(test_missing_unit_unused_is_fine);
    return gs_check_report();
}
