/*
 * Seeded input generators (see datagen.h for the definitions). Integer
 * arithmetic only, so every host produces the same bits (DESIGN.md section 4).
 */
#include "host/datagen.h"

/* Stream seeds are derived from the user's seed with splitmix64 so the
 * three streams of a CSR pattern are independent but fixed. */
static void seed_streams(gs_datagen *gen)
{
    uint64_t s = gen->spec.seed;
    gs_prng_seed(&gen->counts, gs_splitmix64(&s));
    gs_prng_seed(&gen->columns, gs_splitmix64(&s));
    gs_prng_seed(&gen->values, gs_splitmix64(&s));
}

void gs_datagen_start(gs_datagen *gen, const gs_datagen_spec *spec)
{
    gen->spec = *spec;
    gen->index = 0;
    gen->running = 0;
    gen->row = 0;
    gen->col = 0;
    gen->left = 0;
    seed_streams(gen);
}

static unsigned bit_length(uint64_t v)
{
    unsigned n = 0;
    while (v) {
        n++;
        v >>= 1;
    }
    return n;
}

/* Quotient bits of num/den: at least 26 significant bits (24 kept, one
 * guard, one more) plus a sticky bit for the rest; *scale is the power of
 * two the returned integer must be multiplied by. */
static uint64_t quotient_bits(uint64_t num, uint64_t den, int *scale, int *sticky)
{
    uint64_t acc = num / den, rem = num % den;
    int frac = 0;
    unsigned bits = bit_length(acc);
    int lost = 0;
    while (bits > 26u) {              /* integer part wider than needed */
        lost |= (int)(acc & 1u);
        acc >>= 1;
        frac--;
        bits--;
    }
    while (bits < 26u) {              /* long division, one bit at a time */
        rem <<= 1;
        acc <<= 1;
        if (rem >= den) {
            rem -= den;
            acc |= 1u;
        }
        frac++;
        bits += bits != 0u || (acc & 1u);   /* bit_length(acc), kept as it grows */
    }
    *scale = -frac;
    *sticky = lost || rem != 0;
    return acc;
}

uint32_t gs_datagen_f32_ratio(int negative, uint64_t num, uint64_t den)
{
    uint32_t sign = negative ? 0x80000000u : 0u;
    int scale, sticky, exponent;
    uint64_t acc, kept, half_bits;
    if (num == 0)
        return sign;
    acc = quotient_bits(num, den, &scale, &sticky);   /* acc has 26 bits */
    kept = acc >> 2;                                  /* 24 bits */
    half_bits = acc & 3u;                             /* guard, round */
    if (half_bits > 2u || (half_bits == 2u && (sticky || (kept & 1u))))
        kept++;                                       /* nearest, ties to even */
    exponent = scale + 2 + 23;                        /* value = kept * 2^(scale+2) */
    if (kept == (1u << 24)) {
        kept >>= 1;
        exponent++;
    }
    if (exponent > 127 || exponent < -126)
        return GS_DATAGEN_F32_BAD;
    return sign | ((uint32_t)(exponent + 127) << 23) | (uint32_t)(kept & 0x7FFFFFu);
}

static uint64_t random_int(gs_datagen *gen)
{
    uint64_t span = (uint64_t)gen->spec.max - (uint64_t)gen->spec.min + 1u;
    uint64_t draw = span == 0 ? gs_prng_next(&gen->values) : gs_prng_below(&gen->values, span);
    return (uint64_t)gen->spec.min + draw;
}

/* min + (max - min) * u / 2^20 with u in [0, 2^20], as one exact ratio. */
static uint64_t random_f32(gs_datagen *gen)
{
    const unsigned k = GS_DATAGEN_F32_STEPS_LOG2;
    int64_t u = (int64_t)gs_prng_below(&gen->values, ((uint64_t)1 << k) + 1u);
    int64_t num = gen->spec.min * ((int64_t)1 << k) + (gen->spec.max - gen->spec.min) * u;
    uint64_t den = (uint64_t)GS_DATAGEN_FIXED_ONE << k;
    int negative = num < 0;
    return gs_datagen_f32_ratio(negative, negative ? (uint64_t)-num : (uint64_t)num, den);
}

static uint32_t draw_row_nnz(gs_datagen *gen)
{
    uint32_t span = gen->spec.nnz_max - gen->spec.nnz_min + 1u;
    return gen->spec.nnz_min + (uint32_t)gs_prng_below(&gen->counts, span);
}

