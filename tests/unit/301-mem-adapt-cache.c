/*
 * The generic cache under the adaptive L1D split (mem/cache.h
 * gs_cache_set_ways; decisions in mem/cache_adapt.h): a tag array built for
 * more ways than in use, lines of removed ways invalidated (a pending one
 * forgotten while its MSHR entry still serves the waiter), kept ways intact,
 * added ways empty, the allocation policy switched; and the write-through
 * write-allocate rule the split relies on (mem/cache_write.c: T with F or L
 * sends every write below and never holds dirty data); a write-back L1D's
 * dirty lines of removed ways dropped and counted.
 */
#include "cache_harness.h"

/* A cache with a tag array of max_assoc ways per set. */
static int make_wide(gs_cache *c, const char *text, uint32_t max_assoc)
{
    gs_cache_params p;
    gs_cache_error e;
    gs_diag diag;
    memset(&p, 0, sizeof p);
    if (!gs_cache_parse(&p.config, text, strlen(text), &e))
        return 0;
    p.mode = GS_CACHE_MODE_NORMAL;
    p.max_assoc = max_assoc;
    gs_arena_init(&ch_arena, ch_buffer, sizeof ch_buffer);
    if (gs_cache_init(c, &ch_arena, &p, &diag) != GS_OK)
        return 0;
    return ch_arena.used_bytes == gs_cache_arena_bytes(&p);
}

enum { A = 0x000, B = 0x080, C = 0x100, D = 0x180, E = 0x200 };

/* Miss + fill: the line is then present. */
static void bring(gs_cache *c, uint64_t addr, uint32_t token, uint64_t cycle)
{
    gs_cache_waiter out[64];
    GS_CHECK_EQ(CH_MISS, ch_read(c, addr, token, cycle));
    GS_CHECK_EQ(1u, ch_drain(c));
    GS_CHECK_EQ(1u, ch_fill(c, addr, out, cycle + 1u));
}

static void test_arena_and_stride(void)
{
    gs_cache c;
    GS_CHECK(make_wide(&c, "N:1:128:2,L:T:m:L:L,A:8:4,8:0,128", 4));
    GS_CHECK_EQ(4u, c.n_lines);              /* 1 set x 4 ways built */
    GS_CHECK_EQ(4u, c.way_stride);
    GS_CHECK_EQ(2u, c.cfg.assoc);            /* the string's until reconfigured */
    GS_CHECK(make_wide(&c, "N:2:128:4,L:T:m:L:L,A:8:4,8:0,128", 2));
    GS_CHECK_EQ(8u, c.n_lines);              /* max_assoc below the string's: ignored */
    GS_CHECK_EQ(4u, c.way_stride);
}

static void test_shrink_keeps_and_drops(void)
{
    gs_cache c;
    gs_cache_result r;
    gs_cache_request rq;
    GS_CHECK(make_wide(&c, "N:1:128:2,L:T:m:L:L,A:8:4,8:0,128", 4));
    GS_CHECK_EQ(0u, gs_cache_set_ways(&c, 4, 0));
    bring(&c, A, 1, 10);
    bring(&c, B, 2, 20);
    bring(&c, C, 3, 30);
    bring(&c, D, 4, 40);
    GS_CHECK_EQ(CH_HIT, ch_read(&c, A, 5, 50));    /* 4 ways in use: all four fit */
    GS_CHECK_EQ(CH_HIT, ch_read(&c, D, 6, 51));
    /* To 2 ways: C (way 2) and D (way 3) go; A and B stay. */
    GS_CHECK_EQ(2u, gs_cache_set_ways(&c, 2, 0));
    GS_CHECK_EQ(2u, c.cfg.assoc);
    GS_CHECK_EQ(0u, gs_cache_find(&c, A));
    GS_CHECK_EQ(1u, gs_cache_find(&c, B));
    GS_CHECK_EQ(GS_CACHE_NONE, gs_cache_find(&c, C));
    GS_CHECK_EQ(GS_CACHE_NONE, gs_cache_find(&c, D));
    GS_CHECK_EQ(CH_HIT, ch_read(&c, B, 7, 60));
    /* C misses and replaces the LRU of the two ways (A, last used at 50). */
    rq = ch_req(C, 0xF, 0, GS_SPACE_GLOBAL, 8, 8);
    r = gs_cache_access(&c, &rq, 70);
    GS_CHECK_EQ(CH_MISS, r.outcome);
    GS_CHECK_EQ(1u, r.evicted);
    GS_CHECK_EQ(A, r.victim_line);
    /* Back to 4 ways: nothing dropped, ways 2 and 3 empty (no eviction). */
    GS_CHECK_EQ(0u, gs_cache_set_ways(&c, 4, 0));
    rq = ch_req(E, 0xF, 0, GS_SPACE_GLOBAL, 9, 9);
    r = gs_cache_access(&c, &rq, 80);
    GS_CHECK_EQ(CH_MISS, r.outcome);
    GS_CHECK_EQ(0u, r.evicted);
    GS_CHECK_EQ(2u, gs_cache_find(&c, E));
    GS_CHECK_EQ(GS_CACHE_NONE, gs_cache_find(&c, D));    /* D did not come back */
}

