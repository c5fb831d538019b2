/*
 * MVT (examples/suite/mvt: PolyBench/GPU) at the small size (N = 912), run
 * from the embedded table, equals the C reference in the committed PTX's
 * operation order: x1[i] = fma(a[i][j], y1[j], x1[i]) over j (kernel 1,
 * thread per row) and x2[i] = fma(a[j][i], y2[j], x2[i]) over j (kernel 2).
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define N 912u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a[N * N], x1[N], x2[N], y1[N], y2[N], got1[N], got2[N];

static void reference(void)
{
    uint32_t i, j;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            x1[i] = gs_f32_fma(a[i * N + j], y1[j], x1[i], REF_RN, 0);
            x2[i] = gs_f32_fma(a[j * N + i], y2[j], x2[i], REF_RN, 0);
        }
}

static void test_small(void)
{
    GS_CHECK_EQ(GS_OK, test_run_workload("mvt:small", &wl, &host, &arena, &state));
    test_initial32(&wl, "A", a);
    test_initial32(&wl, "x1", x1);
    test_initial32(&wl, "x2", x2);
    test_initial32(&wl, "y1", y1);
    test_initial32(&wl, "y2", y2);
    test_read32(&host, &wl, &state, "x1", got1);
    test_read32(&host, &wl, &state, "x2", got2);
    reference();
    GS_CHECK_EQ(0, test_diff32("x1", x1, got1, N));
    GS_CHECK_EQ(0, test_diff32("x2", x2, got2, N));
    GS_CHECK(x1[0] != x2[0]);
    GS_CHECK_EQ(2, host.launches);
}

int main(void)
{
    GS_RUN(test_small);
    free(test_arena_buffer);
    return gs_check_report();
}
