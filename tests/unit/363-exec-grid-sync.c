/* Cooperative-groups grid sync (issue 22 item 4) on the functional
 * executor, from nvcc's own PTX of examples/kernels/gridsync.cu, against a
 * C reference: a cooperative launch runs all of its CTAs at once and its
 * three phases see each other's stores across CTAs; %envreg1/%envreg2 hold
 * the grid workspace address and every other environment register reads 0;
 * an ordinary launch of the kernel traps with the reason; a grid beyond the
 * cooperative contexts is refused with the field to raise, as are too many
 * contexts and an arena without room for them. */
#include <string.h>

#include "exec_test.h"

#define PTX "examples/kernels/gridsync.ptx"
#define BLOCK_THREADS 64u
#define BLOCKS 8u
#define THREADS (BLOCK_THREADS * BLOCKS)
#define N 3000u

static uint32_t in[N], out[THREADS * 4u];

static const gs_host_module *setup(uint32_t cooperative_ctas, const char *ptx)
{
    gs_host_config config;
    exec_test_config(&config);
    config.cooperative_ctas = cooperative_ctas;
    config.cooperative_cta = config.cta;
    config.cooperative_cta.threads = BLOCK_THREADS;
    return exec_test_setup_with(&config, ptx);
}

static gs_status launch(const gs_host_module *module, const char *name, int cooperative,
                        gs_dim3 grid, gs_dim3 block, const gs_kernel_arg *args,
                        uint32_t num_args, gs_diag *diag)
{
    const gs_ptx_kernel *kernel = NULL;
    gs_status status = gs_host_get_kernel(module, name, &kernel, diag);
    if (status != GS_OK)
        return status;
    if (cooperative)
        return gs_host_launch_cooperative(&exec_test_host, module, kernel, grid, block, 0,
                                          args, num_args, diag);
    return gs_host_launch(&exec_test_host, module, kernel, grid, block, 0, args, num_args,
                          diag);
}

/* grid_sum's arguments on fresh buffers, IN filled. */
static void grid_sum_args(gs_kernel_arg *args)
{
    gs_diag diag;
    uint32_t seed = 99, i;
    uint64_t din = exec_alloc(sizeof in), dpartial = exec_alloc(THREADS * 4u);
    uint64_t dout = exec_alloc(sizeof out);
    for (i = 0; i < N; i++)
        in[i] = exec_rand(&seed) % 100001u;
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, din, in, N, &diag));
    args[0] = gs_arg_u64(din);
    args[1] = gs_arg_u64(dpartial);
    args[2] = gs_arg_u64(dout);
    args[3] = gs_arg_u64(N);
}

/* A 2x2x2 grid of 8x4x2 blocks: the grid group ranks blocks x fastest. */
static void test_grid_sum(void)
{
    const gs_host_module *module = setup(BLOCKS, PTX);
    gs_kernel_arg args[4];
    gs_diag diag;
    uint32_t total = 0, rank, j, round;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    grid_sum_args(args);
    for (j = 0; j < N; j++)
        total += in[j];
    for (round = 0; round < 2u; round++) {   /* the second starts from a used workspace */
        memset(out, 0, sizeof out);
        GS_CHECK_EQ(GS_OK, launch(module, "grid_sum", 1, exec_dim(2, 2, 2), exec_dim(8, 4, 2),
                                  args, 4, &diag));
        gs_host_read_u32(&exec_test_host, out, args[2].value, THREADS * 4u);
        for (rank = 0; rank < THREADS; rank++) {
            uint32_t sum = 0;
            for (j = rank; j < N; j += THREADS)
                sum += in[j];
            if (out[rank * 4u] != total || out[rank * 4u + 1u] != sum ||
                out[rank * 4u + 2u] != rank / BLOCK_THREADS || out[rank * 4u + 3u] != BLOCKS) {
                printf("  rank %u\n", (unsigned)rank);
                GS_CHECK_EQ(total, out[rank * 4u]);
                GS_CHECK_EQ(sum, out[rank * 4u + 1u]);
                GS_CHECK_EQ(rank / BLOCK_THREADS, out[rank * 4u + 2u]);
                GS_CHECK_EQ(BLOCKS, out[rank * 4u + 3u]);
                break;
            }
        }
    }
    GS_CHECK_EQ(148696514u, total);   /* the data is what the reference summed */
}