static void test_pending_line_dropped(void)
{
    gs_cache c;
    gs_cache_waiter out[64];
    GS_CHECK(make_wide(&c, "N:1:128:2,L:T:m:L:L,A:8:4,8:0,128", 4));
    gs_cache_set_ways(&c, 4, 0);
    bring(&c, A, 1, 10);
    bring(&c, B, 2, 20);
    bring(&c, C, 3, 30);
    GS_CHECK_EQ(CH_MISS, ch_read(&c, D, 4, 40));    /* D reserved in way 3, fill pending */
    GS_CHECK_EQ(3u, gs_cache_find(&c, D));
    GS_CHECK_EQ(2u, gs_cache_set_ways(&c, 2, 0));   /* C and the pending D */
    GS_CHECK_EQ(GS_CACHE_NONE, gs_cache_find(&c, D));
    GS_CHECK_EQ(CH_MISS, ch_read(&c, D, 5, 45));    /* merges into the MSHR entry */
    GS_CHECK_EQ(1u, c.stats.mshr_merges);
    GS_CHECK_EQ(2u, ch_fill(&c, D, out, 50));       /* both waiters released */
    GS_CHECK_EQ(4u, out[0].token);
    GS_CHECK_EQ(5u, out[1].token);
    GS_CHECK_EQ(GS_CACHE_NONE, gs_cache_find(&c, D));   /* not cached */
}

static void test_allocation_switch(void)
{
    gs_cache c;
    gs_cache_waiter out[64];
    GS_CHECK(make_wide(&c, "N:1:128:2,L:T:s:N:L,A:8:4,8:0,128", 4));
    gs_cache_set_ways(&c, 4, 1);                    /* on fill */
    GS_CHECK_EQ(CH_MISS, ch_read(&c, A, 1, 10));
    GS_CHECK_EQ(GS_CACHE_NONE, gs_cache_find(&c, A));   /* nothing reserved */
    ch_drain(&c);
    GS_CHECK_EQ(1u, ch_fill(&c, A, out, 20));
    GS_CHECK_EQ(0u, gs_cache_find(&c, A));
    gs_cache_set_ways(&c, 4, 0);                    /* on miss */
    GS_CHECK_EQ(CH_MISS, ch_read(&c, B, 2, 30));
    GS_CHECK_EQ(1u, gs_cache_find(&c, B));          /* reserved at the miss */
}

