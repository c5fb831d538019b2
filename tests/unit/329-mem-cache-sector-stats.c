/*
 * Sector-level cache statistics (issue 14; mem/cache.h gs_cache_acc and
 * gs_cache_status): GPGPU-Sim's access breakdown counted per 32-byte sector
 * in a sector cache, on hand-built access patterns with exact counts, and
 * the summary GPGPU-Sim prints from it (data rows only: instruction fetches
 * have their own row, INST_ACC_R, outside the totals).
 */
#include "cache_harness.h"

static gs_cache cache;
static gs_cache_waiter out[64];

#define A 0x000u   /* sets 0, 1, 2, 3 (4 sets of 128-byte lines, linear index) */
#define B 0x080u
#define C 0x100u
#define D 0x180u
#define E 0x200u   /* set 0 again */

static uint32_t access_of(uint64_t addr, uint32_t sectors, int is_write, uint32_t origin,
                          uint64_t cycle)
{
    gs_cache_request r = ch_req(addr, sectors, is_write, GS_SPACE_GLOBAL, (uint32_t)cycle, 0);
    r.origin = (uint8_t)origin;
    return gs_cache_access(&cache, &r, cycle).outcome;
}

static uint64_t row(unsigned acc, unsigned status)
{
    return cache.stats.breakdown[acc][status];
}

/* 4 sets x 4 ways of 4 sectors, allocate on miss, 3 MSHR entries. */
static void test_sector_breakdown(void)
{
    gs_cache_totals t;
    GS_CHECK(ch_make(&cache, "S:4:128:4,L:B:m:W:L,A:3:8,8:0,32", GS_CACHE_MODE_NORMAL, 0));
    /* one warp reading 4 consecutive sectors of one line: 1 line access, 4 sectors */
    GS_CHECK_EQ(CH_MISS, access_of(A, 0xF, 0, GS_CACHE_ORIGIN_DATA, 1));
    GS_CHECK_EQ(1, cache.stats.misses);
    GS_CHECK_EQ(4, row(GS_ACC_GLOBAL_R, GS_CST_MISS));
    GS_CHECK_EQ(1, ch_drain(&cache));
    GS_CHECK_EQ(1, ch_fill(&cache, A, out, 2));
    /* two valid sectors: 2 hits */
    GS_CHECK_EQ(CH_HIT, access_of(A, 0x3, 0, GS_CACHE_ORIGIN_DATA, 3));
    GS_CHECK_EQ(2, row(GS_ACC_GLOBAL_R, GS_CST_HIT));
    /* sector 0 of B pending, then sectors 0 and 1: 1 reserved hit, 1 sector miss */
    GS_CHECK_EQ(CH_MISS, access_of(B, 0x1, 0, GS_CACHE_ORIGIN_DATA, 4));
    GS_CHECK_EQ(CH_MISS, access_of(B, 0x3, 0, GS_CACHE_ORIGIN_DATA, 5));
    GS_CHECK_EQ(1, row(GS_ACC_GLOBAL_R, GS_CST_HIT_RESERVED));
    GS_CHECK_EQ(1, row(GS_ACC_GLOBAL_R, GS_CST_SECTOR_MISS));
    GS_CHECK_EQ(0, row(GS_ACC_GLOBAL_R, GS_CST_MSHR_HIT));   /* the line is present */
    /* a strided pattern: sectors 0 and 2 of C, then 0 and 1 of D */
    GS_CHECK_EQ(CH_MISS, access_of(C, 0x5, 0, GS_CACHE_ORIGIN_DATA, 6));
    GS_CHECK_EQ(CH_MISS, access_of(D, 0x3, 0, GS_CACHE_ORIGIN_DATA, 7));
    GS_CHECK_EQ(4 + 1 + 2 + 2, row(GS_ACC_GLOBAL_R, GS_CST_MISS));
    /* no MSHR entry left: every requested sector is a reservation fail */
    GS_CHECK_EQ(CH_FAIL, access_of(E, 0xF, 0, GS_CACHE_ORIGIN_DATA, 8));
    GS_CHECK_EQ(4, row(GS_ACC_GLOBAL_R, GS_CST_RESERVATION_FAIL));
    /* an instruction fetch hitting A: its own row */
    GS_CHECK_EQ(CH_HIT, access_of(A, 0xF, 0, GS_CACHE_ORIGIN_INST, 9));
    GS_CHECK_EQ(4, row(GS_ACC_INST_R, GS_CST_HIT));
    /* a one-sector store to valid A (write-back): 1 write hit */
    GS_CHECK_EQ(CH_HIT, access_of(A, 0x1, 1, GS_CACHE_ORIGIN_DATA, 10));
    GS_CHECK_EQ(1, row(GS_ACC_GLOBAL_W, GS_CST_HIT));
    /* GPGPU-Sim's summary: data rows only */
    gs_cache_totals_of(&cache.stats, &t);
    GS_CHECK_EQ(2 + 1 + 9 + 1 + 1, t.accesses);
    GS_CHECK_EQ(9 + 1, t.misses);
    GS_CHECK_EQ(1, t.sector_misses);
    GS_CHECK_EQ(1, t.pending_hits);
    GS_CHECK_EQ(2 + 1, t.hits);
    GS_CHECK_EQ(4, t.reservation_fails);
    GS_CHECK_EQ(1, t.writes);
    GS_CHECK_EQ(13, t.reads);
    /* line-level: 8 accesses taken (fetch included), 1 fail */
    GS_CHECK_EQ(8, cache.stats.hits + cache.stats.pending_hits + cache.stats.misses);
    GS_CHECK_EQ(1, cache.stats.fails[GS_CACHE_FAIL_NONE]);
}

