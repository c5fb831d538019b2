/*
 * Nested divergent control flow (examples/kernels/diverge.cu: if/else in a
 * loop, break, early return, a divergent inner loop) on the functional
 * executor equals the C reference per lane, including which lanes returned
 * early: host API (n not a multiple of the block) and diverge.gsw.
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t in[2000], out[2000], steps[2000], want_out[2000], want_steps[2000];

static unsigned reference(const uint32_t *input, uint32_t n, int32_t rounds)
{
    uint32_t i;
    unsigned early = 0;
    for (i = 0; i < n; i++) {
        int32_t s = 0;
        want_out[i] = (uint32_t)ref_diverge_one((int32_t)input[i], rounds, &s);
        want_steps[i] = (uint32_t)s;
        early += want_out[i] == 0xFFFFFFFFu;
    }
    return early;
}

static void test_host_api(void)
{
    const uint32_t n = 1000;
    const gs_host_module *module;
    const gs_ptx_kernel *kernel;
    gs_datagen_spec sd = ref_random_int(29, 0, 30000);
    uint64_t di, dout, dsteps;
    gs_kernel_arg args[5];
    ref_fill32(in, n, &sd);
    memset(out, 0, sizeof out);
    GS_CHECK_EQ(GS_OK, test_host_start(&host, &arena));
    GS_CHECK_EQ(GS_OK, test_load_kernel(&host, "diverge", "diverge", &module, &kernel));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, in, n, &di));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, out, n, &dout));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, out, n, &dsteps));
    args[0] = gs_arg_u64(di);
    args[1] = gs_arg_u64(dout);
    args[2] = gs_arg_u64(dsteps);
    args[3] = gs_arg_u64(n);
    args[4] = gs_arg_u64(30);
    GS_CHECK_EQ(GS_OK, test_launch(&host, module, kernel, test_dim3(8, 1, 1),
                                   test_dim3(128, 1, 1), 0, args, 5));
    gs_host_read_u32(&host, out, dout, n);
    gs_host_read_u32(&host, steps, dsteps, n);
    GS_CHECK(reference(in, n, 30) > 0);   /* some lanes do leave early */
    GS_CHECK_EQ(0, test_diff32("out", want_out, out, n));
    GS_CHECK_EQ(0, test_diff32("steps", want_steps, steps, n));
}

static void test_workload_file(void)
{
    GS_CHECK_EQ(GS_OK, test_run_workload("diverge", &wl, &host, &arena, &state));
    test_initial32(&wl, "in", in);
    test_read32(&host, &wl, &state, "out", out);
    test_read32(&host, &wl, &state, "steps", steps);
    reference(in, 2000, 24);
    GS_CHECK_EQ(0, test_diff32("out", want_out, out, 2000));
    GS_CHECK_EQ(0, test_diff32("steps", want_steps, steps, 2000));
}

int main(void)
{
    GS_RUN(test_host_api);
    GS_RUN(test_workload_file);
    free(test_arena_buffer);
    return gs_check_report();
}
