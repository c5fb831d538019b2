/*
 * Set-index functions wired through at system level (issue 5; seed-000
 * section 2.5 PRIC; formats.md section 2.2): a stride that maps every line
 * to one set under linear indexing thrashes; under IPOLY the same lines
 * spread over distinct sets. L1: 32 sets x 4 ways x 128 B; the L2 slice
 * (32 sets x 16 ways) indexes the partition address (the address without
 * the sub-partition bit 8, mem/addrmap.h). Exact miss counts.
 */
#include "memsys_harness.h"

/* Each line loaded by one warp instruction (all lanes the same line), twice. */
static void two_passes(uint64_t stride, uint32_t n_lines)
{
    uint32_t pass, k, tag = 0;
    for (pass = 0; pass < 2; pass++)
        for (k = 0; k < n_lines; k++) {
            gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, k * stride, 0, 4);
            ms_issue(0, &ld, 0, tag++);
            GS_CHECK(ms_drain(3000));
        }
}

/* Lines 0, 4 KiB, ... 28 KiB: line addresses 32k, all in linear set 0. With
 * 8 lines in a 4-way LRU set, every access of the second pass misses. */
static void test_l1_linear_thrashes(void)
{
    static const char *const opts[] = {
        "-gpgpu_cache:dl1", "N:32:128:4,L:L:m:N:L,A:32:8,8:0,128", NULL
    };
    GS_CHECK(ms_setup(opts));
    two_passes(0x1000, 8);
    GS_CHECK_EQ(16, ms_stat("L1D_total_cache_misses"));
    GS_CHECK_EQ(0, ms_stat("L1D_total_cache_hits"));
    GS_CHECK_EQ(12, ms_stat("L1D_cache_evictions"));
}

/* IPOLY (x^5+x^2+1): set(32k) = k * x^5 mod P, distinct for k < 32 (P is
 * irreducible, so multiplying by x^5 is one-to-one): the 8 lines fall in 8
 * sets and the second pass hits every time. */
static void test_l1_ipoly_spreads(void)
{
    static const char *const opts[] = {
        "-gpgpu_cache:dl1", "N:32:128:4,L:L:m:N:P,A:32:8,8:0,128", NULL
    };
    GS_CHECK(ms_setup(opts));
    two_passes(0x1000, 8);
    GS_CHECK_EQ(8, ms_stat("L1D_total_cache_misses"));
    GS_CHECK_EQ(8, ms_stat("L1D_total_cache_hits"));
    GS_CHECK_EQ(0, ms_stat("L1D_cache_evictions"));
}

/* L2 (no L1): stride 8 KiB keeps every line on sub-partition 0 with
 * partition addresses 4 KiB apart, i.e. partition line addresses 32k: one
 * linear set. 20 lines in a 16-way LRU set: all 40 accesses miss. */
static void test_l2_linear_thrashes(void)
{
    static const char *const opts[] = { "-gpgpu_cache:dl1", "none", NULL };
    GS_CHECK(ms_setup(opts));
    two_passes(0x2000, 20);
    GS_CHECK_EQ(40, ms_stat("L2_total_cache_misses"));
    GS_CHECK_EQ(24, ms_stat("L2_cache_evictions"));
}

/* The same with the L2 indexed by IPOLY: 20 distinct sets, 20 cold misses,
 * then 20 hits. */
static void test_l2_ipoly_spreads(void)
{
    static const char *const opts[] = {
        "-gpgpu_cache:dl1", "none", "-gpgpu_cache:dl2", "N:32:128:16,L:B:m:W:P,A:64:16,4:0,32",
        NULL
    };
    GS_CHECK(ms_setup(opts));
    two_passes(0x2000, 20);
    GS_CHECK_EQ(20, ms_stat("L2_total_cache_misses"));
    GS_CHECK_EQ(20, ms_stat("L2_total_cache_hits"));
    GS_CHECK_EQ(0, ms_stat("L2_cache_evictions"));
}

int main(void)
{
    GS_RUN(test_l1_linear_thrashes);
    GS_RUN(test_l1_ipoly_spreads);
    GS_RUN(test_l2_linear_thrashes);
    GS_RUN(test_l2_ipoly_spreads);
    return gs_check_report();
}
