/*
 * The port for bare metal (port.h): the seven C library functions the
 * library uses, written plainly (no libc at all: the whole program links
 * with -nostdlib and libgcc), the panic, and the console sink. The board
 * supplies gs_port_write and gs_port_exit (examples/baremetal/semihost.c);
 * `make freestanding` links the library against this file and a stub board
 * (tests/freestanding/board.c) to prove nothing else is needed.
 *
 * Compile with -ffreestanding -fno-builtin and, under GCC,
 * -fno-tree-loop-distribute-patterns, so these loops are not turned back
 * into calls of themselves.
 */
#include "port/port.h"

#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);

void *memcpy(void *dst, const void *src, size_t n)
{
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    while (n--)
        *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    if (d < s) {
        while (n--)
            *d++ = *s++;
    } else {
        while (n--)
            d[n] = s[n];
    }
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = (unsigned char *)dst;
    while (n--)
        *d++ = (unsigned char)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (; n; n--, x++, y++)
        if (*x != *y)
            return *x < *y ? -1 : 1;
    return 0;
}

size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

int strcmp(const char *a, const char *b)
{
    for (; *a && *a == *b; a++, b++)
        ;
    return (unsigned char)*a - (unsigned char)*b;
}

int strncmp(const char *a, const char *b, size_t n)
{
    for (; n && *a && *a == *b; n--, a++, b++)
        ;
    return n ? (unsigned char)*a - (unsigned char)*b : 0;
}

/* A simulator bug: say where on the console, then end with status 70
 * (EX_SOFTWARE, as a hosted abort would be reported). */
void gs_port_panic(const char *file, int line, const char *what)
{
    gs_sink_printf(&gs_port_console, "%s:%d: internal error: assertion failed: %s\n", file,
                   line, what);
    gs_port_exit(70);
    for (;;)
        ;
}

gs_status gs_port_read_file(const char *path, char *buffer, size_t capacity, size_t *length,
                            gs_diag *diag)
{
    (void)buffer;
    (void)capacity;
    *length = 0;
    return gs_diag_set(diag, GS_E_IO, path, 0, 0, "this bare-metal port has no files");
}

static void console_write(void *context, const char *text, size_t length)
{
    (void)context;
    gs_port_write(text, length);
}

const gs_sink gs_port_console = { console_write, NULL };
