/*
 * Loading PTX text in a unit test: a fresh heap arena of exactly the
 * loader's bound (gs_ptx_bytes_for_text), released on the next load or by
 * ptx_test_free; a failed load prints its one-line diagnostic.
 */
#ifndef GS_TEST_PTX_TEST_H
#define GS_TEST_PTX_TEST_H

#include <stdio.h>
#include <stdlib.h>

#include "ptx/ptx.h"

static char *ptx_test_arena;

static void ptx_test_free(void)
{
    free(ptx_test_arena);
    ptx_test_arena = NULL;
}

/* opts NULL: the loader's defaults. Returns NULL when the load fails. */
static gs_ptx_module *ptx_test_load(const char *name, const char *text, size_t length,
                                    const gs_ptx_load_options *opts)
{
    size_t need = gs_ptx_bytes_for_text(text, length);
    gs_arena arena;
    gs_diag diag;
    gs_ptx_module *module;
    char line[600];
    ptx_test_free();
    ptx_test_arena = (char *)calloc(1, need);
    gs_arena_init(&arena, ptx_test_arena, need);
    if (gs_ptx_load_with(&arena, name, text, length, opts, &module, &diag) != GS_OK) {
        gs_diag_render(&diag, line, sizeof line);
        printf("  load failed: %s\n", line);
        return NULL;
    }
    return module;
}

#endif
