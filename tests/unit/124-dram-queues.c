/* DRAM read/write queues: write-drain watermarks entered and left exactly
 * (seed-002 1.3), queue-full back-pressure with no loss, the delay line
 * counting against its queue, and an idle controller doing nothing. */
#include "dram_harness.h"

enum { ACT = GS_DRAM_CMD_ACT, WR = GS_DRAM_CMD_WR };

static gs_dram_params small_queues(void)
{
    gs_dram_params p = h_gtx480();
    p.read_queue_size = 8;
    p.write_queue_size = 8;
    p.write_high_watermark = 4;
    p.write_low_watermark = 2;
    return p;
}

/* Three reads to bank 0 and `writes` writes to bank 2, all at cycle 0. */
static void reads_and_writes(uint32_t writes)
{
    gs_dram_params p = small_queues();
    uint32_t i;
    h_setup(&p);
    for (i = 0; i < 3; i++)
        h_push(GS_REQ_READ, 0, 0, 1);
    for (i = 0; i < writes; i++)
        h_push(GS_REQ_WRITE, 2, 2, 1);
}

static void test_drain_enters_at_high_leaves_at_low(void)
{
    reads_and_writes(4);
    h_run_to(1);
    GS_CHECK_EQ(1, h_dram.draining);                  /* 4 writes >= high 4 */
    GS_CHECK_EQ(0, h_find(ACT, 2, 0, 0));             /* writes first */
    h_run_to(9);
    GS_CHECK_EQ(7, h_find(WR, 2, 0, 0));              /* tRCDWR */
    GS_CHECK_EQ(1, h_dram.draining);                  /* cycle 8: 3 writes > low 2 */
    GS_CHECK_EQ(2, h_dram.queued[GS_DRAM_QUEUE_WRITE]);
    h_run_to(10);
    GS_CHECK_EQ(0, h_dram.draining);                  /* cycle 9: 2 writes = low */
    GS_CHECK_EQ(9, h_find(ACT, 0, 0, 0));             /* reads take over */
    h_drain();
    GS_CHECK_EQ(10, h_find(WR, 2, 0, 1));             /* assigned in drain, tCCDL */
    GS_CHECK_EQ(1, h_dram.stats.n_drain_entries);
    GS_CHECK_EQ(9, h_dram.stats.drain_cycles);        /* cycles 0..8 */
    GS_CHECK_EQ(7, h_dram.stats.n_completed);
    GS_CHECK_EQ(4, h_dram.stats.n_wr);
    GS_CHECK_EQ(3, h_dram.stats.n_rd);
}

static void test_below_high_watermark_reads_first(void)
{
    reads_and_writes(3);
    h_drain();
    GS_CHECK_EQ(0, h_dram.stats.n_drain_entries);
    GS_CHECK_EQ(0, h_find(ACT, 0, 0, 0));
    /* reads at 12, 15, 18 (tCCDL); the last read leaves the queue at 16, so
     * writes are served from cycle 17 (read queue empty) */
    GS_CHECK_EQ(17, h_find(ACT, 2, 0, 0));
    GS_CHECK_EQ(6, h_dram.stats.n_completed);
}

static void test_read_queue_full_back_pressure(void)
{
    gs_dram_params p = small_queues();
    gs_mem_req *r;
    p.read_queue_size = 2;
    h_setup(&p);
    h_push(GS_REQ_READ, 0, 0, 1);
    h_push(GS_REQ_READ, 0, 0, 2);
    GS_CHECK(!gs_dram_can_accept(&h_dram, GS_REQ_READ));
    GS_CHECK(!gs_dram_can_accept(&h_dram, GS_REQ_ATOMIC));
    GS_CHECK(gs_dram_can_accept(&h_dram, GS_REQ_WRITE));
    r = h_req(GS_REQ_READ, 0, 0, 3, 32);
    GS_CHECK_EQ(0, gs_dram_push(&h_dram, r, h_now));
    GS_CHECK_EQ(1, h_dram.stats.n_refused);
    h_run_to(1);                                      /* first read to bank 0 */
    GS_CHECK(gs_dram_can_accept(&h_dram, GS_REQ_READ));
    GS_CHECK_EQ(1, gs_dram_push(&h_dram, r, h_now));  /* retried, not lost */
    h_drain();
    GS_CHECK_EQ(3, h_dram.stats.n_completed);
    GS_CHECK_EQ(3, h_dram.stats.n_req_rd);          /* refusals not counted */
}

