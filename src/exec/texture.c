/*
 * The texture unit's arithmetic (texture.h): coordinates to texel indices
 * under each address mode, texel formats to results, the filtering weights
 * and the one rounding of a filtered sum, tld4's four texels, and the
 * surface boundary modes.
 *
 * Every rule below was fitted to what an H100 (tests/device/h100/
 * tex_probe.txt) and an H200 (tests/device/h200/tex_probe2.txt,
 * tex_probe3.bin) returned; each says how many probe lines it matches
 * (tests/unit/369-exec-texture.c asserts the same counts: at present every
 * line of all three). The workload tests/workload/texture.gsw matches what
 * an H200 gave for it (tests/device/h200/texture/) in every word.
 * "Decision" marks behaviour the probes do not show.
 *
 * Everything is integer arithmetic on raw IEEE bits (DESIGN.md section 4):
 * a filtered value is a multi-word fixed-point sum of aligned texels,
 * rounded once.
 */
#include "exec/texture.h"

#include <string.h>

#include "fp/fpmath.h"

#define TX_F32_NAN 0x7fffffffu   /* the canonical NaN PTX arithmetic gives */

/* ---- formats ---- */

static unsigned tx_channel_bytes(unsigned format)
{
    switch (format) {
    case GS_TEX_U8: case GS_TEX_S8: return 1u;
    case GS_TEX_U16: case GS_TEX_S16: case GS_TEX_F16: return 2u;
    default: return 4u;
    }
}

unsigned gs_tex_texel_bytes(const gs_tex_desc *desc)
{
    return tx_channel_bytes(desc->format) * (desc->channels ? desc->channels : 1u);
}

static int tx_is_signed(unsigned format)
{
    return format == GS_TEX_S8 || format == GS_TEX_S16 || format == GS_TEX_S32;
}

/* 8- and 16-bit integer formats read as normalised floats; others (32-bit
 * integers, f16, f32) ignore read_normalized, as CUDA does. */
static int tx_normread(const gs_tex_desc *d)
{
    return d->read_normalized && d->format <= GS_TEX_S16;
}

/* The result is f32 bits (else an integer read as an element). */
static int tx_float_result(const gs_tex_desc *d)
{
    return d->format == GS_TEX_F16 || d->format == GS_TEX_F32 || tx_normread(d);
}

/* Largest magnitude of a normalised integer format: 255, 127, 65535, 32767. */
static int64_t tx_norm_den(unsigned format)
{
    switch (format) {
    case GS_TEX_U8: return 255;
    case GS_TEX_S8: return 127;
    case GS_TEX_U16: return 65535;
    default: return 32767;
    }
}

/* Channel `c` of a texel's bytes as an integer (sign-extended for signed
 * formats; f16/f32 as their bits). */
static int64_t tx_channel_raw(const gs_tex_desc *d, const uint64_t v[2], unsigned c)
{
    unsigned cb = tx_channel_bytes(d->format), bit = c * cb * 8u;
    uint64_t word = v[bit / 64u] >> (bit % 64u);
    uint64_t raw = cb == 4u ? word & 0xffffffffu : word & ((1ull << (cb * 8u)) - 1u);
    if (tx_is_signed(d->format) && (raw >> (cb * 8u - 1u)) & 1u)
        return (int64_t)raw - (int64_t)(1ull << (cb * 8u));
    return (int64_t)raw;
}

/* A channel value as a float result (f32 bits) for point reads and as a
 * filter input. Normalised reads: the correctly rounded v / 255 (127,
 * 65535, 32767), signed values clamped to -1.0 (matches all 256 u8, 256
 * s8, 512 u16 and 512 s16 lines of the *_normread cases). */
static uint32_t tx_channel_f32(const gs_tex_desc *d, int64_t raw)
{
    if (d->format == GS_TEX_F32)
        return (uint32_t)raw;
    if (d->format == GS_TEX_F16)
        return gs_f32_from_f16((uint16_t)raw);
    if (tx_normread(d)) {
        uint32_t q = gs_f32_div(gs_f32_from_s64(raw, GS_FROUND_RN),
                                gs_f32_from_s64(tx_norm_den(d->format), GS_FROUND_RN),
                                GS_FROUND_RN, 0);
        return tx_is_signed(d->format) && raw < -tx_norm_den(d->format) ? 0xbf800000u : q;
    }
    /* Decision: an integer read as an element has no float value; a
     * filter never sees one (tx_sample reads integers with point). */
    return gs_f32_from_s64(raw, GS_FROUND_RN);
}

