/*
 * Fuzz the workload-file parser (gs_workload_parse), the host sizing
 * (gs_workload_host_config) and, when the run fits 64 MiB, the run itself
 * (gs_workload_run: buffer generation, launches, repeat/for loops) under a
 * low per-launch instruction limit, so a slow or endless input is a
 * finding. Every `ptx` line reads the embedded vectoradd example's PTX; a
 * `file` initialiser reads 64 zero bytes.
 */
#include "fuzz_common.h"
#include "base/arena.h"
#include "host/host.h"
#include "host/workload.h"
#include "workloads.h"

#define FUZZ_WL_ARENA_MAX (64u << 20)

static const uint8_t zeros[64];

static gs_status read_fixed(void *context, const char *path, const char **shown,
                            const char **text, size_t *length, gs_diag *diag)
{
    const gs_embedded_workload *vadd = gs_embedded_workload_find("vectoradd");
    size_t n = strlen(path);
    (void)context;
    (void)diag;
    if (n >= 4u && strcmp(path + n - 4u, ".ptx") == 0 && vadd && vadd->num_files > 0) {
        *shown = vadd->files[0].source;
        *text = vadd->files[0].text;
        *length = vadd->files[0].length;
    } else {
        *shown = path;
        *text = (const char *)zeros;
        *length = sizeof zeros;
    }
    return GS_OK;
}

static const gs_status allowed[] = { GS_E_WORKLOAD, GS_E_LIMIT, GS_E_PTX, GS_E_RUNAWAY, GS_OK };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gs_workload wl;
    static gs_host host;
    static gs_wl_state state;
    gs_host_config hc;
    gs_arena arena;
    gs_diag diag;
    gs_status st;
    size_t bytes;
    void *buffer;
    st = gs_workload_parse(&wl, "fuzz.gsw", (const char *)data, size, &diag);
    if (st == GS_OK)
        st = gs_workload_host_config(&wl, read_fixed, NULL, &hc, &diag);
    if (st != GS_OK) {
        fuzz_check_refusal(st, &diag, allowed);
        return 0;
    }
    hc.warp_inst_limit = 100000u;
    bytes = gs_host_bytes(&hc) + 4u * GS_ARENA_ALIGN;
    if (bytes > FUZZ_WL_ARENA_MAX || (buffer = calloc(1, bytes)) == NULL)
        return 0;
    gs_arena_init_zeroed(&arena, buffer, bytes);
    st = gs_host_init(&host, &hc, &arena, &diag);
    if (st == GS_OK)
        st = gs_workload_run(&wl, &host, read_fixed, NULL, &state, &diag);
    if (st != GS_OK)
        fuzz_check_refusal(st, &diag, allowed);
    free(buffer);
    return 0;
}
