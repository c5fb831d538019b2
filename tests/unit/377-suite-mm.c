/*
 * matrixMul (examples/suite/mm, CUDA SDK): the small workload's C = A * B
 * (480 x 128 by 128 x 512, row-major) equals a C reference bit for bit.
 * Each output is the kernel's chain of fused multiply-adds over the inner
 * dimension in order, from 0 (the .cu's fold_square calls fmaf, one
 * fma.rn.f32 per product in the PTX).
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define HA 480u
#define WA 128u
#define WB 512u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a_bits[HA * WA], b_bits[WA * WB];
static float a[HA * WA], b[WA * WB], c[HA * WB];

static void test_mm_small(void)
{
    uint32_t row, col, k;
    GS_CHECK_EQ(GS_OK, wlb_run("mm", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "A", a_bits);
    test_initial32(&wl, "B", b_bits);
    memcpy(a, a_bits, sizeof a);
    memcpy(b, b_bits, sizeof b);
    for (row = 0; row < HA; row++)
        for (col = 0; col < WB; col++) {
            float sum = 0.0f;
            for (k = 0; k < WA; k++)
                sum = fmaf(a[row * WA + k], b[k * WB + col], sum);
            c[row * WB + col] = sum;
        }
    GS_CHECK(fabsf(c[0]) > 0.01f && fabsf(c[0]) < 30.0f);   /* a sum of 128 products */
    GS_CHECK(c[0] != c[1] && c[1] != c[WB]);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "C", c));
}

int main(void)
{
    GS_RUN(test_mm_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
