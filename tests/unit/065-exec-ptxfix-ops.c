/* Executor forms added by ptxfix (tests/ptx/exec/ptxfix.ptx): carry
 * arithmetic against 64/128-bit C arithmetic; slct on .s32 / .f32 (with
 * .ftz); div.full.f32 (correctly rounded, not div.approx); testp; f16 and
 * f16x2 arithmetic and f16 conversions (hand-computed values for thread 0,
 * fpmath's routines as the reference for the rest); an unimplemented f16
 * form faults. */
#include <string.h>

#include "exec_test.h"

#define PTX "tests/ptx/exec/ptxfix.ptx"
#define N 32u

static uint64_t in_a[N], in_b[N];
static uint32_t words[N * 16u], cin[N];

static void carry_reference(uint64_t a, uint64_t b, uint32_t *w)
{
    uint32_t al = (uint32_t)a, ah = (uint32_t)(a >> 32), bl = (uint32_t)b,
             bh = (uint32_t)(b >> 32);
    uint64_t s = (uint64_t)al + bl, s2 = (uint64_t)ah + bh + (s >> 32);
    uint32_t bw = al < bl, bw2 = (uint64_t)ah < (uint64_t)bh + bw;
    uint64_t p = (uint64_t)al * bl, t = (uint64_t)(uint32_t)p + bl;
    int64_t sp = (int64_t)(int32_t)al * (int32_t)bl;
    uint64_t h = (uint64_t)(uint32_t)((uint64_t)sp >> 32) + ah;
    uint64_t lo = a + b, hi;
    uint32_t c1 = lo < a, c2;
    hi = a + b;
    c2 = hi < a;
    c2 |= (hi + c1) < hi;
    hi += c1;
    w[0] = (uint32_t)s;
    w[1] = (uint32_t)s2;
    w[2] = (uint32_t)(s2 >> 32);
    w[3] = al - bl;
    w[4] = ah - bh - bw;
    w[5] = bw2 ? 0xFFFFFFFFu : 0u;
    w[6] = (uint32_t)t;
    w[7] = (uint32_t)((p >> 32) + bh + (t >> 32));
    w[8] = (uint32_t)h;
    w[9] = ah * bh + 7u + (uint32_t)(h >> 32);
    w[10] = (uint32_t)lo;
    w[11] = (uint32_t)(lo >> 32);
    w[12] = (uint32_t)hi;
    w[13] = (uint32_t)(hi >> 32);
    w[14] = c2;
    w[15] = 0;
}

static void read_words(uint64_t address, uint32_t count)
{
    gs_host_read_u32(&exec_test_host, words, address, count);
}

static void test_carry(void)
{
    const gs_host_module *m = exec_test_setup(PTX);
    uint64_t da, db, dout;
    uint32_t state = 99, i, j, want[16];
    gs_kernel_arg args[3];
    gs_diag diag;
    GS_CHECK(m != NULL);
    if (!m)
        return;
    for (i = 0; i < N; i++) {
        in_a[i] = ((uint64_t)exec_rand(&state) << 32) | exec_rand(&state);
        in_b[i] = ((uint64_t)exec_rand(&state) << 32) | exec_rand(&state);
    }
    in_a[0] = ~0ull;              /* every carry set */
    in_b[0] = 1;
    in_a[1] = 0;                  /* every borrow set */
    in_b[1] = 1;
    in_a[2] = 0xFFFFFFFFull;      /* carry out of the low limb only */
    in_b[2] = 0xFFFFFFFFull;
    da = exec_alloc(N * 8u);
    db = exec_alloc(N * 8u);
    dout = exec_alloc(N * 64u);
    GS_CHECK_EQ(GS_OK, gs_host_write_u64(&exec_test_host, da, in_a, N, &diag));
    GS_CHECK_EQ(GS_OK, gs_host_write_u64(&exec_test_host, db, in_b, N, &diag));
    args[0] = gs_arg_u64(da);
    args[1] = gs_arg_u64(db);
    args[2] = gs_arg_u64(dout);
    GS_CHECK_EQ(GS_OK, exec_launch(m, "carry", exec_dim(1, 1, 1), exec_dim(N, 1, 1), 0,
                                   args, 3));
    read_words(dout, N * 16u);
    for (i = 0; i < N; i++) {
        carry_reference(in_a[i], in_b[i], want);
        for (j = 0; j < 16; j++)
            if (words[i * 16u + j] != want[j]) {
                printf("  thread %u word %u: got %x want %x\n", i, j, words[i * 16u + j],
                       want[j]);
                GS_CHECK(0);
            }
    }
    /* thread 0: ~0 + 1 carries through every limb */
    GS_CHECK_EQ(0u, words[0]);
    GS_CHECK_EQ(0u, words[1]);
    GS_CHECK_EQ(1u, words[2]);
    GS_CHECK_EQ(1u, words[14]);
    /* thread 1: 0 - 1 borrows through every limb */
    GS_CHECK_EQ(0xFFFFFFFFu, words[16 + 3]);
    GS_CHECK_EQ(0xFFFFFFFFu, words[16 + 4]);
    GS_CHECK_EQ(0xFFFFFFFFu, words[16 + 5]);
    exec_test_done();
}

