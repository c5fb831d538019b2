/*
 * Internals shared by the trace front end's files (src/trace/trace*.c):
 * the buffered line stream (trace_stream.c). See trace/trace.h.
 */
#ifndef GS_TRACE_TRACE_INTERNAL_H
#define GS_TRACE_TRACE_INTERNAL_H

#include "trace/trace.h"

void gs_tstream_init(gs_trace_stream *s, const gs_trace_io *io, uint32_t handle,
                     const char *file, uint8_t *buf, uint32_t cap, const char *remedy);
void gs_tstream_seek(gs_trace_stream *s, uint64_t offset, uint32_t line);
/* Offset of the next unread byte. */
uint64_t gs_tstream_offset(const gs_trace_stream *s);
/* Next line without its end-of-line; *line NULL at the end of the file. */
gs_status gs_tstream_line(gs_trace_stream *s, const char **line, uint32_t *length,
                          gs_diag *diag);
/* Same, skipping blank lines (formats.md 1.2: "blank lines may appear anywhere"). */
gs_status gs_tstream_nonblank(gs_trace_stream *s, const char **line, uint32_t *length,
                              gs_diag *diag);

/* Kernel header parsing (trace_header.c): read the header of the kernel file
 * open on tr->scan into tr->kernel, up to and including the first #BEGIN_TB
 * (tr->begin_seen is set when it was seen). */
gs_status gs_trace_read_header(gs_trace *tr, gs_diag *diag);

/* Line helpers. */
#define GS_TRACE_CLIP 48u
/* text[0..length) as a NUL-terminated string in out (cut to GS_TRACE_CLIP - 1). */
const char *gs_trace_clip(char out[GS_TRACE_CLIP], const char *text, uint32_t length);
int gs_trace_line_starts(const char *line, uint32_t length, const char *prefix);
/* Position after leading blanks and the blanks trimmed from the end. */
void gs_trace_trim(const char **line, uint32_t *length);

#endif
