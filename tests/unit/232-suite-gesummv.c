/*
 * GESUMMV (examples/suite/gesummv, PolyBench-GPU): the small workload's tmp
 * and y = alpha A x + beta B x, run through the workload runner, equal a C
 * reference performing the PTX's sequence with src/fp/fpmath.h, bit for
 * bit: per j, tmp = fma(a, x, tmp) then y = fma(b, x, y); finally
 * y = fma(alpha, tmp, beta * y).
 */
#include "check.h"
#include "wlb_suite.h"

#define ALPHA 0x472A0C00u   /* 43532.0f */
#define BETA 0x46406400u    /* 12313.0f */

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;

static void test_gesummv_small(void)
{
    uint32_t *a, *b, *x, *y, *tmp, *got_y, *got_tmp, n, i, j;
    GS_CHECK_EQ(GS_OK, wlb_run("gesummv", "small", &wl, &host, &arena, &state));
    n = wlb_count(&wl, "x");
    GS_CHECK_EQ(912u, n);
    a = wlb_initial32(&wl, "A");
    b = wlb_initial32(&wl, "B");
    x = wlb_initial32(&wl, "x");
    y = wlb_initial32(&wl, "y");
    tmp = wlb_initial32(&wl, "tmp");
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++) {
            tmp[i] = gs_f32_fma(a[i * n + j], x[j], tmp[i], REF_RN, 0);
            y[i] = gs_f32_fma(b[i * n + j], x[j], y[i], REF_RN, 0);
        }
        y[i] = gs_f32_fma(ALPHA, tmp[i], gs_f32_mul(BETA, y[i], REF_RN, 0), REF_RN, 0);
    }
    got_y = wlb_result32(&host, &wl, &state, "y");
    got_tmp = wlb_result32(&host, &wl, &state, "tmp");
    GS_CHECK_EQ(0, test_diff32("tmp", tmp, got_tmp, n));
    GS_CHECK_EQ(0, test_diff32("y", y, got_y, n));
    GS_CHECK(y[0] != 0u);
    free(a); free(b); free(x); free(y); free(tmp); free(got_y); free(got_tmp);
}

int main(void)
{
    GS_RUN(test_gesummv_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
