/* The texture unit's arithmetic (exec/texture.c) against what real GPUs
 * returned, bit for bit: every line of tests/device/h100/tex_probe.txt
 * (tests/device/tex_probe.cu, an H100) and tests/device/h200/
 * tex_probe2.txt (tests/device/tex_probe2.cu, an H200), read at run time
 * (cwd = the repository root). Each case rebuilds the probe's texels in a
 * small memory and its texture descriptor; a case texture.c matches fully
 * is asserted on every line, the others on their exact count of matching
 * lines (so any change shows; at present every case matches fully). And
 * every result of tests/device/h200/tex_probe3.bin (tests/device/
 * tex_probe3.cu, an H200: filter weights and weighted sums), its texels
 * and coordinates regenerated from the probe's LCG. Also hand-written
 * checks: the footprint of a 2-D linear fetch, a wrap-mode point fetch, a
 * border fetch, linear memory out of range, integer element reads,
 * surface addresses. */
#include "check.h"

#include "exec/texture.h"

/* ---- a small device memory ---- */

#define BASE 0x10000u
#define MEM_BYTES 0x4000u
static uint8_t mem[MEM_BYTES];
static unsigned reads;

static int read_mem(void *context, uint64_t address, unsigned bytes, uint64_t value[2])
{
    unsigned i;
    (void)context;
    reads++;
    if (address < BASE || address - BASE + bytes > MEM_BYTES)
        return 0;
    value[0] = value[1] = 0;
    for (i = 0; i < bytes; i++)
        value[i / 8u] |= (uint64_t)mem[address - BASE + i] << (8u * (i % 8u));
    return 1;
}

static uint32_t fbits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static float bitsf(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static void put(uint64_t at, uint64_t v, unsigned bytes)
{
    unsigned i;
    for (i = 0; i < bytes; i++)
        mem[at + i] = (uint8_t)(v >> (8u * i));
}

/* f32 -> f16 bits, round to nearest even, for the probe's normal values */
static uint16_t f16_of(float f)
{
    uint32_t b = fbits(f), m = b & 0x7fffffu, s = (b >> 16) & 0x8000u;
    int e = (int)((b >> 23) & 0xffu) - 127 + 15;
    uint32_t keep, rest;
    if ((b & 0x7fffffffu) == 0)
        return (uint16_t)s;
    keep = m >> 13;
    rest = m & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (keep & 1u)))
        keep++;
    if (keep == 0x400u) {
        keep = 0;
        e++;
    }
    return (uint16_t)(s | ((uint32_t)e << 10) | keep);
}

/* ---- the probes' textures ---- */

enum { W = 5, H = 4 };

static float tf(int x, int y)
{
    return x * 1.25f + y * 10.0f + ((x * 7 + y * 3) % 11) * 0.3125f;
}

static gs_tex_desc desc_of(unsigned format, unsigned channels, unsigned dims, uint32_t w,
                           uint32_t h, uint32_t d)
{
    gs_tex_desc t;
    memset(&t, 0, sizeof t);
    t.resource = GS_TEX_RES_ARRAY;
    t.dims = (uint8_t)dims;
    t.format = (uint8_t)format;
    t.channels = (uint8_t)channels;
    t.width = w;
    t.height = h;
    t.depth = d;
    t.base = BASE;
    t.pitch = (uint64_t)w * gs_tex_texel_bytes(&t);
    t.slice = t.pitch * h;
    return t;
}

static void modes(gs_tex_desc *t, unsigned filter, unsigned address, unsigned norm,
                  unsigned normread)
{
    t->filter = (uint8_t)filter;
    t->address[0] = t->address[1] = t->address[2] = (uint8_t)address;
    t->normalized_coords = (uint8_t)norm;
    t->read_normalized = (uint8_t)normread;
}

/* Texture kinds, each filling mem[] */
enum {
    T_F2D, T_U8X4, T_F1D15, T_F3D, T_F3DA, T_U8N, T_S8N, T_U16N, T_S16N, T_SW32, T_SW8,
    T_SW16, T_S32, T_LAYER, T_LIN, T_SURF, T_PITCH
};