static void test_write_through_allocate_is_clean(void)
{
    gs_cache c;
    gs_cache_request rq;
    gs_cache_result r;
    gs_mem_req below;
    gs_cache_waiter out[64];
    /* T + L (lazy fetch): a whole-line write allocates the line valid, sends
     * the write below and leaves nothing dirty. */
    GS_CHECK(ch_make(&c, "N:1:128:2,L:T:m:L:L,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0));
    rq = ch_req(A, 0xF, 1, GS_SPACE_GLOBAL, 1, 1);
    r = gs_cache_access(&c, &rq, 10);
    GS_CHECK_EQ(CH_MISS, r.outcome);
    GS_CHECK_EQ(1u, r.queued);
    GS_CHECK(gs_cache_miss_pop(&c, &below));
    GS_CHECK_EQ(GS_REQ_WRITE, below.kind);
    GS_CHECK_EQ(0u, gs_cache_line_at(&c, gs_cache_find(&c, A))->dirty_mask);
    GS_CHECK_EQ(CH_HIT, ch_read(&c, A, 2, 20));
    GS_CHECK_EQ(0u, c.stats.writebacks);
    /* T + F, partial write: the write goes below with the read; the fill
     * leaves the line clean. */
    GS_CHECK(ch_make(&c, "N:1:128:2,L:T:m:F:L,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0));
    rq = ch_req(B, 0x1, 1, GS_SPACE_GLOBAL, 3, 3);
    r = gs_cache_access(&c, &rq, 30);
    GS_CHECK_EQ(CH_MISS, r.outcome);
    GS_CHECK_EQ(2u, r.queued);                       /* write + read */
    GS_CHECK(gs_cache_miss_pop(&c, &below));
    GS_CHECK_EQ(GS_REQ_WRITE, below.kind);
    GS_CHECK(gs_cache_miss_pop(&c, &below));
    GS_CHECK_EQ(GS_REQ_READ, below.kind);
    GS_CHECK_EQ(1u, ch_fill(&c, B, out, 40));
    GS_CHECK_EQ(0u, gs_cache_line_at(&c, gs_cache_find(&c, B))->dirty_mask);
    /* B (write-back) keeps the old rule: dirty, nothing sent. */
    GS_CHECK(ch_make(&c, "N:1:128:2,L:B:m:L:L,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0));
    rq = ch_req(A, 0xF, 1, GS_SPACE_GLOBAL, 1, 1);
    r = gs_cache_access(&c, &rq, 10);
    GS_CHECK_EQ(0u, r.queued);
    GS_CHECK_EQ(1u, gs_cache_line_at(&c, gs_cache_find(&c, A))->dirty_mask);
}

/* A write-back L1D: a dirty line of a removed way is dropped and counted;
 * a dirty line of a kept way stays dirty. */
static void test_dirty_line_dropped_and_counted(void)
{
    gs_cache c;
    gs_cache_request rq;
    GS_CHECK(make_wide(&c, "N:1:128:2,L:B:m:L:L,A:8:4,8:0,128", 4));
    gs_cache_set_ways(&c, 4, 0);
    bring(&c, A, 1, 10);
    bring(&c, B, 2, 20);
    bring(&c, C, 3, 30);
    rq = ch_req(A, 0xF, 1, GS_SPACE_GLOBAL, 4, 4);    /* whole-line writes: hits, dirty */
    GS_CHECK_EQ(CH_HIT, gs_cache_access(&c, &rq, 40).outcome);
    rq = ch_req(C, 0xF, 1, GS_SPACE_GLOBAL, 5, 5);
    GS_CHECK_EQ(CH_HIT, gs_cache_access(&c, &rq, 41).outcome);
    GS_CHECK_EQ(1u, gs_cache_set_ways(&c, 2, 0));      /* C (way 2) goes */
    GS_CHECK_EQ(1u, c.stats.dropped_dirty);
    GS_CHECK_EQ(0u, c.stats.writebacks);                /* its write-back is not simulated */
    GS_CHECK(gs_cache_line_at(&c, gs_cache_find(&c, A))->dirty_mask != 0);
    GS_CHECK_EQ(1u, gs_cache_set_ways(&c, 1, 0));       /* B (clean, way 1) goes */
    GS_CHECK_EQ(1u, c.stats.dropped_dirty);
}

int main(void)
{
    GS_RUN(test_arena_and_stride);
    GS_RUN(test_shrink_keeps_and_drops);
    GS_RUN(test_pending_line_dropped);
    GS_RUN(test_allocation_switch);
    GS_RUN(test_write_through_allocate_is_clean);
    GS_RUN(test_dirty_line_dropped_and_counted);
    return gs_check_report();
}
