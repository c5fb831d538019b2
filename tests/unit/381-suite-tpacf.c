/*
 * tpacf (examples/suite/tpacf, Parboil): the small workload's normalised
 * points and its 229 histograms equal a C reference exactly. Normalising:
 * len = sqrtf(fma(z, z, fma(x, x, y * y))) and each coordinate divided by
 * it (sqrt.rn and div.rn are correctly rounded, as C's sqrtf and / are);
 * a pair's dot product is fma(pz, dz, fma(px, dx, py * dy)) as nvcc emits
 * it, binned by the kernel's binary search over the .cu's 21 cosines (here
 * as their float bits). Block b <= 114 counts the pairs p < q of set b,
 * block 115 + r every pair of the data (set 0) with set r + 1.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define SETS 114u
#define N 128u
#define BINS 20u
#define POINTS ((SETS + 1u) * N)
#define BLOCKS (2u * SETS + 1u)

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static const uint32_t binb_bits[BINS + 1u] = {
    0x3f7fffffu, 0x3f7ffffeu, 0x3f7ffffcu, 0x3f7ffff5u, 0x3f7fffe4u, 0x3f7fffb9u, 0x3f7fff4eu,
    0x3f7ffe40u, 0x3f7ffb9bu, 0x3f7ff4f6u, 0x3f7fe446u, 0x3f7fba5eu, 0x3f7f5122u, 0x3f7e490cu,
    0x3f7bb344u, 0x3f753ecdu, 0x3f6545cbu, 0x3f3ea61au, 0x3ecd60d7u, 0xbe85e45fu, 0xbf791978u
};
static float binb[BINS + 1u];
static uint32_t bits[3][POINTS];
static float p[3][POINTS];
static uint32_t hist[BLOCKS * BINS];

static unsigned bin_of(float dot)
{
    unsigned lo = 0, hi = BINS;
    while (hi > lo + 1u) {
        unsigned mid = (lo + hi) / 2u;
        if (dot >= binb[mid])
            hi = mid;
        else
            lo = mid;
    }
    return hi - 1u;
}

static void count(unsigned block, unsigned data, unsigned other, int self)
{
    unsigned a, b;
    for (a = 0; a < N; a++)
        for (b = self ? a + 1u : 0u; b < N; b++) {
            unsigned d = data * N + a, r = other * N + b;
            float dot = fmaf(p[2][r], p[2][d], fmaf(p[0][r], p[0][d], p[1][r] * p[1][d]));
            hist[block * BINS + bin_of(dot)]++;
        }
}

static void test_tpacf_small(void)
{
    static const char *const names[3] = {"X", "Y", "Z"};
    unsigned i, c, b, nonempty = 0;
    uint64_t total = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("tpacf", "small", &wl, &host, &arena, &state));
    memcpy(binb, binb_bits, sizeof binb);
    for (c = 0; c < 3u; c++) {
        test_initial32(&wl, names[c], bits[c]);
        memcpy(p[c], bits[c], sizeof p[c]);
    }
    for (i = 0; i < POINTS; i++) {
        float len = sqrtf(fmaf(p[2][i], p[2][i], fmaf(p[0][i], p[0][i], p[1][i] * p[1][i])));
        for (c = 0; c < 3u; c++)
            p[c][i] = p[c][i] / len;
    }
    memset(hist, 0, sizeof hist);
    for (b = 0; b <= SETS; b++)
        count(b, b, b, 1);
    for (b = 0; b < SETS; b++)
        count(SETS + 1u + b, 0, b + 1u, 0);
    for (i = 0; i < BLOCKS * BINS; i++) {
        total += hist[i];
        nonempty += hist[i] != 0;
    }
    GS_CHECK_EQ((SETS + 1u) * (N * (N - 1u) / 2u) + SETS * N * N, total);
    GS_CHECK(nonempty > BLOCKS * 3u);   /* more than the widest bins are reached */
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "X", p[0]));
    {
        uint32_t *got = wlb_result32(&host, &wl, &state, "HIST");
        unsigned diffs = 0;
        for (i = 0; i < BLOCKS * BINS; i++)
            diffs += got[i] != hist[i];
        free(got);
        GS_CHECK_EQ(0, diffs);
    }
}

int main(void)
{
    GS_RUN(test_tpacf_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
