/*
 * The port for a hosted build (Linux, macOS, ...; port.h): the C library's
 * stdio, exit and abort. A bare-metal port is port_freestanding.c.
 */
#include "port/port.h"

#include <stdio.h>
#include <stdlib.h>

void gs_port_panic(const char *file, int line, const char *what)
{
    fprintf(stderr, "%s:%d: internal error: assertion failed: %s\n", file, line, what);
    fflush(stderr);
    abort();
}

void gs_port_write(const char *text, size_t length)
{
    fwrite(text, 1, length, stdout);
}

void gs_port_exit(int status)
{
    fflush(stdout);
    exit(status);
}

gs_status gs_port_read_file(const char *path, char *buffer, size_t capacity, size_t *length,
                            gs_diag *diag)
{
    FILE *f = fopen(path, "rb");
    size_t n;
    if (!f)
        return gs_diag_set(diag, GS_E_IO, path, 0, 0, "cannot open the file");
    n = fread(buffer, 1, capacity, f);
    if (ferror(f)) {
        fclose(f);
        return gs_diag_set(diag, GS_E_IO, path, 0, 0, "read error");
    }
    if (n == capacity && fgetc(f) != EOF) {
        fclose(f);
        return gs_diag_set(diag, GS_E_IO, path, 0, 0, "larger than the %lu bytes the caller "
                           "can hold", (unsigned long)capacity);
    }
    fclose(f);
    *length = n;
    return GS_OK;
}

static void console_write(void *context, const char *text, size_t length)
{
    (void)context;
    gs_port_write(text, length);
}

const gs_sink gs_port_console = { console_write, NULL };
