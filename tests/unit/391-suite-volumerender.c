/*
 * volumeRender (examples/suite/volumerender, CUDA SDK): the small
 * workload's 256 x 256 packed RGBA image equals a C reference bit for bit.
 * The view matrix and transfer function the reference uses are literals
 * here (small.gsw's set lines), checked against the device copies. The
 * arithmetic follows the PTX nvcc emits: u = fma(x / W, 2, -1) with the
 * division correctly rounded; each heading component fma(u, m0, v * m1)
 * - (m2 + m2); the length's rsqrt.approx (gpusim's, src/fp) of hz hz fused
 * onto hx hx fused onto hy hy; per axis the plane distances through a
 * correctly rounded reciprocal, the entry max(x's, max(y's, z's)) of the
 * nearer ones and the exit min(x's, min(y's, z's)) of the farther; the
 * first point fma(heading, dist, from), later ones stride + point; the
 * opacity the alpha times the density, each channel fused as
 * fma(1 - alpha so far, tint * opacity, channel); brightness, saturation,
 * times 255 truncated. Texture fetches call gpusim's texture unit
 * (src/exec/texture.h, whose filtering rules are fitted to an H100 and
 * checked in their own tests) on the host copies of the volume and the
 * transfer function, as the reference uses gpusim's rsqrt.approx.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "exec/texture.h"
#include "wlb_suite.h"

#define W 256u
#define VOL 32u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint8_t volume[VOL * VOL * VOL];
static uint32_t want[W * W];
/* The inverse view matrix, three rows (x, y, z, translation): the camera 4
 * units from the centre, turned 30 degrees about y (small.gsw's VIEW sets). */
static float view[12] = {
    0.8660254f, 0.0f, 0.5f,  2.0f,
    0.0f,       1.0f, 0.0f,  0.0f,
    -0.5f,      0.0f, 0.8660254f, 3.4641016f,
};
/* The transfer function, RGBA (small.gsw's TRANSFER sets): black, red,
 * orange, yellow, green, cyan, blue, magenta, black. */
static float transfer[36] = {
    0.0f, 0.0f, 0.0f, 0.0f,   1.0f, 0.0f, 0.0f, 1.0f,   1.0f, 0.5f, 0.0f, 1.0f,
    1.0f, 1.0f, 0.0f, 1.0f,   0.0f, 1.0f, 0.0f, 1.0f,   0.0f, 1.0f, 1.0f, 1.0f,
    0.0f, 0.0f, 1.0f, 1.0f,   1.0f, 0.0f, 1.0f, 1.0f,   0.0f, 0.0f, 0.0f, 0.0f,
};
static unsigned fetch_failures;

static int read_host(void *context, uint64_t address, unsigned bytes, uint64_t value[2])
{
    const uint8_t *base = (const uint8_t *)context;
    unsigned i;
    value[0] = value[1] = 0;
    for (i = 0; i < bytes; i++)
        value[i / 8u] |= (uint64_t)base[address + i] << (8u * (i % 8u));
    return 1;
}

static void fetch(const gs_tex_desc *desc, void *texels, float x, float y, float z,
                  float out[4])
{
    gs_tex_coords c;
    gs_tex_footprint footprint;
    uint32_t r[4];
    int k;
    memset(&c, 0, sizeof c);
    c.c[0] = wlb_bits(x);
    c.c[1] = wlb_bits(y);
    c.c[2] = wlb_bits(z);
    c.coords_float = 1;
    fetch_failures += !gs_tex_sample(desc, &c, read_host, texels, r, &footprint);
    for (k = 0; k < 4; k++)
        out[k] = wlb_f32(r[k]);
}

static uint32_t channel(float c)
{
    c = c < 0.0f ? 0.0f : c > 1.0f ? 1.0f : c;   /* cvt.sat */
    return (uint32_t)(c * 255.0f);
}

static void describe(gs_tex_desc *d, unsigned dims, unsigned format, unsigned channels,
                     unsigned width)
{
    memset(d, 0, sizeof *d);
    d->resource = GS_TEX_RES_ARRAY;
    d->dims = (uint8_t)dims;
    d->format = (uint8_t)format;
    d->channels = (uint8_t)channels;
    d->read_normalized = format == GS_TEX_U8;
    d->filter = GS_TEX_LINEAR;
    d->normalized_coords = 1;
    d->address[0] = d->address[1] = d->address[2] = GS_TEX_CLAMP;
    d->width = width;
    d->height = dims > 1 ? width : 1u;
    d->depth = dims > 2 ? width : 1u;
    d->pitch = (uint64_t)width * gs_tex_texel_bytes(d);
    d->slice = d->pitch * d->height;
}

