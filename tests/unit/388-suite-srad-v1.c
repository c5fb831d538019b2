/*
 * srad-v1 (examples/suite/srad-v1, Rodinia srad_v1): the small workload (a
 * 250 x 470 column-major image, 2 iterations, 14 launches) equals a C
 * reference bit for bit in every buffer: the image I after sradv1_compress,
 * the last iteration's derivatives DN DS DW DE and coefficients C, q0sqr in
 * STAT, and SUMS and SUMS2 as sradv1_prepare_sums and the two sradv1_sum_pass
 * passes leave them. The reference follows nvcc's code: sradv1_expand's
 * expf(x / 255) as nvcc expands it (div.rn; fma with 0x3BBB989D and 0.5,
 * cvt.sat, fma.rm with 252 and 0x4B400001, the exponent's integer bits
 * shifted into a scale, two fmas with log2 e split in 0x3FB8AA3B and
 * 0x32A57060, ex2.approx.ftz, gpusim's own, src/fp); sradv1_sum_pass's tree
 * of plain adds in its pairing and its last block's leftovers added serially;
 * q0sqr's float divisions; sradv1_coefficients's G2 = fma(dE, dE, fma(dW, dW,
 * fma(dN, dN, dS * dS))) / (Jc * Jc), L's sum in order, num = fma((double)G2,
 * 0.5, (double)(L * L) * -0.0625) and den = fma((double)L, 0.25, 1.0) each
 * rounded to float, the coefficient 1 / (1 + (double)den) (rcp.rn.f64)
 * rounded to float and clamped; sradv1_divergence's D = fma(cE, dE, fma(c,
 * dW, fma(c, dN, cS * dS))) and I = fma(0.25 * (double)lambda, (double)D,
 * (double)I); sradv1_compress's logf as nvcc expands it (a degree-8
 * polynomial in m - 1 by fmas, the exponent times ln 2 by fma) times 255.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define NR 250
#define NC 470
#define NE (NR * NC)
#define NT 512
#define NB ((NE + NT - 1) / NT)
#define ITERS 2

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t bits[NE];
static float img[NE], sums[NE], sums2[NE], dn[NE], ds[NE], dw[NE], de[NE], cc[NE], stat[1];

/* sradv1_compress's log(x) * 255: nvcc's full-precision logf (wlb_suite.h). */
static float nv_logf(float x)
{
    return wlb_logf_full(x) * 255.0f;
}

/* One sradv1_sum_pass launch of `grid` blocks over `no` values at stride `mul`. */
static void sradv1_sum_pass(int grid, int no, int mul)
{
    static float ps[NT], ps2[NT];
    int nf = NT - (grid * NT - no), bx, tx, i, df = 0;
    for (bx = 0; bx < grid; bx++) {
        int last = bx == grid - 1 && nf != NT, top;
        memset(ps, 0, sizeof ps);
        memset(ps2, 0, sizeof ps2);
        for (tx = 0; tx < NT; tx++)
            if (bx * NT + tx < no) {
                ps[tx] = sums[(bx * NT + tx) * mul];
                ps2[tx] = sums2[(bx * NT + tx) * mul];
            }
        if (last)
            for (i = 2; i <= NT; i *= 2)
                if (nf >= i)
                    df = i;
        top = last ? df : NT;
        for (i = 2; i <= top; i *= 2)
            for (tx = 0; tx < NT; tx++)
                if ((tx + 1) % i == 0) {
                    ps[tx] = ps[tx] + ps[tx - i / 2];
                    ps2[tx] = ps2[tx] + ps2[tx - i / 2];
                }
        if (last) {
            if (df == 0)
                continue;
            for (i = bx * NT + df; i < bx * NT + nf; i++) {
                ps[df - 1] = ps[df - 1] + sums[i * mul];
                ps2[df - 1] = ps2[df - 1] + sums2[i * mul];
            }
        }
        sums[bx * mul * NT] = ps[top - 1];
        sums2[bx * mul * NT] = ps2[top - 1];
    }
}

