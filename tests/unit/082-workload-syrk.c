/*
 * SYRK (examples/kernels/syrk.cu, PolyBench C = alpha*A*A^T + beta*C) on
 * the functional executor equals the C reference, bit for bit: host API
 * (n = 40, m = 24: partial blocks in x and y) and the embedded syrk.gsw.
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a[4096], c[4096], want[4096];

static void test_host_api(void)
{
    const uint32_t n = 40, m = 24;
    const uint32_t alpha = 0x3FC00000u, beta = 0x3F99999Au;   /* 1.5, 1.2 */
    const gs_host_module *module;
    const gs_ptx_kernel *kernel;
    gs_datagen_spec sa = ref_random_f32(8, -2, 2), sc = ref_random_f32(9, -1, 1);
    uint64_t da, dc;
    gs_kernel_arg args[6];
    ref_fill32(a, n * m, &sa);
    ref_fill32(c, n * n, &sc);
    memcpy(want, c, n * n * 4u);
    GS_CHECK_EQ(GS_OK, test_host_start(&host, &arena));
    GS_CHECK_EQ(GS_OK, test_load_kernel(&host, "syrk", "syrk", &module, &kernel));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, a, n * m, &da));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, c, n * n, &dc));
    args[0] = gs_arg_u64(alpha);
    args[1] = gs_arg_u64(beta);
    args[2] = gs_arg_u64(da);
    args[3] = gs_arg_u64(dc);
    args[4] = gs_arg_u64(n);
    args[5] = gs_arg_u64(m);
    GS_CHECK_EQ(GS_OK, test_launch(&host, module, kernel, test_dim3(2, 5, 1),
                                   test_dim3(32, 8, 1), 0, args, 6));
    gs_host_read_u32(&host, c, dc, n * n);
    ref_syrk(alpha, beta, a, want, n, m);
    GS_CHECK_EQ(0, test_diff32("C", want, c, n * n));
}

static void test_workload_file(void)
{
    const gs_wl_step *launch;
    GS_CHECK_EQ(GS_OK, test_run_workload("syrk", &wl, &host, &arena, &state));
    launch = &wl.steps[0];
    GS_CHECK_EQ(0x3FC00000u, launch->args[0].bits);   /* f32:1.5 */
    GS_CHECK_EQ(0x3F99999Au, launch->args[1].bits);   /* f32:1.2 */
    test_initial32(&wl, "A", a);
    test_initial32(&wl, "C", want);
    test_read32(&host, &wl, &state, "C", c);
    ref_syrk(0x3FC00000u, 0x3F99999Au, a, want, 64, 48);
    GS_CHECK_EQ(0, test_diff32("C", want, c, 4096));
}

int main(void)
{
    GS_RUN(test_host_api);
    GS_RUN(test_workload_file);
    free(test_arena_buffer);
    return gs_check_report();
}
