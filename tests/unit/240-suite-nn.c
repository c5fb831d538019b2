/*
 * NN (examples/suite/nn, the GPGPU-Sim ISPASS-2009 neural network of
 * seed-000 Table 4.2): the small workload's four layer kernels (nn_conv_layer1,
 * nn_conv_layer2, nn_full_layer3, nn_full_layer4), run through the workload
 * runner, equal a C reference of the PTX's sequence with src/fp/fpmath.h,
 * bit for bit:
 *   sum = fma chain over the window / fan-in, in source order, from 0 + bias
 *   (layer 2: tap by tap, the 6 input maps of each tap in turn, the weight of
 *   tap t and map m at 1 + 6 t + m in the output map's group of 156);
 *   out = f32(f64(tanhf(f32(f64(sum) * 0.66666667))) * 1.7159), where tanhf
 *   is nvcc's sequence: for |x| >= 0.6, 1 - 2 / (ex2.approx(2|x| log2 e) + 1)
 *   with rcp.approx (1 from |x| >= 9.0109), the sign copied from the f64
 *   product; below 0.6 an odd polynomial, fma(p(x^2) * x^2, x, x).
 * Also: the reference tanhf is within 2 ulp of tanh at a few points, no layer
 * saturates, and the warp instruction count follows from the launch shapes.
 */
#include "check.h"
#include "wlb_suite.h"

#define IMAGES 3u
#define SIDE 29u
#define MAP1 13u
#define MAPS1 6u
#define MAP2 5u
#define MAPS2 50u
#define L2_OUT (MAP2 * MAP2 * MAPS2)
#define L3 100u
#define L4 10u
#define F32_ONE 0x3F800000u
#define F32_SCALE 0x3FDBA3C5u   /* 1.7159f: above every |output| */

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;

static uint32_t fma32(uint32_t a, uint32_t b, uint32_t c)
{
    return gs_f32_fma(a, b, c, REF_RN, 0);
}

/* tanhf as nvcc -O3 emits it for sm_75 (x: the f32 argument; negative: the
 * sign bit of the f64 product it was rounded from). */
static uint32_t ref_tanhf(uint32_t x, int negative)
{
    uint32_t a = x & 0x7FFFFFFFu, x2, p, big, e;
    e = gs_f32_ex2_approx(gs_f32_mul(a, 0x4038AA3Bu, REF_RN, 0), 1);
    big = fma32(gs_f32_rcp_approx(gs_f32_add(e, F32_ONE, REF_RN, 0), 1), 0xC0000000u, F32_ONE);
    if (gs_f32_compare(a, 0x41102CB4u, GS_FCMP_GE, 0))
        big = F32_ONE;
    big = (big & 0x7FFFFFFFu) | (negative ? 0x80000000u : 0u);
    x2 = gs_f32_mul(x, x, REF_RN, 0);
    p = fma32(fma32(fma32(fma32(0x3C80F082u, x2, 0xBD563CAEu), x2, 0x3E085941u), x2,
                    0xBEAAA9EDu), x2, 0u);
    if (gs_f32_compare(a, 0x3F19999Au, GS_FCMP_GE, 0))
        return big;
    return fma32(p, x, x);
}

/* 1.7159 * tanhf(0.66666667 * sum) with the double constants. */
static uint32_t activate(uint32_t sum)
{
    uint64_t scaled = gs_f64_mul(gs_f64_from_f32(sum, 0), 0x3FE55555571F7693ull, REF_RN);
    uint32_t t = ref_tanhf(gs_f32_from_f64(scaled, REF_RN, 0), (int)(scaled >> 63));
    return gs_f32_from_f64(gs_f64_mul(gs_f64_from_f32(t, 0), 0x3FFB74538EF34D6Aull, REF_RN),
                           REF_RN, 0);
}

static void first_layer(const uint32_t *in, const uint32_t *w, uint32_t *out)
{
    uint32_t n, map, y, x, i, sum;
    for (n = 0; n < IMAGES; n++)
        for (map = 0; map < MAPS1; map++)
            for (y = 0; y < MAP1; y++)
                for (x = 0; x < MAP1; x++) {
                    const uint32_t *win = in + SIDE * SIDE * n + 2u * y * SIDE + 2u * x;
                    const uint32_t *k = w + 26u * map;
                    sum = gs_f32_add(k[0], 0u, REF_RN, 0);
                    for (i = 0; i < 25u; i++)
                        sum = fma32(win[i / 5u * SIDE + i % 5u], k[1u + i], sum);
                    out[MAP1 * MAP1 * (MAPS1 * n + map) + MAP1 * y + x] = activate(sum);
                }
}

static void second_layer(const uint32_t *in, const uint32_t *w, uint32_t *out)
{
    uint32_t n, map, y, x, i, m, sum;
    for (n = 0; n < IMAGES; n++)
        for (map = 0; map < MAPS2; map++)
            for (y = 0; y < MAP2; y++)
                for (x = 0; x < MAP2; x++) {
                    const uint32_t *win = in + MAP1 * MAP1 * MAPS1 * n + 2u * y * MAP1 + 2u * x;
                    const uint32_t *k = w + 26u * MAPS1 * map;
                    sum = gs_f32_add(k[0], 0u, REF_RN, 0);
                    for (i = 0; i < 25u; i++)
                        for (m = 0; m < MAPS1; m++)
                            sum = fma32(win[i / 5u * MAP1 + i % 5u + MAP1 * MAP1 * m],
                                        k[1u + MAPS1 * i + m], sum);
                    out[L2_OUT * n + MAP2 * MAP2 * map + MAP2 * y + x] = activate(sum);
                }
}

