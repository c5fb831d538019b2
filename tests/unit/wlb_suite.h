/*
 * Helpers for the suite functional tests (230 on): run a
 * workload file of examples/suite/NAME/ from disk (tests run from the
 * repository root, tests/run_tests.py) through the workload runner
 * (src/host/workload.h), so the tests need no embedding, and read its
 * buffers back. Files the workload names are read relative to its folder,
 * as `gpusim --workload FILE` reads them.
 */
#ifndef GS_TEST_WLB_SUITE_H
#define GS_TEST_WLB_SUITE_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp/fpmath.h"
#include "workload_host.h"
#include "workload_ref.h"

#define WLB_MAX_FILES 16u
#define WLB_PATH_MAX 256u

typedef struct wlb_files {
    char folder[WLB_PATH_MAX];
    char names[WLB_MAX_FILES][WLB_PATH_MAX];
    char *held[WLB_MAX_FILES];
    unsigned count;
} wlb_files;

static wlb_files wlb_source;

/* out = a b c (truncated to WLB_PATH_MAX - 1 characters). */
static inline void wlb_join(char *out, const char *a, const char *b, const char *c)
{
    const char *parts[3];
    size_t used = 0, k, n;
    parts[0] = a;
    parts[1] = b;
    parts[2] = c;
    for (k = 0; k < 3; k++) {
        n = strlen(parts[k]);
        if (n > WLB_PATH_MAX - 1u - used)
            n = WLB_PATH_MAX - 1u - used;
        memcpy(out + used, parts[k], n);
        used += n;
    }
    out[used] = '\0';
}

/* Whole file into a malloc'ed buffer (NULL when unreadable). */
static inline char *wlb_slurp(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    char *data = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        data = (char *)malloc((size_t)n + 1u);
        if (data && fread(data, 1, (size_t)n, f) != (size_t)n) {
            free(data);
            data = NULL;
        }
        if (data)
            *length = (size_t)n;
    }
    fclose(f);
    return data;
}

static inline void wlb_release(void)
{
    while (wlb_source.count > 0)
        free(wlb_source.held[--wlb_source.count]);
}

static inline gs_status wlb_read(void *context, const char *path, const char **shown,
                                 const char **text, size_t *length, gs_diag *diag)
{
    wlb_files *src = (wlb_files *)context;
    char *name;
    if (src->count == WLB_MAX_FILES)
        return gs_diag_set(diag, GS_E_IO, path, 0, 0, "too many files");
    name = src->names[src->count];
    wlb_join(name, src->folder, path, "");
    src->held[src->count] = wlb_slurp(name, length);
    if (!src->held[src->count])
        return gs_diag_set(diag, GS_E_IO, path, 0, 0, "cannot read");
    *shown = name;
    *text = src->held[src->count++];
    return GS_OK;
}

/* Parse and run examples/suite/<name>/<size>.gsw on a fresh host. */
static inline gs_status wlb_run(const char *name, const char *size, gs_workload *wl,
                                gs_host *host, gs_arena *arena, gs_wl_state *state)
{
    char path[WLB_PATH_MAX];
    gs_host_config hc;
    gs_diag diag;
    gs_status st;
    size_t length = 0;
    char *text;
    wlb_release();
    wlb_join(wlb_source.folder, "examples/suite/", name, "/");
    wlb_join(path, wlb_source.folder, size, ".gsw");
    text = wlb_slurp(path, &length);
    if (!text) {
        printf("  cannot read %s\n", path);
        return GS_E_IO;
    }
    st = gs_workload_parse(wl, path, text, length, &diag);
    free(text);
    if (st == GS_OK)
        st = gs_workload_host_config(wl, wlb_read, &wlb_source, &hc, &diag);
    if (st == GS_OK)
        st = test_host_start_with(host, arena, &hc);
    if (st == GS_OK)
        st = gs_workload_run(wl, host, wlb_read, &wlb_source, state, &diag);
    if (st != GS_OK)
        test_print_diag(path, &diag);
    return st;
}

/* malloc'ed copy of a 32-bit buffer's generated initial contents. */
static inline uint32_t *wlb_initial32(const gs_workload *wl, const char *name)
{
    const gs_wl_buffer *b = &wl->buffers[test_buffer(wl, name)];
    uint32_t *out = (uint32_t *)malloc((size_t)b->count * 4u + 4u);
    if (!out)
        exit(1);
    test_initial32(wl, name, out);
    return out;
}

/* malloc'ed copy of a 32-bit buffer's contents after the run. */
static inline uint32_t *wlb_result32(gs_host *host, const gs_workload *wl,
                                     const gs_wl_state *state, const char *name)
{
    const gs_wl_buffer *b = &wl->buffers[test_buffer(wl, name)];
    uint32_t *out = (uint32_t *)malloc((size_t)b->count * 4u + 4u);
    if (!out)
        exit(1);
    test_read32(host, wl, state, name, out);
    return out;
}

/* A u8 buffer's generated initial bytes (its count of them). */
static inline void wlb_initial8(const gs_workload *wl, const char *name, uint8_t *out)
{
    const gs_wl_buffer *b = &wl->buffers[test_buffer(wl, name)];
    gs_datagen gen;
    uint64_t i;
    gs_datagen_start(&gen, &b->init);
    for (i = 0; i < b->count; i++)
        out[i] = (uint8_t)gs_datagen_next(&gen);
}

