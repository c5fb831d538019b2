/*
 * gpusim --functional --workload NAME|FILE: run a workload file (README
 * "Workload files"; src/host/workload.h) on the functional executor, with
 * no timing model, and print its counts and output digest in the stats
 * format (`name = value` lines, last `digest = ...`).
 *
 * NAME is looked up among the embedded workloads first (tables/workloads.c:
 * the suite, NAME[:small|:paper], and the examples; see cli_suite.c for the
 * rules); anything else is a file path. Files a workload names (ptx PATH,
 * path=P) are read relative to the workload file's folder; an embedded workload gets them from its
 * embedded table, so it runs on a host with no file system.
 */
#include <string.h>

#include "cli/cli.h"
#include "workloads.h"

/* PTX files are read twice: to size the host, then to load them. */
#define CLI_WL_MAX_FILES (2u * GS_WL_MAX_PTX + GS_WL_MAX_BUFFERS)
#define CLI_WL_PATH_MAX (GS_DIAG_FILE_MAX + GS_WL_PATH_MAX)

/* Where the workload's files come from, and the buffers read for them. */
typedef struct cli_wl_source {
    const gs_embedded_workload *embedded;   /* NULL: files on disk */
    char folder[GS_DIAG_FILE_MAX];          /* the workload file's folder, "/"-ended */
    char *held[CLI_WL_MAX_FILES];
    char names[CLI_WL_MAX_FILES][CLI_WL_PATH_MAX];   /* resolved paths */
    unsigned num_held;
} cli_wl_source;

static gs_status read_workload_file(void *context, const char *path, const char **shown,
                                    const char **text, size_t *length, gs_diag *diag)
{
    cli_wl_source *src = (cli_wl_source *)context;
    char *full, *data;
    gs_status st;
    if (src->embedded)
        return gs_workload_read_embedded((void *)(uintptr_t)src->embedded, path, shown, text,
                                         length, diag);
    if (src->num_held == CLI_WL_MAX_FILES)
        return gs_diag_set(diag, GS_E_IO, path, 0, 0, "more than %u files",
                           (unsigned)CLI_WL_MAX_FILES);
    full = src->names[src->num_held];
    gs_fmt(full, CLI_WL_PATH_MAX, "%s%s", path[0] == '/' ? "" : src->folder, path);
    if ((st = gs_cli_read_file(full, &data, length, diag)) != GS_OK)
        return st;
    src->held[src->num_held++] = data;
    *shown = full;
    *text = data;
    return GS_OK;
}

static void release_files(cli_wl_source *src)
{
    while (src->num_held > 0)
        gs_cli_free_file(src->held[--src->num_held]);
}

/* The folder part of a path, "/"-ended ("" for a bare file name). */
static void folder_of(const char *path, char *out, size_t capacity)
{
    size_t n = strlen(path);
    while (n > 0 && path[n - 1u] != '/')
        n--;
    if (n >= capacity)
        n = 0;
    memcpy(out, path, n);
    out[n] = '\0';
}

typedef struct cli_wl_options {
    int functional;
    const char *workload;
    gs_config cfg;   /* defaults and the options a functional run takes */
} cli_wl_options;

/* The options a functional run takes: -gs_launch_inst_limit (the safety
 * limit per launch), -gs_simt_stack_depth and -gs_call_stack_depth, checked
 * as on a timing run. */
static int functional_option(char **argv, int i, gs_config *cfg)
{
    static const char *const allowed[] = { "-gs_launch_inst_limit", "-gs_simt_stack_depth",
                                           "-gs_call_stack_depth", "-gs_printf_buffer_bytes" };
    uint32_t column = 1, k;
    gs_diag diag;
    int j;
    for (j = 1; j < i; j++)
        column += (uint32_t)strlen(argv[j]) + 1u;
    for (k = 0; k < 4u; k++)
        if (strcmp(argv[i], allowed[k]) == 0)
            break;
    if (k == 4u)
        return gs_cli_usage_error("'%s' is not an option of functional runs (--functional "
                                  "--workload NAME|FILE [--quiet] [--dump-buffers DIR] "
                                  "[-gs_launch_inst_limit N] "
                                  "[-gs_simt_stack_depth N] [-gs_call_stack_depth N] "
                                  "[-gs_printf_buffer_bytes N])",
                                  argv[i]);
    if (gs_config_set_arg(cfg, argv[i], argv[i + 1], column,
                          column + (uint32_t)strlen(argv[i]) + 1u, &diag) != GS_OK)
        return gs_cli_report(&diag);
    return 0;
}

