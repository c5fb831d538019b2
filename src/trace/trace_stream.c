/*
 * A line reader over the host's read-at callback with one fixed buffer
 * (spec/formats.md 1.5: traces must be streamed; DESIGN.md section 5: no
 * allocation, bounded buffers). Lines end at '\n'; a '\r' before it is
 * dropped; the last line may lack its '\n'. A line that does not fit the
 * buffer is an error naming the option that sizes it (never a silent cut).
 */
#include <string.h>

#include "trace/trace_internal.h"

void gs_tstream_init(gs_trace_stream *s, const gs_trace_io *io, uint32_t handle,
                     const char *file, uint8_t *buf, uint32_t cap, const char *remedy)
{
    s->io = io;
    s->handle = handle;
    s->file = file;
    s->remedy = remedy;
    s->buf = buf;
    s->cap = cap;
    gs_tstream_seek(s, 0, 0);
}

void gs_tstream_seek(gs_trace_stream *s, uint64_t offset, uint32_t line)
{
    s->base = offset;
    s->pos = 0;
    s->len = 0;
    s->line = line;
    s->eof = 0;
}

uint64_t gs_tstream_offset(const gs_trace_stream *s)
{
    return s->base + s->pos;
}

/* Move the unread bytes to the front and read more after them. */
static gs_status refill(gs_trace_stream *s, gs_diag *diag)
{
    uint32_t got = 0;
    if (s->pos > 0) {
        memmove(s->buf, s->buf + s->pos, s->len - s->pos);
        s->base += s->pos;
        s->len -= s->pos;
        s->pos = 0;
    }
    if (s->len == s->cap)
        return gs_diag_set(diag, GS_E_LIMIT, s->file, s->line + 1u, 0,
                           "line longer than %u bytes (%s)", (unsigned)s->cap,
                           s->remedy);
    if (s->io->read_at(s->io->context, s->handle, s->base + s->len, s->buf + s->len,
                       s->cap - s->len, &got) != 0)
        return gs_diag_set(diag, GS_E_IO, s->file, s->line + 1u, 0, "read error");
    if (got == 0)
        s->eof = 1;
    s->len += got;
    return GS_OK;
}

/* A trace is text: a control byte (below 0x20 other than a tab, or DEL)
 * in a line is an error at its column, shown escaped (a NUL would otherwise
 * end the text the parsers see, and an opcode such as "MOV\0XXX" would be
 * read as MOV). */
static gs_status check_text(const gs_trace_stream *s, const char *line, uint32_t length,
                            gs_diag *diag)
{
    uint32_t i;
    for (i = 0; i < length; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 0x20u && c != '\t') || c == 0x7Fu)
            return gs_diag_set(diag, GS_E_TRACE, s->file, s->line, i + 1u,
                               "control byte \\x%02X in a trace line (traces are text)",
                               (unsigned)c);
    }
    return GS_OK;
}

gs_status gs_tstream_line(gs_trace_stream *s, const char **line, uint32_t *length,
                          gs_diag *diag)
{
    uint32_t scan = s->pos;
    for (;;) {
        const uint8_t *b = s->buf;
        uint32_t end = s->len, i = scan;
        while (i < end && b[i] != '\n')
            i++;
        if (i < end || (s->eof && s->pos < s->len)) {
            uint32_t n = i - s->pos;
            *line = (const char *)b + s->pos;
            if (n > 0 && b[s->pos + n - 1u] == '\r')
                n--;
            *length = n;
            s->pos = i < end ? i + 1u : end;
            s->line++;
            return check_text(s, *line, n, diag);
        }
        if (s->eof) {
            *line = NULL;
            *length = 0;
            return GS_OK;
        }
        scan = s->len - s->pos;   /* bytes already searched, after the move */
        {
            gs_status st = refill(s, diag);
            if (st != GS_OK)
                return st;
        }
    }
}

/* Next line that is not blank (spaces/tabs only); *line NULL at end of file. */
gs_status gs_tstream_nonblank(gs_trace_stream *s, const char **line, uint32_t *length,
                              gs_diag *diag)
{
    for (;;) {
        uint32_t i;
        gs_status st = gs_tstream_line(s, line, length, diag);
        if (st != GS_OK || *line == NULL)
            return st;
        for (i = 0; i < *length && ((*line)[i] == ' ' || (*line)[i] == '\t'); i++)
            ;
        if (i < *length)
            return GS_OK;
    }
}
