/*
 * The whole "port" a bare-metal host must supply to link libgpusim: a few
 * string functions and the panic hook. `make freestanding` links the
 * library, compiled -ffreestanding, against this file alone (-nostdlib), so
 * any hidden libc or malloc use in the library fails the link.
 */
#include <stddef.h>

#include "gpusim.h"

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
void gs_freestanding_entry(void);

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

void gs_port_panic(const char *file, int line, const char *what)
{
    (void)file;
    (void)line;
    (void)what;
    for (;;)
        ;
}

static unsigned char arena_buffer[1u << 16];

/* Entry point of the linked image (never executed by `make freestanding`:
 * the link itself is the proof). It drives a little of the library so the
 * image is not empty. */
void gs_freestanding_entry(void)
{
    gs_arena arena;
    gs_stats stats;
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    if (gs_stats_init(&stats, &arena, 16, NULL) == GS_OK)
        gs_stats_put_count(&stats, "gpu_sim_cycle", 1);
    for (;;)
        ;
}
