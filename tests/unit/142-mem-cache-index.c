/*
 * Generic cache: the set-index functions of base/set_index.h wired through
 * (spec/formats.md 2.2; PRIC, spec/seed-000-dwt-pric.md 2.5). Lines 32 sets
 * apart (stride 4 KiB, 128-byte lines, 32 sets) all fall in set 0 under
 * linear indexing and thrash a 4-way set; IPOLY x^5+x^2+1 spreads them.
 */
#include "cache_harness.h"

static gs_cache cache;
static gs_cache_waiter out[64];

/* Two passes over 8 lines at a 4 KiB stride; returns the misses. */
static uint64_t two_passes(void)
{
    uint32_t pass, k;
    for (pass = 0; pass < 2; pass++)
        for (k = 0; k < 8; k++) {
            uint64_t addr = (uint64_t)k * 4096u, cycle = pass * 100u + k * 2u;
            if (ch_read(&cache, addr, k, cycle) == CH_MISS) {
                GS_CHECK_EQ(1, ch_drain(&cache));
                GS_CHECK_EQ(1, ch_fill(&cache, addr, out, cycle + 1));
            }
        }
    GS_CHECK_EQ(0, cache.stats.fails[GS_CACHE_FAIL_NONE]);
    return cache.stats.misses;
}

static void test_linear_conflicts(void)
{
    uint32_t k;
    GS_CHECK(ch_make(&cache, "N:32:128:4,L:R:m:N:L,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0));
    for (k = 0; k < 8; k++)
        GS_CHECK_EQ(0, gs_cache_set_of(&cache, (uint64_t)k * 4096u));
    GS_CHECK_EQ(16, two_passes());          /* LRU over 8 lines in 4 ways: all miss */
    GS_CHECK_EQ(12, cache.stats.evictions);
}

static void test_ipoly_spreads(void)
{
    static const uint32_t sets[8] = { 0, 5, 10, 15, 20, 17, 30, 27 };   /* k*x^5 mod P */
    uint32_t k;
    GS_CHECK(ch_make(&cache, "N:32:128:4,L:R:m:N:P,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0));
    for (k = 0; k < 8; k++)
        GS_CHECK_EQ(sets[k], gs_cache_set_of(&cache, (uint64_t)k * 4096u));
    GS_CHECK_EQ(8, two_passes());           /* only the cold misses */
    GS_CHECK_EQ(0, cache.stats.evictions);
    GS_CHECK_EQ(8, cache.stats.hits);
}

static void test_xor_spreads(void)
{
    uint32_t k;
    GS_CHECK(ch_make(&cache, "N:32:128:4,L:R:m:N:X,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0));
    for (k = 0; k < 8; k++)
        GS_CHECK_EQ(k, gs_cache_set_of(&cache, (uint64_t)k * 4096u));
    GS_CHECK_EQ(8, two_passes());
}

/* The L2 hashes the partition address (formats.md 2.2): index_addr picks the
 * set, the tag stays the full line address. */
static void test_index_addr(void)
{
    gs_cache_request r = ch_req(0x10080u, 0xF, 0, GS_SPACE_GLOBAL, 1, 1);
    gs_cache_result res;
    uint32_t line;
    GS_CHECK(ch_make(&cache, "N:32:128:4,L:R:m:N:L,A:8:4,8:0,128", GS_CACHE_MODE_NORMAL, 0));
    r.index_addr = 0x380u;                 /* set 7 instead of set 1 */
    r.use_index_addr = 1;
    res = gs_cache_access(&cache, &r, 1);
    GS_CHECK_EQ(CH_MISS, res.outcome);
    line = gs_cache_find(&cache, 0x10080u);  /* probes with addr: set 1 */
    GS_CHECK(line == GS_CACHE_NONE);
    GS_CHECK_EQ(1, ch_fill(&cache, 0x10080u, out, 2));
    GS_CHECK_EQ(CH_HIT, gs_cache_access(&cache, &r, 3).outcome);
    GS_CHECK_EQ(7 * 4, cache.mshr.entries[0].set * 4);
}

int main(void)
{
    GS_RUN(test_linear_conflicts);
    GS_RUN(test_ipoly_spreads);
    GS_RUN(test_xor_spreads);
    GS_RUN(test_index_addr);
    return gs_check_report();
}
