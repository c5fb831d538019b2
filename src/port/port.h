/*
 * The port: the few things the library needs from the machine it runs on
 * (DESIGN.md section 2, issue 21 item 2). The library itself calls only
 * gs_port_panic (from GS_ASSERT, base/status.h) and the C library's
 * memcpy, memmove, memset, memcmp, strlen, strcmp and strncmp; every other
 * output goes through a gs_sink the caller hands it.
 *
 * Two implementations:
 *   port_hosted.c        Linux, macOS, ...: the C library, stderr and abort;
 *   port_freestanding.c  bare metal: the seven string functions, the panic,
 *                        and a console sink, over two functions the board
 *                        supplies: gs_port_write (the console) and
 *                        gs_port_exit (examples/baremetal/semihost.c does
 *                        both through semihosting).
 * A port may also read files for its embedder (gs_port_read_file); the
 * library never calls it, and a board without files answers GS_E_IO.
 */
#ifndef GS_PORT_PORT_H
#define GS_PORT_PORT_H

#include <stddef.h>

#include "base/fmt.h"
#include "base/status.h"

/* The console: write `length` bytes (no NUL needed). */
void gs_port_write(const char *text, size_t length);
/* End the program with `status` (0 ok); never returns. */
void gs_port_exit(int status);
/* Read the whole file `path` into `buffer` (at most `capacity` bytes);
 * *length gets its size. GS_E_IO (diag names the file and why) when the
 * port has no files, the file cannot be read, or it does not fit. */
gs_status gs_port_read_file(const char *path, char *buffer, size_t capacity, size_t *length,
                            gs_diag *diag);

/* A gs_sink over gs_port_write (context unused): the library's text output
 * on the console. */
extern const gs_sink gs_port_console;

#endif
