/* Host API (src/host/host.h): sizing, typed endian-safe copies, module
 * variables and symbols, generic addressing, argument packing and its
 * errors, launch limits, kernel page-pool exhaustion, and the pluggable
 * executor hook. */
#include "exec_test.h"

#define SIMT_PTX "tests/ptx/exec/simt.ptx"
#define KERNELS_PTX "tests/ptx/exec/exec_kernels.ptx"

static void test_sizing(void)
{
    gs_host_config config;
    uint32_t seed = 1;
    GS_CHECK_EQ(270369, exec_rand(&seed));   /* the test data generator is xorshift32 */
    exec_test_config(&config);
    GS_CHECK(exec_test_setup(KERNELS_PTX) != NULL);
    /* init + one module stay within gs_host_bytes */
    GS_CHECK(exec_test_arena.used_bytes <= gs_host_bytes(&config));
    GS_CHECK_EQ(gs_host_bytes(&config), exec_test_arena.capacity_bytes);
    config.cta.threads = 2048;
    GS_CHECK(gs_host_bytes(&config) > exec_test_arena.capacity_bytes);
}

static void test_typed_copies(void)
{
    static const uint32_t words[3] = {0x11223344u, 0xA0B0C0D0u, 7u};
    static const uint64_t longs[2] = {0x0102030405060708ull, 1ull};
    static const uint16_t halves[2] = {0xBEEFu, 0x0102u};
    uint8_t bytes[16];
    uint32_t w[3];
    uint64_t l[2];
    uint16_t h[2];
    gs_diag diag;
    uint64_t d;
    GS_CHECK(exec_test_setup(SIMT_PTX) != NULL);
    d = exec_alloc(4096 * 2);
    /* a copy straddling a page boundary */
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, d + 4092, words, 3, &diag));
    gs_host_memcpy_to_host(&exec_test_host, bytes, d + 4092, 12);
    GS_CHECK_EQ(0x44, bytes[0]);
    GS_CHECK_EQ(0x11, bytes[3]);
    GS_CHECK_EQ(0xD0, bytes[4]);
    GS_CHECK_EQ(0x07, bytes[8]);
    gs_host_read_u32(&exec_test_host, w, d + 4092, 3);
    GS_CHECK(memcmp(w, words, sizeof w) == 0);
    GS_CHECK_EQ(GS_OK, gs_host_write_u64(&exec_test_host, d, longs, 2, &diag));
    gs_host_memcpy_to_host(&exec_test_host, bytes, d, 8);
    GS_CHECK_EQ(0x08, bytes[0]);
    GS_CHECK_EQ(0x01, bytes[7]);
    gs_host_read_u64(&exec_test_host, l, d, 2);
    GS_CHECK_EQ(longs[0], l[0]);
    GS_CHECK_EQ(1, l[1]);
    GS_CHECK_EQ(GS_OK, gs_host_write_u16(&exec_test_host, d + 100, halves, 2, &diag));
    gs_host_read_u16(&exec_test_host, h, d + 100, 2);
    GS_CHECK_EQ(0xBEEFu, h[0]);
    GS_CHECK_EQ(0x0102u, h[1]);
    gs_host_read_u32(&exec_test_host, w, d + 100, 1);
    GS_CHECK_EQ(0x0102BEEFu, w[0]);
}

