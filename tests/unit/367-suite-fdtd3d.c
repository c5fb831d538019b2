/*
 * FDTD3d (examples/suite/fdtd3d, the CUDA SDK's FDTD3d): the small
 * workload's two time steps over its 512 x 240 x 4 volume (with a halo of
 * 4) equal a C reference bit for bit, both the first step (in B) and the
 * second (in A). Each ring r sums its six neighbours in the kernel's order
 * (z + r, z - r, y - r, y + r, x - r, x + r); the kernel combines the
 * rings as fma(centre, c0, ring1 * c1) and then one fused multiply-add
 * per further ring, and the reference does the same. The halo keeps its
 * initial values.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define R 4u
#define DX 512u
#define DY 240u
#define DZ 4u
#define SY (DX + 2u * R)
#define SZ (SY * (DY + 2u * R))
#define CELLS (SZ * (DZ + 2u * R))

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t bits[CELLS];
static float vol_a[CELLS], vol_b[CELLS];

static void step(const float *in, float *out, const float *c)
{
    uint32_t x, y, z, r;
    for (z = R; z < DZ + R; z++)
        for (y = R; y < DY + R; y++)
            for (x = R; x < DX + R; x++) {
                uint32_t at = x + y * SY + z * SZ;
                float value = 0.0f;
                for (r = 1; r <= R; r++) {
                    float ring = in[at + r * SZ] + in[at - r * SZ];
                    ring = ring + in[at - r * SY];
                    ring = ring + in[at + r * SY];
                    ring = ring + in[at - r];
                    ring = ring + in[at + r];
                    if (r == 1u) {
                        float scaled = ring * c[1];
                        value = fmaf(in[at], c[0], scaled);
                    } else {
                        value = fmaf(ring, c[r], value);
                    }
                }
                out[at] = value;
            }
}

static void test_fdtd3d_small(void)
{
    const float c[R + 1u] = { 0.5f, 0.1f, 0.05f, 0.025f, 0.0125f };
    GS_CHECK_EQ(GS_OK, wlb_run("fdtd3d", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "B", bits);
    memcpy(vol_a, bits, sizeof vol_a);
    memcpy(vol_b, bits, sizeof vol_b);
    step(vol_a, vol_b, c);   /* the first launch writes B from A */
    step(vol_b, vol_a, c);
    GS_CHECK(vol_a[R + R * SY + R * SZ] != vol_b[R + R * SY + R * SZ]);
    GS_CHECK(vol_a[R + R * SY + R * SZ] > 0.5f && vol_a[R + R * SY + R * SZ] < 4.0f);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "A", vol_a));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "B", vol_b));
}

int main(void)
{
    GS_RUN(test_fdtd3d_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
