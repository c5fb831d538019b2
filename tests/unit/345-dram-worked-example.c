/*
 * Seed 002's worked example (seed-002 section 2.5, the thesis's Fig. 3.1)
 * through the real DRAM controller and schedulers (mem/dram.c,
 * mem/dsched_frfcfs.c, mem/dsched_mshr.c): two cores of two warps each.
 * W0 (core 0) and W2 (core 1) miss on the same line, merged in one L2 MSHR
 * entry: read R0 of merge length 2. W1 waits on R1 and W3 on R3. The three
 * reads are in different rows of one bank with no row open, R1 the oldest
 * and R0 the youngest, so FR-FCFS serves R1, R3, R0. A locality-aware
 * scheduler serves R0 first (MSHR-M and MSHR-S by its length 2, MSHR-S+A by
 * its Age_MSHR, the two merged requests' ages together), then R1 and R3,
 * oldest first (B6).
 *
 * The example's measure: with N = 3 reads served one per time step, a warp
 * whose read is served at step k runs N + 1 - k steps; their mean over the
 * four warps is (1 + 3 + 1 + 2) / 4 = 1.75 for FR-FCFS's order and
 * (3 + 3 + 2 + 1) / 4 = 2.25 for R0 first. The test computes it from the
 * order the controller served, in quarters (7 and 9).
 */
#include "dram_harness.h"

enum { R0 = 0, R1 = 1, R3 = 2, N_READS = 3, N_WARPS = 4 };

/* The read each warp waits on: W0 and W2 share R0. */
static const uint32_t read_of_warp[N_WARPS] = { R0, R1, R0, R3 };

static uint32_t pool_of[N_READS];

static void push_read(uint32_t which, uint64_t row, uint32_t len, uint64_t age)
{
    gs_mem_req *r = h_req(GS_REQ_READ, 0, 0, row, 32);
    r->merge_count = len;
    r->merge_age = age;
    r->line_addr = 0x1000u + which * 0x100u;
    GS_CHECK_EQ(1, gs_dram_push(&h_dram, r, h_now));
    pool_of[which] = r->pool_index;
}

/* Serve the example under `scheduler`; step[read] = the time step (1..3)
 * at which the controller completed it. */
static void serve(uint32_t scheduler, uint32_t step[N_READS])
{
    gs_dram_params p = h_gtx480();
    uint32_t i, r, k = 0;
    p.scheduler = scheduler;
    p.mib = gs_dsched_table[scheduler]->uses_mib;
    h_setup(&p);
    /* ages as the L2s would send them: R1 waited 30 DRAM cycles, R3 20, and
     * R0's two requests 18 each (36 in all: the youngest read, the oldest
     * merged information) */
    push_read(R1, 7, 1, 30);
    push_read(R3, 9, 1, 20);
    push_read(R0, 11, 2, 36);
    h_drain();
    for (r = 0; r < N_READS; r++)
        step[r] = 0;
    for (i = 0; i < h_log_count; i++) {
        if (h_log[i].kind != H_DONE)
            continue;
        k++;
        for (r = 0; r < N_READS; r++)
            if (h_log[i].req == pool_of[r])
                step[r] = k;
    }
    GS_CHECK_EQ(N_READS, k);
}

/* Sum over the warps of N + 1 - (the step its read was served): 4 x the
 * example's mean. */
static uint32_t quarter_delta_ipc(const uint32_t step[N_READS])
{
    uint32_t w, sum = 0;
    for (w = 0; w < N_WARPS; w++)
        sum += N_READS + 1u - step[read_of_warp[w]];
    return sum;
}

static void test_frfcfs_serves_r1_r3_r0(void)
{
    uint32_t step[N_READS];
    serve(GS_DSCHED_FRFCFS, step);
    GS_CHECK_EQ(1, step[R1]);
    GS_CHECK_EQ(2, step[R3]);
    GS_CHECK_EQ(3, step[R0]);
    GS_CHECK_EQ(7, quarter_delta_ipc(step));   /* 1.75 */
}

static void check_locality_aware(uint32_t scheduler)
{
    uint32_t step[N_READS];
    serve(scheduler, step);
    GS_CHECK_EQ(1, step[R0]);
    GS_CHECK_EQ(2, step[R1]);
    GS_CHECK_EQ(3, step[R3]);
    GS_CHECK_EQ(9, quarter_delta_ipc(step));   /* 2.25 */
}

static void test_mshr_schedulers_serve_r0_first(void)
{
    check_locality_aware(GS_DSCHED_MSHR_M);
    check_locality_aware(GS_DSCHED_MSHR_S);
    check_locality_aware(GS_DSCHED_MSHR_SA);
}

/* S+A reads ages, not lengths: with R0's merged ages below R1's (28 < 30)
 * it serves R1 first; while R1 is served R0's age grows by its length 2 a
 * cycle and R3's by 1, so R0 comes before R3. */
static void test_sa_follows_age(void)
{
    gs_dram_params p = h_gtx480();
    uint32_t i, k = 0, order[N_READS];
    p.scheduler = GS_DSCHED_MSHR_SA;
    p.mib = 1;
    h_setup(&p);
    push_read(R1, 7, 1, 30);
    push_read(R3, 9, 1, 20);
    push_read(R0, 11, 2, 28);
    h_drain();
    for (i = 0; i < h_log_count && k < N_READS; i++)
        if (h_log[i].kind == H_DONE)
            order[k++] = h_log[i].req;
    GS_CHECK_EQ(N_READS, k);
    GS_CHECK_EQ(pool_of[R1], order[0]);
    GS_CHECK_EQ(pool_of[R0], order[1]);
    GS_CHECK_EQ(pool_of[R3], order[2]);
}

int main(void)
{
    GS_RUN(test_frfcfs_serves_r1_r3_r0);
    GS_RUN(test_mshr_schedulers_serve_r0_first);
    GS_RUN(test_sa_follows_age);
    return gs_check_report();
}
