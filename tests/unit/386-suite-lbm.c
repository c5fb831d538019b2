/*
 * lbm (examples/suite/lbm, Parboil): the small workload's two grids (120 x
 * 16 x 16 cells, flags set by lbm_init_flags, then two time steps A -> B ->
 * A) equal a C reference bit for bit, every word of both buffers: the
 * padding and margins the kernel never writes, the flags and the
 * distributions. The reference mirrors nvcc's code: rho, ux, uy and uz are
 * the source's sums left to right, the velocities rho's quotients
 * (div.rn); u2 = fma(fma(uz, uz, fma(ux, ux, uy * uy)), 1.5, -1); base =
 * rho * 1.95; the rest distribution fma(fC, -0.95, (base * -1/3) * u2);
 * every other one (w * (d * fma(d, 4.5, +-3) - u2)) - f * 0.95 with
 * w = base * 1/18 or base * 1/36 and d its direction's velocity sum, each
 * operation rounded as nvcc leaves it unfused.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define SX 120
#define SY 16
#define SZ 16
#define PX (SX + 8)
#define PLANE (PX * SY)
#define CELLS (PLANE * (SZ + 4))
#define WORDS (20 * CELLS + 4 * PLANE)

enum { C, N, S, E, W, T, B, NE, NW, SE, SW, NT, NB, ST, SB, ET, EB, WT, WB, FLAGS };

/* gathered from (x - dx, y - dy, z - dz): the direction's velocity */
static const int vel[19][3] = {
    {0, 0, 0}, {0, 1, 0}, {0, -1, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1},
    {1, 1, 0}, {-1, 1, 0}, {1, -1, 0}, {-1, -1, 0}, {0, 1, 1}, {0, 1, -1}, {0, -1, 1},
    {0, -1, -1}, {1, 0, 1}, {1, 0, -1}, {-1, 0, 1}, {-1, 0, -1}};
/* the opposite direction of each */
static const int opp[19] = {C, S, N, W, E, B, T, SW, SE, NW, NE, SB, ST, NB, NT, WB, WT, EB, ET};

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t grid[2][WORDS], obst[SX * SY * SZ];
static float want[WORDS];

static unsigned at(int x, int y, int z, int e)
{
    return (unsigned)(2 * PLANE + e * CELLS + x + y * PX + z * PLANE);
}

static void init_flags(void)
{
    int x, y, z;
    for (z = 0; z < SZ; z++)
        for (y = 0; y < SY; y++)
            for (x = 0; x < SX; x++) {
                uint32_t flags = 0;
                if (obst[(z * SY + y) * SX + x] == 0)
                    flags |= 1u;
                if (x == 0 || x == SX - 1 || y == 0 || y == SY - 1 || z == 0 || z == SZ - 1)
                    flags |= 1u;
                else if ((z == 1 || z == SZ - 2) && x > 1 && x < SX - 2 && y > 1 && y < SY - 2)
                    flags |= 2u;
                grid[0][at(x, y, z, FLAGS)] = flags;
                grid[1][at(x, y, z, FLAGS)] = flags;
            }
}

/* (w * (d * fma(d, 4.5, c) - u2)) - f * 0.95 */
static float relax(float f, float w, float d, float c, float u2)
{
    float t = d * fmaf(d, 4.5f, c) - u2;
    return w * t - f * wlb_f32(0x3F733334u);
}

