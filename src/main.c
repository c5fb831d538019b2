/*
 * gpusim command-line interface: dispatch to the subcommands, and the only
 * place in gpusim that allocates memory (the arena and bounded file buffers,
 * DESIGN.md section 5).
 */
#define _POSIX_C_SOURCE 200809L   /* stat, access: why a file cannot be read (CLI only) */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

static void write_file(void *context, const char *text, size_t length)
{
    fwrite(text, 1, length, (FILE *)context);
}

static void write_stdout(void *context, const char *text, size_t length)
{
    (void)context;
    write_file(stdout, text, length);
}

static void write_stderr(void *context, const char *text, size_t length)
{
    (void)context;
    write_file(stderr, text, length);
}

const gs_sink gs_cli_stdout = { write_stdout, NULL };
const gs_sink gs_cli_stderr = { write_stderr, NULL };

/* Why a path cannot be opened or read, asked of the file system with stat()
 * and access() rather than errno: <errno.h> needs the kernel's asm headers,
 * which a gcc -m32 multilib build on a 64-bit Debian lacks. `opened` says
 * whether fopen succeeded (then only a directory or a read error remain). */
static const char *file_failure(const char *path, int opened)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return "no such file";
    if (S_ISDIR(st.st_mode))
        return GS_CLI_WHY_DIRECTORY;
    if (!opened && access(path, R_OK) != 0)
        return "cannot be read: permission denied";
    return opened ? "read error" : "cannot be opened";
}

int gs_cli_file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

const char *gs_cli_file_problem(const char *path)
{
    FILE *f;
    char byte;
    int failed;
    if ((f = fopen(path, "rb")) == NULL)
        return file_failure(path, 0);
    failed = fread(&byte, 1, 1, f) == 0 && ferror(f);
    fclose(f);
    return failed ? file_failure(path, 1) : NULL;
}

gs_status gs_cli_read_file(const char *path, char **text, size_t *length, gs_diag *diag)
{
    FILE *f;
    size_t used = 0, capacity = 1u << 16;
    char *buffer;
    if ((f = fopen(path, "rb")) == NULL)
        return gs_diag_set(diag, GS_E_IO, path, 0, 0, "%s", file_failure(path, 0));
    buffer = (char *)malloc(capacity + 1u);
    while (buffer) {
        size_t n;
        n = fread(buffer + used, 1, capacity - used, f);
        used += n;
        if (used < capacity)
            break;
        if (capacity >= GS_CLI_FILE_MAX) {
            fclose(f);
            free(buffer);
            return gs_diag_set(diag, GS_E_IO, path, 0, 0,
                               "file larger than %u bytes, the limit for an input file read "
                               "whole", (unsigned)GS_CLI_FILE_MAX);
        }
        capacity *= 2u;
        {
            char *grown = (char *)realloc(buffer, capacity + 1u);
            if (!grown)
                free(buffer);
            buffer = grown;
        }
    }
    if (!buffer || ferror(f)) {
        const char *why = buffer ? file_failure(path, 1) : "out of memory";
        fclose(f);
        free(buffer);
        return gs_diag_set(diag, GS_E_IO, path, 0, 0, "%s", why);
    }
    fclose(f);
    buffer[used] = '\0';
    *text = buffer;
    *length = used;
    return GS_OK;
}

void gs_cli_free_file(char *text)
{
    free(text);
}

void *gs_cli_alloc(size_t bytes)
{
    return calloc(bytes ? bytes : 1u, 1);
}

void gs_cli_free(void *buffer)
{
    free(buffer);
}

void *gs_cli_alloc_arena(size_t bytes)
{
    /* calloc gives memory aligned for any type (>= 16 on the hosts we run) */
    return calloc(bytes ? bytes : 1u, 1);
}

void gs_cli_free_arena(void *buffer)
{
    free(buffer);
}

/* Where gs_cli_report and gs_cli_usage_error write: stderr, or a sink a
 * test harness sets (tests/fuzz checks every diagnostic is one line). */
static const gs_sink *diag_sink = &gs_cli_stderr;

void gs_cli_diag_sink_set(const gs_sink *sink)
{
    diag_sink = sink ? sink : &gs_cli_stderr;
}

static void put_diag_line(const gs_diag *diag)
{
    char line[GS_DIAG_FILE_MAX + GS_DIAG_MSG_MAX + 64];
    gs_diag_render(diag, line, sizeof line);
    gs_sink_puts(diag_sink, line);
    gs_sink_puts(diag_sink, "\n");
}

int gs_cli_report(const gs_diag *diag)
{
    put_diag_line(diag);
    return 2;
}

int gs_cli_usage_error(const char *format, ...)
{
    char message[GS_DIAG_MSG_MAX];
    gs_diag diag;
    va_list args;
    va_start(args, format);
    gs_vfmt(message, sizeof message, format, args);
    va_end(args);
    gs_diag_set(&diag, GS_E_USAGE, "gpusim", 0, 0, "%s", message);   /* escaped: one line */
    put_diag_line(&diag);
    return 2;
}

static void print_usage(void)
{
    printf("usage: gpusim [OPTIONS] [--quiet]  run the main job (see --help)\n"
           "       gpusim [--functional] --workload NAME[:small|:paper]|FILE [--quiet] [OPTIONS]\n"
           "       gpusim [--functional] --trace DIR|DIR/kernelslist.g [--quiet] [OPTIONS]\n"
           "       gpusim --list-workloads | --dump-config | --config-stats [OPTIONS]\n"
           "       gpusim hash --fn linear|xor|fermi|ipoly --sets N [--poly P] [--bits K] "
           "[--line BYTES] ADDR...\n"
           "       gpusim addr [--config NAME|FILE] [-option value ...] ADDR...\n"
           "       gpusim study FILE --list | --run | --run-one K | --collect DIR |\n"
           "                    --emit parallel|slurm | --check GOLDEN.csv [--update-golden]\n"
           "                    [--out DIR] [--size S] [--partition P] [--time T] [--mem M]\n"
           "                    [--phase 1|2] [--quiet]\n"
           "       gpusim report [--out FILE] [--title TEXT] [--results DIR] INPUT...\n"
           "                    (INPUT: a study file, a study CSV, a --samples-csv file)\n"
           "       (--quiet: no progress line on stderr, which shows only on a terminal)\n"
           "       gpusim --help | --usage | --version\n");
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "hash") == 0)
        return gs_cli_hash(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "study") == 0) {
        gs_cli_signals_install();   /* before any job starts: no signal is lost */
        return gs_cli_study(argc, argv);   /* argv[0] too: --emit names the binary */
    }
    if (argc > 1 && strcmp(argv[1], "report") == 0)
        return gs_cli_report_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "addr") == 0)
        return gs_cli_addr(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "--version") == 0) {
        printf("gpusim %s\n", GS_VERSION_STRING);
        return 0;
    }
    if (argc > 1 && (strcmp(argv[1], "--usage") == 0)) {
        print_usage();
        return 0;
    }
    gs_cli_signals_install();   /* the runs: from the start, so no signal is lost (a
                                 * signal before the first cycle stops the run there) */
    return gs_cli_run(argc, argv);
}