static void test_module_variables(void)
{
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    uint32_t out[4];
    uint64_t dout, counter_address, table_address, counter;
    gs_kernel_arg arg;
    gs_diag diag;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    dout = exec_alloc(16);
    arg = gs_arg_u64(dout);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "globals", exec_dim(2, 1, 1), exec_dim(4, 1, 1), 0,
                                   &arg, 1));
    gs_host_read_u32(&exec_test_host, out, dout, 4);
    GS_CHECK_EQ(19, out[0]);
    GS_CHECK_EQ(49, out[3]);
    GS_CHECK_EQ(GS_OK, gs_host_symbol_address(module, "gcounter", &counter_address, &diag));
    gs_host_read_u64(&exec_test_host, &counter, counter_address, 1);
    GS_CHECK_EQ(24, counter);   /* 8 threads x 3 */
    /* cudaMemcpyToSymbol: change the table, launch again */
    GS_CHECK_EQ(GS_OK, gs_host_symbol_address(module, "gtable", &table_address, &diag));
    GS_CHECK_EQ(module->global_base, table_address);
    out[0] = 1000;
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, table_address, out, 1, &diag));
    GS_CHECK_EQ(GS_OK, exec_launch(module, "globals", exec_dim(1, 1, 1), exec_dim(1, 1, 1), 0,
                                   &arg, 1));
    gs_host_read_u32(&exec_test_host, out, dout, 1);
    GS_CHECK_EQ(1009, out[0]);
    GS_CHECK_EQ(GS_E_WORKLOAD, gs_host_symbol_address(module, "nothing", &counter, &diag));
    GS_CHECK_STR("no module-scope .global or .const variable named 'nothing'", diag.message);
}

static void test_generic_addressing(void)
{
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    uint32_t out[64], t;
    uint64_t dout;
    gs_kernel_arg arg;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    dout = exec_alloc(sizeof out);
    arg = gs_arg_u64(dout);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "generic", exec_dim(1, 1, 1), exec_dim(64, 1, 1), 0,
                                   &arg, 1));
    gs_host_read_u32(&exec_test_host, out, dout, 64);
    for (t = 0; t < 64; t++)
        GS_CHECK_EQ(5 + 5 * t + 1, out[t]);
}

static void test_argument_errors(void)
{
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    const gs_ptx_kernel *kernel;
    gs_kernel_arg args[3];
    uint8_t raw[4] = {1, 2, 3, 4};
    gs_diag diag;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    GS_CHECK_EQ(GS_E_WORKLOAD, gs_host_get_kernel(module, "missing", &kernel, &diag));
    GS_CHECK_STR("no kernel (.entry) named 'missing' in this module", diag.message);
    GS_CHECK_EQ(GS_OK, gs_host_get_kernel(module, "divzero", &kernel, &diag));
    args[0] = gs_arg_u64(exec_alloc(64));
    args[1] = gs_arg_u64(0x100000000ull);
    args[2] = gs_arg_u64(1);
    GS_CHECK_EQ(GS_E_WORKLOAD, gs_host_launch(&exec_test_host, module, kernel,
                                              exec_dim(1, 1, 1), exec_dim(1, 1, 1), 0, args,
                                              2, &diag));
    GS_CHECK_STR("kernel divzero takes 3 parameters, the launch gives 2", diag.message);
    GS_CHECK_EQ(GS_E_WORKLOAD, gs_host_launch(&exec_test_host, module, kernel,
                                              exec_dim(1, 1, 1), exec_dim(1, 1, 1), 0, args,
                                              3, &diag));
    GS_CHECK_STR("kernel divzero parameter 1 (dz_a, 4 bytes) cannot hold the value "
                 "0x100000000", diag.message);
    args[1] = gs_arg_u64(~0ull);   /* -1 fits a 4-byte parameter sign-extended */
    args[2] = gs_arg_bytes(raw, 2);
    GS_CHECK_EQ(GS_E_WORKLOAD, gs_host_launch(&exec_test_host, module, kernel,
                                              exec_dim(1, 1, 1), exec_dim(1, 1, 1), 0, args,
                                              3, &diag));
    GS_CHECK_STR("kernel divzero parameter 2 (dz_b) is 4 bytes, argument gives 2",
                 diag.message);
    args[2] = gs_arg_bytes(raw, 4);
    GS_CHECK_EQ(GS_OK, gs_host_launch(&exec_test_host, module, kernel, exec_dim(1, 1, 1),
                                      exec_dim(1, 1, 1), 0, args, 3, &diag));
    GS_CHECK_EQ(0x04030201u, gs_le_load(exec_test_host.params + kernel->params[2].offset, 4));
    GS_CHECK_EQ(GS_E_PTX, gs_host_launch(&exec_test_host, module, kernel, exec_dim(0, 1, 1),
                                         exec_dim(1, 1, 1), 0, args, 3, &diag));
    GS_CHECK_STR("launch of divzero: grid and block dimensions must all be >= 1",
                 diag.message);
}

