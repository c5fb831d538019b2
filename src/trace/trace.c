/*
 * The Accel-Sim trace reader: kernel list, thread-block scanning and warp
 * streams (spec/formats.md sections 1.1-1.3; the design is in trace/trace.h).
 *
 * Kernel list (formats.md 1.1): a line starting `MemcpyHtoD` must be
 * `MemcpyHtoD,0x<hex address>,<decimal bytes>`; a line starting `kernel`
 * names a kernel trace file relative to the list's folder; every other line
 * is ignored, as Accel-Sim's command-list parser does. Compressed kernel
 * files (`.xz`, `.tracez`) are rejected with a message (no decompressor in
 * the library).
 *
 * Body of a kernel file (formats.md 1.2): #BEGIN_TB, `thread block = x,y,z`,
 * then per warp `warp = N`, `insts = C` and C instruction lines, #END_TB.
 * Blank lines are skipped; `cluster ...` lines (Hopper clusters) are
 * accepted and ignored. Checked while scanning a block (all errors
 * `file:line:col`): the structure; block ids inside the grid; warp ids
 * below the block's warp count and not repeated; every warp of the block
 * present (decision: a real tracer writes every warp, each ends in EXIT);
 * exactly C instruction lines per warp, C >= 1 (decision: every traced
 * warp executes at least its EXIT; a warp with none could never finish in
 * the timing model); at the end of the file, as many
 * blocks as the grid has (decision: Accel-Sim trusts the file; we check).
 * Thread blocks are handed out in file order.
 */
#include <string.h>

#include "base/fmt.h"
#include "trace/trace_internal.h"

#define LIST_BUFFER_BYTES 4096u

void gs_trace_default_params(gs_trace_params *p, uint32_t max_open_warps)
{
    p->max_open_warps = max_open_warps;
    /* a v3-v5 line is at most ~800 bytes (32 list-mode addresses of 19
     * characters plus the fixed fields): 1024 holds any of them */
    p->warp_buffer_bytes = 1024u;
    p->scan_buffer_bytes = 65536u;
}

size_t gs_trace_bytes(const gs_trace_params *p)
{
    return gs_arena_round((size_t)p->max_open_warps * sizeof(gs_trace_warp))  /* warp pool */
           + (size_t)p->max_open_warps * gs_arena_round(p->warp_buffer_bytes) /* buffers */
           + gs_arena_round((size_t)p->max_open_warps * sizeof(uint32_t))  /* free list */
           + gs_arena_round(LIST_BUFFER_BYTES)                             /* kernel list */
           + gs_arena_round(p->scan_buffer_bytes);                         /* scanner */
}

static gs_status carve(gs_trace *tr, gs_arena *arena, gs_diag *diag)
{
    uint8_t *list_buf = (uint8_t *)gs_arena_alloc(arena, LIST_BUFFER_BYTES);
    uint8_t *scan_buf = (uint8_t *)gs_arena_alloc(arena, tr->p.scan_buffer_bytes);
    uint32_t i;
    tr->pool = (gs_trace_warp *)gs_arena_alloc(arena,
                                               tr->p.max_open_warps * sizeof(gs_trace_warp));
    tr->free_warps = (uint32_t *)gs_arena_alloc(arena, tr->p.max_open_warps * sizeof(uint32_t));
    tr->warp_bufs = (uint8_t *)gs_arena_alloc(arena, (size_t)tr->p.max_open_warps *
                                                         gs_arena_round(tr->p.warp_buffer_bytes));
    if (!list_buf || !scan_buf || !tr->pool || !tr->free_warps || !tr->warp_bufs)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for the trace reader");
    for (i = 0; i < tr->p.max_open_warps; i++)
        tr->free_warps[i] = tr->p.max_open_warps - 1u - i;
    tr->num_free = tr->p.max_open_warps;
    tr->list.buf = list_buf;
    tr->scan.buf = scan_buf;
    return GS_OK;
}

gs_status gs_trace_open(gs_trace *tr, const gs_trace_params *p, const gs_trace_io *io,
                        const char *list_path, gs_arena *arena, gs_diag *diag)
{
    size_t n = strlen(list_path), i;
    uint32_t handle;
    gs_status st;
    memset(tr, 0, sizeof *tr);
    tr->p = *p;
    tr->io = io;
    if (p->max_open_warps == 0 || p->warp_buffer_bytes < GS_TRACE_MIN_LINE_BUFFER
        || p->scan_buffer_bytes < GS_TRACE_MIN_LINE_BUFFER)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0, "trace reader buffers too small "
                           "(%s >= %u, %s >= 1)", GS_TRACE_WARP_BUFFER_OPTION,
                           GS_TRACE_MIN_LINE_BUFFER, GS_TRACE_OPEN_WARPS_OPTION);
    if (n >= GS_TRACE_PATH_MAX)
        return gs_diag_set(diag, GS_E_TRACE, NULL, 0, 0, "trace path longer than %u bytes",
                           GS_TRACE_PATH_MAX - 1u);
    memcpy(tr->list_path, list_path, n + 1u);
    for (i = n; i > 0 && list_path[i - 1u] != '/'; i--)
        ;
    tr->dir_length = i;
    if ((st = carve(tr, arena, diag)) != GS_OK)
        return st;
    if (io->open(io->context, list_path, &handle) != 0)
        return gs_diag_set(diag, GS_E_IO, list_path, 0, 0, "cannot open the kernel list");
    gs_tstream_init(&tr->list, io, handle, tr->list_path, tr->list.buf, LIST_BUFFER_BYTES,
                    "a kernel list line is limited to 4096 bytes, its newline included");
    tr->list_open = 1;
    return GS_OK;
}