/* slct d, 111, 222, c: c >= 0 picks 111 (s32: signed; f32: ordered, -0 >= 0). */
static void test_slct(void)
{
    static const uint32_t c[12] = {
        0u, 1u, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 0x80000001u, 1u, 0xFF800000u,
        0x7F800000u, 0xBF800000u, 0x3F800000u, 0x7FC00000u
    };
    static const uint32_t want_f32[12] = {111, 111, 222, 111, 222, 222, 111, 222, 111, 222,
                                          111, 222};
    static const uint32_t want_ftz[12] = {111, 111, 222, 111, 222, 111, 111, 222, 111, 222,
                                          111, 222};
    const gs_host_module *m = exec_test_setup(PTX);
    uint64_t dc, dout;
    gs_kernel_arg args[2];
    gs_diag diag;
    uint32_t i;
    GS_CHECK(m != NULL);
    if (!m)
        return;
    for (i = 0; i < N; i++)
        cin[i] = c[i % 12u];
    dc = exec_alloc(N * 4u);
    dout = exec_alloc(N * 16u);
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, dc, cin, N, &diag));
    args[0] = gs_arg_u64(dc);
    args[1] = gs_arg_u64(dout);
    GS_CHECK_EQ(GS_OK, exec_launch(m, "slct_k", exec_dim(1, 1, 1), exec_dim(N, 1, 1), 0,
                                   args, 2));
    read_words(dout, N * 4u);
    for (i = 0; i < N; i++) {
        GS_CHECK_EQ((int32_t)cin[i] >= 0 ? 111u : 222u, words[i * 4u]);
        GS_CHECK_EQ(want_f32[i % 12u], words[i * 4u + 1u]);
        GS_CHECK_EQ(want_ftz[i % 12u], words[i * 4u + 2u]);
        GS_CHECK_EQ((int32_t)cin[i] >= 0 ? cin[i] : (uint32_t)-5, words[i * 4u + 3u]);
    }
    exec_test_done();
}

static uint32_t testp_bits(uint32_t x)
{
    uint32_t e = (x >> 23) & 0xFFu, f = x & 0x7FFFFFu;
    int nan = e == 0xFFu && f, inf = e == 0xFFu && !f;
    return (uint32_t)(e != 0xFFu) | (uint32_t)inf << 1 | (uint32_t)!nan << 2 |
           (uint32_t)nan << 3 | (uint32_t)(e != 0 && e != 0xFFu) << 4 |
           (uint32_t)(e == 0 && f) << 5;
}

static uint32_t pack16(uint16_t lo, uint16_t hi)
{
    return (uint32_t)lo | (uint32_t)hi << 16;
}

static uint16_t f16_sat_ref(uint16_t v)
{
    if ((v & 0x8000u) || ((v & 0x7C00u) == 0x7C00u && (v & 0x3FFu)))
        return 0;
    return v > 0x3C00u ? 0x3C00u : v;
}

static void fops_reference(uint32_t x, uint32_t y, uint32_t *w)
{
    uint16_t x0 = (uint16_t)x, x1 = (uint16_t)(x >> 16), y0 = (uint16_t)y,
             y1 = (uint16_t)(y >> 16);
    uint64_t d2 = gs_f64_mul(gs_f64_from_f32(x, 0), 0x3FF0000000000001ull, GS_FROUND_RN);
    uint32_t r12 = gs_f32_round_int(gs_f32_from_f16(x0), GS_FROUND_RZ, 0);
    uint64_t d3 = gs_f64_from_f16(x1);
    w[0] = gs_f32_div_full(x, y, 0);
    w[1] = testp_bits(x);
    w[2] = pack16(gs_f16_add(x0, x1, GS_FROUND_RN, 0), gs_f16_mul(x0, x1, GS_FROUND_RN, 0));
    w[3] = pack16(gs_f16_fma(x0, x1, x0, GS_FROUND_RN, 0), gs_f16_min(x0, x1));
    w[4] = pack16(gs_f16_max(x0, x1), f16_sat_ref(gs_f16_add(x0, x1, GS_FROUND_RN, 0)));
    w[5] = pack16(gs_f16_add(x0, y0, GS_FROUND_RN, 0), gs_f16_add(x1, y1, GS_FROUND_RN, 0));
    w[6] = pack16(gs_f16_fma(x0, y0, x0, GS_FROUND_RN, 0),
                  gs_f16_fma(x1, y1, x1, GS_FROUND_RN, 0));
    w[7] = pack16(gs_f16_from_f64(d2, GS_FROUND_RN),
                  gs_f16_from_s64((int32_t)y, GS_FROUND_RN));
    w[8] = pack16(gs_f16_from_u64(y, GS_FROUND_RZ), gs_f16_from_f32(r12, GS_FROUND_RN));
    w[9] = pack16(f16_sat_ref(gs_f16_from_f32(y, GS_FROUND_RN)),
                  f16_sat_ref(gs_f16_from_f32(y, GS_FROUND_RN)));
    w[10] = (uint32_t)d3;
    w[11] = (uint32_t)(d3 >> 32);
}