/* The kernel's pixel (x, y): 0 where its line of sight misses the cube. */
static uint32_t render(unsigned x, unsigned y, const gs_tex_desc *vol, const gs_tex_desc *tf,
                       unsigned *hits)
{
    const float density = 0.05f, brightness = 1.0f, offset = 0.0f, scale = 1.0f;
    const float gap = 0.01f;
    float u = fmaf((float)x / (float)W, 2.0f, -1.0f), v = fmaf((float)y / (float)W, 2.0f, -1.0f);
    float from[3], heading[3], closer[3], farther[3], at[3], stride[3], px[4] = {0, 0, 0, 0};
    float len2, shrink, enter, leave, dist;
    int k, n;
    for (k = 0; k < 3; k++) {
        const float *row = &view[4 * k];
        from[k] = row[3];
        heading[k] = fmaf(u, row[0], v * row[1]) - (row[2] + row[2]);
    }
    len2 = fmaf(heading[2], heading[2], fmaf(heading[0], heading[0], heading[1] * heading[1]));
    shrink = wlb_f32(gs_f32_rsqrt_approx(wlb_bits(len2), 0));
    for (k = 0; k < 3; k++) {
        float recip, to_low, to_high;
        heading[k] = shrink * heading[k];
        recip = 1.0f / heading[k];
        to_low = (-1.0f - from[k]) * recip;
        to_high = (1.0f - from[k]) * recip;
        closer[k] = fminf(to_high, to_low);
        farther[k] = fmaxf(to_high, to_low);
    }
    enter = fmaxf(closer[0], fmaxf(closer[1], closer[2]));
    leave = fminf(farther[0], fminf(farther[1], farther[2]));
    if (!(leave > enter))
        return 0;   /* the cleared pixel */
    ++*hits;
    dist = enter < 0.0f ? 0.0f : enter;
    for (k = 0; k < 3; k++) {
        at[k] = fmaf(heading[k], dist, from[k]);
        stride[k] = heading[k] * gap;
    }
    for (n = 0; n < 500; n++) {
        float level[4], tint[4], opacity, through;
        fetch(vol, volume, fmaf(at[0], 0.5f, 0.5f), fmaf(at[1], 0.5f, 0.5f),
              fmaf(at[2], 0.5f, 0.5f), level);
        fetch(tf, transfer, (level[0] - offset) * scale, 0.0f, 0.0f, tint);
        opacity = tint[3] * density;
        through = 1.0f - px[3];
        for (k = 0; k < 3; k++)
            px[k] = fmaf(through, tint[k] * opacity, px[k]);
        px[3] = fmaf(through, opacity, px[3]);
        if (px[3] > 0.95f)
            break;
        dist = dist + gap;
        if (dist > leave)
            break;
        for (k = 0; k < 3; k++)
            at[k] = stride[k] + at[k];
    }
    return channel(px[3] * brightness) << 24 | channel(px[2] * brightness) << 16 |
           channel(px[1] * brightness) << 8 | channel(px[0] * brightness);
}

static void test_volumerender_small(void)
{
    gs_tex_desc vol, tf;
    uint32_t *view_bits, *transfer_bits, *got, diffs = 0, i, coloured = 0;
    unsigned x, y, hits = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("volumerender", "small", &wl, &host, &arena, &state));
    wlb_initial8(&wl, "VOLUME", volume);
    /* The workload's set lines wrote the literals above: the device copies match them. */
    view_bits = wlb_result32(&host, &wl, &state, "VIEW");
    transfer_bits = wlb_result32(&host, &wl, &state, "TRANSFER");
    GS_CHECK_EQ(0x3F5DB3D7u, wlb_bits(view[0]));   /* cos 30 degrees, rounded */
    for (i = 0; i < 12; i++)
        GS_CHECK_EQ(wlb_bits(view[i]), view_bits[i]);
    for (i = 0; i < 36; i++)
        GS_CHECK_EQ(wlb_bits(transfer[i]), transfer_bits[i]);
    describe(&vol, 3, GS_TEX_U8, 1, VOL);
    describe(&tf, 1, GS_TEX_F32, 4, 9);
    for (y = 0; y < W; y++)
        for (x = 0; x < W; x++) {
            want[y * W + x] = render(x, y, &vol, &tf, &hits);
            coloured += (want[y * W + x] & 0x00FFFFFFu) != 0;
        }
    GS_CHECK(hits > W * W / 8u && hits < W * W);   /* some rays miss the box */
    GS_CHECK(coloured > hits / 2u);
    got = wlb_result32(&host, &wl, &state, "OUT");
    for (i = 0; i < W * W; i++)
        diffs += got[i] != want[i];
    free(got);
    free(view_bits);
    free(transfer_bits);
    GS_CHECK_EQ(0, fetch_failures);
    GS_CHECK_EQ(0, diffs);
}

int main(void)
{
    GS_RUN(test_volumerender_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
