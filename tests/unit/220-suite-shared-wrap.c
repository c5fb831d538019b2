/*
 * 32-bit .shared addressing wraps modulo 2^32 (PTX ISA "State Spaces"; the
 * fix in src/exec/exec_mem.c found by the NW suite workload): nvcc indexes
 * shared tiles as `%r = base - 64 * tid` then `[%r+64]`, whose 64-bit sum
 * would lie past 2^32. A store through [%r+72] with %r = buf - 64 must land
 * at buf + 8, and an address that is out of range after wrapping still
 * faults.
 */
#include "check.h"
#include "workload_host.h"

static gs_host host;
static gs_arena arena;

static const char wrap_ptx[] =
    ".version 7.5\n.target sm_75\n.address_size 64\n"
    ".visible .entry wrap(.param .u64 out, .param .u32 delta)\n{\n"
    "  .reg .b32 %r<5>;\n  .reg .b64 %rd<3>;\n"
    "  .shared .align 4 .b8 buf[16];\n"
    "  ld.param.u64 %rd1, [out];\n  ld.param.u32 %r4, [delta];\n"
    "  cvta.to.global.u64 %rd2, %rd1;\n"
    "  mov.u32 %r1, buf;\n  add.s32 %r1, %r1, -64;\n  add.s32 %r1, %r1, %r4;\n"
    "  mov.u32 %r2, 1234;\n  st.shared.u32 [%r1+72], %r2;\n"
    "  ld.shared.u32 %r3, [buf+8];\n  st.global.u32 [%rd2], %r3;\n  ret;\n}\n";

static gs_status run_wrap(uint32_t delta, uint32_t *result)
{
    const gs_host_module *module;
    const gs_ptx_kernel *kernel;
    gs_kernel_arg args[2];
    uint64_t out;
    gs_diag diag;
    gs_status st;
    *result = 0;
    if ((st = test_host_start(&host, &arena)) != GS_OK)
        return st;
    st = gs_host_module_load(&host, "wrap.ptx", wrap_ptx, strlen(wrap_ptx), &module, &diag);
    if (st == GS_OK)
        st = gs_host_get_kernel(module, "wrap", &kernel, &diag);
    if (st == GS_OK)
        st = test_alloc_write(&host, result, 1, &out);
    if (st != GS_OK)
        return st;
    args[0] = gs_arg_u64(out);
    args[1] = gs_arg_u64(delta);
    st = gs_host_launch(&host, module, kernel, test_dim3(1, 1, 1), test_dim3(1, 1, 1), 0, args,
                        2, &diag);
    if (st == GS_OK)
        gs_host_read_u32(&host, result, out, 1);
    return st;
}

static void test_wrapped_store_lands_in_the_tile(void)
{
    uint32_t got;
    GS_CHECK_EQ(GS_OK, run_wrap(0, &got));
    GS_CHECK_EQ(1234u, got);
}

static void test_out_of_range_after_wrap_faults(void)
{
    uint32_t got;
    GS_CHECK(run_wrap(4096, &got) != GS_OK);   /* buf + 4104: past the 16-byte tile */
}

int main(void)
{
    GS_RUN(test_wrapped_store_lands_in_the_tile);
    GS_RUN(test_out_of_range_after_wrap_faults);
    free(test_arena_buffer);
    return gs_check_report();
}
