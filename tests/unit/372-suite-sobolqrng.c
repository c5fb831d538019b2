/*
 * sobolQRNG (examples/suite/sobolqrng, CUDA SDK): the small workload's
 * direction vectors and its 16384 points in each of 100 dimensions equal a
 * C reference bit for bit. The reference computes each point directly, as
 * the XOR of the direction vectors selected by the Gray code of its index
 * (the kernel reaches the same value by stepping), and scales it with the
 * kernel's two roundings: cvt.rn.f32.u32, then a multiply by 2^-32 (exact).
 */
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define DIMS 100u
#define POINTS 16384u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t directions[DIMS * 32u];
static float out[DIMS * POINTS];

static uint32_t direction(uint32_t dim, uint32_t k)
{
    uint32_t h = dim * 0x9E3779B9u + k * 0x85EBCA6Bu + 0x6A09E667u, m;
    h ^= h >> 16;
    h *= 0x7FEB352Du;
    h ^= h >> 15;
    h *= 0x846CA68Bu;
    h ^= h >> 16;
    m = dim == 0 ? 1u : ((h & ((2u << k) - 1u)) | 1u);
    return m << (31u - k);
}

static void test_sobolqrng_small(void)
{
    uint32_t d, i, k, diffs = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("sobolqrng", "small", &wl, &host, &arena, &state));
    for (d = 0; d < DIMS; d++)
        for (k = 0; k < 32u; k++)
            directions[d * 32u + k] = direction(d, k);
    GS_CHECK_EQ(0x80000000u, directions[0]);    /* van der Corput */
    GS_CHECK_EQ(1u, directions[31]);
    for (d = 0; d < DIMS; d++)
        for (i = 0; i < POINTS; i++) {
            uint32_t g = i ^ (i >> 1), x = 0;
            for (k = 0; g; k++, g >>= 1)
                if (g & 1u)
                    x ^= directions[d * 32u + k];
            out[d * POINTS + i] = (float)x * (1.0f / 4294967296.0f);
        }
    GS_CHECK(out[1] == 0.5f);   /* dimension 0, point 1 */
    {
        uint32_t *got = wlb_result32(&host, &wl, &state, "DIRECTIONS");
        for (i = 0; i < DIMS * 32u; i++)
            diffs += got[i] != directions[i];
        GS_CHECK_EQ(0, diffs);
        free(got);
    }
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "OUT", out));
}

int main(void)
{
    GS_RUN(test_sobolqrng_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
