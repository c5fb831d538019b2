/*
 * Heart Wall (examples/suite/heartwall, the Rodinia heartwall substitute):
 * the small workload's best displacement and correlation for each of its 228
 * sample points, run through the workload runner, equal a C reference bit
 * for bit: each correlation a chain of fused multiply-adds in template order
 * (__fmaf_rn; fmaf here), the best the largest, the lowest displacement
 * index (dy * 16 + dx) on a tie.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define W 256u
#define P 228u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t bits[W * W];
static float frame0[W * W], frame1[W * W], best_score[P];
static uint32_t best[2u * P];

static void reference(const uint32_t *points)
{
    uint32_t p, t, x, y;
    for (p = 0; p < P; p++) {
        uint32_t px = points[2u * p], py = points[2u * p + 1u], best_t = 0;
        float best_s = 0.0f;
        for (t = 0; t < 256u; t++) {
            uint32_t dx = t % 16u, dy = t / 16u;
            float s = 0.0f;
            for (y = 0; y < 16u; y++)
                for (x = 0; x < 16u; x++)
                    s = fmaf(frame0[(py + y) * W + px + x],
                             frame1[(py - 8u + dy + y) * W + px - 8u + dx + x], s);
            if (t == 0 || s > best_s) {   /* strictly larger: the lowest index keeps a tie */
                best_s = s;
                best_t = t;
            }
        }
        best[2u * p] = (uint32_t)((int32_t)(best_t % 16u) - 8);
        best[2u * p + 1u] = (uint32_t)((int32_t)(best_t / 16u) - 8);
        best_score[p] = best_s;
    }
}

static void test_heartwall_small(void)
{
    uint32_t *points, *got;
    GS_CHECK_EQ(GS_OK, wlb_run("heartwall", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "frame0", bits);
    memcpy(frame0, bits, sizeof frame0);
    test_initial32(&wl, "frame1", bits);
    memcpy(frame1, bits, sizeof frame1);
    points = wlb_initial32(&wl, "points");
    reference(points);
    got = wlb_result32(&host, &wl, &state, "best");
    GS_CHECK_EQ(0, test_diff32("best", best, got, 2u * P));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "best_score", best_score));
    GS_CHECK(best_score[0] > 64.0f);   /* 256 products of two uniform [0,1] values */
    free(points);
    free(got);
}

int main(void)
{
    GS_RUN(test_heartwall_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