/* Allocate on fill: absent sectors joining an MSHR entry are MISS and MSHR_HIT. */
static void test_mshr_hit(void)
{
    GS_CHECK(ch_make(&cache, "S:4:128:4,L:T:f:N:L,A:3:8,8:0,32", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, access_of(A, 0x1, 0, GS_CACHE_ORIGIN_DATA, 1));
    GS_CHECK_EQ(CH_MISS, access_of(A, 0x3, 0, GS_CACHE_ORIGIN_DATA, 2));
    GS_CHECK_EQ(1 + 2, row(GS_ACC_GLOBAL_R, GS_CST_MISS));
    GS_CHECK_EQ(2, row(GS_ACC_GLOBAL_R, GS_CST_MSHR_HIT));
    GS_CHECK_EQ(0, row(GS_ACC_GLOBAL_R, GS_CST_SECTOR_MISS));
    GS_CHECK_EQ(0, row(GS_ACC_GLOBAL_R, GS_CST_HIT_RESERVED));
}

/* A non-sector cache counts lines: the same 4-sector read is 1 miss. */
static void test_line_cache_counts_lines(void)
{
    GS_CHECK(ch_make(&cache, "N:4:128:4,L:B:m:W:L,A:3:8,8:0,128", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, access_of(A, 0xF, 0, GS_CACHE_ORIGIN_DATA, 1));
    GS_CHECK_EQ(1, row(GS_ACC_GLOBAL_R, GS_CST_MISS));
}

/* The report: GPGPU-Sim's names, the breakdown indented, TOTAL_ACCESS. */
static void test_report_names(void)
{
    static gs_stat_entry entries[256];
    static char texts[16 * GS_STAT_TEXT_MAX];
    gs_stats st;
    const gs_stat_entry *e;
    GS_CHECK(ch_make(&cache, "S:4:128:4,L:B:m:W:L,A:3:8,8:0,32", GS_CACHE_MODE_NORMAL, 0));
    GS_CHECK_EQ(CH_MISS, access_of(A, 0xF, 0, GS_CACHE_ORIGIN_DATA, 1));
    GS_CHECK_EQ(CH_MISS, access_of(B, 0xF, 0, GS_CACHE_ORIGIN_INST, 2));
    memset(&st, 0, sizeof st);
    st.entries = entries;
    st.text_pool = texts;
    st.text_capacity = sizeof texts;
    st.capacity = 256;
    gs_cache_report(&cache, &st, "L1D_");
    gs_cache_report_breakdown(&cache.stats, &st, "L2_cache_stats_breakdown");
    e = gs_stats_find(&st, "L1D_total_cache_accesses");
    GS_CHECK(e != NULL && e->value == 4);            /* the fetch is not data */
    e = gs_stats_find(&st, "L1D_total_line_accesses");
    GS_CHECK(e != NULL && e->value == 2);
    e = gs_stats_find(&st, "L2_cache_stats_breakdown[INST_ACC_R][MISS]");
    GS_CHECK(e != NULL && e->value == 4 && e->indent == 1);
    e = gs_stats_find(&st, "L2_cache_stats_breakdown[GLOBAL_ACC_R][TOTAL_ACCESS]");
    GS_CHECK(e != NULL && e->value == 4);
    e = gs_stats_find(&st, "L2_cache_stats_breakdown[GLOBAL_ACC_W][TOTAL_ACCESS]");
    GS_CHECK(e != NULL && e->value == 0);            /* always printed */
    GS_CHECK(gs_stats_find(&st, "L2_cache_stats_breakdown[LOCAL_ACC_R][HIT]") == NULL);
    e = gs_stats_find(&st, "L1D_total_cache_accesses");
    GS_CHECK(e != NULL && e->indent == 0);
}

int main(void)
{
    GS_RUN(test_sector_breakdown);
    GS_RUN(test_mshr_hit);
    GS_RUN(test_line_cache_counts_lines);
    GS_RUN(test_report_names);
    return gs_check_report();
}
