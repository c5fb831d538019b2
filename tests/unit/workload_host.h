/*
 * Host-side helpers for the functional tests 081-088: a host (src/host/
 * host.h) in a malloc'ed arena, as a user's C program would set one up, the
 * PTX of an example kernel (embedded copy of examples/kernels/NAME.ptx), and
 * running an embedded example workload (examples/workloads/NAME.gsw) through
 * the workload-file path, with access to its buffers afterwards.
 */
#ifndef GS_TEST_WORKLOAD_HOST_H
#define GS_TEST_WORKLOAD_HOST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/host.h"
#include "host/workload.h"
#include "workloads.h"

static void *test_arena_buffer;

static inline void test_print_diag(const char *where, const gs_diag *diag)
{
    char line[GS_DIAG_FILE_MAX + GS_DIAG_MSG_MAX + 32];
    gs_diag_render(diag, line, sizeof line);
    printf("  %s: %s\n", where, line);
}

static inline gs_status test_host_start_with(gs_host *host, gs_arena *arena,
                                             const gs_host_config *config)
{
    gs_diag diag;
    size_t bytes = gs_host_bytes(config) + gs_stats_bytes(8) + 64u;
    gs_status st;
    free(test_arena_buffer);
    test_arena_buffer = malloc(bytes);
    if (!test_arena_buffer)
        return GS_E_ARENA;
    gs_arena_init(arena, test_arena_buffer, bytes);
    st = gs_host_init(host, config, arena, &diag);
    if (st != GS_OK)
        test_print_diag("host init", &diag);
    return st;
}

/* A fresh host (the previous one is freed) with the default configuration,
 * but the module and device-memory sizes of a small test (the defaults
 * reserve gigabytes). */
static inline gs_status test_host_start(gs_host *host, gs_arena *arena)
{
    gs_host_config hc;
    gs_host_config_default(&hc);
    hc.modules_max = 1;
    hc.ptx_bytes_max = 1u << 16;
    hc.devmem.page_count = 1024;
    return test_host_start_with(host, arena, &hc);
}

/* Load the example kernel module `workload`'s PTX and find `kernel`. */
static inline gs_status test_load_kernel(gs_host *host, const char *workload, const char *kernel,
                                  const gs_host_module **module, const gs_ptx_kernel **k)
{
    const gs_embedded_workload *e = gs_embedded_workload_find(workload);
    gs_diag diag;
    gs_status st;
    if (!e || e->num_files < 1)
        return GS_E_IO;
    st = gs_host_module_load(host, e->files[0].path, e->files[0].text, e->files[0].length,
                             module, &diag);
    if (st == GS_OK)
        st = gs_host_get_kernel(*module, kernel, k, &diag);
    if (st != GS_OK)
        test_print_diag("load", &diag);
    return st;
}

static inline gs_dim3 test_dim3(uint32_t x, uint32_t y, uint32_t z)
{
    gs_dim3 d;
    d.x = x;
    d.y = y;
    d.z = z;
    return d;
}

static inline gs_status test_launch(gs_host *host, const gs_host_module *module,
                             const gs_ptx_kernel *kernel, gs_dim3 grid, gs_dim3 block,
                             uint32_t shared, const gs_kernel_arg *args, uint32_t n)
{
    gs_diag diag;
    gs_status st = gs_host_launch(host, module, kernel, grid, block, shared, args, n, &diag);
    if (st != GS_OK)
        test_print_diag("launch", &diag);
    return st;
}

static inline gs_status test_alloc_write(gs_host *host, const uint32_t *values, size_t count,
                                  uint64_t *address)
{
    gs_diag diag;
    gs_status st = gs_host_malloc(host, count * 4u, address, &diag);
    if (st == GS_OK)
        st = gs_host_write_u32(host, *address, values, count, &diag);
    if (st != GS_OK)
        test_print_diag("alloc/write", &diag);
    return st;
}

static inline gs_status test_embedded_read(void *context, const char *path,
                                           const char **shown, const char **text,
                                           size_t *length, gs_diag *diag)
{
    const gs_embedded_file *f = gs_embedded_workload_file(
        (const gs_embedded_workload *)context, path);
    if (!f)
        return gs_diag_set(diag, GS_E_IO, path, 0, 0, "not embedded");
    *shown = f->source;
    *text = f->text;
    *length = f->length;
    return GS_OK;
}

/* Parse and run the embedded workload `name` on a fresh host. */
static inline gs_status test_run_workload(const char *name, gs_workload *wl, gs_host *host,
                                   gs_arena *arena, gs_wl_state *state)
{
    const gs_embedded_workload *e = gs_embedded_workload_find(name);
    gs_diag diag;
    gs_status st;
    if (!e)
        return GS_E_IO;
    gs_host_config hc;
    st = gs_workload_parse(wl, e->source, e->text, e->length, &diag);
    if (st == GS_OK)
        st = gs_workload_host_config(wl, test_embedded_read, (void *)(uintptr_t)e, &hc, &diag);
    if (st == GS_OK)
        st = test_host_start_with(host, arena, &hc);
    if (st == GS_OK)
        st = gs_workload_run(wl, host, test_embedded_read, (void *)(uintptr_t)e, state, &diag);
    if (st != GS_OK)
        test_print_diag(name, &diag);
    return st;
}

/* Index of buffer `name` (asserting it exists). */
static inline unsigned test_buffer(const gs_workload *wl, const char *name)
{
    int i = gs_wl_find_buffer(wl, name);
    if (i < 0) {
        printf("  no buffer %s\n", name);
        exit(1);
    }
    return (unsigned)i;
}

/* The generated initial contents of a 32-bit buffer of a parsed workload. */
static inline void test_initial32(const gs_workload *wl, const char *name, uint32_t *out)
{
    const gs_wl_buffer *b = &wl->buffers[test_buffer(wl, name)];
    gs_datagen gen;
    uint64_t i;
    gs_datagen_start(&gen, &b->init);
    for (i = 0; i < b->count; i++)
        out[i] = (uint32_t)gs_datagen_next(&gen);
}

static inline void test_read32(gs_host *host, const gs_workload *wl, const gs_wl_state *state,
                        const char *name, uint32_t *out)
{
    unsigned b = test_buffer(wl, name);
    gs_host_read_u32(host, out, state->address[b], (size_t)wl->buffers[b].count);
}

/* Count of elements a and b differ in (first few printed). */
static inline unsigned test_diff32(const char *what, const uint32_t *want, const uint32_t *got,
                            size_t n)
{
    size_t i;
    unsigned bad = 0;
    for (i = 0; i < n; i++)
        if (want[i] != got[i] && bad++ < 4u)
            printf("  %s[%lu]: expected 0x%08lx, got 0x%08lx\n", what, (unsigned long)i,
                   (unsigned long)want[i], (unsigned long)got[i]);
    return bad;
}

#endif