static int parse_arguments(int argc, char **argv, cli_wl_options *opt)
{
    int i;
    memset(opt, 0, sizeof *opt);
    gs_config_defaults(&opt->cfg);
    for (i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] != '-' && i + 1 < argc) {
            int rc = functional_option(argv, i++, &opt->cfg);
            if (rc)
                return rc;
        } else if (strcmp(argv[i], "--functional") == 0)
            opt->functional = 1;
        else if (strcmp(argv[i], "--quiet") == 0)
            continue;   /* no progress display on functional runs anyway */
        else if (strcmp(argv[i], "--workload") == 0 && i + 1 < argc && !opt->workload)
            opt->workload = argv[++i];
        else if (strcmp(argv[i], "--workload") == 0)
            return gs_cli_usage_error(opt->workload ? "--workload given twice"
                                                    : "--workload needs NAME or FILE");
        else if (strcmp(argv[i], "--samples-csv") == 0)
            return gs_cli_usage_error("--samples-csv needs a timing run (not --functional)");
        else if (strcmp(argv[i], "--dump-buffers") == 0 && i + 1 < argc)
            gs_cli_dump_set_dir(argv[++i]);
        else if (strcmp(argv[i], "--dump-buffers") == 0)
            return gs_cli_usage_error("--dump-buffers needs a folder name");
        else
            return gs_cli_usage_error("'%s' is not an option of functional runs "
                                      "(--functional --workload NAME|FILE [--quiet] "
                                      "[--dump-buffers DIR])", argv[i]);
    }
    if (!opt->functional)
        return gs_cli_usage_error("--workload runs need --functional (the timing model does "
                                  "not run workload files yet)");
    return 0;
}

/* The workload's text: embedded NAME first, else the file. */
static gs_status open_workload(const char *what, cli_wl_source *src, gs_workload *wl,
                               gs_diag *diag)
{
    char *text;
    size_t length;
    gs_status st;
    memset(src, 0, sizeof *src);
    if ((st = gs_cli_workload_lookup(what, &src->embedded, diag)) != GS_OK)
        return st;
    if (src->embedded)
        return gs_workload_parse(wl, src->embedded->source, src->embedded->text,
                                 src->embedded->length, diag);
    if ((st = gs_cli_read_file(what, &text, &length, diag)) != GS_OK)
        return gs_cli_workload_is_path(what) || gs_cli_file_exists(what)
                   ? st : gs_cli_workload_not_found(what, diag);
    src->held[src->num_held++] = text;
    folder_of(what, src->folder, sizeof src->folder);
    return gs_workload_parse(wl, what, text, length, diag);
}

#define CLI_WL_STATS 9u

static void report(const gs_workload *wl, gs_host *host, const gs_wl_state *state,
                   uint64_t printf_calls, gs_stats *stats)
{
    gs_workload_digest(wl, host, state, stats);
    gs_stats_put_count(stats, "kernels_launched", host->launches);
    gs_stats_put_count(stats, "repeat_iterations", state->repeat_iterations);
    gs_stats_put_count(stats, "warp_insts", host->warp_insts);
    gs_stats_put_count(stats, "thread_insts", host->thread_insts);
    gs_stats_put_count(stats, "output_bytes", stats->data_bytes);
    if (printf_calls)
        gs_host_printf_stats(host, stats);
    if (gs_cli_interrupted_status())   /* stopped by a signal: only then */
        gs_stats_put_count(stats, "partial", 1u);
    gs_stats_print_text(stats, &gs_cli_stdout);
}

gs_status gs_cli_workload_scratch(const gs_workload *wl, gs_wl_read_fn read, void *rctx,
                                  void **scratch, size_t *bytes, gs_diag *diag)
{
    gs_status st;
    if ((st = gs_run_scratch_bytes(wl, read, rctx, bytes, diag)) != GS_OK)
        return st;
    if (!(*scratch = gs_cli_alloc_arena(*bytes)))
        return gs_diag_set(diag, GS_E_IO, wl->file, 0, 0, "out of memory");
    return GS_OK;
}

/* The largest kernel's frame (its PTX loaded once into a scratch buffer). */
static gs_status shape_bound(const gs_workload *wl, cli_wl_source *src, const gs_config *cfg,
                             gs_exec_shape *bound, uint64_t *printf_calls, gs_host_config *hc,
                             gs_diag *diag)
{
    size_t bytes;
    void *scratch;
    gs_status st = gs_cli_workload_scratch(wl, read_workload_file, src, &scratch, &bytes, diag);
    if (st != GS_OK)
        return st;
    st = gs_run_shape_bound(wl, read_workload_file, src, scratch, bytes,
                            cfg->call_stack_depth, bound, printf_calls, hc, diag);
    gs_cli_free_arena(scratch);
    return st;
}