/* Layers 3 and 4: `outs` neurons, each fully connected to `ins` inputs. */
static void full_layer(const uint32_t *in, const uint32_t *w, uint32_t *out, uint32_t ins,
                       uint32_t outs)
{
    uint32_t n, j, i, sum;
    for (n = 0; n < IMAGES; n++)
        for (j = 0; j < outs; j++) {
            const uint32_t *k = w + (ins + 1u) * j;
            sum = gs_f32_add(k[0], 0u, REF_RN, 0);
            for (i = 0; i < ins; i++)
                sum = fma32(in[ins * n + i], k[1u + i], sum);
            out[outs * n + j] = activate(sum);
        }
}

static void test_ref_tanhf(void)
{
    static const uint32_t x[5] = { 0x3E800000u, 0x3F000000u, 0x3F800000u, 0x40000000u,
                                   0xBF333333u };   /* 0.25 0.5 1 2 -0.7 */
    static const uint32_t want[5] = { 0x3E7ACBF5u, 0x3EEC9A9Fu, 0x3F42F7D6u, 0x3F76CA83u,
                                      0xBF1AB7D9u };   /* tanh, correctly rounded */
    unsigned k;
    for (k = 0; k < 5u; k++) {
        uint32_t got = ref_tanhf(x[k], (int)(x[k] >> 31));
        uint32_t diff = got > want[k] ? got - want[k] : want[k] - got;
        GS_CHECK(diff <= 2u);
    }
    GS_CHECK_EQ(0x3F800000u, ref_tanhf(0x41200000u, 0));   /* tanhf(10) = 1 */
}

/* Compares a layer and checks that it neither saturates nor vanishes. */
static void check_layer(const char *name, const uint32_t *want)
{
    uint32_t *got = wlb_result32(&host, &wl, &state, name), i, n = wlb_count(&wl, name),
        negative = 0, large = 0;
    GS_CHECK_EQ(0, test_diff32(name, want, got, n));
    for (i = 0; i < n; i++) {
        GS_CHECK((got[i] & 0x7FFFFFFFu) < F32_SCALE);
        negative += got[i] >> 31;
        large += (got[i] & 0x7FFFFFFFu) >= 0x3F19999Au;   /* |out| >= 0.6 */
    }
    GS_CHECK(negative > 0u && negative < n);
    GS_CHECK(large > 0u && large < n);
    free(got);
}

static void test_nn_small(void)
{
    uint32_t *in, *w1, *w2, *w3, *w4, l2[MAP1 * MAP1 * MAPS1 * IMAGES], l3[L2_OUT * IMAGES],
        l4[L3 * IMAGES], l5[L4 * IMAGES];
    GS_CHECK_EQ(GS_OK, wlb_run("nn", "small", &wl, &host, &arena, &state));
    GS_CHECK_EQ(SIDE * SIDE * IMAGES, wlb_count(&wl, "layer1"));
    GS_CHECK_EQ(L4 * IMAGES, wlb_count(&wl, "layer5"));
    in = wlb_initial32(&wl, "layer1");
    w1 = wlb_initial32(&wl, "weights1");
    w2 = wlb_initial32(&wl, "weights2");
    w3 = wlb_initial32(&wl, "weights3");
    w4 = wlb_initial32(&wl, "weights4");
    first_layer(in, w1, l2);
    second_layer(l2, w2, l3);
    full_layer(l3, w3, l4, L2_OUT, L3);
    full_layer(l4, w4, l5, L3, L4);
    check_layer("layer2", l2);
    check_layer("layer3", l3);
    check_layer("layer4", l4);
    check_layer("layer5", l5);
    GS_CHECK_EQ(4u, host.launches);
    /* Warps x PTX instructions each: layer 1, 6 warps (169 threads) a CTA,
     * 239 straight-line (25 taps, each offset read from constant memory);
     * layer 2, one warp, 24 + 13 passes of the loop's first half (25, the
     * last leaving before its closing branch) + 12 of its second (25) + 44;
     * layer 3, 18 + 625 loop trips of 11 + 42; layer 4, 18 + 25 trips of
     * 17 + 42. */
    GS_CHECK_EQ(6u * MAPS1 * IMAGES * 239u +
                MAPS2 * IMAGES * (24u + 13u * 25u - 1u + 12u * 25u + 44u) +
                L3 * IMAGES * (18u + 625u * 11u + 42u) + L4 * IMAGES * (18u + 25u * 17u + 42u),
                host.warp_insts);
    free(in); free(w1); free(w2); free(w3); free(w4);
}

int main(void)
{
    GS_RUN(test_ref_tanhf);
    GS_RUN(test_nn_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
