/* Device functions (issue 22 item 1): nvcc's own PTX of
 * examples/kernels/devfuncs.cu, where __noinline__ keeps six .func bodies
 * and the call blocks that pass scalars, a struct by value and return
 * values, against a C reference of that file. The calls run in divergent
 * code (a call in one path of a branch, a guarded call in a loop, a
 * function whose lanes return from two places), nest three deep, and use
 * a .local array in the callee's frame. Also: the link itself (the kernel's
 * code, then each function once, each followed by an implicit ret) and the
 * frames' local memory. */
#include "exec_test.h"

#define PTX "examples/kernels/devfuncs.ptx"
#define BLOCK 100u
#define BLOCKS 2u
#define THREADS (BLOCK * BLOCKS)
#define OUTS 6u

static int32_t in[THREADS], out[THREADS * OUTS];

static int32_t add3(int32_t x, int32_t y, int32_t z)
{
    return x + y * 2 + z * 3;
}

static int32_t diverge(int32_t t)
{
    int32_t s = 0, k;
    if (t & 1) {
        for (k = 0; k < t; k++)
            s += k ^ t;
        return s;
    }
    return add3(t, 1, 2) + 7;
}

static int32_t table(int32_t n)
{
    int32_t a[16], i;
    for (i = 0; i < 16; i++)
        a[i] = i * n + (i ^ n);
    return a[n & 15] + a[(n * 7) & 15];
}

static int32_t nested(int32_t t)
{
    return diverge(t + 1) * 3 + table(t >> 1);
}

static void reference(int32_t t, int32_t x, int32_t *want)
{
    int32_t qa = x + t, v, acc = 0, k;
    float qb = 1.5f * (float)t * 2.0f;
    int64_t qc = (int64_t)(100 - x) - t;
    v = add3(x, qa, (int32_t)qc);
    if (t % 3 == 0)
        v += diverge(x);
    want[0] = v > 10 ? v : -v;
    want[1] = (int32_t)qb;
    want[2] = table(x);
    want[3] = nested(x);
    for (k = 0; k < (x & 7); k++)
        if ((k + t) & 1)
            acc += add3(k, t, acc & 15);
    want[4] = acc;
    want[5] = diverge(t);
}

static void test_device_calls(void)
{
    const gs_host_module *module = exec_test_setup(PTX);
    gs_kernel_arg args[3];
    uint64_t din, dout;
    uint32_t seed = 357, i, k;
    int32_t want[OUTS], n = (int32_t)THREADS - 3;
    gs_diag diag;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    for (i = 0; i < THREADS; i++)
        in[i] = (int32_t)(exec_rand(&seed) % 61u);
    din = exec_alloc(sizeof in);
    dout = exec_alloc(sizeof out);
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, din, (const uint32_t *)in, THREADS,
                                         &diag));
    args[0] = gs_arg_u64(din);
    args[1] = gs_arg_u64(dout);
    args[2] = gs_arg_bytes(&n, sizeof n);   /* the last 3 threads return at once */
    GS_CHECK_EQ(GS_OK, exec_launch(module, "device_calls", exec_dim(BLOCKS, 1, 1),
                                   exec_dim(BLOCK, 1, 1), 0, args, 3));
    gs_host_read_u32(&exec_test_host, (uint32_t *)out, dout, THREADS * OUTS);
    for (i = 0; i < THREADS; i++) {
        if (i >= THREADS - 3u) {
            for (k = 0; k < OUTS; k++)
                GS_CHECK_EQ(0, out[i * OUTS + k]);
            continue;
        }
        reference((int32_t)i, in[i], want);
        for (k = 0; k < OUTS; k++)
            if (want[k] != out[i * OUTS + k]) {
                printf("  thread %u output %u\n", (unsigned)i, (unsigned)k);
                GS_CHECK_EQ(want[k], out[i * OUTS + k]);
            }
    }
}

/* The linked kernel: its 236 instructions and an implicit ret, then the six
 * functions its calls reach, each once with its ret; its local memory holds
 * the deepest chain of frames: device_calls (call area at 0) -> nested
 * (parameters 8 bytes, call area at 16) -> table (parameters 8, .local 64:
 * 80 bytes), 16 + 80 = 96. */
