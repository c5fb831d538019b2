/*
 * mri-q (examples/suite/mri-q, Parboil): the small workload's Q matrix
 * (61440 voxels, 128 samples in two launches) equals a C reference bit for
 * bit. phiMag = fma(phiR, phiR, phiI * phiI); per voxel and sample in
 * order, arg = fma(z, kz, fma(x, kx, y * ky)) * (float)2 pi, then Qr =
 * fma(phiMag, cos.approx(arg), Qr) and Qi likewise with sin.approx (gpusim's
 * own approximations, src/fp, as nvcc's __cosf and __sinf use the
 * special-function unit), as nvcc emits the kernel.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define NX 61440u
#define NK 128u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t bits[NX];
static float pos[3][NX], k[3][NK], phi[2][NK], mag[NK], qr[NX], qi[NX];

static float approx(float a, int sine)
{
    uint32_t b;
    memcpy(&b, &a, sizeof b);
    b = sine ? gs_f32_sin_approx(b, 0) : gs_f32_cos_approx(b, 0);
    memcpy(&a, &b, sizeof a);
    return a;
}

static void load(const char *name, float *out, uint32_t count)
{
    test_initial32(&wl, name, bits);
    memcpy(out, bits, (size_t)count * sizeof *out);
}

static void test_mri_q_small(void)
{
    static const char *const pnames[3] = {"X", "Y", "Z"}, *const knames[3] = {"KX", "KY", "KZ"};
    const float two_pi = 6.2831853071795864769f;
    unsigned i, j;
    GS_CHECK_EQ(GS_OK, wlb_run("mri-q", "small", &wl, &host, &arena, &state));
    for (i = 0; i < 3u; i++) {
        load(pnames[i], pos[i], NX);
        load(knames[i], k[i], NK);
    }
    load("PHIR", phi[0], NK);
    load("PHII", phi[1], NK);
    for (j = 0; j < NK; j++)
        mag[j] = fmaf(phi[0][j], phi[0][j], phi[1][j] * phi[1][j]);
    for (i = 0; i < NX; i++) {
        float r = 0.0f, m = 0.0f;
        for (j = 0; j < NK; j++) {
            float arg = fmaf(pos[2][i], k[2][j], fmaf(pos[0][i], k[0][j],
                                                      pos[1][i] * k[1][j])) * two_pi;
            r = fmaf(mag[j], approx(arg, 0), r);
            m = fmaf(mag[j], approx(arg, 1), m);
        }
        qr[i] = r;
        qi[i] = m;
    }
    GS_CHECK(qr[0] != 0.0f && qi[0] != qr[0]);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "PHIMAG", mag));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "QR", qr));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "QI", qi));
}

int main(void)
{
    GS_RUN(test_mri_q_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