static gs_tex_desc build(int kind)
{
    gs_tex_desc t;
    int x, y, z, i;
    memset(mem, 0, sizeof mem);
    switch (kind) {
    case T_F2D:
        t = desc_of(GS_TEX_F32, 1, 2, W, H, 1);
        for (y = 0; y < H; y++)
            for (x = 0; x < W; x++)
                put((uint64_t)(y * W + x) * 4u, fbits(tf(x, y)), 4);
        return t;
    case T_PITCH:   /* pitched like cudaMallocPitch: 512-byte rows */
        t = desc_of(GS_TEX_F32, 1, 2, W, H, 1);
        t.resource = GS_TEX_RES_PITCH2D;
        t.pitch = 512;
        for (y = 0; y < H; y++)
            for (x = 0; x < W; x++)
                put((uint64_t)y * 512u + (uint64_t)x * 4u, fbits(tf(x, y)), 4);
        return t;
    case T_U8X4:
        t = desc_of(GS_TEX_U8, 4, 2, W, H, 1);
        for (y = 0; y < H; y++)
            for (x = 0; x < W; x++) {
                uint64_t at = (uint64_t)(y * W + x) * 4u;
                mem[at] = (uint8_t)((x * 53 + y * 29) & 255);
                mem[at + 1] = (uint8_t)((x * 17 + y * 101) & 255);
                mem[at + 2] = (uint8_t)((x * y * 37 + 5) & 255);
                mem[at + 3] = (uint8_t)(255 - x * 40);
            }
        return t;
    case T_F1D15:
        t = desc_of(GS_TEX_F32, 1, 1, 15, 1, 1);
        for (i = 0; i < 15; i++)
            put((uint64_t)i * 4u, fbits(i * i * 0.5f - i * 3.0f), 4);
        return t;
    case T_F3D:
    case T_F3DA:
        t = desc_of(GS_TEX_F32, 1, 3, W, H, 3);
        for (z = 0; z < 3; z++)
            for (y = 0; y < H; y++)
                for (x = 0; x < W; x++)
                    put((uint64_t)((z * H + y) * W + x) * 4u,
                        fbits(tf(x, y) + z * 100.0f + (kind == T_F3DA && z == 1 ? 0.375f : 0.0f)),
                        4);
        return t;
    case T_U8N:
    case T_S8N:
        t = desc_of(kind == T_U8N ? GS_TEX_U8 : GS_TEX_S8, 1, 1, 256, 1, 1);
        for (i = 0; i < 256; i++)
            mem[i] = (uint8_t)(kind == T_U8N ? i : i - 128);
        return t;
    case T_U16N:
    case T_S16N:
        t = desc_of(kind == T_U16N ? GS_TEX_U16 : GS_TEX_S16, 1, 1, 512, 1, 1);
        for (i = 0; i < 512; i++) {
            int v = i < 256 ? i : (i * 131 + (i % 7) * 4099) & 0xffff;
            if (kind == T_S16N)
                v = i < 256 ? i - 128 : v - 32768;
            put((uint64_t)i * 2u, (uint64_t)(uint16_t)v, 2);
        }
        return t;
    case T_SW32: {
        static const float t32[8] = {0.0f, 1.0f, -3.5f, 1000.25f, 0.1f, 7.0f, -0.0078125f,
                                     65536.5f};
        t = desc_of(GS_TEX_F32, 1, 1, 8, 1, 1);
        for (i = 0; i < 8; i++)
            put((uint64_t)i * 4u, fbits(t32[i]), 4);
        return t;
    }
    case T_SW8: {
        static const uint8_t t8[8] = {0, 255, 1, 254, 17, 128, 127, 3};
        t = desc_of(GS_TEX_U8, 1, 1, 8, 1, 1);
        memcpy(mem, t8, 8);
        return t;
    }
    case T_SW16: {
        static const float h16[8] = {0.0f, 1.0f, -3.5f, 1000.5f, 0.099975586f, 7.0f,
                                     -0.0078125f, 65504.0f};
        t = desc_of(GS_TEX_F16, 1, 1, 8, 1, 1);
        for (i = 0; i < 8; i++)
            put((uint64_t)i * 2u, f16_of(h16[i]), 2);
        return t;
    }
    case T_S32:
        t = desc_of(GS_TEX_S32, 1, 2, W, H, 1);
        for (y = 0; y < H; y++)
            for (x = 0; x < W; x++)
                put((uint64_t)(y * W + x) * 4u, (uint32_t)(x * 1000 - y * 77 + 5), 4);
        return t;
    case T_LAYER:
        t = desc_of(GS_TEX_F32, 1, 2, W, H, 3);
        t.layered = 1;
        for (z = 0; z < 3; z++)
            for (y = 0; y < H; y++)
                for (x = 0; x < W; x++)
                    put((uint64_t)((z * H + y) * W + x) * 4u, fbits(tf(x, y) + z * 100.0f), 4);
        return t;
    case T_LIN:
        t = desc_of(GS_TEX_F32, 1, 1, 16, 1, 1);
        t.resource = GS_TEX_RES_LINEAR;
        for (i = 0; i < 16; i++)
            put((uint64_t)i * 4u, fbits(i * 3.25f - 7.0f), 4);
        return t;
    default:   /* T_SURF */
        t = desc_of(GS_TEX_S32, 1, 2, W, H, 1);
        t.is_surface = 1;
        for (y = 0; y < H; y++)
            for (x = 0; x < W; x++)
                put((uint64_t)(y * W + x) * 4u, (uint32_t)(x * 1000 + y * 7 + 1), 4);
        return t;
    }
}

