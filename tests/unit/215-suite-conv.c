/*
 * CONV (examples/suite/conv: CUDA SDK convolutionSeparable) on the
 * functional executor equals a C reference: a 17-tap row pass (zero
 * outside the image) into `buffer`, then a 17-tap column pass into
 * `output`, each output an fma.rn chain from 0 over j = -8..8 of
 * c[8 - j] * x[pos + j], as the PTX computes it. Taps: conv.cu's
 * __constant__ initialiser.
 */
#include "check.h"
#include "suite_file.h"
#include "workload_ref.h"

#define W 512u
#define PIXELS (W * W)
#define RADIUS 8

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t input[PIXELS], rows[PIXELS], cols[PIXELS], got[PIXELS];

/* 7 3 12 0 9 14 5 1 11 6 15 2 8 13 4 10 3 as f32 bits. */
static const uint32_t taps[2 * RADIUS + 1] = {
    0x40E00000u, 0x40400000u, 0x41400000u, 0x00000000u, 0x41100000u, 0x41600000u,
    0x40A00000u, 0x3F800000u, 0x41300000u, 0x40C00000u, 0x41700000u, 0x40000000u,
    0x41000000u, 0x41500000u, 0x40800000u, 0x41200000u, 0x40400000u
};

/* One output: step 1 along a row, W down a column. */
static uint32_t filter(const uint32_t *src, int32_t x, int32_t y, int horizontal)
{
    uint32_t sum = 0;
    int32_t j;
    for (j = -RADIUS; j <= RADIUS; j++) {
        int32_t px = horizontal ? x + j : x, py = horizontal ? y : y + j;
        uint32_t v = (px < 0 || py < 0 || px >= (int32_t)W || py >= (int32_t)W)
            ? 0 : src[(uint32_t)py * W + (uint32_t)px];
        sum = gs_f32_fma(taps[RADIUS - j], v, sum, REF_RN, 0);
    }
    return sum;
}

static void test_small_workload(void)
{
    uint32_t i;
    GS_CHECK_EQ(GS_OK, suite_run_file("examples/suite/conv/small.gsw", &wl, &host, &arena,
                                      &state));
    GS_CHECK_EQ(2u, (uint32_t)host.launches);
    test_initial32(&wl, "input", input);
    for (i = 0; i < PIXELS; i++)
        rows[i] = filter(input, (int32_t)(i % W), (int32_t)(i / W), 1);
    for (i = 0; i < PIXELS; i++)
        cols[i] = filter(rows, (int32_t)(i % W), (int32_t)(i / W), 0);
    test_read32(&host, &wl, &state, "buffer", got);
    GS_CHECK_EQ(0, test_diff32("buffer", rows, got, PIXELS));
    test_read32(&host, &wl, &state, "output", got);
    GS_CHECK_EQ(0, test_diff32("output", cols, got, PIXELS));
}

int main(void)
{
    GS_RUN(test_small_workload);
    free(test_arena_buffer);
    return gs_check_report();
}
