/*
 * VADD (examples/suite/vadd: CUDA SDK vectorAdd) at the small size, run
 * from the embedded table by name, equals the C reference: every element
 * C[i] = (A[i] + B[i]) + 0.0f, two add.f32.rn as the committed PTX does
 * them (the SDK kernel's `+ 0.0f` is kept; it is not an identity for -0).
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define N 58368u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a[N], b[N], c[N], want[N];

static void test_small(void)
{
    uint32_t i;
    GS_CHECK_EQ(GS_OK, test_run_workload("vadd:small", &wl, &host, &arena, &state));
    GS_CHECK_EQ(N, wl.buffers[test_buffer(&wl, "C")].count);
    test_initial32(&wl, "A", a);
    test_initial32(&wl, "B", b);
    test_read32(&host, &wl, &state, "C", c);
    for (i = 0; i < N; i++)
        want[i] = gs_f32_add(gs_f32_add(a[i], b[i], REF_RN, 0), 0u, REF_RN, 0);
    GS_CHECK_EQ(0, test_diff32("C", want, c, N));
    GS_CHECK(want[0] != 0 && want[N - 1u] != 0 && a[0] != a[1]);
    GS_CHECK_EQ(1, host.launches);
    GS_CHECK_EQ(N / 32u * 23u, host.warp_insts);   /* 23 PTX instructions per warp */
}

int main(void)
{
    GS_RUN(test_small);
    free(test_arena_buffer);
    return gs_check_report();
}
