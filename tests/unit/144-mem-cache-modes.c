/*
 * Generic cache: sector misses, allocate-on-miss vs allocate-on-fill,
 * unbounded (cold misses only) mode, event order, statistics report
 * (src/mem/cache.c, cache_access.c; mem/cache.h).
 */
#include "cache_harness.h"

static gs_cache cache;
static gs_cache_waiter out[64];

#define A 0x0000u
#define B 0x1000u

static void test_sector_miss(void)
{
    gs_cache_request r;
    gs_cache_result res;
    gs_mem_req req;
    uint32_t n;
    GS_CHECK(ch_make(&cache, "S:1:128:2,L:R:m:N:L,A:4:4,4:0,32", GS_CACHE_MODE_NORMAL, 0));
    r = ch_req(A, 0x1, 0, GS_SPACE_GLOBAL, 1, 1);
    GS_CHECK_EQ(CH_MISS, gs_cache_access(&cache, &r, 1).outcome);
    GS_CHECK_EQ(1, gs_cache_miss_pop(&cache, &req));
    GS_CHECK_EQ(0x1, req.sector_mask);
    GS_CHECK_EQ(32, req.size_bytes);
    GS_CHECK_EQ(1, gs_cache_fill(&cache, A, 0x1, 2, out, 64, &n));
    r = ch_req(A, 0x3, 0, GS_SPACE_GLOBAL, 2, 2);
    res = gs_cache_access(&cache, &r, 3);
    GS_CHECK_EQ(CH_MISS, res.outcome);
    GS_CHECK_EQ(1, res.sector_miss);
    GS_CHECK_EQ(0, res.evicted);
    GS_CHECK_EQ(1, gs_cache_miss_pop(&cache, &req));
    GS_CHECK_EQ(0x2, req.sector_mask);                  /* only the missing sector */
    r = ch_req(A, 0x1, 0, GS_SPACE_GLOBAL, 3, 3);
    GS_CHECK_EQ(CH_HIT, gs_cache_access(&cache, &r, 4).outcome);
    GS_CHECK_EQ(1, cache.stats.sector_misses);
    GS_CHECK_EQ(2, cache.stats.misses);
}

