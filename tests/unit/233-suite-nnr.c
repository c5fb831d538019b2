/*
 * NNR (examples/suite/nnr, seed-001's NN: Rodinia nearest neighbour): the small workload's
 * distances, run through the workload runner, equal a C reference of the
 * PTX's sequence with src/fp/fpmath.h, bit for bit:
 * sqrt.rn(fma(lat - la, lat - la, (lng - lo) * (lng - lo))).
 * Also checks that the nearest record found from them is the true one.
 */
#include "check.h"
#include "wlb_suite.h"

#define QUERY_LAT 0x41F00000u   /* 30.0f */
#define QUERY_LNG 0x42B40000u   /* 90.0f */

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;

static void test_nnr_small(void)
{
    uint32_t *loc, *want, *got, n, i, best = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("nnr", "small", &wl, &host, &arena, &state));
    n = wlb_count(&wl, "distances");
    GS_CHECK_EQ(58368u, n);
    GS_CHECK_EQ(2u * n, wlb_count(&wl, "locations"));
    loc = wlb_initial32(&wl, "locations");
    want = (uint32_t *)malloc(n * 4u);
    for (i = 0; i < n; i++) {
        uint32_t dlat = gs_f32_sub(QUERY_LAT, loc[2u * i], REF_RN, 0);
        uint32_t dlng = gs_f32_sub(QUERY_LNG, loc[2u * i + 1u], REF_RN, 0);
        uint32_t sq = gs_f32_fma(dlat, dlat, gs_f32_mul(dlng, dlng, REF_RN, 0), REF_RN, 0);
        want[i] = gs_f32_sqrt(sq, REF_RN, 0);
    }
    got = wlb_result32(&host, &wl, &state, "distances");
    GS_CHECK_EQ(0, test_diff32("distances", want, got, n));
    for (i = 1; i < n; i++)   /* non-negative floats order as their bits */
        if (got[i] < got[best])
            best = i;
    GS_CHECK(got[best] < 0x40A00000u);   /* some record lies within 5.0 */
    GS_CHECK_EQ(1u, host.launches);
    /* every warp full, each on the one straight path of 30 PTX instructions */
    GS_CHECK_EQ(1824u * 30u, host.warp_insts);   /* 228 x 8 warps */
    free(loc); free(want); free(got);
}

int main(void)
{
    GS_RUN(test_nnr_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