/* ---- coordinates ---- */

/* floor(f * 2^k) of f32 bits, saturated to +-2^45 (far outside any
 * texture); NaN counts as 0 (decision). */
static int64_t tx_floor_scaled(uint32_t f, int k)
{
    const int64_t sat = (int64_t)1 << 45;
    unsigned exp = (f >> 23) & 0xffu;
    int neg = (int)(f >> 31);
    uint64_t m = f & 0x7fffffu;
    int e, sh;
    if (exp == 0xffu)
        return m ? 0 : (neg ? -sat : sat);
    if (exp)
        m |= 0x800000u;
    e = exp ? (int)exp - 150 : -149;
    if (m == 0)
        return 0;
    sh = e + k;
    if (sh >= 0) {
        if (sh > 21)
            return neg ? -sat : sat;
        return neg ? -(int64_t)(m << sh) : (int64_t)(m << sh);
    }
    if (-sh >= 40)
        return neg ? -1 : 0;
    if (!neg)
        return (int64_t)(m >> -sh);
    return -(int64_t)((m + (1ull << -sh) - 1u) >> -sh);
}

/* floor(v / 2^s) for any sign (C99's >> on negatives is not portable). */
static int64_t tx_floor_shr(int64_t v, unsigned s)
{
    if (v >= 0)
        return v >> s;
    return -(int64_t)(((uint64_t)-v + (1ull << s) - 1u) >> s);
}

/* Normalised coordinates are truncated to 21 fractional bits before they
 * are scaled by the size, exactly (matches all 2246 lines of
 * f32_point_clamp_norm_edges, the 1-D norm sweeps and the first probe's
 * five 2-D norm cases; 20 and 22 bits fit as well, 16 bits misses 8 lines
 * of the edges sweep, an f32-rounded u * size misses 10 point lines). */
#define TX_NORM_FRAC_BITS 21

/* The coordinate in texel space as floor(x * 512): 9 fractional bits are
 * all that point and linear filtering use (see tx_linear_pos). */
static int64_t tx_texel_pos512(const gs_tex_desc *d, unsigned dim, uint32_t c, uint32_t size)
{
    int64_t u;
    if (!d->normalized_coords)
        return tx_floor_scaled(c, 9);
    u = tx_floor_scaled(c, TX_NORM_FRAC_BITS);
    if (d->address[dim] == GS_TEX_WRAP || d->address[dim] == GS_TEX_MIRROR) {
        /* both repeat every 2.0 in u: keep u mod 2 so the product fits */
        const int64_t period = (int64_t)1 << (TX_NORM_FRAC_BITS + 1);
        u %= period;
        if (u < 0)
            u += period;
    } else if (u > ((int64_t)1 << 23)) {
        u = (int64_t)1 << 23;           /* beyond 2.0 every clamp is the same */
    } else if (u < -((int64_t)1 << 23)) {
        u = -((int64_t)1 << 23);
    }
    return tx_floor_shr(u * (int64_t)size, TX_NORM_FRAC_BITS - 9);
}

/* Linear filtering: x - 0.5 in texel space, its floor i and its fraction
 * rounded half up to 8 bits, a in 0..255 (a fraction that rounds to 1.0
 * moves to the next i with a = 0: the same result). Half up, not half
 * even: the 3-D axis sweeps put fractions on k + 1/512, and half up
 * matches all 386 of their linear lines where half even misses 16. */
static void tx_linear_pos(int64_t pos512, int64_t *i, uint32_t *a)
{
    int64_t z = tx_floor_shr(pos512 - 255, 1);   /* floor(x * 256 - 128 + 1/2) */
    *i = tx_floor_shr(z, 8);
    *a = (uint32_t)(z - *i * 256);
}

/* The address mode of dimension `dim` acts as clamp. Decision: wrap and
 * mirror act as clamp for unnormalised float coordinates (CUDA supports
 * them only with normalised coordinates). */
static int tx_clamps(const gs_tex_desc *d, unsigned dim, int coords_float)
{
    unsigned mode = d->address[dim];
    return mode == GS_TEX_CLAMP || (coords_float && !d->normalized_coords
                                    && (mode == GS_TEX_WRAP || mode == GS_TEX_MIRROR));
}