/* How a case reads: sample, gather of a component, surface, fetch. */
enum { K_SAMPLE, K_GATHER0, K_GATHER1, K_GATHER2, K_GATHER3, K_SURF_CLAMP, K_SURF_ZERO };

typedef struct probe_case {
    const char *name;
    int texture;
    unsigned filter, address, norm, normread;
    unsigned ncoords;     /* coordinates on the line */
    unsigned ncomp;       /* components compared (scalar kernels: 1) */
    int kind;
    uint32_t border;      /* f32 bits */
    int want;             /* matching lines asserted; -1: every line */
} probe_case;

#define P GS_TEX_POINT
#define L GS_TEX_LINEAR
#define CL GS_TEX_CLAMP
#define BO GS_TEX_BORDER
#define WR GS_TEX_WRAP
#define MI GS_TEX_MIRROR

static const probe_case cases[] = {
    /* tests/device/h100/tex_probe.txt */
    {"f32_point_clamp", T_F2D, P, CL, 0, 0, 2, 1, K_SAMPLE, 0, -1},
    {"f32_linear_clamp", T_F2D, L, CL, 0, 0, 2, 1, K_SAMPLE, 0, -1},
    {"f32_linear_border", T_F2D, L, BO, 0, 0, 2, 1, K_SAMPLE, 0, -1},
    {"f32_point_border", T_F2D, P, BO, 0, 0, 2, 1, K_SAMPLE, 0, -1},
    {"f32_point_wrap_norm", T_F2D, P, WR, 1, 0, 2, 1, K_SAMPLE, 0, -1},
    {"f32_linear_wrap_norm", T_F2D, L, WR, 1, 0, 2, 1, K_SAMPLE, 0, -1},
    {"f32_point_mirror_norm", T_F2D, P, MI, 1, 0, 2, 1, K_SAMPLE, 0, -1},
    {"f32_linear_mirror_norm", T_F2D, L, MI, 1, 0, 2, 1, K_SAMPLE, 0, -1},
    {"f32_linear_clamp_norm", T_F2D, L, CL, 1, 0, 2, 1, K_SAMPLE, 0, -1},
    {"f32_gather0_clamp", T_F2D, P, CL, 0, 0, 2, 4, K_GATHER0, 0, -1},
    {"f32_gather1_clamp", T_F2D, P, CL, 0, 0, 2, 4, K_GATHER1, 0, -1},
    {"u8x4_linear_clamp_normread", T_U8X4, L, CL, 0, 1, 2, 4, K_SAMPLE, 0, -1},
    {"u8x4_point_wrap_norm_normread", T_U8X4, P, WR, 1, 1, 2, 4, K_SAMPLE, 0, -1},
    {"u8x4_linear_wrap_norm_normread", T_U8X4, L, WR, 1, 1, 2, 4, K_SAMPLE, 0, -1},
    {"f32_1d_linear_clamp", T_F1D15, L, CL, 0, 0, 1, 1, K_SAMPLE, 0, -1},
    {"f32_3d_linear_clamp", T_F3D, L, CL, 0, 0, 3, 1, K_SAMPLE, 0, -1},
    {"f32_3d_linear_wrap_norm", T_F3D, L, WR, 1, 0, 3, 1, K_SAMPLE, 0, -1},
    /* tests/device/h200/tex_probe2.txt */
    {"u8_normread", T_U8N, P, CL, 0, 1, 1, 1, K_SAMPLE, 0, -1},
    {"s8_normread", T_S8N, P, CL, 0, 1, 1, 1, K_SAMPLE, 0, -1},
    {"u16_normread", T_U16N, P, CL, 0, 1, 1, 1, K_SAMPLE, 0, -1},
    {"s16_normread", T_S16N, P, CL, 0, 1, 1, 1, K_SAMPLE, 0, -1},
    {"f32_1d_linear_sweep", T_SW32, L, CL, 0, 0, 1, 1, K_SAMPLE, 0, -1},
    {"u8_1d_linear_sweep", T_SW8, L, CL, 0, 1, 1, 1, K_SAMPLE, 0, -1},
    {"f16_1d_linear_sweep", T_SW16, L, CL, 0, 0, 1, 1, K_SAMPLE, 0, -1},
    {"f16_1d_point_sweep", T_SW16, P, CL, 0, 0, 1, 1, K_SAMPLE, 0, -1},
    {"f32_1d_linear_wrap_norm_sweep", T_SW32, L, WR, 1, 0, 1, 1, K_SAMPLE, 0, -1},
    {"f32_1d_point_clamp_norm_sweep", T_SW32, P, CL, 1, 0, 1, 1, K_SAMPLE, 0, -1},
    {"f32_1d_point_mirror_norm_sweep", T_SW32, P, MI, 1, 0, 1, 1, K_SAMPLE, 0, -1},
    {"f32_3d_linear_clamp_axis", T_F3DA, L, CL, 0, 0, 3, 1, K_SAMPLE, 0, -1},
    {"f32_3d_linear_wrap_norm_axis", T_F3DA, L, WR, 1, 0, 3, 1, K_SAMPLE, 0, -1},
    {"f32_3d_point_wrap_norm_axis", T_F3DA, P, WR, 1, 0, 3, 1, K_SAMPLE, 0, -1},
    {"f32_3d_linear_clamp_norm_axis", T_F3DA, L, CL, 1, 0, 3, 1, K_SAMPLE, 0, -1},
    {"f32_point_clamp_norm_edges", T_F2D, P, CL, 1, 0, 2, 1, K_SAMPLE, 0, -1},
    {"f32_pitch2d_linear_clamp", T_PITCH, L, CL, 0, 0, 2, 1, K_SAMPLE, 0, -1},
    {"f32_point_border75", T_F2D, P, BO, 0, 0, 2, 1, K_SAMPLE, 0x40f00000u, -1},
    {"f32_linear_border75", T_F2D, L, BO, 0, 0, 2, 1, K_SAMPLE, 0x40f00000u, -1},
    {"s32_point_clamp", T_S32, P, CL, 0, 0, 2, 1, K_SAMPLE, 0, -1},
    {"s32_point_border", T_S32, P, BO, 0, 0, 2, 1, K_SAMPLE, 0, -1},
    {"u8x4_point_clamp_normread", T_U8X4, P, CL, 0, 1, 2, 4, K_SAMPLE, 0, -1},
    {"u8x4_gather0_clamp_normread", T_U8X4, P, CL, 0, 1, 2, 4, K_GATHER0, 0, -1},
    {"u8x4_gather1_clamp_normread", T_U8X4, P, CL, 0, 1, 2, 4, K_GATHER1, 0, -1},
    {"u8x4_gather2_clamp_normread", T_U8X4, P, CL, 0, 1, 2, 4, K_GATHER2, 0, -1},
    {"u8x4_gather3_clamp_normread", T_U8X4, P, CL, 0, 1, 2, 4, K_GATHER3, 0, -1},
    {"f32_layered_linear_clamp", T_LAYER, L, CL, 0, 0, 3, 1, K_SAMPLE, 0, -1},
    {"f32_fetch_linear", T_LIN, P, CL, 0, 0, 1, 1, K_SAMPLE, 0, -1},
    {"s32_surf2d_clamp", T_SURF, P, CL, 0, 0, 2, 1, K_SURF_CLAMP, 0, -1},
    {"s32_surf2d_zero", T_SURF, P, CL, 0, 0, 2, 1, K_SURF_ZERO, 0, -1},
};
#define NCASES (sizeof cases / sizeof cases[0])

