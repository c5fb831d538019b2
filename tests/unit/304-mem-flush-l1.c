/*
 * -gpgpu_flush_l1_cache (mem/memsys.c flush_l1s): every L1D is invalidated
 * between kernels, so a line the first kernel brought in misses again in the
 * second; without the option it hits. The first kernel flushes nothing; a
 * dirty line of a write-back L1D is dropped and counted.
 *
 * Set-up (memsys_harness.h, 2 SMs): L1D N:4:128:8 (32 lines, linear index),
 * a footprint of 16 lines read on SM 0 one load at a time (each load = one
 * warp of 32 lanes x 4 B = one line).
 */
#include "memsys_harness.h"

enum { LINES = 16 };

static uint32_t next_tag;

static void access_lines(uint8_t op, uint32_t count)
{
    uint32_t i;
    for (i = 0; i < count; i++) {
        gs_inst inst = ms_inst(GS_SPACE_GLOBAL, op, (uint64_t)i * 128u, 4, 4);
        uint32_t tag = ++next_tag;
        ms_issue(0, &inst, 0, tag);
        if (op == GS_MEM_LOAD)
            GS_CHECK(ms_wait(0, tag, 5000) != ~0ull);
    }
    GS_CHECK(ms_drain(20000));
}

/* Two kernels reading the footprint; returns the second kernel's hits. */
static uint64_t second_kernel_hits(const char *const *opts)
{
    gs_diag diag;
    uint64_t hits;
    GS_CHECK(ms_setup(opts));
    GS_CHECK_EQ(GS_OK, gs_memsys_kernel_start(ms.sys, 0, &diag));
    access_lines(GS_MEM_LOAD, LINES);
    GS_CHECK_EQ(LINES, ms_stat("L1D_total_cache_misses"));
    GS_CHECK_EQ(GS_OK, gs_memsys_kernel_start(ms.sys, 0, &diag));
    hits = ms_stat("L1D_total_cache_hits");
    access_lines(GS_MEM_LOAD, LINES);
    return ms_stat("L1D_total_cache_hits") - hits;
}

static void test_lines_survive_without_flush(void)
{
    static const char *const opts[] = {
        "-gpgpu_cache:dl1", "N:4:128:8,L:T:m:N:L,A:32:8,16:0,128", NULL
    };
    GS_CHECK_EQ(LINES, second_kernel_hits(opts));
    GS_CHECK_EQ(~0ull, ms_stat("L1D_flushes"));          /* off: not reported */
}

static void test_flush_between_kernels(void)
{
    static const char *const opts[] = {
        "-gpgpu_cache:dl1", "N:4:128:8,L:T:m:N:L,A:32:8,16:0,128",
        "-gpgpu_flush_l1_cache", "1", NULL
    };
    GS_CHECK_EQ(0u, second_kernel_hits(opts));
    GS_CHECK_EQ(2u * LINES, ms_stat("L1D_total_cache_misses"));
    GS_CHECK_EQ(1u, ms_stat("L1D_flushes"));             /* not before the first kernel */
    GS_CHECK_EQ(LINES, ms_stat("L1D_flush_lines_dropped"));
    GS_CHECK_EQ(0u, ms_stat("L1D_dirty_lines_dropped"));
}

static void test_dirty_line_dropped(void)
{
    static const char *const opts[] = {
        "-gpgpu_cache:dl1", "N:4:128:8,L:B:m:W:L,A:32:8,16:0,128",
        "-gpgpu_flush_l1_cache", "1", NULL
    };
    gs_diag diag;
    GS_CHECK(ms_setup(opts));
    GS_CHECK_EQ(GS_OK, gs_memsys_kernel_start(ms.sys, 0, &diag));
    access_lines(GS_MEM_LOAD, 2);                       /* lines 0 and 1 valid */
    access_lines(GS_MEM_STORE, 1);                      /* line 0 written: dirty */
    GS_CHECK_EQ(GS_OK, gs_memsys_kernel_start(ms.sys, 0, &diag));
    GS_CHECK_EQ(2u, ms_stat("L1D_flush_lines_dropped"));
    GS_CHECK_EQ(1u, ms_stat("L1D_dirty_lines_dropped"));
}

int main(void)
{
    GS_RUN(test_lines_survive_without_flush);
    GS_RUN(test_flush_between_kernels);
    GS_RUN(test_dirty_line_dropped);
    return gs_check_report();
}
