/*
 * BICG (examples/suite/bicg, PolyBench-GPU): the small workload's s = A^T r
 * and q = A p, run through the workload runner, equal a C reference that
 * performs the PTX's fma.rn sequence (from s = 0, q = 0, in loop order)
 * with src/fp/fpmath.h, bit for bit.
 */
#include "check.h"
#include "wlb_suite.h"

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;

static void test_bicg_small(void)
{
    uint32_t *a, *r, *p, *s, *q, *got_s, *got_q, n, i, j;
    GS_CHECK_EQ(GS_OK, wlb_run("bicg", "small", &wl, &host, &arena, &state));
    n = wlb_count(&wl, "r");
    GS_CHECK_EQ(912u, n);
    GS_CHECK_EQ(n * n, wlb_count(&wl, "A"));
    a = wlb_initial32(&wl, "A");
    r = wlb_initial32(&wl, "r");
    p = wlb_initial32(&wl, "p");
    s = (uint32_t *)calloc(n, 4u);
    q = (uint32_t *)calloc(n, 4u);
    for (j = 0; j < n; j++)              /* bicg_column_products: thread per column */
        for (i = 0; i < n; i++)
            s[j] = gs_f32_fma(a[i * n + j], r[i], s[j], REF_RN, 0);
    for (i = 0; i < n; i++)              /* bicg_row_products: thread per row */
        for (j = 0; j < n; j++)
            q[i] = gs_f32_fma(a[i * n + j], p[j], q[i], REF_RN, 0);
    got_s = wlb_result32(&host, &wl, &state, "s");
    got_q = wlb_result32(&host, &wl, &state, "q");
    GS_CHECK_EQ(0, test_diff32("s", s, got_s, n));
    GS_CHECK_EQ(0, test_diff32("q", q, got_q, n));
    GS_CHECK(s[0] != 0u && q[n - 1u] != 0u);
    GS_CHECK_EQ(2u, host.launches);
    free(a); free(r); free(p); free(s); free(q); free(got_s); free(got_q);
}

int main(void)
{
    GS_RUN(test_bicg_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
