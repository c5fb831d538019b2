/* Warp-level intrinsics as nvcc emits them for sm_80 (issue 22 item 4):
 * __reduce_{add,min,max,and,or,xor}_sync (redux.sync), __match_any_sync and
 * __match_all_sync (match.sync), __syncwarp (bar.warp.sync), the vote
 * intrinsics (vote.sync all/any/uni/ballot), and warpSize (WARP_SZ).
 * Each thread writes 15 words; tests/unit/356-exec-warp-sync.c checks them
 * against a C reference on the functional executor, tests/test_ptx_programs.py
 * under timing on every preset. In the divergent tail the lanes with
 * in[i] % 5 == 0 reduce with their own (partial) member mask, the others with
 * theirs, so a reduction covers fewer lanes than the warp. */
extern "C" __global__ void warp_sync_ops(const unsigned *in, unsigned *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = in[i];
    int sv = (int)v - 500;
    unsigned *o = out + i * 15;
    int pred = 0;
    unsigned all_mask = 0xffffffffu;
    o[0] = __reduce_add_sync(all_mask, v);
    o[1] = (unsigned)__reduce_min_sync(all_mask, sv);
    o[2] = __reduce_max_sync(all_mask, v);
    o[3] = __reduce_and_sync(all_mask, v | 0x100u);
    o[4] = __reduce_or_sync(all_mask, v & 0xf0u);
    o[5] = __reduce_xor_sync(all_mask, v);
    o[6] = __match_any_sync(all_mask, v % 4u);
    o[7] = __match_all_sync(all_mask, v / 4096u, &pred);
    o[8] = (unsigned)pred;
    __syncwarp();
    o[9] = __ballot_sync(all_mask, v & 1u) ^ (unsigned)__all_sync(all_mask, v > 3u) ^
           ((unsigned)__any_sync(all_mask, v > 1990u) << 1) ^
           ((unsigned)__uni_sync(all_mask, v > 2000u) << 2);
    o[10] = warpSize;
    if (v % 5u == 0u) {
        unsigned part = __activemask();
        o[11] = __reduce_add_sync(part, v) + __match_any_sync(part, v & 1u);
    } else {
        o[11] = __reduce_max_sync(__activemask(), v);
    }
    __syncwarp();
    o[12] = __reduce_min_sync(all_mask, v);                  /* redux.min.u32 */
    o[13] = (unsigned)__reduce_max_sync(all_mask, sv);       /* redux.max.s32 */
    o[14] = __match_any_sync(all_mask, ((unsigned long long)(v % 3u) << 32) | (v & 1u));
}
