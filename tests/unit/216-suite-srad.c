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

/* q0^2 = var / mean^2 over the ROI, summed as srad_roi sums: each column
 * top-down (squares by fma), then the column totals folded in halves. */
static uint32_t roi_q0sqr(void)
{
    uint32_t tot[ROI], tot_sq[ROI], col, row, half, mean, mean2;
    const uint32_t area = 0x46800000u;   /* 16384.0f */
    for (col = 0; col < ROI; col++) {
        tot[col] = tot_sq[col] = 0;
        for (row = 0; row < ROI; row++) {
            uint32_t v = image[row * W + col];
            tot[col] = add(tot[col], v);
            tot_sq[col] = fma3(v, v, tot_sq[col]);
        }
    }
    for (half = ROI / 2u; half > 0; half >>= 1)
        for (col = 0; col < half; col++) {
            tot[col] = add(tot[col], tot[col + half]);
            tot_sq[col] = add(tot_sq[col], tot_sq[col + half]);
        }
    mean = dvd(tot[0], area);
    mean2 = mul(mean, mean);
    return dvd(sub(dvd(tot_sq[0], area), mean2), mean2);
}

/* Pixel i's diffusion coefficient from its four differences: q^2 from the
 * normalised gradient and Laplacian, its excess over q0^2, 1 / (1 + excess)
 * in double, clipped to [0, 1] (a NaN passes unclipped, as in the kernel). */
static uint32_t coefficient(uint32_t i, uint32_t q0)
{
    const uint64_t one = 0x3FF0000000000000ull;
    uint32_t px = image[i];
    uint32_t sq = fma3(de[i], de[i], fma3(dw[i], dw[i], fma3(ds[i], ds[i], mul(dn[i], dn[i]))));
    uint32_t grad2 = dvd(sq, mul(px, px));
    uint32_t lap = dvd(add(add(add(dn[i], ds[i]), dw[i]), de[i]), px);
    uint64_t half_g = gs_f64_mul(0x3FE0000000000000ull, d(grad2), REF_RN);
    uint32_t upper = f(gs_f64_fma(0xBFB0000000000000ull, d(mul(lap, lap)), half_g, REF_RN));
    uint32_t lower = f(gs_f64_fma(0x3FD0000000000000ull, d(lap), one, REF_RN));
    uint32_t q2 = dvd(upper, mul(lower, lower));
    uint32_t excess = dvd(sub(q2, q0), mul(q0, add(0x3F800000u, q0)));
    uint32_t k = f(gs_f64_rcp(gs_f64_add(one, d(excess), REF_RN), REF_RN));
    if (gs_f32_compare(k, 0, GS_FCMP_LT, 0))
        return 0;
    return gs_f32_compare(k, 0x3F800000u, GS_FCMP_GT, 0) ? 0x3F800000u : k;
}

static void iteration(void)
{
    uint32_t q0 = roi_q0sqr(), i;
    uint64_t quarter_lambda = gs_f64_mul(0x3FD0000000000000ull, d(LAMBDA), REF_RN);
    for (i = 0; i < PIXELS; i++) {
        uint32_t r = i / W, c = i % W, px = image[i];
        dn[i] = sub(image[(r > 0 ? r - 1u : r) * W + c], px);
        ds[i] = sub(image[(r + 1u < W ? r + 1u : r) * W + c], px);
        dw[i] = sub(image[r * W + (c > 0 ? c - 1u : c)], px);
        de[i] = sub(image[r * W + (c + 1u < W ? c + 1u : c)], px);
    }
    for (i = 0; i < PIXELS; i++)
        coef[i] = coefficient(i, q0);
    for (i = 0; i < PIXELS; i++) {
        uint32_t r = i / W, c = i % W, k_here = coef[i];
        uint32_t k_s = coef[(r + 1u < W ? r + 1u : r) * W + c];
        uint32_t k_e = coef[r * W + (c + 1u < W ? c + 1u : c)];
        uint32_t sum = fma3(k_e, de[i], fma3(k_here, dw[i], fma3(k_s, ds[i], mul(k_here, dn[i]))));
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
