/*
 * Accel-Sim traces under the timing model (issue 7; core/frontend.h,
 * sim/frontend_trace.c, sim/gpu_trace.c, the address-less path of
 * core/sm.c): exact instruction counts, latency arithmetic through the trace
 * front end, the fixed-latency path of memory instructions without
 * addresses, occupancy from the trace header, timing barriers, decode
 * faults, and identical digests of repeated runs. Configuration: the gtx480
 * defaults with perfect memory and I-cache unless a test says otherwise.
 */
#include "trace_timing_harness.h"

static tt_run run;
static tt_text text;

static uint32_t fp_mad_latency(const gs_config *cfg)
{
    return cfg->latency_fp.values[cfg->latency_fp.count > 3u ? 3u : cfg->latency_fp.count - 1u];
}

/* 4 CTAs of 2 warps, each 5 FFMAs + EXIT: every line is one warp instruction. */
static void test_counts(void)
{
    uint32_t b;
    tt_header(&text, 4, 64, 0, 16);
    for (b = 0; b < 4u; b++) {
        tt_block(&text, b);
        tt_chain_warp(&text, 0, 5);
        tt_chain_warp(&text, 1, 5);
        tt_end_block(&text);
    }
    GS_CHECK_EQ(48u, text.lines);
    tt_config(&run.cfg);
    GS_CHECK_EQ(GS_OK, tt_simulate(&run, &text));
    GS_CHECK_EQ(48u, tt_stat(&run, "gpgpu_n_tot_w_icount"));
    GS_CHECK_EQ(48u * 32u, tt_stat(&run, "gpu_sim_insn"));
    GS_CHECK_EQ(4u, tt_stat(&run, "gpu_ctas_launched"));
    GS_CHECK_EQ(1u, tt_stat(&run, "gpu_kernels_launched"));
    GS_CHECK_EQ(1u, tt_stat(&run, "trace_kernels"));
    GS_CHECK_EQ(1u, tt_stat(&run, "trace_memcpy"));
    GS_CHECK_EQ(4096u, tt_stat(&run, "trace_memcpy_bytes"));
    GS_CHECK_EQ(0u, tt_stat(&run, "trace_addressless_mem_insts"));
    /* 4 CTAs on 15 SMs: SMs 0..3 get one each (round robin) */
    GS_CHECK_EQ(12u, tt_stat(&run, "sm0_warp_insts"));
    GS_CHECK_EQ(12u, tt_stat(&run, "sm3_warp_insts"));
    GS_CHECK_EQ(0u, tt_stat(&run, "sm4_warp_insts"));
    tt_free(&run);
}

/* A chain of dependent FFMAs: 20 more of them take exactly 20 FP MAD latencies. */
static void test_chain_latency(void)
{
    uint64_t short_cycles, long_cycles;
    tt_config(&run.cfg);
    tt_header(&text, 1, 32, 0, 16);
    tt_block(&text, 0);
    tt_chain_warp(&text, 0, 10);
    tt_end_block(&text);
    short_cycles = tt_run_stat(&run, &text, "gpu_sim_cycle");
    tt_header(&text, 1, 32, 0, 16);
    tt_block(&text, 0);
    tt_chain_warp(&text, 0, 30);
    tt_end_block(&text);
    long_cycles = tt_run_stat(&run, &text, "gpu_sim_cycle");
    GS_CHECK_EQ(5u, fp_mad_latency(&run.cfg));
    GS_CHECK_EQ(20u * 5u, long_cycles - short_cycles);
}

/* TEX (no addresses) then a dependent FFMA then EXIT. */
static void tex_kernel(tt_text *t, const char *memory_line)
{
    tt_header(t, 1, 32, 0, 16);
    tt_block(t, 0);
    tt_warp(t, 0, 3);
    tt_inst(t, 0x00, memory_line);
    tt_inst(t, 0x10, "1 R5 FFMA 3 R4 R2 R3 0 0");
    tt_inst(t, 0x20, "0 EXIT 0 0 0");
    tt_end_block(t);
}

static uint64_t tex_cycles(const char *line, uint32_t latency, uint32_t perfect_mem)
{
    tt_config(&run.cfg);
    run.cfg.trace_tex_latency = latency;
    run.cfg.perfect_mem = perfect_mem;
    tex_kernel(&text, line);
    return tt_run_stat(&run, &text, "gpu_sim_cycle");
}

/* The fixed-latency path: the dependent instruction waits exactly the
 * configured latency, with perfect or full memory (sm.c). */
