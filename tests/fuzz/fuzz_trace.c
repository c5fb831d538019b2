/*
 * Fuzz the Accel-Sim trace reader end to end: the kernel list, the kernel
 * header, thread blocks and every instruction of every warp (gs_trace_next,
 * gs_trace_cta_start, gs_trace_warp_step), through an in-memory gs_trace_io.
 *
 * Input: the kernel list, then a line "====", then the kernel trace. Every
 * kernel the list names opens that one kernel trace; without the separator
 * the whole input is the kernel trace behind the list "kernel-1.traceg".
 * The buffers are small (1 KiB lines, 64 open warps) so limits are reached.
 */
#include "fuzz_common.h"
#include "base/arena.h"
#include "trace/trace.h"

typedef struct mem_files {
    const uint8_t *text[2];
    size_t length[2];
} mem_files;

static int mem_open(void *context, const char *path, uint32_t *handle)
{
    size_t n = strlen(path);
    (void)context;
    *handle = n >= 13u && strcmp(path + n - 13u, "kernelslist.g") == 0 ? 0u : 1u;
    return 0;
}

static int mem_read_at(void *context, uint32_t handle, uint64_t offset, uint8_t *buffer,
                       uint32_t capacity, uint32_t *got)
{
    mem_files *files = (mem_files *)context;
    size_t length = files->length[handle];
    size_t n = offset >= length ? 0u : length - (size_t)offset;
    if (n > capacity)
        n = capacity;
    if (n)
        memcpy(buffer, files->text[handle] + offset, n);
    *got = (uint32_t)n;
    return 0;
}

static void mem_close(void *context, uint32_t handle)
{
    (void)context;
    (void)handle;
}

static gs_status run_kernel(gs_trace *tr, gs_diag *diag)
{
    static gs_trace_cta cta;
    static gs_inst inst;
    for (;;) {
        int started;
        uint32_t w;
        gs_status st = gs_trace_cta_start(tr, &cta, &started, diag);
        if (st != GS_OK || !started)
            return st;
        while (st == GS_OK && cta.live_warps > 0)
            for (w = 0; st == GS_OK && w < cta.num_warps; w++)
                if (!gs_trace_warp_done(&cta, w))
                    st = gs_trace_warp_step(tr, &cta, w, &inst, diag);
        gs_trace_cta_finish(tr, &cta);
        if (st != GS_OK)
            return st;
    }
}

static const gs_status allowed[] = { GS_E_TRACE, GS_E_LIMIT, GS_OK };
static const uint8_t default_list[] = "kernel-1.traceg\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gs_trace tr;
    mem_files files;
    gs_trace_params p;
    gs_trace_io io;
    gs_arena arena;
    gs_diag diag;
    gs_status st;
    size_t bytes, i;
    void *buffer;
    files.text[0] = default_list;
    files.length[0] = sizeof default_list - 1u;
    files.text[1] = data;
    files.length[1] = size;
    for (i = 0; i + 6u <= size; i++)
        if (memcmp(data + i, "\n====\n", 6u) == 0) {
            files.length[0] = i + 1u;
            files.text[0] = data;
            files.text[1] = data + i + 6u;
            files.length[1] = size - i - 6u;
            break;
        }
    gs_trace_default_params(&p, 64u);
    p.warp_buffer_bytes = 1024u;
    p.scan_buffer_bytes = 1024u;
    bytes = gs_trace_bytes(&p) + 4u * GS_ARENA_ALIGN;
    if ((buffer = calloc(1, bytes)) == NULL)
        return 0;
    gs_arena_init_zeroed(&arena, buffer, bytes);
    io.context = &files;
    io.open = mem_open;
    io.read_at = mem_read_at;
    io.close = mem_close;
    memset(&tr, 0, sizeof tr);
    st = gs_trace_open(&tr, &p, &io, "fuzz/kernelslist.g", &arena, &diag);
    if (st == GS_OK) {
        gs_arena_seal(&arena);
        for (;;) {
            gs_trace_cmd cmd;
            if ((st = gs_trace_next(&tr, &cmd, &diag)) != GS_OK || cmd.kind == GS_TRACE_END)
                break;
            if (cmd.kind == GS_TRACE_KERNEL && (st = run_kernel(&tr, &diag)) != GS_OK)
                break;
        }
    }
    gs_trace_close(&tr);
    if (st != GS_OK)
        fuzz_check_refusal(st, &diag, allowed);
    free(buffer);
    return 0;
}
