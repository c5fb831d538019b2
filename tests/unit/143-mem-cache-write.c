/*
 * Generic cache: write policies per state space and write-allocate variants
 * (src/mem/cache_write.c; spec/formats.md 2.1; spec/seed-004 section 1.3.2).
 */
#include "cache_harness.h"

static gs_cache cache;
static gs_cache_waiter out[64];

#define A 0x0000u
#define B 0x1000u
#define C 0x2000u

static void load(uint64_t addr, uint32_t space, uint64_t cycle)
{
    gs_cache_request r = ch_req(addr, 0xF, 0, space, 1, 1);
    GS_CHECK_EQ(CH_MISS, gs_cache_access(&cache, &r, cycle).outcome);
    GS_CHECK_EQ(1, ch_drain(&cache));
    GS_CHECK_EQ(1, ch_fill(&cache, addr, out, cycle + 1));
}

static void expect_pop(uint32_t kind, uint32_t flags, uint64_t line, uint32_t size)
{
    gs_mem_req req;
    GS_CHECK_EQ(1, gs_cache_miss_pop(&cache, &req));
    GS_CHECK_EQ(kind, req.kind);
    GS_CHECK_EQ(flags, req.flags);
    GS_CHECK_EQ(line, req.line_addr);
    GS_CHECK_EQ(size, req.size_bytes);
}

static void test_write_evict(void)
{
    GS_CHECK(ch_make(&cache, "N:1:128:2,L:E:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    load(A, GS_SPACE_GLOBAL, 1);
    GS_CHECK_EQ(CH_HIT, ch_write(&cache, A, GS_SPACE_GLOBAL, 3));
    GS_CHECK(gs_cache_find(&cache, A) == GS_CACHE_NONE);       /* invalidated */
    expect_pop(GS_REQ_WRITE, 0, A, 128);
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, A, 2, 4));
    GS_CHECK_EQ(1, cache.stats.invalidations);
    GS_CHECK_EQ(0, cache.stats.evictions);
}

