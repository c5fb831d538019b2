/*
 * SRAD (examples/suite/srad: Rodinia srad_v2) on the functional executor
 * equals a C reference of two SRAD iterations on the 256 x 256 image: the
 * ROI statistic q0sqr (rows/cols 0..127; column sums, then a tree over the
 * columns, as srad_roi), the four derivatives with edge-clamped neighbours,
 * the saturated diffusion coefficient, the divergence and the update, in
 * Rodinia's float/double promotions and the PTX's operation order. The
 * derivative and coefficient arrays of the last iteration are checked too.
 */
#include "check.h"
#include "suite_file.h"
#include "workload_ref.h"

#define W 256u
#define PIXELS (W * W)
#define ROI 128u
#define LAMBDA 0x3F000000u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t image[PIXELS], coef[PIXELS], dn[PIXELS], ds[PIXELS], dw[PIXELS], de[PIXELS];
static uint32_t got[PIXELS];

static uint32_t add(uint32_t a, uint32_t b) { return gs_f32_add(a, b, REF_RN, 0); }
static uint32_t sub(uint32_t a, uint32_t b) { return gs_f32_sub(a, b, REF_RN, 0); }
static uint32_t mul(uint32_t a, uint32_t b) { return gs_f32_mul(a, b, REF_RN, 0); }
static uint32_t dvd(uint32_t a, uint32_t b) { return gs_f32_div(a, b, REF_RN, 0); }
static uint32_t fma3(uint32_t a, uint32_t b, uint32_t c)
{
    return gs_f32_fma(a, b, c, REF_RN, 0);
}
static uint64_t d(uint32_t f) { return gs_f64_from_f32(f, 0); }
static uint32_t f(uint64_t x) { return gs_f32_from_f64(x, REF_RN, 0); }

static uint32_t roi_q0sqr(void)
{
    uint32_t sum[ROI], sum2[ROI], c, r, stride, mean, var;
    const uint32_t size_r = 0x46800000u;   /* 16384.0f */
    for (c = 0; c < ROI; c++) {
        sum[c] = sum2[c] = 0;
        for (r = 0; r < ROI; r++) {
            sum[c] = add(sum[c], image[r * W + c]);
            sum2[c] = fma3(image[r * W + c], image[r * W + c], sum2[c]);
        }
    }
    for (stride = ROI / 2u; stride > 0; stride >>= 1)
        for (c = 0; c < stride; c++) {
            sum[c] = add(sum[c], sum[c + stride]);
            sum2[c] = add(sum2[c], sum2[c + stride]);
        }
    mean = dvd(sum[0], size_r);
    var = sub(dvd(sum2[0], size_r), mul(mean, mean));
    return dvd(var, mul(mean, mean));
}

static uint32_t coefficient(uint32_t i, uint32_t q0)
{
    uint32_t jc = image[i], n = dn[i], s = ds[i], w = dw[i], e = de[i];
    uint32_t g2 = dvd(fma3(e, e, fma3(w, w, fma3(s, s, mul(n, n)))), mul(jc, jc));
    uint32_t l = dvd(add(add(add(n, s), w), e), jc);
    uint32_t num = f(gs_f64_fma(0xBFB0000000000000ull, d(mul(l, l)),
                                gs_f64_mul(0x3FE0000000000000ull, d(g2), REF_RN), REF_RN));
    uint32_t den = f(gs_f64_fma(0x3FD0000000000000ull, d(l), 0x3FF0000000000000ull, REF_RN));
    uint32_t qsqr = dvd(num, mul(den, den)), c;
    den = dvd(sub(qsqr, q0), mul(q0, add(0x3F800000u, q0)));
    c = f(gs_f64_rcp(gs_f64_add(0x3FF0000000000000ull, d(den), REF_RN), REF_RN));
    if (gs_f32_compare(c, 0, GS_FCMP_LT, 0))
        return 0;
    if (gs_f32_compare(c, 0x3F800000u, GS_FCMP_GT, 0))
        return 0x3F800000u;
    return c;
}

static void iteration(void)
{
    uint32_t q0 = roi_q0sqr(), i;
    uint64_t quarter_lambda = gs_f64_mul(0x3FD0000000000000ull, d(LAMBDA), REF_RN);
    for (i = 0; i < PIXELS; i++) {
        uint32_t r = i / W, c = i % W, jc = image[i];
        dn[i] = sub(image[(r > 0 ? r - 1u : r) * W + c], jc);
        ds[i] = sub(image[(r + 1u < W ? r + 1u : r) * W + c], jc);
        dw[i] = sub(image[r * W + (c > 0 ? c - 1u : c)], jc);
        de[i] = sub(image[r * W + (c + 1u < W ? c + 1u : c)], jc);
    }
    for (i = 0; i < PIXELS; i++)
        coef[i] = coefficient(i, q0);
    for (i = 0; i < PIXELS; i++) {
        uint32_t r = i / W, c = i % W, cc = coef[i];
        uint32_t cs = coef[(r + 1u < W ? r + 1u : r) * W + c];
        uint32_t ce = coef[r * W + (c + 1u < W ? c + 1u : c)];
        uint32_t sum = fma3(ce, de[i], fma3(cc, dw[i], fma3(cs, ds[i], mul(cc, dn[i]))));
        image[i] = f(gs_f64_fma(quarter_lambda, d(sum), d(image[i]), REF_RN));
    }
}

static void check_buffer(const char *name, const uint32_t *want)
{
    test_read32(&host, &wl, &state, name, got);
    GS_CHECK_EQ(0, test_diff32(name, want, got, PIXELS));
}

static void test_small_workload(void)
{
    uint32_t it;
    GS_CHECK_EQ(GS_OK, suite_run_file("examples/suite/srad/small.gsw", &wl, &host, &arena,
                                      &state));
    GS_CHECK_EQ(6u, (uint32_t)host.launches);
    GS_CHECK_EQ(LAMBDA, suite_arg32(&wl, 2, 8));
    test_initial32(&wl, "J", image);
    for (it = 0; it < 2u; it++)
        iteration();
    check_buffer("J", image);
    check_buffer("C", coef);
    check_buffer("N", dn);
    check_buffer("S", ds);
    check_buffer("Wc", dw);
    check_buffer("E", de);
}

int main(void)
{
    GS_RUN(test_small_workload);
    free(test_arena_buffer);
    return gs_check_report();
}