static void test_launch_limits(void)
{
    gs_host_config config;
    const gs_host_module *module;
    const gs_ptx_kernel *kernel;
    gs_kernel_arg arg;
    gs_diag diag;
    uint8_t text[64];
    exec_test_config(&config);
    config.cta.threads = 64;
    config.cta.pred_slots = 1;
    module = exec_test_setup_with(&config, SIMT_PTX);
    GS_CHECK(module != NULL);
    if (!module)
        return;
    arg = gs_arg_u64(exec_alloc(1024));
    GS_CHECK_EQ(GS_OK, gs_host_get_kernel(module, "ifelse", &kernel, &diag));
    GS_CHECK_EQ(GS_E_LIMIT, gs_host_launch(&exec_test_host, module, kernel, exec_dim(1, 1, 1),
                                           exec_dim(65, 1, 1), 0, &arg, 1, &diag));
    GS_CHECK_STR("kernel ifelse needs 65 threads per CTA but CTA contexts hold 64; raise "
                 "gs_host_config.cta.threads", diag.message);
    GS_CHECK_EQ(GS_OK, gs_host_get_kernel(module, "prodcons", &kernel, &diag));
    GS_CHECK_EQ(GS_E_LIMIT, gs_host_launch(&exec_test_host, module, kernel, exec_dim(1, 1, 1),
                                           exec_dim(64, 1, 1), 48 * 1024, &arg, 1, &diag));
    GS_CHECK_STR("kernel prodcons needs 49280 shared bytes per CTA but CTA contexts hold "
                 "49152; raise gs_host_config.cta.shared_bytes", diag.message);
    /* CUDA's launch limits, each at its boundary (issue 22: a grid far larger
     * than any GPU allows is refused, naming the limit) */
    GS_CHECK_EQ(GS_E_LIMIT, gs_host_launch(&exec_test_host, module, kernel,
                                           exec_dim(0x80000000u, 1, 1), exec_dim(1, 1, 1), 0,
                                           &arg, 1, &diag));
    GS_CHECK_STR("launch of prodcons: grid.x = 2147483648 is above CUDA's limit of "
                 "2147483647", diag.message);
    GS_CHECK_EQ(GS_E_LIMIT, gs_host_launch(&exec_test_host, module, kernel,
                                           exec_dim(1, 65536, 1), exec_dim(1, 1, 1), 0, &arg,
                                           1, &diag));
    GS_CHECK_STR("launch of prodcons: grid.y = 65536 is above CUDA's limit of 65535",
                 diag.message);
    GS_CHECK_EQ(GS_E_LIMIT, gs_host_launch(&exec_test_host, module, kernel,
                                           exec_dim(1, 1, 65536), exec_dim(1, 1, 1), 0, &arg,
                                           1, &diag));
    GS_CHECK_STR("launch of prodcons: grid.z = 65536 is above CUDA's limit of 65535",
                 diag.message);
    GS_CHECK_EQ(GS_E_LIMIT, gs_host_launch(&exec_test_host, module, kernel, exec_dim(1, 1, 1),
                                           exec_dim(1, 1, 65), 0, &arg, 1, &diag));
    GS_CHECK_STR("launch of prodcons: block.z = 65 is above CUDA's limit of 64", diag.message);
    GS_CHECK_EQ(GS_E_LIMIT, gs_host_launch(&exec_test_host, module, kernel, exec_dim(1, 1, 1),
                                           exec_dim(1025, 1, 1), 0, &arg, 1, &diag));
    GS_CHECK_STR("launch of prodcons: block.x = 1025 is above CUDA's limit of 1024",
                 diag.message);
    GS_CHECK_EQ(GS_E_LIMIT, gs_host_launch(&exec_test_host, module, kernel, exec_dim(1, 1, 1),
                                           exec_dim(32, 32, 2), 0, &arg, 1, &diag));
    GS_CHECK_STR("launch of prodcons: a block of 32x32x2 threads is above CUDA's limit of "
                 "1024 threads", diag.message);
    /* the limits themselves pass: block.z = 64 runs; block.x = 1024 passes CUDA's check
     * and stops at the CTA contexts' 64 threads */
    GS_CHECK_EQ(GS_OK, gs_host_launch(&exec_test_host, module, kernel, exec_dim(1, 1, 1),
                                      exec_dim(1, 1, 64), 0, &arg, 1, &diag));
    GS_CHECK_EQ(GS_E_LIMIT, gs_host_launch(&exec_test_host, module, kernel, exec_dim(1, 1, 1),
                                           exec_dim(1024, 1, 1), 0, &arg, 1, &diag));
    GS_CHECK_STR("kernel prodcons needs 1024 threads per CTA but CTA contexts hold 64; raise "
                 "gs_host_config.cta.threads", diag.message);
    /* module limits */
    config.modules_max = 1;
    module = exec_test_setup_with(&config, SIMT_PTX);
    memset(text, ' ', sizeof text);
    GS_CHECK_EQ(GS_E_LIMIT, gs_host_module_load(&exec_test_host, "b.ptx", (const char *)text,
                                                sizeof text, &module, &diag));
    GS_CHECK_STR("more than 1 PTX modules loaded; raise gs_host_config.modules_max", diag.message);
}

