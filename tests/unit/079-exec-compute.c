/* A compute-bound kernel (exec_kernels.cu compute: an unrolled integer LCG
 * and an fma chain) run functionally over several CTAs and checked against
 * a C reference; it is also the kernel the executor's speed is measured
 * on (/tmp/notes/ptxexec.md), though no test asserts timing. */
#include "exec_test.h"

#define PTX "tests/ptx/exec/exec_kernels.ptx"
#define THREADS 512u
#define ITERS 203

static uint32_t reference(uint32_t i)
{
    uint32_t x = i, y = i * 7u + 1u, f, k;
    f = gs_f32_mul(gs_f32_from_u64(i, GS_FROUND_RN), 0x3F000000u, GS_FROUND_RN, 0);
    for (k = 0; k < ITERS; k++) {
        x = x * 1664525u + 1013904223u;
        y ^= x >> 7;
        f = gs_f32_fma(f, 0x3F7FBE77u, 0x3F800000u, GS_FROUND_RN, 0);
    }
    return x ^ y ^ f;
}

static void test_compute(void)
{
    static uint32_t out[THREADS];
    const gs_host_module *module = exec_test_setup(PTX);
    gs_kernel_arg args[2];
    uint64_t dout;
    uint32_t i;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    dout = exec_alloc(sizeof out);
    args[0] = gs_arg_u64(dout);
    args[1] = gs_arg_u64(ITERS);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "compute", exec_dim(4, 1, 1), exec_dim(128, 1, 1),
                                   0, args, 2));
    gs_host_read_u32(&exec_test_host, out, dout, THREADS);
    for (i = 0; i < THREADS; i++)
        if (reference(i) != out[i])
            GS_CHECK_EQ(reference(i), out[i]);
    /* 12 + 5 + 2 + 50 x 21 (unrolled by 4) + 2 + 3 x 9 (remainder) + 8 per warp */
    GS_CHECK_EQ(16u * (12 + 5 + 2 + 50 * 21 + 2 + 3 * 9 + 8),
                exec_test_host.last_launch.warp_insts);
}

int main(void)
{
    GS_RUN(test_compute);
    exec_test_done();
    return gs_check_report();
}
