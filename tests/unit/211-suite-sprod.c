/*
 * SPROD (examples/suite/sprod: CUDA SDK scalarProd) on the functional
 * executor equals a C reference of the kernel's arithmetic, over the small
 * workload's seeded inputs: for each vector pair, 1024 lane sums (lane L
 * is an fma.rn chain from zero over elements L, L + 1024, ...), folded
 * pairwise in halves (add.rn of entry k and entry k + 512, then k + 256,
 * ... down to one), the order the PTX adds them in.
 */
#include "check.h"
#include "suite_file.h"
#include "workload_ref.h"

#define VECTORS 256u
#define ELEMENTS 1024u
#define LANES 1024u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a[VECTORS * ELEMENTS], b[VECTORS * ELEMENTS], got[VECTORS], want[VECTORS];

/* Dot product of one pair (f32 bit patterns), lane sums then halving folds. */
static uint32_t pair_dot(const uint32_t *x, const uint32_t *y)
{
    uint32_t lane_sum[LANES], lane, e, width;
    for (lane = 0; lane < LANES; lane++) {
        uint32_t acc = 0;
        for (e = lane; e < ELEMENTS; e += LANES)
            acc = gs_f32_fma(x[e], y[e], acc, REF_RN, 0);
        lane_sum[lane] = acc;
    }
    for (width = LANES; width > 1u; width /= 2u) {
        uint32_t half = width / 2u, k;
        for (k = 0; k < half; k++)
            lane_sum[k] = gs_f32_add(lane_sum[k], lane_sum[k + half], REF_RN, 0);
    }
    return lane_sum[0];
}

static void test_small_workload(void)
{
    uint32_t v;
    GS_CHECK_EQ(GS_OK, suite_run_file("examples/suite/sprod/small.gsw", &wl, &host, &arena,
                                      &state));
    GS_CHECK_EQ(VECTORS, suite_arg32(&wl, 0, 3));
    GS_CHECK_EQ(ELEMENTS, suite_arg32(&wl, 0, 4));
    test_initial32(&wl, "a", a);
    test_initial32(&wl, "b", b);
    for (v = 0; v < VECTORS; v++)
        want[v] = pair_dot(a + v * ELEMENTS, b + v * ELEMENTS);
    test_read32(&host, &wl, &state, "c", got);
    GS_CHECK_EQ(0, test_diff32("c", want, got, VECTORS));
    GS_CHECK(want[0] > 0x43600000u && want[0] < 0x43900000u);   /* 224..288: ~1024/4 */
}

int main(void)
{
    GS_RUN(test_small_workload);
    free(test_arena_buffer);
    return gs_check_report();
}
