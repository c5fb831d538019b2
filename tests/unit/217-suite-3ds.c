/*
 * 3DS (examples/suite/3ds: Rodinia HotSpot3D's opt1 kernel, here
 * stencil3d_column_climb) on the functional executor equals a C reference
 * of the 7-point stencil: per cell the weighted sum of the cell, W, E, S, N,
 * below, above and its power, plus the above-weight times 80, as the PTX's
 * mul + fma.rn chain in that order, neighbours clamped at the x, y and
 * z edges, 2 ping-pong iterations over 256 x 256 x 8 cells (the repeat
 * loop: 1 pass of 2 launches + the counter kernel).
 */
#include "check.h"
#include "suite_file.h"
#include "workload_ref.h"

#define NX 256u
#define NZ 8u
#define XY (NX * NX)
#define CELLS (XY * NZ)

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t power[CELLS], t[2][CELLS], got[CELLS];

/* the kernel's weights: power, east, west, north, south, up, down, self */
typedef struct coefs {
    uint32_t heat, east, west, north, south, up, down, self;
} coefs;

static uint32_t fma3(uint32_t a, uint32_t b, uint32_t c)
{
    return gs_f32_fma(a, b, c, REF_RN, 0);
}

static uint32_t cell(const uint32_t *in, const coefs *k, uint32_t c)
{
    uint32_t i = c % NX, j = (c % XY) / NX, z = c / XY;
    uint32_t centre = in[c];
    uint32_t w = in[i == 0 ? c : c - 1u], e = in[i == NX - 1u ? c : c + 1u];
    uint32_t n = in[j == 0 ? c : c - NX], s = in[j == NX - 1u ? c : c + NX];
    uint32_t below = z == 0 ? centre : in[c - XY];
    uint32_t above = z == NZ - 1u ? centre : in[c + XY];
    uint32_t sum = gs_f32_mul(k->self, centre, REF_RN, 0);
    sum = fma3(k->west, w, sum);
    sum = fma3(k->east, e, sum);
    sum = fma3(k->south, s, sum);
    sum = fma3(k->north, n, sum);
    sum = fma3(k->down, below, sum);
    sum = fma3(k->up, above, sum);
    sum = fma3(k->heat, power[c], sum);
    return fma3(k->up, 0x42A00000u, sum);   /* ambient 80 */
}

static void test_small_workload(void)
{
    coefs k;
    uint32_t it, c;
    GS_CHECK_EQ(GS_OK, suite_run_file("examples/suite/3ds/small.gsw", &wl, &host, &arena,
                                      &state));
    GS_CHECK_EQ(3u, (uint32_t)host.launches);
    GS_CHECK_EQ(1u, state.repeat_iterations);
    /* stencil3d_column_climb(watts, t_in, t_out, k_power, nx, ny, nz, k_east,
     * k_west, k_north, k_south, k_up, k_down, k_self) */
    k.heat = suite_arg32(&wl, 1, 3);
    k.east = suite_arg32(&wl, 1, 7);
    k.west = suite_arg32(&wl, 1, 8);
    k.north = suite_arg32(&wl, 1, 9);
    k.south = suite_arg32(&wl, 1, 10);
    k.up = suite_arg32(&wl, 1, 11);
    k.down = suite_arg32(&wl, 1, 12);
    k.self = suite_arg32(&wl, 1, 13);
    GS_CHECK_EQ(0x3F76DA2Eu, k.self);
    test_initial32(&wl, "power", power);
    test_initial32(&wl, "t0", t[0]);
    for (it = 0; it < 2u; it++)
        for (c = 0; c < CELLS; c++)
            t[(it + 1u) & 1u][c] = cell(t[it & 1u], &k, c);
    test_read32(&host, &wl, &state, "t0", got);
    GS_CHECK_EQ(0, test_diff32("t0", t[0], got, CELLS));
    test_read32(&host, &wl, &state, "t1", got);
    GS_CHECK_EQ(0, test_diff32("t1", t[1], got, CELLS));
}

int main(void)
{
    GS_RUN(test_small_workload);
    free(test_arena_buffer);
    return gs_check_report();
}
