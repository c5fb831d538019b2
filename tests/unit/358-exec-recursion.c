/* Recursion and function pointers (issue 22 item 1): nvcc's own PTX of
 * examples/kernels/recursion.cu against a C reference of that file. fib's
 * lanes recurse to different depths (up to 12 levels), so its calls
 * diverge at every level and each call of the running copy saves the
 * calling lanes' registers on the spill stack; walk keeps a .local array in
 * every level's frame; the indirect calls' targets differ from lane to lane
 * (each target is called in turn). Also: the depth bound, -gs_call_stack_depth
 * (gs_host_config.ptx_call_stack_depth), is a clear error when exceeded. */
#include "exec_test.h"

#define PTX "examples/kernels/recursion.ptx"
#define BLOCK 96u
#define BLOCKS 2u
#define THREADS (BLOCK * BLOCKS)
#define OUTS 4u

static int32_t in[THREADS], out[THREADS * OUTS];

static int32_t op_add(int32_t a, int32_t b) { return a + b; }
static int32_t op_mul(int32_t a, int32_t b) { return a * b + 1; }
static int32_t op_sub(int32_t a, int32_t b) { return a - 3 * b; }

static int32_t fib(int32_t n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static int32_t walk(int32_t depth, int32_t v)
{
    int32_t keep[4], i, below;
    for (i = 0; i < 4; i++)
        keep[i] = v * (i + 1) + depth;
    if (depth == 0)
        return keep[v & 3];
    below = walk(depth - 1, v + keep[depth & 3] % 7);
    return below + keep[(v + depth) & 3];
}

typedef int32_t (*binary_op)(int32_t, int32_t);

static void reference(int32_t t, int32_t x, int32_t *want)
{
    binary_op f = x % 3 == 0 ? op_add : x % 3 == 1 ? op_mul : op_sub;
    binary_op g = t % 2 ? op_sub : f;
    want[0] = fib(x % 13);
    want[1] = walk(x % 6, t);
    want[2] = f(x, t);
    want[3] = g(t, x) + g(x, t);
}

static gs_status run(uint32_t call_depth, int32_t *result, gs_diag *diag)
{
    gs_host_config hc;
    const gs_host_module *module;
    const gs_ptx_kernel *kernel = NULL;
    gs_kernel_arg args[3];
    uint64_t din, dout;
    int32_t n = (int32_t)THREADS;
    gs_status st;
    exec_test_config(&hc);
    hc.ptx_call_stack_depth = call_depth;
    hc.cta.local_bytes = 8192;   /* the frames and spill stack of 32 levels */
    module = exec_test_setup_with(&hc, PTX);
    if (!module)
        return GS_E_PTX;
    din = exec_alloc(sizeof in);
    dout = exec_alloc(sizeof out);
    gs_host_write_u32(&exec_test_host, din, (const uint32_t *)in, THREADS, diag);
    args[0] = gs_arg_u64(din);
    args[1] = gs_arg_u64(dout);
    args[2] = gs_arg_bytes(&n, sizeof n);
    st = gs_host_get_kernel(module, "recursion", &kernel, diag);
    if (st == GS_OK)
        st = gs_host_launch(&exec_test_host, module, kernel, exec_dim(BLOCKS, 1, 1),
                            exec_dim(BLOCK, 1, 1), 0, args, 3, diag);
    gs_host_read_u32(&exec_test_host, (uint32_t *)result, dout, THREADS * OUTS);
    return st;
}

static void test_recursion(void)
{
    uint32_t seed = 358, i, k;
    int32_t want[OUTS];
    gs_diag diag;
    for (i = 0; i < THREADS; i++)
        in[i] = (int32_t)(exec_rand(&seed) % 61u);
    in[5] = 12;   /* fib(12): 12 levels deep */
    GS_CHECK_EQ(GS_OK, run(0, out, &diag));
    for (i = 0; i < THREADS; i++) {
        reference((int32_t)i, in[i], want);
        for (k = 0; k < OUTS; k++)
            if (want[k] != out[i * OUTS + k]) {
                printf("  thread %u output %u\n", (unsigned)i, (unsigned)k);
                GS_CHECK_EQ(want[k], out[i * OUTS + k]);
            }
    }
    GS_CHECK_EQ(144, out[5 * OUTS]);
}

/* fib(12) nests 12 calls below the kernel's: 11 levels are too few. */
static void test_depth_bound(void)
{
    gs_diag diag;
    GS_CHECK_EQ(GS_OK, run(12, out, &diag));
    GS_CHECK_EQ(GS_E_LIMIT, run(11, out, &diag));
    printf("  %s\n", diag.message);
    GS_CHECK(strstr(diag.message, "device-function calls nest deeper than 11 levels; raise "
                    "-gs_call_stack_depth") != NULL);
}

int main(void)
{
    (void)exec_test_setup;   /* this test sets its own configuration */
    GS_RUN(test_recursion);
    GS_RUN(test_depth_bound);
    exec_test_done();
    return gs_check_report();
}
