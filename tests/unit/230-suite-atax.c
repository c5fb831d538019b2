/*
 * ATAX (examples/suite/atax, PolyBench-GPU): the small workload's tmp = A x
 * and y = A^T tmp, run through the workload runner, equal a C reference
 * that performs the PTX's fma.rn sequence (one fma per element, in loop
 * order) with src/fp/fpmath.h, bit for bit.
 */
#include "check.h"
#include "wlb_suite.h"

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;

static void test_atax_small(void)
{
    uint32_t *a, *x, *tmp, *y, *got_tmp, *got_y, n, i, j;
    GS_CHECK_EQ(GS_OK, wlb_run("atax", "small", &wl, &host, &arena, &state));
    n = wlb_count(&wl, "x");
    GS_CHECK_EQ(912u, n);
    GS_CHECK_EQ(n * n, wlb_count(&wl, "A"));
    a = wlb_initial32(&wl, "A");
    x = wlb_initial32(&wl, "x");
    tmp = wlb_initial32(&wl, "tmp");
    y = wlb_initial32(&wl, "y");
    for (i = 0; i < n; i++)              /* atax_row_products: thread per row */
        for (j = 0; j < n; j++)
            tmp[i] = gs_f32_fma(a[i * n + j], x[j], tmp[i], REF_RN, 0);
    for (j = 0; j < n; j++)              /* atax_column_products: thread per column */
        for (i = 0; i < n; i++)
            y[j] = gs_f32_fma(a[i * n + j], tmp[i], y[j], REF_RN, 0);
    got_tmp = wlb_result32(&host, &wl, &state, "tmp");
    got_y = wlb_result32(&host, &wl, &state, "y");
    GS_CHECK_EQ(0, test_diff32("tmp", tmp, got_tmp, n));
    GS_CHECK_EQ(0, test_diff32("y", y, got_y, n));
    GS_CHECK(y[0] != 0u && tmp[n - 1u] != 0u);   /* the sums did run */
    GS_CHECK_EQ(2u, host.launches);
    free(a); free(x); free(tmp); free(y); free(got_tmp); free(got_y);
}

int main(void)
{
    GS_RUN(test_atax_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
