/*
 * The DRAM-side Merge Information Buffer and the inter-core-locality-aware
 * schedulers MSHR-M, MSHR-S and MSHR-S+A (mem/dram.c, mem/dsched_mshr.c;
 * seed-002 sections 2.2-2.3), on hand-built queues of one bank (the
 * dram_harness fixture: GTX480 GDDR5 timing, latency 0, so requests pushed
 * before a cycle are all queued when it schedules):
 *  - the request score among row hits: the largest merge length (or age),
 *    where FR-FCFS takes the oldest hit;
 *  - the row score on a row miss: MSHR-M the largest length of a row,
 *    MSHR-S the sum, MSHR-S+A the sum of ages, FR-FCFS the oldest request;
 *  - ties: the oldest request, the oldest row;
 *  - ages grow by the merge length every cycle and saturate at 2^15 - 1;
 *  - a dummy overwrites its read's length and adds its age; one with no
 *    read queued is dropped; both come back through gs_dram_spent.
 */
#include "dram_harness.h"

static gs_mem_req *reqs[16];

/* A read of `row` (bank 0) with merge length `len` and Age_MSHR `age`, the
 * line address telling them apart. */
static uint32_t push_read(uint64_t row, uint32_t len, uint64_t age, uint64_t line)
{
    gs_mem_req *r = h_req(GS_REQ_READ, 0, 0, row, 32);
    r->merge_count = len;
    r->merge_age = age;
    r->line_addr = line;
    GS_CHECK_EQ(1, gs_dram_push(&h_dram, r, h_now));
    reqs[r->pool_index % 16u] = r;
    return r->pool_index;
}

/* The pool indices of the completions, in order, as a base-16 number. */
static uint64_t served_order(void)
{
    uint64_t order = 0;
    uint32_t i;
    for (i = 0; i < h_log_count; i++)
        if (h_log[i].kind == H_DONE)
            order = order * 16u + h_log[i].req;
    return order;
}

static void setup(uint32_t scheduler)
{
    gs_dram_params p = h_gtx480();
    p.scheduler = scheduler;
    p.mib = gs_dsched_table[scheduler]->uses_mib;
    h_setup(&p);
}

/* Row 5 open; three hits of lengths 1, 3, 3 and an older miss: the longest
 * hit first (the older of the two 3s), then the other hits, then the miss. */
static uint64_t hits(uint32_t scheduler)
{
    setup(scheduler);
    h_open_row(0, 0, 5, 60);   /* pool index 0, freed */
    h_log_count = 0;
    push_read(7, 4, 0, 0x100);   /* 0: a row miss, longest of all */
    push_read(5, 1, 0, 0x200);   /* 1 */
    push_read(5, 3, 0, 0x300);   /* 2 */
    push_read(5, 3, 0, 0x400);   /* 3 */
    h_drain();
    return served_order();
}

static void test_row_hits_by_request_score(void)
{
    GS_CHECK_EQ(0x1230u, hits(GS_DSCHED_FRFCFS));   /* oldest hit first */
    GS_CHECK_EQ(0x2310u, hits(GS_DSCHED_MSHR_M));   /* 3 (older), 3, 1, then the miss */
    GS_CHECK_EQ(0x2310u, hits(GS_DSCHED_MSHR_S));
}

/* No row open: row 7 (length 1, oldest), row 9 (2 + 2), row 11 (3). */
static uint64_t row_choice(uint32_t scheduler)
{
    setup(scheduler);
    push_read(7, 1, 0, 0x100);    /* 0 */
    push_read(9, 2, 0, 0x200);    /* 1 */
    push_read(11, 3, 0, 0x300);   /* 2 */
    push_read(9, 2, 0, 0x400);    /* 3 */
    h_drain();
    return served_order();
}

static void test_row_miss_by_row_score(void)
{
    GS_CHECK_EQ(0x0132u, row_choice(GS_DSCHED_FRFCFS));   /* oldest, then its row's hits */
    GS_CHECK_EQ(0x2130u, row_choice(GS_DSCHED_MSHR_M));   /* max: row 11 (3) */
    GS_CHECK_EQ(0x1320u, row_choice(GS_DSCHED_MSHR_S));   /* sum: row 9 (4), then 11, 7 */
}

/* MSHR-S+A: ages decide. Row 7 has one read aged 100 of length 1; row 9
 * two reads aged 30 of length 2 (sum 60): row 7 first. With ages 60 the
 * sum (120) wins. Equal sums (50 + 50 against 100): the oldest row. */
