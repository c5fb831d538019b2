/*
 * Shared oracle of the fuzz harnesses (tests/fuzz, `make fuzz`; issue 20).
 *
 * Beyond what ASan and UBSan catch, every input must keep the README's
 * promise: it is accepted, or it is refused with a status the CLI turns into
 * exit 2 and a one-line diagnostic. So a failure must
 *   - carry an input-error status (never GS_E_ARENA, which would mean the
 *     library sized its own arena wrong, and never GS_OK with a message);
 *   - have a non-empty message, and a message and file name free of control
 *     bytes, so that "file:line:col: error: message" prints as one line.
 * A broken promise aborts, which libFuzzer reports as a crash with the input.
 */
#ifndef GS_FUZZ_COMMON_H
#define GS_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpusim.h"

static inline void fuzz_fail(const char *why, const gs_diag *diag)
{
    fprintf(stderr, "fuzz oracle: %s\n  file '%s' line %u col %u\n  message '%s'\n", why,
            diag->file, (unsigned)diag->line, (unsigned)diag->column, diag->message);
    abort();
}

static inline int fuzz_one_line(const char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    for (; *p; p++)
        if (*p < 0x20u || *p == 0x7Fu)
            return 0;
    return 1;
}

/* The input was refused with `st`: check the promise. `allowed` lists the
 * statuses this parser may return for bad input, ended by GS_OK. */
static inline void fuzz_check_refusal(gs_status st, const gs_diag *diag, const gs_status *allowed)
{
    const gs_status *a;
    for (a = allowed; *a != GS_OK; a++)
        if (*a == st)
            break;
    if (*a != st)
        fuzz_fail("a status that is not an input error", diag);
    if (diag->message[0] == '\0')
        fuzz_fail("an error without a message", diag);
    if (!fuzz_one_line(diag->message) || !fuzz_one_line(diag->file))
        fuzz_fail("a diagnostic that is not one line", diag);
}

#endif
