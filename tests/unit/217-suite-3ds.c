/*
 * 3DS (examples/suite/3ds: Rodinia HotSpot3D, hotspotOpt1) on the
 * functional executor equals a C reference of the 7-point stencil: per
 * cell cc*t + cw*W + ce*E + cs*S + cn*N + cb*below + ct*above + sdc*p +
 * ct*80 as the PTX's mul + fma.rn chain, neighbours clamped at the x, y and
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

typedef struct coefs {
    uint32_t sdc, ce, cw, cn, cs, ct, cb, cc;
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
    uint32_t sum = gs_f32_mul(k->cc, centre, REF_RN, 0);
    sum = fma3(k->cw, w, sum);
    sum = fma3(k->ce, e, sum);
    sum = fma3(k->cs, s, sum);
    sum = fma3(k->cn, n, sum);
    sum = fma3(k->cb, below, sum);
    sum = fma3(k->ct, above, sum);
    sum = fma3(k->sdc, power[c], sum);
    return fma3(k->ct, 0x42A00000u, sum);   /* amb_temp = 80 */
}

static void test_small_workload(void)
{
    coefs k;
    uint32_t it, c;
    GS_CHECK_EQ(GS_OK, suite_run_file("examples/suite/3ds/small.gsw", &wl, &host, &arena,
                                      &state));
    GS_CHECK_EQ(3u, (uint32_t)host.launches);
    GS_CHECK_EQ(1u, state.repeat_iterations);
    /* hotspotOpt1(p, tIn, tOut, sdc, nx, ny, nz, ce, cw, cn, cs, ct, cb, cc) */
    k.sdc = suite_arg32(&wl, 1, 3);
    k.ce = suite_arg32(&wl, 1, 7);
    k.cw = suite_arg32(&wl, 1, 8);
    k.cn = suite_arg32(&wl, 1, 9);
    k.cs = suite_arg32(&wl, 1, 10);
    k.ct = suite_arg32(&wl, 1, 11);
    k.cb = suite_arg32(&wl, 1, 12);
    k.cc = suite_arg32(&wl, 1, 13);
    GS_CHECK_EQ(0x3F76DA2Eu, k.cc);
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
