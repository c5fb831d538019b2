/*
 * MSHR waiter pool (mem/mshr.h): waiters of all entries share one pool sized
 * by the requests that can wait at once. Checked exactly: the pool size rule,
 * the arena bytes, arrival order across interleaved entries, a partial
 * (sector) fill keeping the unfilled waiters in order, and an empty pool
 * refusing both a new entry and a merge until a fill returns nodes.
 */
#include <stdio.h>

#include "check.h"
#include "base/arena.h"
#include "mem/mshr.h"

static unsigned char buffer[1u << 16];
static gs_arena arena;
static gs_mshr mshr;
static gs_mshr_waiter out[16];

static int make(uint32_t entries, uint32_t merge, uint32_t limit)
{
    gs_diag diag;
    gs_arena_init(&arena, buffer, sizeof buffer);
    if (gs_mshr_init(&mshr, &arena, entries, merge, limit, &diag) != GS_OK)
        return 0;
    return arena.used_bytes == gs_mshr_bytes(entries, merge, limit);
}

static void add(uint32_t entry, uint32_t token, uint8_t wait_mask)
{
    gs_mshr_waiter w;
    w.token = token;
    w.pc = 0;
    w.warp = (uint16_t)token;
    w.wait_mask = wait_mask;
    w.is_write = 0;
    gs_mshr_add_waiter(&mshr, entry, &w, token);
}

static void test_pool_size_rule(void)
{
    GS_CHECK_EQ(32, gs_mshr_pool_size(8, 4, 0));      /* no limit: entries x merge */
    GS_CHECK_EQ(5, gs_mshr_pool_size(8, 4, 5));       /* the smaller bound wins */
    GS_CHECK_EQ(32, gs_mshr_pool_size(8, 4, 100));    /* never above entries x merge */
    GS_CHECK(make(8, 4, 5));
    GS_CHECK_EQ(5, mshr.n_nodes);
    GS_CHECK(gs_mshr_bytes(8, 4, 5) < gs_mshr_bytes(8, 4, 0));
}

static void test_order_and_partial_fill(void)
{
    uint32_t a, b, n;
    GS_CHECK(make(4, 4, 0));
    a = gs_mshr_alloc(&mshr, 0x1000, 0);
    b = gs_mshr_alloc(&mshr, 0x2000, 1);
    add(a, 10, 0x1);              /* interleaved arrivals of two entries */
    add(b, 20, 0x1);
    add(a, 11, 0x2);
    add(a, 12, 0x1);
    add(b, 21, 0x1);
    mshr.entries[a].pending_mask = 0x3;
    mshr.entries[b].pending_mask = 0x1;
    GS_CHECK_EQ(11, gs_mshr_waiter_at(&mshr, a, 1)->token);
    n = gs_mshr_fill(&mshr, a, 0x1, out, 16);  /* sector 0 only: 10 and 12 go */
    GS_CHECK_EQ(2, n);
    GS_CHECK_EQ(10, out[0].token);
    GS_CHECK_EQ(12, out[1].token);
    GS_CHECK_EQ(1, mshr.entries[a].n_waiters);
    GS_CHECK_EQ(11, gs_mshr_waiter_at(&mshr, a, 0)->token);
    add(a, 13, 0x2);              /* appended after the kept waiter */
    GS_CHECK_EQ(13, gs_mshr_waiter_at(&mshr, a, 1)->token);
    n = gs_mshr_fill(&mshr, a, 0x2, out, 16);
    GS_CHECK_EQ(2, n);
    GS_CHECK_EQ(11, out[0].token);
    GS_CHECK_EQ(13, out[1].token);
    GS_CHECK_EQ(GS_MSHR_NONE, gs_mshr_find(&mshr, 0x1000));   /* entry freed */
    n = gs_mshr_fill(&mshr, b, 0x1, out, 16);
    GS_CHECK_EQ(2, n);
    GS_CHECK_EQ(20, out[0].token);
    GS_CHECK_EQ(21, out[1].token);
    GS_CHECK_EQ(0, mshr.nodes_in_use);
    GS_CHECK_EQ(5, mshr.nodes_high_water);
}

static void test_empty_pool_refuses(void)
{
    uint32_t a, b;
    GS_CHECK(make(4, 4, 3));
    a = gs_mshr_alloc(&mshr, 0x1000, 0);
    add(a, 1, 0x1);
    add(a, 2, 0x1);
    b = gs_mshr_alloc(&mshr, 0x2000, 0);
    add(b, 3, 0x1);
    mshr.entries[a].pending_mask = 0x1;
    mshr.entries[b].pending_mask = 0x1;
    GS_CHECK_EQ(2, mshr.in_use);                  /* two of four entries in use ... */
    GS_CHECK_EQ(1, gs_mshr_full(&mshr));          /* ... but no node for a new one */
    GS_CHECK_EQ(1, gs_mshr_merge_full(&mshr, a)); /* 2 of 4 merges, pool empty */
    GS_CHECK_EQ(2, gs_mshr_fill(&mshr, a, 0x1, out, 16));
    GS_CHECK_EQ(0, gs_mshr_full(&mshr));
    GS_CHECK_EQ(0, gs_mshr_merge_full(&mshr, b));
    add(b, 4, 0x1);                               /* reuses a released node */
    add(b, 5, 0x1);
    GS_CHECK_EQ(1, gs_mshr_merge_full(&mshr, b));
    GS_CHECK_EQ(3, gs_mshr_fill(&mshr, b, 0x1, out, 16));
    GS_CHECK_EQ(3, out[0].token);
    GS_CHECK_EQ(4, out[1].token);
    GS_CHECK_EQ(5, out[2].token);
    GS_CHECK_EQ(3, mshr.nodes_high_water);
}

int main(void)
{
    GS_RUN(test_pool_size_rule);
    GS_RUN(test_order_and_partial_fill);
    GS_RUN(test_empty_pool_refuses);
    return gs_check_report();
}