static unsigned lines_seen[NCASES], lines_ok[NCASES];
static int verbose;

static int find_case(const char *name)
{
    unsigned k;
    for (k = 0; k < NCASES; k++)
        if (strcmp(cases[k].name, name) == 0)
            return (int)k;
    return -1;
}

/* One probe line: run the case at its coordinates, compare. */
static int run_line(const probe_case *pc, const uint32_t c[3], const uint32_t want[4],
                    uint32_t got[4])
{
    gs_tex_desc t = build(pc->texture);
    gs_tex_coords co;
    gs_tex_footprint fp;
    unsigned k;
    modes(&t, pc->filter, pc->address, pc->norm, pc->normread);
    for (k = 0; k < 4u; k++)
        t.border[k] = pc->border;
    memset(&co, 0, sizeof co);
    memset(got, 0, 4u * sizeof got[0]);
    co.coords_float = 1;
    co.c[0] = c[0];
    co.c[1] = c[1];
    co.c[2] = c[2];
    if (pc->texture == T_LAYER) {   /* tex2DLayered(t, u, v, (int)w) */
        co.c[2] = 0;
        co.layer = (uint32_t)(int32_t)bitsf(c[2]);
    }
    if (pc->texture == T_LIN) {     /* tex1Dfetch(t, (int)u) */
        co.coords_float = 0;
        co.c[0] = (uint32_t)(int32_t)bitsf(c[0]);
    }
    if (pc->kind == K_SURF_CLAMP || pc->kind == K_SURF_ZERO) {
        uint64_t at, v[2] = {0, 0};
        if (gs_surf_address(&t, 2, (int32_t)bitsf(c[0]), (int32_t)bitsf(c[1]), 0, 4,
                            pc->kind == K_SURF_CLAMP ? GS_SURF_CLAMP : GS_SURF_ZERO, &at))
            read_mem(NULL, at, 4, v);
        got[0] = (uint32_t)v[0];
    } else if (pc->kind >= K_GATHER0 && pc->kind <= K_GATHER3) {
        if (!gs_tex_gather(&t, (unsigned)(pc->kind - K_GATHER0), &co, read_mem, NULL, got, &fp))
            return 0;
    } else if (!gs_tex_sample(&t, &co, read_mem, NULL, got, &fp)) {
        return 0;
    }
    for (k = 0; k < pc->ncomp; k++)
        if (got[k] != want[k])
            return 0;
    return 1;
}