static void test_link(void)
{
    const gs_host_module *module = exec_test_setup(PTX);
    const gs_ptx_kernel *k, *f;
    uint32_t i, calls = 0, rets = 0, funcs = 0, parsed = 0;
    if (!module)
        return;
    k = gs_ptx_find_kernel(module->ptx, "device_calls");
    f = gs_ptx_find_kernel(module->ptx, "_Z5tablei");
    GS_CHECK(k != NULL && f != NULL);
    if (!k || !f)
        return;
    for (i = 0; i < module->ptx->num_kernels; i++)
        if (!module->ptx->kernels[i].is_entry) {
            funcs++;
            parsed += module->ptx->kernels[i].num_insts + 1u;
        }
    GS_CHECK_EQ(6, funcs);
    GS_CHECK_EQ(6, k->num_funcs_linked);
    GS_CHECK_EQ(96, k->local_bytes);
    GS_CHECK_EQ(80, f->frame_bytes);
    GS_CHECK_EQ(80, f->call_area);   /* no call: an empty call area at the end */
    for (i = 0; i < k->num_insts; i++) {
        calls += k->insts[i].op == GS_PTX_OP_CALL;
        rets += k->insts[i].op == GS_PTX_OP_RET;
        if (k->insts[i].op == GS_PTX_OP_CALL) {   /* a call lands on its callee's first */
            GS_CHECK(k->insts[i].target < k->num_insts);
            GS_CHECK(k->insts[i].target > 0 && k->insts[k->insts[i].target - 1u].op ==
                                                   GS_PTX_OP_RET);
        }
    }
    GS_CHECK_EQ(k->num_insts, module->ptx->num_insts - parsed + 6u + 1u + parsed);
    GS_CHECK(calls >= 9u);
    GS_CHECK(rets >= 7u);
}

/* examples/kernels/sharedcalls.cu: a function's own .shared array moves
 * behind the kernel's in its window (512 + 512 bytes), and the dynamic
 * shared memory both use starts after the grown window. */
static void test_shared_calls(void)
{
    const gs_host_module *module = exec_test_setup("examples/kernels/sharedcalls.ptx");
    static int32_t sin_[256], sout[1024];
    const gs_ptx_kernel *k;
    gs_kernel_arg args[2];
    uint64_t din, dout;
    uint32_t seed = 11, i, b, t;
    gs_diag diag;
    if (!module)
        return;
    k = gs_ptx_find_kernel(module->ptx, "shared_calls");
    GS_CHECK(k != NULL && k->shared_static_bytes == 1024u && k->uses_dynamic_shared);
    for (i = 0; i < 256u; i++)
        sin_[i] = (int32_t)(exec_rand(&seed) % 1000u) - 500;
    din = exec_alloc(sizeof sin_);
    dout = exec_alloc(sizeof sout);
    gs_host_write_u32(&exec_test_host, din, (const uint32_t *)sin_, 256u, &diag);
    args[0] = gs_arg_u64(din);
    args[1] = gs_arg_u64(dout);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "shared_calls", exec_dim(2, 1, 1),
                                   exec_dim(128, 1, 1), 512u, args, 2));
    gs_host_read_u32(&exec_test_host, (uint32_t *)sout, dout, 1024u);
    for (b = 0; b < 2u; b++) {
        int32_t sum = 0;
        for (t = 0; t < 128u; t++)
            sum += sin_[b * 128u + t];
        for (t = 0; t < 128u; t++) {
            i = b * 128u + t;
            GS_CHECK_EQ(sum, sout[4u * i]);
            GS_CHECK_EQ(sin_[b * 128u + (t + 1u) % 128u] * 3, sout[4u * i + 1u]);
            GS_CHECK_EQ(sin_[b * 128u + 127u - t] + 1, sout[4u * i + 2u]);
            GS_CHECK_EQ(sin_[i] * 3, sout[4u * i + 3u]);
        }
    }
}

int main(void)
{
    GS_RUN(test_device_calls);
    GS_RUN(test_link);
    GS_RUN(test_shared_calls);
    exec_test_done();
    return gs_check_report();
}
