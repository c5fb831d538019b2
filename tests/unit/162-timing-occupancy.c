/*
 * Occupancy end to end through launches (src/sim/gpu.c with the CTA
 * dispatcher; seed-004 section 1.6): each per-SM resource limits the
 * resident CTAs in turn, and the active-warp samples show that many warps
 * really resident at once (the dispatcher places one CTA per SM per cycle, so
 * the CTAs must live longer than the placements take: chain16 in the CTA-slot
 * case). Kernels: chain1 / chain16 (1 register slot: 4 registers
 * per thread after rounding), shared8k (8 KiB static shared memory).
 */
#include "timing_harness.h"

static th_run run;

static uint64_t max_sample(void)
{
    uint32_t i;
    uint64_t best = 0;
    for (i = 0; i < run.gpu.num_samples; i++)
        if (gs_sim_sample(&run.gpu, i, GS_SAMPLE_ACTIVE_WARPS) > best)
            best = gs_sim_sample(&run.gpu, i, GS_SAMPLE_ACTIVE_WARPS);
    return best;
}

/* Run `kernel` with `grid` CTAs of `block` threads; check the CTAs per SM,
 * which resource limits it, and the peak of resident warps over the GPU. */
static void check_occupancy(const char *kernel, uint32_t grid, uint32_t block,
                            uint32_t ctas_per_sm, const char *limited_stat)
{
    static const char *const limits[4] = {
        "kernel_limited_by_cta_slots", "kernel_limited_by_threads",
        "kernel_limited_by_registers", "kernel_limited_by_shmem"
    };
    unsigned i;
    run.cfg.sample_cycles = 1;
    if (!th_run_ptx(&run, kernel, grid, block, 0)) {
        th_report_failure(&run);
        th_free(&run);
        return;
    }
    GS_CHECK_EQ(ctas_per_sm, th_stat(&run, "kernel_ctas_per_sm"));
    for (i = 0; i < 4; i++)
        GS_CHECK_EQ(strcmp(limits[i], limited_stat) == 0, th_stat(&run, limits[i]));
    GS_CHECK_EQ(15u * ctas_per_sm * ((block + 31u) / 32u), max_sample());
    GS_CHECK_EQ(grid, th_stat(&run, "gpu_ctas_launched"));
    th_free(&run);
}

static void test_threads_limit(void)
{
    th_config(&run.cfg);   /* 1536 threads / 512 = 3; 8 CTA slots; registers 16 */
    check_occupancy("chain1", 15u * 4u, 512, 3, "kernel_limited_by_threads");
}

static void test_cta_slots_limit(void)
{
    th_config(&run.cfg);   /* 8 slots; 48 CTAs of 32 threads by threads */
    check_occupancy("chain16", 15u * 9u, 32, 8, "kernel_limited_by_cta_slots");
}

static void test_registers_limit(void)
{
    th_config(&run.cfg);   /* 4096 / (4 * 256) = 4; threads allow 6 */
    run.cfg.n_registers = 4096;
    check_occupancy("chain1", 15u * 5u, 256, 4, "kernel_limited_by_registers");
}

static void test_shmem_limit(void)
{
    th_config(&run.cfg);   /* 49152 / 8192 = 6; CTA slots 8 */
    check_occupancy("shared8k", 15u * 7u, 32, 6, "kernel_limited_by_shmem");
}

/* Resident warps (issue 14): kernel_warps_per_sm's numerator is the sum over
 * cycles of the warps resident after each cycle, which is the next cycle's
 * active-warp sample (taken before it runs; the last cycle leaves none), its
 * maximum the most one SM held; the occupancy limit has its own name. */
static void test_resident_warps(void)
{
    const gs_stat_entry *e;
    uint64_t sum = 0;
    uint32_t i;
    th_config(&run.cfg);   /* 8 CTA slots: 8 one-warp CTAs per SM */
    run.cfg.sample_cycles = 1;
    if (!th_run_ptx(&run, "chain16", 15u * 8u, 32, 0)) {
        th_report_failure(&run);
        th_free(&run);
        return;
    }
    GS_CHECK_EQ(0u, run.gpu.samples_dropped);
    for (i = 1; i < run.gpu.num_samples; i++)
        sum += gs_sim_sample(&run.gpu, i, GS_SAMPLE_ACTIVE_WARPS);
    e = gs_stats_find(&run.stats, "kernel_warps_per_sm");
    GS_CHECK(e != NULL && e->kind == GS_STAT_RATIO);
    if (e != NULL)
        GS_CHECK_EQ(sum, e->value);
    GS_CHECK_EQ(8u, th_stat(&run, "kernel_warps_per_sm_max"));
    GS_CHECK_EQ(8u, th_stat(&run, "kernel_occupancy_warps_per_sm"));
    th_free(&run);
}

/* One one-warp CTA per SM: every busy SM-cycle holds exactly one warp, so
 * the average is exactly 1 (numerator = denominator), the maximum 1, while
 * the occupancy limit stays 8. */
static void test_one_warp_per_sm(void)
{
    const gs_stat_entry *e;
    char text[32];
    th_config(&run.cfg);
    if (!th_run_ptx(&run, "chain16", 15u, 32, 0)) {
        th_report_failure(&run);
        th_free(&run);
        return;
    }
    e = gs_stats_find(&run.stats, "kernel_warps_per_sm");
    GS_CHECK(e != NULL);
    if (e != NULL) {
        GS_CHECK(e->den > 0);
        GS_CHECK_EQ(e->den, e->value);
        gs_stats_value_text(e, text, sizeof text);
        GS_CHECK_STR("1.00", text);
    }
    GS_CHECK_EQ(1u, th_stat(&run, "kernel_warps_per_sm_max"));
    GS_CHECK_EQ(8u, th_stat(&run, "kernel_occupancy_warps_per_sm"));
    th_free(&run);
}

int main(void)
{
    GS_RUN(test_threads_limit);
    GS_RUN(test_cta_slots_limit);
    GS_RUN(test_registers_limit);
    GS_RUN(test_shmem_limit);
    GS_RUN(test_resident_warps);
    GS_RUN(test_one_warp_per_sm);
    return gs_check_report();
}
