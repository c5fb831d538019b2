/*
 * HS (examples/suite/hs: Rodinia hotspot) on the functional executor
 * equals a C reference of the HotSpot stencil: each step, every cell
 * t' = t + step/Cap * (p + (tS + tN - 2t)/Ry + (tE + tW - 2t)/Rx + (80 - t)/Rz)
 * with neighbours clamped at the grid edge, in Rodinia's float/double
 * promotion and the PTX's fma order. Two steps per launch in the pyramid
 * tiling must equal two global steps; 4 steps over the 192 x 192 grid.
 */
#include "check.h"
#include "suite_file.h"
#include "workload_ref.h"

#define GRID 192u
#define CELLS (GRID * GRID)
#define STEPS 4u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t power[CELLS], temp[2][CELLS], got[CELLS];

/* 1/Rx and 1/Ry (double), 1/Rz (float) and step/Cap (double), as the kernel forms them */
typedef struct hs_coef {
    uint64_t gx, gy, rate;
    uint32_t gz;
} hs_coef;

static uint64_t d(uint32_t f) { return gs_f64_from_f32(f, 0); }

static uint32_t cell(const uint32_t *t, const hs_coef *k, uint32_t r, uint32_t c)
{
    const uint64_t minus_two = 0xC000000000000000ull;
    uint32_t n = r > 0 ? r - 1u : 0, s = r + 1u < GRID ? r + 1u : r;
    uint32_t w = c > 0 ? c - 1u : 0, e = c + 1u < GRID ? c + 1u : c;
    uint32_t here = t[r * GRID + c];
    uint64_t t64 = d(here);
    uint64_t ns = gs_f64_fma(minus_two, t64, d(gs_f32_add(t[s * GRID + c], t[n * GRID + c],
                                                          REF_RN, 0)), REF_RN);
    uint64_t ew = gs_f64_fma(minus_two, t64, d(gs_f32_add(t[r * GRID + e], t[r * GRID + w],
                                                          REF_RN, 0)), REF_RN);
    uint64_t sum = gs_f64_fma(ns, k->gy, d(power[r * GRID + c]), REF_RN);
    uint32_t ambient = gs_f32_mul(gs_f32_sub(0x42A00000u, here, REF_RN, 0), k->gz, REF_RN, 0);
    sum = gs_f64_fma(ew, k->gx, sum, REF_RN);
    sum = gs_f64_add(sum, d(ambient), REF_RN);
    return gs_f32_from_f64(gs_f64_fma(k->rate, sum, t64, REF_RN), REF_RN, 0);
}

static void test_small_workload(void)
{
    hs_coef k;
    uint32_t step, i;
    GS_CHECK_EQ(GS_OK, suite_run_file("examples/suite/hs/small.gsw", &wl, &host, &arena,
                                      &state));
    GS_CHECK_EQ(2u, (uint32_t)host.launches);
    GS_CHECK_EQ(2u, suite_arg32(&wl, 0, 0));   /* pyramid height */
    k.gx = d(gs_f32_rcp(suite_arg32(&wl, 0, 9), REF_RN, 0));
    k.gy = d(gs_f32_rcp(suite_arg32(&wl, 0, 10), REF_RN, 0));
    k.gz = gs_f32_rcp(suite_arg32(&wl, 0, 11), REF_RN, 0);
    k.rate = d(gs_f32_div(suite_arg32(&wl, 0, 12), suite_arg32(&wl, 0, 8), REF_RN, 0));
    test_initial32(&wl, "power", power);
    test_initial32(&wl, "temp0", temp[0]);
    for (step = 0; step < STEPS; step++)
        for (i = 0; i < CELLS; i++)
            temp[(step + 1u) & 1u][i] = cell(temp[step & 1u], &k, i / GRID, i % GRID);
    test_read32(&host, &wl, &state, "temp0", got);
    GS_CHECK_EQ(0, test_diff32("temp0", temp[0], got, CELLS));
    GS_CHECK(temp[0][0] != temp[1][0]);
}

int main(void)
{
    GS_RUN(test_small_workload);
    free(test_arena_buffer);
    return gs_check_report();
}
