/*
 * MSHR merging at system level (seed-000 section 2.1; seed-002 sections 1.4
 * and 2.1): two warps of one SM missing on the same line share one L1 MSHR
 * entry and one request below; two SMs missing on the same line share one
 * L2 MSHR entry, and the DRAM request carries the merge length (2) while it
 * waits in the controller. Set-up and latency terms: 180-mem-memsys-latency.c.
 */
#include "memsys_harness.h"
#include "mem/memsys_internal.h"

static const char *const opts[] = {
    "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5", NULL
};

static void test_l1_merge_across_warps(void)
{
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 4, 4);
    uint64_t t0, t1, d0, d1;
    GS_CHECK(ms_setup(opts));
    t0 = ms_issue(0, &ld, 3, 10);     /* warp 3: miss, MSHR entry */
    t1 = ms_issue(0, &ld, 7, 11);     /* warp 7: HIT_RESERVED, merged */
    GS_CHECK_EQ(t0 + 1u, t1);         /* the head frees after its one access */
    d0 = ms_wait(0, 10, 2000);
    d1 = ms_wait(0, 11, 2000);
    /* One fill releases both: same completion cycle, acceptance order. */
    GS_CHECK_EQ(54, d0);              /* the cold row-closed sum of test 180 */
    GS_CHECK_EQ(d0, d1);
    GS_CHECK_EQ(10, ms.done[0].tag);
    GS_CHECK_EQ(3, ms.done[0].warp);
    GS_CHECK_EQ(11, ms.done[1].tag);
    GS_CHECK_EQ(7, ms.done[1].warp);
    GS_CHECK(ms_drain(100));
    GS_CHECK_EQ(1, ms_stat("L1D_total_cache_misses"));
    GS_CHECK_EQ(1, ms_stat("L1D_total_cache_pending_hits"));
    GS_CHECK_EQ(1, ms_stat("L1D_cache_mshr_merges"));
    GS_CHECK_EQ(1, ms_stat("L2_total_cache_accesses"));
    GS_CHECK_EQ(2, ms_stat("total_dram_reads"));      /* 2 RD commands for one line */
    GS_CHECK_EQ(1, ms_stat("mem_replies"));
}

/* The DRAM request of `line` waiting in the partitions, or NULL. */
static const gs_mem_req *dram_request_of(uint64_t line)
{
    const gs_req_pool *pool = &ms.sys->parts.pool;
    uint32_t i;
    for (i = 0; i < pool->capacity; i++)
        if (pool->reqs[i].pool_in_use && pool->reqs[i].line_addr == line)
            return &pool->reqs[i];
    return NULL;
}

static void test_l2_merge_across_sms(void)
{
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 4, 4);
    const gs_mem_req *dreq;
    uint64_t t0, t1;
    GS_CHECK(ms_setup(opts));
    t0 = ms_issue(0, &ld, 0, 1);
    t1 = ms_issue(1, &ld, 0, 2);
    GS_CHECK_EQ(t0 + 1u, t1);
    /* SM 0's L2 access is at t0+3+7 = 10 (a miss): its DRAM request exists
     * from then on with merge length 1; SM 1's arrives one cycle later and
     * merges. The request keeps saying 1: it left the L2 with what the L2
     * knew; later merges travel as dummy requests, and only to a scheduler
     * that reads them (test_merge_after_the_read_left). */
    while (ms.now < 11u)
        ms_tick();
    dreq = dram_request_of(0x0);
    GS_CHECK(dreq != NULL);
    if (dreq != NULL)
        GS_CHECK_EQ(1, dreq->merge_count);
    ms_tick();
    if (dreq != NULL)
        GS_CHECK_EQ(1, dreq->merge_count);
    GS_CHECK_EQ(54, ms_wait(0, 1, 2000));
    /* Both replies leave sub-partition 0's crossbar input, which sends one
     * 5-flit packet per 5 cycles: SM 1's reply is granted 5 cycles later. */
    GS_CHECK_EQ(54u + 5u, ms_wait(1, 2, 2000));
    GS_CHECK(ms_drain(100));
    GS_CHECK_EQ(1, ms_stat("L2_total_cache_misses"));
    GS_CHECK_EQ(1, ms_stat("L2_total_cache_pending_hits"));
    GS_CHECK_EQ(2, ms_stat("total_dram_reads"));
}

/* With MSHR-S (the MIB on), SM 1's merge after SM 0's read left the L2 is
 * sent as one dummy request, which reaches the controller; the replies
 * keep their cycles (the dummy takes a slot nothing else wanted). */
static void test_merge_after_the_read_left(void)
{
    static const char *const mib_opts[] = {
        "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5", "-gpgpu_dram_scheduler", "mshr_s",
        NULL
    };
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 4, 4);
    GS_CHECK(ms_setup(mib_opts));
    (void)ms_issue(0, &ld, 0, 1);
    (void)ms_issue(1, &ld, 0, 2);
    GS_CHECK_EQ(54, ms_wait(0, 1, 2000));
    GS_CHECK_EQ(54u + 5u, ms_wait(1, 2, 2000));
    GS_CHECK(ms_drain(100));
    GS_CHECK_EQ(1, ms_stat("mib_dummies_sent"));
    GS_CHECK_EQ(1, ms_stat("mib_dummies_arrived"));
    GS_CHECK_EQ(1, ms_stat("L2_total_cache_pending_hits"));
}

int main(void)
{
    GS_RUN(test_l1_merge_across_warps);
    GS_RUN(test_l2_merge_across_sms);
    GS_RUN(test_merge_after_the_read_left);
    return gs_check_report();
}
