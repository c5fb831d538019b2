/* Floating-point execution: fma, IEEE div and sqrt, div.approx and the
 * approximate transcendentals (exec_kernels.cu float_ops). The reference
 * applies the fpmath.h functions in the order of the committed PTX (nvcc
 * turned __expf into mul, mul, ex2.approx and fused __logf(..) + rsqrtf(..)
 * into lg2.approx then fma), so results must match bit for bit. */
#include "exec_test.h"

#define PTX "tests/ptx/exec/exec_kernels.ptx"
#define N 300u
#define RN GS_FROUND_RN

static uint32_t a[N], b[N], out[N * 8u];

static void reference(uint32_t x, uint32_t y, uint32_t *want)
{
    uint32_t ax = x & 0x7FFFFFFFu, ay = y & 0x7FFFFFFFu;
    uint32_t e = gs_f32_mul(gs_f32_mul(x, 0x3E800000u, RN, 0), 0x3FB8AA3Bu, RN, 0);
    uint32_t l = gs_f32_lg2_approx(gs_f32_add(ay, 0x3F800000u, RN, 0), 0);
    uint32_t r = gs_f32_rsqrt_approx(gs_f32_add(ax, 0x40000000u, RN, 0), 0);
    want[0] = gs_f32_fma(x, y, 0x3FC00000u, RN, 0);
    want[1] = gs_f32_div(x, y, RN, 0);
    want[2] = gs_f32_sqrt(ax, RN, 0);
    want[3] = gs_f32_div_approx(x, y, 0);
    want[4] = gs_f32_sin_approx(x, 0);
    want[5] = gs_f32_cos_approx(y, 0);
    want[6] = gs_f32_ex2_approx(e, 0);
    want[7] = gs_f32_fma(l, 0x3F317218u, r, RN, 0);
}

static void test_float_ops(void)
{
    static const uint32_t specials[] = {
        0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
        0x00000001u, 0x807FFFFFu, 0x3F800000u, 0xC0490FDBu, 0x7F7FFFFFu
    };
    const gs_host_module *module = exec_test_setup(PTX);
    gs_kernel_arg args[4];
    uint64_t da, db, dout;
    uint32_t seed = 2024, i, k, want[8], mismatches = 0;
    gs_diag diag;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    for (i = 0; i < N; i++) {   /* exponents around 1, both signs */
        a[i] = (exec_rand(&seed) & 0x807FFFFFu) | ((118u + exec_rand(&seed) % 20u) << 23);
        b[i] = (exec_rand(&seed) & 0x807FFFFFu) | ((118u + exec_rand(&seed) % 20u) << 23);
    }
    for (i = 0; i < 10; i++) {
        a[i] = specials[i];
        b[i + 10] = specials[i];
    }
    da = exec_alloc(N * 4);
    db = exec_alloc(N * 4);
    dout = exec_alloc(N * 32);
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, da, a, N, &diag));
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, db, b, N, &diag));
    args[0] = gs_arg_u64(da);
    args[1] = gs_arg_u64(db);
    args[2] = gs_arg_u64(dout);
    args[3] = gs_arg_u64(N);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "float_ops", exec_dim(3, 1, 1), exec_dim(128, 1, 1),
                                   0, args, 4));
    gs_host_read_u32(&exec_test_host, out, dout, N * 8u);
    for (i = 0; i < N; i++) {
        reference(a[i], b[i], want);
        for (k = 0; k < 8; k++)
            if (want[k] != out[i * 8 + k] && mismatches++ < 8) {
                printf("  element %u output %u\n", (unsigned)i, (unsigned)k);
                GS_CHECK_EQ(want[k], out[i * 8 + k]);
            }
    }
    GS_CHECK_EQ(0, mismatches);
    GS_CHECK_EQ(0x3FC00000u, out[0]);             /* fma(0, b, 1.5) */
    GS_CHECK_EQ(0x7FFFFFFFu, out[4 * 8 + 1]);     /* NaN / y: canonical NaN */
}

int main(void)
{
    GS_RUN(test_float_ops);
    exec_test_done();
    return gs_check_report();
}
