/*
 * Leukocyte (examples/suite/leukocyte, the Rodinia leukocyte substitute):
 * the small workload's GICOV scores and their dilation, run through the
 * workload runner, equal a C reference bit for bit: per circle a rounded
 * sum and a fused sum of squares in sample order, mean and variance with
 * rounded products and difference, score mean^2 / variance correctly
 * rounded (0 without variance), the best circle's; then the maximum over a
 * radius-3 disk.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define WIDTH 304
#define HEIGHT 192
#define MARGIN 9

static const int dx_of[7][16] = {
    { 3, 3, 2, 1, 0, -1, -2, -3, -3, -3, -2, -1, 0, 1, 2, 3 },
    { 4, 4, 3, 2, 0, -2, -3, -4, -4, -4, -3, -2, 0, 2, 3, 4 },
    { 5, 5, 4, 2, 0, -2, -4, -5, -5, -5, -4, -2, 0, 2, 4, 5 },
    { 6, 6, 4, 2, 0, -2, -4, -6, -6, -6, -4, -2, 0, 2, 4, 6 },
    { 7, 6, 5, 3, 0, -3, -5, -6, -7, -6, -5, -3, 0, 3, 5, 6 },
    { 8, 7, 6, 3, 0, -3, -6, -7, -8, -7, -6, -3, 0, 3, 6, 7 },
    { 9, 8, 6, 3, 0, -3, -6, -8, -9, -8, -6, -3, 0, 3, 6, 8 }
};
static const int dy_of[7][16] = {
    { 0, 1, 2, 3, 3, 3, 2, 1, 0, -1, -2, -3, -3, -3, -2, -1 },
    { 0, 2, 3, 4, 4, 4, 3, 2, 0, -2, -3, -4, -4, -4, -3, -2 },
    { 0, 2, 4, 5, 5, 5, 4, 2, 0, -2, -4, -5, -5, -5, -4, -2 },
    { 0, 2, 4, 6, 6, 6, 4, 2, 0, -2, -4, -6, -6, -6, -4, -2 },
    { 0, 3, 5, 6, 7, 6, 5, 3, 0, -3, -5, -6, -7, -6, -5, -3 },
    { 0, 3, 6, 7, 8, 7, 6, 3, 0, -3, -6, -7, -8, -7, -6, -3 },
    { 0, 3, 6, 8, 9, 8, 6, 3, 0, -3, -6, -8, -9, -8, -6, -3 }
};

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t bits[WIDTH * HEIGHT];
static float grad[WIDTH * HEIGHT], gicov[WIDTH * HEIGHT], dilated[WIDTH * HEIGHT];

static float score_at(int x, int y)
{
    float best = 0.0f;
    int r, i;
    if (x < MARGIN || y < MARGIN || x >= WIDTH - MARGIN || y >= HEIGHT - MARGIN)
        return 0.0f;
    for (r = 0; r < 7; r++) {
        float sum = 0.0f, sumsq = 0.0f, mean, var, score;
        for (i = 0; i < 16; i++) {
            float g = grad[(y + dy_of[r][i]) * WIDTH + x + dx_of[r][i]];
            sum = sum + g;
            sumsq = fmaf(g, g, sumsq);
        }
        mean = sum * 0.0625f;
        var = sumsq * 0.0625f - mean * mean;
        score = var > 0.0f ? (mean * mean) / var : 0.0f;
        if (score > best)
            best = score;
    }
    return best;
}

static void reference(void)
{
    int x, y, dx, dy;
    for (y = 0; y < HEIGHT; y++)
        for (x = 0; x < WIDTH; x++)
            gicov[y * WIDTH + x] = score_at(x, y);
    for (y = 0; y < HEIGHT; y++)
        for (x = 0; x < WIDTH; x++) {
            float m = 0.0f;
            for (dy = -3; dy <= 3; dy++)
                for (dx = -3; dx <= 3; dx++) {
                    int xx = x + dx, yy = y + dy;
                    if (dx * dx + dy * dy > 9 || xx < 0 || yy < 0 || xx >= WIDTH ||
                        yy >= HEIGHT)
                        continue;
                    if (gicov[yy * WIDTH + xx] > m)
                        m = gicov[yy * WIDTH + xx];
                }
            dilated[y * WIDTH + x] = m;
        }
}

static void test_leukocyte_small(void)
{
    GS_CHECK_EQ(GS_OK, wlb_run("leukocyte", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "grad", bits);
    memcpy(grad, bits, sizeof grad);
    reference();
    GS_CHECK(gicov[MARGIN * WIDTH + MARGIN] > 0.0f && gicov[0] == 0.0f);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "gicov", gicov));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "dilated", dilated));
}

int main(void)
{
    GS_RUN(test_leukocyte_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
