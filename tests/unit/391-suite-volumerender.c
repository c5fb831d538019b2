/*
 * volumeRender (examples/suite/volumerender, CUDA SDK): the small
 * workload's 256 x 256 packed RGBA image equals a C reference bit for bit.
 * The arithmetic follows the PTX nvcc emits: u = fma(x / W, 2, -1) with the
 * division correctly rounded; each direction component fma(u, m0, v * m1)
 * - (m2 + m2); the length's rsqrt.approx (gpusim's, src/fp) of dz dz fused
 * onto dx dx fused onto dy dy; the slab test through correctly rounded
 * reciprocals; the first position fma(d, tnear, o), later ones step + pos;
 * the alpha times the density, the colour premultiplied, each sum fused as
 * fma(1 - alpha sum, c, sum); brightness, saturation, times 255 truncated.
 * Texture fetches call gpusim's texture unit (src/exec/texture.h, whose
 * filtering rules are fitted to an H100 and checked in their own tests) on
 * the host copies of the volume and the transfer function, as the reference
 * uses gpusim's rsqrt.approx.
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

static uint32_t render(unsigned x, unsigned y, const float m[12], const gs_tex_desc *vol,
                       const gs_tex_desc *tf, float *transfer, unsigned *hits)
{
    const float density = 0.05f, brightness = 1.0f, offset = 0.0f, scale = 1.0f;
    const float tstep = 0.01f;
    float u = fmaf((float)x / (float)W, 2.0f, -1.0f), v = fmaf((float)y / (float)W, 2.0f, -1.0f);
    float o[3], d[3], inv_r[3], tmin[3], tmax[3], pos[3], step[3], sum[4] = {0, 0, 0, 0};
    float len2, inv_len, tnear, tfar, t;
    int k, i;
    for (k = 0; k < 3; k++) {
        o[k] = m[4 * k + 3];
        d[k] = fmaf(u, m[4 * k], v * m[4 * k + 1]) - (m[4 * k + 2] + m[4 * k + 2]);
    }
    len2 = fmaf(d[2], d[2], fmaf(d[0], d[0], d[1] * d[1]));
    inv_len = wlb_f32(gs_f32_rsqrt_approx(wlb_bits(len2), 0));
    for (k = 0; k < 3; k++) {
        float bot, top;
        d[k] = inv_len * d[k];
        inv_r[k] = 1.0f / d[k];
        bot = (-1.0f - o[k]) * inv_r[k];
        top = (1.0f - o[k]) * inv_r[k];
        tmin[k] = fminf(top, bot);
        tmax[k] = fmaxf(top, bot);
    }
    tnear = fmaxf(fmaxf(tmin[0], tmin[1]), fmaxf(tmin[0], tmin[2]));
    tfar = fminf(fminf(tmax[0], tmax[1]), fminf(tmax[0], tmax[2]));
    if (!(tfar > tnear))
        return 0;   /* the cleared pixel */
    ++*hits;
    if (tnear < 0.0f)
        tnear = 0.0f;
    t = tnear;
    for (k = 0; k < 3; k++) {
        pos[k] = fmaf(d[k], tnear, o[k]);
        step[k] = d[k] * tstep;
    }
    for (i = 0; i < 500; i++) {
        float sample[4], col[4], alpha, rest;
        fetch(vol, volume, fmaf(pos[0], 0.5f, 0.5f), fmaf(pos[1], 0.5f, 0.5f),
              fmaf(pos[2], 0.5f, 0.5f), sample);
        fetch(tf, transfer, (sample[0] - offset) * scale, 0.0f, 0.0f, col);
        alpha = col[3] * density;
        rest = 1.0f - sum[3];
        for (k = 0; k < 3; k++)
            sum[k] = fmaf(rest, col[k] * alpha, sum[k]);
        sum[3] = fmaf(rest, alpha, sum[3]);
        if (sum[3] > 0.95f)
            break;
        t = t + tstep;
        if (t > tfar)
            break;
        for (k = 0; k < 3; k++)
            pos[k] = step[k] + pos[k];
    }
    return channel(sum[3] * brightness) << 24 | channel(sum[2] * brightness) << 16 |
           channel(sum[1] * brightness) << 8 | channel(sum[0] * brightness);
}

static void test_volumerender_small(void)
{
    const gs_wl_buffer *b;
    gs_datagen gen;
    gs_tex_desc vol, tf;
    uint32_t *view_bits, *transfer_bits, *got, diffs = 0, i, coloured = 0;
    float view[12], transfer[36];
    unsigned x, y, hits = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("volumerender", "small", &wl, &host, &arena, &state));
    b = &wl.buffers[test_buffer(&wl, "VOLUME")];
    gs_datagen_start(&gen, &b->init);
    for (i = 0; i < VOL * VOL * VOL; i++)
        volume[i] = (uint8_t)gs_datagen_next(&gen);
    view_bits = wlb_result32(&host, &wl, &state, "VIEW");   /* as the workload's sets wrote */
    transfer_bits = wlb_result32(&host, &wl, &state, "TRANSFER");
    memcpy(view, view_bits, sizeof view);
    memcpy(transfer, transfer_bits, sizeof transfer);
    GS_CHECK_EQ(0x3F5DB3D7u, view_bits[0]);   /* cos 30 degrees, rounded */
    GS_CHECK(transfer[4] == 1.0f && transfer[9] == 0.5f);
    describe(&vol, 3, GS_TEX_U8, 1, VOL);
    describe(&tf, 1, GS_TEX_F32, 4, 9);
    for (y = 0; y < W; y++)
        for (x = 0; x < W; x++) {
            want[y * W + x] = render(x, y, view, &vol, &tf, transfer, &hits);
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