static int load_probe(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[512];
    if (!f) {
        printf("  cannot open %s\n", path);
        return 0;
    }
    while (fgets(line, sizeof line, f)) {
        char name[64];
        unsigned long v[7];
        uint32_t c[3] = {0, 0, 0}, want[4], got[4];
        int n, idx, k, ok;
        const probe_case *pc;
        if (line[0] == '#')
            continue;
        n = sscanf(line, "%63s %lx %lx %lx %lx %lx %lx %lx", name, &v[0], &v[1], &v[2], &v[3],
                   &v[4], &v[5], &v[6]);
        idx = find_case(name);
        if (idx < 0) {
            printf("  %s: unknown case %s\n", path, name);
            fclose(f);
            return 0;
        }
        pc = &cases[idx];
        if (n != 1 + (int)pc->ncoords + 4) {
            printf("  %s: malformed line for %s\n", path, name);
            fclose(f);
            return 0;
        }
        for (k = 0; k < (int)pc->ncoords; k++)
            c[k] = (uint32_t)v[k];
        for (k = 0; k < 4; k++)
            want[k] = (uint32_t)v[pc->ncoords + (unsigned)k];
        ok = run_line(pc, c, want, got);
        lines_seen[idx]++;
        lines_ok[idx] += (unsigned)ok;
        if (!ok && verbose)
            printf("  miss %s %08x %08x %08x: want %08x %08x %08x %08x got %08x %08x %08x %08x\n",
                   name, c[0], c[1], c[2], want[0], want[1], want[2], want[3], got[0], got[1],
                   got[2], got[3]);
    }
    fclose(f);
    return 1;
}

static void test_probes(void)
{
    unsigned k;
    GS_CHECK(load_probe("tests/device/h100/tex_probe.txt"));
    GS_CHECK(load_probe("tests/device/h200/tex_probe2.txt"));
    for (k = 0; k < NCASES; k++) {
        unsigned want = cases[k].want < 0 ? lines_seen[k] : (unsigned)cases[k].want;
        if (verbose)
            printf("  %-34s %4u/%u\n", cases[k].name, lines_ok[k], lines_seen[k]);
        GS_CHECK(lines_seen[k] > 0);
        if (lines_ok[k] != want)
            printf("  %s: %u of %u lines match, expected %u\n", cases[k].name, lines_ok[k],
                   lines_seen[k], want);
        GS_CHECK_EQ(want, lines_ok[k]);
    }
}

/* ---- tests/device/h200/tex_probe3.bin ---- */

/* tests/device/tex_probe3.cu's generator: a 64-bit LCG, the value s >> 33. */
static uint64_t lcg;

static uint32_t lcg_next(void)
{
    lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(lcg >> 33);
}

/* A texel: sign from bit 0, exponent 2^-4 .. 2^4, 23 random mantissa bits. */
static uint32_t lcg_texel(void)
{
    uint32_t v = lcg_next();
    return (v & 1u) << 31 | (127u + (v >> 1) % 9u - 4u) << 23 | ((v >> 5) & 0x7fffffu);
}

#define P3_WORDS 17920u   /* A: 4096 + 8192, B: 4096, C: 1024, D: 512 */
static uint32_t p3[P3_WORDS];

static int load_probe3(void)
{
    FILE *f = fopen("tests/device/h200/tex_probe3.bin", "rb");
    uint8_t b[4];
    unsigned i;
    if (!f) {
        printf("  cannot open tests/device/h200/tex_probe3.bin\n");
        return 0;
    }
    for (i = 0; i < P3_WORDS && fread(b, 1, 4, f) == 4; i++)
        p3[i] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    fclose(f);
    return i == P3_WORDS;
}

/* An f32 texture of w x h x d texels (dims 1..3), linear, clamp,
 * unnormalised, as the probe makes it; texels from mem[0]. */
static gs_tex_desc p3_desc(unsigned dims, uint32_t w, uint32_t h, uint32_t d)
{
    gs_tex_desc t = desc_of(GS_TEX_F32, 1, dims, w, h, d);
    modes(&t, GS_TEX_LINEAR, GS_TEX_CLAMP, 0, 0);
    return t;
}

