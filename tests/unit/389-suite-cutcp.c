/*
 * cutcp (examples/suite/cutcp, Parboil): the small workload (a 128 x 120 x
 * 16 lattice in 16 x 15 x 2 regions, a 5 A cutoff, 2 to 6 atoms in each 4 A
 * bin) equals a C reference bit for bit in every output: the neighbour
 * list NBR and its length (the offsets in [-2, 2]^3, k, j, i order, whose
 * (i^2 + j^2 + k^2) * 4 * 4 in float is below (5 + 0x40DDB3D7)^2, nvcc
 * having folded sqrtf(3) * 4), the bins BINS ((i + u) * 4 a coordinate,
 * -q and q alternately, empty slots and padding bins zero) and the
 * potential LATTICE. Each lattice point sums, over the neighbour bins in
 * list order and each bin's atoms until q == 0, as nvcc emits the kernel:
 * dxdz2 = fma(dx, dx, dz * dz), skipped from cutoff^2 up; r2 = fma(dy, dy,
 * dxdz2) with dy stepped down by h + h for the thread's four points;
 * s = 1 - r2 * (1 / cutoff^2) unfused; e = fma(s, s * (q * rsqrt(r2)), e)
 * with rsqrt.approx.f32 (gpusim's own, src/fp). The point of thread
 * (tx, ty, tz) of region (rx, ry, rz) is ((8 rx + tx) h, (8 ry + ty) h,
 * (8 rz + tz) h) and its k-th sum lands at region * 512 + tz * 64 + ty * 8
 * + tx + 16 k.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define RX 16
#define RY 15
#define RZ 2
#define CPAD 2
#define BDX (RX + 2 * CPAD)
#define BDY (RY + 2 * CPAD)
#define BDZ (RZ + 2 * CPAD)
#define NBINS (BDX * BDY * BDZ)
#define NSLOTS (NBINS * 8)
#define NLAT (RX * RY * RZ * 512)
#define NNBR ((2 * CPAD + 1) * (2 * CPAD + 1) * (2 * CPAD + 1))

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static float u[NSLOTS * 4], q[NSLOTS], bins[NSLOTS * 4], lattice[NLAT];
static uint32_t words[NSLOTS * 4];
static int32_t cnt[NBINS], nbr[NNBR * 3], nbrlen[1];

static float rsqrt_approx(float a)
{
    return wlb_f32(gs_f32_rsqrt_approx(wlb_bits(a), 0));
}

static void make_nbrlist(float cutoff)
{
    float r = cutoff + wlb_f32(0x40DDB3D7u), r2 = r * r;
    int n = 0, i, j, k;
    for (k = -CPAD; k <= CPAD; k++)
        for (j = -CPAD; j <= CPAD; j++)
            for (i = -CPAD; i <= CPAD; i++) {
                if ((float)(i * i + j * j + k * k) * 4.0f * 4.0f >= r2)
                    continue;
                nbr[3 * n] = i;
                nbr[3 * n + 1] = j;
                nbr[3 * n + 2] = k;
                n++;
            }
    nbrlen[0] = n;
}

static void make_bins(void)
{
    int slot;
    for (slot = 0; slot < NSLOTS; slot++) {
        int bin = slot / 8, a = slot % 8;
        int i = bin % BDX - CPAD, j = bin / BDX % BDY - CPAD, k = bin / (BDX * BDY) - CPAD;
        float *p = &bins[4 * slot];
        p[0] = p[1] = p[2] = p[3] = 0.0f;
        if (i >= 0 && i < RX && j >= 0 && j < RY && k >= 0 && k < RZ && a < cnt[bin]) {
            p[0] = (u[4 * slot] + (float)i) * 4.0f;
            p[1] = (u[4 * slot + 1] + (float)j) * 4.0f;
            p[2] = (u[4 * slot + 2] + (float)k) * 4.0f;
            p[3] = (a & 1) ? q[slot] : -q[slot];
        }
    }
}

static void potential(float h, float cutoff2, float inv_cutoff2)
{
    int rx, ry, rz, tx, ty, tz, n, a, pt;
    for (rz = 0; rz < RZ; rz++)
        for (ry = 0; ry < RY; ry++)
            for (rx = 0; rx < RX; rx++)
                for (tz = 0; tz < 8; tz++)
                    for (ty = 0; ty < 2; ty++)
                        for (tx = 0; tx < 8; tx++) {
                            float x = (float)(unsigned)(8 * rx + tx) * h;
                            float y = (float)(unsigned)(8 * ry + ty) * h;
                            float z = (float)(unsigned)(8 * rz + tz) * h;
                            float e[4] = {0.0f, 0.0f, 0.0f, 0.0f};
                            int region = (rz * RY + ry) * RX + rx;
                            for (n = 0; n < nbrlen[0]; n++) {
                                int bi = rx + nbr[3 * n] + CPAD, bj = ry + nbr[3 * n + 1] + CPAD;
                                int bk = rz + nbr[3 * n + 2] + CPAD;
                                const float *bin = &bins[((bk * BDY + bj) * BDX + bi) * 32];
                                for (a = 0; a < 8; a++) {
                                    float aq = bin[4 * a + 3], dx, dy, dz, dxdz2;
                                    if (aq == 0.0f)
                                        break;
                                    dx = bin[4 * a] - x;
                                    dz = bin[4 * a + 2] - z;
                                    dxdz2 = fmaf(dx, dx, dz * dz);
                                    if (dxdz2 >= cutoff2)
                                        continue;
                                    dy = bin[4 * a + 1] - y;
                                    for (pt = 0; pt < 4; pt++) {
                                        float r2, s;
                                        if (pt > 0)
                                            dy = dy - (h + h);
                                        r2 = fmaf(dy, dy, dxdz2);
                                        if (!(r2 < cutoff2))
                                            continue;
                                        s = 1.0f - r2 * inv_cutoff2;
                                        e[pt] = fmaf(s, s * (aq * rsqrt_approx(r2)), e[pt]);
                                    }
                                }
                            }
                            for (pt = 0; pt < 4; pt++)
                                lattice[region * 512 + tz * 64 + ty * 8 + tx + 16 * pt] = e[pt];
                        }
}

static void test_cutcp_small(void)
{
    uint32_t *got;
    int i, nonzero = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("cutcp", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "U", words);   /* float bits, copied (no aliasing) */
    memcpy(u, words, sizeof u);
    test_initial32(&wl, "Q", words);
    memcpy(q, words, sizeof q);
    test_initial32(&wl, "CNT", (uint32_t *)(void *)cnt);
    make_nbrlist(5.0f);
    make_bins();
    potential(0.5f, 25.0f, wlb_f32(0x3D23D70Au));
    for (i = 0; i < NLAT; i++)
        nonzero += lattice[i] != 0.0f;
    GS_CHECK_EQ(93, nbrlen[0]);
    GS_CHECK(nonzero > NLAT / 2 && lattice[0] != lattice[1]);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "LATTICE", lattice));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "BINS", bins));
    got = wlb_result32(&host, &wl, &state, "NBR");
    GS_CHECK_EQ(0, test_diff32("NBR", (const uint32_t *)(const void *)nbr, got, NNBR * 3));
    free(got);
    got = wlb_result32(&host, &wl, &state, "NBRLEN");
    GS_CHECK_EQ(0, test_diff32("NBRLEN", (const uint32_t *)(const void *)nbrlen, got, 1));
    free(got);
}

int main(void)
{
    GS_RUN(test_cutcp_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
