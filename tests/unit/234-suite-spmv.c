/*
 * SPMV_S (examples/suite/spmv, SHOC CSR scalar kernel): the small
 * workload's y = A x, run through the workload runner, equals a C reference
 * of the PTX's sequence (t = fma(val[j], x[col], t) over the row, from 0)
 * with src/fp/fpmath.h, bit for bit; and the seeded matrix has the
 * shape the workload asks for (29184 rows of 4096 columns, 28..54 non-zeros
 * a row, distinct ascending columns).
 */
#include "check.h"
#include "wlb_suite.h"

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;

static void test_spmv_small(void)
{
    uint32_t *rowptr, *cols, *val, *x, *want, *got, rows, ncols, r, j, bad_shape = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("spmv", "small", &wl, &host, &arena, &state));
    rows = wlb_count(&wl, "y");
    GS_CHECK_EQ(29184u, rows);
    ncols = wlb_count(&wl, "x");
    GS_CHECK_EQ(4096u, ncols);
    GS_CHECK_EQ(rows + 1u, wlb_count(&wl, "rowptr"));
    rowptr = wlb_initial32(&wl, "rowptr");
    cols = wlb_initial32(&wl, "cols");
    val = wlb_initial32(&wl, "val");
    x = wlb_initial32(&wl, "x");
    GS_CHECK_EQ(rowptr[rows], wlb_count(&wl, "cols"));
    want = (uint32_t *)calloc(rows, 4u);
    for (r = 0; r < rows; r++) {
        uint32_t len = rowptr[r + 1u] - rowptr[r];
        if (len < 28u || len > 54u)
            bad_shape++;
        for (j = rowptr[r]; j < rowptr[r + 1u]; j++) {
            if (cols[j] >= ncols || (j > rowptr[r] && cols[j] <= cols[j - 1u]))
                bad_shape++;
            want[r] = gs_f32_fma(val[j], x[cols[j]], want[r], REF_RN, 0);
        }
    }
    GS_CHECK_EQ(0u, bad_shape);
    got = wlb_result32(&host, &wl, &state, "y");
    GS_CHECK_EQ(0, test_diff32("y", want, got, rows));
    GS_CHECK(want[0] != 0u);
    free(rowptr); free(cols); free(val); free(x); free(want); free(got);
}

int main(void)
{
    GS_RUN(test_spmv_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
