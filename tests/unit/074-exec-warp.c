/* Warp-level instructions: vote.sync (ballot, all, any, also with a partial
 * member mask inside divergent code) and shfl.sync (bfly, up, down, idx,
 * sub-warp width) against a C reference (exec_kernels.cu warp_ops). */
#include "exec_test.h"

#define PTX "tests/ptx/exec/exec_kernels.ptx"
#define WARPS 4u
#define THREADS (WARPS * 32u)

static uint32_t in[THREADS], out[THREADS * 8u];

static void reference(const uint32_t *v, uint32_t lane, uint32_t *want)
{
    uint32_t ballot = 0, half = 0, sum = 0, l;
    int all = 1, any = 0;
    for (l = 0; l < 32; l++) {
        ballot |= (v[l] & 1u) << l;
        all &= v[l] != 0;
        any |= v[l] > 1000;
        sum += v[l];
        if (l < 16 && (v[l] & 2u))
            half |= 1u << l;
    }
    want[0] = ballot;
    want[1] = (uint32_t)all | ((uint32_t)any << 1);
    want[2] = sum;
    want[3] = lane >= 3 ? v[lane - 3] : v[lane];
    want[4] = lane + 5 <= 31 ? v[lane + 5] : v[lane];
    want[5] = v[(lane * 7) & 31];
    want[6] = (lane & 7) + 1 < 8 ? v[lane + 1] : v[lane];
    want[7] = lane < 16 ? half : 0;
}

static void test_vote_shfl(void)
{
    const gs_host_module *module = exec_test_setup(PTX);
    gs_kernel_arg args[2];
    uint64_t din, dout;
    uint32_t seed = 31337, i, k, want[8];
    gs_diag diag;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    for (i = 0; i < THREADS; i++)
        in[i] = exec_rand(&seed) % 2000u + 1u;
    in[5] = 0;                       /* warp 0: not all non-zero */
    for (i = 64; i < 96; i++)
        in[i] %= 1000u;              /* warp 2: none above 1000 */
    din = exec_alloc(sizeof in);
    dout = exec_alloc(sizeof out);
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, din, in, THREADS, &diag));
    args[0] = gs_arg_u64(din);
    args[1] = gs_arg_u64(dout);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "warp_ops", exec_dim(2, 1, 1),
                                   exec_dim(THREADS / 2, 1, 1), 0, args, 2));
    gs_host_read_u32(&exec_test_host, out, dout, THREADS * 8u);
    for (i = 0; i < THREADS; i++) {
        reference(&in[i & ~31u], i & 31u, want);
        for (k = 0; k < 8; k++)
            if (want[k] != out[i * 8 + k]) {
                printf("  thread %u output %u\n", (unsigned)i, (unsigned)k);
                GS_CHECK_EQ(want[k], out[i * 8 + k]);
            }
    }
    GS_CHECK_EQ(0, out[5 * 8 + 1] & 1u);
    GS_CHECK_EQ(1, out[0 * 8 + 1] >> 1);
    GS_CHECK_EQ(0, out[64 * 8 + 1] >> 1);
}

int main(void)
{
    GS_RUN(test_vote_shfl);
    exec_test_done();
    return gs_check_report();
}