static void test_allocate_on_miss_reserves(void)
{
    GS_CHECK(ch_make(&cache, "N:1:128:1,L:R:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, A, 1, 1));
    GS_CHECK_EQ(CH_FAIL, ch_read(&cache, B, 2, 2));     /* the one way is reserved */
    GS_CHECK_EQ(CH_HR, ch_read(&cache, A, 3, 3));
}

static void test_allocate_on_fill(void)
{
    gs_cache_request r;
    gs_cache_result res;
    GS_CHECK(ch_make(&cache, "N:1:128:1,L:R:f:N:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, A, 1, 1));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, B, 2, 2));     /* nothing reserved: no fail */
    r = ch_req(A, 0xF, 0, GS_SPACE_GLOBAL, 3, 3);
    res = gs_cache_access(&cache, &r, 3);               /* merge, line not allocated */
    GS_CHECK_EQ(CH_MISS, res.outcome);
    GS_CHECK_EQ(1, res.merged);
    GS_CHECK(gs_cache_find(&cache, A) == GS_CACHE_NONE);
    GS_CHECK_EQ(2, ch_fill(&cache, A, out, 4));         /* inserted now */
    GS_CHECK(gs_cache_find(&cache, A) != GS_CACHE_NONE);
    GS_CHECK_EQ(1, ch_fill(&cache, B, out, 5));         /* replaces A at fill */
    GS_CHECK(gs_cache_find(&cache, A) == GS_CACHE_NONE);
    GS_CHECK_EQ(1, cache.stats.evictions);
    GS_CHECK_EQ(0, cache.stats.fails[GS_CACHE_FAIL_NONE]);
}

static uint64_t sweep_twice(uint32_t lines)
{
    uint32_t pass, k;
    for (pass = 0; pass < 2; pass++)
        for (k = 0; k < lines; k++) {
            uint64_t addr = (uint64_t)k * 128u;
            if (ch_read(&cache, addr, k, pass * 100u + k) == CH_MISS) {
                ch_drain(&cache);
                GS_CHECK_EQ(1, ch_fill(&cache, addr, out, pass * 100u + k));
            }
        }
    return cache.stats.misses;
}

static void test_unbounded_cold_misses_only(void)
{
    GS_CHECK(ch_make(&cache, "N:1:128:1,L:R:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(16, sweep_twice(8));                    /* 1 way: every access misses */
    GS_CHECK(ch_make(&cache, "N:1:128:1,L:R:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_UNBOUNDED,
                     16));
    GS_CHECK_EQ(8, sweep_twice(8));                     /* cold misses only */
    GS_CHECK_EQ(8, cache.stats.hits);
    GS_CHECK_EQ(0, cache.stats.evictions);
    GS_CHECK(ch_make(&cache, "N:1:128:1,L:R:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_UNBOUNDED, 4));
    GS_CHECK_EQ(12, sweep_twice(8));                    /* footprint 4: 4 never cached */
    GS_CHECK_EQ(8, cache.stats.unbounded_overflows);
}

static char trace[16];
static uint32_t trace_len;

/* One letter per event: the access outcome as a digit, E evict (owner warp 1
 * replaced by warp 2), a MSHR allocate, m merge, F fill, r release. */
static void on_event(void *ctx, const gs_event *e)
{
    (void)ctx;
    switch (e->kind) {
    case GS_EV_L1D_ACCESS: trace[trace_len++] = (char)('0' + e->outcome); break;
    case GS_EV_L1D_EVICT:
        trace[trace_len++] = e->owner_warp == 1 && e->origin.warp == 2 ? 'E' : '?';
        break;
    case GS_EV_MSHR_ALLOC: trace[trace_len++] = e->level == GS_LEVEL_L1D ? 'a' : '?'; break;
    case GS_EV_MSHR_MERGE: trace[trace_len++] = 'm'; break;
    case GS_EV_L1D_FILL: trace[trace_len++] = 'F'; break;
    case GS_EV_MSHR_RELEASE: trace[trace_len++] = e->value == 1 ? 'r' : '?'; break;
    default: trace[trace_len++] = '?'; break;
    }
}

static void test_event_order(void)
{
    gs_event_bus bus;
    gs_event_sub sub;
    gs_diag diag;
    gs_event_bus_init(&bus);
    memset(&sub, 0, sizeof sub);
    sub.fn = on_event;
    sub.name = "order";
    sub.kinds = GS_EVENT_ALL;
    GS_CHECK_EQ(GS_OK, gs_event_subscribe(&bus, &sub, &diag));
    GS_CHECK(ch_make(&cache, "N:1:128:1,L:R:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    gs_cache_set_events(&cache, &bus, GS_LEVEL_L1D, 0);
    trace_len = 0;
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, A, 1, 1));
    GS_CHECK_EQ(CH_FAIL, ch_read(&cache, B, 2, 2));
    GS_CHECK_EQ(1, ch_fill(&cache, A, out, 3));
    GS_CHECK_EQ(CH_HIT, ch_read(&cache, A, 1, 4));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, B, 2, 5));
    trace[trace_len] = '\0';
    GS_CHECK_STR("a23Fr0Ea2", trace);                   /* eviction before the outcome */
}

static void test_report(void)
{
    static uint64_t buf[4096];
    gs_arena a;
    gs_stats st;
    gs_diag diag;
    const gs_stat_entry *e;
    GS_CHECK(ch_make(&cache, "N:1:128:1,L:R:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, A, 1, 1));
    GS_CHECK_EQ(CH_FAIL, ch_read(&cache, B, 2, 2));
    GS_CHECK_EQ(CH_HR, ch_read(&cache, A, 3, 3));
    GS_CHECK_EQ(2, ch_fill(&cache, A, out, 4));
    GS_CHECK_EQ(CH_HIT, ch_read(&cache, A, 4, 5));
    gs_arena_init(&a, buf, sizeof buf);
    GS_CHECK_EQ(GS_OK, gs_stats_init(&st, &a, 64, &diag));
    gs_cache_report(&cache, &st, "l1d_");
    e = gs_stats_find(&st, "l1d_total_cache_accesses");
    GS_CHECK(e != NULL && e->value == 3);
    e = gs_stats_find(&st, "l1d_total_cache_pending_hits");
    GS_CHECK(e != NULL && e->value == 1);
    e = gs_stats_find(&st, "l1d_total_cache_reservation_fails");
    GS_CHECK(e != NULL && e->value == 1);
    e = gs_stats_find(&st, "l1d_cache_fail_line_alloc");
    GS_CHECK(e != NULL && e->value == 1);
    e = gs_stats_find(&st, "l1d_total_cache_miss_rate");
    GS_CHECK(e != NULL && e->value == 1 && e->den == 3);
}

int main(void)
{
    GS_RUN(test_sector_miss);
    GS_RUN(test_allocate_on_miss_reserves);
    GS_RUN(test_allocate_on_fill);
    GS_RUN(test_unbounded_cold_misses_only);
    GS_RUN(test_event_order);
    GS_RUN(test_report);
    return gs_check_report();
}