/* An address mode applied to an integer texel index; 0 = outside (border).
 * With integer coordinates (coords_float 0) wrap and mirror apply to the
 * index. */
static int tx_address(const gs_tex_desc *d, unsigned dim, int64_t i, uint32_t size,
                      int coords_float, uint32_t *out)
{
    unsigned mode = d->address[dim];
    int64_t n = size ? (int64_t)size : 1;
    if (tx_clamps(d, dim, coords_float))
        mode = GS_TEX_CLAMP;
    switch (mode) {
    case GS_TEX_WRAP:
        i %= n;
        if (i < 0)
            i += n;
        break;
    case GS_TEX_MIRROR:
        i %= 2 * n;
        if (i < 0)
            i += 2 * n;
        if (i >= n)
            i = 2 * n - 1 - i;
        break;
    case GS_TEX_BORDER:
        if (i < 0 || i >= n)
            return 0;
        break;
    default:
        i = i < 0 ? 0 : i >= n ? n - 1 : i;
        break;
    }
    *out = (uint32_t)i;
    return 1;
}

/* ---- texel reads ---- */

typedef struct tx_fetch {
    const gs_tex_desc *d;
    gs_tex_read_fn read;
    void *context;
    gs_tex_footprint *fp;
    int failed;
} tx_fetch;

/* One texel: 1 with v[] read, 0 for a border texel; index per dimension
 * (idx[2] is the layer of a layered resource). */
static int tx_texel(tx_fetch *f, const int64_t idx[3], int coords_float, uint64_t v[2])
{
    const gs_tex_desc *d = f->d;
    uint32_t size[3], at[3] = {0, 0, 0};
    uint64_t addr;
    unsigned k, dims = d->dims ? d->dims : 1u;
    size[0] = d->width;
    size[1] = d->height;
    size[2] = d->depth;
    for (k = 0; k < dims && k < 3u; k++)
        if (!tx_address(d, k, idx[k], size[k], coords_float, &at[k]))
            return 0;
    if (d->layered) {
        /* Layers are never filtered across, and the layer index is read as
         * unsigned and clamped to the last layer: -1 reads layer 2 of 3
         * (matches f32_layered_linear_clamp, 96/96, layers -1..4; a signed
         * clamp to layer 0: 80/96). */
        uint32_t z = (uint32_t)idx[2], n = d->depth ? d->depth : 1u;
        at[2] = z >= n ? n - 1u : z;
    }
    addr = d->base + at[2] * d->slice + at[1] * d->pitch
         + (uint64_t)at[0] * gs_tex_texel_bytes(d);
    v[0] = v[1] = 0;
    if (!f->read(f->context, addr, gs_tex_texel_bytes(d), v))
        f->failed = 1;
    if (f->fp) {
        for (k = 0; k < f->fp->count && f->fp->addr[k] != addr; k++)
            ;
        if (k == f->fp->count && k < GS_TEX_FOOTPRINT_MAX)
            f->fp->addr[f->fp->count++] = addr;
    }
    return 1;
}

/* Channel c of a texel as the result would carry it. A channel the
 * texture lacks reads 0, alpha too, for float and integer results, border
 * texels too, as an H200 returns for 1- and 2-channel textures
 * (tests/device/h200/texture: tex2D<float4> of f32 and of f32x2 with border
 * address mode (OF2: the border colour in b and a misses 172 of its 512
 * words), tex2D<int4> of s32, tex2Dgather of channels a texture lacks;
 * every word of those matches). Else a border texel is the border colour's
 * bits (decision: integer reads return the border bits as given). */
static uint32_t tx_texel_value(const gs_tex_desc *d, int inside, const uint64_t v[2], unsigned c)
{
    unsigned channels = d->channels ? d->channels : 1u;
    if (c >= channels)
        return 0u;
    if (!inside)
        return d->border[c & 3u];
    if (tx_float_result(d))
        return tx_channel_f32(d, tx_channel_raw(d, v, c));
    return (uint32_t)tx_channel_raw(d, v, c);
}

/* ---- the weighted sum ---- */

/* sum(w_i * t_i) of f32 values with integer weights: a 320-bit
 * two's-complement fixed-point number whose bit 0 is 2^-149 (the least
 * f32 subnormal); a product w * m (w <= 2^8, m < 2^24) placed at the
 * value's exponent ends below bit 300. */
