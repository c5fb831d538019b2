/*
 * A small, libc-free text formatter and output sink.
 *
 * The library may not depend on stdio (it must build freestanding, DESIGN.md
 * section 1.3), so all text it produces goes through gs_fmt into bounded
 * buffers and out through a host-supplied gs_sink. Supported conversions:
 * %s %c %d %i %u %x %X with the length modifiers l, ll and z, a width and
 * the flags '0' and '-', and %%. Output never depends on the host's locale.
 */
#ifndef GS_BASE_FMT_H
#define GS_BASE_FMT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Lets gcc and clang check our format strings (a subset of printf's). */
#if defined(__GNUC__)
#define GS_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define GS_PRINTF_LIKE(f, a)
#endif

/* Writes at most capacity-1 chars plus NUL; returns the length it wanted. */
size_t gs_fmt(char *out, size_t capacity, const char *format, ...) GS_PRINTF_LIKE(3, 4);
size_t gs_vfmt(char *out, size_t capacity, const char *format, va_list args);
/* Append at out[used] (used <= capacity - 1); returns the new length, which
 * stays below capacity when the text is cut: safe to chain. */
size_t gs_fmt_append(char *out, size_t capacity, size_t used, const char *format, ...)
    GS_PRINTF_LIKE(4, 5);

/* Where the library writes text: stdout on a hosted CLI, a UART on a board. */
typedef struct gs_sink {
    void (*write)(void *context, const char *text, size_t length);
    void *context;
} gs_sink;

void gs_sink_puts(const gs_sink *sink, const char *text);
void gs_sink_printf(const gs_sink *sink, const char *format, ...) GS_PRINTF_LIKE(2, 3);

/* Fixed point with integer arithmetic: value num/den rounded half-up to
 * `decimals` places, rendered "123.4567". den 0 renders as "0". */
size_t gs_fmt_ratio(char *out, size_t capacity, uint64_t num, uint64_t den,
                    unsigned decimals);

/* Small string helpers (no locale, no libc beyond memcpy/memset/strlen). */
int gs_str_eq(const char *a, const char *b);
int gs_str_starts(const char *text, const char *prefix);
size_t gs_str_copy(char *out, size_t capacity, const char *text);
/* `text` for a message: whole when it fits `capacity` (NUL included), else
 * its head, "..." and its tail, so a kernel name of up to 1023 characters
 * leaves room in a one-line diagnostic for the rule it broke. Returns out. */
const char *gs_str_elide(char *out, size_t capacity, const char *text);
#define GS_NAME_SHOWN 96u   /* the buffer a message gives a name */
/* Parse an unsigned integer: decimal, or hex with 0x. Returns 1 on success
 * (whole string consumed, no overflow). */
int gs_parse_u64(const char *text, size_t length, uint64_t *value);
int gs_parse_i64(const char *text, size_t length, int64_t *value);

#endif
