/* SIMT execution: divergence and PDOM reconvergence checked by exact warp
 * instruction counts (hand-written tests/ptx/exec/simt.ptx), the
 * nvcc-compiled nested divergence kernel (loops, break, early return)
 * against a C reference, named barriers (bar.arrive / bar.sync with a
 * count), atomics in lane order, bar.red, and the run-time faults:
 * barrier deadlock, trap, the instruction-limit watchdog. */
#include "exec_test.h"

#define SIMT_PTX "tests/ptx/exec/simt.ptx"
#define KERNELS_PTX "tests/ptx/exec/exec_kernels.ptx"

static uint32_t out[64];

static gs_status run_out(const gs_host_module *module, const char *name, uint32_t threads,
                         uint64_t *dout)
{
    gs_kernel_arg arg;
    gs_diag diag;
    *dout = exec_alloc(sizeof out);
    GS_CHECK_EQ(GS_OK, gs_host_memset(&exec_test_host, *dout, 0xEE, sizeof out, &diag));
    arg = gs_arg_u64(*dout);
    return exec_launch(module, name, exec_dim(1, 1, 1), exec_dim(threads, 1, 1), 0, &arg, 1);
}

static void test_if_else_reconverges(void)
{
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    uint64_t dout;
    uint32_t t;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    GS_CHECK_EQ(GS_OK, run_out(module, "ifelse", 40, &dout));
    gs_host_read_u32(&exec_test_host, out, dout, 64);
    for (t = 0; t < 40; t++)
        GS_CHECK_EQ(t & 1 ? t + 100 : t + 201, out[t]);
    GS_CHECK_EQ(0xEEEEEEEEu, out[40]);
    /* 2 warps x 13: the tail after JOIN runs once per warp */
    GS_CHECK_EQ(26, exec_test_host.last_launch.warp_insts);
    GS_CHECK_EQ(13, exec_test_host.cta->warps[0].insts);
    GS_CHECK_EQ(13, exec_test_host.cta->warps[1].insts);
    GS_CHECK_EQ(3, exec_test_host.cta->warps[0].stack.high_water);
}

static void test_loop_reconverges(void)
{
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    uint64_t dout;
    uint32_t t;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    GS_CHECK_EQ(GS_OK, run_out(module, "loop", 64, &dout));
    gs_host_read_u32(&exec_test_host, out, dout, 64);
    for (t = 0; t < 64; t++)
        GS_CHECK_EQ((t & 7) * ((t & 7) + 1) / 2, out[t]);
    GS_CHECK_EQ(41, exec_test_host.cta->warps[0].insts);
    GS_CHECK_EQ(41, exec_test_host.cta->warps[1].insts);
    GS_CHECK_EQ(2, exec_test_host.cta->warps[0].stack.high_water);
}

static void test_early_exit(void)
{
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    uint64_t dout;
    uint32_t t;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    GS_CHECK_EQ(GS_OK, run_out(module, "early_exit", 48, &dout));
    gs_host_read_u32(&exec_test_host, out, dout, 64);
    for (t = 0; t < 64; t++)
        GS_CHECK_EQ(t < 48 && (t & 3) ? (t & 3) : 0xEEEEEEEEu, out[t]);
    GS_CHECK_EQ(18, exec_test_host.last_launch.warp_insts);
    /* lanes after the exit: warp 0 has 24 of 32, warp 1 12 of 16 */
    GS_CHECK_EQ(4 * 32 + 8 + 4 * 24 + 4 * 16 + 4 + 4 * 12,
                exec_test_host.last_launch.thread_insts);
}

static void test_named_barrier(void)
{
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    uint64_t dout;
    uint32_t t;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    GS_CHECK_EQ(GS_OK, run_out(module, "prodcons", 64, &dout));
    gs_host_read_u32(&exec_test_host, out, dout, 64);
    for (t = 0; t < 32; t++)
        GS_CHECK_EQ((t + 32) * 3, out[t]);
    GS_CHECK_EQ(0xEEEEEEEEu, out[32]);
}

static void test_faults(void)
{
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    gs_host_config config;
    const gs_ptx_kernel *kernel;
    gs_diag diag;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    GS_CHECK_EQ(GS_E_PTX, exec_launch(module, "deadlock", exec_dim(1, 1, 1),
                                      exec_dim(64, 1, 1), 0, NULL, 0));
    GS_CHECK_STR("kernel deadlock, CTA (0,0,0): every live warp waits at a barrier that can "
                 "never complete (warp 0 at barrier 1)",
                 exec_test_host.last_launch.fault_diag.message);
    GS_CHECK_EQ(GS_E_PTX, exec_launch(module, "trapper", exec_dim(2, 1, 1), exec_dim(1, 1, 1),
                                      0, NULL, 0));
    GS_CHECK_STR("kernel trapper, CTA (0,0,0), warp 0: trap executed",
                 exec_test_host.last_launch.fault_diag.message);
    exec_test_config(&config);
    config.warp_inst_limit = 1000;
    module = exec_test_setup_with(&config, SIMT_PTX);
    GS_CHECK_EQ(GS_OK, gs_host_get_kernel(module, "spin", &kernel, &diag));
    GS_CHECK_EQ(GS_E_RUNAWAY, gs_host_launch(&exec_test_host, module, kernel,
                                             exec_dim(1, 1, 1), exec_dim(32, 1, 1), 0, NULL, 0,
                                             &diag));
    GS_CHECK_STR("kernel spin ran more than 1000 warp instructions, the safety limit per launch "
                 "(-gs_launch_inst_limit), in CTA (0,0,0) of its 1x1x1 grid: a kernel that does "
                 "not end?", diag.message);
    GS_CHECK_EQ(1001, exec_test_host.last_launch.warp_insts);
}