#define TX_ACC_WORDS 10u
typedef struct tx_acc {
    uint32_t w[TX_ACC_WORDS];
    int nan, pinf, ninf;
} tx_acc;

/* Add weight * f, f's magnitude first cut to the grid 2^(emax - 127 -
 * 23 - align): bits of f below it are dropped (toward zero). emax is a
 * biased exponent (1 for subnormals). */
static void tx_acc_add(tx_acc *acc, uint32_t f, uint32_t weight, int emax, int align)
{
    unsigned exp = (f >> 23) & 0xffu, shift, k;
    uint64_t m = f & 0x7fffffu, carry;
    uint32_t add[TX_ACC_WORDS];
    int drop;
    if (weight == 0)
        return;
    if (exp == 0xffu) {
        /* Decision: a NaN texel with a non-zero weight gives the canonical
         * NaN, an infinity that infinity, both infinities NaN. */
        if (m)
            acc->nan = 1;
        else if (f >> 31)
            acc->ninf = 1;
        else
            acc->pinf = 1;
        return;
    }
    if (exp)
        m |= 0x800000u;
    shift = exp ? exp - 1u : 0u;   /* value = m * 2^(shift - 149) */
    drop = emax - align - (int)shift - 1;
    if (drop > 0)                  /* drop the bits below the quad's grid */
        m = drop >= 24 ? 0u : m >> drop << drop;
    m *= weight;
    memset(add, 0, sizeof add);
    for (k = 0; k < 2u; k++) {     /* (m << shift) in words; m < 2^41 */
        unsigned bit = shift + 32u * k;
        uint64_t part = (m >> (32u * k)) & 0xffffffffu;
        if (part == 0 || bit / 32u >= TX_ACC_WORDS)
            continue;
        add[bit / 32u] |= (uint32_t)(part << (bit % 32u));
        if (bit % 32u && bit / 32u + 1u < TX_ACC_WORDS)
            add[bit / 32u + 1u] |= (uint32_t)(part >> (32u - bit % 32u));
    }
    if (f >> 31) {                 /* two's complement negation */
        carry = 1;
        for (k = 0; k < TX_ACC_WORDS; k++) {
            carry += (uint64_t)(uint32_t)~add[k];
            add[k] = (uint32_t)carry;
            carry >>= 32;
        }
    }
    carry = 0;
    for (k = 0; k < TX_ACC_WORDS; k++) {
        carry += (uint64_t)acc->w[k] + add[k];
        acc->w[k] = (uint32_t)carry;
        carry >>= 32;
    }
}

/* Round acc * 2^-(149 + scale_bits) once to a float of `prec` significant
 * bits whose least subnormal is 2^min_exp and largest exponent max_exp,
 * to nearest with ties away from zero, and return it as f32 bits (an
 * f16-rounded value is exact in f32). */
static uint32_t tx_acc_round(tx_acc *acc, unsigned scale_bits, int prec, int min_exp,
                             int max_exp)
{
    uint32_t sign = 0;
    int top = -1, e_low, q, k;
    unsigned shift, i;
    uint64_t mant;
    int round_bit;
    if (acc->nan || (acc->pinf && acc->ninf))
        return TX_F32_NAN;
    if (acc->pinf || acc->ninf)
        return acc->pinf ? 0x7f800000u : 0xff800000u;
    if (acc->w[TX_ACC_WORDS - 1u] >> 31) {
        uint64_t carry = 1;
        sign = 0x80000000u;
        for (i = 0; i < TX_ACC_WORDS; i++) {
            carry += (uint64_t)(uint32_t)~acc->w[i];
            acc->w[i] = (uint32_t)carry;
            carry >>= 32;
        }
    }
    for (k = (int)TX_ACC_WORDS * 32 - 1; k >= 0 && top < 0; k--)
        if ((acc->w[k / 32] >> (k % 32)) & 1u)
            top = k;
    if (top < 0)
        return 0u;   /* an exact zero is +0 (decision) */
    e_low = -149 - (int)scale_bits;            /* exponent of bit 0 */
    q = top + e_low - (prec - 1);              /* exponent of the result's last bit */
    if (q < min_exp)
        q = min_exp;
    shift = (unsigned)(q - e_low);             /* >= scale_bits + 149 - 149 > 0 */
    mant = 0;
    for (k = prec; k >= 0; k--) {              /* bits shift .. shift + prec */
        unsigned b = shift + (unsigned)k;
        mant = (mant << 1) | (b < TX_ACC_WORDS * 32u ? (acc->w[b / 32u] >> (b % 32u)) & 1u : 0u);
    }
    round_bit = (acc->w[(shift - 1u) / 32u] >> ((shift - 1u) % 32u)) & 1u;
    if (round_bit)                             /* half or more: away from zero */
        mant++;
    if (mant >> prec) {                        /* rounded up to 2^prec */
        mant >>= 1;
        q++;
    }
    if (mant == 0)
        return sign;
    while (!(mant >> 23)) {                    /* normalise into f32 */
        if (q + 23 + 127 <= 1)
            return sign | (uint32_t)mant;      /* an f32 subnormal */
        mant <<= 1;
        q--;
    }
    if (q + 23 > max_exp)
        return sign | 0x7f800000u;
    return sign | ((uint32_t)(q + 23 + 127) << 23) | ((uint32_t)mant & 0x7fffffu);
}