static uint64_t by_age(uint64_t age9)
{
    setup(GS_DSCHED_MSHR_SA);
    push_read(7, 1, 100, 0x100);   /* 0 */
    push_read(9, 2, age9, 0x200);  /* 1 */
    push_read(9, 2, age9, 0x300);  /* 2 */
    h_drain();
    return served_order();
}

static void test_age_scores(void)
{
    GS_CHECK_EQ(0x012u, by_age(30));
    GS_CHECK_EQ(0x120u, by_age(60));
    GS_CHECK_EQ(0x012u, by_age(50));   /* tie: the oldest row */
    GS_CHECK_EQ(0x120u, by_age(51));   /* one more: row 9 */
}

/* Ages grow by the merge length each cycle; a dummy sets the length and
 * adds its age; 2^15 - 1 is the ceiling, reached one step before it would
 * be passed. The bank is kept busy by an older request so nothing is
 * served while the ages are read. */
static void test_age_growth_and_dummies(void)
{
    const gs_dram_entry *e;
    gs_mem_req *d;
    uint32_t slot;
    setup(GS_DSCHED_MSHR_SA);
    push_read(7, 1, 1000, 0x100);       /* the bank takes this one first (oldest row) */
    push_read(9, 3, 10, 0x200);
    h_run_to(h_now + 1);                /* admitted at cycle t, age 10 */
    slot = gs_dram_queue_first(&h_dram, GS_DRAM_QUEUE_READ);
    e = gs_dram_entry_at(&h_dram, slot);
    GS_CHECK_EQ(0x200u, e->req->line_addr);
    GS_CHECK_EQ(10u, e->mib_age);
    h_run_to(h_now + 4);
    GS_CHECK_EQ(10u + 3u * 4u, e->mib_age);   /* 4 cycles x length 3 */
    d = h_req(GS_REQ_READ, 0, 0, 9, 0);
    d->flags = GS_REQ_DUMMY;
    d->line_addr = 0x200;
    d->merge_count = 5;
    d->merge_age = 40;
    GS_CHECK_EQ(1, gs_dram_push(&h_dram, d, h_now));
    h_run_to(h_now + 1);                /* grows by 3, then the dummy: 5 and + 40 */
    GS_CHECK_EQ(5u, e->mib_len);
    GS_CHECK_EQ(10u + 12u + 3u + 40u, e->mib_age);
    GS_CHECK_EQ(1u, gs_dram_spent_count(&h_dram));
    GS_CHECK(gs_dram_spent(&h_dram, 0) == d);
    gs_req_pool_free(&h_pool, d);
    d = h_req(GS_REQ_READ, 0, 0, 3, 0);   /* no read of line 0x900 queued: dropped */
    d->flags = GS_REQ_DUMMY;
    d->line_addr = 0x900;
    d->merge_count = 2;
    GS_CHECK_EQ(1, gs_dram_push(&h_dram, d, h_now));
    h_run_to(h_now + 1);
    gs_req_pool_free(&h_pool, d);
    GS_CHECK_EQ(2u, h_dram.stats.mib_dummies);
    GS_CHECK_EQ(1u, h_dram.stats.mib_matched);
    /* saturation: one cycle below the ceiling, then at it */
    h_dram.entries[slot].mib_age = GS_DRAM_MIB_AGE_MAX - 5u - 1u;
    h_run_to(h_now + 1);
    GS_CHECK_EQ(GS_DRAM_MIB_AGE_MAX - 1u, e->mib_age);
    GS_CHECK_EQ(0u, h_dram.stats.mib_age_saturations);
    h_run_to(h_now + 1);
    GS_CHECK_EQ(GS_DRAM_MIB_AGE_MAX, e->mib_age);
    GS_CHECK_EQ(1u, h_dram.stats.mib_age_saturations);
    h_run_to(h_now + 1);
    GS_CHECK_EQ(GS_DRAM_MIB_AGE_MAX, e->mib_age);
    GS_CHECK_EQ(1u, h_dram.stats.mib_age_saturations);
    h_drain();
}

int main(void)
{
    GS_RUN(test_row_hits_by_request_score);
    GS_RUN(test_row_miss_by_row_score);
    GS_RUN(test_age_scores);
    GS_RUN(test_age_growth_and_dummies);
    return gs_check_report();
}
