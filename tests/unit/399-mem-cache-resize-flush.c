/*
 * Way resizing with a dirty flush (mem/cache.h gs_cache_resize_ways and
 * gs_cache_flush_step; GREEN's RACR, seed-003 section 6.3): the highest ways
 * go off, their clean lines at once, their dirty lines owed a write-back
 * and out of every lookup; victims come only from the ways left on; the
 * flush writes back exactly the owed lines, set by set, one per step, and
 * waits for miss-queue room; the sets holding dirty lines are counted; a
 * way switched back on gets its owed line back, and an owed line whose
 * newer copy lives in a lower way joins that copy (also one with a fill
 * pending: its dirty data is not lost); a line owed twice (an older copy
 * from an earlier shrink) is written back once; lines taken back are seen
 * by a later invalidation; a fetch-on-write line switched off before its
 * data lands is owed too.
 */
#include "cache_harness.h"

/* 2 sets x 4 ways of 128 bytes, write-back, allocate on miss; set =
 * (addr / 128) % 2, so 0x000, 0x100, 0x200, 0x300 are set 0. */
#define WB_CACHE "N:2:128:4,L:B:m:L:L,A:8:4,8:0,128"

static void bring(gs_cache *c, uint64_t addr, uint32_t token, uint64_t cycle)
{
    gs_cache_waiter out[64];
    GS_CHECK_EQ(CH_MISS, ch_read(c, addr, token, cycle));
    GS_CHECK_EQ(1u, ch_drain(c));
    GS_CHECK_EQ(1u, ch_fill(c, addr, out, cycle + 1u));
}

static void dirty(gs_cache *c, uint64_t addr, uint64_t cycle)
{
    GS_CHECK_EQ(CH_HIT, ch_write(c, addr, GS_SPACE_GLOBAL, cycle));
}

/* Both sets full, ways in order of arrival; dirty: 0x200 (set 0 way 2),
 * 0x300 (set 0 way 3), 0x380 (set 1 way 3). */
static void fill_sets_of(gs_cache *c, const char *text)
{
    static const uint64_t lines[8] = { 0x000, 0x080, 0x100, 0x180, 0x200, 0x280, 0x300, 0x380 };
    uint32_t i;
    GS_CHECK(ch_make(c, text, GS_CACHE_MODE_NORMAL, 0));
    for (i = 0; i < 8u; i++)
        bring(c, lines[i], i + 1u, 10u * (i + 1u));
    dirty(c, 0x200, 100);
    dirty(c, 0x300, 101);
    dirty(c, 0x380, 102);
    GS_CHECK_EQ(2u, gs_cache_find(c, 0x200) % 4u);
    GS_CHECK_EQ(3u, gs_cache_find(c, 0x380) % 4u);
}

static void fill_both_sets(gs_cache *c)
{
    fill_sets_of(c, WB_CACHE);
}

static void test_shrink_and_flush(void)
{
    gs_cache c;
    gs_mem_req below;
    uint32_t i;
    fill_both_sets(&c);
    gs_cache_resize_ways(&c, 2);
    GS_CHECK_EQ(2u, c.cfg.assoc);
    GS_CHECK_EQ(3u, gs_cache_flush_owed(&c));
    GS_CHECK_EQ(2u, c.stats.flush_dirty_sets);       /* both sets hold an owed line */
    GS_CHECK_EQ(0u, c.stats.dropped_dirty);
    GS_CHECK_EQ(GS_CACHE_NONE, gs_cache_find(&c, 0x200));   /* out of every lookup */
    GS_CHECK_EQ(GS_CACHE_NONE, gs_cache_find(&c, 0x280));   /* clean: gone */
    GS_CHECK(gs_cache_line_at(&c, 6)->allocated == 0);       /* 0x280 was set 1 way 2 */
    GS_CHECK_EQ(0u, gs_cache_find(&c, 0x000));               /* kept ways intact */
    GS_CHECK_EQ(5u, gs_cache_find(&c, 0x180));
    GS_CHECK_EQ(0u, gs_cache_miss_count(&c));
    /* one write-back per step, set 0 before set 1, ways ascending */
    {
        static const uint64_t expect[3] = { 0x200, 0x300, 0x380 };
        for (i = 0; i < 3u; i++) {
            GS_CHECK_EQ(1, gs_cache_flush_step(&c, 200u + i));
            GS_CHECK_EQ(1u, gs_cache_miss_count(&c));
            GS_CHECK(gs_cache_miss_pop(&c, &below));
            GS_CHECK_EQ(expect[i], below.line_addr);
            GS_CHECK_EQ(GS_REQ_WRITE, below.kind);
            GS_CHECK_EQ(GS_REQ_WRITEBACK, below.flags & GS_REQ_WRITEBACK);
            GS_CHECK_EQ(0xFu, below.sector_mask);
            GS_CHECK_EQ(200u + i, below.created_cycle);
        }
    }
    GS_CHECK_EQ(0, gs_cache_flush_step(&c, 203));
    GS_CHECK_EQ(0u, gs_cache_flush_owed(&c));
    GS_CHECK_EQ(3u, c.stats.flush_writebacks);
    GS_CHECK_EQ(3u, c.stats.writebacks);
    GS_CHECK(gs_cache_line_at(&c, 2)->allocated == 0);
}