static void test_write_through_no_allocate(void)
{
    uint32_t line;
    GS_CHECK(ch_make(&cache, "N:1:128:2,L:T:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, ch_write(&cache, A, GS_SPACE_GLOBAL, 1));
    GS_CHECK(gs_cache_find(&cache, A) == GS_CACHE_NONE);       /* no allocation */
    expect_pop(GS_REQ_WRITE, 0, A, 128);
    load(B, GS_SPACE_GLOBAL, 2);
    GS_CHECK_EQ(CH_HIT, ch_write(&cache, B, GS_SPACE_GLOBAL, 4));
    line = gs_cache_find(&cache, B);
    GS_CHECK(line != GS_CACHE_NONE);
    if (line != GS_CACHE_NONE)
        GS_CHECK_EQ(0, gs_cache_line_at(&cache, line)->dirty_mask);   /* stays clean */
    expect_pop(GS_REQ_WRITE, 0, B, 128);
    GS_CHECK_EQ(CH_HIT, ch_read(&cache, B, 3, 5));
}

/* `L`: global write-evict, local write-back; a dirty victim is written back. */
static void test_local_write_back(void)
{
    gs_cache_request r;
    gs_cache_result res;
    GS_CHECK(ch_make(&cache, "N:1:128:2,L:L:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    load(A, GS_SPACE_LOCAL, 1);
    GS_CHECK_EQ(CH_HIT, ch_write(&cache, A, GS_SPACE_LOCAL, 3));
    GS_CHECK_EQ(0, gs_cache_miss_count(&cache));               /* nothing below */
    GS_CHECK_EQ(1, gs_cache_line_at(&cache, gs_cache_find(&cache, A))->dirty_mask);
    load(B, GS_SPACE_GLOBAL, 4);
    GS_CHECK_EQ(CH_HIT, ch_write(&cache, B, GS_SPACE_GLOBAL, 6));   /* global: evict */
    GS_CHECK(gs_cache_find(&cache, B) == GS_CACHE_NONE);
    expect_pop(GS_REQ_WRITE, 0, B, 128);
    load(B, GS_SPACE_GLOBAL, 7);
    r = ch_req(C, 0xF, 0, GS_SPACE_GLOBAL, 5, 5);
    res = gs_cache_access(&cache, &r, 9);                      /* evicts A (LRU), dirty */
    GS_CHECK_EQ(CH_MISS, res.outcome);
    GS_CHECK_EQ(1, res.writeback);
    GS_CHECK_EQ(A, res.victim_line);
    GS_CHECK_EQ(2, gs_cache_miss_count(&cache));
    expect_pop(GS_REQ_WRITE, GS_REQ_WRITEBACK, A, 128);
    expect_pop(GS_REQ_READ, 0, C, 128);
    GS_CHECK_EQ(1, cache.stats.writebacks);
}

/* A dirty victim needs a second miss-queue slot. */
static void test_writeback_needs_queue_slot(void)
{
    GS_CHECK(ch_make(&cache, "N:1:128:1,L:L:m:N:L,A:4:4,1:0,128", GS_CACHE_MODE_NORMAL, 0));
    load(A, GS_SPACE_LOCAL, 1);
    GS_CHECK_EQ(CH_HIT, ch_write(&cache, A, GS_SPACE_LOCAL, 3));
    GS_CHECK_EQ(CH_FAIL, ch_read(&cache, B, 2, 4));
    GS_CHECK_EQ(1, cache.stats.fails[GS_CACHE_FAIL_MISS_QUEUE_FULL]);
    GS_CHECK(gs_cache_find(&cache, A) != GS_CACHE_NONE);       /* nothing changed */
}

static void test_lazy_fetch_on_read(void)
{
    gs_cache_request r;
    GS_CHECK(ch_make(&cache, "N:1:128:2,L:B:m:L:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, ch_write(&cache, A, GS_SPACE_GLOBAL, 1));   /* whole line */
    GS_CHECK_EQ(0, gs_cache_miss_count(&cache));               /* no fetch */
    GS_CHECK_EQ(CH_HIT, ch_read(&cache, A, 1, 2));
    r = ch_req(B, 0x1, 1, GS_SPACE_GLOBAL, 2, 2);
    r.full_mask = 0;                                           /* a partial write */
    GS_CHECK_EQ(CH_MISS, gs_cache_access(&cache, &r, 3).outcome);
    GS_CHECK_EQ(0, gs_cache_miss_count(&cache));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, B, 3, 4));            /* lazy fetch on read */
    expect_pop(GS_REQ_READ, 0, B, 128);
    GS_CHECK_EQ(1, ch_fill(&cache, B, out, 5));
    GS_CHECK_EQ(1, gs_cache_line_at(&cache, gs_cache_find(&cache, B))->dirty_mask);
}

static void test_fetch_on_write(void)
{
    gs_cache_request r;
    GS_CHECK(ch_make(&cache, "N:1:128:2,L:B:m:F:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, ch_write(&cache, A, GS_SPACE_GLOBAL, 1));   /* whole: no fetch */
    GS_CHECK_EQ(0, gs_cache_miss_count(&cache));
    r = ch_req(B, 0x1, 1, GS_SPACE_GLOBAL, 2, 2);
    r.full_mask = 0;
    GS_CHECK_EQ(CH_MISS, gs_cache_access(&cache, &r, 2).outcome);  /* partial: fetch */
    expect_pop(GS_REQ_READ, 0, B, 128);
    GS_CHECK_EQ(1, ch_fill(&cache, B, out, 3));
    GS_CHECK_EQ(1, out[0].is_write);
    GS_CHECK_EQ(1, gs_cache_line_at(&cache, gs_cache_find(&cache, B))->dirty_mask);
}

/* W (naive): the write goes below AND the line is fetched. */
static void test_naive_write_allocate(void)
{
    GS_CHECK(ch_make(&cache, "N:1:128:2,L:B:m:W:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, ch_write(&cache, A, GS_SPACE_GLOBAL, 1));
    expect_pop(GS_REQ_WRITE, 0, A, 128);
    expect_pop(GS_REQ_READ, 0, A, 128);
    GS_CHECK_EQ(1, ch_fill(&cache, A, out, 2));
    GS_CHECK_EQ(CH_HIT, ch_read(&cache, A, 1, 3));
}

int main(void)
{
    GS_RUN(test_write_evict);
    GS_RUN(test_write_through_no_allocate);
    GS_RUN(test_local_write_back);
    GS_RUN(test_writeback_needs_queue_slot);
    GS_RUN(test_lazy_fetch_on_read);
    GS_RUN(test_fetch_on_write);
    GS_RUN(test_naive_write_allocate);
    return gs_check_report();
}
