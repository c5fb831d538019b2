/*
 * GEMM (examples/suite/gemm: PolyBench/GPU) at the small size
 * (NI = NJ = 256, NK = 32), run from the embedded table, equals the C reference
 * in the committed PTX's operation order: acc = c * beta, then for each k
 * acc = fma(a[i][k] * alpha, b[k][j], acc).
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define N 256u
#define NK 32u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a[N * NK], b[NK * N], c[N * N], got[N * N];

static void reference(uint32_t alpha, uint32_t beta)
{
    uint32_t i, j, k;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            uint32_t acc = gs_f32_mul(c[i * N + j], beta, REF_RN, 0);
            for (k = 0; k < NK; k++)
                acc = gs_f32_fma(gs_f32_mul(a[i * NK + k], alpha, REF_RN, 0), b[k * N + j],
                                 acc, REF_RN, 0);
            c[i * N + j] = acc;
        }
}

static void test_small(void)
{
    GS_CHECK_EQ(GS_OK, test_run_workload("gemm:small", &wl, &host, &arena, &state));
    test_initial32(&wl, "A", a);
    test_initial32(&wl, "B", b);
    test_initial32(&wl, "C", c);
    test_read32(&host, &wl, &state, "C", got);
    GS_CHECK_EQ(0x46FD3800u, (uint32_t)wl.steps[0].args[0].bits);   /* 32412.0f */
    reference((uint32_t)wl.steps[0].args[0].bits, (uint32_t)wl.steps[0].args[1].bits);
    GS_CHECK_EQ(0, test_diff32("C", c, got, N * N));
    GS_CHECK(got[0] != 0 && got[N * N - 1u] != 0);
}

int main(void)
{
    GS_RUN(test_small);
    free(test_arena_buffer);
    return gs_check_report();
}
