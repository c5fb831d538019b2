/*
 * quasirandomGenerator (examples/suite/quasirandomgenerator, CUDA SDK): the
 * small workload's 122880 x 3 values equal a C reference bit for bit. The
 * reference builds the direction table from its recipe (the .cu's comment:
 * van der Corput, then Sobol's x + 1 and x^2 + x + 1), XORs the entries of
 * the set bits of each point index and scales (value + 1) by 2^-31 (the
 * .cu's QR_UNIT_SCALE, 0f30000000 in the PTX: one cvt.rn.f32.u32, one
 * mul.f32).
 */
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define N 122880u
#define DIMS 3u
#define BITS 31u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t table[DIMS][BITS];
static float want[DIMS * N];

static void build_table(void)
{
    uint32_t k;
    for (k = 0; k < BITS; k++)
        table[0][k] = 1u << (30u - k);
    table[1][0] = table[2][0] = 1u << 30;
    table[2][1] = 3u << 29;
    for (k = 1; k < BITS; k++)
        table[1][k] = table[1][k - 1] ^ (table[1][k - 1] >> 1);
    for (k = 2; k < BITS; k++)
        table[2][k] = table[2][k - 1] ^ table[2][k - 2] ^ (table[2][k - 2] >> 2);
}

static void test_quasirandomgenerator_small(void)
{
    uint32_t d, pos, bit;
    GS_CHECK_EQ(GS_OK, wlb_run("quasirandomgenerator", "small", &wl, &host, &arena, &state));
    build_table();
    GS_CHECK_EQ(0x47007777u, table[2][30]);   /* the .cu's last entry */
    for (d = 0; d < DIMS; d++)
        for (pos = 0; pos < N; pos++) {
            uint32_t result = 0;
            for (bit = 0; bit < BITS; bit++)
                if ((pos >> bit) & 1u)
                    result ^= table[d][bit];
            want[d * N + pos] = (float)(result + 1u) * (1.0f / 2147483648.0f);
        }
    GS_CHECK(want[1] == 0.5f && want[N + 5] != want[2 * N + 5]);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "OUT", want));
}

int main(void)
{
    GS_RUN(test_quasirandomgenerator_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
