/*
 * lavaMD (examples/suite/lavamd, Rodinia): the small workload's forces and
 * potentials (343 boxes of 20 particles) equal a C reference bit for bit,
 * and the box table lava_link_boxes builds equals the reference's. The inputs are
 * (r % 10 + 1) / 10 correctly rounded. The arithmetic follows the PTX nvcc
 * emits: a2 = (alpha + alpha) alpha; r2 = (v_i + v_j) - fma(z, z', fma(x,
 * x', y y')); u2 = a2 r2; expf(-u2) as nvcc inlines it (t = sat(fma(x,
 * log2 e / 256... as the constants below, 0.5)), j = fma.rm(t, 252,
 * 12582913), the reduced argument by two fused steps, ex2.approx.ftz (gpusim's,
 * src/fp) times 2^j); fs = vij + vij; the potential fma(vij, q, v) and each
 * force component fma(fs d, q, f).
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define B1 7
#define NB (B1 * B1 * B1)
#define PAR 20
#define N (NB * PAR)

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t raw[N * 5], boxes[NB * 28];
static float rv[N][4], qv[N], fv[N * 4];

static void build_boxes(void)
{
    int b;
    for (b = 0; b < NB; b++) {
        int x = b % B1, y = (b / B1) % B1, z = b / (B1 * B1), dx, dy, dz, nn = 0;
        for (dz = -1; dz <= 1; dz++)
            for (dy = -1; dy <= 1; dy++)
                for (dx = -1; dx <= 1; dx++) {
                    int nx = x + dx, ny = y + dy, nz = z + dz;
                    if ((dx | dy | dz) != 0 && nx >= 0 && nx < B1 && ny >= 0 && ny < B1 &&
                        nz >= 0 && nz < B1)
                        boxes[b * 28 + 2 + nn++] = (uint32_t)((nz * B1 + ny) * B1 + nx);
                }
        boxes[b * 28 + 1] = (uint32_t)nn;
        boxes[b * 28] = (uint32_t)(b * PAR);
    }
}

static void home_box(int bx, float a2)
{
    int k, i, j, nn = (int)boxes[bx * 28 + 1];
    for (k = 0; k < 1 + nn; k++) {
        int other = k == 0 ? bx : (int)boxes[bx * 28 + 2 + k - 1];
        for (i = bx * PAR; i < (bx + 1) * PAR; i++) {
            float *f = &fv[i * 4];
            for (j = other * PAR; j < (other + 1) * PAR; j++) {
                float dot = fmaf(rv[i][3], rv[j][3], fmaf(rv[i][1], rv[j][1], rv[i][2] * rv[j][2]));
                float r2 = (rv[i][0] + rv[j][0]) - dot;
                float vij = wlb_expf_full(-(a2 * r2)), fs = vij + vij;
                f[0] = fmaf(vij, qv[j], f[0]);
                f[1] = fmaf(fs * (rv[i][1] - rv[j][1]), qv[j], f[1]);
                f[2] = fmaf(fs * (rv[i][2] - rv[j][2]), qv[j], f[2]);
                f[3] = fmaf(fs * (rv[i][3] - rv[j][3]), qv[j], f[3]);
            }
        }
    }
}

static void test_lavamd_small(void)
{
    const float alpha = 0.5f;
    uint32_t *got, diffs = 0;
    int i, k;
    GS_CHECK_EQ(GS_OK, wlb_run("lavamd", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "RAW", raw);
    for (i = 0; i < N; i++) {
        for (k = 0; k < 4; k++)
            rv[i][k] = (float)(raw[5 * i + k] % 10u + 1u) / 10.0f;
        qv[i] = (float)(raw[5 * i + 4] % 10u + 1u) / 10.0f;
    }
    build_boxes();
    got = wlb_result32(&host, &wl, &state, "BOXES");   /* the neighbour slots past nn stay 0 */
    for (i = 0; i < NB * 28; i++)
        diffs += got[i] != boxes[i];
    free(got);
    GS_CHECK_EQ(0, diffs);
    GS_CHECK_EQ(26u, boxes[(1 * B1 * B1 + 1 * B1 + 1) * 28 + 1]);   /* an inner box */
    GS_CHECK_EQ(7u, boxes[1]);                                       /* a corner box */
    for (i = 0; i < NB; i++)
        home_box(i, (alpha + alpha) * alpha);
    GS_CHECK(fv[0] > 1.0f && fv[1] != 0.0f);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "RV", &rv[0][0]));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "QV", qv));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "FV", fv));
}

int main(void)
{
    GS_RUN(test_lavamd_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
