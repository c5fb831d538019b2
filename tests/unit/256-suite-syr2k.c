/*
 * SYR2K (examples/suite/syr2k: PolyBench/GPU) at the small size (N = 256,
 * M = 32), run from the embedded table, equals the C reference in the
 * committed PTX's operation order: acc = c * beta, then for each k
 *   acc = acc + fma(a[i][k] * alpha, b[j][k], (b[i][k] * alpha) * a[j][k]).
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define N 256u
#define M 32u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a[N * M], b[N * M], c[N * N], got[N * N];

static uint32_t mul(uint32_t x, uint32_t y) { return gs_f32_mul(x, y, REF_RN, 0); }

static void reference(uint32_t alpha, uint32_t beta)
{
    uint32_t i, j, k;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            uint32_t acc = mul(c[i * N + j], beta);
            for (k = 0; k < M; k++) {
                uint32_t second = mul(mul(b[i * M + k], alpha), a[j * M + k]);
                uint32_t both = gs_f32_fma(mul(a[i * M + k], alpha), b[j * M + k], second,
                                           REF_RN, 0);
                acc = gs_f32_add(acc, both, REF_RN, 0);
            }
            c[i * N + j] = acc;
        }
}

static void test_small(void)
{
    GS_CHECK_EQ(GS_OK, test_run_workload("syr2k:small", &wl, &host, &arena, &state));
    test_initial32(&wl, "A", a);
    test_initial32(&wl, "B", b);
    test_initial32(&wl, "C", c);
    test_read32(&host, &wl, &state, "C", got);
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
