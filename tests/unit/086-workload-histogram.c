/*
 * Atomic histogram (examples/kernels/histogram.cu: shared-memory atomicAdd
 * per block, then global atomicAdd) on the functional executor equals the C
 * count of value % bins: host API (bins not a power of two, grid-stride
 * loop) and the embedded histogram.gsw.
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t data[30000], hist[64], want[64];

static void test_host_api(void)
{
    const uint32_t n = 7777, bins = 37;
    const gs_host_module *module;
    const gs_ptx_kernel *kernel;
    gs_datagen_spec sd = ref_random_int(23, 0, 5000);
    uint64_t dd, dh;
    gs_kernel_arg args[4];
    uint32_t i, total = 0;
    ref_fill32(data, n, &sd);
    memset(hist, 0, sizeof hist);
    GS_CHECK_EQ(GS_OK, test_host_start(&host, &arena));
    GS_CHECK_EQ(GS_OK, test_load_kernel(&host, "histogram", "histogram", &module, &kernel));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, data, n, &dd));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, hist, bins, &dh));
    args[0] = gs_arg_u64(dd);
    args[1] = gs_arg_u64(dh);
    args[2] = gs_arg_u64(n);
    args[3] = gs_arg_u64(bins);
    GS_CHECK_EQ(GS_OK, test_launch(&host, module, kernel, test_dim3(5, 1, 1),
                                   test_dim3(96, 1, 1), bins * 4u, args, 4));
    gs_host_read_u32(&host, hist, dh, bins);
    ref_histogram(data, n, want, bins);
    GS_CHECK_EQ(0, test_diff32("hist", want, hist, bins));
    for (i = 0; i < bins; i++)
        total += hist[i];
    GS_CHECK_EQ(n, total);
}

static void test_workload_file(void)
{
    GS_CHECK_EQ(GS_OK, test_run_workload("histogram", &wl, &host, &arena, &state));
    test_initial32(&wl, "data", data);
    test_read32(&host, &wl, &state, "hist", hist);
    ref_histogram(data, 30000, want, 64);
    GS_CHECK_EQ(0, test_diff32("hist", want, hist, 64));
}

int main(void)
{
    GS_RUN(test_host_api);
    GS_RUN(test_workload_file);
    free(test_arena_buffer);
    return gs_check_report();
}
