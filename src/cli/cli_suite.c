/*
 * Workloads by name: `--workload NAME[:small|:paper]` lookup among the
 * embedded workloads (tables/workloads.c, gen/workloads.py) and
 * `gpusim --list-workloads`.
 *
 * Two kinds are embedded: the benchmark suite (examples/suite/NAME/SIZE.gsw,
 * keys NAME:small / NAME:paper; issue 6 "Workload suite I") and the test
 * examples (examples/workloads/NAME.gsw, key NAME). Resolution of a
 * --workload argument:
 *   NAME:SIZE     the suite workload at that size; an unknown NAME or SIZE is
 *                 an error (exit 2) unless the argument is a file path
 *                 (contains '/' or ends in .gsw);
 *   example:NAME  the example NAME;
 *   NAME          the suite workload at `small` (the default size), else the
 *                 example NAME, else a file path.
 * Decision (name clash): the suite's `syrk` and `bfs` shadow the examples of
 * the same names, since the issue asks `--workload NAME` to run the suite
 * workload; the examples stay reachable as example:syrk / example:bfs (and
 * by their file paths).
 */
#include <string.h>

#include "cli/cli.h"
#include "workloads.h"

#define CLI_SUITE_NAME_MAX 64u
#define CLI_SUITE_LIST_LINE 512u

static const char example_prefix[] = "example";

/* Whether `what` reads as a file path rather than a workload name. */
int gs_cli_workload_is_path(const char *what)
{
    size_t n = strlen(what);
    return strchr(what, '/') != NULL || (n > 4u && strcmp(what + n - 4u, ".gsw") == 0);
}

/* The first suite entry (any size) of workload `name`, or NULL. */
static const gs_embedded_workload *suite_first(const char *name)
{
    unsigned i;
    for (i = gs_embedded_example_count; i < gs_embedded_workload_count; i++)
        if (strcmp(gs_embedded_workloads[i].workload, name) == 0)
            return &gs_embedded_workloads[i];
    return NULL;
}

static const gs_embedded_workload *example_named(const char *name)
{
    unsigned i;
    for (i = 0; i < gs_embedded_example_count; i++)
        if (strcmp(gs_embedded_workloads[i].name, name) == 0)
            return &gs_embedded_workloads[i];
    return NULL;
}

/* Append `text` to the NUL-terminated `out` (length `used`), truncating. */
static size_t append(char *out, size_t capacity, size_t used, const char *text)
{
    size_t n = strlen(text);
    if (used + n >= capacity)
        n = capacity - 1u - used;
    memcpy(out + used, text, n);
    out[used + n] = '\0';
    return used + n;
}

/* "small, paper": the sizes of the suite workload `first` belongs to. */
static void list_sizes(const gs_embedded_workload *first, const char *separator, char *out,
                       size_t capacity)
{
    const gs_embedded_workload *end = gs_embedded_workloads + gs_embedded_workload_count;
    const gs_embedded_workload *e;
    size_t used = 0;
    out[0] = '\0';
    for (e = first; e < end && strcmp(e->workload, first->workload) == 0; e++) {
        if (e != first)
            used = append(out, capacity, used, separator);
        used = append(out, capacity, used, e->size);
    }
}

static gs_status unknown_name(const char *what, gs_diag *diag)
{
    gs_nearest near;
    uint32_t i;
    gs_nearest_begin(&near, what, strlen(what));
    for (i = 0; i < gs_embedded_workload_count; i++)   /* NAME and NAME:SIZE keys */
        gs_nearest_offer(&near, gs_embedded_workloads[i].name);
    if (gs_nearest_result(&near) != NULL)
        return gs_diag_set(diag, GS_E_USAGE, "gpusim", 0, 0,
                           "unknown workload '%s' (did you mean %s?): not an embedded workload "
                           "(gpusim --list-workloads lists them) and no such file", what,
                           gs_nearest_result(&near));
    return gs_diag_set(diag, GS_E_USAGE, "gpusim", 0, 0,
                       "unknown workload '%s': not an embedded workload (gpusim "
                       "--list-workloads lists them) and no such file", what);
}

