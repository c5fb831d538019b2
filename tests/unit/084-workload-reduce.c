/*
 * Shared-memory tree reduction (examples/kernels/reduce.cu: dynamic shared
 * memory, __syncthreads in a loop) on the functional executor equals the C
 * reference: partial sums per block and the second-pass total (mod 2^32).
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t data[20000], partial[64], want[64];

static uint32_t sum32(const uint32_t *v, uint32_t n)
{
    uint32_t s = 0, i;
    for (i = 0; i < n; i++)
        s += v[i];
    return s;
}

static void test_host_api(void)
{
    const uint32_t n = 5000, threads = 128, blocks = (5000 + 255) / 256;   /* 20 */
    const gs_host_module *module;
    const gs_ptx_kernel *kernel;
    gs_datagen_spec sd = ref_random_int(17, 0, 0xFFFFFFFF);
    uint64_t dd, dp, dt;
    gs_kernel_arg args[3];
    uint32_t total = 0;
    ref_fill32(data, n, &sd);
    memset(partial, 0, sizeof partial);
    GS_CHECK_EQ(GS_OK, test_host_start(&host, &arena));
    GS_CHECK_EQ(GS_OK, test_load_kernel(&host, "reduce", "reduceSum", &module, &kernel));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, data, n, &dd));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, partial, blocks, &dp));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, partial, 1, &dt));
    args[0] = gs_arg_u64(dd);
    args[1] = gs_arg_u64(dp);
    args[2] = gs_arg_u64(n);
    GS_CHECK_EQ(GS_OK, test_launch(&host, module, kernel, test_dim3(blocks, 1, 1),
                                   test_dim3(threads, 1, 1), threads * 4u, args, 3));
    args[0] = gs_arg_u64(dp);
    args[1] = gs_arg_u64(dt);
    args[2] = gs_arg_u64(blocks);
    GS_CHECK_EQ(GS_OK, test_launch(&host, module, kernel, test_dim3(1, 1, 1),
                                   test_dim3(16, 1, 1), 64, args, 3));
    gs_host_read_u32(&host, partial, dp, blocks);
    gs_host_read_u32(&host, &total, dt, 1);
    ref_reduce(data, n, threads, want, blocks);
    GS_CHECK_EQ(0, test_diff32("partial", want, partial, blocks));
    GS_CHECK_EQ(sum32(data, n), total);
}

static void test_workload_file(void)
{
    uint32_t total = 0;
    GS_CHECK_EQ(GS_OK, test_run_workload("reduce", &wl, &host, &arena, &state));
    test_initial32(&wl, "data", data);
    test_read32(&host, &wl, &state, "partial", partial);
    test_read32(&host, &wl, &state, "total", &total);
    ref_reduce(data, 20000, 256, want, 40);
    GS_CHECK_EQ(0, test_diff32("partial", want, partial, 40));
    GS_CHECK_EQ(sum32(data, 20000), total);
    GS_CHECK_EQ(2, host.launches);
}

int main(void)
{
    GS_RUN(test_host_api);
    GS_RUN(test_workload_file);
    free(test_arena_buffer);
    return gs_check_report();
}
