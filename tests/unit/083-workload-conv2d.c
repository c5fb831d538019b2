/*
 * 2DCONV (examples/kernels/conv2d.cu, PolyBench 3x3 convolution) on the
 * functional executor equals the C reference, borders untouched: host API
 * (ni = 30, nj = 45) and the embedded conv2d.gsw (96 x 80).
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a[7680], b[7680], want[7680];

static void test_host_api(void)
{
    const uint32_t ni = 30, nj = 45;
    const gs_host_module *module;
    const gs_ptx_kernel *kernel;
    gs_datagen_spec sa = ref_random_f32(13, -4, 4);
    uint64_t da, db;
    gs_kernel_arg args[4];
    uint32_t i;
    ref_fill32(a, ni * nj, &sa);
    for (i = 0; i < ni * nj; i++)
        want[i] = b[i] = 0x7F800001u;   /* a NaN marker: borders must keep it */
    GS_CHECK_EQ(GS_OK, test_host_start(&host, &arena));
    GS_CHECK_EQ(GS_OK, test_load_kernel(&host, "conv2d", "conv2d", &module, &kernel));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, a, ni * nj, &da));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, b, ni * nj, &db));
    args[0] = gs_arg_u64(da);
    args[1] = gs_arg_u64(db);
    args[2] = gs_arg_u64(ni);
    args[3] = gs_arg_u64(nj);
    GS_CHECK_EQ(GS_OK, test_launch(&host, module, kernel, test_dim3(2, 4, 1),
                                   test_dim3(32, 8, 1), 0, args, 4));
    gs_host_read_u32(&host, b, db, ni * nj);
    ref_conv2d(a, want, ni, nj);
    GS_CHECK_EQ(0, test_diff32("B", want, b, ni * nj));
    GS_CHECK_EQ(0x7F800001u, b[0]);
    GS_CHECK(b[nj + 1u] != 0x7F800001u);
}

static void test_workload_file(void)
{
    GS_CHECK_EQ(GS_OK, test_run_workload("conv2d", &wl, &host, &arena, &state));
    test_initial32(&wl, "A", a);
    memset(want, 0, sizeof want);
    test_read32(&host, &wl, &state, "B", b);
    ref_conv2d(a, want, 96, 80);
    GS_CHECK_EQ(0, test_diff32("B", want, b, 7680));
}

int main(void)
{
    GS_RUN(test_host_api);
    GS_RUN(test_workload_file);
    free(test_arena_buffer);
    return gs_check_report();
}