/* NAME:SIZE (colon at `colon`). */
static gs_status lookup_sized(const char *what, const char *colon,
                              const gs_embedded_workload **found, gs_diag *diag)
{
    char name[CLI_SUITE_NAME_MAX], sizes[CLI_SUITE_NAME_MAX];
    size_t n = (size_t)(colon - what);
    const gs_embedded_workload *first;
    if (n >= sizeof name)
        return unknown_name(what, diag);
    memcpy(name, what, n);
    name[n] = '\0';
    if (strcmp(name, example_prefix) == 0) {
        if ((*found = example_named(colon + 1)) != NULL)
            return GS_OK;
        return gs_diag_set(diag, GS_E_USAGE, "gpusim", 0, 0, "no example workload '%s' "
                           "(gpusim --list-workloads lists them)", colon + 1);
    }
    if ((first = suite_first(name)) == NULL)
        return unknown_name(what, diag);
    if ((*found = gs_embedded_workload_find(what)) != NULL)
        return GS_OK;
    list_sizes(first, ", ", sizes, sizeof sizes);
    return gs_diag_set(diag, GS_E_USAGE, "gpusim", 0, 0,
                       "workload '%s' has no size '%s' (sizes: %s)", name, colon + 1, sizes);
}

gs_status gs_cli_workload_lookup(const char *what, const gs_embedded_workload **found,
                                 gs_diag *diag)
{
    const char *colon = strrchr(what, ':');
    const gs_embedded_workload *first;
    *found = NULL;
    if (gs_cli_workload_is_path(what))
        return GS_OK;
    if (colon)
        return lookup_sized(what, colon, found, diag);
    if ((first = suite_first(what)) != NULL) {
        char key[CLI_SUITE_NAME_MAX];
        gs_fmt(key, sizeof key, "%s:small", what);
        *found = gs_embedded_workload_find(key);
        if (!*found)   /* a suite workload without the default size: its first */
            *found = first;
        return GS_OK;
    }
    *found = example_named(what);
    return GS_OK;
}

gs_status gs_cli_workload_not_found(const char *what, gs_diag *diag)
{
    return unknown_name(what, diag);
}

/* ---- gpusim --list-workloads ---- */

static size_t pad_to(char *line, size_t used, size_t column)
{
    if (column < used + 2u)
        column = used + 2u;
    while (used < column && used + 1u < CLI_SUITE_LIST_LINE)
        line[used++] = ' ';
    line[used] = '\0';
    return used;
}

static void print_row(const char *name, const char *suite, const char *sizes,
                      const char *description, const size_t *widths)
{
    char line[CLI_SUITE_LIST_LINE];
    size_t used = append(line, sizeof line, 0, "  ");
    used = pad_to(line, append(line, sizeof line, used, name), widths[0]);
    used = pad_to(line, append(line, sizeof line, used, suite), widths[1]);
    used = pad_to(line, append(line, sizeof line, used, sizes), widths[2]);
    used = append(line, sizeof line, used, description);
    append(line, sizeof line, used, "\n");
    gs_sink_puts(&gs_cli_stdout, line);
}

/* Fixed column starts (stable output whatever is embedded); a longer cell
 * pushes the rest right, keeping two spaces. */
static const size_t list_columns[3] = { 22, 34, 47 };

static void list_suite(const size_t *widths)
{
    unsigned i;
    gs_sink_puts(&gs_cli_stdout, "suite workloads (gpusim [--functional] --workload "
                 "NAME[:small|:paper]; default size small):\n");
    print_row("NAME", "SUITE", "SIZES", "DESCRIPTION", widths);
    for (i = gs_embedded_example_count; i < gs_embedded_workload_count; i++) {
        const gs_embedded_workload *e = &gs_embedded_workloads[i];
        char sizes[CLI_SUITE_NAME_MAX];
        if (i > gs_embedded_example_count && strcmp(e[-1].workload, e->workload) == 0)
            continue;   /* one row per workload */
        list_sizes(e, ",", sizes, sizeof sizes);
        print_row(e->workload, e->suite, sizes, e->description, widths);
    }
}

static void list_examples(const size_t *widths)
{
    unsigned i;
    gs_sink_puts(&gs_cli_stdout, "example workloads (tests of the front end; gpusim "
                 "[--functional] --workload NAME, or example:NAME):\n");
    for (i = 0; i < gs_embedded_example_count; i++) {
        const gs_embedded_workload *e = &gs_embedded_workloads[i];
        char name[CLI_SUITE_NAME_MAX];
        gs_fmt(name, sizeof name, "%s%s%s", suite_first(e->name) ? example_prefix : "",
               suite_first(e->name) ? ":" : "", e->name);
        print_row(name, e->suite, "-", e->description, widths);
    }
}

int gs_cli_list_workloads(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++)
        if (strcmp(argv[i], "--list-workloads") != 0)
            return gs_cli_usage_error("'%s' is not an option of --list-workloads", argv[i]);
    list_suite(list_columns);
    gs_sink_puts(&gs_cli_stdout, "\n");
    list_examples(list_columns);
    return 0;
}
