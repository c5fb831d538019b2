/*
 * FFT (examples/suite/fft): the small workload's 240 1024-point spectra
 * equal a C reference bit for bit, and approximate a direct DFT (so the
 * passes really compute an FFT). The reference runs the five radix-4
 * Stockham passes as nvcc emits them: the angle (k times -2 pi rounded) /
 * (4 ns) correctly rounded, the twiddle angles a, a + a and a times 3;
 * gpusim's sin.approx and cos.approx (src/fp) for __sincosf; the rotated
 * real part c x - s y with both products rounded, the imaginary part
 * fma(s, x, c y); the 4-point DFT's sums each rounded.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define N 1024
#define FFTS 240

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static float a[FFTS * N * 2], b[FFTS * N * 2];
static uint32_t initial[FFTS * N * 2];

static void pass(const float *in, float *out, int ns)
{
    int t, j, r;
    for (t = 0; t < FFTS; t++) {
        const float *src = in + (size_t)t * N * 2;
        float *dst = out + (size_t)t * N * 2;
        for (j = 0; j < N / 4; j++) {
            float vx[4], vy[4], ax0, ay0, ax1, ay1, ax2, ay2, dx, dy;
            int k = j % ns, base = (j / ns) * 4 * ns + k;
            for (r = 0; r < 4; r++) {
                vx[r] = src[2 * (j + r * N / 4)];
                vy[r] = src[2 * (j + r * N / 4) + 1];
            }
            if (ns > 1) {
                float angle = ((float)k * wlb_f32(0xC0C90FDBu)) / (float)(4 * ns);
                for (r = 1; r < 4; r++) {
                    float x = r == 1 ? angle : r == 2 ? angle + angle : angle * 3.0f;
                    float s = wlb_f32(gs_f32_sin_approx(wlb_bits(x), 0));
                    float c = wlb_f32(gs_f32_cos_approx(wlb_bits(x), 0));
                    float re = c * vx[r] - s * vy[r];
                    vy[r] = fmaf(s, vx[r], c * vy[r]);
                    vx[r] = re;
                }
            }
            ax0 = vx[0] + vx[2];
            ay0 = vy[0] + vy[2];
            ax2 = vx[0] - vx[2];
            ay2 = vy[0] - vy[2];
            ax1 = vx[1] + vx[3];
            ay1 = vy[1] + vy[3];
            dx = vx[1] - vx[3];
            dy = vy[1] - vy[3];
            dst[2 * base] = ax0 + ax1;
            dst[2 * base + 1] = ay0 + ay1;
            dst[2 * (base + ns)] = ax2 + dy;
            dst[2 * (base + ns) + 1] = ay2 - dx;
            dst[2 * (base + 2 * ns)] = ax0 - ax1;
            dst[2 * (base + 2 * ns) + 1] = ay0 - ay1;
            dst[2 * (base + 3 * ns)] = ax2 - dy;
            dst[2 * (base + 3 * ns) + 1] = ay2 + dx;
        }
    }
}

/* Bin `bin` of transform 0 by a direct DFT in double precision. */
static void dft_bin(const float *x, int bin, double *re, double *im)
{
    int n;
    *re = *im = 0.0;
    for (n = 0; n < N; n++) {
        double w = -2.0 * 3.14159265358979323846 * (double)((long)n * bin % N) / N;
        *re += x[2 * n] * cos(w) - x[2 * n + 1] * sin(w);
        *im += x[2 * n] * sin(w) + x[2 * n + 1] * cos(w);
    }
}

static void test_fft_small(void)
{
    static float input[FFTS * N * 2];
    int bin;
    GS_CHECK_EQ(GS_OK, wlb_run("fft", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "A", initial);
    memcpy(a, initial, sizeof a);
    memcpy(input, a, sizeof input);
    pass(a, b, 1);
    pass(b, a, 4);
    pass(a, b, 16);
    pass(b, a, 64);
    pass(a, b, 256);
    for (bin = 0; bin < N; bin += 97) {
        double re, im;
        dft_bin(input, bin, &re, &im);
        GS_CHECK(fabs(re - b[2 * bin]) < 1e-2 && fabs(im - b[2 * bin + 1]) < 1e-2);
    }
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "B", b));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "A", a));   /* the fourth pass */
}

int main(void)
{
    GS_RUN(test_fft_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
