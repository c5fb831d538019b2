/* printf on the executor through the host API (issue 22 item 2): nvcc's own
 * PTX of examples/kernels/printf.cu, whose calls of vprintf run with the
 * format and argument buffer as nvcc lays them out. The output comes back
 * in thread order (block, then thread, then call order) with gs_host_printf_*,
 * what each printf returned lands in the kernel's output, a buffer of 0
 * bytes drops and counts every call, a %s through a wild pointer is the
 * usual access error, and addresses in initialisers (nvcc's table of string
 * pointers, and generic(x)+k, x-k, a .const variable's address) are placed
 * at module load. tests/test_ptx_programs.py compares the whole text with
 * what an H100 printed. */
#include "exec_test.h"

#define PTX "examples/kernels/printf.ptx"
#define BLOCK 36u
#define BLOCKS 2u
#define WORKING 70u

static int32_t in[BLOCK * BLOCKS], out[BLOCK * BLOCKS * 4u];

/* Launch print_kernel on in[], reading its output into out[]. */
static gs_status run(const gs_host_module *module)
{
    gs_kernel_arg args[3];
    uint64_t din, dout;
    gs_diag diag;
    gs_status status;
    din = exec_alloc(sizeof in);
    dout = exec_alloc(sizeof out);
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, din, (const uint32_t *)in,
                                         BLOCK * BLOCKS, &diag));
    args[0] = gs_arg_u64(din);
    args[1] = gs_arg_u64(dout);
    args[2] = gs_arg_u64(WORKING);
    status = exec_launch(module, "print_kernel", exec_dim(BLOCKS, 1, 1), exec_dim(BLOCK, 1, 1),
                         0, args, 3);
    gs_host_read_u32(&exec_test_host, (uint32_t *)out, dout, BLOCK * BLOCKS * 4u);
    return status;
}

/* Inputs 0..40 from a seed. */
static void make_inputs(uint32_t seed)
{
    uint32_t i;
    for (i = 0; i < BLOCK * BLOCKS; i++)
        in[i] = (int32_t)(exec_rand(&seed) % 41u);
}

/* What each thread's printf calls return: the arguments each format reads. */
static void check_returns(void)
{
    uint32_t t;
    for (t = 0; t < WORKING; t++) {
        int32_t x = in[t];
        GS_CHECK_EQ(8, out[4u * t]);                       /* 8 conversions */
        GS_CHECK_EQ((x & 1) ? 4 : 3, out[4u * t + 1u]);     /* odd: 4; report(): 3 */
        GS_CHECK_EQ(x & 3, out[4u * t + 2u]);               /* loop calls printed */
        GS_CHECK_EQ(t % 5u == 0 ? 2 : 1, out[4u * t + 3u]); /* "plain %d" reads 1 of 2 */
    }
}

static void test_thread_order_and_returns(void)
{
    gs_host_config config;
    const gs_host_module *module;
    uint32_t i, t, n, length, thread, prev = 0, per_thread = 0, records = 0;
    uint64_t block, prev_block = 0;
    char want[96];
    exec_test_config(&config);
    config.printf_buffer_bytes = 64u * 1024u;
    module = exec_test_setup_with(&config, PTX);
    GS_CHECK(module != NULL);
    if (!module)
        return;
    make_inputs(360);
    GS_CHECK_EQ(GS_OK, run(module));
    check_returns();
    n = gs_host_printf_count(&exec_test_host);
    for (t = 0; t < WORKING; t++)
        records += 3u + (uint32_t)(in[t] & 3);
    GS_CHECK_EQ(records, n);
    GS_CHECK_EQ(0, exec_test_host.printf_out.dropped);
    for (i = 0; i < n; i++) {
        const char *text = gs_host_printf_record(&exec_test_host, i, &length, &block, &thread);
        uint32_t tid = (uint32_t)block * BLOCK + thread;
        GS_CHECK(block < BLOCKS && thread < BLOCK && tid < WORKING);
        GS_CHECK(block > prev_block || (block == prev_block && thread >= prev));
        if (i == 0 || block != prev_block || thread != prev) {   /* a thread's first call */
            if (i > 0)
                GS_CHECK_EQ(3u + (uint32_t)(in[(uint32_t)prev_block * BLOCK + prev] & 3),
                            per_thread);
            per_thread = 0;
            gs_fmt(want, sizeof want, "block %u thread %3u: x=%d ", (unsigned)block,
                   (unsigned)thread, (int)in[tid]);
            GS_CHECK(length > strlen(want) && memcmp(text, want, strlen(want)) == 0);
        }
        GS_CHECK(text[length - 1u] == '\n');
        per_thread++;
        prev_block = block;
        prev = thread;
    }
    GS_CHECK_EQ(exec_test_host.printf_records, n);
}