static void test_victims_from_kept_ways(void)
{
    gs_cache c;
    gs_cache_request rq;
    gs_cache_result r;
    fill_both_sets(&c);
    gs_cache_resize_ways(&c, 2);
    /* A miss in set 0 replaces the LRU of ways 0-1 (0x000, used at 10),
     * never an owed line. */
    rq = ch_req(0x400, 0xF, 0, GS_SPACE_GLOBAL, 20, 20);
    r = gs_cache_access(&c, &rq, 300);
    GS_CHECK_EQ(CH_MISS, r.outcome);
    GS_CHECK_EQ(1u, r.evicted);
    GS_CHECK_EQ(0x000u, r.victim_line);
    GS_CHECK_EQ(0u, gs_cache_find(&c, 0x400));
    GS_CHECK_EQ(3u, gs_cache_flush_owed(&c));
}

static void test_flush_waits_for_room(void)
{
    gs_cache c;
    uint32_t i;
    fill_sets_of(&c, "N:2:128:4,L:B:m:L:L,A:8:4,4:0,128");   /* a 4-entry miss queue */
    gs_cache_resize_ways(&c, 2);
    for (i = 0; i < 4u; i++)   /* four read misses (clean victims) fill the queue */
        GS_CHECK_EQ(CH_MISS, ch_read(&c, 0x1000u + 0x80u * i, 30u + i, 400u));
    GS_CHECK_EQ(4u, gs_cache_miss_count(&c));
    GS_CHECK_EQ(0, gs_cache_flush_step(&c, 401));
    GS_CHECK_EQ(3u, gs_cache_flush_owed(&c));
    ch_drain(&c);
    GS_CHECK_EQ(1, gs_cache_flush_step(&c, 402));
    GS_CHECK_EQ(2u, gs_cache_flush_owed(&c));
}

static void test_grow_takes_owed_lines_back(void)
{
    gs_cache c;
    const gs_cache_line *l;
    gs_cache_waiter out[64];
    fill_both_sets(&c);
    gs_cache_resize_ways(&c, 2);
    GS_CHECK_EQ(1, gs_cache_flush_step(&c, 500));     /* 0x200 written back */
    ch_drain(&c);
    /* 0x380 (set 1, owed in way 3) is read again: a new copy in a kept way */
    GS_CHECK_EQ(CH_MISS, ch_read(&c, 0x380, 40, 510));
    ch_drain(&c);
    GS_CHECK_EQ(1u, ch_fill(&c, 0x380, out, 520));
    GS_CHECK(gs_cache_find(&c, 0x380) % 4u < 2u);
    gs_cache_resize_ways(&c, 4);
    GS_CHECK_EQ(4u, c.cfg.assoc);
    GS_CHECK_EQ(0u, gs_cache_flush_owed(&c));
    /* 0x300 is a line again, dirty, in its old way */
    GS_CHECK_EQ(3u, gs_cache_find(&c, 0x300));
    GS_CHECK(gs_cache_line_at(&c, 3)->dirty_mask == 0x1);   /* a line cache: one unit */
    /* 0x200 was written back: its way is empty */
    GS_CHECK_EQ(GS_CACHE_NONE, gs_cache_find(&c, 0x200));
    GS_CHECK(gs_cache_line_at(&c, 2)->allocated == 0);
    /* 0x380's owed copy joined the newer one: one copy, dirty, way 3 empty */
    l = gs_cache_line_at(&c, gs_cache_find(&c, 0x380));
    GS_CHECK(gs_cache_find(&c, 0x380) % 4u < 2u);
    GS_CHECK_EQ(0x1u, l->dirty_mask);
    GS_CHECK(gs_cache_line_at(&c, 7)->allocated == 0);
    GS_CHECK_EQ(0, gs_cache_flush_step(&c, 530));
    GS_CHECK_EQ(1u, c.stats.flush_writebacks);
}

static void test_fold_into_pending_copy(void)
{
    gs_cache c;
    gs_cache_waiter out[64];
    const gs_cache_line *l;
    fill_both_sets(&c);
    gs_cache_resize_ways(&c, 2);                       /* 0x200 owed (set 0, way 2) */
    GS_CHECK_EQ(CH_MISS, ch_read(&c, 0x200, 50, 600));  /* a newer copy, its fill pending */
    ch_drain(&c);
    gs_cache_resize_ways(&c, 4);                       /* the owed copy folds into it */
    GS_CHECK_EQ(0u, gs_cache_flush_owed(&c));
    GS_CHECK_EQ(1u, ch_fill(&c, 0x200, out, 610));
    l = gs_cache_line_at(&c, gs_cache_find(&c, 0x200));
    GS_CHECK_EQ(0x1u, l->dirty_mask);                  /* still owed to memory */
    GS_CHECK_EQ(0x1u, l->valid_mask);
    GS_CHECK(gs_cache_find(&c, 0x200) < 2u);           /* the newer copy's way */
    GS_CHECK(gs_cache_line_at(&c, 2)->allocated == 0);  /* the owed copy's is empty */
}