/* grid_sum in `blocks` blocks on a fresh host with `contexts` cooperative
 * contexts; GS_E_IO if the host could not be set up. */
static gs_status grid_sum_on(uint32_t contexts, int cooperative, uint32_t blocks,
                             gs_diag *diag)
{
    const gs_host_module *module = setup(contexts, PTX);
    gs_kernel_arg args[4];
    GS_CHECK(module != NULL);
    if (!module)
        return GS_E_IO;
    grid_sum_args(args);
    return launch(module, "grid_sum", cooperative, exec_dim(blocks, 1, 1),
                  exec_dim(BLOCK_THREADS, 1, 1), args, 4, diag);
}

/* Without 'cooperative' the workspace is null and nvcc's check traps. */
static void test_not_cooperative(void)
{
    gs_diag diag;
    GS_CHECK_EQ(GS_E_PTX, grid_sum_on(BLOCKS, 0, BLOCKS, &diag));
    GS_CHECK_EQ(97u, diag.line);
    GS_CHECK_STR("kernel grid_sum, CTA (0,0,0), warp 0: trap executed; the kernel reads a "
                 "grid-sync workspace (%envreg1, %envreg2), which is null unless the kernel "
                 "is launched cooperatively ('cooperative' on its workload launch line; "
                 "gs_host_launch_cooperative)", diag.message);
}

/* More CTAs than the functional executor's cooperative contexts, and none. */
static void test_too_large(void)
{
    const gs_host_module *module;
    gs_kernel_arg args[4];
    gs_diag diag;
    GS_CHECK_EQ(GS_E_LIMIT, grid_sum_on(BLOCKS - 1u, 1, BLOCKS, &diag));
    GS_CHECK_STR("cooperative launch of grid_sum: 8 CTAs, but the functional executor holds "
                 "7 at once; raise gs_host_config.cooperative_ctas", diag.message);
    GS_CHECK_EQ(GS_E_LIMIT, grid_sum_on(0, 1, 1, &diag));
    GS_CHECK_STR("cooperative launch of grid_sum: 1 CTAs, but the functional executor holds "
                 "0 at once; raise gs_host_config.cooperative_ctas", diag.message);
    module = setup(BLOCKS, PTX);   /* contexts of 64 threads, a block of 128 */
    GS_CHECK(module != NULL);
    if (module) {
        grid_sum_args(args);
        GS_CHECK_EQ(GS_E_LIMIT, launch(module, "grid_sum", 1, exec_dim(2, 1, 1),
                                       exec_dim(128, 1, 1), args, 4, &diag));
        GS_CHECK_STR("kernel grid_sum needs 128 threads per CTA but CTA contexts hold 64; raise "
                     "gs_host_config.cooperative_cta.threads", diag.message);
    }
    GS_CHECK_EQ(GS_E_PTX, grid_sum_on(0, 1, 0, &diag));   /* checked as any launch first */
    GS_CHECK_STR("launch of grid_sum: grid and block dimensions must all be >= 1",
                 diag.message);
}

