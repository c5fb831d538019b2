/*
 * dxtc (examples/suite/dxtc, the CUDA SDK's dxtc): the small workload's three
 * outputs equal a C reference bit for bit: the block-linear 64 x 64 image
 * makeImage builds from the noise (integer arithmetic), the 1024 permutations
 * makePermutations writes, and the 256 DXT1 blocks dxtc_compress_blocks
 * writes. The reference follows nvcc's code for dxtc_compress_blocks op by op
 * (dxtc.ptx): colours as (float)byte * 0x3B808081 (1/255); sums and
 * covariance by the kernel's tree (v[i] += v[i + s], s = 8, 4, 2, 1); the
 * mean as sum * 0.0625 subtracted, unfused; each power-iteration row as
 * fma(c2, v2, fma(c0, v0, c1 * v1)) (the first step's multiplications by 1
 * are exact either way), the scale rcp.rn (IEEE 1 / m); the dot products
 * fma(b, a2, fma(r, a0, g * a1)); every weight sum of a permutation an fma
 * onto the previous one from 0 in colour order; the determinant a2 b2 - ab
 * ab, its reciprocal and the endpoints' numerators unfused; rounding as
 * cvt.sat then times 31 or 63 then cvt.rni (rintf, nearest even); the
 * expansion a multiplication by the rounded 1/31 or 1/63; each channel's
 * error fma(u, 2, fma(a2, ea ea, b2 (eb eb))) with u = ab (ea eb) - ea ax -
 * eb bx, summed from 0 over r, g, b.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define W 64
#define H 64
#define NPIX (W * H)
#define NBLK (NPIX / 16)
#define NPERM 1024
#define NVALID 965

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t noise[NPIX], image[NPIX], perms[NPERM], result[2 * NBLK];

static int clamp255(int v)
{
    return v < 0 ? 0 : v > 255 ? 255 : v;
}

static void ref_image(void)
{
    int p;
    for (p = 0; p < NPIX; p++) {
        int x = p % W, y = p / W;
        uint32_t n = noise[p];
        int r = clamp255(x * 256 / W + (int)(n & 31u) - 16);
        int g = clamp255(y * 256 / H + (int)((n >> 5) & 31u) - 16);
        int b = clamp255(x * 128 / W + y * 128 / H + (int)((n >> 10) & 31u) - 16);
        int block = (y / 4) * (W / 4) + x / 4;
        image[block * 16 + (y % 4) * 4 + x % 4] =
            (uint32_t)r | (uint32_t)g << 8 | (uint32_t)b << 16 | 0xFF000000u;
    }
}

/* The permutations by direct enumeration (independent of the kernel's index
 * arithmetic): cut points a <= b <= c of the 16 sorted colours in
 * lexicographic order, colour j at level (j >= a) + (j >= b) + (j >= c),
 * DXT1 index 0, 2, 3, 1 for levels 0..3, leaving out the 4 cuts that use a
 * single level; 969 - 4 = 965, repeated to fill the table. */
static void ref_perms(void)
{
    static uint32_t valid[NVALID];
    int a, b, c, j, n = 0, t;
    for (a = 0; a <= 16; a++)
        for (b = a; b <= 16; b++)
            for (c = b; c <= 16; c++) {
                uint32_t perm = 0;
                int used[4] = {0, 0, 0, 0}, levels;
                for (j = 0; j < 16; j++) {
                    int level = (j >= a) + (j >= b) + (j >= c);
                    static const uint32_t index_of_level[4] = {0u, 2u, 3u, 1u};
                    used[level] = 1;
                    perm |= index_of_level[level] << (2 * j);
                }
                levels = used[0] + used[1] + used[2] + used[3];
                if (levels < 2)
                    continue;
                if (n < NVALID)
                    valid[n] = perm;
                n++;
            }
    GS_CHECK_EQ(NVALID, n);
    for (t = 0; t < NPERM; t++)
        perms[t] = valid[t % NVALID];
}

static void tree16(float *v)
{
    int s, i;
    for (s = 8; s > 0; s >>= 1)
        for (i = 0; i < s; i++)
            v[i] = v[i + s] + v[i];
}

/* The principal axis of the block's colours col[c][i]. */
static void ref_axis(float col[3][16], float axis[3])
{
    float sums[9][16], mean[3], v[3];
    int c, i, k;
    for (c = 0; c < 3; c++) {
        memcpy(sums[c], col[c], sizeof sums[c]);
        tree16(sums[c]);
        mean[c] = sums[c][0] * 0.0625f;
    }
    for (i = 0; i < 16; i++) {
        float d[3];
        for (c = 0; c < 3; c++)
            d[c] = col[c][i] - mean[c];
        sums[3][i] = d[0] * d[0];
        sums[4][i] = d[0] * d[1];
        sums[5][i] = d[0] * d[2];
        sums[6][i] = d[1] * d[1];
        sums[7][i] = d[1] * d[2];
        sums[8][i] = d[2] * d[2];
    }
    for (k = 3; k < 9; k++)
        tree16(sums[k]);
    v[0] = v[1] = v[2] = 1.0f;
    for (k = 0; k < 8; k++) {
        float xx = sums[3][0], xy = sums[4][0], xz = sums[5][0];
        float yy = sums[6][0], yz = sums[7][0], zz = sums[8][0];
        float x = fmaf(xz, v[2], fmaf(xx, v[0], xy * v[1]));
        float y = fmaf(yz, v[2], fmaf(xy, v[0], yy * v[1]));
        float z = fmaf(zz, v[2], fmaf(xz, v[0], yz * v[1]));
        float m = fmaxf(fabsf(x), fmaxf(fabsf(y), fabsf(z)));
        float iv = m > 0.0f ? 1.0f / m : 0.0f;
        v[0] = x * iv;
        v[1] = y * iv;
        v[2] = z * iv;
    }
    memcpy(axis, v, sizeof v);
}

