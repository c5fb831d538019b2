/*
 * The adaptive L1D split in the whole memory system (mem/memsys.h
 * gs_memsys_kernel_start; rules in mem/cache_adapt.h): a footprint that fits
 * the large L1D but not the small one gives exactly different hit and miss
 * counts, a reconfiguration between kernels keeps the lines of the ways that
 * stay, and the statistics report the choice.
 *
 * Set-up (memsys_harness.h, gtx480 defaults, 2 SMs): L1D string
 * S:4:128:8,L:T:m:L:L,A:64:8,16:0,32 (4 sets x 128 B = 512 B per way,
 * linear set index: line i is in set i mod 4), unified 16 KB, options 0 and
 * 8 KB, shared memory 8 KB per SM. Carve-out 0: L1D 16 KB = 32 ways;
 * carve-out 8 KB: 8 KB = 16 ways. The footprint is 96 lines (12 KB), 24 per
 * set, read in line order one load at a time (each load = one warp of 32
 * lanes x 4 B = one line = one L1D access), so LRU order is line order.
 */
#include "memsys_harness.h"

static const char *const adaptive_opts[] = {
    "-gpgpu_cache:dl1", "S:4:128:8,L:T:m:L:L,A:64:8,16:0,32",
    "-gpgpu_adaptive_cache_config", "1",
    "-gpgpu_shmem_option", "0,8",
    "-gpgpu_unified_l1d_size", "16",
    "-gpgpu_shmem_size", "8192",
    NULL
};

enum { LINES = 96 };

static uint32_t next_tag;

/* One pass over lines [first, first + count) on SM 0, each load completed
 * before the next. */
static void pass(uint32_t first, uint32_t count)
{
    uint32_t i;
    for (i = first; i < first + count; i++) {
        gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, (uint64_t)i * 128u, 4, 4);
        uint32_t tag = ++next_tag;
        ms_issue(0, &ld, 0, tag);
        GS_CHECK(ms_wait(0, tag, 5000) != ~0ull);
    }
}

typedef struct counts {
    uint64_t hits, misses;
} counts;

static counts now(void)
{
    counts c;
    c.hits = ms_stat("L1D_total_line_hits");       /* per line: this test counts lines */
    c.misses = ms_stat("L1D_total_line_misses");
    return c;
}

/* Hits and misses of one pass over the footprint. */
static counts measured_pass(void)
{
    counts before = now(), after;
    pass(0, LINES);
    after = now();
    after.hits -= before.hits;
    after.misses -= before.misses;
    return after;
}

static void test_fits_large_not_small(void)
{
    gs_diag diag;
    counts c;
    /* Kernel without shared memory: 32 ways, 24 lines per set fit. */
    GS_CHECK(ms_setup(adaptive_opts));
    GS_CHECK_EQ(GS_OK, gs_memsys_kernel_start(ms.sys, 0, &diag));
    c = measured_pass();
    GS_CHECK_EQ(0u, c.hits);
    GS_CHECK_EQ(LINES, c.misses);
    c = measured_pass();
    GS_CHECK_EQ(LINES, c.hits);
    GS_CHECK_EQ(0u, c.misses);
    GS_CHECK_EQ(0u, ms_stat("L1D_shmem_carveout_kb"));
    GS_CHECK_EQ(16u, ms_stat("L1D_capacity_kb"));
    GS_CHECK_EQ(32u, ms_stat("L1D_ways"));
    /* Kernel with 8 KB of shared memory per SM: 16 ways; 24 lines cycled
     * through 16 LRU ways never hit. */
    GS_CHECK(ms_setup(adaptive_opts));
    GS_CHECK_EQ(GS_OK, gs_memsys_kernel_start(ms.sys, 8192, &diag));
    c = measured_pass();
    GS_CHECK_EQ(0u, c.hits);
    GS_CHECK_EQ(LINES, c.misses);
    c = measured_pass();
    GS_CHECK_EQ(0u, c.hits);
    GS_CHECK_EQ(LINES, c.misses);
    GS_CHECK_EQ(8u, ms_stat("L1D_shmem_carveout_kb"));
    GS_CHECK_EQ(8u, ms_stat("L1D_capacity_kb"));
    GS_CHECK_EQ(16u, ms_stat("L1D_ways"));
}

static void test_reconfiguration_between_kernels(void)
{
    gs_diag diag;
    counts c;
    GS_CHECK(ms_setup(adaptive_opts));
    GS_CHECK_EQ(GS_OK, gs_memsys_kernel_start(ms.sys, 0, &diag));
    pass(0, LINES);                      /* each set: lines k = 0..23 in ways 0..23 */
    GS_CHECK(ms_drain(10000));
    /* Next kernel uses 1 byte of shared memory: carve-out 8 KB, 16 ways.
     * Ways 16..23 of the 4 sets held lines: 32 dropped on SM 0. */
    GS_CHECK_EQ(GS_OK, gs_memsys_kernel_start(ms.sys, 1, &diag));
    GS_CHECK_EQ(32u, ms_stat("L1D_reconfig_lines_dropped"));
    GS_CHECK_EQ(1u, ms_stat("L1D_reconfigs"));
    /* Per set: k = 0..15 still there (16 hits), k = 16..23 miss (8). */
    c = measured_pass();
    GS_CHECK_EQ(64u, c.hits);
    GS_CHECK_EQ(32u, c.misses);
    /* Same size again: no reconfiguration, nothing dropped. */
    GS_CHECK_EQ(GS_OK, gs_memsys_kernel_start(ms.sys, 8192, &diag));
    GS_CHECK_EQ(1u, ms_stat("L1D_reconfigs"));
    GS_CHECK_EQ(32u, ms_stat("L1D_reconfig_lines_dropped"));
    /* Back to 32 ways: ways 16..31 empty, nothing dropped; the run's range. */
    GS_CHECK_EQ(GS_OK, gs_memsys_kernel_start(ms.sys, 0, &diag));
    GS_CHECK_EQ(2u, ms_stat("L1D_reconfigs"));
    GS_CHECK_EQ(32u, ms_stat("L1D_reconfig_lines_dropped"));
    GS_CHECK_EQ(4u, ms_stat("L1D_adaptive_kernels"));
    GS_CHECK_EQ(8u, ms_stat("L1D_capacity_kb_min"));
    GS_CHECK_EQ(16u, ms_stat("L1D_capacity_kb_max"));
}

static void test_off_reports_nothing(void)
{
    static gs_stat_entry entries[512];
    static char texts[64 * GS_STAT_TEXT_MAX];
    gs_stats stats;
    gs_diag diag;
    GS_CHECK(ms_setup(NULL));
    GS_CHECK_EQ(GS_OK, gs_memsys_kernel_start(ms.sys, 8192, &diag));   /* no effect */
    memset(&stats, 0, sizeof stats);
    stats.entries = entries;
    stats.text_pool = texts;
    stats.text_capacity = sizeof texts;
    stats.capacity = 512;
    gs_memsys_report(ms.sys, &stats);
    GS_CHECK(gs_stats_find(&stats, "L1D_capacity_kb") == NULL);
    GS_CHECK(gs_stats_find(&stats, "L1D_total_cache_hits") != NULL);
}

int main(void)
{
    GS_RUN(test_fits_large_not_small);
    GS_RUN(test_reconfiguration_between_kernels);
    GS_RUN(test_off_reports_nothing);
    free(ms.buffer);
    return gs_check_report();
}
