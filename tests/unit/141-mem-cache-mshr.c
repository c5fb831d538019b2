/*
 * Generic cache: MSHR merges, the merge limit and each of the four
 * reservation-fail reasons of spec/seed-000-dwt-pric.md section 2.1 provoked
 * on purpose, with the exact outcome sequence; the miss queue's requests
 * (src/mem/cache.c, cache_access.c, mshr.c).
 */
#include "cache_harness.h"

static gs_cache cache;
static gs_cache_waiter out[64];

#define A 0x0000u
#define B 0x1000u
#define C 0x2000u
#define D 0x3000u

static uint32_t fail_of(uint64_t addr, uint32_t token, uint64_t cycle)
{
    gs_cache_request r = ch_req(addr, 0xF, 0, GS_SPACE_GLOBAL, token, token);
    gs_cache_result res = gs_cache_access(&cache, &r, cycle);
    return res.outcome == CH_FAIL ? res.fail : 100u + res.outcome;
}

/* 1 set x 4 ways, 3 MSHR entries of 2 merges, miss queue of 2. */
static void test_merge_queue_and_entry_fails(void)
{
    gs_mem_req req;
    GS_CHECK(ch_make(&cache, "N:1:128:4,L:R:m:N:L,A:3:2,2:0,128", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, A, 1, 1));
    GS_CHECK_EQ(CH_HR, ch_read(&cache, A + 32, 2, 2));                 /* merge: 2 of 2 */
    GS_CHECK_EQ(GS_CACHE_FAIL_MSHR_MERGE, fail_of(A, 3, 3));
    GS_CHECK_EQ(2, gs_cache_mshr_merges(&cache, A));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, B, 4, 4));                    /* queue now 2/2 */
    GS_CHECK_EQ(GS_CACHE_FAIL_MISS_QUEUE_FULL, fail_of(C, 5, 5));
    GS_CHECK_EQ(1, gs_cache_miss_pop(&cache, &req));
    GS_CHECK_EQ(A, req.line_addr);
    GS_CHECK_EQ(0xF, req.sector_mask);
    GS_CHECK_EQ(128, req.size_bytes);
    GS_CHECK_EQ(GS_REQ_READ, req.kind);
    GS_CHECK_EQ(2, req.merge_count);
    GS_CHECK_EQ(1, req.created_cycle);
    GS_CHECK_EQ(1, req.origin_warp);
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, C, 5, 6));                    /* 3 of 3 entries */
    GS_CHECK_EQ(2, ch_drain(&cache));
    GS_CHECK_EQ(GS_CACHE_FAIL_MSHR_ENTRY, fail_of(D, 6, 7));
    /* The fill of A frees an entry and releases its two requests in order. */
    GS_CHECK_EQ(2, ch_fill(&cache, A, out, 8));
    GS_CHECK_EQ(1, out[0].token);
    GS_CHECK_EQ(2, out[1].token);
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, D, 6, 9));
    GS_CHECK_EQ(3, cache.stats.fails[GS_CACHE_FAIL_NONE]);
    GS_CHECK_EQ(1, cache.stats.fails[GS_CACHE_FAIL_MSHR_MERGE]);
    GS_CHECK_EQ(1, cache.stats.fails[GS_CACHE_FAIL_MISS_QUEUE_FULL]);
    GS_CHECK_EQ(1, cache.stats.fails[GS_CACHE_FAIL_MSHR_ENTRY]);
    GS_CHECK_EQ(4, cache.stats.misses);
    GS_CHECK_EQ(1, cache.stats.pending_hits);
    GS_CHECK_EQ(1, cache.stats.mshr_merges);
}

