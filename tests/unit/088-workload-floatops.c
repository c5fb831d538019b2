/*
 * Float kernel (examples/kernels/floatops.cu: fmaf, IEEE division, sqrtf,
 * __expf/__sinf/__cosf/__logf as ex2/sin/cos/lg2.approx) on the functional
 * executor equals the fpmath reference bit for bit, special values
 * included (host API), and over the random inputs of floatops.gsw. The
 * digest of that workload run is golden (tests/golden/workload-floatops).
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define OUTS 5u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t x[3000], y[3000], got[OUTS][3000], want[OUTS][3000];
static const char *const out_names[OUTS] = { "fma", "div", "sqrt", "trans", "log" };

static const uint32_t specials[] = {
    0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x7F800000u, 0xFF800000u,
    0x7FC00000u, 0x00000001u, 0x807FFFFFu, 0x7F7FFFFFu, 0x40490FDBu, 0xC2C80000u,
    0x42B00000u, 0x3A83126Fu, 0x4479C000u, 0xC6000000u
};
#define NSPECIAL (sizeof specials / sizeof specials[0])

static void reference(uint32_t n)
{
    uint32_t i, k, r[OUTS];
    for (i = 0; i < n; i++) {
        ref_float_ops(x[i], y[i], r);
        for (k = 0; k < OUTS; k++)
            want[k][i] = r[k];
    }
}

static void test_host_api(void)
{
    const uint32_t n = NSPECIAL * NSPECIAL;
    const gs_host_module *module;
    const gs_ptx_kernel *kernel;
    uint64_t dx, dy, dout[OUTS];
    gs_kernel_arg args[8];
    uint32_t i, k;
    for (i = 0; i < n; i++) {   /* every pair of special values */
        x[i] = specials[i / NSPECIAL];
        y[i] = specials[i % NSPECIAL];
    }
    GS_CHECK_EQ(GS_OK, test_host_start(&host, &arena));
    GS_CHECK_EQ(GS_OK, test_load_kernel(&host, "floatops", "floatOps", &module, &kernel));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, x, n, &dx));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, y, n, &dy));
    args[0] = gs_arg_u64(dx);
    args[1] = gs_arg_u64(dy);
    for (k = 0; k < OUTS; k++) {
        GS_CHECK_EQ(GS_OK, test_alloc_write(&host, got[k], n, &dout[k]));
        args[2 + k] = gs_arg_u64(dout[k]);
    }
    args[7] = gs_arg_u64(n);
    GS_CHECK_EQ(GS_OK, test_launch(&host, module, kernel, test_dim3(2, 1, 1),
                                   test_dim3(128, 1, 1), 0, args, 8));
    reference(n);
    for (k = 0; k < OUTS; k++) {
        gs_host_read_u32(&host, got[k], dout[k], n);
        GS_CHECK_EQ(0, test_diff32(out_names[k], want[k], got[k], n));
    }
    GS_CHECK_EQ(0x3FC00000u, want[0][2 * NSPECIAL + 2]);   /* fma(1, 1, 0.5) */
    GS_CHECK_EQ(0x7FFFFFFFu, want[1][0]);                  /* 0 / 0: canonical NaN */
}

static void test_workload_file(void)
{
    uint32_t k;
    GS_CHECK_EQ(GS_OK, test_run_workload("floatops", &wl, &host, &arena, &state));
    test_initial32(&wl, "x", x);
    test_initial32(&wl, "y", y);
    reference(3000);
    for (k = 0; k < OUTS; k++) {
        test_read32(&host, &wl, &state, out_names[k], got[k]);
        GS_CHECK_EQ(0, test_diff32(out_names[k], want[k], got[k], 3000));
    }
}

int main(void)
{
    GS_RUN(test_host_api);
    GS_RUN(test_workload_file);
    free(test_arena_buffer);
    return gs_check_report();
}