static void step(const uint32_t *src, uint32_t *dst)
{
    int x, y, z, e;
    float f[19];
    for (z = 0; z < SZ; z++)
        for (y = 0; y < SY; y++)
            for (x = 0; x < SX; x++) {
                uint32_t flags = src[at(x, y, z, FLAGS)];
                for (e = 0; e < 19; e++)
                    f[e] = wlb_f32(src[at(x - vel[e][0], y - vel[e][1], z - vel[e][2], e)]);
                if (flags & 1u) {
                    for (e = 0; e < 19; e++)
                        dst[at(x, y, z, opp[e])] = wlb_bits(f[e]);
                    continue;
                } else {
                    float rho, ux, uy, uz, u2, base, w;
                    float o[19];
                    rho = f[C];
                    for (e = 1; e < 19; e++)
                        rho = rho + f[e];
                    ux = f[E] - f[W] + f[NE] - f[NW] + f[SE] - f[SW] + f[ET] + f[EB] - f[WT]
                        - f[WB];
                    uy = f[N] - f[S] + f[NE] + f[NW] - f[SE] - f[SW] + f[NT] + f[NB] - f[ST]
                        - f[SB];
                    uz = f[T] - f[B] + f[NT] - f[NB] + f[ST] - f[SB] + f[ET] - f[EB] + f[WT]
                        - f[WB];
                    ux = ux / rho;
                    uy = uy / rho;
                    uz = uz / rho;
                    if (flags & 2u) {
                        ux = 0.005f;
                        uy = 0.002f;
                        uz = 0.0f;
                    }
                    u2 = fmaf(fmaf(uz, uz, fmaf(ux, ux, uy * uy)), 1.5f, -1.0f);
                    base = rho * 1.95f;
                    o[C] = fmaf(f[C], -wlb_f32(0x3F733334u), (base * -wlb_f32(0x3EAAAAABu)) * u2);
                    w = base * wlb_f32(0x3D638E39u);
                    o[N] = relax(f[N], w, uy, 3.0f, u2);
                    o[S] = relax(f[S], w, uy, -3.0f, u2);
                    o[T] = relax(f[T], w, uz, 3.0f, u2);
                    o[B] = relax(f[B], w, uz, -3.0f, u2);
                    o[E] = relax(f[E], w, ux, 3.0f, u2);
                    o[W] = relax(f[W], w, ux, -3.0f, u2);
                    w = base * wlb_f32(0x3CE38E39u);
                    o[NT] = relax(f[NT], w, uy + uz, 3.0f, u2);
                    o[NB] = relax(f[NB], w, uy - uz, 3.0f, u2);
                    o[ST] = relax(f[ST], w, uz - uy, 3.0f, u2);
                    o[SB] = relax(f[SB], w, -uy - uz, 3.0f, u2);
                    o[NE] = relax(f[NE], w, ux + uy, 3.0f, u2);
                    o[SE] = relax(f[SE], w, ux - uy, 3.0f, u2);
                    o[ET] = relax(f[ET], w, ux + uz, 3.0f, u2);
                    o[EB] = relax(f[EB], w, ux - uz, 3.0f, u2);
                    o[NW] = relax(f[NW], w, uy - ux, 3.0f, u2);
                    o[SW] = relax(f[SW], w, -ux - uy, 3.0f, u2);
                    o[WT] = relax(f[WT], w, uz - ux, 3.0f, u2);
                    o[WB] = relax(f[WB], w, -ux - uz, 3.0f, u2);
                    for (e = 0; e < 19; e++)
                        dst[at(x, y, z, e)] = wlb_bits(o[e]);
                }
            }
}

static void test_lbm_small(void)
{
    unsigned i, fluid = 0, obstacle = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("lbm", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "OBST", obst);
    test_initial32(&wl, "GRIDA", grid[0]);
    test_initial32(&wl, "GRIDB", grid[1]);
    init_flags();
    step(grid[0], grid[1]);
    step(grid[1], grid[0]);
    /* both kinds of cell occur, and the fluid moved */
    for (i = 0; i < (unsigned)(SX * SY * SZ); i++) {
        obstacle += obst[i] == 0;
        fluid += obst[i] != 0;
    }
    GS_CHECK(obstacle > 100u && fluid > 10000u);
    GS_CHECK(grid[0][at(60, 8, 8, N)] != grid[1][at(60, 8, 8, N)]);
    GS_CHECK(wlb_f32(grid[0][at(60, 8, 1, C)]) > 0.0f);
    for (i = 0; i < (unsigned)WORDS; i++)
        want[i] = wlb_f32(grid[0][i]);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "GRIDA", want));
    for (i = 0; i < (unsigned)WORDS; i++)
        want[i] = wlb_f32(grid[1][i]);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "GRIDB", want));
}

int main(void)
{
    GS_RUN(test_lbm_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