static uint64_t next_row_pointer(gs_datagen *gen)
{
    uint64_t value = gen->running;
    if (gen->row < gen->spec.rows) {
        gen->running += draw_row_nnz(gen);
        gen->row++;
    }
    return value;
}

/* Rodinia's Node {starting, no_of_edges} array: even elements draw the row's
 * count (the same counts stream as the row pointers), odd ones repeat it. */
static uint64_t next_node_field(gs_datagen *gen, uint64_t i)
{
    uint64_t start = gen->running;
    if (i & 1u)
        return gen->left;
    gen->left = 0;
    if (gen->row < gen->spec.rows) {
        gen->left = draw_row_nnz(gen);
        gen->running += gen->left;
        gen->row++;
    }
    return start;
}

static int use_floyd(const gs_datagen_spec *spec)
{
    return spec->cols > GS_DATAGEN_FLOYD_COLS && spec->nnz_max <= GS_DATAGEN_FLOYD_MAX;
}

/* Floyd's sampling of `count` distinct columns of [0, cols): for j from
 * cols - count to cols - 1 draw t in [0, j]; take t, or j when t is taken
 * already. Then sort them ascending (insertion sort: count <= 32). */
static void floyd_row(gs_datagen *gen, uint32_t count)
{
    uint32_t n = 0, j, i;
    for (j = gen->spec.cols - count; j < gen->spec.cols; j++) {
        uint32_t t = (uint32_t)gs_prng_below(&gen->columns, (uint64_t)j + 1u), k;
        for (k = 0; k < n && gen->picked[k] != t; k++)
            ;
        gen->picked[n] = k < n ? j : t;
        n++;
    }
    for (i = 1; i < n; i++) {
        uint32_t v = gen->picked[i];
        for (j = i; j > 0 && gen->picked[j - 1u] > v; j--)
            gen->picked[j] = gen->picked[j - 1u];
        gen->picked[j] = v;
    }
    gen->picked_next = 0;
}

/* Selection sampling (Knuth's algorithm S): take column c with probability
 * left / (cols - c); yields `left` distinct columns in ascending order.
 * (Floyd's sampling for wide, sparse patterns: see datagen.h.) */
static uint64_t next_column(gs_datagen *gen)
{
    while (gen->left == 0 && gen->row < gen->spec.rows) {
        gen->left = draw_row_nnz(gen);
        gen->col = 0;
        gen->row++;
        if (use_floyd(&gen->spec))
            floyd_row(gen, gen->left);
    }
    if (gen->left == 0)
        return 0;   /* past the end of the pattern: a caller bug, benign */
    if (use_floyd(&gen->spec)) {
        gen->left--;
        return gen->picked[gen->picked_next++];
    }
    for (;;) {
        uint32_t c = gen->col++;
        if (gs_prng_below(&gen->columns, gen->spec.cols - c) < gen->left) {
            gen->left--;
            return c;
        }
    }
}

static uint64_t iota(const gs_datagen *gen, uint64_t i)
{
    uint64_t v = (uint64_t)gen->spec.start + i * (uint64_t)gen->spec.step;
    int64_t s = (int64_t)v;
    if (!gen->spec.as_f32)
        return v;
    return gs_datagen_f32_ratio(s < 0, s < 0 ? 0u - v : v, 1u);
}

uint64_t gs_datagen_next(gs_datagen *gen)
{
    uint64_t i = gen->index++;
    switch ((gs_datagen_kind)gen->spec.kind) {
    case GS_DATAGEN_ZERO: return 0;
    case GS_DATAGEN_CONST: return gen->spec.value;
    case GS_DATAGEN_IOTA: return iota(gen, i);
    case GS_DATAGEN_RANDOM_INT: return random_int(gen);
    case GS_DATAGEN_RANDOM_F32: return random_f32(gen);
    case GS_DATAGEN_CSR_ROWPTR: return next_row_pointer(gen);
    case GS_DATAGEN_CSR_COLS: return next_column(gen);
    case GS_DATAGEN_CSR_VALUES: return random_f32(gen);
    case GS_DATAGEN_CSR_NODES: return next_node_field(gen, i);
    }
    return 0;
}

uint64_t gs_datagen_csr_nnz(const gs_datagen_spec *spec)
{
    gs_datagen gen;
    uint32_t r;
    if (spec->nnz_min == spec->nnz_max)   /* every row draws the same count: no need to */
        return (uint64_t)spec->rows * spec->nnz_min;
    gs_datagen_start(&gen, spec);
    for (r = 0; r < spec->rows; r++)
        next_row_pointer(&gen);
    return gen.running;
}
