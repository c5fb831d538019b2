/*
 * MonteCarlo (examples/suite/montecarlo, CUDA SDK): the small workload's
 * 240 sums of call values and of their squares equal a C reference bit for
 * bit. A path's value is max(S * e - X, 0) with e = ex2.approx(fma(VBySqrtT,
 * r, MuByT) * log2 e) (nvcc's __expf: wlb_expf_fast);
 * thread t adds its paths t, t + 256, ... in order (the squares fused:
 * fma(v, v, sum2)); the block then adds slot i + stride into slot i for
 * stride 128, 64, ... 1.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define OPTIONS 240u
#define PATHS 16384u
#define THREADS 256u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t sample_bits[PATHS], bits[4][OPTIONS];
static float samples[PATHS], in[4][OPTIONS], want[2][OPTIONS];

static void option(unsigned o)
{
    float s = in[0][o], x = in[1][o], mu = in[2][o], vol = in[3][o];
    float sum[THREADS], sum2[THREADS];
    unsigned t, i, stride;
    for (t = 0; t < THREADS; t++) {
        sum[t] = sum2[t] = 0.0f;
        for (i = t; i < PATHS; i += THREADS) {
            float v = s * wlb_expf_fast(fmaf(vol, samples[i], mu)) - x;
            v = v > 0.0f ? v : 0.0f;
            sum[t] = sum[t] + v;
            sum2[t] = fmaf(v, v, sum2[t]);
        }
    }
    for (stride = THREADS / 2u; stride > 0; stride >>= 1)
        for (t = 0; t < stride; t++) {
            sum[t] = sum[t] + sum[t + stride];
            sum2[t] = sum2[t] + sum2[t + stride];
        }
    want[0][o] = sum[0];
    want[1][o] = sum2[0];
}

static void test_montecarlo_small(void)
{
    static const char *const names[4] = {"S", "X", "MUBYT", "VBYSQRTT"};
    unsigned b, o;
    GS_CHECK_EQ(GS_OK, wlb_run("montecarlo", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "SAMPLES", sample_bits);
    memcpy(samples, sample_bits, sizeof samples);
    for (b = 0; b < 4u; b++) {
        test_initial32(&wl, names[b], bits[b]);
        memcpy(in[b], bits[b], sizeof in[b]);
    }
    for (o = 0; o < OPTIONS; o++)
        option(o);
    GS_CHECK(want[0][0] > 0.0f && want[1][0] > want[0][0]);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "EXPECTED", want[0]));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "CONFIDENCE", want[1]));
}

int main(void)
{
    GS_RUN(test_montecarlo_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
