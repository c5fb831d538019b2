/*
 * Write policies per state space, end to end (seed-004 section 1.3.2
 * "Writes": global write-through without allocation / write-evict, local
 * write-back; section 1.5.1: L2 write-back, write-allocate; seed-000 Table
 * 4.1 "global-write-evict-local-write-back"). gtx480 strings: L1
 * `L:L:m:N` (local write-back, global write-evict, no write-allocate), L2
 * `L:B:m:W` (write-back, write-allocate). Set-up: memsys_harness.h.
 */
#include "memsys_harness.h"

static void run(uint32_t sm, uint8_t space, uint8_t op, uint64_t addr, uint32_t tag)
{
    gs_inst inst = ms_inst(space, op, addr, 4, 4);   /* one whole 128-B line */
    ms_issue(sm, &inst, 0, tag);
    GS_CHECK(ms_wait(sm, tag, 3000) != ~0ull);
    GS_CHECK(ms_drain(3000));
}

static void test_global_store_evicts_and_writes_l2(void)
{
    GS_CHECK(ms_setup(NULL));
    run(0, GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 1);
    GS_CHECK_EQ(2, ms_stat("total_dram_reads"));
    run(0, GS_SPACE_GLOBAL, GS_MEM_STORE, 0x0, 2);
    /* L1 hit on a global line: the line is invalidated, the write goes to the L2. */
    GS_CHECK_EQ(1, ms_stat("L1D_cache_invalidations"));
    GS_CHECK_EQ(1, ms_stat("L1D_total_cache_write_accesses"));
    GS_CHECK_EQ(1, ms_stat("L2_total_cache_write_accesses"));
    /* The L2 holds the line: a write-back hit, nothing to DRAM. */
    GS_CHECK_EQ(0, ms_stat("total_dram_writes"));
    run(0, GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 3);
    GS_CHECK_EQ(2, ms_stat("L1D_total_cache_misses"));   /* evicted: misses again */
    GS_CHECK_EQ(2, ms_stat("L2_total_cache_hits"));     /* the write, then the load */
    GS_CHECK_EQ(2, ms_stat("total_dram_reads"));          /* served by the L2 */
}

static void test_local_store_writes_back(void)
{
    uint64_t a;
    GS_CHECK(ms_setup(NULL));
    run(0, GS_SPACE_LOCAL, GS_MEM_LOAD, 0x1000, 1);
    run(0, GS_SPACE_LOCAL, GS_MEM_STORE, 0x1000, 2);
    /* Local write hit: write-back, the line is dirty, nothing goes below. */
    GS_CHECK_EQ(1, ms_stat("L1D_total_cache_hits"));
    GS_CHECK_EQ(0, ms_stat("L2_total_cache_write_accesses"));
    GS_CHECK_EQ(0, ms_stat("L1D_cache_invalidations"));
    /* Four more lines of the same L1 set (linear index: stride 32 x 128 B)
     * evict the LRU line 0x1000, dirty: one write-back reaches the L2. */
    for (a = 0x2000; a <= 0x5000; a += 0x1000)
        run(0, GS_SPACE_LOCAL, GS_MEM_LOAD, a, (uint32_t)(a >> 12) + 10u);
    GS_CHECK_EQ(1, ms_stat("L1D_cache_evictions"));
    GS_CHECK_EQ(1, ms_stat("L1D_cache_writebacks"));
    GS_CHECK_EQ(1, ms_stat("L2_total_cache_write_accesses"));
    GS_CHECK_EQ(0, ms_stat("total_dram_writes"));        /* the L2 keeps it (write-back) */
}

static void test_local_store_miss_no_allocate(void)
{
    GS_CHECK(ms_setup(NULL));
    run(0, GS_SPACE_LOCAL, GS_MEM_STORE, 0x1000, 1);
    /* No write-allocate in the L1: the write goes to the L2, which allocates
     * with GPGPU-Sim's naive W: the write also goes on to DRAM, and the line
     * is fetched; 128 B = 2 DRAM commands each). */
    GS_CHECK_EQ(1, ms_stat("L1D_total_cache_misses"));
    GS_CHECK_EQ(1, ms_stat("L2_total_cache_write_accesses"));
    GS_CHECK_EQ(2, ms_stat("total_dram_writes"));
    GS_CHECK_EQ(2, ms_stat("total_dram_reads"));
    run(0, GS_SPACE_LOCAL, GS_MEM_LOAD, 0x1000, 2);
    GS_CHECK_EQ(2, ms_stat("L1D_total_cache_misses"));   /* not allocated by the store */
}

static void test_store_without_l2_reaches_dram(void)
{
    static const char *const no_l2[] = { "-gpgpu_cache:dl2", "none", NULL };
    GS_CHECK(ms_setup(no_l2));
    run(0, GS_SPACE_GLOBAL, GS_MEM_STORE, 0x0, 1);
    /* 128 B in 64-B DRAM atoms: two WR commands, no read. */
    GS_CHECK_EQ(2, ms_stat("total_dram_writes"));
    GS_CHECK_EQ(0, ms_stat("total_dram_reads"));
    run(0, GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 2);
    GS_CHECK_EQ(2, ms_stat("total_dram_reads"));
}

int main(void)
{
    GS_RUN(test_global_store_evicts_and_writes_l2);
    GS_RUN(test_local_store_writes_back);
    GS_RUN(test_local_store_miss_no_allocate);
    GS_RUN(test_store_without_l2_reaches_dram);
    return gs_check_report();
}
