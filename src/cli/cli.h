/*
 * The hosted command-line front end (not part of libgpusim.a).
 *
 * main.c dispatches to one function per subcommand. Only main.c allocates
 * (DESIGN.md section 5): it supplies the arena buffer and bounded file
 * buffers to the subcommands through the helpers below.
 */
#ifndef GS_CLI_H
#define GS_CLI_H

#include <stddef.h>

#include "gpusim.h"

/* Largest file the CLI reads whole (configs, PTX, workload files, goldens);
 * traces are streamed and never read whole. */
#define GS_CLI_FILE_MAX (64u * 1024u * 1024u)

/* Subcommands: each returns the process exit status (0 ok, 1 check
 * mismatch, 2 bad input, 3 watchdog). */
int gs_cli_run(int argc, char **argv);    /* default: the main job */
int gs_cli_hash(int argc, char **argv);   /* gpusim hash ... */
int gs_cli_addr(int argc, char **argv);   /* gpusim addr ... */
/* gpusim --functional --workload NAME|FILE (called by gs_cli_run) */
int gs_cli_workload(int argc, char **argv);

/* Read a whole file into a new NUL-terminated buffer (freed by
 * gs_cli_free_file). Fills diag (GS_E_IO) on failure. */
gs_status gs_cli_read_file(const char *path, char **text, size_t *length, gs_diag *diag);
void gs_cli_free_file(char *text);

/* Zero-filled host memory for the CLI's own bookkeeping (main.c allocates). */
void *gs_cli_alloc(size_t bytes);
void gs_cli_free(void *buffer);

/* One zero-filled, GS_ARENA_ALIGN-aligned buffer for the arena, or NULL. */
void *gs_cli_alloc_arena(size_t bytes);
void gs_cli_free_arena(void *buffer);

/* Print "file:line:col: error: message" to stderr; returns exit status 2. */
int gs_cli_report(const gs_diag *diag);
/* Print "gpusim: error: <message>" for a usage error; returns 2. */
int gs_cli_usage_error(const char *format, ...) GS_PRINTF_LIKE(1, 2);

/* A sink that writes to stdout / stderr. */
extern const gs_sink gs_cli_stdout;
extern const gs_sink gs_cli_stderr;

#endif
