/* Shared set-up for the executor tests (tests/unit/07x-*.c): one arena, one
 * host API instance, PTX read from tests/ptx/exec/ (tests run from the
 * repository root). */
#ifndef GS_TEST_EXEC_TEST_H
#define GS_TEST_EXEC_TEST_H

#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "gpusim.h"

static gs_arena exec_test_arena;
static void *exec_test_buffer;
static gs_host exec_test_host;
static char *exec_test_text;

static char *exec_test_read(const char *path, size_t *length)
{
    FILE *file = fopen(path, "rb");
    char *text;
    long size;
    if (!file)
        return NULL;
    fseek(file, 0, SEEK_END);
    size = ftell(file);
    fseek(file, 0, SEEK_SET);
    text = (char *)malloc((size_t)size + 1u);
    if (fread(text, 1, (size_t)size, file) != (size_t)size)
        size = 0;
    text[size] = '\0';
    fclose(file);
    *length = (size_t)size;
    return text;
}

static void exec_test_config(gs_host_config *config)
{
    gs_host_config_default(config);
    config->devmem.page_count = 1024;       /* 4 MiB of device pages */
    config->cta.reg_slots = 256;
    config->cta.pred_slots = 32;
    config->cta.shared_bytes = 48u * 1024u;
    config->cta.local_bytes = 256;
    config->modules_max = 2;
    config->ptx_bytes_max = 128u * 1024u;
}

/* Initialise the host (with `config`) and load one PTX file. */
static const gs_host_module *exec_test_setup_with(const gs_host_config *config,
                                                  const char *ptx_path)
{
    gs_diag diag;
    size_t bytes = gs_host_bytes(config), length = 0;
    const gs_host_module *module = NULL;
    free(exec_test_buffer);
    exec_test_buffer = calloc(1, bytes);
    gs_arena_init(&exec_test_arena, exec_test_buffer, bytes);
    if (gs_host_init(&exec_test_host, config, &exec_test_arena, &diag) != GS_OK) {
        printf("  host init: %s\n", diag.message);
        return NULL;
    }
    free(exec_test_text);
    exec_test_text = exec_test_read(ptx_path, &length);
    if (!exec_test_text) {
        printf("  cannot read %s\n", ptx_path);
        return NULL;
    }
    if (gs_host_module_load(&exec_test_host, ptx_path, exec_test_text, length, &module,
                            &diag) != GS_OK) {
        printf("  load: %s:%u:%u: %s\n", diag.file, diag.line, diag.column, diag.message);
        return NULL;
    }
    return module;
}

static const gs_host_module *exec_test_setup(const char *ptx_path)
{
    gs_host_config config;
    exec_test_config(&config);
    return exec_test_setup_with(&config, ptx_path);
}

static uint32_t exec_rand(uint32_t *state);
static gs_status exec_launch(const gs_host_module *module, const char *name, gs_dim3 grid,
                             gs_dim3 block, uint32_t shared, const gs_kernel_arg *args,
                             uint32_t num_args);

static void exec_test_done(void)
{
    (void)exec_rand;   /* helpers not every test uses */
    (void)exec_launch;
    free(exec_test_buffer);
    free(exec_test_text);
    exec_test_buffer = NULL;
    exec_test_text = NULL;
}

static gs_dim3 exec_dim(uint32_t x, uint32_t y, uint32_t z)
{
    gs_dim3 d;
    d.x = x;
    d.y = y;
    d.z = z;
    return d;
}

static uint64_t exec_alloc(uint64_t bytes)
{
    gs_diag diag;
    uint64_t address = 0;
    GS_CHECK_EQ(GS_OK, gs_host_malloc(&exec_test_host, bytes, &address, &diag));
    return address;
}

/* Launch; prints the diagnostic and returns its status. */
static gs_status exec_launch(const gs_host_module *module, const char *name, gs_dim3 grid,
                             gs_dim3 block, uint32_t shared, const gs_kernel_arg *args,
                             uint32_t num_args)
{
    const gs_ptx_kernel *kernel = NULL;
    gs_diag diag;
    gs_status status = gs_host_get_kernel(module, name, &kernel, &diag);
    if (status == GS_OK)
        status = gs_host_launch(&exec_test_host, module, kernel, grid, block, shared, args,
                                num_args, &diag);
    if (status != GS_OK)
        printf("  launch %s: %s:%u: %s\n", name, diag.file, diag.line, diag.message);
    return status;
}

/* Deterministic test data (xorshift32). */
static uint32_t exec_rand(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

#endif
