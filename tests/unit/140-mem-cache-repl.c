/*
 * Generic cache: hits and misses, LRU and FIFO victims on a known sequence,
 * arena sizing (src/mem/cache.c, policy_lru.c, policy_fifo.c; spec/formats.md 2.1).
 */
#include "cache_harness.h"

static gs_cache cache;
static gs_cache_waiter released[64];

/* Lines A, B, C all map to the one set of a 1-set, 2-way cache. */
#define A 0x0000u
#define B 0x1000u
#define C 0x2000u

static void load(uint64_t addr, uint64_t cycle)
{
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, addr, 1, cycle));
    GS_CHECK_EQ(1, ch_fill(&cache, addr, released, cycle + 1));
}

static void test_hit_after_fill(void)
{
    GS_CHECK(ch_make(&cache, "N:1:128:2,L:R:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, A + 4, 7, 10));
    GS_CHECK_EQ(1, gs_cache_miss_count(&cache));
    GS_CHECK_EQ(CH_HR, ch_read(&cache, A + 64, 8, 11));
    GS_CHECK_EQ(2, ch_fill(&cache, A, released, 20));
    GS_CHECK_EQ(7, released[0].token);
    GS_CHECK_EQ(8, released[1].token);
    GS_CHECK_EQ(CH_HIT, ch_read(&cache, A + 127, 9, 21));
    GS_CHECK_EQ(1, cache.stats.hits);
    GS_CHECK_EQ(1, cache.stats.pending_hits);
    GS_CHECK_EQ(1, cache.stats.misses);
}

static void test_lru_victim(void)
{
    gs_cache_request r;
    gs_cache_result res;
    GS_CHECK(ch_make(&cache, "N:1:128:2,L:R:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    load(A, 1);
    load(B, 3);
    GS_CHECK_EQ(CH_HIT, ch_read(&cache, A, 1, 5));     /* A is now most recent */
    r = ch_req(C, 0xF, 0, GS_SPACE_GLOBAL, 3, 3);
    res = gs_cache_access(&cache, &r, 6);
    GS_CHECK_EQ(CH_MISS, res.outcome);
    GS_CHECK_EQ(1, res.evicted);
    GS_CHECK_EQ(B, res.victim_line);                   /* LRU: B */
    GS_CHECK_EQ(1, ch_fill(&cache, C, released, 7));
    GS_CHECK_EQ(CH_HIT, ch_read(&cache, A, 1, 8));
    GS_CHECK_EQ(CH_MISS, ch_read(&cache, B, 1, 9));    /* B was evicted; C goes (LRU) */
    GS_CHECK(gs_cache_find(&cache, C) == GS_CACHE_NONE);
    GS_CHECK(gs_cache_find(&cache, A) != GS_CACHE_NONE);
}

static void test_fifo_victim(void)
{
    gs_cache_request r;
    gs_cache_result res;
    GS_CHECK(ch_make(&cache, "N:1:128:2,F:R:m:N:L,A:4:4,4:0,128", GS_CACHE_MODE_NORMAL, 0));
    load(A, 1);
    load(B, 3);
    GS_CHECK_EQ(CH_HIT, ch_read(&cache, A, 1, 5));     /* a hit does not refresh FIFO */
    r = ch_req(C, 0xF, 0, GS_SPACE_GLOBAL, 3, 3);
    res = gs_cache_access(&cache, &r, 6);
    GS_CHECK_EQ(1, res.evicted);
    GS_CHECK_EQ(A, res.victim_line);                   /* FIFO: A, inserted first */
    GS_CHECK_EQ(1, cache.stats.evictions);
}

static void test_sizes(void)
{
    gs_cache_params p;
    gs_cache_error e;
    const char *s = "N:32:128:4,L:L:m:N:H,A:32:8,8:0,128";
    memset(&p, 0, sizeof p);
    GS_CHECK(gs_cache_parse(&p.config, s, strlen(s), &e));
    GS_CHECK_EQ(32, gs_cache_mshr_entries(&p));
    GS_CHECK_EQ(8, gs_cache_mshr_merge(&p));
    /* lines, miss queue, MSHRs, and the LRU policy's 64-bit stamp per line */
    GS_CHECK_EQ(128 * sizeof(gs_cache_line) + 8 * sizeof(gs_cache_miss) +
                gs_mshr_bytes(32, 8, 0) + 128 * sizeof(uint64_t), gs_cache_arena_bytes(&p));
    /* Volta streaming L1: one set x 256 ways, sector -> 1 x 256 x 4 x 4 entries. */
    s = "S:1:128:256,L:L:s:N:L,A:256:8,16:0,32";
    GS_CHECK(gs_cache_parse(&p.config, s, strlen(s), &e));
    GS_CHECK_EQ(4096, gs_cache_mshr_entries(&p));
    GS_CHECK_EQ(64, gs_cache_mshr_merge(&p));
    GS_CHECK(ch_make(&cache, s, GS_CACHE_MODE_NORMAL, 0));
}

static void test_disabled_is_error(void)
{
    gs_cache_params p;
    gs_diag diag;
    gs_cache_error e;
    memset(&p, 0, sizeof p);
    GS_CHECK(gs_cache_parse(&p.config, "none", 4, &e));
    gs_arena_init(&ch_arena, ch_buffer, sizeof ch_buffer);
    GS_CHECK_EQ(GS_E_CONFIG, gs_cache_init(&cache, &ch_arena, &p, &diag));
    GS_CHECK(strstr(diag.message, "disabled") != NULL);
}

int main(void)
{
    GS_RUN(test_hit_after_fill);
    GS_RUN(test_lru_victim);
    GS_RUN(test_fifo_victim);
    GS_RUN(test_sizes);
    GS_RUN(test_disabled_is_error);
    return gs_check_report();
}