static void reference(void)
{
    static const float lambda = 0.5f;
    int ei, it, no, mul, grid;
    for (ei = 0; ei < NE; ei++)
        img[ei] = wlb_expf_full(img[ei] / 255.0f);
    for (it = 0; it < ITERS; it++) {
        float total, total2, mean, mean2, var, q0;
        for (ei = 0; ei < NE; ei++) {
            sums[ei] = img[ei];
            sums2[ei] = img[ei] * img[ei];
        }
        /* Rodinia's host loop of sradv1_sum_pass launches. */
        for (grid = NB, no = NE, mul = 1; grid != 0;) {
            sradv1_sum_pass(grid, no, mul);
            no = grid;
            if (grid == 1) {
                grid = 0;
            } else {
                mul *= NT;
                grid = (grid + NT - 1) / NT;
            }
        }
        total = sums[0];
        total2 = sums2[0];
        mean = total / (float)NE;
        mean2 = mean * mean;
        var = total2 / (float)NE - mean2;
        stat[0] = q0 = var / mean2;
        for (ei = 0; ei < NE; ei++) {
            int row = ei % NR, col = ei / NR;
            int in = row == 0 ? 0 : row - 1, is = row == NR - 1 ? NR - 1 : row + 1;
            int jw = col == 0 ? 0 : col - 1, je = col == NC - 1 ? NC - 1 : col + 1;
            float jc = img[ei], n, s, w, e, g2, l, num, den, qsqr, c;
            n = img[in + NR * col] - jc;
            s = img[is + NR * col] - jc;
            w = img[row + NR * jw] - jc;
            e = img[row + NR * je] - jc;
            g2 = fmaf(e, e, fmaf(w, w, fmaf(n, n, s * s))) / (jc * jc);
            l = (((n + s) + w) + e) / jc;
            num = (float)fma((double)g2, 0.5, (double)(l * l) * -0.0625);
            den = (float)fma((double)l, 0.25, 1.0);
            qsqr = num / (den * den);
            den = (qsqr - q0) / (q0 * (q0 + 1.0f));
            c = (float)(1.0 / ((double)den + 1.0));
            c = c > 1.0f ? 1.0f : c;
            c = c < 0.0f ? 0.0f : c;
            dn[ei] = n;
            ds[ei] = s;
            dw[ei] = w;
            de[ei] = e;
            cc[ei] = c;
        }
        for (ei = 0; ei < NE; ei++) {
            int row = ei % NR, col = ei / NR;
            int is = row == NR - 1 ? NR - 1 : row + 1, je = col == NC - 1 ? NC - 1 : col + 1;
            float c = cc[ei], cs = cc[is + NR * col], ce = cc[row + NR * je];
            float d = fmaf(ce, de[ei], fmaf(c, dw[ei], fmaf(c, dn[ei], cs * ds[ei])));
            img[ei] = (float)fma((double)lambda * 0.25, (double)d, (double)img[ei]);
        }
    }
    for (ei = 0; ei < NE; ei++)
        img[ei] = nv_logf(img[ei]);
}

static void test_srad_v1_small(void)
{
    int ei, moved = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("srad-v1", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "I", bits);
    memcpy(img, bits, sizeof img);
    reference();
    for (ei = 0; ei < NE; ei++)
        moved += cc[ei] > 0.0f && cc[ei] < 1.0f && dn[ei] != 0.0f;
    GS_CHECK(moved > NE / 2);
    GS_CHECK(stat[0] > 0.0f && img[0] > 0.0f && img[0] != img[1]);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "I", img));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "C", cc));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "DN", dn));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "DS", ds));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "DW", dw));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "DE", de));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "STAT", stat));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "SUMS", sums));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "SUMS2", sums2));
}

int main(void)
{
    GS_RUN(test_srad_v1_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
