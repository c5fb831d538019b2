/*
 * CFD (examples/suite/cfd, the Rodinia euler3d substitute): the small
 * workload's mesh, variables and last fluxes after its 2 iterations, run
 * through the workload runner, equal a C reference bit for bit. The kernels
 * use explicitly rounded intrinsics only, so plain C float operations and
 * fmaf in the same order repeat them; the generated mesh (neighbours inside
 * the cell's block of 192) is rebuilt here.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define CELLS 43776u
#define BLOCK 192u
#define ITERS 2u

static const int face_offset[4] = { 1, -1, 48, -48 };

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t bits[12u * CELLS];
static uint32_t neighbours[4u * CELLS];
static float normals[12u * CELLS], variables[5u * CELLS], fluxes[5u * CELLS];

static void mesh(void)
{
    uint32_t i, j;
    for (i = 0; i < CELLS; i++) {
        uint32_t base = i - i % BLOCK, size = CELLS - base < BLOCK ? CELLS - base : BLOCK;
        for (j = 0; j < 4u; j++) {
            uint32_t jitter = ((i * 4u + j) * 2654435761u) >> 28;
            int nb = ((int)(i - base) + face_offset[j] + (int)jitter + 2 * (int)BLOCK) %
                     (int)size;
            neighbours[j * CELLS + i] = base + (uint32_t)nb;
        }
    }
}

static void flux(void)
{
    uint32_t i, j, k;
    for (i = 0; i < CELLS; i++) {
        float v[5], f[5];
        for (k = 0; k < 5u; k++) {
            v[k] = variables[k * CELLS + i];
            f[k] = 0.0f;
        }
        for (j = 0; j < 4u; j++) {
            uint32_t nb = neighbours[j * CELLS + i];
            float nx = normals[(j * 3u) * CELLS + i], ny = normals[(j * 3u + 1u) * CELLS + i];
            float nz = normals[(j * 3u + 2u) * CELLS + i];
            float w = (nx * nx + ny * ny) + nz * nz, e;
            for (k = 0; k < 5u; k++)
                f[k] = fmaf(w, variables[k * CELLS + nb] - v[k], f[k]);
            e = variables[4u * CELLS + nb];
            f[1] = fmaf(nx, e, f[1]);
            f[2] = fmaf(ny, e, f[2]);
            f[3] = fmaf(nz, e, f[3]);
        }
        for (k = 0; k < 5u; k++)
            fluxes[k * CELLS + i] = f[k];
    }
}

static void time_step(void)
{
    uint32_t i;
    for (i = 0; i < 5u * CELLS; i++)
        variables[i] = fmaf(0.001f, fluxes[i], variables[i]);
}

static void test_cfd_small(void)
{
    uint32_t r, *got;
    GS_CHECK_EQ(GS_OK, wlb_run("cfd", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "normals", bits);
    memcpy(normals, bits, sizeof normals);
    test_initial32(&wl, "variables", bits);
    memcpy(variables, bits, sizeof variables);
    mesh();
    for (r = 0; r < ITERS; r++) {
        flux();
        time_step();
    }
    got = wlb_result32(&host, &wl, &state, "neighbours");
    GS_CHECK_EQ(0, test_diff32("neighbours", neighbours, got, 4u * CELLS));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "variables", variables));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "fluxes", fluxes));
    GS_CHECK(neighbours[0] == 1u && neighbours[CELLS] == 8u && fluxes[0] != 0.0f);
    free(got);
}

int main(void)
{
    GS_RUN(test_cfd_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