/* ---- filtering ---- */

/* The texels a fetch blends: up to 8, each with an integer weight; the
 * weights add up to 2^scale_bits. */
typedef struct tx_taps {
    unsigned count, scale_bits;
    int64_t idx[8][3];
    uint32_t weight[8];
    int inside[8];
    uint64_t v[8][2];
} tx_taps;

static void tx_tap(tx_taps *t, int64_t x, int64_t y, int64_t z, uint32_t weight)
{
    t->idx[t->count][0] = x;
    t->idx[t->count][1] = y;
    t->idx[t->count][2] = z;
    t->weight[t->count++] = weight;
}

/* The weights of a linear fetch, in 1/256: the slice weights 256 - c and
 * c (c = 0 below 3-D), each split along x, x1 = W * a / 256 rounded half
 * up and x0 = W - x1, then each of those along y, the y1 part rounded
 * half up on the x1 side (W * b / 256) and half down on the x0 side, the
 * y0 part the rest. So every weight is a multiple of 1/256 and they add up
 * to 1 (matches all 1024 points of tex_probe3.bin part A, 8192 3-D weights
 * and 4096 2-D ones; the 2-D weights of a, b times the exact slice weights
 * (16 bits): 204/8192 weights; the 2-D weights of a, b split by c, half
 * up: 414/1024 points; of a, c split by b, half up: 981; the y1 parts
 * from b * W / 256 per slice: 599). It also matches f32_3d_linear_wrap_
 * norm 96/96 (the exact slice lerp: 69). Below 3-D this is w11 = a * b /
 * 256 rounded half up and the others its complements (all 96 lines of
 * each 2-D linear case, 192/192 u8x4_linear_clamp_normread). */
static void tx_weights(uint32_t a, uint32_t b, uint32_t wz, uint32_t w[4])
{
    uint32_t x1 = (a * wz + 128u) >> 8, x0 = wz - x1;
    uint32_t y1x1 = (b * x1 + 128u) >> 8, y1x0 = (b * x0 + 127u) >> 8;
    w[0] = x0 - y1x0;   /* (i, j) */
    w[1] = x1 - y1x1;   /* (i+1, j) */
    w[2] = y1x0;        /* (i, j+1) */
    w[3] = y1x1;        /* (i+1, j+1) */
}

/* The taps of a linear fetch: 2 (1-D), 4 (2-D) or 8 (3-D: slice i[2]
 * first, then slice i[2] + 1), all in 1/256.
 *
 * A clamped axis (clamp_hi[k] = size * 512 - 256, else 0) takes its
 * fraction from the coordinate clamped into [0.5, size - 0.5], so it is 0
 * outside the texel centres; the taps stay where the coordinate is (they
 * clamp onto the edge texel, the weight on the right one). Only 3-D shows
 * it, whose y weights are rounded per x side, so that two taps on one
 * texel do not add up to the 1-D weight: matches f32_3d_linear_clamp
 * 96/96; the unclamped fraction misses 9 of its lines, all with a
 * coordinate outside an axis' centres. */
