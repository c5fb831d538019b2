/*
 * convolutionTexture (examples/suite/convolutiontexture, CUDA SDK): the
 * small workload's row and column passes over its 384 x 256 image equal a C
 * reference bit for bit. Each output is the kernel's sum in its order, tap
 * k = -8..8 fused into the running sum (nvcc contracts `sum += t * c` into
 * fma.rn.f32, starting from 0), the texel at x + k (rows) or y + k
 * (columns) fetched at its centre with point filtering and clamped
 * addressing, so an index past an edge reads the edge texel.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define W 384
#define H 256
#define R 8

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t bits[W * H];
static float src[W * H], rows[W * H], dst[W * H];

/* The taps as the module's constant array holds them (f32 of the literals). */
static const float taps[2 * R + 1] = {
    0.0010f, 0.0030f, 0.0080f, 0.0180f, 0.0350f, 0.0590f, 0.0860f, 0.1090f, 0.1220f,
    0.1090f, 0.0860f, 0.0590f, 0.0350f, 0.0180f, 0.0080f, 0.0030f, 0.0010f
};

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static void pass(const float *in, float *out, int along_x)
{
    int x, y, k;
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            float sum = 0.0f;
            for (k = -R; k <= R; k++) {
                float t = along_x ? in[y * W + clampi(x + k, 0, W - 1)]
                                  : in[clampi(y + k, 0, H - 1) * W + x];
                sum = fmaf(t, taps[R - k], sum);
            }
            out[y * W + x] = sum;
        }
}

static void test_convolutiontexture_small(void)
{
    GS_CHECK_EQ(GS_OK, wlb_run("convolutiontexture", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "SRC", bits);
    memcpy(src, bits, sizeof src);
    pass(src, rows, 1);
    pass(rows, dst, 0);
    GS_CHECK(rows[0] != dst[0]);   /* the passes differ */
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "ROWS", rows));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "DST", dst));
}

int main(void)
{
    GS_RUN(test_convolutiontexture_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