static void test_returns_and_zero_buffer(void)
{
    const gs_host_module *module = exec_test_setup(PTX);   /* printf_buffer_bytes 0 */
    uint32_t i, calls = 0;
    if (!module)
        return;
    make_inputs(7);
    GS_CHECK_EQ(GS_OK, run(module));
    check_returns();
    for (i = 0; i < WORKING; i++)
        calls += 3u + (uint32_t)(in[i] & 3);
    GS_CHECK_EQ(0, gs_host_printf_count(&exec_test_host));
    GS_CHECK_EQ(calls, exec_test_host.printf_out.dropped);
    GS_CHECK_EQ(calls, exec_test_host.printf_dropped);
}

/* Hand-written PTX: %s of a string, of null, of a wild pointer; a call
 * without a return value; addresses in an initialiser. */
static void test_strings_faults_and_initialiser_addresses(void)
{
    gs_host_config config;
    const gs_host_module *module;
    gs_kernel_arg args[2];
    uint64_t text, ret, ptrs[3], words = 0, konst = 0, at = 0;
    uint32_t length, thread, got;
    uint64_t block;
    const char *s;
    gs_diag diag;
    exec_test_config(&config);
    config.printf_buffer_bytes = 4096u;
    module = exec_test_setup_with(&config, "tests/ptx/exec/printf-calls.ptx");
    GS_CHECK(module != NULL);
    if (!module)
        return;
    GS_CHECK_EQ(GS_OK, gs_host_symbol_address(module, "words", &words, &diag));
    GS_CHECK_EQ(GS_OK, gs_host_symbol_address(module, "konst", &konst, &diag));
    GS_CHECK_EQ(GS_OK, gs_host_symbol_address(module, "ptrs", &at, &diag));
    gs_host_read_u64(&exec_test_host, ptrs, at, 3u);
    GS_CHECK_EQ(words + 8u, ptrs[0]);
    GS_CHECK_EQ(konst, ptrs[1]);
    GS_CHECK_EQ(words - 4u, ptrs[2]);
    text = exec_alloc(16u);
    ret = exec_alloc(4u);
    gs_host_memcpy_to_device(&exec_test_host, text, "hello", 6u, &diag);
    args[0] = gs_arg_u64(text);
    args[1] = gs_arg_u64(ret);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "print_string", exec_dim(1, 1, 1),
                                   exec_dim(2, 1, 1), 0, args, 2));
    GS_CHECK_EQ(4, gs_host_printf_count(&exec_test_host));   /* 2 threads x 2 calls */
    s = gs_host_printf_record(&exec_test_host, 1, &length, &block, &thread);
    GS_CHECK(length == 7u && memcmp(s, "hello|\n", 7u) == 0);
    GS_CHECK_EQ(0, thread);
    s = gs_host_printf_record(&exec_test_host, 2, &length, &block, &thread);
    GS_CHECK_EQ(1, thread);
    gs_host_read_u32(&exec_test_host, &got, ret, 1u);
    GS_CHECK_EQ(1, got);
    args[0] = gs_arg_u64(0);   /* glibc's (null) */
    GS_CHECK_EQ(GS_OK, exec_launch(module, "print_string", exec_dim(1, 1, 1),
                                   exec_dim(1, 1, 1), 0, args, 2));
    s = gs_host_printf_record(&exec_test_host, 0, &length, &block, &thread);
    GS_CHECK(length == 8u && memcmp(s, "(null)|\n", 8u) == 0);
    args[0] = gs_arg_u64(0x10);   /* wild: the access error names the address */
    {
        const gs_ptx_kernel *kernel = NULL;
        gs_host_get_kernel(module, "print_string", &kernel, &diag);
        GS_CHECK_EQ(GS_E_PTX, gs_host_launch(&exec_test_host, module, kernel, exec_dim(1, 1, 1),
                                             exec_dim(1, 1, 1), 0, args, 2, &diag));
        GS_CHECK(strstr(diag.message, "1-byte global load at address 0x10 by thread (0,0,0)") !=
                 NULL);
        GS_CHECK(strstr(diag.message, "is outside every device allocation (a null pointer?)") !=
                 NULL);
        GS_CHECK_EQ(0, gs_host_printf_count(&exec_test_host));
    }
}

int main(void)
{
    GS_RUN(test_thread_order_and_returns);
    GS_RUN(test_returns_and_zero_buffer);
    GS_RUN(test_strings_faults_and_initialiser_addresses);
    exec_test_done();
    return gs_check_report();
}
