/*
 * Helpers for the suite functional tests 230-249 (helper wl-b): run a
 * workload file of examples/suite/NAME/ from disk (tests run from the
 * repository root, tests/run_tests.py) through the workload runner
 * (src/host/workload.h), so the tests need no embedding, and read its
 * buffers back. Files the workload names are read relative to its folder,
 * as `gpusim --workload FILE` reads them.
 */
#ifndef GS_TEST_WLB_SUITE_H
#define GS_TEST_WLB_SUITE_H

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

/* nvcc's __expf(x) (what it emits without -use_fast_math too): x times
 * log2 e (0x3FB8AA3B) rounded, then ex2.approx, here gpusim's own
 * (src/fp/fpmath.h), since a GPU's special-function unit is not public. */
static inline float wlb_expf_fast(float x)
{
    float t = x * 1.44269502162933349609375f, r;   /* 0x3FB8AA3B exactly */
    uint32_t b;
    memcpy(&b, &t, sizeof b);
    b = gs_f32_ex2_approx(b, 0);
    memcpy(&r, &b, sizeof r);
    return r;
}

#endif