static void test_addressless_fixed_latency(void)
{
    static const char *const lines[2] = {
        "1 R4 TEX.SCR.LL 2 R2 R3 0 0",   /* texture: never addresses */
        "1 R4 LDG.E 1 R2 0 0"            /* a load traced with mem_width 0 */
    };
    uint32_t i, mem;
    for (i = 0; i < 2u; i++)
        for (mem = 0; mem < 2u; mem++) {
            uint64_t a = tex_cycles(lines[i], 200, mem), b = tex_cycles(lines[i], 300, mem);
            GS_CHECK(a != ~0ull && b != ~0ull);
            GS_CHECK_EQ(100u, b - a);
        }
    tt_config(&run.cfg);
    tex_kernel(&text, lines[0]);
    GS_CHECK_EQ(1u, tt_run_stat(&run, &text, "trace_addressless_mem_insts"));
    /* the path's latency bounds the run from below: issue + 200 + FFMA + EXIT */
    GS_CHECK(tex_cycles(lines[0], 200, 1) > 200u + 5u);
    GS_CHECK(tex_cycles(lines[0], 200, 1) < 200u + 5u + 10u);
}

/* One CTA shape, `grid` CTAs of one EXIT per warp. */
static void exit_kernel(tt_text *t, uint32_t grid, uint32_t block, uint32_t shmem,
                        uint32_t nregs)
{
    uint32_t b, w;
    tt_header(t, grid, block, shmem, nregs);
    for (b = 0; b < grid; b++) {
        tt_block(t, b);
        for (w = 0; w < (block + 31u) / 32u; w++) {
            tt_warp(t, w, 1);
            tt_inst(t, 0, "0 EXIT 0 0 0");
        }
        tt_end_block(t);
    }
}

static void check_occupancy(uint32_t block, uint32_t shmem, uint32_t nregs, uint32_t ctas,
                            const char *limited_by)
{
    tt_config(&run.cfg);
    exit_kernel(&text, 40, block, shmem, nregs);
    GS_CHECK_EQ(GS_OK, tt_simulate(&run, &text));
    GS_CHECK_EQ(ctas, tt_stat(&run, "kernel_ctas_per_sm"));
    GS_CHECK_EQ(1u, tt_stat(&run, limited_by));
    GS_CHECK_EQ(text.lines, tt_stat(&run, "gpgpu_n_tot_w_icount"));
    GS_CHECK_EQ(40u, tt_stat(&run, "gpu_ctas_launched"));
    tt_free(&run);
}

/* gtx480: 32768 registers, 48 KB shared memory, 1536 threads, 8 CTA slots. */
static void test_occupancy_from_header(void)
{
    check_occupancy(256, 0, 64, 2, "kernel_limited_by_registers");    /* 16384 per CTA */
    check_occupancy(256, 20000, 16, 2, "kernel_limited_by_shmem");    /* 49152 / 20000 */
    check_occupancy(1024, 0, 16, 1, "kernel_limited_by_threads");     /* 1536 / 1024 */
    check_occupancy(32, 0, 16, 8, "kernel_limited_by_cta_slots");
}

typedef struct commit_log {
    uint64_t w0_after_bar;   /* warp 0's FFMA after its barrier */
    uint64_t w1_bar;         /* warp 1's barrier */
} commit_log;

static void on_commit(void *ctx, const gs_event *ev)
{
    commit_log *log = (commit_log *)ctx;
    if (ev->origin.sm != 0)
        return;
    if (ev->origin.warp == 0 && ev->origin.pc == 0x10)
        log->w0_after_bar = ev->cycle;
    if (ev->origin.warp == 1 && ev->origin.pc == 0x1000)
        log->w1_bar = ev->cycle;
}

/* BAR holds warp 0 until warp 1, 20 dependent FFMAs later, arrives too. */
static void test_barrier(void)
{
    commit_log log;
    uint32_t i;
    tt_header(&text, 1, 64, 0, 16);
    tt_block(&text, 0);
    tt_warp(&text, 0, 3);
    tt_inst(&text, 0x00, "0 BAR.SYNC.DEFER_BLOCKING 0 0 0");
    tt_inst(&text, 0x10, "1 R5 FFMA 3 R4 R2 R3 0 0");
    tt_inst(&text, 0x20, "0 EXIT 0 0 0");
    tt_warp(&text, 1, 22);
    for (i = 0; i < 20u; i++)
        tt_inst(&text, 0x10 * i, "1 R1 FFMA 3 R1 R2 R3 0 0");
    tt_inst(&text, 0x1000, "0 BAR.SYNC.DEFER_BLOCKING 0 0 0");
    tt_inst(&text, 0x1010, "0 EXIT 0 0 0");
    tt_end_block(&text);
    memset(&log, 0, sizeof log);
    tt_config(&run.cfg);
    run.hook = on_commit;
    run.hook_ctx = &log;
    GS_CHECK_EQ(GS_OK, tt_simulate(&run, &text));
    run.hook = NULL;
    GS_CHECK_EQ(25u, tt_stat(&run, "gpgpu_n_tot_w_icount"));
    /* BAR reads no register: it issues right after the 20th FFMA, which
     * waited for 19 latencies */
    GS_CHECK(log.w1_bar >= 19u * 5u);
    GS_CHECK(log.w0_after_bar > log.w1_bar);
    tt_free(&run);
}

