/*
 * Libc-free formatter, sink helpers and string parsing (see fmt.h).
 *
 * Why our own: the library must link freestanding, and output bytes must be
 * identical on every host, so nothing here may depend on the C library's
 * printf family or on locale.
 */
#include "base/fmt.h"

#include <string.h>

typedef struct fmt_out {
    char *buffer;
    size_t capacity;
    size_t length;   /* characters wanted so far (may exceed capacity) */
} fmt_out;

static void out_char(fmt_out *out, char c)
{
    if (out->capacity > 0 && out->length + 1 < out->capacity)
        out->buffer[out->length] = c;
    out->length++;
}

static void out_padded(fmt_out *out, const char *text, size_t length, unsigned width,
                       int left, char pad)
{
    size_t i;
    if (!left)
        for (i = length; i < width; i++)
            out_char(out, pad);
    for (i = 0; i < length; i++)
        out_char(out, text[i]);
    if (left)
        for (i = length; i < width; i++)
            out_char(out, ' ');
}

static size_t render_unsigned(char *digits, uint64_t value, unsigned base, int upper)
{
    const char *set = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char reversed[24];
    size_t n = 0, i;
    do {
        reversed[n++] = set[value % base];
        value /= base;
    } while (value != 0);
    for (i = 0; i < n; i++)
        digits[i] = reversed[n - 1 - i];
    return n;
}

/* Fetch the next integer argument according to the length modifier. */
static uint64_t fetch_unsigned(va_list *args, int longs, int size_t_mod)
{
    if (size_t_mod)
        return (uint64_t)va_arg(*args, size_t);
    if (longs >= 2)
        return (uint64_t)va_arg(*args, unsigned long long);
    if (longs == 1)
        return (uint64_t)va_arg(*args, unsigned long);
    return (uint64_t)va_arg(*args, unsigned int);
}

static int64_t fetch_signed(va_list *args, int longs, int size_t_mod)
{
    if (size_t_mod)
        return (int64_t)va_arg(*args, size_t);
    if (longs >= 2)
        return (int64_t)va_arg(*args, long long);
    if (longs == 1)
        return (int64_t)va_arg(*args, long);
    return (int64_t)va_arg(*args, int);
}

static void format_integer(fmt_out *out, char conv, va_list *args, int longs, int size_mod,
                           unsigned width, int left, char pad)
{
    char digits[26];
    size_t n;
    if (conv == 'd' || conv == 'i') {
        int64_t v = fetch_signed(args, longs, size_mod);
        uint64_t magnitude = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
        if (v < 0 && pad == '0') {
            out_char(out, '-');
            if (width > 0)
                width--;
        } else if (v < 0) {
            digits[0] = '-';
            n = 1 + render_unsigned(digits + 1, magnitude, 10, 0);
            out_padded(out, digits, n, width, left, pad);
            return;
        }
        n = render_unsigned(digits, magnitude, 10, 0);
    } else {
        uint64_t v = fetch_unsigned(args, longs, size_mod);
        n = render_unsigned(digits, v, conv == 'u' ? 10u : 16u, conv == 'X');
    }
    out_padded(out, digits, n, width, left, pad);
}

size_t gs_vfmt(char *buffer, size_t capacity, const char *format, va_list args_in)
{
    fmt_out out;
    const char *p;
    va_list args;
    out.buffer = buffer;
    out.capacity = capacity;
    out.length = 0;
    va_copy(args, args_in);
    for (p = format; *p; p++) {
        int left = 0, longs = 0, size_mod = 0;
        char pad = ' ';
        unsigned width = 0;
        if (*p != '%') {
            out_char(&out, *p);
            continue;
        }
        p++;
        for (; *p == '-' || *p == '0'; p++) {
            if (*p == '-')
                left = 1;
            else
                pad = '0';
        }
        for (; *p >= '0' && *p <= '9'; p++)
            width = width * 10u + (unsigned)(*p - '0');
        for (; *p == 'l' || *p == 'z'; p++) {
            if (*p == 'l')
                longs++;
            else
                size_mod = 1;
        }
        if (*p == 's') {
            const char *s = va_arg(args, const char *);
            if (!s)
                s = "(null)";
            out_padded(&out, s, strlen(s), width, left, ' ');
        } else if (*p == 'c') {
            char c = (char)va_arg(args, int);
            out_padded(&out, &c, 1, width, left, ' ');
        } else if (*p == 'd' || *p == 'i' || *p == 'u' || *p == 'x' || *p == 'X') {
            format_integer(&out, *p, &args, longs, size_mod, width, left, left ? ' ' : pad);
        } else if (*p == '%') {
            out_char(&out, '%');
        } else {
            break;   /* unknown conversion or end of string: stop */
        }
    }
    va_end(args);
    if (capacity > 0)
        buffer[out.length < capacity ? out.length : capacity - 1] = '\0';
    return out.length;
}

size_t gs_fmt(char *out, size_t capacity, const char *format, ...)
{
    va_list args;
    size_t n;
    va_start(args, format);
    n = gs_vfmt(out, capacity, format, args);
    va_end(args);
    return n;
}

