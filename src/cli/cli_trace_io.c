/*
 * The host side of trace streaming: gs_trace_io over C stdio, with 64-bit
 * file offsets on every host (issue 20, defect 5: traces over 2 GiB).
 *
 * C99's fseek takes a long, which is 32 bits on ILP32 hosts and on LLP64
 * Windows. So each open file keeps its position here, a read at the current
 * position seeks not at all (the common case: the scanner and the warp
 * streams mostly read on), and a move is made as SEEK_CUR steps that each fit
 * a long. _FILE_OFFSET_BITS (glibc) lets a 32-bit host's stdio open a file
 * larger than 2 GiB; other C libraries ignore it. Unbuffered FILEs: the
 * trace reader has its own buffers.
 */
#define _FILE_OFFSET_BITS 64

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static int io_open(void *context, const char *path, uint32_t *handle)
{
    gs_cli_trace_files *files = (gs_cli_trace_files *)context;
    uint32_t i;
    for (i = 0; i < GS_CLI_TRACE_FILES && files->f[i]; i++)
        ;
    if (i == GS_CLI_TRACE_FILES || (files->f[i] = fopen(path, "rb")) == NULL)
        return 1;
    setvbuf(files->f[i], NULL, _IONBF, 0);
    files->pos[i] = 0;
    *handle = i;
    return 0;
}

/* Move file `handle` to `offset` in steps that each fit a long. */
static int seek_to(gs_cli_trace_files *files, uint32_t handle, uint64_t offset)
{
    FILE *f = files->f[handle];
    uint64_t pos = files->pos[handle];
    const uint64_t step = (uint64_t)LONG_MAX;
    if (pos == offset)
        return 0;
    if (offset <= step) {                       /* one absolute seek */
        if (fseek(f, (long)offset, SEEK_SET) != 0)
            return 1;
        files->pos[handle] = offset;
        return 0;
    }
    while (pos != offset) {
        uint64_t distance = pos < offset ? offset - pos : pos - offset;
        long move = (long)(distance < step ? distance : step);
        if (fseek(f, pos < offset ? move : -move, SEEK_CUR) != 0) {
            files->pos[handle] = UINT64_MAX;    /* unknown: the next read starts over */
            return 1;
        }
        pos = pos < offset ? pos + (uint64_t)move : pos - (uint64_t)move;
    }
    files->pos[handle] = pos;
    return 0;
}

static int io_read_at(void *context, uint32_t handle, uint64_t offset, uint8_t *buffer,
                      uint32_t capacity, uint32_t *got)
{
    gs_cli_trace_files *files = (gs_cli_trace_files *)context;
    FILE *f = files->f[handle];
    size_t n;
    if (files->pos[handle] == UINT64_MAX) {     /* after a failed move: start over */
        if (fseek(f, 0L, SEEK_SET) != 0)
            return 1;
        files->pos[handle] = 0;
    }
    if (seek_to(files, handle, offset) != 0)
        return 1;
    n = fread(buffer, 1, capacity, f);
    files->pos[handle] = offset + n;
    if (n < capacity && ferror(f)) {
        clearerr(f);
        files->pos[handle] = UINT64_MAX;
        return 1;
    }
    *got = (uint32_t)n;
    return 0;
}

static void io_close(void *context, uint32_t handle)
{
    gs_cli_trace_files *files = (gs_cli_trace_files *)context;
    if (handle < GS_CLI_TRACE_FILES && files->f[handle]) {
        fclose(files->f[handle]);
        files->f[handle] = NULL;
    }
}

void gs_cli_trace_io_init(gs_trace_io *io, gs_cli_trace_files *files)
{
    memset(files, 0, sizeof *files);
    io->context = files;
    io->open = io_open;
    io->read_at = io_read_at;
    io->close = io_close;
}