/* %envreg1:%envreg2 is the workspace, { 8, barrier }; the others read 0. */
static void test_envregs(void)
{
    const gs_host_module *module = setup(1, "tests/ptx/exec/envreg.ptx");
    gs_kernel_arg arg;
    gs_diag diag;
    uint32_t regs[4], workspace[2];
    uint64_t dout, address;
    if (!module) {
        GS_CHECK(module != NULL);
        return;
    }
    dout = exec_alloc(16);
    arg = gs_arg_u64(dout);
    GS_CHECK_EQ(GS_OK, launch(module, "envregs", 0, exec_dim(1, 1, 1), exec_dim(1, 1, 1),
                              &arg, 1, &diag));
    gs_host_read_u32(&exec_test_host, regs, dout, 4);
    GS_CHECK_EQ(0u, regs[0] | regs[1] | regs[2] | regs[3]);
    GS_CHECK_EQ(0u, exec_test_host.grid_workspace);   /* allocated by the first cooperative */
    GS_CHECK_EQ(GS_OK, launch(module, "envregs", 1, exec_dim(1, 1, 1), exec_dim(1, 1, 1),
                              &arg, 1, &diag));
    gs_host_read_u32(&exec_test_host, regs, dout, 4);
    address = exec_test_host.grid_workspace;
    GS_CHECK(address != 0u);
    GS_CHECK_EQ(0u, regs[0]);
    GS_CHECK_EQ((uint32_t)(address >> 32), regs[1]);
    GS_CHECK_EQ((uint32_t)address, regs[2]);
    GS_CHECK_EQ(0u, regs[3]);
    gs_host_read_u32(&exec_test_host, workspace, address, 2);
    GS_CHECK_EQ(GS_HOST_GRID_WORKSPACE_BYTES, workspace[0]);
    GS_CHECK_EQ(0u, workspace[1]);
}

/* The host's own limits on cooperative contexts: more than a cooperative
 * launch may have, and an arena that holds everything but them. */
static void test_host_limits(void)
{
    gs_host_config config;
    gs_host host;
    gs_arena arena;
    gs_diag diag;
    char want[200];
    size_t bytes;
    void *buffer;
    exec_test_config(&config);
    config.cooperative_cta = config.cta;
    config.cooperative_ctas = GS_EXEC_COOPERATIVE_CTAS_MAX + 1u;
    bytes = gs_host_bytes(&config);
    buffer = calloc(1, bytes);
    gs_arena_init(&arena, buffer, bytes);
    GS_CHECK_EQ(GS_E_CONFIG, gs_host_init(&host, &config, &arena, &diag));
    GS_CHECK_STR("gs_host_config.cooperative_ctas = 65537 is above the 65536 CTAs a "
                 "cooperative launch may have", diag.message);
    free(buffer);
    config.cooperative_ctas = 0;
    config.ptx_arena_bytes = 1;       /* init's own pieces, nearly no room after them */
    bytes = gs_host_bytes(&config);   /* everything but the cooperative contexts */
    config.cooperative_ctas = BLOCKS;
    buffer = calloc(1, bytes);
    gs_arena_init(&arena, buffer, bytes);
    GS_CHECK_EQ(GS_E_ARENA, gs_host_init(&host, &config, &arena, &diag));
    snprintf(want, sizeof want, "arena too small for 8 cooperative CTA contexts (%lu bytes "
             "needed)", (unsigned long)gs_host_bytes(&config));
    GS_CHECK_STR(want, diag.message);
    free(buffer);
    config.cooperative_ctas = 0;      /* room for the table, not for the contexts */
    bytes = gs_host_bytes(&config) + BLOCKS * sizeof(gs_exec_cta) + 64u;
    config.cooperative_ctas = BLOCKS;
    buffer = calloc(1, bytes);
    gs_arena_init(&arena, buffer, bytes);
    GS_CHECK_EQ(GS_E_ARENA, gs_host_init(&host, &config, &arena, &diag));
    snprintf(want, sizeof want, "arena too small for 8 CTA contexts (%lu bytes needed)",
             (unsigned long)gs_exec_pool_bytes(&config.cooperative_cta, BLOCKS));
    GS_CHECK_STR(want, diag.message);
    free(buffer);
}

int main(void)
{
    GS_RUN(test_grid_sum);
    GS_RUN(test_not_cooperative);
    GS_RUN(test_too_large);
    GS_RUN(test_envregs);
    GS_RUN(test_host_limits);
    (void)exec_test_setup;   /* each test sets its own cooperative contexts */
    exec_test_done();
    return gs_check_report();
}