size_t gs_fmt_append(char *out, size_t capacity, size_t used, const char *format, ...)
{
    va_list args;
    size_t n;
    if (capacity == 0 || used >= capacity - 1u)
        return capacity ? capacity - 1u : 0u;
    va_start(args, format);
    n = gs_vfmt(out + used, capacity - used, format, args);
    va_end(args);
    return used + n < capacity ? used + n : capacity - 1u;
}

void gs_sink_puts(const gs_sink *sink, const char *text)
{
    if (sink && sink->write)
        sink->write(sink->context, text, strlen(text));
}

void gs_sink_printf(const gs_sink *sink, const char *format, ...)
{
    char line[1024];
    va_list args;
    size_t n;
    va_start(args, format);
    n = gs_vfmt(line, sizeof line, format, args);
    va_end(args);
    if (n >= sizeof line)
        n = sizeof line - 1;
    if (sink && sink->write)
        sink->write(sink->context, line, n);
}

size_t gs_fmt_ratio(char *out, size_t capacity, uint64_t num, uint64_t den, unsigned decimals)
{
    uint64_t whole, rem, frac = 0, scale = 1;
    unsigned i;
    char digits[24];
    if (den == 0)
        return gs_fmt(out, capacity, "0");
    if (decimals > 18)
        decimals = 18;
    whole = num / den;
    rem = num % den;
    /* long division one digit at a time keeps rem*10 exact for den < 2^60 */
    for (i = 0; i < decimals; i++) {
        rem *= 10u;
        frac = frac * 10u + rem / den;
        rem %= den;
        scale *= 10u;
    }
    if (rem * 2u >= den) {   /* round half up */
        frac++;
        if (frac >= scale) {
            frac -= scale;
            whole++;
        }
    }
    if (decimals == 0)
        return gs_fmt(out, capacity, "%llu", (unsigned long long)whole);
    /* frac rendered as exactly `decimals` digits, leading zeros kept */
    for (i = decimals; i > 0; i--) {
        digits[i - 1] = (char)('0' + (int)(frac % 10u));
        frac /= 10u;
    }
    digits[decimals] = '\0';
    return gs_fmt(out, capacity, "%llu.%s", (unsigned long long)whole, digits);
}

int gs_str_eq(const char *a, const char *b)
{
    return strcmp(a, b) == 0;
}

int gs_str_starts(const char *text, const char *prefix)
{
    return strncmp(text, prefix, strlen(prefix)) == 0;
}

const char *gs_str_elide(char *out, size_t capacity, const char *text)
{
    size_t n = strlen(text), tail;
    if (capacity < 16u || n < capacity) {
        gs_str_copy(out, capacity, text);
        return out;
    }
    tail = (capacity - 4u) / 3u;   /* a mangled name's end tells its parameters */
    memcpy(out, text, capacity - 4u - tail);
    memcpy(out + capacity - 4u - tail, "...", 3);
    memcpy(out + capacity - 1u - tail, text + n - tail, tail);
    out[capacity - 1u] = '\0';
    return out;
}

size_t gs_str_copy(char *out, size_t capacity, const char *text)
{
    size_t n = strlen(text);
    if (capacity == 0)
        return n;
    if (n >= capacity) {
        memcpy(out, text, capacity - 1);
        out[capacity - 1] = '\0';
    } else {
        memcpy(out, text, n + 1);
    }
    return n;
}

static int digit_value(char c, unsigned base)
{
    unsigned v;
    if (c >= '0' && c <= '9')
        v = (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f')
        v = (unsigned)(c - 'a') + 10u;
    else if (c >= 'A' && c <= 'F')
        v = (unsigned)(c - 'A') + 10u;
    else
        return -1;
    return v < base ? (int)v : -1;
}

int gs_parse_u64(const char *text, size_t length, uint64_t *value)
{
    unsigned base = 10;
    size_t i = 0;
    uint64_t v = 0;
    if (length >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        base = 16;
        i = 2;
    }
    if (i >= length)
        return 0;
    for (; i < length; i++) {
        int d = digit_value(text[i], base);
        if (d < 0 || v > (UINT64_MAX - (uint64_t)d) / base)
            return 0;
        v = v * base + (uint64_t)d;
    }
    *value = v;
    return 1;
}

int gs_parse_i64(const char *text, size_t length, int64_t *value)
{
    uint64_t magnitude;
    int negative = length > 0 && text[0] == '-';
    size_t skip = (length > 0 && (text[0] == '-' || text[0] == '+')) ? 1u : 0u;
    if (!gs_parse_u64(text + skip, length - skip, &magnitude))
        return 0;
    if (negative) {
        if (magnitude > (uint64_t)INT64_MAX + 1u)
            return 0;
        *value = magnitude == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)magnitude;
    } else {
        if (magnitude > (uint64_t)INT64_MAX)
            return 0;
        *value = (int64_t)magnitude;
    }
    return 1;
}
