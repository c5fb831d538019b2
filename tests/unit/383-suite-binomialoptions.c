/*
 * binomialOptions (examples/suite/binomialoptions, CUDA SDK): the small
 * workload's 240 option values equal a C reference bit for bit. As in the
 * PTX, a leaf i is max(S * e - X, 0) with e = ex2.approx(vDt * r * log2 e)
 * (nvcc's __expf: wlb_expf_fast), r = 2 i - 256 an integer converted
 * exactly (cvt.rn.f32.s32), each product and difference rounded; then 256
 * times v[k] = fma(up, v[k + 1], down * v[k]) for k below the level, with
 * the discounted weights up = pu * Df and down = (1 - pu) * Df.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define OPTIONS 240u
#define STEPS 256u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t bits[5][OPTIONS];
static float in[5][OPTIONS], want[OPTIONS];

static float price(float s, float x, float vdt, float pu, float df)
{
    static float v[STEPS + 1u];
    float up = pu * df, down = (1.0f - pu) * df;
    unsigned i, k;
    for (i = 0; i <= STEPS; i++) {
        float d = s * wlb_expf_fast(vdt * (float)(2 * (int)i - (int)STEPS)) - x;
        v[i] = d > 0.0f ? d : 0.0f;
    }
    for (i = STEPS; i > 0; i--)
        for (k = 0; k < i; k++)
            v[k] = fmaf(up, v[k + 1u], down * v[k]);
    return v[0];
}

static void test_binomialoptions_small(void)
{
    static const char *const names[5] = {"S", "X", "VDT", "PU", "DF"};
    unsigned b, o, in_money = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("binomialoptions", "small", &wl, &host, &arena, &state));
    for (b = 0; b < 5u; b++) {
        test_initial32(&wl, names[b], bits[b]);
        memcpy(in[b], bits[b], sizeof in[b]);
    }
    for (o = 0; o < OPTIONS; o++) {
        want[o] = price(in[0][o], in[1][o], in[2][o], in[3][o], in[4][o]);
        in_money += want[o] > 1.0f;
    }
    GS_CHECK(in_money > 10u && in_money < OPTIONS - 10u);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "CALL", want));
}

int main(void)
{
    GS_RUN(test_binomialoptions_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
