/*
 * SYRK (examples/suite/syrk: PolyBench/GPU) at the small size (N = 256,
 * M = 64), run from the embedded table, equals the C reference in the
 * committed PTX's operation order: acc = c * beta, then for each k
 * acc = fma(a[i][k] * alpha, a[j][k], acc) (the value stored to c[i][j]
 * every k; only the last store remains).
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define N 256u
#define M 64u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a[N * M], c[N * N], got[N * N];

static void test_small(void)
{
    GS_CHECK_EQ(GS_OK, test_run_workload("syrk:small", &wl, &host, &arena, &state));
    test_initial32(&wl, "A", a);
    test_initial32(&wl, "C", c);
    test_read32(&host, &wl, &state, "C", got);
    ref_syrk((uint32_t)wl.steps[0].args[0].bits, (uint32_t)wl.steps[0].args[1].bits, a, c,
             N, M);
    GS_CHECK_EQ(0x46424C00u, (uint32_t)wl.steps[0].args[0].bits);   /* 12435.0f */
    GS_CHECK_EQ(0, test_diff32("C", c, got, N * N));
    GS_CHECK(got[0] != 0 && got[N * N - 1u] != 0);
    GS_CHECK_EQ(1, host.launches);
}

int main(void)
{
    GS_RUN(test_small);
    free(test_arena_buffer);
    return gs_check_report();
}
