/*
 * The CLI's trace file I/O (src/cli/cli_trace_io.c) at offsets past 2 GiB and
 * 4 GiB (issue 20, defect 5: a kernel trace over 2 GiB failed with "read
 * error" because the reader refused offsets above 2^31 - 1). The file is
 * sparse: two markers far apart and holes between them, so the test needs no
 * big disk. It is written next to the test binary and removed at the end.
 */
#define _FILE_OFFSET_BITS 64

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "cli/cli.h"

#define OFFSET_A ((uint64_t)0x80000005u)            /* 2 GiB + 5 */
#define OFFSET_B ((uint64_t)0x100000003ull)         /* 4 GiB + 3 */

static char sparse_path[4096];
static int sparse_ready;

/* Move a write stream to `offset` from the start in steps that fit a long. */
static int write_at(FILE *f, uint64_t offset, const char *text)
{
    const uint64_t step = 0x40000000u;              /* 1 GiB fits any long */
    if (fseek(f, 0L, SEEK_SET) != 0)
        return 1;
    while (offset > 0) {
        uint64_t move = offset < step ? offset : step;
        if (fseek(f, (long)move, SEEK_CUR) != 0)
            return 1;
        offset -= move;
    }
    return fputs(text, f) < 0;
}

static void make_sparse(const char *argv0)
{
    FILE *f;
    size_t n = strlen(argv0);
    if (n + 8u > sizeof sparse_path)
        return;
    memcpy(sparse_path, argv0, n);
    memcpy(sparse_path + n, ".sparse", 8u);
    if ((f = fopen(sparse_path, "wb")) == NULL)
        return;
    sparse_ready = write_at(f, 0, "HEAD\n") == 0 && write_at(f, OFFSET_A, "MARK-A\n") == 0
                   && write_at(f, OFFSET_B, "MARK-B\n") == 0;
    sparse_ready &= fclose(f) == 0;
}

/* read_at through the io table; the bytes read as a string. */
static int read_text(gs_trace_io *io, uint32_t handle, uint64_t offset, char *out,
                     uint32_t capacity, uint32_t *got)
{
    int rc = io->read_at(io->context, handle, offset, (uint8_t *)out, capacity - 1u, got);
    out[rc == 0 ? *got : 0] = '\0';
    return rc;
}

static void test_reads_past_2_and_4_gib(void)
{
    gs_cli_trace_files files;
    gs_trace_io io;
    uint32_t handle = 99, got = 0;
    char text[16];
    GS_CHECK(sparse_ready);
    if (!sparse_ready)
        return;
    gs_cli_trace_io_init(&io, &files);
    GS_CHECK_EQ(0, io.open(io.context, sparse_path, &handle));
    GS_CHECK_EQ(0, handle);
    GS_CHECK_EQ(0, read_text(&io, handle, OFFSET_B, text, 8u, &got));     /* forward */
    GS_CHECK_STR("MARK-B\n", text);
    GS_CHECK_EQ(0, read_text(&io, handle, OFFSET_A, text, 8u, &got));     /* back */
    GS_CHECK_STR("MARK-A\n", text);
    GS_CHECK_EQ(0, read_text(&io, handle, OFFSET_A + 5u, text, 3u, &got)); /* read on */
    GS_CHECK_STR("A\n", text);
    GS_CHECK_EQ(0, read_text(&io, handle, 0, text, 6u, &got));            /* the start */
    GS_CHECK_STR("HEAD\n", text);
    GS_CHECK_EQ(0, read_text(&io, handle, OFFSET_A - 2u, text, 5u, &got)); /* hole, then data */
    GS_CHECK_EQ(4, got);
    GS_CHECK(text[0] == '\0' && text[1] == '\0' && text[2] == 'M' && text[3] == 'A');
    GS_CHECK_EQ(0, read_text(&io, handle, OFFSET_B + 7u, text, 8u, &got)); /* the end */
    GS_CHECK_EQ(0, got);
    io.close(io.context, handle);
    GS_CHECK(files.f[0] == NULL);
}

static void test_file_table_bounds(void)
{
    gs_cli_trace_files files;
    gs_trace_io io;
    uint32_t handle = 0, i;
    gs_cli_trace_io_init(&io, &files);
    GS_CHECK(io.open(io.context, "tests/unit/352-no-such-file", &handle) != 0);
    for (i = 0; i < GS_CLI_TRACE_FILES; i++) {
        GS_CHECK_EQ(0, io.open(io.context, "tests/unit/352-cli-trace-io.c", &handle));
        GS_CHECK_EQ(i, handle);
    }
    GS_CHECK(io.open(io.context, "tests/unit/352-cli-trace-io.c", &handle) != 0);  /* full */
    for (i = 0; i < GS_CLI_TRACE_FILES; i++)
        io.close(io.context, i);
    io.close(io.context, GS_CLI_TRACE_FILES);      /* out of range: ignored */
}

int main(int argc, char **argv)
{
    (void)argc;
    make_sparse(argv[0]);
    GS_RUN(test_reads_past_2_and_4_gib);
    GS_RUN(test_file_table_bounds);
    if (sparse_path[0])
        remove(sparse_path);
    return gs_check_report();
}
