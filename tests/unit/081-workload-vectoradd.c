/*
 * vectorAdd (examples/kernels/vectoradd.cu) on the functional executor
 * equals the C reference: through the host API as a user's C program
 * drives it, and through the embedded workload file vectoradd.gsw.
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define N 1000u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a[10000], b[10000], c[10000], want[10000];

static void test_host_api(void)
{
    const gs_host_module *module;
    const gs_ptx_kernel *kernel;
    gs_datagen_spec sa = ref_random_f32(3, -50, 50), sb = ref_random_f32(4, -50, 50);
    uint64_t da, db, dc;
    gs_kernel_arg args[4];
    ref_fill32(a, N, &sa);
    ref_fill32(b, N, &sb);
    memset(c, 0, sizeof c);
    GS_CHECK_EQ(GS_OK, test_host_start(&host, &arena));
    GS_CHECK_EQ(GS_OK, test_load_kernel(&host, "vectoradd", "vectorAdd", &module, &kernel));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, a, N, &da));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, b, N, &db));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, c, N, &dc));
    args[0] = gs_arg_u64(da);
    args[1] = gs_arg_u64(db);
    args[2] = gs_arg_u64(dc);
    args[3] = gs_arg_u64(N);
    GS_CHECK_EQ(GS_OK, test_launch(&host, module, kernel, test_dim3((N + 127u) / 128u, 1, 1),
                                   test_dim3(128, 1, 1), 0, args, 4));
    gs_host_read_u32(&host, c, dc, N);
    ref_vector_add(a, b, want, N);
    GS_CHECK_EQ(0, test_diff32("C", want, c, N));
    GS_CHECK_EQ(1, host.launches);
    GS_CHECK(want[0] != 0 && want[N - 1u] != 0);
}

static void test_workload_file(void)
{
    GS_CHECK_EQ(GS_OK, test_run_workload("vectoradd", &wl, &host, &arena, &state));
    test_initial32(&wl, "A", a);
    test_initial32(&wl, "B", b);
    test_read32(&host, &wl, &state, "C", c);
    ref_vector_add(a, b, want, 10000);
    GS_CHECK_EQ(0, test_diff32("C", want, c, 10000));
}

int main(void)
{
    GS_RUN(test_host_api);
    GS_RUN(test_workload_file);
    free(test_arena_buffer);
    return gs_check_report();
}
