/*
 * C references for the example kernels (examples/kernels/NAME.cu), shared by
 * the functional tests 081-089. Each computes what the kernel computes,
 * operation for operation as the committed PTX performs it, with the
 * bit-exact float routines of src/fp/fpmath.h, so results compare
 * exactly. Inputs are built with the same seeded generators the workload
 * files use (src/host/datagen.h).
 */
#ifndef GS_TEST_WORKLOAD_REF_H
#define GS_TEST_WORKLOAD_REF_H

#include <stdint.h>
#include <string.h>

#include "host/datagen.h"
#include "fp/fpmath.h"

#define REF_RN GS_FROUND_RN

/* Fill out[0..count-1] (32-bit elements) from a generator spec. */
static inline void ref_fill32(uint32_t *out, uint32_t count, const gs_datagen_spec *spec)
{
    gs_datagen gen;
    uint32_t i;
    gs_datagen_start(&gen, spec);
    for (i = 0; i < count; i++)
        out[i] = (uint32_t)gs_datagen_next(&gen);
}

static inline gs_datagen_spec ref_random_f32(uint64_t seed, int64_t min_units, int64_t max_units)
{
    gs_datagen_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.kind = GS_DATAGEN_RANDOM_F32;
    spec.seed = seed;
    spec.min = min_units * GS_DATAGEN_FIXED_ONE;
    spec.max = max_units * GS_DATAGEN_FIXED_ONE;
    return spec;
}

static inline gs_datagen_spec ref_random_int(uint64_t seed, int64_t min, int64_t max)
{
    gs_datagen_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.kind = GS_DATAGEN_RANDOM_INT;
    spec.seed = seed;
    spec.min = min;
    spec.max = max;
    return spec;
}

/* vectorAdd: add.f32 (round to nearest). */
static inline void ref_vector_add(const uint32_t *a, const uint32_t *b, uint32_t *c, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        c[i] = gs_f32_add(a[i], b[i], REF_RN, 0);
}

/* syrk: acc = c*beta; acc = fma(a[i][k]*alpha, a[j][k], acc) for each k. */
static inline void ref_syrk(uint32_t alpha, uint32_t beta, const uint32_t *a, uint32_t *c,
                     uint32_t n, uint32_t m)
{
    uint32_t i, j, k;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            uint32_t acc = gs_f32_mul(c[i * n + j], beta, REF_RN, 0);
            for (k = 0; k < m; k++)
                acc = gs_f32_fma(gs_f32_mul(a[i * m + k], alpha, REF_RN, 0), a[j * m + k],
                                 acc, REF_RN, 0);
            c[i * n + j] = acc;
        }
}

/* conv2d: PolyBench's coefficients as f32 bits, taps in row-major order;
 * the first is a mul, the rest an fma chain. Borders are not written. */
static inline void ref_conv2d(const uint32_t *a, uint32_t *b, uint32_t ni, uint32_t nj)
{
    static const uint32_t coef[9] = {
        0x3E4CCCCDu, 0xBE99999Au, 0x3ECCCCCDu,   /* c11 c12 c13: 0.2 -0.3 0.4 */
        0x3F000000u, 0x3F19999Au, 0x3F333333u,   /* c21 c22 c23: 0.5 0.6 0.7 */
        0xBF4CCCCDu, 0xBF666666u, 0x3DCCCCCDu    /* c31 c32 c33: -0.8 -0.9 0.1 */
    };
    uint32_t i, j, t;
    for (i = 1; i + 1u < ni; i++)
        for (j = 1; j + 1u < nj; j++) {
            uint32_t acc = gs_f32_mul(a[(i - 1u) * nj + j - 1u], coef[0], REF_RN, 0);
            for (t = 1; t < 9; t++) {
                uint32_t x = a[(i - 1u + t / 3u) * nj + j - 1u + t % 3u];
                acc = gs_f32_fma(coef[t], x, acc, REF_RN, 0);
            }
            b[i * nj + j] = acc;
        }
}

