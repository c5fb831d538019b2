/*
 * Diagnostics: fill and render the one-line error record (DESIGN.md section 8).
 */
#include "base/fmt.h"
#include "base/status.h"

#include <string.h>

gs_status gs_diag_set(gs_diag *diag, gs_status status, const char *file, uint32_t line,
                      uint32_t column, const char *format, ...)
{
    va_list args;
    if (!diag)
        return status;
    gs_str_copy(diag->file, sizeof diag->file, file ? file : "");
    diag->line = line;
    diag->column = column;
    va_start(args, format);
    gs_vfmt(diag->message, sizeof diag->message, format, args);
    va_end(args);
    return status;
}

size_t gs_diag_render(const gs_diag *diag, char *out, size_t capacity)
{
    char where[GS_DIAG_FILE_MAX + 32];
    if (diag->file[0] && diag->line && diag->column)
        gs_fmt(where, sizeof where, "%s:%u:%u: ", diag->file, (unsigned)diag->line,
               (unsigned)diag->column);
    else if (diag->file[0] && diag->line)
        gs_fmt(where, sizeof where, "%s:%u: ", diag->file, (unsigned)diag->line);
    else if (diag->file[0])
        gs_fmt(where, sizeof where, "%s: ", diag->file);
    else
        where[0] = '\0';
    return gs_fmt(out, capacity, "%serror: %s", where, diag->message);
}

const char *gs_status_name(gs_status status)
{
    switch (status) {
    case GS_OK: return "ok";
    case GS_E_USAGE: return "usage";
    case GS_E_CONFIG: return "config";
    case GS_E_PTX: return "ptx";
    case GS_E_TRACE: return "trace";
    case GS_E_WORKLOAD: return "workload";
    case GS_E_LIMIT: return "limit";
    case GS_E_ARENA: return "arena";
    case GS_E_IO: return "io";
    }
    return "unknown";
}
