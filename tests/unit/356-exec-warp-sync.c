/* Warp-level PTX of sm_80 (issue 22 item 4): redux.sync (add, min and max
 * on .u32 and .s32, and, or, xor), match.any/.all.sync on .b32 and .b64
 * with match.all's predicate, bar.warp.sync, the vote.sync modes and
 * WARP_SZ, from nvcc's own PTX of examples/kernels/warpsync.cu, against a C
 * reference of that kernel. Partial warps (blocks of 48 threads) and the
 * divergent tail (member masks narrower than the warp) make a reduction
 * cover fewer than 32 lanes. */
#include "exec_test.h"

#define PTX "examples/kernels/warpsync.ptx"
#define BLOCK 48u
#define BLOCKS 3u
#define THREADS (BLOCK * BLOCKS)

static uint32_t in[THREADS], out[THREADS * 15u];

/* Lanes [first, first + count) of one warp, with values v. */
static void reference(const uint32_t *v, uint32_t count, uint32_t lane, uint32_t *want)
{
    uint32_t add = 0, xr = 0, andv = 0xFFFFFFFFu, orv = 0, maxv = 0, any = 0, ballot = 0;
    uint32_t part = 0, part_sum = 0, part_any = 0, part_max = 0, l;
    uint32_t umin = 0xFFFFFFFFu, any64 = 0;
    int32_t minv = INT32_MAX, smax = INT32_MIN;
    int all = 1, vote_all = 1, vote_any = 0, above = 0, below = 0;
    for (l = 0; l < count; l++) {
        add += v[l];
        xr ^= v[l];
        andv &= v[l] | 0x100u;
        orv |= v[l] & 0xF0u;
        maxv = v[l] > maxv ? v[l] : maxv;
        minv = (int32_t)v[l] - 500 < minv ? (int32_t)v[l] - 500 : minv;
        smax = (int32_t)v[l] - 500 > smax ? (int32_t)v[l] - 500 : smax;
        umin = v[l] < umin ? v[l] : umin;
        /* the .b64 key: v % 3 in the high word, v & 1 in the low one */
        any64 |= (uint32_t)(v[l] % 3u == v[lane] % 3u && (v[l] & 1u) == (v[lane] & 1u)) << l;
        any |= (uint32_t)(v[l] % 4u == v[lane] % 4u) << l;
        all &= v[l] / 4096u == v[0] / 4096u;
        ballot |= (v[l] & 1u) << l;
        vote_all &= v[l] > 3u;
        vote_any |= v[l] > 1990u;
        above |= v[l] > 2000u;
        below |= v[l] <= 2000u;
        if (v[l] % 5u == 0u)
            part |= 1u << l;
    }
    for (l = 0; l < count; l++) {
        if (v[l] % 5u != 0u) {
            part_max = v[l] > part_max ? v[l] : part_max;
            continue;
        }
        part_sum += v[l];
        part_any |= (uint32_t)((v[l] & 1u) == (v[lane] & 1u)) << l;
    }
    want[0] = add;
    want[1] = (uint32_t)minv;
    want[2] = maxv;
    want[3] = andv;
    want[4] = orv;
    want[5] = xr;
    want[6] = any;
    want[7] = all ? (count == 32u ? 0xFFFFFFFFu : (1u << count) - 1u) : 0u;
    want[8] = (uint32_t)all;
    want[9] = ballot ^ (uint32_t)vote_all ^ ((uint32_t)vote_any << 1) ^
              ((uint32_t)!(above && below) << 2);
    want[10] = 32u;
    want[11] = v[lane] % 5u == 0u ? part_sum + (part_any & part) : part_max;
    want[12] = umin;
    want[13] = (uint32_t)smax;
    want[14] = any64;
}

static void test_warp_sync_ops(void)
{
    const gs_host_module *module = exec_test_setup(PTX);
    gs_kernel_arg args[2];
    uint64_t din, dout;
    uint32_t seed = 4242, i, k, want[15];
    gs_diag diag;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    for (i = 0; i < THREADS; i++)
        in[i] = exec_rand(&seed) % 2001u;
    for (i = 32; i < 48; i++)
        in[i] = 4096u + i % 3u;          /* block 0's partial warp: all equal / 4096 */
    in[70] = 5000u;                      /* block 1's first warp: one differs / 4096 */
    din = exec_alloc(sizeof in);
    dout = exec_alloc(sizeof out);
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, din, in, THREADS, &diag));
    args[0] = gs_arg_u64(din);
    args[1] = gs_arg_u64(dout);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "warp_sync_ops", exec_dim(BLOCKS, 1, 1),
                                   exec_dim(BLOCK, 1, 1), 0, args, 2));
    gs_host_read_u32(&exec_test_host, out, dout, THREADS * 15u);
    for (i = 0; i < THREADS; i++) {
        uint32_t local = i % BLOCK, first = i - local % 32u;
        uint32_t count = local < 32u ? 32u : BLOCK - 32u;
        reference(&in[first], count, local % 32u, want);
        for (k = 0; k < 15; k++)
            if (want[k] != out[i * 15 + k]) {
                printf("  thread %u output %u\n", (unsigned)i, (unsigned)k);
                GS_CHECK_EQ(want[k], out[i * 15 + k]);
            }
    }
    GS_CHECK_EQ(1, out[40 * 15 + 8]);    /* the partial warp of block 0: match.all holds */
    GS_CHECK_EQ(0xFFFFu, out[40 * 15 + 7]);
    GS_CHECK_EQ(1, out[0 * 15 + 8]);     /* values below 4096: equal after / 4096 */
    GS_CHECK_EQ(0, out[48 * 15 + 8]);    /* one lane's 5000 breaks it */
    GS_CHECK_EQ(0, out[48 * 15 + 7]);
}

int main(void)
{
    GS_RUN(test_warp_sync_ops);
    exec_test_done();
    return gs_check_report();
}
