/* Unloaded DRAM latency = exact formula for a row hit, a row miss (bank
 * precharged) and a row conflict, through the L2->DRAM delay line
 * (-dram_latency); seed-002 1.2: hit = tCL, miss = tRP + tRCD + tCL. */
#include "dram_harness.h"

#define LAT 20u
#define BURST 2u

static uint64_t one_request(uint32_t kind, uint64_t row, uint64_t *pushed)
{
    uint32_t id;
    *pushed = h_now;
    id = h_push(kind, 0, 0, row);
    h_drain();
    return h_done_cycle(id, *pushed) - *pushed;
}

static void setup_with_latency(void)
{
    gs_dram_params p = h_gtx480();
    p.latency_cycles = LAT;
    h_setup(&p);
}

static void test_row_miss_on_precharged_bank(void)
{
    uint64_t t;
    setup_with_latency();
    GS_CHECK_EQ(LAT + 12 + 12 + BURST, one_request(GS_REQ_READ, 1, &t));  /* tRCD + CL */
}

static void test_row_hit(void)
{
    uint64_t t;
    setup_with_latency();
    h_open_row(0, 0, 1, 60);
    GS_CHECK_EQ(LAT + 12 + BURST, one_request(GS_REQ_READ, 1, &t));       /* CL */
}

static void test_row_conflict(void)
{
    uint64_t t;
    setup_with_latency();
    h_open_row(0, 0, 1, 60);
    GS_CHECK_EQ(LAT + 12 + 12 + 12 + BURST, one_request(GS_REQ_READ, 2, &t)); /* tRP+tRCD+CL */
    GS_CHECK_EQ(2, h_dram.stats.n_act);
    GS_CHECK_EQ(1, h_dram.stats.n_pre);
    GS_CHECK_EQ(0, h_dram.stats.row_hits);
    GS_CHECK_EQ(2, h_dram.stats.row_misses);
}

static void test_write_hit(void)
{
    uint64_t t;
    setup_with_latency();
    h_open_row(0, 0, 1, 60);
    GS_CHECK_EQ(LAT + 4 + BURST, one_request(GS_REQ_WRITE, 1, &t));       /* WL */
    GS_CHECK_EQ(1, h_dram.stats.row_hits);
}

static void test_atomic_is_a_read(void)
{
    uint64_t t;
    setup_with_latency();
    GS_CHECK_EQ(LAT + 12 + 12 + BURST, one_request(GS_REQ_ATOMIC, 1, &t));
    GS_CHECK_EQ(1, h_dram.stats.n_rd);
    GS_CHECK_EQ(1, h_dram.stats.n_req_rd);
}

static void test_delay_line_boundary(void)
{
    uint64_t t;
    setup_with_latency();
    h_open_row(0, 0, 1, 60);
    t = h_now;
    h_push(GS_REQ_READ, 0, 0, 1);
    h_run_to(t + LAT);
    GS_CHECK_EQ(1, gs_dram_pending(&h_dram));
    GS_CHECK(!h_command_at(t + LAT - 1));
    GS_CHECK_EQ(0, h_dram.queued[GS_DRAM_QUEUE_READ] + h_dram.busy_mask);
    h_run_to(t + LAT + 1);
    GS_CHECK(h_command_at(t + LAT));
    GS_CHECK_EQ(GS_DRAM_CMD_RD, h_dram.last_cmd.kind);
}

static void test_zero_latency_same_cycle(void)
{
    gs_dram_params p = h_gtx480();
    uint64_t t;
    h_setup(&p);
    GS_CHECK_EQ(12 + 12 + BURST, one_request(GS_REQ_READ, 1, &t));
    GS_CHECK_EQ(0, h_find(GS_DRAM_CMD_ACT, 0, 0, 0));
}

static void test_completions_in_order_and_latency_stats(void)
{
    gs_dram_params p = h_gtx480();
    uint32_t a, b;
    h_setup(&p);
    a = h_push(GS_REQ_READ, 0, 0, 1);
    b = h_push(GS_REQ_READ, 1, 1, 1);
    h_drain();
    GS_CHECK_EQ(26, h_done_cycle(a, 0));     /* ACT 0, RD 12 */
    GS_CHECK_EQ(32, h_done_cycle(b, 0));     /* ACT 6 (tRRD), RD 18 */
    GS_CHECK_EQ(32, h_dram.stats.access_lat_max);
    GS_CHECK_EQ(58, h_dram.stats.access_lat_sum);
    GS_CHECK_EQ(0, h_dram.stats.queue_lat_max);   /* both banks free at once */
    GS_CHECK_EQ(4, h_dram.stats.busy_data_cycles);
}

int main(void)
{
    GS_RUN(test_row_miss_on_precharged_bank);
    GS_RUN(test_row_hit);
    GS_RUN(test_row_conflict);
    GS_RUN(test_write_hit);
    GS_RUN(test_atomic_is_a_read);
    GS_RUN(test_delay_line_boundary);
    GS_RUN(test_zero_latency_same_cycle);
    GS_RUN(test_completions_in_order_and_latency_stats);
    return gs_check_report();
}
