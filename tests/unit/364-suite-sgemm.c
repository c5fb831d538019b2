/*
 * SGEMM (examples/suite/sgemm, Parboil sgemm): the small workload's C =
 * A * B^T (512 x 64 by 64 x 960, column-major) equals a C reference bit
 * for bit. Each output is the kernel's chain of fused multiply-adds over
 * k in order, starting from zero, then fma(beta, out, alpha * sum): one
 * rounded product and one fused multiply-add, as the kernel writes them.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define M 512u
#define NCOLS 960u
#define K 64u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a_bits[M * K], b_bits[NCOLS * K];
static float a[M * K], b[NCOLS * K], c[M * NCOLS];

static void reference(float alpha, float beta)
{
    uint32_t row, col, q;
    for (col = 0; col < NCOLS; col++)
        for (row = 0; row < M; row++) {
            float sum = 0.0f;
            for (q = 0; q < K; q++)
                sum = fmaf(a[row + q * M], b[col + q * NCOLS], sum);
            c[row + col * M] = fmaf(0.0f, beta, sum * alpha);   /* C starts at zero */
        }
}

static void test_sgemm_small(void)
{
    GS_CHECK_EQ(GS_OK, wlb_run("sgemm", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "A", a_bits);
    test_initial32(&wl, "B", b_bits);
    memcpy(a, a_bits, sizeof a);
    memcpy(b, b_bits, sizeof b);
    reference(1.0f, 0.0f);
    GS_CHECK(fabsf(c[0]) > 0.01f && fabsf(c[0]) < 20.0f);   /* a sum of 64 products */
    GS_CHECK(c[0] != c[1] && c[1] != c[M]);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "C", c));
}

int main(void)
{
    GS_RUN(test_sgemm_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