static void close_kernel(gs_trace *tr)
{
    if (tr->kernel_open) {
        GS_ASSERT(tr->num_free == tr->p.max_open_warps);
        tr->io->close(tr->io->context, tr->scan.handle);
        tr->kernel_open = 0;
    }
}

void gs_trace_close(gs_trace *tr)
{
    if (tr->num_free == tr->p.max_open_warps)
        close_kernel(tr);
    else if (tr->kernel_open) {
        tr->io->close(tr->io->context, tr->scan.handle);
        tr->kernel_open = 0;
    }
    if (tr->list_open) {
        tr->io->close(tr->io->context, tr->list.handle);
        tr->list_open = 0;
    }
}

static int all_digits(const char *text, uint32_t length)
{
    uint32_t i;
    for (i = 0; i < length; i++)
        if (text[i] < '0' || text[i] > '9')
            return 0;
    return length > 0;
}

/* `MemcpyHtoD,0x<hex>,<decimal>` (formats.md 1.1). */
static gs_status parse_memcpy(gs_trace *tr, const char *line, uint32_t length,
                              gs_trace_cmd *cmd, gs_diag *diag)
{
    uint32_t a = 10, b;
    if (a < length && line[a] == ',') {
        for (b = ++a; b < length && line[b] != ','; b++)
            ;
        if (b < length && b - a > 2u && line[a] == '0' && line[a + 1u] == 'x'
            && gs_parse_u64(line + a, b - a, &cmd->addr)
            && all_digits(line + b + 1u, length - b - 1u)
            && gs_parse_u64(line + b + 1u, length - b - 1u, &cmd->bytes)) {
            cmd->kind = GS_TRACE_MEMCPY;
            return GS_OK;
        }
    }
    return gs_diag_set(diag, GS_E_TRACE, tr->list_path, tr->list.line, 1,
                       "expected 'MemcpyHtoD,0x<hex address>,<decimal byte count>'");
}

static int ends_with(const char *line, uint32_t length, const char *suffix)
{
    uint32_t n = (uint32_t)strlen(suffix);
    return length >= n && memcmp(line + length - n, suffix, n) == 0;
}

static gs_status open_kernel(gs_trace *tr, const char *line, uint32_t length,
                             gs_trace_cmd *cmd, gs_diag *diag)
{
    uint32_t handle;
    char clip[GS_TRACE_CLIP];
    if (ends_with(line, length, ".xz") || ends_with(line, length, ".tracez"))
        return gs_diag_set(diag, GS_E_TRACE, tr->list_path, tr->list.line, 1,
                           "compressed kernel trace '%s' is not supported (decompress it "
                           "and name the .traceg)", gs_trace_clip(clip, line, length));
    if (tr->dir_length + length >= GS_TRACE_PATH_MAX)
        return gs_diag_set(diag, GS_E_TRACE, tr->list_path, tr->list.line, 1,
                           "kernel trace path longer than %u bytes", GS_TRACE_PATH_MAX - 1u);
    memcpy(tr->kernel_path, tr->list_path, tr->dir_length);
    memcpy(tr->kernel_path + tr->dir_length, line, length);
    tr->kernel_path[tr->dir_length + length] = '\0';
    if (tr->io->open(tr->io->context, tr->kernel_path, &handle) != 0)
        return gs_diag_set(diag, GS_E_IO, tr->list_path, tr->list.line, 1,
                           "cannot open kernel trace '%s'", tr->kernel_path);
    gs_tstream_init(&tr->scan, tr->io, handle, tr->kernel_path, tr->scan.buf,
                    tr->p.scan_buffer_bytes, "raise " GS_TRACE_WARP_BUFFER_OPTION);
    tr->kernel_open = 1;
    cmd->kind = GS_TRACE_KERNEL;
    return gs_trace_read_header(tr, diag);
}

uint32_t gs_trace_ignored_lines(const gs_trace *tr, uint32_t *first_line)
{
    *first_line = tr->first_ignored_line;
    return tr->ignored_lines;
}

gs_status gs_trace_next(gs_trace *tr, gs_trace_cmd *cmd, gs_diag *diag)
{
    memset(cmd, 0, sizeof *cmd);
    close_kernel(tr);
    for (;;) {
        const char *line;
        uint32_t length;
        gs_status st = gs_tstream_nonblank(&tr->list, &line, &length, diag);
        if (st != GS_OK)
            return st;
        if (line == NULL && tr->commands == 0)   /* any readable file would run nothing */
            return gs_diag_set(diag, GS_E_TRACE, tr->list_path, 0, 0,
                               "the kernel list names no kernel file and no MemcpyHtoD (is "
                               "it an Accel-Sim kernelslist.g?)");
        if (line == NULL)
            return GS_OK;   /* GS_TRACE_END at the end of the list */
        gs_trace_trim(&line, &length);
        if (gs_trace_line_starts(line, length, "MemcpyHtoD")) {
            tr->commands++;
            return parse_memcpy(tr, line, length, cmd, diag);
        }
        if (gs_trace_line_starts(line, length, "kernel")) {
            tr->commands++;
            return open_kernel(tr, line, length, cmd, diag);
        }
        /* anything else is ignored (formats.md 1.1), counted unless a comment */
        if (line[0] != '#' && tr->ignored_lines++ == 0)
            tr->first_ignored_line = tr->list.line;
    }
}