static void test_owed_twice_written_back_once(void)
{
    gs_cache c;
    gs_mem_req below;
    gs_cache_waiter out[64];
    static const uint64_t expect[3] = { 0x300, 0x200, 0x380 };
    uint32_t i;
    fill_both_sets(&c);
    gs_cache_resize_ways(&c, 3);                       /* 0x300 (way 3) and 0x380 owed */
    GS_CHECK_EQ(2u, gs_cache_flush_owed(&c));
    GS_CHECK_EQ(CH_HIT, ch_read(&c, 0x000, 60, 700));  /* 0x100 (way 1) is now the LRU */
    GS_CHECK_EQ(CH_MISS, ch_read(&c, 0x300, 61, 701)); /* a newer 0x300 in way 1 */
    ch_drain(&c);
    GS_CHECK_EQ(1u, ch_fill(&c, 0x300, out, 702));
    GS_CHECK_EQ(1u, gs_cache_find(&c, 0x300));
    dirty(&c, 0x300, 703);
    gs_cache_resize_ways(&c, 1);   /* way 1's 0x300 owed: the older copy folds into it */
    GS_CHECK_EQ(3u, gs_cache_flush_owed(&c));          /* 0x300, 0x200; 0x380 */
    GS_CHECK(gs_cache_line_at(&c, 3)->allocated == 0);
    for (i = 0; i < 3u; i++) {
        GS_CHECK_EQ(1, gs_cache_flush_step(&c, 710u + i));
        GS_CHECK(gs_cache_miss_pop(&c, &below));
        GS_CHECK_EQ(expect[i], below.line_addr);
    }
    GS_CHECK_EQ(0, gs_cache_flush_step(&c, 713));
    GS_CHECK_EQ(3u, c.stats.flush_writebacks);
}

static void test_taken_back_lines_are_invalidated(void)
{
    gs_cache c;
    fill_both_sets(&c);
    gs_cache_resize_ways(&c, 2);
    GS_CHECK_EQ(4u, gs_cache_invalidate_all(&c));      /* ways 0-1 of both sets */
    gs_cache_resize_ways(&c, 4);                       /* the owed lines are lines again */
    GS_CHECK_EQ(3u, gs_cache_find(&c, 0x300));
    GS_CHECK_EQ(3u, gs_cache_invalidate_all(&c));      /* 0x200, 0x300, 0x380 */
    GS_CHECK_EQ(GS_CACHE_NONE, gs_cache_find(&c, 0x300));
    gs_cache_resize_ways(&c, 1);
    GS_CHECK_EQ(0u, gs_cache_flush_owed(&c));
}

static void test_fetch_on_write_owed(void)
{
    gs_cache c;
    gs_cache_request rq;
    gs_mem_req below;
    /* fetch-on-write (F): a write miss fetches the line, dirty once it lands */
    GS_CHECK(ch_make(&c, "N:2:128:4,L:B:m:F:L,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0));
    bring(&c, 0x000, 1, 10);
    bring(&c, 0x100, 2, 20);
    bring(&c, 0x200, 3, 30);
    rq = ch_req(0x300, 0x1, 1, GS_SPACE_GLOBAL, 4, 4);   /* one sector: a partial write */
    GS_CHECK_EQ(CH_MISS, gs_cache_access(&c, &rq, 40).outcome);
    GS_CHECK_EQ(3u, gs_cache_find(&c, 0x300));         /* reserved, its fetch pending */
    GS_CHECK_EQ(0u, gs_cache_line_at(&c, 3)->dirty_mask);   /* dirty once it lands */
    ch_drain(&c);
    gs_cache_resize_ways(&c, 2);
    GS_CHECK_EQ(1u, gs_cache_flush_owed(&c));          /* 0x300; 0x200 (clean) dropped */
    GS_CHECK_EQ(1, gs_cache_flush_step(&c, 50));
    GS_CHECK(gs_cache_miss_pop(&c, &below));
    GS_CHECK_EQ(0x300u, below.line_addr);
    GS_CHECK_EQ(GS_REQ_WRITEBACK, below.flags & GS_REQ_WRITEBACK);
}

int main(void)
{
    GS_RUN(test_shrink_and_flush);
    GS_RUN(test_victims_from_kept_ways);
    GS_RUN(test_flush_waits_for_room);
    GS_RUN(test_grow_takes_owed_lines_back);
    GS_RUN(test_fold_into_pending_copy);
    GS_RUN(test_owed_twice_written_back_once);
    GS_RUN(test_taken_back_lines_are_invalidated);
    GS_RUN(test_fetch_on_write_owed);
    return gs_check_report();
}
