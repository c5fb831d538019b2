/*
 * Diagnostics: fill and render the one-line error record (DESIGN.md section 8).
 */
#include "base/fmt.h"
#include "base/status.h"

#include <string.h>

/* Length of the valid UTF-8 sequence at s (at most `left` bytes), or 0. */
static size_t utf8_length(const unsigned char *s, size_t left)
{
    size_t n, i;
    unsigned char lo = 0x80u, hi = 0xBFu;
    if (s[0] >= 0xC2u && s[0] <= 0xDFu)
        n = 2;
    else if (s[0] >= 0xE0u && s[0] <= 0xEFu)
        n = 3;
    else if (s[0] >= 0xF0u && s[0] <= 0xF4u)
        n = 4;
    else
        return 0;
    if (n > left)
        return 0;
    if (s[0] == 0xE0u)   /* no overlong forms, no surrogates, nothing above U+10FFFF */
        lo = 0xA0u;
    else if (s[0] == 0xEDu)
        hi = 0x9Fu;
    else if (s[0] == 0xF0u)
        lo = 0x90u;
    else if (s[0] == 0xF4u)
        hi = 0x8Fu;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (i = 2; i < n; i++)
        if (s[i] < 0x80u || s[i] > 0xBFu)
            return 0;
    return n;
}

/* Copy `in` to out[capacity] so that it is one printable line (issue 20
 * defect 6): a newline, CR or tab is written \n, \r, \t; any other control
 * byte, DEL and a byte that is not part of valid UTF-8 as \xNN. Idempotent
 * (its output has none of them), so a message quoting another is escaped
 * once. Truncated at a whole escape. */
static void copy_escaped(char *out, size_t capacity, const char *in)
{
    static const char hex[] = "0123456789ABCDEF";
    const unsigned char *s = (const unsigned char *)in;
    size_t o = 0, left = strlen(in);
    while (*s && o + 1u < capacity) {
        size_t n = *s >= 0x80u ? utf8_length(s, left) : (*s >= 0x20u && *s != 0x7Fu);
        if (n > 0) {
            if (o + n >= capacity)
                break;
            memcpy(out + o, s, n);
            o += n;
        } else {
            char esc[4];
            size_t e = 2;
            esc[0] = '\\';
            esc[1] = *s == '\n' ? 'n' : *s == '\r' ? 'r' : *s == '\t' ? 't' : 'x';
            if (esc[1] == 'x') {
                esc[2] = hex[*s >> 4];
                esc[3] = hex[*s & 15u];
                e = 4;
            }
            if (o + e >= capacity)
                break;
            memcpy(out + o, esc, e);
            o += e;
            n = 1;
        }
        s += n;
        left -= n;
    }
    out[o] = '\0';
}

gs_status gs_diag_set(gs_diag *diag, gs_status status, const char *file, uint32_t line,
                      uint32_t column, const char *format, ...)
{
    char message[GS_DIAG_MSG_MAX];
    va_list args;
    if (!diag)
        return status;
    copy_escaped(diag->file, sizeof diag->file, file ? file : "");
    diag->line = line;
    diag->column = column;
    va_start(args, format);
    gs_vfmt(message, sizeof message, format, args);
    va_end(args);
    copy_escaped(diag->message, sizeof diag->message, message);
    return status;
}

gs_status gs_diag_check_text(gs_diag *diag, gs_status status, const char *file,
                             const char *text, size_t length, const char *what)
{
    uint32_t line = 1, column = 1;
    size_t i;
    for (i = 0; i < length; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n') {
            line++;
            column = 1;
            continue;
        }
        if ((c < 0x20u && c != '\t' && !(c == '\r' && i + 1u < length && text[i + 1u] == '\n'))
            || c == 0x7Fu)
            return gs_diag_set(diag, status, file, line, column,
                               "control byte \\x%02X in %s (it is text)", (unsigned)c, what);
        column++;
    }
    return GS_OK;
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
    case GS_E_RUNAWAY: return "runaway";
    case GS_E_INTERRUPTED: return "interrupted";
    }
    return "unknown";
}
