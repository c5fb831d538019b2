/*
 * Test helper for the workload-suite functional tests (tests/unit/2NN-suite-*.c):
 * runs a workload file from disk (examples/suite/NAME/small.gsw, read
 * relative to the repository root, the test runner's working folder), its
 * PTX read relative to the workload file's folder as the CLI does
 * (src/cli/cli_workload.c). Used until/alongside the embedded suite table;
 * builds on workload_host.h (host arena, buffer access, diffs).
 */
#ifndef GS_TEST_SUITE_FILE_H
#define GS_TEST_SUITE_FILE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workload_host.h"

#define SUITE_FILE_MAX 16u
#define SUITE_PATH_MAX 256u

typedef struct suite_files {
    char folder[SUITE_PATH_MAX];
    char names[SUITE_FILE_MAX][SUITE_PATH_MAX];
    char *held[SUITE_FILE_MAX];
    unsigned num_held;
} suite_files;

static suite_files suite_file_source;

static inline char *suite_slurp(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    char *data = NULL;
    long size;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        data = malloc((size_t)size + 1u);
        if (data && fread(data, 1, (size_t)size, f) != (size_t)size) {
            free(data);
            data = NULL;
        }
        if (data) {
            data[size] = '\0';
            *length = (size_t)size;
        }
    }
    fclose(f);
    return data;
}

static inline gs_status suite_read(void *context, const char *path, const char **shown,
                                   const char **text, size_t *length, gs_diag *diag)
{
    suite_files *src = (suite_files *)context;
    char *full;
    if (src->num_held == SUITE_FILE_MAX)
        return gs_diag_set(diag, GS_E_IO, path, 0, 0, "too many files");
    full = src->names[src->num_held];
    snprintf(full, SUITE_PATH_MAX, "%s%s", path[0] == '/' ? "" : src->folder, path);
    src->held[src->num_held] = suite_slurp(full, length);
    if (!src->held[src->num_held])
        return gs_diag_set(diag, GS_E_IO, full, 0, 0, "cannot read");
    *shown = full;
    *text = src->held[src->num_held++];
    return GS_OK;
}

static inline void suite_release(void)
{
    while (suite_file_source.num_held > 0)
        free(suite_file_source.held[--suite_file_source.num_held]);
}

/* Parse and run the workload file `path` on a fresh host. */
static inline gs_status suite_run_file(const char *path, gs_workload *wl, gs_host *host,
                                       gs_arena *arena, gs_wl_state *state)
{
    suite_files *src = &suite_file_source;
    gs_host_config hc;
    gs_diag diag;
    gs_status st;
    size_t length = 0, n;
    char *text;
    suite_release();
    n = strlen(path);
    while (n > 0 && path[n - 1u] != '/')
        n--;
    memcpy(src->folder, path, n);
    src->folder[n] = '\0';
    text = suite_slurp(path, &length);
    if (!text) {
        printf("  cannot read %s\n", path);
        return GS_E_IO;
    }
    st = gs_workload_parse(wl, path, text, length, &diag);
    free(text);
    if (st == GS_OK)
        st = gs_workload_host_config(wl, suite_read, src, &hc, &diag);
    if (st == GS_OK)
        st = test_host_start_with(host, arena, &hc);
    if (st == GS_OK)
        st = gs_workload_run(wl, host, suite_read, src, state, &diag);
    if (st != GS_OK)
        test_print_diag(path, &diag);
    suite_release();
    return st;
}

/* A scalar launch argument of step `step` (0-based over the steps). */
static inline uint32_t suite_arg32(const gs_workload *wl, unsigned step, unsigned arg)
{
    return (uint32_t)wl->steps[step].args[arg].bits;
}

#endif