/* One probe3 result: 1 when the sample at (u, v, w) is `want`. */
static int p3_sample(const gs_tex_desc *t, float u, float v, float w, uint32_t want)
{
    gs_tex_coords co;
    gs_tex_footprint fp;
    uint32_t out[4];
    memset(&co, 0, sizeof co);
    co.coords_float = 1;
    co.c[0] = fbits(u);
    co.c[1] = fbits(v);
    co.c[2] = fbits(w);
    if (!gs_tex_sample(t, &co, read_mem, NULL, out, &fp))
        return 0;
    if (out[0] != want && verbose)
        printf("  miss probe3 %08x %08x %08x: want %08x got %08x\n", co.c[0], co.c[1], co.c[2],
               want, out[0]);
    return out[0] == want;
}

/* Part A, the weights: one texel 1.0 of a 2x2 (2x2x2) texture, the others
 * 0, at 1024 points inside the texel centres; the result is its weight. */
static unsigned probe3_weights(unsigned dims)
{
    static float pu[1024], pv[1024], pw[1024];
    unsigned i, c, ok = 0, corners = dims == 2u ? 4u : 8u;
    lcg = 1;
    for (i = 0; i < 1024u; i++) {
        pu[i] = 0.5f + (float)(lcg_next() % 65536u) / 65536.0f;
        pv[i] = 0.5f + (float)(lcg_next() % 65536u) / 65536.0f;
        pw[i] = 0.5f + (float)(lcg_next() % 65536u) / 65536.0f;
    }
    for (c = 0; c < corners; c++) {
        gs_tex_desc t = p3_desc(dims, 2, 2, dims == 2u ? 1u : 2u);
        const uint32_t *want = p3 + (dims == 2u ? 0u : 4096u) + c * 1024u;
        memset(mem, 0, sizeof mem);
        put((uint64_t)c * 4u, fbits(1.0f), 4);
        for (i = 0; i < 1024u; i++)
            ok += (unsigned)p3_sample(&t, pu[i], pv[i], pw[i], want[i]);
    }
    return ok;
}

/* Part B, 1-D sums: 128 texels, pair i blended at 64 weights kk / 256. */
static unsigned probe3_1d(void)
{
    gs_tex_desc t = p3_desc(1, 128, 1, 1);
    unsigned i, k, ok = 0;
    memset(mem, 0, sizeof mem);
    lcg = 2;
    for (i = 0; i < 128u; i++)
        put((uint64_t)i * 4u, lcg_texel(), 4);
    for (i = 0; i < 64u; i++)
        for (k = 0; k < 64u; k++) {
            unsigned kk = (k / 4u) * 16u + (lcg_next() % 4u) * 4u + k % 4u;
            ok += (unsigned)p3_sample(&t, (float)(2u * i) + 0.5f + (float)kk / 256.0f, 0.0f,
                                      0.0f, p3[12288u + i * 64u + k]);
        }
    return ok;
}

/* Parts C and D, 2-D and 3-D sums: a 64x2 (32x2x2) texture, 32 random
 * fractions a, b (and c) at each pair of columns 2i, 2i + 1. */
static unsigned probe3_sums(unsigned dims)
{
    uint32_t w = dims == 2u ? 64u : 32u, d = dims == 2u ? 1u : 2u;
    gs_tex_desc t = p3_desc(dims, w, 2, d);
    const uint32_t *want = p3 + (dims == 2u ? 16384u : 17408u);
    unsigned i, k, ok = 0;
    memset(mem, 0, sizeof mem);
    lcg = dims == 2u ? 3u : 4u;
    for (i = 0; i < w * 2u * d; i++)
        put((uint64_t)i * 4u, lcg_texel(), 4);
    for (i = 0; i < w / 2u; i++)
        for (k = 0; k < 32u; k++) {
            float u = (float)(2u * i) + 0.5f + (float)(lcg_next() % 256u) / 256.0f;
            float v = 0.5f + (float)(lcg_next() % 256u) / 256.0f;
            float z = dims == 3u ? 0.5f + (float)(lcg_next() % 256u) / 256.0f : 0.0f;
            ok += (unsigned)p3_sample(&t, u, v, z, want[i * 32u + k]);
        }
    return ok;
}

/* Every result of tests/device/h200/tex_probe3.bin (tests/device/
 * tex_probe3.cu, an H200) matches. */
static void test_probe3(void)
{
    unsigned a2, a3, b, c, d;
    GS_CHECK(load_probe3());
    a2 = probe3_weights(2);
    a3 = probe3_weights(3);
    b = probe3_1d();
    c = probe3_sums(2);
    d = probe3_sums(3);
    if (verbose)
        printf("  probe3: A 2-D %u/4096, A 3-D %u/8192, B %u/4096, C %u/1024, D %u/512\n", a2,
               a3, b, c, d);
    GS_CHECK_EQ(4096, a2);
    GS_CHECK_EQ(8192, a3);
    GS_CHECK_EQ(4096, b);
    GS_CHECK_EQ(1024, c);
    GS_CHECK_EQ(512, d);
}