/* The error of one permutation over the sorted colours; the 565 words. */
static float ref_eval(uint32_t perm, float s[3][16], uint32_t *w0, uint32_t *w1)
{
    static const float alpha_of[4] = {1.0f, 0.0f, 2.0f / 3.0f, 1.0f / 3.0f};
    static const float scale[3] = {31.0f, 63.0f, 31.0f};
    const float inv[3] = {1.0f / 31.0f, 1.0f / 63.0f, 1.0f / 31.0f};
    float a2 = 0.0f, b2 = 0.0f, ab = 0.0f, ax[3] = {0, 0, 0}, bx[3] = {0, 0, 0}, det, f;
    float err = 0.0f;
    uint32_t q[2][3];
    int j, c;
    for (j = 0; j < 16; j++) {
        float alpha = alpha_of[(perm >> (2 * j)) & 3u], beta = 1.0f - alpha;
        for (c = 0; c < 3; c++) {
            ax[c] = fmaf(alpha, s[c][j], ax[c]);
            bx[c] = fmaf(beta, s[c][j], bx[c]);
        }
        a2 = fmaf(alpha, alpha, a2);
        b2 = fmaf(beta, beta, b2);
        ab = fmaf(alpha, beta, ab);
    }
    det = a2 * b2 - ab * ab;
    f = 1.0f / det;
    for (c = 0; c < 3; c++) {
        float a = f * (b2 * ax[c] - ab * bx[c]);
        float b = f * (a2 * bx[c] - ab * ax[c]);
        float qa = rintf(wlb_sat(a) * scale[c]), qb = rintf(wlb_sat(b) * scale[c]);
        float ea = qa * inv[c], eb = qb * inv[c];
        float sq = fmaf(a2, ea * ea, b2 * (eb * eb));
        float u = ab * (ea * eb) - ea * ax[c] - eb * bx[c];
        q[0][c] = (uint32_t)qa;
        q[1][c] = (uint32_t)qb;
        err = err + fmaf(u, 2.0f, sq);
    }
    *w0 = q[0][0] << 11 | q[0][1] << 5 | q[0][2];
    *w1 = q[1][0] << 11 | q[1][1] << 5 | q[1][2];
    return err;
}

static void ref_block(int blk)
{
    float col[3][16], sorted[3][16], axis[3], dps[16], best = 3.402823466e+38f;
    uint32_t best_perm = 0, start = 0, end = 0, indices = 0;
    int xrefs[16], i, j, c, t, k;
    for (i = 0; i < 16; i++) {
        uint32_t px = image[blk * 16 + i];
        for (c = 0; c < 3; c++)
            col[c][i] = (float)((px >> (8 * c)) & 255u) * (1.0f / 255.0f);
    }
    ref_axis(col, axis);
    for (i = 0; i < 16; i++)
        dps[i] = fmaf(col[2][i], axis[2], fmaf(col[0][i], axis[0], col[1][i] * axis[1]));
    for (i = 0; i < 16; i++) {
        int rank = 0;
        for (j = 0; j < 16; j++)
            rank += dps[j] < dps[i] || (dps[j] == dps[i] && j < i);
        xrefs[i] = rank;
        for (c = 0; c < 3; c++)
            sorted[c][rank] = col[c][i];
    }
    /* thread t's best (first of equals), then the lowest thread of equals */
    for (t = 0; t < 64; t++) {
        float tb = 3.402823466e+38f;
        uint32_t tp = 0, ts = 0, te = 0;
        for (k = 0; k < 16; k++) {
            uint32_t perm = perms[t + 64 * k], w0, w1;
            float e = ref_eval(perm, sorted, &w0, &w1);
            if (e < tb) {
                tb = e;
                tp = perm;
                ts = w0;
                te = w1;
            }
        }
        if (t == 0 || tb < best) {
            best = tb;
            best_perm = tp;
            start = ts;
            end = te;
        }
    }
    for (i = 0; i < 16; i++)
        indices |= ((best_perm >> (2 * xrefs[i])) & 3u) << (2 * i);
    if (start < end) {
        uint32_t tmp = start;
        start = end;
        end = tmp;
        indices ^= 0x55555555u;
    } else if (start == end) {
        indices = 0;
    }
    result[2 * blk] = start | end << 16;
    result[2 * blk + 1] = indices;
}

static int diff_u32(const char *name, const uint32_t *want, uint32_t n)
{
    uint32_t *got = wlb_result32(&host, &wl, &state, name);
    int diff = test_diff32(name, want, got, n);
    free(got);
    return diff;
}

static void test_dxtc_small(void)
{
    int blk, distinct = 0, mixed = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("dxtc", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "NOISE", noise);
    ref_image();
    ref_perms();
    for (blk = 0; blk < NBLK; blk++) {
        ref_block(blk);
        distinct += (result[2 * blk] & 0xFFFFu) != result[2 * blk] >> 16;
        mixed += result[2 * blk + 1] != 0u;
    }
    /* non-trivial: most blocks have two colours and mixed indices */
    GS_CHECK(distinct > NBLK / 2 && mixed > NBLK / 2);
    GS_CHECK(perms[0] != perms[1] && perms[NVALID] == perms[0]);
    GS_CHECK_EQ(0, diff_u32("IMAGE", image, NPIX));
    GS_CHECK_EQ(0, diff_u32("PERM", perms, NPERM));
    GS_CHECK_EQ(0, diff_u32("RESULT", result, 2 * NBLK));
}

int main(void)
{
    GS_RUN(test_dxtc_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