static void tx_linear_taps(const int64_t pos[3], const int64_t clamp_hi[3], unsigned dims,
                           int64_t layer, tx_taps *t)
{
    int64_t i[3] = {0, 0, 0}, skip;
    uint32_t a[3] = {0, 0, 0}, w[4];
    unsigned k;
    for (k = 0; k < dims; k++) {
        tx_linear_pos(pos[k], &i[k], &a[k]);
        if (clamp_hi[k] && (pos[k] < 256 || pos[k] > clamp_hi[k]))
            tx_linear_pos(pos[k] < 256 ? 256 : clamp_hi[k], &skip, &a[k]);
    }
    t->count = 0;
    t->scale_bits = 8;
    if (dims == 1) {
        tx_tap(t, i[0], 0, layer, 256u - a[0]);
        tx_tap(t, i[0] + 1, 0, layer, a[0]);
        return;
    }
    for (k = 0; k < (dims == 3u ? 2u : 1u); k++) {
        int64_t z = dims == 3u ? i[2] + k : layer;
        tx_weights(a[0], a[1], dims == 3u ? (k ? a[2] : 256u - a[2]) : 256u, w);
        tx_tap(t, i[0], i[1], z, w[0]);
        tx_tap(t, i[0] + 1, i[1], z, w[1]);
        tx_tap(t, i[0], i[1] + 1, z, w[2]);
        tx_tap(t, i[0] + 1, i[1] + 1, z, w[3]);
    }
}

