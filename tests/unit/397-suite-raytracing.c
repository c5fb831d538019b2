/*
 * raytracing (examples/suite/raytracing, gpusim's stand-in for seed 003's
 * raytracing): buildScene's 76 scene words equal the scene below, and the
 * small workload's 256 x 240 packed RGBA image equals a C reference bit for
 * bit. The reference follows the PTX nvcc emits: u = aspect (fma(x, 2, 1)
 * / W - 1) and v = 1 - fma(y, 2, 1) / H with correctly rounded divisions;
 * each dot product fused as fma(z, z', fma(x, x', y y')) except the
 * reflection's d.n, fma(z, z', fma(y, y', x x')); the sphere test's c as
 * that dot minus r r rounded, the discriminant b b - c with both rounded,
 * sqrt.rn; the plane's t by a correctly rounded division; hit points
 * fma(d, t, o), sphere normals (p - c) / r divided, the nudged point
 * fma(n, 1e-3, p); rsqrt.approx (gpusim's, src/fp) for the direction's and
 * the light's lengths, the light's distance dist2 times its rsqrt; the
 * checkerboard by floor then a saturating conversion to s32; the specular
 * power as 15 rounded products of the (unnegated) dot r.d, whose even
 * power equals the source's (-r.d)^16 as rounding to nearest is symmetric;
 * the shade ambient + fma(base, n.l, strength spec), the colour fma(atten
 * (1 - refl), shade, col); the sky with s = (d.y + 1) 0.5, red 1 - s 0.5
 * and green fma(s, -0.3, 1) each fused with atten into the colour, blue
 * plus atten; saturation, times 255, truncation. It also checks that the image
 * has sky, spheres and plane in it, lit and shadowed points, and paths
 * that reflect.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define W 256u
#define H 240u
#define NS 8
#define EPS 1e-3f   /* 0x3A83126F */
#define FAR 1e20f   /* 0x60AD78EC */

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t want[W * H];

/* buildScene's scene: camera, light, plane, then per sphere (centre,
 * radius) and (colour, reflectivity). */
static const float scene[76] = {
    0.0f,  1.5f,  6.0f,  2.0f,  4.0f,  8.0f,  6.0f,  0.1f,  0.0f,  0.25f, 0.6f,  0.0f,
    0.0f,  1.0f,  0.0f,  1.0f,  0.9f,  0.2f,  0.2f,  0.3f,  -2.2f, 0.7f,  0.5f,  0.7f,
    0.2f,  0.8f,  0.3f,  0.2f,  2.1f,  0.8f,  -0.3f, 0.8f,  0.25f, 0.35f, 0.9f,  0.4f,
    -0.9f, 0.4f,  2.2f,  0.4f,  0.9f,  0.8f,  0.2f,  0.0f,  1.1f,  0.35f, 2.0f,  0.35f,
    0.8f,  0.4f,  0.9f,  0.5f,  0.3f,  2.6f,  -2.5f, 0.6f,  0.9f,  0.9f,  0.9f,  0.7f,
    -1.5f, 2.2f,  -3.0f, 0.9f,  0.6f,  0.5f,  0.3f,  0.0f,  3.5f,  1.2f,  -4.0f, 1.2f,
    0.3f,  0.7f,  0.7f,  0.3f};

typedef struct stats {
    unsigned sky, sphere, plane;   /* what each primary ray hits first */
    unsigned lit, shadowed;        /* primary hits facing the light */
    unsigned reflected;            /* paths that reach a second bounce */
} stats;

static float rsqrt_approx(float a)
{
    return wlb_f32(gs_f32_rsqrt_approx(wlb_bits(a), 0));
}

/* cvt.rzi.s32.f32: truncation, saturating, NaN to 0. */
static uint32_t to_s32(float a)
{
    if (a != a)
        return 0;
    if (a >= 2147483648.0f)
        return 0x7FFFFFFFu;
    if (a < -2147483648.0f)
        return 0x80000000u;
    return (uint32_t)(int32_t)a;
}

static uint32_t channel(float c)
{
    return (uint32_t)(wlb_sat(c) * 255.0f);
}

static float hit_sphere(const float *s, const float o[3], const float d[3])
{
    float oc0 = o[0] - s[0], oc1 = o[1] - s[1], oc2 = o[2] - s[2];
    float b = fmaf(d[2], oc2, fmaf(d[0], oc0, d[1] * oc1));
    float c = fmaf(oc2, oc2, fmaf(oc0, oc0, oc1 * oc1)) - s[3] * s[3];
    float disc = b * b - c, root, t;
    if (disc <= 0.0f)
        return FAR;
    root = sqrtf(disc);
    t = -b - root;
    if (t < EPS)
        t = root - b;
    return t < EPS ? FAR : t;
}