static void test_kernel_out_of_pages(void)
{
    gs_host_config config;
    const gs_host_module *module;
    gs_kernel_arg arg;
    gs_diag diag;
    const gs_ptx_kernel *kernel;
    exec_test_config(&config);
    config.devmem.page_count = 1;   /* taken by the module's .global segment */
    module = exec_test_setup_with(&config, SIMT_PTX);
    GS_CHECK(module != NULL);
    if (!module)
        return;
    exec_alloc(8192);               /* the output lands on a fresh page */
    arg = gs_arg_u64(exec_alloc(256));
    GS_CHECK_EQ(GS_OK, gs_host_get_kernel(module, "loop", &kernel, &diag));
    GS_CHECK_EQ(GS_E_LIMIT, gs_host_launch(&exec_test_host, module, kernel, exec_dim(1, 1, 1),
                                           exec_dim(32, 1, 1), 0, &arg, 1, &diag));
    GS_CHECK_STR("device memory page pool exhausted: 32 kernel store(s) dropped, first at "
                 "address 0x10002200 (1 pages of 4096 bytes all mapped); raise "
                 "gs_host_config.devmem.page_count", diag.message);
}

/* A mock executor: records the launch and runs the functional one. */
static uint32_t mock_calls;
static gs_status mock_executor(void *context, gs_host *host, gs_exec_launch *launch,
                               gs_diag *diag)
{
    mock_calls += *(const uint32_t *)context;
    GS_CHECK_EQ(32, launch->block.x);
    GS_CHECK_EQ(host->launches, launch->grid_id);
    return gs_host_run_functional(NULL, host, launch, diag);
}

static void test_executor_hook(void)
{
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    uint32_t step = 5, out[32];
    uint64_t dout;
    gs_kernel_arg arg;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    gs_host_set_executor(&exec_test_host, mock_executor, &step);
    dout = exec_alloc(sizeof out);
    arg = gs_arg_u64(dout);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "loop", exec_dim(1, 1, 1), exec_dim(32, 1, 1), 0,
                                   &arg, 1));
    GS_CHECK_EQ(GS_OK, exec_launch(module, "loop", exec_dim(1, 1, 1), exec_dim(32, 1, 1), 0,
                                   &arg, 1));
    GS_CHECK_EQ(10, mock_calls);
    GS_CHECK_EQ(2, exec_test_host.launches);
    GS_CHECK_EQ(2 * 41, exec_test_host.warp_insts);
    gs_host_read_u32(&exec_test_host, out, dout, 32);
    GS_CHECK_EQ(28, out[31]);
}

int main(void)
{
    GS_RUN(test_sizing);
    GS_RUN(test_typed_copies);
    GS_RUN(test_module_variables);
    GS_RUN(test_generic_addressing);
    GS_RUN(test_argument_errors);
    GS_RUN(test_launch_limits);
    GS_RUN(test_kernel_out_of_pages);
    GS_RUN(test_executor_hook);
    exec_test_done();
    return gs_check_report();
}