static void test_write_queue_full_back_pressure(void)
{
    gs_dram_params p = small_queues();
    gs_mem_req *w;
    p.write_queue_size = 1;
    p.write_high_watermark = 1;
    p.write_low_watermark = 0;
    h_setup(&p);
    h_push(GS_REQ_WRITE, 0, 0, 1);
    w = h_req(GS_REQ_WRITE, 0, 0, 1, 32);
    GS_CHECK_EQ(0, gs_dram_push(&h_dram, w, h_now));
    GS_CHECK(gs_dram_can_accept(&h_dram, GS_REQ_READ));
    h_run_to(1);
    GS_CHECK_EQ(1, gs_dram_push(&h_dram, w, h_now));
    h_drain();
    GS_CHECK_EQ(2, h_dram.stats.n_completed);
    GS_CHECK_EQ(1, h_dram.stats.n_refused);
}

static void test_delay_line_counts_against_queue(void)
{
    gs_dram_params p = small_queues();
    gs_mem_req *r;
    p.read_queue_size = 2;
    p.latency_cycles = 10;
    h_setup(&p);
    h_push(GS_REQ_READ, 0, 0, 1);
    h_push(GS_REQ_READ, 1, 1, 1);
    GS_CHECK_EQ(0, h_dram.queued[GS_DRAM_QUEUE_READ]);
    GS_CHECK(!gs_dram_can_accept(&h_dram, GS_REQ_READ));
    r = h_req(GS_REQ_READ, 2, 2, 1, 32);
    GS_CHECK_EQ(0, gs_dram_push(&h_dram, r, h_now));
    h_run_to(10);
    GS_CHECK(!gs_dram_can_accept(&h_dram, GS_REQ_READ));   /* still in the line */
    h_run_to(11);                                          /* admitted and assigned */
    GS_CHECK(gs_dram_can_accept(&h_dram, GS_REQ_READ));
    gs_req_pool_free(&h_pool, r);
    h_drain();
}

static void test_idle_controller_does_nothing(void)
{
    gs_dram_params p = h_gtx480();
    h_setup(&p);
    h_run_to(1000);
    GS_CHECK_EQ(0, h_dram.stats.n_activity);
    GS_CHECK_EQ(0, h_log_count);
    GS_CHECK_EQ(0, gs_dram_pending(&h_dram));
    /* activity counts only cycles with work queued or in a bank */
    h_push(GS_REQ_READ, 0, 0, 1);
    h_drain();
    GS_CHECK_EQ(13, h_dram.stats.n_activity);         /* cycles 1000..1012 */
    h_run_to(h_now + 500);
    GS_CHECK_EQ(13, h_dram.stats.n_activity);
}

static void test_row_pending_across_reads_and_writes(void)
{
    /* a write and a read to the same bank and row: both served, one ACT */
    gs_dram_params p = h_gtx480();
    h_setup(&p);
    h_push(GS_REQ_WRITE, 0, 0, 1);
    h_push(GS_REQ_READ, 0, 0, 1);
    h_drain();
    GS_CHECK_EQ(1, h_dram.stats.n_act);
    GS_CHECK_EQ(1, h_dram.stats.row_hits);
    GS_CHECK_EQ(1, h_dram.stats.row_misses);
}

int main(void)
{
    GS_RUN(test_drain_enters_at_high_leaves_at_low);
    GS_RUN(test_below_high_watermark_reads_first);
    GS_RUN(test_read_queue_full_back_pressure);
    GS_RUN(test_write_queue_full_back_pressure);
    GS_RUN(test_delay_line_counts_against_queue);
    GS_RUN(test_idle_controller_does_nothing);
    GS_RUN(test_row_pending_across_reads_and_writes);
    return gs_check_report();
}
