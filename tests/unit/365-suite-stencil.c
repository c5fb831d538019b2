/*
 * Stencil (examples/suite/stencil, Parboil stencil): the small workload's
 * two Jacobi sweeps over its 256 x 256 x 16 grid equal a C reference bit
 * for bit, both the first sweep (in A1) and the second (in A0). Each
 * interior point is the kernel's sum in its order (above, below, y + 1,
 * y - 1, x + 1, x - 1), times c1, minus the centre times c0, each step
 * rounded (nvcc fuses none of them); the boundary keeps its initial value.
 */
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define NX 256u
#define NY 256u
#define NZ 16u
#define CELLS (NX * NY * NZ)
#define AT(a, x, y, z) (a)[(x) + NX * ((y) + NY * (z))]

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t bits[CELLS];
static float grid0[CELLS], grid1[CELLS];

static void sweep(const float *in, float *out, float c0, float c1)
{
    uint32_t x, y, z;
    for (z = 1; z + 1u < NZ; z++)
        for (y = 1; y + 1u < NY; y++)
            for (x = 1; x + 1u < NX; x++) {
                float sum = AT(in, x, y, z + 1u) + AT(in, x, y, z - 1u);
                float scaled, centre;
                sum = sum + AT(in, x, y + 1u, z);
                sum = sum + AT(in, x, y - 1u, z);
                sum = sum + AT(in, x + 1u, y, z);
                sum = sum + AT(in, x - 1u, y, z);
                scaled = sum * c1;
                centre = AT(in, x, y, z) * c0;
                AT(out, x, y, z) = scaled - centre;
            }
}

static void test_stencil_small(void)
{
    uint32_t c0_bits = 0x3E2AAAABu, c1_bits = 0x3CE38E39u;
    float c0, c1;
    memcpy(&c0, &c0_bits, 4);
    memcpy(&c1, &c1_bits, 4);
    GS_CHECK_EQ(GS_OK, wlb_run("stencil", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "A0", bits);
    memcpy(grid0, bits, sizeof grid0);
    memcpy(grid1, bits, sizeof grid1);
    sweep(grid0, grid1, c0, c1);
    sweep(grid1, grid0, c0, c1);
    GS_CHECK(AT(grid0, 5u, 7u, 3u) != AT(grid1, 5u, 7u, 3u));   /* the sweeps differ */
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "A1", grid1));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "A0", grid0));
}

int main(void)
{
    GS_RUN(test_stencil_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