/* ---- hand-written checks ---- */

static gs_tex_coords fco(float u, float v, float w)
{
    gs_tex_coords co;
    memset(&co, 0, sizeof co);
    co.coords_float = 1;
    co.c[0] = fbits(u);
    co.c[1] = fbits(v);
    co.c[2] = fbits(w);
    return co;
}

/* A 2-D linear fetch reads the 2x2 texels (i,j), (i+1,j), (i,j+1),
 * (i+1,j+1) around x - 0.5, y - 0.5; a clamped footprint lists each
 * address once. The weights: a = 0.25, b = 0.5. */
static void test_linear_footprint(void)
{
    gs_tex_desc t = build(T_F2D);
    gs_tex_coords co = fco(2.75f, 1.0f, 0.0f);
    gs_tex_footprint fp;
    uint32_t out[4];
    modes(&t, GS_TEX_LINEAR, GS_TEX_CLAMP, 0, 0);
    GS_CHECK(gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
    GS_CHECK_EQ(4, fp.count);
    GS_CHECK_EQ(BASE + (0 * W + 2) * 4u, fp.addr[0]);
    GS_CHECK_EQ(BASE + (0 * W + 3) * 4u, fp.addr[1]);
    GS_CHECK_EQ(BASE + (1 * W + 2) * 4u, fp.addr[2]);
    GS_CHECK_EQ(BASE + (1 * W + 3) * 4u, fp.addr[3]);
    /* (0.75*0.5*tf(2,0) + 0.25*0.5*tf(3,0) + 0.75*0.5*tf(2,1) + 0.25*0.5*tf(3,1)) exactly */
    GS_CHECK_EQ(fbits(0.375f * tf(2, 0) + 0.125f * tf(3, 0) + 0.375f * tf(2, 1)
                      + 0.125f * tf(3, 1)), out[0]);
    GS_CHECK_EQ(0, out[1]);
    GS_CHECK_EQ(0, out[2]);
    GS_CHECK_EQ(0, out[3]);             /* a missing alpha reads 0, as on an H200 */
    co = fco(-3.0f, -3.0f, 0.0f);       /* all four clamp to texel (0,0) */
    GS_CHECK(gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
    GS_CHECK_EQ(1, fp.count);
    GS_CHECK_EQ(BASE, fp.addr[0]);
    GS_CHECK_EQ(fbits(tf(0, 0)), out[0]);
}

/* Wrap with normalised coordinates: u = 1.3 is texel floor(0.3 * 5) = 1,
 * v = -0.1 is texel floor(0.9 * 4) = 3; mirror: u = 1.3 is 5 - 1 - 1 = 3. */
static void test_wrap_mirror_point(void)
{
    gs_tex_desc t = build(T_F2D);
    gs_tex_coords co = fco(1.3f, -0.1f, 0.0f);
    gs_tex_footprint fp;
    uint32_t out[4];
    modes(&t, GS_TEX_POINT, GS_TEX_WRAP, 1, 0);
    GS_CHECK(gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
    GS_CHECK_EQ(fbits(tf(1, 3)), out[0]);
    GS_CHECK_EQ(1, fp.count);
    GS_CHECK_EQ(BASE + (3 * W + 1) * 4u, fp.addr[0]);
    modes(&t, GS_TEX_POINT, GS_TEX_MIRROR, 1, 0);
    co = fco(1.3f, 0.6f, 0.0f);
    GS_CHECK(gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
    GS_CHECK_EQ(fbits(tf(3, 2)), out[0]);
    /* integer coordinates with wrap: x = -1 is texel 4, y = 9 is texel 1 */
    memset(&co, 0, sizeof co);
    co.c[0] = (uint32_t)-1;
    co.c[1] = 9;
    modes(&t, GS_TEX_LINEAR, GS_TEX_WRAP, 0, 0);
    GS_CHECK(gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
    GS_CHECK_EQ(fbits(tf(4, 1)), out[0]);
}

/* Border: outside the texture the border colour (in the channels the
 * texture has), nothing read; a linear fetch half outside blends it in. */
static void test_border(void)
{
    gs_tex_desc t = build(T_F2D);
    gs_tex_coords co = fco(-0.5f, 1.5f, 0.0f);
    gs_tex_footprint fp;
    uint32_t out[4];
    unsigned k;
    modes(&t, GS_TEX_POINT, GS_TEX_BORDER, 0, 0);
    for (k = 0; k < 4u; k++)
        t.border[k] = fbits(2.0f + (float)k);
    reads = 0;
    GS_CHECK(gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
    GS_CHECK_EQ(0, fp.count);
    GS_CHECK_EQ(0, reads);
    GS_CHECK_EQ(fbits(2.0f), out[0]);
    /* channels the texture lacks read 0 even at the border, as on an H200
     * (tests/device/h200/texture/OF2.bin: an f32x2 border texture) */
    GS_CHECK_EQ(0, out[1]);
    GS_CHECK_EQ(0, out[3]);
    modes(&t, GS_TEX_LINEAR, GS_TEX_BORDER, 0, 0);
    co = fco(0.0f, 1.5f, 0.0f);         /* half texel (-1,1) = border, half (0,1) */
    GS_CHECK(gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
    GS_CHECK_EQ(2, fp.count);
    GS_CHECK_EQ(fbits(0.5f * 2.0f + 0.5f * tf(0, 1)), out[0]);
    GS_CHECK_EQ(0, out[3]);
}

/* tex1Dfetch on linear memory: in range the texel, outside zeros and no read. */
static void test_linear_resource(void)
{
    gs_tex_desc t = build(T_LIN);
    gs_tex_coords co;
    gs_tex_footprint fp;
    uint32_t out[4];
    memset(&co, 0, sizeof co);
    co.c[0] = 15;
    GS_CHECK(gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
    GS_CHECK_EQ(fbits(15 * 3.25f - 7.0f), out[0]);
    GS_CHECK_EQ(1, fp.count);
    GS_CHECK_EQ(BASE + 60u, fp.addr[0]);
    co.c[0] = 16;
    reads = 0;
    out[0] = out[3] = 7;
    GS_CHECK(gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
    GS_CHECK_EQ(0, out[0]);
    GS_CHECK_EQ(0, out[3]);
    GS_CHECK_EQ(0, fp.count);
    GS_CHECK_EQ(0, reads);
    co.c[0] = (uint32_t)-1;
    GS_CHECK(gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
    GS_CHECK_EQ(0, out[0]);
}

/* Integer element reads: sign-extended, never filtered, missing a = 1;
 * u8x4 as elements; a failing read reports 0. */
static void test_integer_reads(void)
{
    gs_tex_desc t = build(T_S32);
    gs_tex_coords co = fco(0.7f, 3.2f, 0.0f);
    gs_tex_footprint fp;
    uint32_t out[4];
    modes(&t, GS_TEX_LINEAR, GS_TEX_CLAMP, 0, 0);
    GS_CHECK(gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
    GS_CHECK_EQ((uint32_t)(0 - 3 * 77 + 5), out[0]);
    GS_CHECK_EQ(0, out[3]);   /* missing: 0 */
    t = build(T_U8X4);
    modes(&t, GS_TEX_POINT, GS_TEX_CLAMP, 0, 0);
    co = fco(1.5f, 2.5f, 0.0f);
    GS_CHECK(gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
    GS_CHECK_EQ((53 + 2 * 29) & 255, out[0]);
    GS_CHECK_EQ((17 + 2 * 101) & 255, out[1]);
    GS_CHECK_EQ((2 * 37 + 5) & 255, out[2]);
    GS_CHECK_EQ(255 - 40, out[3]);
    t = build(T_S8N);
    modes(&t, GS_TEX_POINT, GS_TEX_CLAMP, 0, 0);
    co = fco(0.5f, 0.0f, 0.0f);
    GS_CHECK(gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
    GS_CHECK_EQ(0xffffff80u, out[0]);   /* -128 as an element */
    t.base = 0x100;                      /* outside the memory */
    GS_CHECK(!gs_tex_sample(&t, &co, read_mem, NULL, out, &fp));
}

/* Surface addresses: inside, .clamp to the nearest texel, .zero/.trap out. */
static void test_surface(void)
{
    gs_tex_desc t = build(T_SURF);
    uint64_t at = 0;
    GS_CHECK(gs_surf_address(&t, 2, 8, 3, 0, 4, GS_SURF_TRAP, &at));
    GS_CHECK_EQ(BASE + 3u * 20u + 8u, at);
    GS_CHECK(!gs_surf_address(&t, 2, 20, 0, 0, 4, GS_SURF_TRAP, &at));
    GS_CHECK(!gs_surf_address(&t, 2, 18, 0, 0, 4, GS_SURF_ZERO, &at));   /* runs past the row */
    GS_CHECK(gs_surf_address(&t, 2, 40, -2, 0, 4, GS_SURF_CLAMP, &at));
    GS_CHECK_EQ(BASE + 16u, at);
    GS_CHECK(gs_surf_address(&t, 2, -4, 9, 0, 4, GS_SURF_CLAMP, &at));
    GS_CHECK_EQ(BASE + 3u * 20u, at);
}

int main(int argc, char **argv)
{
    verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
    GS_RUN(test_probes);
    GS_RUN(test_probe3);
    GS_RUN(test_linear_footprint);
    GS_RUN(test_wrap_mirror_point);
    GS_RUN(test_border);
    GS_RUN(test_linear_resource);
    GS_RUN(test_integer_reads);
    GS_RUN(test_surface);
    return gs_check_report();
}
