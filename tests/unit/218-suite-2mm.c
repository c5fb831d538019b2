/*
 * 2MM (examples/suite/2mm: PolyBench/GPU 2mm) on the functional executor
 * equals a C reference: C[i][j] = fma chain over k of A[i][k] * B[k][j]
 * starting from C's initial value, then E[i][j] the same over C and D from
 * zero, in k order as the kernels (fma.rn per step): NI = 456 rows,
 * NJ = NK = NL = 128.
 */
#include "check.h"
#include "suite_file.h"
#include "workload_ref.h"

#define NI 456u
#define N 128u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a[NI * N], b[N * N], c[NI * N], dm[N * N], e[NI * N], got[NI * N];

static void multiply_add(const uint32_t *x, const uint32_t *y, uint32_t *out)
{
    uint32_t i, j, k;
    for (i = 0; i < NI; i++)
        for (j = 0; j < N; j++) {
            uint32_t acc = out[i * N + j];
            for (k = 0; k < N; k++)
                acc = gs_f32_fma(x[i * N + k], y[k * N + j], acc, REF_RN, 0);
            out[i * N + j] = acc;
        }
}

static void test_small_workload(void)
{
    GS_CHECK_EQ(GS_OK, suite_run_file("examples/suite/2mm/small.gsw", &wl, &host, &arena,
                                      &state));
    GS_CHECK_EQ(2u, (uint32_t)host.launches);
    GS_CHECK_EQ(NI, suite_arg32(&wl, 0, 3));
    GS_CHECK_EQ(N, suite_arg32(&wl, 0, 4));
    test_initial32(&wl, "A", a);
    test_initial32(&wl, "B", b);
    test_initial32(&wl, "C", c);
    test_initial32(&wl, "D", dm);
    memset(e, 0, sizeof e);
    multiply_add(a, b, c);
    multiply_add(c, dm, e);
    test_read32(&host, &wl, &state, "C", got);
    GS_CHECK_EQ(0, test_diff32("C", c, got, NI * N));
    test_read32(&host, &wl, &state, "E", got);
    GS_CHECK_EQ(0, test_diff32("E", e, got, NI * N));
}

int main(void)
{
    GS_RUN(test_small_workload);
    free(test_arena_buffer);
    return gs_check_report();
}