/* C reference of exec_kernels.cu diverge(); -1 marks "no store". */
static int32_t diverge_ref(int32_t v)
{
    int32_t acc = 0, k;
    for (k = 0; k < (v & 15); k++) {
        if (v & 1) {
            if (k & 2)
                acc += k * 3;
            else
                acc ^= k;
        } else {
            acc -= k;
            if (acc < -20)
                break;
        }
        v = (int32_t)((uint32_t)v * 1103515245u + 12345u);
    }
    return acc;
}

static void test_nested_divergence(void)
{
    enum { N = 700 };
    static uint32_t in[N], result[N];
    const gs_host_module *module = exec_test_setup(KERNELS_PTX);
    gs_kernel_arg args[3];
    uint64_t din, dout;
    uint32_t seed = 4242, i, stores = 0;
    gs_diag diag;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    for (i = 0; i < N; i++)
        in[i] = exec_rand(&seed);
    din = exec_alloc(N * 4);
    dout = exec_alloc(N * 4);
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, din, in, N, &diag));
    GS_CHECK_EQ(GS_OK, gs_host_memset(&exec_test_host, dout, 0x55, N * 4, &diag));
    args[0] = gs_arg_u64(din);
    args[1] = gs_arg_u64(dout);
    args[2] = gs_arg_u64(N);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "diverge", exec_dim(3, 1, 1), exec_dim(256, 1, 1),
                                   0, args, 3));
    gs_host_read_u32(&exec_test_host, result, dout, N);
    for (i = 0; i < N; i++) {
        int32_t want = diverge_ref((int32_t)in[i]);
        uint32_t expect = want == 5 ? 0x55555555u : (uint32_t)want;
        stores += want != 5;
        if (expect != result[i])
            GS_CHECK_EQ(expect, result[i]);
    }
    GS_CHECK(stores > N / 2);   /* the data exercises both exits */
    GS_CHECK(stores < N);
}

static void test_atomics_lane_order(void)
{
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    uint32_t old[128], cells[10], l;
    uint32_t init[10] = {0, 0, 0, 0, 0x7FFFFFFFu, 0, 0, 0, 0, 0};
    uint64_t dout, dcells;
    gs_kernel_arg args[2];
    gs_diag diag;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    dout = exec_alloc(sizeof old);
    dcells = exec_alloc(sizeof cells);
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, dcells, init, 10, &diag));
    args[0] = gs_arg_u64(dout);
    args[1] = gs_arg_u64(dcells);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "atomics", exec_dim(1, 1, 1), exec_dim(32, 1, 1), 0,
                                   args, 2));
    gs_host_read_u32(&exec_test_host, old, dout, 128);
    gs_host_read_u32(&exec_test_host, cells, dcells, 10);
    for (l = 0; l < 32; l++) {
        GS_CHECK_EQ(l % 6u, old[l * 4 + 0]);                 /* inc wraps at 5 */
        GS_CHECK_EQ((4u - l % 4u) % 4u, old[l * 4 + 1]);     /* dec from 0 reloads 3 */
        GS_CHECK_EQ(l, old[l * 4 + 2]);                      /* every cas succeeds */
        GS_CHECK_EQ(l ? l - 1u : 0u, old[l * 4 + 3]);        /* exch chain */
    }
    GS_CHECK_EQ(2, cells[0]);
    GS_CHECK_EQ(0, cells[1]);
    GS_CHECK_EQ(32, cells[2]);
    GS_CHECK_EQ(31, cells[3]);
    GS_CHECK_EQ(0xFFFFFFF0u, cells[4]);   /* min.s32 = -16 */
    GS_CHECK_EQ(0xFFFFFFFFu, cells[5]);   /* max.u32 of (l - 16) */
    GS_CHECK_EQ(0x42400000u, cells[6]);   /* 32 x 1.5f = 48.0f */
    GS_CHECK_EQ(0xFFFFFFFFu, cells[7]);
    GS_CHECK_EQ(32, cells[8]);            /* xor of 1..32 */
    GS_CHECK_EQ(528, cells[9]);           /* shared add of 1..32 */
}

static void test_barrier_reductions(void)
{
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    uint64_t dout;
    uint32_t t;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    GS_CHECK_EQ(GS_OK, run_out(module, "barred", 64, &dout));
    gs_host_read_u32(&exec_test_host, out, dout, 64);
    for (t = 0; t < 64; t++)   /* and false (thread 37), or true, popc 16 */
        GS_CHECK_EQ(0x1002u, out[t]);
    GS_CHECK_EQ(GS_OK, run_out(module, "barred", 32, &dout));
    gs_host_read_u32(&exec_test_host, out, dout, 64);
    GS_CHECK_EQ(0x801u, out[0]);
    GS_CHECK_EQ(0x801u, out[31]);
    GS_CHECK_EQ(0xEEEEEEEEu, out[32]);
}

int main(void)
{
    GS_RUN(test_if_else_reconverges);
    GS_RUN(test_loop_reconverges);
    GS_RUN(test_early_exit);
    GS_RUN(test_named_barrier);
    GS_RUN(test_faults);
    GS_RUN(test_nested_divergence);
    GS_RUN(test_atomics_lane_order);
    GS_RUN(test_barrier_reductions);
    exec_test_done();
    return gs_check_report();
}