/* reduceSum over blocks of 2 * threads words: partial sums mod 2^32. */
static inline void ref_reduce(const uint32_t *in, uint32_t n, uint32_t threads, uint32_t *partial,
                       uint32_t blocks)
{
    uint32_t blk, i;
    for (blk = 0; blk < blocks; blk++) {
        uint32_t sum = 0;
        for (i = blk * 2u * threads; i < (blk + 1u) * 2u * threads && i < n; i++)
            sum += in[i];
        partial[blk] = sum;
    }
}

/* BFS distances from node 0 by levels; -1 and not visited when unreachable. */
static inline void ref_bfs(const uint32_t *offsets, const uint32_t *edges, uint32_t n,
                    int32_t *cost, uint8_t *visited, uint32_t *queue)
{
    uint32_t head = 0, tail = 0, v;
    for (v = 0; v < n; v++) {
        cost[v] = -1;
        visited[v] = 0;
    }
    cost[0] = 0;
    visited[0] = 1;
    queue[tail++] = 0;
    while (head < tail) {
        uint32_t u = queue[head++], e;
        for (e = offsets[u]; e < offsets[u + 1u]; e++)
            if (!visited[edges[e]]) {
                visited[edges[e]] = 1;
                cost[edges[e]] = cost[u] + 1;
                queue[tail++] = edges[e];
            }
    }
}

static inline void ref_histogram(const uint32_t *data, uint32_t n, uint32_t *hist, uint32_t bins)
{
    uint32_t i;
    memset(hist, 0, bins * sizeof *hist);
    for (i = 0; i < n; i++)
        hist[data[i] % bins]++;
}

/* diverge.cu with 32-bit wrap-around arithmetic, as the PTX computes it. */
static inline int32_t ref_diverge_one(int32_t x, int32_t rounds, int32_t *steps)
{
    int32_t k, t;
    for (k = 0; k < rounds; k++) {
        if (x & 1) {
            if (x % 3 == 0)
                x = (int32_t)((uint32_t)x * 3u + 1u);
            else
                x = (int32_t)((uint32_t)(x ^ k) + 7u);
        } else if (x > 5000) {
            x = x / 4;
            if (x % 5 == 0)
                break;
        } else {
            for (t = 0; t < (x & 3); t++)
                x = (int32_t)((uint32_t)x + (uint32_t)t * (uint32_t)k + 1u);
            x = x / 2;
        }
        if (x == 13 || x < 0) {
            *steps = k;
            return -1;
        }
    }
    *steps = k;
    return x;
}

/* floatOps, as the PTX computes it:
 *   fma  = fma.rn(a, b, 0.5)          div = div.rn(a, b)
 *   sqrt = sqrt.rn(|a| + 1)
 *   trans = fma.rn(sin.approx(b), cos.approx(a), ex2.approx(a * log2(e)))
 *   log  = lg2.approx(|b| + 2) * ln(2) */
static inline void ref_float_ops(uint32_t a, uint32_t b, uint32_t out[5])
{
    const uint32_t abs_mask = 0x7FFFFFFFu;
    uint32_t e = gs_f32_ex2_approx(gs_f32_mul(a, 0x3FB8AA3Bu, REF_RN, 0), 0);
    out[0] = gs_f32_fma(a, b, 0x3F000000u, REF_RN, 0);
    out[1] = gs_f32_div(a, b, REF_RN, 0);
    out[2] = gs_f32_sqrt(gs_f32_add(a & abs_mask, 0x3F800000u, REF_RN, 0), REF_RN, 0);
    out[3] = gs_f32_fma(gs_f32_sin_approx(b, 0), gs_f32_cos_approx(a, 0), e, REF_RN, 0);
    out[4] = gs_f32_mul(gs_f32_lg2_approx(gs_f32_add(b & abs_mask, 0x40000000u, REF_RN, 0), 0),
                        0x3F317218u, REF_RN, 0);
}

#endif