static int run_workload(const gs_workload *wl, cli_wl_source *src, const gs_config *cfg,
                        gs_diag *diag)
{
    static gs_host host;
    static gs_wl_state state;
    gs_host_config hc;
    gs_exec_shape bound;
    gs_arena arena;
    gs_stats stats;
    size_t bytes;
    void *buffer;
    gs_status st;
    uint64_t printf_calls = 0;
    uint32_t num_stats;
    int dumped = 0;
    memset(&bound, 0, sizeof bound);
    if ((st = gs_workload_host_config(wl, read_workload_file, src, &hc, diag)) != GS_OK ||
        (st = shape_bound(wl, src, cfg, &bound, &printf_calls, &hc, diag)) != GS_OK)
        return gs_cli_report(diag);
    /* the CTA context holds the largest kernel's frame, as the timing run's does */
    hc.cta.reg_slots = bound.reg_slots > hc.cta.reg_slots ? bound.reg_slots : hc.cta.reg_slots;
    hc.cta.pred_slots = bound.pred_slots > hc.cta.pred_slots ? bound.pred_slots
                                                             : hc.cta.pred_slots;
    hc.cta.local_bytes = bound.local_bytes > hc.cta.local_bytes ? bound.local_bytes
                                                                : hc.cta.local_bytes;
    hc.warp_inst_limit = cfg->launch_inst_limit;
    hc.ptx_call_stack_depth = cfg->call_stack_depth;
    hc.cta.simt_depth = cfg->simt_stack_depth;
    hc.cooperative_cta.simt_depth = cfg->simt_stack_depth;
    hc.printf_buffer_bytes = printf_calls ? cfg->printf_buffer_bytes : 0u;
    num_stats = CLI_WL_STATS + (printf_calls ? GS_HOST_PRINTF_STATS : 0u);
    gs_cli_signals_install();
    hc.stop_poll = gs_cli_stop_poll;
    bytes = gs_host_bytes(&hc) + gs_stats_bytes(num_stats) + 4u * GS_ARENA_ALIGN;
    buffer = gs_cli_alloc_arena(bytes);
    if (!buffer)
        return gs_cli_usage_error("cannot allocate %lu bytes for the arena",
                                  (unsigned long)bytes);
    gs_arena_init_zeroed(&arena, buffer, bytes);   /* calloc: already zero */
    st = gs_stats_init(&stats, &arena, num_stats, diag);
    if (st == GS_OK)
        st = gs_host_init(&host, &hc, &arena, diag);
    host.printf_sink = &gs_cli_stdout;   /* each launch's output when it ends, */
    host.note_sink = &gs_cli_stderr;     /* a note when calls were dropped */
    if (st == GS_OK)
        st = gs_workload_run(wl, &host, read_workload_file, src, &state, diag);
    if (st == GS_OK)
        report(wl, &host, &state, printf_calls, &stats);
    if (st == GS_E_INTERRUPTED) {   /* a signal: what was done so far, partial = 1 */
        gs_cli_note_interrupted(diag);
        report(wl, &host, &state, printf_calls, &stats);
    }
    if (st == GS_OK || st == GS_E_INTERRUPTED)
        dumped = gs_cli_dump_buffers(wl, &host, &state, st == GS_OK);
    gs_cli_free_arena(buffer);
    if (dumped != 0)   /* the buffers could not be written: the message is printed */
        return dumped;
    if (st == GS_E_RUNAWAY) {   /* the safety limit: its own exit status (DESIGN.md 8) */
        gs_cli_report(diag);
        return 4;
    }
    if (st == GS_E_INTERRUPTED)
        return gs_cli_interrupted_status();
    return st == GS_OK ? 0 : gs_cli_report(diag);
}

int gs_cli_workload(int argc, char **argv)
{
    static gs_workload wl;   /* tens of KiB: not on the stack */
    static cli_wl_options opt;
    static cli_wl_source src;   /* file names and buffers: not on the stack */
    gs_diag diag;
    int status = parse_arguments(argc, argv, &opt);
    if (status != 0)
        return status;
    if (open_workload(opt.workload, &src, &wl, &diag) != GS_OK)
        status = gs_cli_report(&diag);
    else if (gs_cli_dump_check() != 0)
        status = 2;
    else
        status = run_workload(&wl, &src, &opt.cfg, &diag);
    release_files(&src);
    return status;
}

/* ---- for timing runs (cli_timing.c): the same workload lookup and file reader ---- */

static cli_wl_source timing_source;   /* file names and buffers: not on the stack */

gs_status gs_cli_workload_open(const char *what, gs_workload *wl, gs_wl_read_fn *read,
                               void **read_context, gs_diag *diag)
{
    *read = read_workload_file;
    *read_context = &timing_source;
    return open_workload(what, &timing_source, wl, diag);
}

void gs_cli_workload_close(void)
{
    release_files(&timing_source);
}
