/*
 * imageDenoising's KNN filter (examples/suite/imagedenoise, CUDA SDK): the
 * small workload's 128 x 128 packed RGBA output equals a C reference bit for
 * bit. Texels are the correctly rounded byte / 255 of the clamped pixel
 * (point sampling at texel centres). The arithmetic follows the PTX nvcc
 * emits: the colour distance as mul(dy, dy), then dx and dz fused in; the
 * exponent fma(fma(i, i, j * j), 1/49, distance * noise), through __expf
 * (wlb_expf_fast); the colour sums fused, the weight sum and the count added;
 * 1 / sum correctly rounded (rcp.rn); the blend as fma(q, c00 - c, c); each
 * channel saturated, times 255, truncated.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define W 128
#define H 128

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint8_t image[W * H * 4];
static uint32_t want[W * H];

static float texel(int x, int y, int channel)
{
    x = x < 0 ? 0 : x >= W ? W - 1 : x;
    y = y < 0 ? 0 : y >= H ? H - 1 : y;
    return (float)image[(y * W + x) * 4 + channel] / 255.0f;
}

static uint32_t channel_byte(float c)
{
    c = c < 0.0f ? 0.0f : c > 1.0f ? 1.0f : c;   /* cvt.sat */
    return (uint32_t)(c * 255.0f);
}

static uint32_t knn(int x, int y, float noise, float lerp_c)
{
    const float inv_area = 1.0f / 49.0f, threshold = 0.02f;
    float c00[3], sum[3] = {0.0f, 0.0f, 0.0f}, weights = 0.0f, count = 0.0f, q, inv;
    uint32_t out = 0;
    int i, j, k;
    for (k = 0; k < 3; k++)
        c00[k] = texel(x, y, k);
    for (i = -3; i <= 3; i++)
        for (j = -3; j <= 3; j++) {
            float c[3], d[3], dist, w;
            for (k = 0; k < 3; k++) {
                c[k] = texel(x + j, y + i, k);
                d[k] = c[k] - c00[k];
            }
            dist = fmaf(d[2], d[2], fmaf(d[0], d[0], d[1] * d[1]));
            w = wlb_expf_fast(-fmaf(fmaf((float)i, (float)i, (float)(j * j)), inv_area,
                                    dist * noise));
            for (k = 0; k < 3; k++)
                sum[k] = fmaf(w, c[k], sum[k]);
            weights = weights + w;
            count = count + (w > threshold ? inv_area : 0.0f);
        }
    inv = 1.0f / weights;
    q = count > 0.79f ? lerp_c : 1.0f - lerp_c;
    for (k = 0; k < 3; k++) {
        float c = sum[k] * inv;
        out |= channel_byte(fmaf(q, c00[k] - c, c)) << (8 * k);
    }
    return out;
}

static void test_imagedenoise_small(void)
{
    uint32_t *got, diffs = 0, i, smoothed = 0;
    int x, y;
    GS_CHECK_EQ(GS_OK, wlb_run("imagedenoise", "small", &wl, &host, &arena, &state));
    wlb_initial8(&wl, "IMAGE", image);
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            want[y * W + x] = knn(x, y, 9.765625f, 0.2f);
            smoothed += (want[y * W + x] & 0xFFu) != image[(y * W + x) * 4];
        }
    GS_CHECK(smoothed > W * H / 2u);   /* the filter changed most pixels */
    got = wlb_result32(&host, &wl, &state, "OUT");
    for (i = 0; i < W * H; i++)
        diffs += got[i] != want[i];
    free(got);
    GS_CHECK_EQ(0, diffs);
}

int main(void)
{
    GS_RUN(test_imagedenoise_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
