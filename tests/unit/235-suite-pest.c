/*
 * PEst (examples/suite/pest, CUDA SDK MC_EstimatePiP): the small workload's
 * points (the project's seeded LCG per thread, grid-stride) and per-block
 * inside counts equal a C reference, exactly: floats (r >> 8) * 2^-24
 * (cvt.rn + mul, both exact), inside when fma(x, x, y * y) < 1. The
 * estimate 4 * inside / sims lands near pi.
 */
#include "check.h"
#include "wlb_suite.h"

#define SIMS 32768u
#define BLOCKS 256u
#define THREADS 128u
#define SEED 1234u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;

static uint32_t mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

static uint32_t uniform(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return gs_f32_mul(gs_f32_from_u64(*s >> 8, REF_RN), 0x33800000u, REF_RN, 0);
}

static void test_pest_small(void)
{
    static uint32_t points[2u * SIMS], counts[BLOCKS];
    uint32_t *got_points, *got_counts, tid, i, total = 0;
    const uint32_t step = BLOCKS * THREADS;
    GS_CHECK_EQ(GS_OK, wlb_run("pest", "small", &wl, &host, &arena, &state));
    GS_CHECK_EQ(2u * SIMS, wlb_count(&wl, "points"));
    GS_CHECK_EQ(BLOCKS, wlb_count(&wl, "results"));
    for (tid = 0; tid < step; tid++) {
        uint32_t s = mix(SEED ^ mix(tid));
        for (i = tid; i < SIMS; i += step) {
            points[i] = uniform(&s);
            points[i + SIMS] = uniform(&s);
        }
    }
    for (i = 0; i < SIMS; i++) {
        uint32_t x = points[i], y = points[i + SIMS];
        uint32_t l2 = gs_f32_fma(x, x, gs_f32_mul(y, y, REF_RN, 0), REF_RN, 0);
        if (gs_f32_compare(l2, 0x3F800000u, GS_FCMP_LT, 0))
            counts[(i % step) / THREADS]++;
    }
    got_points = wlb_result32(&host, &wl, &state, "points");
    got_counts = wlb_result32(&host, &wl, &state, "results");
    GS_CHECK_EQ(0, test_diff32("points", points, got_points, 2u * SIMS));
    GS_CHECK_EQ(0, test_diff32("results", counts, got_counts, BLOCKS));
    for (i = 0; i < BLOCKS; i++)
        total += got_counts[i];
    /* pi ~ 4 * total / SIMS: within 3.12 .. 3.16 */
    GS_CHECK(4u * total * 100u > 312u * SIMS && 4u * total * 100u < 316u * SIMS);
    free(got_points); free(got_counts);
}

int main(void)
{
    GS_RUN(test_pest_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