static uint32_t trace(unsigned x, unsigned y, stats *st)
{
    const float *cam = scene, *light = scene + 4, *plane = scene + 8, *spheres = scene + 12;
    float aspect = (float)W / (float)H;
    float u = aspect * (fmaf((float)x, 2.0f, 1.0f) / (float)W + -1.0f);
    float v = 1.0f - fmaf((float)y, 2.0f, 1.0f) / (float)H;
    float inv = rsqrt_approx(fmaf(cam[3], cam[3], fmaf(u, u, v * v)));
    float o[3], d[3], col[3] = {0.0f, 0.0f, 0.0f}, atten = 1.0f;
    int depth, i, k;
    o[0] = cam[0];
    o[1] = cam[1];
    o[2] = cam[2];
    d[0] = u * inv;
    d[1] = v * inv;
    d[2] = -(cam[3] * inv);
    for (depth = 0; depth < 3; depth++) {
        float tmin = FAR, p[3], n[3], base[3], l[3], q[3], shade[3], refl;
        float dist2, dist, ndotl, w, dn;
        int hit = -1;
        if (depth == 1)
            st->reflected++;
        for (i = 0; i < NS; i++) {
            float t = hit_sphere(spheres + 8 * i, o, d);
            if (t < tmin) {
                tmin = t;
                hit = i;
            }
        }
        if (d[1] < 0.0f) {
            float t = (plane[0] - o[1]) / d[1];
            if (t > EPS && t < tmin) {
                tmin = t;
                hit = NS;
            }
        }
        if (depth == 0) {
            st->sky += hit < 0;
            st->sphere += hit >= 0 && hit < NS;
            st->plane += hit == NS;
        }
        if (hit < 0) {
            float s = (d[1] + 1.0f) * 0.5f;
            col[0] = fmaf(1.0f - s * 0.5f, atten, col[0]);
            col[1] = fmaf(fmaf(s, -0.3f, 1.0f), atten, col[1]);
            col[2] = col[2] + atten;
            break;
        }
        for (k = 0; k < 3; k++)
            p[k] = fmaf(d[k], tmin, o[k]);
        if (hit == NS) {
            float g = ((to_s32(floorf(p[0])) + to_s32(floorf(p[2]))) & 1u) ? 0.9f : 0.2f;
            n[0] = 0.0f;
            n[1] = 1.0f;
            n[2] = 0.0f;
            base[0] = base[1] = base[2] = g;
            refl = plane[1];
        } else {
            const float *s = spheres + 8 * hit;
            for (k = 0; k < 3; k++) {
                n[k] = (p[k] - s[k]) / s[3];
                base[k] = s[4 + k];
            }
            refl = s[7];
        }
        for (k = 0; k < 3; k++)
            l[k] = light[k] - p[k];
        dist2 = fmaf(l[2], l[2], fmaf(l[0], l[0], l[1] * l[1]));
        inv = rsqrt_approx(dist2);
        dist = dist2 * inv;
        for (k = 0; k < 3; k++) {
            l[k] = l[k] * inv;
            shade[k] = light[3] * base[k];
            q[k] = fmaf(n[k], EPS, p[k]);
        }
        ndotl = fmaf(n[2], l[2], fmaf(n[0], l[0], n[1] * l[1]));
        if (ndotl > 0.0f) {
            int lit = 1;
            for (i = 0; i < NS; i++)
                if (hit_sphere(spheres + 8 * i, q, l) < dist) {
                    lit = 0;
                    break;
                }
            if (depth == 0) {
                st->lit += lit;
                st->shadowed += !lit;
            }
            if (lit) {
                float two = ndotl + ndotl, r[3], rd, spec = 0.0f;
                for (k = 0; k < 3; k++)
                    r[k] = n[k] * two - l[k];
                rd = fmaf(d[2], r[2], fmaf(d[0], r[0], d[1] * r[1]));
                if (rd < 0.0f) {
                    spec = rd;
                    for (k = 1; k < 16; k++)
                        spec = spec * rd;
                }
                spec = plane[2] * spec;
                for (k = 0; k < 3; k++)
                    shade[k] = shade[k] + fmaf(base[k], ndotl, spec);
            }
        }
        w = atten * (1.0f - refl);
        for (k = 0; k < 3; k++)
            col[k] = fmaf(w, shade[k], col[k]);
        atten = atten * refl;
        if (!(refl > 0.0f))
            break;
        dn = fmaf(d[2], n[2], fmaf(d[1], n[1], d[0] * n[0]));
        dn = dn + dn;
        for (k = 0; k < 3; k++) {
            d[k] = d[k] - n[k] * dn;
            o[k] = q[k];
        }
    }
    return 0xFF000000u | channel(col[2]) << 16 | channel(col[1]) << 8 | channel(col[0]);
}

static void test_raytracing_small(void)
{
    uint32_t *got, diffs = 0, i, colours = 0;
    stats st;
    unsigned x, y;
    memset(&st, 0, sizeof st);
    GS_CHECK_EQ(GS_OK, wlb_run("raytracing", "small", &wl, &host, &arena, &state));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "SCENE", scene));
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++)
            want[y * W + x] = trace(x, y, &st);
    for (i = 1; i < W * H; i++)
        colours += want[i] != want[i - 1];
    /* Sky above the horizon, spheres and plane below it; lit and shadowed
     * points; reflections; and an image that varies from pixel to pixel. */
    GS_CHECK(st.sky > W * H / 8u && st.sphere > W * H / 8u && st.plane > W * H / 8u);
    GS_CHECK_EQ(W * H, st.sky + st.sphere + st.plane);
    GS_CHECK(st.shadowed > 1000u && st.lit > W * H / 4u);
    GS_CHECK(st.reflected > W * H / 4u);
    GS_CHECK(colours > W * H / 4u);
    got = wlb_result32(&host, &wl, &state, "OUT");
    for (i = 0; i < W * H; i++) {
        if (got[i] != want[i] && diffs < 8u)
            printf("  OUT[%u] (%u, %u): got %08X want %08X\n", (unsigned)i, (unsigned)(i % W),
                   (unsigned)(i / W), (unsigned)got[i], (unsigned)want[i]);
        diffs += got[i] != want[i];
    }
    free(got);
    GS_CHECK_EQ(0, diffs);
}

int main(void)
{
    GS_RUN(test_raytracing_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
