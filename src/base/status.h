/*
 * Status codes and the diagnostic record (DESIGN.md section 8).
 *
 * Every loader returns a gs_status and, on failure, fills a gs_diag with the
 * file, line and column of the offending input and a one-line message. The
 * CLI prints it as "file:line:col: error: message" and exits with status 2.
 * The cycle loop has no user-error paths: simulator bugs go to GS_ASSERT.
 */
#ifndef GS_BASE_STATUS_H
#define GS_BASE_STATUS_H

#include <stddef.h>
#include <stdint.h>

typedef enum gs_status {
    GS_OK = 0,
    GS_E_USAGE,     /* bad command-line use */
    GS_E_CONFIG,    /* configuration file or option */
    GS_E_PTX,       /* PTX source */
    GS_E_TRACE,     /* Accel-Sim trace */
    GS_E_WORKLOAD,  /* workload file */
    GS_E_LIMIT,     /* a compiled maximum (tables/gs_limits.h) exceeded */
    GS_E_ARENA,     /* the arena given is too small */
    GS_E_IO,        /* a file could not be read (hosted builds only) */
    GS_E_RUNAWAY,   /* a launch ran past -gs_launch_inst_limit warp instructions */
    GS_E_INTERRUPTED  /* the host asked the run to stop (a signal): a partial result */
} gs_status;

#define GS_DIAG_FILE_MAX 256
#define GS_DIAG_MSG_MAX 512

typedef struct gs_diag {
    char file[GS_DIAG_FILE_MAX];   /* input name; "" when there is none */
    uint32_t line;                 /* 1-based; 0 when not applicable */
    uint32_t column;               /* 1-based; 0 when not applicable */
    char message[GS_DIAG_MSG_MAX];
} gs_diag;

/* Fill *diag (file may be NULL) and return status; message is a gs_fmt format.
 * Control bytes and invalid UTF-8 in the file name and the message are
 * escaped (\n, \xNN), so a diagnostic is always one line. */
gs_status gs_diag_set(gs_diag *diag, gs_status status, const char *file, uint32_t line,
                      uint32_t column, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* An input that must be text (a configuration, PTX, workload or study
 * file): the first control byte (below 0x20 other than tab, newline and a
 * CR before a newline, or DEL) is an error of `status` at its line and
 * column, naming `what` ("a configuration file"); GS_OK when there is none.
 * A NUL would otherwise end the text a parser sees. */
gs_status gs_diag_check_text(gs_diag *diag, gs_status status, const char *file,
                             const char *text, size_t length, const char *what);

/* Render "file:line:col: error: message" (parts that are 0/empty omitted). */
size_t gs_diag_render(const gs_diag *diag, char *out, size_t capacity);

const char *gs_status_name(gs_status status);

/* Simulator-bug check: stays on in release builds and calls the port hook,
 * which must not return (hosted: report and abort; bare metal: halt). Being
 * noreturn also tells the compiler that code after a GS_ASSERT runs only
 * when the condition holds (e.g. an index proved in range). */
void gs_port_panic(const char *file, int line, const char *what)
#if defined(__GNUC__)
    __attribute__((noreturn))
#endif
    ;
#define GS_ASSERT(cond) \
    do { if (!(cond)) gs_port_panic(__FILE__, __LINE__, #cond); } while (0)

#endif