static void fops_inputs(uint32_t *x, uint32_t *y)
{
    static const uint32_t special[8] = {
        0x3E003C00u, 0x7F800000u, 0xFF800001u, 0x00000001u, 0x80000000u, 0x7FC00000u,
        0x3F800000u, 0x00123456u
    };
    uint32_t state = 7, i;
    for (i = 0; i < N; i++) {
        x[i] = i < 8u ? special[i] : exec_rand(&state);
        y[i] = exec_rand(&state) >> (i % 9u);
    }
    y[0] = 0xC0003C00u;   /* y = -2.0f; halves (1.0, -2.0) */
}

static void test_fops(void)
{
    const gs_host_module *m = exec_test_setup(PTX);
    static uint32_t x[N], y[N];
    uint64_t dx, dy, dout;
    gs_kernel_arg args[3];
    gs_diag diag;
    uint32_t i, j, want[12], differs = 0;
    GS_CHECK(m != NULL);
    if (!m)
        return;
    fops_inputs(x, y);
    dx = exec_alloc(N * 4u);
    dy = exec_alloc(N * 4u);
    dout = exec_alloc(N * 64u);
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, dx, x, N, &diag));
    GS_CHECK_EQ(GS_OK, gs_host_write_u32(&exec_test_host, dy, y, N, &diag));
    args[0] = gs_arg_u64(dx);
    args[1] = gs_arg_u64(dy);
    args[2] = gs_arg_u64(dout);
    GS_CHECK_EQ(GS_OK, exec_launch(m, "fops", exec_dim(1, 1, 1), exec_dim(N, 1, 1), 0,
                                   args, 3));
    read_words(dout, N * 16u);
    for (i = 0; i < N; i++) {
        fops_reference(x[i], y[i], want);
        for (j = 0; j < 12; j++)
            if (words[i * 16u + j] != want[j]) {
                printf("  thread %u word %u: got %x want %x\n", i, j, words[i * 16u + j],
                       want[j]);
                GS_CHECK(0);
            }
        differs += gs_f32_div_full(x[i], y[i], 0) != gs_f32_div_approx(x[i], y[i], 0);
    }
    GS_CHECK(differs > 0);   /* the inputs tell div.full from div.approx */
    /* thread 0 by hand: x = 0x3E003C00 = 2^-3 (1 + e), halves (1.0, 1.5);
     * y = 0xC0003C00 = -2 (1 + e), halves (1.0, -2.0) */
    GS_CHECK_EQ(0xBD800000u, words[0]);        /* x / y = -2^-4 exactly */
    GS_CHECK_EQ(0x3E004100u, words[2]);        /* 1 + 1.5 = 2.5, 1 * 1.5 = 1.5 */
    GS_CHECK_EQ(0x3C004100u, words[3]);        /* fma 1 * 1.5 + 1 = 2.5, min 1.0 */
    GS_CHECK_EQ(0x3C003E00u, words[4]);        /* max 1.5, sat(2.5) = 1.0 */
    GS_CHECK_EQ(0xB8004000u, words[5]);        /* f16x2: (1 + 1, 1.5 - 2) = (2.0, -0.5) */
    exec_test_done();
}

static void test_unsupported_f16(void)
{
    const gs_host_module *m = exec_test_setup(PTX);
    gs_kernel_arg arg;
    uint64_t dout;
    GS_CHECK(m != NULL);
    if (!m)
        return;
    dout = exec_alloc(64);
    arg = gs_arg_u64(dout);
    GS_CHECK_EQ(GS_E_PTX, exec_launch(m, "f16_unsupported", exec_dim(1, 1, 1),
                                      exec_dim(1, 1, 1), 0, &arg, 1));
    GS_CHECK(strstr(exec_test_host.last_launch.fault_diag.message,
                    "rcp.f16 (this form) is not supported") != NULL);
    exec_test_done();
}

int main(void)
{
    GS_RUN(test_carry);
    GS_RUN(test_slct);
    GS_RUN(test_fops);
    GS_RUN(test_unsupported_f16);
    return gs_check_report();
}
