/*
 * SobelFilter (examples/suite/sobelfilter, CUDA SDK): the small workload's
 * 512 x 256 edge image equals a C reference bit for bit. Each pixel's
 * neighbours are the texels at x - 1..x + 1, y - 1..y + 1 clamped into the
 * image (point sampling at integer coordinates, clamped addressing); the
 * gradient |Gx| + |Gy| is converted to float, scaled by 0.75 (one
 * rounding), truncated toward zero, kept as its low 16 bits (the kernel's
 * short) and clamped to 0..255.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define W 512
#define H 256

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint8_t image[W * H], want[W * H], got[W * H];

static int px(int x, int y)
{
    x = x < 0 ? 0 : x >= W ? W - 1 : x;
    y = y < 0 ? 0 : y >= H ? H - 1 : y;
    return image[y * W + x];
}

static void test_sobelfilter_small(void)
{
    int x, y, diffs = 0, edges = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("sobelfilter", "small", &wl, &host, &arena, &state));
    wlb_initial8(&wl, "IMAGE", image);
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            int horz = (int16_t)(px(x + 1, y - 1) + 2 * px(x + 1, y) + px(x + 1, y + 1) -
                                 px(x - 1, y - 1) - 2 * px(x - 1, y) - px(x - 1, y + 1));
            int vert = (int16_t)(px(x - 1, y - 1) + 2 * px(x, y - 1) + px(x + 1, y - 1) -
                                 px(x - 1, y + 1) - 2 * px(x, y + 1) - px(x + 1, y + 1));
            float scaled = 0.75f * (float)(abs(horz) + abs(vert));
            int16_t sum = (int16_t)(uint16_t)(int32_t)scaled;
            want[y * W + x] = (uint8_t)(sum < 0 ? 0 : sum > 255 ? 255 : sum);
            edges += want[y * W + x] == 255;
        }
    GS_CHECK(edges > 0);   /* the clamp is reached */
    wlb_read8(&host, &wl, &state, "SOBEL", got);
    for (x = 0; x < W * H; x++)
        diffs += got[x] != want[x];
    GS_CHECK_EQ(0, diffs);
}

int main(void)
{
    GS_RUN(test_sobelfilter_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
