/* Integer execution: mul.hi/.wide, div/rem, brev/popc/clz/bfind, prmt,
 * funnel shifts, shifts, bfe, sad/mul24, min/max, local memory and
 * bar.red.popc (exec_kernels.cu int_ops) against CUDA semantics written in
 * C; and the implementation-defined corners (division by zero, INT_MIN/-1,
 * shift clamping) from hand-written PTX (simt.ptx divzero). */
#include "exec_test.h"

#define PTX "tests/ptx/exec/exec_kernels.ptx"
#define SIMT_PTX "tests/ptx/exec/simt.ptx"
#define N 256u

static int32_t a[N], b[N];
static uint32_t out[N * 16u];

static uint32_t brev32(uint32_t v)
{
    uint32_t r = 0, i;
    for (i = 0; i < 32; i++)
        r |= ((v >> i) & 1u) << (31 - i);
    return r;
}

static uint32_t clz64(uint64_t v)
{
    uint32_t n = 0;
    while (n < 64 && !(v & (1ull << 63))) {
        v <<= 1;
        n++;
    }
    return n;
}

static uint32_t popc(uint32_t v)
{
    uint32_t n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static uint32_t byte_perm(uint32_t x, uint32_t y, uint32_t s)
{
    uint64_t bytes = ((uint64_t)y << 32) | x;
    uint32_t r = 0, n;
    for (n = 0; n < 4; n++)
        r |= (uint32_t)((bytes >> (((s >> (4 * n)) & 7u) * 8)) & 0xFFu) << (8 * n);
    return r;
}

static uint32_t ffs32(uint32_t v)
{
    uint32_t i;
    for (i = 0; i < 32; i++)
        if (v & (1u << i))
            return i + 1;
    return 0;
}

static void reference(int32_t x, int32_t y, uint32_t count, uint32_t *w)
{
    uint32_t ux = (uint32_t)x, uy = (uint32_t)y, sh = uy & 31u, c = ux & 63u;
    int64_t wide = (int64_t)x * (int64_t)y;
    uint64_t pair = ((uint64_t)uy << 32) | ux;
    uint32_t fl = (uint32_t)((pair << (uy & 31u)) >> 32);
    uint32_t frc = (uint32_t)(pair >> (c > 32 ? 32 : c));
    w[0] = (uint32_t)((uint64_t)wide >> 32);
    w[1] = (uint32_t)(((uint64_t)ux * uy) >> 32);
    w[2] = w[0];
    w[3] = (uint32_t)(x / (y | 1)) ^ (ux / ((uy >> 28) | 1u));
    w[4] = (uint32_t)(x % (y | 3));
    w[5] = brev32(ux);
    w[6] = popc(ux) | ((ux ? clz64((uint64_t)ux << 32) : 32u) << 8);
    w[7] = byte_perm(ux, uy, 0x5140u + (uy & 0x7777u));
    w[8] = fl ^ frc;
    w[9] = (uint32_t)(x < 0 ? ~(~(uint32_t)x >> sh) : ux >> sh) + (ux << sh);
    w[10] = (ux >> 3) & 0x1Fu;
    w[11] = (uint32_t)(x > y ? (int64_t)x - y : (int64_t)y - x) + 7u +
            (ux & 0xFFFFFFu) * (uy & 0xFFFFFFu);
    w[12] = (uint32_t)(x < y ? x : y) ^ (ux > uy ? ux : uy);
    w[13] = ux * ((ux & 7u) + 1u) + ux * (((ux >> 3) & 7u) + 1u);
    w[14] = ffs32(ux) | (clz64((uint64_t)wide) << 8);
    w[15] = count;
}

static void test_int_ops(void)
{
    const gs_host_module *module = exec_test_setup(PTX);
    gs_kernel_arg args[4];
    uint64_t da, db, dout;
    uint32_t seed = 777, i, k, w[16], positive[2] = {0, 0}, bad = 0;
    gs_diag diag;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    for (i = 0; i < N; i++) {
        a[i] = (int32_t)(exec_rand(&seed) >> (exec_rand(&seed) % 24u));
        b[i] = (int32_t)(exec_rand(&seed) >> (exec_rand(&seed) % 24u));
        if (a[i] == INT32_MIN)
            a[i] = 5;
    }
    a[3] = 0;
    a[4] = -1;
    b[5] = 0;
    for (i = 0; i < N; i++)
        positive[i / 128u] += a[i] > 0;
    da = exec_alloc(N * 4);
    db = exec_alloc(N * 4);
    dout = exec_alloc(N * 64);
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, da, (const uint32_t *)a, N, &diag));
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, db, (const uint32_t *)b, N, &diag));
    args[0] = gs_arg_u64(da);
    args[1] = gs_arg_u64(db);
    args[2] = gs_arg_u64(dout);
    args[3] = gs_arg_u64(N);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "int_ops", exec_dim(2, 1, 1), exec_dim(128, 1, 1),
                                   0, args, 4));
    gs_host_read_u32(&exec_test_host, out, dout, N * 16u);
    for (i = 0; i < N; i++) {
        reference(a[i], b[i], positive[i / 128u], w);
        for (k = 0; k < 16; k++)
            if (w[k] != out[i * 16 + k] && bad++ < 8) {
                printf("  element %u (a=%d b=%d) output %u\n", (unsigned)i, (int)a[i],
                       (int)b[i], (unsigned)k);
                GS_CHECK_EQ(w[k], out[i * 16 + k]);
            }
    }
    GS_CHECK_EQ(0, bad);
}