/* floor(n / d) for d > 0 and any sign of n. */
static int64_t tx_floor_div(int64_t n, int64_t d)
{
    int64_t q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

/* A filtered 8- or 16-bit normalised channel: the integer sum
 * S = sum(w * v) becomes a 16-bit unorm (snorm) value R, rounded half up,
 * and the result is R / 65535 (32767) correctly rounded: for u8,
 * R = floor(S * 257 / 256 + 1/2) (matches u8_1d_linear_sweep 640/640;
 * v / 255 in f32 then filtered: 203/640). Decision: s8, u16 and s16 (no
 * filtered probe) scale the same way into 16 bits. */
static uint32_t tx_norm_filtered(const gs_tex_desc *d, const tx_taps *t, unsigned c)
{
    int64_t s = 0, total = (int64_t)1 << t->scale_bits, den = tx_norm_den(d->format);
    int64_t full = tx_is_signed(d->format) ? 32767 : 65535, r;
    unsigned k;
    uint32_t q;
    for (k = 0; k < t->count; k++) {
        int64_t v = tx_channel_raw(d, t->v[k], c);
        if (v < -den)
            v = -den;   /* -128 reads as -1.0 like -127 */
        s += (int64_t)t->weight[k] * v;
    }
    r = tx_floor_div(2 * s * full + den * total, 2 * den * total);
    q = gs_f32_div(gs_f32_from_s64(r, GS_FROUND_RN), gs_f32_from_s64(full, GS_FROUND_RN),
                   GS_FROUND_RN, 0);
    return q;
}

/* One channel of a linear fetch. The texels are aligned per quad (the 4
 * taps of a 2-D fetch and of each slice of a 3-D one, the 2 of a 1-D
 * one): each texel with a non-zero weight keeps its bits down to 4 below
 * the last mantissa bit of the quad's largest such texel, lower bits
 * dropped toward zero; then the weighted sum of the aligned texels (exact)
 * is rounded once to nearest, ties away from zero. f32 (and any border
 * mix): to f32, the grid 2^-4 of an f32 ulp; f16 textures: to f16, the
 * grid 2^-4 of an f16 ulp.
 * Matches all of tex_probe3.bin part B (4096 1-D sums), C (1024 2-D) and
 * D (512 3-D); the exact sum rounded to nearest even: 4012, 956, 490;
 * ties to even with the grid: 4082, 1022, 511; grid 2^-3: 3979, 897, 464;
 * 2^-5: 4038, 965, 494; the largest of all 8 texels in 3-D: D 465; zero
 * weights counted in the largest: B 4092, D 511. Also every linear line
 * of the older probes: f32_1d_linear_sweep and f32_1d_linear_wrap_norm_
 * sweep 640/640 (the exact sum: 635, the misses blend 0.1 with a much
 * larger texel), f16_1d_linear_sweep 640/640 (the f16 grid 2^-4: 640,
 * 2^-5..-7: 636, the f32 grid or none: 635, ties to even: 629, to f32:
 * 351), and the workload tests/workload/texture.gsw on an H200: O1D, O2D
 * and OL, each word (the exact sum: 15, 5 and 7 words 1 ulp small). */
static uint32_t tx_filter_channel(const gs_tex_desc *d, const tx_taps *t, unsigned c)
{
    tx_acc acc;
    uint32_t val[8];
    unsigned k, g;
    int all_inside = 1, f16;
    for (k = 0; k < t->count; k++)
        all_inside &= t->inside[k];
    if (c >= (d->channels ? d->channels : 1u))
        return 0u;   /* a channel the texture lacks (tx_texel_value) */
    if (tx_normread(d) && all_inside)
        return tx_norm_filtered(d, t, c);
    f16 = d->format == GS_TEX_F16 && all_inside;
    memset(&acc, 0, sizeof acc);
    for (k = 0; k < t->count; k++)
        val[k] = tx_texel_value(d, t->inside[k], t->v[k], c);
    for (g = 0; g < t->count; g += 4u) {     /* each quad (1-D: the pair) */
        unsigned n = t->count - g < 4u ? t->count - g : 4u;
        int emax = 1;
        for (k = g; k < g + n; k++) {
            int e = (int)((val[k] >> 23) & 0xffu);
            if (t->weight[k] && e > emax)
                emax = e;
        }
        for (k = g; k < g + n; k++)
            tx_acc_add(&acc, val[k], t->weight[k], emax, f16 ? 4 - 13 : 4);
    }
    if (f16)
        return tx_acc_round(&acc, t->scale_bits, 11, -24, 15);
    return tx_acc_round(&acc, t->scale_bits, 24, -149, 127);
}

/* ---- tex ---- */

static int tx_dims(const gs_tex_desc *d)
{
    return d->dims >= 1u && d->dims <= 3u ? d->dims : 1;
}

/* tex on linear memory (tex1Dfetch): an integer index; outside the bound
 * range every component is 0 and nothing is read (matches f32_fetch_linear,
 * 24/24, indices -3..20 over 16 texels). */
static int tx_sample_linear_res(tx_fetch *f, const gs_tex_coords *coords, uint32_t out[4])
{
    int32_t x = (int32_t)coords->c[0];
    int64_t idx[3] = {0, 0, 0};
    uint64_t v[2];
    unsigned c;
    memset(out, 0, 4u * sizeof out[0]);
    if (x < 0 || (uint32_t)x >= f->d->width)
        return 1;
    idx[0] = x;
    (void)tx_texel(f, idx, 0, v);
    for (c = 0; c < 4u; c++)
        out[c] = tx_texel_value(f->d, 1, v, c);
    return !f->failed;
}

static void tx_fetch_init(tx_fetch *f, const gs_tex_desc *desc, gs_tex_read_fn read,
                          void *context, gs_tex_footprint *footprint)
{
    f->d = desc;
    f->read = read;
    f->context = context;
    f->fp = footprint;
    f->failed = 0;
    if (footprint)
        footprint->count = 0;
}

int gs_tex_sample(const gs_tex_desc *desc, const gs_tex_coords *coords, gs_tex_read_fn read,
                  void *context, uint32_t out[4], gs_tex_footprint *footprint)
{
    tx_fetch f;
    int64_t pos[3] = {0, 0, 0}, idx[3] = {0, 0, 0}, clamp_hi[3] = {0, 0, 0};
    uint32_t size[3];
    unsigned k, c, dims = (unsigned)tx_dims(desc);
    tx_taps t;
    tx_fetch_init(&f, desc, read, context, footprint);
    if (desc->resource == GS_TEX_RES_LINEAR)
        return tx_sample_linear_res(&f, coords, out);
    size[0] = desc->width;
    size[1] = desc->height;
    size[2] = desc->depth;
    idx[2] = desc->layered ? (int32_t)coords->layer : 0;
    if (!coords->coords_float || desc->filter != GS_TEX_LINEAR || !tx_float_result(desc)) {
        /* Point: the texel containing the coordinate (matches every point
         * line: 96/96 in each 2-D case, 640/640 in each 1-D sweep, 486/486
         * f32_point_clamp_norm_edges, 193/193 the 3-D point sweep).
         * Integer coordinates (coords_float 0) name the texel; integer
         * element reads are never filtered (decision: CUDA refuses linear
         * filtering for them). */
        uint64_t v[2];
        int inside;
        for (k = 0; k < dims; k++)
            idx[k] = coords->coords_float ? tx_floor_shr(tx_texel_pos512(desc, k, coords->c[k],
                                                                         size[k]), 9)
                                          : (int32_t)coords->c[k];
        inside = tx_texel(&f, idx, coords->coords_float, v);
        for (c = 0; c < 4u; c++)
            out[c] = tx_texel_value(desc, inside, v, c);
        return !f.failed;
    }
    for (k = 0; k < dims; k++) {
        pos[k] = tx_texel_pos512(desc, k, coords->c[k], size[k]);
        clamp_hi[k] = tx_clamps(desc, k, 1) ? (int64_t)(size[k] ? size[k] : 1u) * 512 - 256 : 0;
    }
    tx_linear_taps(pos, clamp_hi, desc->layered ? (dims < 3u ? dims : 2u) : dims, idx[2], &t);
    for (k = 0; k < t.count; k++)
        t.inside[k] = tx_texel(&f, t.idx[k], 1, t.v[k]);
    for (c = 0; c < 4u; c++)
        out[c] = tx_filter_channel(desc, &t, c);
    return !f.failed;
}

/* ---- tld4 ---- */

/* The four texels of the 2-D linear footprint, in the order
 * (i, j+1), (i+1, j+1), (i+1, j), (i, j) (matches f32_gather0_clamp and
 * f32_gather1_clamp 96/96 each, u8x4_gather0..3_clamp_normread 96/96
 * each), each channel as a point read returns it. */
int gs_tex_gather(const gs_tex_desc *desc, unsigned component, const gs_tex_coords *coords,
                  gs_tex_read_fn read, void *context, uint32_t out[4],
                  gs_tex_footprint *footprint)
{
    static const int dx[4] = {0, 1, 1, 0}, dy[4] = {1, 1, 0, 0};
    tx_fetch f;
    int64_t i[2], idx[3];
    uint32_t a;
    unsigned k;
    tx_fetch_init(&f, desc, read, context, footprint);
    for (k = 0; k < 2u; k++) {
        if (coords->coords_float)
            tx_linear_pos(tx_texel_pos512(desc, k, coords->c[k], k ? desc->height : desc->width),
                          &i[k], &a);
        else
            i[k] = (int32_t)coords->c[k];
    }
    idx[2] = desc->layered ? (int32_t)coords->layer : 0;
    for (k = 0; k < 4u; k++) {
        uint64_t v[2];
        int inside;
        idx[0] = i[0] + dx[k];
        idx[1] = i[1] + dy[k];
        inside = tx_texel(&f, idx, coords->coords_float, v);
        out[k] = tx_texel_value(desc, inside, v, component & 3u);
    }
    return !f.failed;
}

/* ---- surfaces ---- */

/* suld/sust: x is a byte offset in the row. Inside: 0 <= x and
 * x + bytes <= width * texel bytes, 0 <= y < height, 0 <= z < depth.
 * .clamp moves each coordinate to the nearest inside one (x to
 * [0, width * texel bytes - bytes]) (matches s32_surf2d_clamp 88/88);
 * .zero and .trap report outside (s32_surf2d_zero 88/88: zeros). */
int gs_surf_address(const gs_tex_desc *desc, unsigned dims, int32_t x, int32_t y, int32_t z,
                    unsigned bytes, gs_surf_boundary boundary, uint64_t *address)
{
    int64_t lim[3], at[3];
    unsigned k;
    /* z is the layer of a layered surface (exec_tex.c passes it so) */
    lim[0] = (int64_t)desc->width * gs_tex_texel_bytes(desc) - (int64_t)bytes;
    lim[1] = dims >= 2u ? (int64_t)desc->height - 1 : 0;
    lim[2] = dims >= 3u || desc->layered ? (int64_t)desc->depth - 1 : 0;
    at[0] = x;
    at[1] = dims >= 2u ? y : 0;
    at[2] = dims >= 3u || desc->layered ? z : 0;
    if (lim[0] < 0 || lim[1] < 0 || lim[2] < 0)
        return 0;
    for (k = 0; k < 3u; k++) {
        if (at[k] >= 0 && at[k] <= lim[k])
            continue;
        if (boundary != GS_SURF_CLAMP)
            return 0;
        at[k] = at[k] < 0 ? 0 : lim[k];
    }
    *address = desc->base + (uint64_t)at[2] * desc->slice + (uint64_t)at[1] * desc->pitch
             + (uint64_t)at[0];
    return 1;
}
