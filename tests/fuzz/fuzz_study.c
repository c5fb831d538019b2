/*
 * Fuzz the study-file parser of the CLI (gs_study_parse), with every
 * diagnostic captured: each must be one line "...: error: ...", and a
 * refusal returns 2 with at least one. The input is written to a file per
 * fuzzing process (the parser reads a path, and resolves workload files and
 * configurations against it); stdin is /dev/null so a `--config /dev/stdin`
 * cannot wait.
 */
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>

#include "fuzz_common.h"
#include "cli/cli.h"
#include "cli/cli_study.h"

typedef struct captured {
    char text[8192];
    size_t used;
    int overflow;
} captured;

static captured lines;

static void capture(void *context, const char *text, size_t length)
{
    (void)context;
    if (lines.used + length >= sizeof lines.text) {
        lines.overflow = 1;
        return;
    }
    memcpy(lines.text + lines.used, text, length);
    lines.used += length;
    lines.text[lines.used] = '\0';
}

static void check_lines(int rc)
{
    gs_diag shown;
    const char *line = lines.text;
    int errors = 0;
    memset(&shown, 0, sizeof shown);
    gs_fmt(shown.message, sizeof shown.message, "%.400s", lines.text);
    if (rc != 0 && rc != 2)
        fuzz_fail("an exit status other than 0 and 2", &shown);
    while (*line) {
        const char *end = strchr(line, '\n');
        const char *p;
        if (!end)
            fuzz_fail("a diagnostic without its newline", &shown);
        for (p = line; p < end; p++)
            if ((unsigned char)*p < 0x20u || *p == 0x7F)
                fuzz_fail("a diagnostic with a control byte", &shown);
        errors += strstr(line, ": error: ") != NULL && strstr(line, ": error: ") < end;
        line = end + 1;
    }
    if (rc == 2 && errors == 0 && !lines.overflow)
        fuzz_fail("a refusal without an error line", &shown);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static gs_sink sink;
    (void)argc;
    (void)argv;
    if (!freopen("/dev/null", "r", stdin))
        abort();
    sink.write = capture;
    sink.context = NULL;
    gs_cli_diag_sink_set(&sink);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gs_study study;
    static char path[64];
    FILE *f;
    int rc;
    if (!path[0])
        gs_fmt(path, sizeof path, "/tmp/gpusim-fuzz-%ld.study", (long)getpid());
    if ((f = fopen(path, "wb")) == NULL)
        abort();
    if (size && fwrite(data, 1, size, f) != size)
        abort();
    fclose(f);
    lines.used = 0;
    lines.text[0] = '\0';
    lines.overflow = 0;
    memset(&study, 0, sizeof study);
    rc = gs_study_parse(&study, path);
    gs_study_release(&study);
    check_lines(rc);
    return 0;
}