/* 1 set x 2 ways, 4 entries: both ways reserved -> LINE_ALLOC_FAIL. */
static void test_line_alloc_fail(void)
{
    gs_cache_request r;
    gs_cache_result res;
    GS_CHECK(ch_make(&cache, "N:1:128:2,L:R:m:N:L,A:4:2,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, A, 1, 1));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, B, 2, 2));
    GS_CHECK_EQ(GS_CACHE_FAIL_LINE_ALLOC, fail_of(C, 3, 3));
    GS_CHECK_EQ(GS_CACHE_FAIL_LINE_ALLOC, fail_of(C, 3, 4));           /* retry: still */
    GS_CHECK_EQ(2, gs_cache_miss_count(&cache));                       /* fails queue nothing */
    GS_CHECK_EQ(1, ch_fill(&cache, A, out, 5));
    r = ch_req(C, 0xF, 0, GS_SPACE_GLOBAL, 3, 3);
    res = gs_cache_access(&cache, &r, 6);                              /* retry succeeds */
    GS_CHECK_EQ(CH_MISS, res.outcome);
    GS_CHECK_EQ(1, res.evicted);
    GS_CHECK_EQ(A, res.victim_line);                                   /* B is reserved */
    GS_CHECK_EQ(2, cache.stats.fails[GS_CACHE_FAIL_LINE_ALLOC]);
}

/* A merge needs no miss-queue slot (seed-000 Fig 4.1: only a new entry queues). */
static void test_merge_with_full_queue(void)
{
    GS_CHECK(ch_make(&cache, "N:1:128:4,L:R:m:N:L,A:4:4,1:0,128", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, A, 1, 1));
    GS_CHECK_EQ(CH_HR, ch_read(&cache, A, 2, 2));
    GS_CHECK_EQ(GS_CACHE_FAIL_MISS_QUEUE_FULL, fail_of(B, 3, 3));
}

/* Sector cache: waiters are released when THEIR sectors arrive. */
static void test_sector_release(void)
{
    gs_cache_request r;
    uint32_t n = 0;
    GS_CHECK(ch_make(&cache, "S:1:128:4,L:R:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    r = ch_req(A, 0x3, 0, GS_SPACE_GLOBAL, 1, 1);
    GS_CHECK_EQ(CH_MISS, gs_cache_access(&cache, &r, 1).outcome);
    r = ch_req(A, 0x2, 0, GS_SPACE_GLOBAL, 2, 2);
    GS_CHECK_EQ(CH_HR, gs_cache_access(&cache, &r, 2).outcome);
    GS_CHECK_EQ(1, gs_cache_fill(&cache, A, 0x2, 3, out, 64, &n));
    GS_CHECK_EQ(1, n);                                 /* token 2 needs only sector 1 */
    GS_CHECK_EQ(2, out[0].token);
    GS_CHECK_EQ(1, gs_cache_fill(&cache, A, 0x1, 4, out, 64, &n));
    GS_CHECK_EQ(1, n);
    GS_CHECK_EQ(1, out[0].token);
    GS_CHECK_EQ(0, cache.mshr.in_use);
}

/* Bypass mode: no lines, no merging; every read gets its own entry. */
static void test_bypass_mode(void)
{
    GS_CHECK(ch_make(&cache, "N:1:128:4,L:R:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_BYPASS, 0));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, A, 1, 1));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, A, 2, 2));
    GS_CHECK_EQ(2, cache.mshr.in_use);
    GS_CHECK_EQ(1, ch_fill(&cache, A, out, 3));
    GS_CHECK_EQ(1, out[0].token);                      /* the oldest first */
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, A, 3, 4));    /* nothing was cached */
    GS_CHECK_EQ(3, gs_cache_miss_count(&cache));
    GS_CHECK_EQ(0, cache.stats.hits + cache.stats.pending_hits);
}

int main(void)
{
    GS_RUN(test_merge_queue_and_entry_fails);
    GS_RUN(test_line_alloc_fail);
    GS_RUN(test_merge_with_full_queue);
    GS_RUN(test_sector_release);
    GS_RUN(test_bypass_mode);
    return gs_check_report();
}
