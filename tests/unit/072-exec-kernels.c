/* Functional execution of nvcc-compiled kernels through the host API:
 * vectorAdd, a shared-memory reduction with barriers (dynamic shared
 * memory), an atomic histogram (shared and global atomics). Results are
 * compared exactly with C references computed here
 * (tests/ptx/exec/exec_kernels.cu). */
#include "exec_test.h"

#define PTX "tests/ptx/exec/exec_kernels.ptx"

static void test_vec_add(void)
{
    enum { N = 1000 };
    static uint32_t a[N], b[N], c[N];
    uint32_t seed = 12345, i;
    const gs_host_module *module = exec_test_setup(PTX);
    gs_kernel_arg args[4];
    uint64_t da, db, dc;
    gs_diag diag;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    for (i = 0; i < N; i++) {   /* finite floats of mixed sign and magnitude */
        a[i] = (exec_rand(&seed) & 0x8FFFFFFFu) | 0x30000000u;
        b[i] = (exec_rand(&seed) & 0x8FFFFFFFu) | 0x30000000u;
    }
    da = exec_alloc(N * 4);
    db = exec_alloc(N * 4);
    dc = exec_alloc(N * 4);
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, da, a, N, &diag));
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, db, b, N, &diag));
    args[0] = gs_arg_u64(da);
    args[1] = gs_arg_u64(db);
    args[2] = gs_arg_u64(dc);
    args[3] = gs_arg_u64(N);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "vec_add", exec_dim(8, 1, 1), exec_dim(128, 1, 1), 0,
                                   args, 4));
    gs_host_read_u32(&exec_test_host, c, dc, N);
    for (i = 0; i < N; i++)
        if (c[i] != gs_f32_add(a[i], b[i], GS_FROUND_RN, 0))
            GS_CHECK_EQ(gs_f32_add(a[i], b[i], GS_FROUND_RN, 0), c[i]);
    /* 32 warps x 22 instructions (10 before the branch, 11 body, ret): the
     * last warp diverges (8 lanes in range) and reconverges at the ret.
     * Thread instructions count lanes after the guard: full warps
     * 9x32 + 0 (bra not taken) + 11x32 + 32 = 672; the last warp
     * 9x32 + 24 + 11x8 + 32 = 432. */
    GS_CHECK_EQ(704, exec_test_host.last_launch.warp_insts);
    GS_CHECK_EQ(31 * 672 + 432, exec_test_host.last_launch.thread_insts);
    GS_CHECK_EQ(1, exec_test_host.launches);
}

static void test_reduce(void)
{
    enum { N = 3000, BLOCK = 128, GRID = (N + 2 * BLOCK - 1) / (2 * BLOCK) };
    static uint32_t in[N], out[GRID];
    uint32_t seed = 99, i, want[GRID] = {0};
    const gs_host_module *module = exec_test_setup(PTX);
    gs_kernel_arg args[3];
    uint64_t din, dout;
    gs_diag diag;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    for (i = 0; i < N; i++) {
        in[i] = exec_rand(&seed);
        want[i / (2 * BLOCK)] += in[i];
    }
    din = exec_alloc(N * 4);
    dout = exec_alloc(GRID * 4);
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, din, in, N, &diag));
    args[0] = gs_arg_u64(din);
    args[1] = gs_arg_u64(dout);
    args[2] = gs_arg_u64(N);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "reduce_sum", exec_dim(GRID, 1, 1),
                                   exec_dim(BLOCK, 1, 1), BLOCK * 4, args, 3));
    gs_host_read_u32(&exec_test_host, out, dout, GRID);
    for (i = 0; i < GRID; i++)
        GS_CHECK_EQ(want[i], out[i]);
    /* too little dynamic shared memory for the kernel is a fault, not a crash */
    GS_CHECK_EQ(GS_E_PTX, exec_launch(module, "reduce_sum", exec_dim(GRID, 1, 1),
                                      exec_dim(BLOCK, 1, 1), 64, args, 3));
    GS_CHECK(strstr(exec_test_host.last_launch.fault_diag.message,
                    "4-byte shared access at offset 0x40 is outside its 64 bytes") != NULL);
}

static void test_histogram(void)
{
    enum { N = 5000 };
    static uint8_t in[N];
    uint32_t bins[64], want[64] = {0}, seed = 7, i;
    const gs_host_module *module = exec_test_setup(PTX);
    gs_kernel_arg args[3];
    uint64_t din, dbins;
    gs_diag diag;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    for (i = 0; i < N; i++) {
        in[i] = (uint8_t)(exec_rand(&seed) % 23u * 3u);   /* uneven bins */
        want[in[i] & 63]++;
    }
    din = exec_alloc(N);
    dbins = exec_alloc(64 * 4);
    GS_CHECK_EQ(GS_OK, gs_host_memcpy_to_device(&exec_test_host, din, in, N, &diag));
    GS_CHECK_EQ(GS_OK, gs_host_memset(&exec_test_host, dbins, 0, 64 * 4, &diag));
    args[0] = gs_arg_u64(din);
    args[1] = gs_arg_u64(dbins);
    args[2] = gs_arg_u64(N);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "histogram", exec_dim(6, 1, 1), exec_dim(96, 1, 1),
                                   0, args, 3));
    gs_host_read_u32(&exec_test_host, bins, dbins, 64);
    for (i = 0; i < 64; i++)
        GS_CHECK_EQ(want[i], bins[i]);
}

int main(void)
{
    GS_RUN(test_vec_add);
    GS_RUN(test_reduce);
    GS_RUN(test_histogram);
    exec_test_done();
    return gs_check_report();
}
