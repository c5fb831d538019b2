/*
 * MersenneTwister (examples/suite/mersennetwister, CUDA SDK): the small
 * workload's 32768 x 64 normal deviates equal a C reference bit for bit.
 * The reference runs each generator's twister and tempering from its
 * parameter words, maps each output to ((float)x + 1) / 2^32, then applies
 * the Box-Muller step as nvcc expands it: logf inline (a subnormal argument
 * scaled by 2^23; the exponent split at 0x3F2AAAAB; a degree-8 polynomial
 * in m - 1 by fused multiply-adds; e ln 2 fused in), r = sqrt(-2 log u1)
 * correctly rounded, phi = u2 times 2 pi rounded to float, and gpusim's
 * cos.approx and sin.approx (src/fp) for __cosf and __sinf.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define NRNG 32768u
#define NPER 64u
#define RING 19   /* state words a twister */
#define AHEAD 9   /* distance to the word mixed into each step */

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t params[NRNG * 4u];
static float want[NRNG * NPER];

static void twister(uint32_t g)
{
    const uint32_t mat = params[4 * g], mask1 = params[4 * g + 1], mask2 = params[4 * g + 2];
    uint32_t w[RING], k;
    int at = 0, i;
    w[0] = params[4 * g + 3];
    for (i = 1; i < RING; i++)
        w[i] = 1812433253u * (w[i - 1] ^ (w[i - 1] >> 30)) + (uint32_t)i;
    for (k = 0; k < NPER; k++) {
        int nxt = (at + 1) % RING, far = (at + AHEAD) % RING;
        uint32_t y = (w[at] & 0xFFFFFFFEu) | (w[nxt] & 1u);
        y = w[far] ^ (y >> 1) ^ ((y & 1u) ? mat : 0u);
        w[at] = y;
        at = nxt;
        y ^= y >> 12;
        y ^= (y << 7) & mask1;
        y ^= (y << 15) & mask2;
        y ^= y >> 18;
        want[k * NRNG + g] = ((float)y + 1.0f) / 4294967296.0f;
    }
}

static void box_muller(float *u1, float *u2)
{
    float r = sqrtf(wlb_logf_full(*u1) * -2.0f), phi = *u2 * wlb_f32(0x40C90FDBu);
    *u1 = r * wlb_f32(gs_f32_cos_approx(wlb_bits(phi), 0));
    *u2 = r * wlb_f32(gs_f32_sin_approx(wlb_bits(phi), 0));
}

static void test_mersennetwister_small(void)
{
    uint32_t g, n, negative = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("mersennetwister", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "PARAMS", params);
    for (g = 0; g < NRNG; g++)
        twister(g);
    for (g = 0; g < NRNG; g++)
        for (n = 0; n < NPER; n += 2)
            box_muller(&want[n * NRNG + g], &want[(n + 1) * NRNG + g]);
    for (n = 0; n < NRNG * NPER; n++)
        negative += want[n] < 0.0f;
    /* Normal deviates: about half below zero, none beyond sqrt(-2 ln 2^-32). */
    GS_CHECK(negative > NRNG * NPER / 2u - NRNG * NPER / 64u &&
             negative < NRNG * NPER / 2u + NRNG * NPER / 64u);
    GS_CHECK(fabsf(want[0]) < 6.67f);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "RANDOM", want));
}

int main(void)
{
    GS_RUN(test_mersennetwister_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
