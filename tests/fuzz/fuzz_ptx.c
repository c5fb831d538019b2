/*
 * Fuzz the PTX loader (gs_ptx_load) in an arena of exactly
 * gs_ptx_bytes_for_text bytes: the loader's own bound must always suffice
 * (GS_E_ARENA would break the promise). An accepted module's kernels are
 * folded into a launch bound, as the CLI does to size a run.
 */
#include "fuzz_common.h"
#include "base/arena.h"
#include "ptx/ptx.h"
#include "sim/gpu.h"

static const gs_status allowed[] = { GS_E_PTX, GS_E_LIMIT, GS_OK };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t bytes = gs_ptx_bytes_for_text((const char *)data, size) + 4u * GS_ARENA_ALIGN;
    void *buffer = calloc(1, bytes);
    gs_ptx_module *module = NULL;
    gs_arena arena;
    gs_diag diag;
    gs_status st;
    if (!buffer)
        return 0;
    gs_arena_init_zeroed(&arena, buffer, bytes);
    st = gs_ptx_load(&arena, "fuzz.ptx", (const char *)data, size, &module, &diag);
    if (st != GS_OK) {
        fuzz_check_refusal(st, &diag, allowed);
    } else {
        gs_exec_shape bound;
        memset(&bound, 0, sizeof bound);
        gs_sim_bound_module(&bound, module);
    }
    free(buffer);
    return 0;
}
