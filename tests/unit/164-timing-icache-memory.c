/*
 * I-cache misses through the memory system (core/sm_fetch.c miss_to_memory,
 * mem/ldst.h fetch): with the full memory system an SM asks for each
 * missing instruction line once, the warps missing the same line join that
 * request within the il1 string's merge limit, and warps beyond it retry.
 *
 * Set-up: gtx480 defaults with the memory system and a real I-cache (4 sets
 * x 4 ways x 128 B: the test kernel fits), one CTA of 8 warps of
 * tests/ptx/timing/indep_mul16.ptx. PTX instructions are GS_PTX_INST_BYTES
 * apart, so the kernel spans ceil(insts x 8 / 128) lines.
 */
#include "timing_harness.h"

static th_run run;

static uint32_t code_lines(const char *name)
{
    const gs_ptx_kernel *k;
    if (gs_host_get_kernel(run.module, name, &k, &run.diag) != GS_OK)
        return 0;
    return (k->num_insts * GS_PTX_INST_BYTES + 127u) / 128u;
}

/* Run indep_mul16 with 8 warps; on failure say why. */
static int run_kernel(void)
{
    if (th_run_ptx(&run, "indep_mul16", 1, 256, 0))
        return 1;
    th_report_failure(&run);
    return 0;
}

static void memory_config(uint32_t merges)
{
    th_config(&run.cfg);
    run.cfg.perfect_mem = 0;
    run.cfg.perfect_icache = 0;
    run.cfg.il1.mshr_max_merge = merges;
}

static void test_one_request_per_line(void)
{
    uint32_t lines;
    memory_config(32);
    GS_CHECK(run_kernel());
    lines = code_lines("indep_mul16");
    GS_CHECK(lines >= 2u);
    GS_CHECK_EQ(lines, th_stat(&run, "ldst_instruction_fetches"));
    GS_CHECK_EQ(0u, th_stat(&run, "gpgpu_icache_miss_retries"));
    GS_CHECK_EQ(lines, th_stat(&run, "L2_total_line_misses"));    /* no data traffic */
    GS_CHECK_EQ(0u, th_stat(&run, "L2_total_cache_misses"));      /* fetches are not data */
    th_free(&run);
}

static void test_merge_limit_makes_warps_retry(void)
{
    uint32_t lines;
    memory_config(2);                   /* two warps may wait on one line */
    GS_CHECK(run_kernel());
    lines = code_lines("indep_mul16");
    GS_CHECK_EQ(lines, th_stat(&run, "ldst_instruction_fetches"));   /* still one each */
    GS_CHECK(th_stat(&run, "gpgpu_icache_miss_retries") > 0u);
    th_free(&run);
}

/* With perfect memory the miss takes the fixed trip: nothing goes below. */
static void test_perfect_memory_keeps_fixed_trip(void)
{
    th_config(&run.cfg);
    run.cfg.perfect_icache = 0;
    GS_CHECK(run_kernel());
    GS_CHECK(th_stat(&run, "gpgpu_icache_misses") > 0u);
    GS_CHECK(gs_stats_find(&run.stats, "ldst_instruction_fetches") == NULL);
    th_free(&run);
}

int main(void)
{
    GS_RUN(test_one_request_per_line);
    GS_RUN(test_merge_limit_makes_warps_retry);
    GS_RUN(test_perfect_memory_keeps_fixed_trip);
    return gs_check_report();
}
