/*
 * 2DCONV (examples/suite/2dconv: PolyBench/GPU) at the small size
 * (NI = NJ = 768), run from the embedded table, equals the C reference in
 * the committed PTX's operation order: nvcc folds PolyBench's sum into
 * acc = A[i-1][j] * 0.5, then fma(A[i-1][j-1], 0.2, acc) and fma chains over
 * the remaining taps in the PTX's order; the border of B stays 0.
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define N 768u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a[N * N], want[N * N], got[N * N];

/* {row offset, column offset, coefficient bits} after the first product. */
static const int32_t taps[8][3] = {
    { -1, -1, 0x3E4CCCCD }, { -1, 1, (int32_t)0xBF4CCCCDu }, { 0, -1, (int32_t)0xBE99999Au },
    { 0, 0, 0x3F19999A }, { 0, 1, (int32_t)0xBF666666u }, { 1, -1, 0x3ECCCCCD },
    { 1, 0, 0x3F333333 }, { 1, 1, 0x3DCCCCCD }
};

static void reference(void)
{
    uint32_t i, j, t;
    memset(want, 0, sizeof want);
    for (i = 1; i + 1u < N; i++)
        for (j = 1; j + 1u < N; j++) {
            uint32_t acc = gs_f32_mul(a[(i - 1u) * N + j], 0x3F000000u, REF_RN, 0);
            for (t = 0; t < 8; t++) {
                uint32_t at = (uint32_t)((int32_t)(i * N + j) + taps[t][0] * (int32_t)N +
                                         taps[t][1]);
                acc = gs_f32_fma(a[at], (uint32_t)taps[t][2], acc, REF_RN, 0);
            }
            want[i * N + j] = acc;
        }
}

static void test_small(void)
{
    GS_CHECK_EQ(GS_OK, test_run_workload("2dconv:small", &wl, &host, &arena, &state));
    test_initial32(&wl, "A", a);
    test_read32(&host, &wl, &state, "B", got);
    reference();
    GS_CHECK_EQ(0, test_diff32("B", want, got, N * N));
    GS_CHECK(want[N + 1u] != 0 && want[0] == 0);
}

int main(void)
{
    GS_RUN(test_small);
    free(test_arena_buffer);
    return gs_check_report();
}