/* A u8 buffer's bytes after the run. */
static inline void wlb_read8(gs_host *host, const gs_workload *wl, const gs_wl_state *state,
                             const char *name, uint8_t *out)
{
    unsigned b = test_buffer(wl, name);
    gs_host_memcpy_to_host(host, out, state->address[b], (size_t)wl->buffers[b].count);
}

static inline uint32_t wlb_count(const gs_workload *wl, const char *name)
{
    return (uint32_t)wl->buffers[test_buffer(wl, name)].count;
}

/* Number of elements of buffer `name` after the run that differ, bit for
 * bit, from the floats `want` (each difference printed by test_diff32). */
static inline int wlb_diff_f32(gs_host *host, const gs_workload *wl, const gs_wl_state *state,
                               const char *name, const float *want)
{
    uint32_t n = wlb_count(wl, name);
    uint32_t *got = wlb_result32(host, wl, state, name);
    uint32_t *bits = (uint32_t *)malloc((size_t)n * 4u + 4u);
    int diff;
    if (!bits)
        exit(1);
    memcpy(bits, want, (size_t)n * 4u);
    diff = test_diff32(name, bits, got, n);
    free(bits);
    free(got);
    return diff;
}

/* A float's bits and back (the references mirror PTX constants by bits). */
static inline float wlb_f32(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static inline uint32_t wlb_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* nvcc's __expf(x) (what it emits without -use_fast_math too): x times
 * log2 e (0x3FB8AA3B) rounded, then ex2.approx, here gpusim's own
 * (src/fp/fpmath.h), since a GPU's special-function unit is not public. */
static inline float wlb_expf_fast(float x)
{
    return wlb_f32(gs_f32_ex2_approx(wlb_bits(x * 1.44269502162933349609375f), 0));
}

/* cvt.sat: clamp to [0, 1], NaN (and -0) to +0; plain comparisons. */
static inline float wlb_sat(float x)
{
    return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;
}

/* fma.rm(t, 252, 12582913) for t in [0, 1]: the sum lies in [2^23, 2^24),
 * where floats are the integers, so rounding down is 12582913 + floor(252 t),
 * here in exact integer arithmetic on t's bits (not gpusim's fma). */
static inline float wlb_fma_rm_252(float t)
{
    uint32_t b = wlb_bits(t), e = (b >> 23) & 0xFFu;
    uint64_t m = (uint64_t)((b & 0x7FFFFFu) | (e != 0 ? 0x800000u : 0u)) * 252u;
    uint32_t shift = e != 0 ? 150u - e : 149u;   /* t = mantissa x 2^-shift */
    return (float)(12582913u + (uint32_t)(shift >= 64u ? 0u : m >> shift));
}

/* expf(x) in full precision as nvcc (sm_75, no -use_fast_math) inlines it:
 * t = sat(fma(x, log2 e / 256 rounded (0x3BBB989D), 0.5)); j = fma.rm(t,
 * 252, 12582913), whose low bits are the integer part; the reduced argument
 * fma(x, lo, fma(x, log2 e, -(j - 12583039))) with log2 e split in two;
 * then ex2.approx.ftz of it (gpusim's: a GPU's special-function unit is not
 * public) times 2^j by an exponent shift. */
static inline float wlb_expf_full(float x)
{
    float t = wlb_sat(fmaf(x, wlb_f32(0x3BBB989Du), 0.5f));
    float j = wlb_fma_rm_252(t);
    float r = -(j + wlb_f32(0xCB40007Fu));
    r = fmaf(x, wlb_f32(0x3FB8AA3Bu), r);
    r = fmaf(x, wlb_f32(0x32A57060u), r);
    return wlb_f32(gs_f32_ex2_approx(wlb_bits(r), 1)) * wlb_f32(wlb_bits(j) << 23);
}

/* logf(x) in full precision as nvcc (sm_75, no -use_fast_math) inlines it:
 * a subnormal x scaled by 2^23 (exponent -23); the exponent split off at
 * 0x3F2AAAAB so the mantissa m lies in [2/3, 4/3); a degree-8 polynomial
 * in m - 1 by fused multiply-adds, then fma(e, ln 2, fma((m-1) p, m-1,
 * m-1)); infinities and NaN through fma(x, inf, inf); zero gives -inf
 * (nvcc selects that after the expansion). */
static inline float wlb_logf_full(float x)
{
    static const uint32_t poly[9] = {0xBE055027u, 0x3E1039F6u, 0xBDF8CDCCu, 0x3E0F2955u,
                                     0xBE2AD8B9u, 0x3E4CED0Bu, 0xBE7FFF22u, 0x3EAAAA78u,
                                     0xBF000000u};
    int tiny = x < wlb_f32(0x00800000u);
    float a = tiny ? x * 8388608.0f : x, e = tiny ? -23.0f : 0.0f, m, p, r;
    uint32_t ab = wlb_bits(a), ex = (ab - 0x3F2AAAABu) & 0xFF800000u;
    int k;
    m = wlb_f32(ab - ex) - 1.0f;
    e = fmaf(ex & 0x80000000u ? -(float)(0u - ex) : (float)ex, wlb_f32(0x34000000u), e);
    p = fmaf(wlb_f32(poly[0]), m, wlb_f32(poly[1]));
    for (k = 2; k < 9; k++)
        p = fmaf(p, m, wlb_f32(poly[k]));
    r = fmaf(e, wlb_f32(0x3F317218u), fmaf(m * p, m, m));
    if (!(ab < 0x7F800000u))
        r = fmaf(a, INFINITY, INFINITY);
    return a == 0.0f ? -INFINITY : r;
}

#endif