static void divzero(uint32_t x, uint32_t y, uint32_t *r)
{
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    gs_kernel_arg args[3];
    uint64_t dout;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    dout = exec_alloc(64);
    args[0] = gs_arg_u64(dout);
    args[1] = gs_arg_u64(x);
    args[2] = gs_arg_u64(y);
    GS_CHECK_EQ(GS_OK, exec_launch(module, "divzero", exec_dim(1, 1, 1), exec_dim(1, 1, 1), 0,
                                   args, 3));
    gs_host_read_u32(&exec_test_host, r, dout, 9);
}

static void test_corner_cases(void)
{
    uint32_t r[9];
    divzero(1234567u, 0u, r);
    GS_CHECK_EQ(0xFFFFFFFFu, r[0]);   /* div.u32 x/0 = all ones */
    GS_CHECK_EQ(0xFFFFFFFFu, r[1]);   /* div.s32 x/0 = -1 */
    GS_CHECK_EQ(1234567u, r[2]);      /* rem x%0 = x */
    GS_CHECK_EQ(1234567u, r[3]);
    GS_CHECK_EQ(1234567u, r[4]);      /* shifts by 0 */
    GS_CHECK_EQ(1234567u, r[5]);
    GS_CHECK_EQ(1234567u, r[6]);
    GS_CHECK_EQ(0, r[7]);             /* mul.hi by 0 */
    GS_CHECK_EQ(0x68u, r[8]);         /* bfe.s32 bits 4..11 of 0x12D687 (sign bit 0) */
    divzero(0x80000000u, 0xFFFFFFFFu, r);
    GS_CHECK_EQ(0, r[0]);             /* 0x80000000 / 0xFFFFFFFF unsigned */
    GS_CHECK_EQ(0x80000000u, r[1]);   /* INT_MIN / -1 wraps */
    GS_CHECK_EQ(0x80000000u, r[2]);
    GS_CHECK_EQ(0, r[3]);             /* INT_MIN % -1 */
    GS_CHECK_EQ(0, r[4]);             /* shl by >= 32 clamps to 0 */
    GS_CHECK_EQ(0xFFFFFFFFu, r[5]);   /* shr.s32 fills with the sign */
    GS_CHECK_EQ(0, r[6]);             /* shr.u32 clamps to 0 */
    GS_CHECK_EQ(0, r[7]);             /* mul.hi.s32(INT_MIN, -1) = 2^31 >> 32 */
    GS_CHECK_EQ(0, r[8]);
    divzero(0xFFFFFF9Cu, 7u, r);      /* -100 and 7 */
    GS_CHECK_EQ(0xFFFFFF9Cu / 7u, r[0]);
    GS_CHECK_EQ((uint32_t)-14, r[1]); /* truncates toward zero */
    GS_CHECK_EQ(0xFFFFFF9Cu % 7u, r[2]);
    GS_CHECK_EQ((uint32_t)-2, r[3]);
    GS_CHECK_EQ(0xFFFFCE00u, r[4]);   /* -100 << 7 */
    GS_CHECK_EQ(0xFFFFFFFFu, r[5]);   /* -100 >> 7 (arithmetic) */
    GS_CHECK_EQ(0x01FFFFFFu, r[6]);
    GS_CHECK_EQ(0xFFFFFFFFu, r[7]);   /* high word of -700 */
    GS_CHECK_EQ(0xFFFFFFF9u, r[8]);   /* bits 4..11 of 0xFFFFFF9C = 0xF9 */
}

static void test_conversions(void)
{
    static const uint32_t want[20] = {
        0xFFFFFFFEu, 0xFFFFFFFDu, 0xC3960000u, 0xFFFFFF80u,   /* rzi rmi rn.f32 sat.s8 */
        0x0000FED4u, 0xFFFFFED4u, 0xFFFFFFFFu, 0xFFFFFFFFu,   /* u16, unpack, set.lt */
        0x00000000u, 0xC0060000u, 0xFFFFFFFFu, 0xFFFFFED4u,   /* f64 bits, pack */
        22u, 44u, 2u, 0xFFFFFED4u,                            /* max min selp cvta.param */
        0xC0300000u, 0u, 0xC0400000u, 0xFFFFFFFBu             /* f64->f32, set.f32, rni, v2 */
    };
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    gs_kernel_arg args[3];
    uint32_t r[20], i;
    uint64_t dout;
    GS_CHECK(module != NULL);
    if (!module)
        return;
    dout = exec_alloc(80);
    args[0] = gs_arg_u64(dout);
    args[1] = gs_arg_u64((uint64_t)-300);
    args[2] = gs_arg_u64(0xC0300000u);   /* -2.75f */
    GS_CHECK_EQ(GS_OK, exec_launch(module, "convert", exec_dim(1, 1, 1), exec_dim(1, 1, 1), 0,
                                   args, 3));
    gs_host_read_u32(&exec_test_host, r, dout, 20);
    for (i = 0; i < 20; i++)
        if (want[i] != r[i]) {
            printf("  word %u\n", (unsigned)i);
            GS_CHECK_EQ(want[i], r[i]);
        }
}

int main(void)
{
    GS_RUN(test_int_ops);
    GS_RUN(test_corner_cases);
    GS_RUN(test_conversions);
    exec_test_done();
    return gs_check_report();
}
