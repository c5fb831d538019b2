/* DRAM scheduler policies: FR-FCFS serves a row hit before an older row
 * miss, FIFO serves in arrival order with head-of-line blocking
 * (mem/dsched_frfcfs.c, mem/dsched_fifo.c; seed-002 1.3). */
#include "dram_harness.h"

enum { ACT = GS_DRAM_CMD_ACT, PRE = GS_DRAM_CMD_PRE, RD = GS_DRAM_CMD_RD };

static uint32_t older_miss, newer_hit;

/* Bank 0 has row 5 open; at t an older request to row 7 and a newer one to
 * row 5 arrive together. */
static uint64_t hit_vs_older_miss(uint32_t scheduler)
{
    gs_dram_params p = h_gtx480();
    uint64_t t;
    p.scheduler = scheduler;
    h_setup(&p);
    h_open_row(0, 0, 5, 60);
    t = h_now;
    older_miss = h_push(GS_REQ_READ, 0, 0, 7);
    newer_hit = h_push(GS_REQ_READ, 0, 0, 5);
    h_drain();
    return t;
}

static void test_frfcfs_prefers_row_hit(void)
{
    uint64_t t = hit_vs_older_miss(GS_DSCHED_FRFCFS);
    GS_CHECK_EQ(t, h_find(RD, 0, t, 0));
    GS_CHECK_EQ(t + 14, h_done_cycle(newer_hit, t));
    GS_CHECK_EQ(t + 2, h_find(PRE, 0, t, 0));     /* RD + burst, tRTPL 2 */
    GS_CHECK_EQ(t + 14, h_find(ACT, 0, t, 0));
    GS_CHECK_EQ(t + 40, h_done_cycle(older_miss, t));
    GS_CHECK_EQ(1, h_dram.stats.row_hits);
    GS_CHECK_EQ(2, h_dram.stats.row_misses);
}

static void test_fifo_serves_oldest_first(void)
{
    uint64_t t = hit_vs_older_miss(GS_DSCHED_FIFO);
    GS_CHECK_EQ(t, h_find(PRE, 0, t, 0));
    GS_CHECK_EQ(t + 12, h_find(ACT, 0, t, 0));
    GS_CHECK_EQ(t + 38, h_done_cycle(older_miss, t));
    /* row 5 again: PRE waits for tRAS from the ACT at t + 12 */
    GS_CHECK_EQ(t + 40, h_find(PRE, 0, t, 1));
    GS_CHECK_EQ(t + 78, h_done_cycle(newer_hit, t));
    GS_CHECK_EQ(0, h_dram.stats.row_hits);
    GS_CHECK_EQ(3, h_dram.stats.row_misses);
}

/* A conflict in bank 0, a second request to bank 0, then one to bank 1. */
static uint64_t blocked_behind_busy_bank(uint32_t scheduler)
{
    gs_dram_params p = h_gtx480();
    uint64_t t;
    p.scheduler = scheduler;
    h_setup(&p);
    h_open_row(0, 0, 5, 60);
    t = h_now;
    h_push(GS_REQ_READ, 0, 0, 7);
    h_push(GS_REQ_READ, 0, 0, 5);
    h_push(GS_REQ_READ, 1, 1, 1);
    h_drain();
    return t;
}

static void test_fifo_head_of_line_blocking(void)
{
    uint64_t t = blocked_behind_busy_bank(GS_DSCHED_FIFO);
    /* bank 0's first RD at t + 24 frees it; the second request is assigned
     * at t + 25 and the bank-1 request only at t + 26 */
    GS_CHECK_EQ(t + 24, h_find(RD, 0, t, 0));
    GS_CHECK_EQ(t + 26, h_find(ACT, 1, t, 0));
}

static void test_frfcfs_no_blocking_across_banks(void)
{
    uint64_t t = blocked_behind_busy_bank(GS_DSCHED_FRFCFS);
    /* both banks are assigned at t; the round-robin starts after bank 0
     * (the last bank to issue), so bank 1 activates first */
    GS_CHECK_EQ(t, h_find(ACT, 1, t, 0));
    GS_CHECK_EQ(t + 1, h_find(RD, 0, t, 0));      /* the row hit, not the older miss */
}

static void test_frfcfs_oldest_among_hits(void)
{
    gs_dram_params p = h_gtx480();
    uint32_t a, b;
    uint64_t t;
    h_setup(&p);
    h_open_row(0, 0, 5, 60);
    t = h_now;
    h_push(GS_REQ_READ, 0, 0, 9);
    a = h_push(GS_REQ_READ, 0, 0, 5);
    b = h_push(GS_REQ_READ, 0, 0, 5);
    h_drain();
    GS_CHECK_EQ(t + 14, h_done_cycle(a, t));
    GS_CHECK_EQ(t + 17, h_done_cycle(b, t));      /* assigned t + 1, RD t + 3 (tCCDL) */
}

static void test_policy_table(void)
{
    GS_CHECK_EQ(GS_DSCHED_FIFO, gs_dsched_find("fifo"));
    GS_CHECK_EQ(GS_DSCHED_FRFCFS, gs_dsched_find("frfcfs"));
    GS_CHECK_EQ(GS_DSCHED_COUNT, gs_dsched_find("gto"));
    GS_CHECK(gs_dsched_table[GS_DSCHED_FIFO] == &gs_dsched_fifo);
    GS_CHECK(gs_dsched_table[GS_DSCHED_FRFCFS] == &gs_dsched_frfcfs);
}

int main(void)
{
    GS_RUN(test_frfcfs_prefers_row_hit);
    GS_RUN(test_fifo_serves_oldest_first);
    GS_RUN(test_fifo_head_of_line_blocking);
    GS_RUN(test_frfcfs_no_blocking_across_banks);
    GS_RUN(test_frfcfs_oldest_among_hits);
    GS_RUN(test_policy_table);
    return gs_check_report();
}