static uint32_t line_of(const tt_text *t, const char *needle)
{
    const char *at = strstr(t->kernel, needle), *p;
    uint32_t line = 1;
    for (p = t->kernel; at && p < at; p++)
        line += *p == '\n';
    return at ? line : 0;
}

/* A malformed line is found when the warp decodes it: the run stops with it. */
static void test_decode_fault(void)
{
    gs_status st;
    tt_header(&text, 1, 64, 0, 16);
    tt_block(&text, 0);
    tt_chain_warp(&text, 0, 3);
    tt_warp(&text, 1, 2);
    tt_inst(&text, 0x00, "1 R1 FFMA 3 R1 R2 R3 0 0");
    tt_add(&text, "0010 fffzffff 0 EXIT 0 0 0\n");
    tt_end_block(&text);
    tt_config(&run.cfg);
    st = tt_simulate(&run, &text);
    GS_CHECK_EQ(GS_E_TRACE, st);
    GS_CHECK_STR("mem/kernel-1.traceg", run.diag.file);
    GS_CHECK_EQ(line_of(&text, "0010 fffz"), run.diag.line);
    tt_free(&run);
}

/* A malformed first line is found by the fetch stage's look-ahead (I-cache
 * on) or by decode (perfect I-cache): the same error either way. */
static void test_fetch_fault(void)
{
    uint32_t perfect;
    for (perfect = 0; perfect < 2u; perfect++) {
        tt_header(&text, 1, 32, 0, 16);
        tt_block(&text, 0);
        tt_warp(&text, 0, 2);
        tt_add(&text, "0000 ffffffff 1 R1 FROB 3 R1 R2 R3 0 0\n");
        tt_inst(&text, 0x10, "0 EXIT 0 0 0");
        tt_end_block(&text);
        tt_config(&run.cfg);
        run.cfg.perfect_icache = perfect;
        GS_CHECK_EQ(GS_E_TRACE, tt_simulate(&run, &text));
        GS_CHECK_EQ(line_of(&text, "FROB"), run.diag.line);
        GS_CHECK(strstr(run.diag.message, "unknown opcode 'FROB'") != NULL);
        tt_free(&run);
    }
}

static void test_zero_insts_rejected(void)
{
    tt_header(&text, 1, 32, 0, 16);
    tt_block(&text, 0);
    tt_warp(&text, 0, 0);
    tt_end_block(&text);
    tt_config(&run.cfg);
    GS_CHECK_EQ(GS_E_TRACE, tt_simulate(&run, &text));
    GS_CHECK(strstr(run.diag.message, "'insts = 0'") != NULL);
    tt_free(&run);
}

/* Loads and stores with addresses through the full memory system: exact
 * counts, and two runs give the same digest. */
static void test_full_memory_repeatable(void)
{
    uint64_t digest[2];
    uint32_t b, w, k;
    char line[160];
    tt_header(&text, 30, 128, 0, 16);
    for (b = 0; b < 30u; b++) {
        tt_block(&text, b);
        for (w = 0; w < 4u; w++) {
            unsigned long long base = 0x7f0000000000ull + (b * 4u + w) * 128u;
            tt_warp(&text, w, 4);
            snprintf(line, sizeof line, "1 R4 LDG.E 1 R2 4 1 0x%llx 4 0", base);
            tt_inst(&text, 0x00, line);
            tt_inst(&text, 0x10, "1 R5 FFMA 3 R4 R4 R4 0 0");
            snprintf(line, sizeof line, "0 STG.E 2 R6 R5 4 1 0x%llx 4 0", base + 0x100000u);
            tt_inst(&text, 0x20, line);
            tt_inst(&text, 0x30, "0 EXIT 0 0 0");
        }
        tt_end_block(&text);
    }
    for (k = 0; k < 2u; k++) {
        tt_config(&run.cfg);
        run.cfg.perfect_mem = 0;
        GS_CHECK_EQ(GS_OK, tt_simulate(&run, &text));
        GS_CHECK_EQ(480u, tt_stat(&run, "gpgpu_n_tot_w_icount"));
        digest[k] = gs_stats_digest(&run.stats);
        tt_free(&run);
    }
    GS_CHECK_EQ(digest[0], digest[1]);
}

int main(void)
{
    GS_RUN(test_counts);
    GS_RUN(test_chain_latency);
    GS_RUN(test_addressless_fixed_latency);
    GS_RUN(test_occupancy_from_header);
    GS_RUN(test_barrier);
    GS_RUN(test_decode_fault);
    GS_RUN(test_fetch_fault);
    GS_RUN(test_zero_insts_rejected);
    GS_RUN(test_full_memory_repeatable);
    return gs_check_report();
}
