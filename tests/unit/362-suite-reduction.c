/*
 * Reduction (examples/suite/reduction, the CUDA SDK's parallel sum): the
 * small workload's 228 partial sums and its total, run through the
 * workload runner, equal a C reference: block b's partial is the sum of
 * the elements its threads visit (pairs 256 apart, every 228 x 512
 * elements), and the total the sum of the partials (integers, exact in any
 * order).
 */
#include "check.h"
#include "wlb_suite.h"

#define N 2097152u
#define BLOCKS 228u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t data[N], partial[BLOCKS];

static void test_reduction_small(void)
{
    uint32_t i, total = 0, *got;
    GS_CHECK_EQ(GS_OK, wlb_run("reduction", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "data", data);
    for (i = 0; i < N; i++)   /* element i is visited by block (i / 512) % 228 */
        partial[(i / 512u) % BLOCKS] += data[i];
    for (i = 0; i < BLOCKS; i++)
        total += partial[i];
    got = wlb_result32(&host, &wl, &state, "partial");
    GS_CHECK_EQ(0, test_diff32("partial", partial, got, BLOCKS));
    free(got);
    got = wlb_result32(&host, &wl, &state, "total");
    GS_CHECK_EQ(total, got[0]);
    free(got);
    GS_CHECK(total > N * 100u && total < N * 155u);   /* about 127.5 on average */
}

int main(void)
{
    GS_RUN(test_reduction_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
