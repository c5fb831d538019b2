/*
 * bicubicTexture (examples/suite/bicubic, CUDA SDK): the small workload's
 * 512 x 512 uchar4 image equals a C reference bit for bit. Texels are the
 * correctly rounded v / 255 of the clamped 8-bit texel (point sampling at
 * integer coordinates); the arithmetic follows the PTX nvcc emits: u =
 * fma(x - cx, scale, cx) + tx - 0.5; the B-spline weights as nested fused
 * multiply-adds times (float)(1/6); the first row's blend starts from c0 *
 * w0, the other rows' and the column blend from c1 * w1 then fuse w0, w2,
 * w3 in turn; the result times 255 truncated to an unsigned integer (0 for
 * negatives), its low byte in the three colour channels, alpha 0.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define W 256
#define H 256
#define OW 512u
#define OH 512u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint8_t image[W * H], want[OW * OH * 4u], got[OW * OH * 4u];

static float texel(float fx, float fy)
{
    int x = (int)fx, y = (int)fy;   /* integer-valued coordinates */
    x = x < 0 ? 0 : x >= W ? W - 1 : x;
    y = y < 0 ? 0 : y >= H ? H - 1 : y;
    return (float)image[y * W + x] / 255.0f;
}

static void weights(float a, float w[4])
{
    const float sixth = 1.0f / 6.0f;
    float a2 = a * a, a3x = a * 3.0f;
    w[0] = fmaf(a, fmaf(a, 3.0f - a, -3.0f), 1.0f) * sixth;
    w[1] = fmaf(a2, a3x + -6.0f, 4.0f) * sixth;
    w[2] = fmaf(a, fmaf(a, 3.0f - a3x, 3.0f), 1.0f) * sixth;
    w[3] = (a * a2) * sixth;
}

/* c1 * w1 first, then w0, w2, w3 fused in turn (rows 1..3, the column). */
static float blend(const float w[4], const float c[4])
{
    return fmaf(w[3], c[3], fmaf(w[2], c[2], fmaf(w[0], c[0], w[1] * c[1])));
}

static float bicubic(float u, float v)
{
    float x = u - 0.5f, y = v - 0.5f;
    float px = floorf(x), py = floorf(y), wx[4], wy[4], row[4], c[4];
    int r, k;
    weights(x - px, wx);
    weights(y - py, wy);
    for (r = 0; r < 4; r++) {
        for (k = 0; k < 4; k++)
            c[k] = texel(px + (float)(k - 1), py + (float)(r - 1));
        row[r] = r == 0 ? fmaf(wx[3], c[3], fmaf(c[2], wx[2], fmaf(c[1], wx[1], c[0] * wx[0])))
                        : blend(wx, c);
    }
    return blend(wy, row);
}

static void test_bicubic_small(void)
{
    const float scale = 0.5f, cx = 256.0f, cy = 256.0f, tx = -128.0f, ty = -128.0f;
    unsigned x, y, i, diffs = 0, levels = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("bicubic", "small", &wl, &host, &arena, &state));
    wlb_initial8(&wl, "IMAGE", image);
    for (y = 0; y < OH; y++)
        for (x = 0; x < OW; x++) {
            float u = fmaf((float)x - cx, scale, cx) + tx;
            float v = fmaf((float)y - cy, scale, cy) + ty;
            float c = bicubic(u, v) * 255.0f;
            uint8_t byte = (uint8_t)(c > 0.0f ? (uint32_t)c : 0u);
            uint8_t *out = &want[(y * OW + x) * 4u];
            out[0] = out[1] = out[2] = byte;
            out[3] = 0;
            levels += byte > 200u;
        }
    GS_CHECK(levels > 0);
    wlb_read8(&host, &wl, &state, "OUT", got);
    for (i = 0; i < OW * OH * 4u; i++)
        diffs += got[i] != want[i];
    GS_CHECK_EQ(0, diffs);
}

int main(void)
{
    GS_RUN(test_bicubic_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
