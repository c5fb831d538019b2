/*
 * gpusim --trace PATH [--config ...] [-option v ...]: run an Accel-Sim trace
 * set (spec/formats.md section 1; src/trace/trace.h) under the timing model
 * (src/sim/gpu.h, gs_sim_run_trace; the trace reader is the SMs' front end)
 * and print the statistics (the timing run's, then trace_kernels,
 * trace_memcpy, trace_memcpy_bytes; last `digest = ...`). The simulator's
 * own speed goes to stderr only. PATH is a kernelslist.g or its folder.
 * Arena: gs_sim_bytes (no functional contexts) + the reader and its CTA
 * slots (gs_fe_trace_bytes) + the statistics; memory does not depend on the
 * trace's length.
 *
 * gpusim --trace PATH --functional: count the trace, with NO timing model.
 *
 * Either mode takes --stats-json FILE, --stats-csv FILE and --check GOLDEN as
 * workload runs do (gs_cli_emit_stats, cli_run.c): exit 1 on a mismatch.
 *
 * Every kernel's thread blocks are read in file order, one at a time; the
 * warps of a block are stepped round robin, one instruction each, so the
 * reader's per-warp streams are exercised exactly as the timing core would
 * use them. Output (stats format, `name = value`, last `digest = ...`):
 * kernels, memcpys, thread blocks, warps, warp instructions (the count a
 * timing run reports as gpgpu_n_tot_w_icount), thread instructions, memory
 * instructions and addresses, and `trace_inst_digest`, a hash of every
 * decoded field of every instruction in that order.
 *
 * Host I/O: gs_cli_trace_io_init (cli_trace_io.c), stdio with 64-bit
 * offsets, at most GS_CLI_TRACE_FILES files open.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/cli_config.h"

#define CLI_TRACE_STATS 24u

/* --stats-json, --stats-csv, --check (NULL when not given). */
typedef struct cli_trace_out {
    const char *json, *csv, *check;
} cli_trace_out;

typedef struct trace_counts {
    uint64_t kernels, memcpys, memcpy_bytes, ctas, warps;
    uint64_t warp_insts, thread_insts, mem_insts, mem_addresses;
    uint64_t hash;
} trace_counts;

static void count_inst(trace_counts *n, const gs_inst *in)
{
    uint32_t lanes = gs_popcount32(in->active_mask);
    n->warp_insts++;
    n->thread_insts += lanes;
    if (in->space != GS_SPACE_NONE) {
        n->mem_insts++;
        if (in->access_bytes)
            n->mem_addresses += lanes;
    }
    n->hash = gs_trace_hash_inst(n->hash, in);
}

/* Round robin over the block's warps, one instruction each, until all end. */
static gs_status run_cta(gs_trace *tr, gs_trace_cta *cta, trace_counts *n, gs_diag *diag)
{
    static gs_inst inst;
    uint32_t w;
    n->ctas++;
    n->warps += cta->num_warps;
    while (cta->live_warps > 0)
        for (w = 0; w < cta->num_warps; w++) {
            gs_status st;
            if (gs_trace_warp_done(cta, w))
                continue;
            if ((st = gs_trace_warp_step(tr, cta, w, &inst, diag)) != GS_OK)
                return st;
            count_inst(n, &inst);
        }
    return GS_OK;
}

static gs_status run_kernel(gs_trace *tr, trace_counts *n, gs_diag *diag)
{
    static gs_trace_cta cta;
    for (;;) {
        int started;
        gs_status st;
        if (gs_cli_stop_poll(NULL))   /* a signal: stop between thread blocks */
            return gs_diag_set(diag, GS_E_INTERRUPTED, NULL, 0, 0, "interrupted after %llu "
                               "thread blocks", (unsigned long long)n->ctas);
        st = gs_trace_cta_start(tr, &cta, &started, diag);
        if (st != GS_OK || !started)
            return st;
        st = run_cta(tr, &cta, n, diag);
        gs_trace_cta_finish(tr, &cta);
        if (st != GS_OK)
            return st;
    }
}

static gs_status run_list(gs_trace *tr, trace_counts *n, gs_diag *diag)
{
    for (;;) {
        gs_trace_cmd cmd;
        gs_status st = gs_trace_next(tr, &cmd, diag);
        if (st != GS_OK || cmd.kind == GS_TRACE_END)
            return st;
        if (cmd.kind == GS_TRACE_MEMCPY) {
            n->memcpys++;
            n->memcpy_bytes += cmd.bytes;
        } else if ((st = run_kernel(tr, n, diag)) != GS_OK) {
            return st;
        } else {
            n->kernels++;
        }
    }
}

/* A kernel list line that was neither a command nor a comment: one warning
 * on stderr (issue 20 defect 10), the first such line and how many. */
static void warn_ignored(const gs_trace *tr)
{
    uint32_t first = 0, n = gs_trace_ignored_lines(tr, &first);
    if (n == 0)
        return;
    fprintf(stderr, "gpusim: warning: %s:%u: line ignored: neither a kernel file nor "
            "MemcpyHtoD (%u such line%s)\n", tr->list_path, (unsigned)first, (unsigned)n,
            n == 1u ? "" : "s");
}

static void put_counts(gs_stats *stats, const trace_counts *n)
{
    gs_stats_put_count(stats, "trace_kernels", n->kernels);
    gs_stats_put_count(stats, "trace_memcpy", n->memcpys);
    gs_stats_put_count(stats, "trace_memcpy_bytes", n->memcpy_bytes);
    gs_stats_put_count(stats, "trace_ctas", n->ctas);
    gs_stats_put_count(stats, "trace_warps", n->warps);
    gs_stats_put_count(stats, "trace_warp_insts", n->warp_insts);
    gs_stats_put_count(stats, "trace_thread_insts", n->thread_insts);
    gs_stats_put_count(stats, "trace_mem_insts", n->mem_insts);
    gs_stats_put_count(stats, "trace_mem_addresses", n->mem_addresses);
    gs_stats_put_count(stats, "trace_inst_digest", gs_hash_finish(n->hash));
}

static int count_trace(const gs_config *cfg, const char *list_path, const cli_trace_out *out)
{
    static gs_trace tr;
    static gs_cli_trace_files files;
    gs_trace_io io;
    gs_trace_params p;
    trace_counts n;
    gs_arena arena;
    gs_stats stats;
    gs_diag diag;
    size_t bytes;
    void *buffer;
    gs_status st = GS_OK;
    int rc = 0;
    gs_trace_default_params(&p, cfg->trace_open_warps ? cfg->trace_open_warps
                                                      : GS_TRACE_MAX_CTA_WARPS);
    p.warp_buffer_bytes = cfg->trace_line_bytes;
    if (p.scan_buffer_bytes < cfg->trace_line_bytes)   /* the scanner reads every line too */
        p.scan_buffer_bytes = cfg->trace_line_bytes;
    bytes = gs_trace_bytes(&p) + gs_arena_round(gs_stats_bytes(CLI_TRACE_STATS));
    if ((buffer = gs_cli_alloc_arena(bytes)) == NULL)
        return gs_cli_usage_error("cannot allocate %u bytes", (unsigned)bytes);
    gs_arena_init_zeroed(&arena, buffer, bytes);   /* calloc: already zero */
    gs_cli_trace_io_init(&io, &files);
    gs_cli_signals_install();
    memset(&n, 0, sizeof n);
    n.hash = GS_HASH_SEED;
    if (gs_stats_init(&stats, &arena, CLI_TRACE_STATS, &diag) != GS_OK
        || gs_trace_open(&tr, &p, &io, list_path, &arena, &diag) != GS_OK
        || ((gs_arena_seal(&arena), st = run_list(&tr, &n, &diag)) != GS_OK
            && st != GS_E_INTERRUPTED)) {
        rc = gs_cli_report(&diag);
    } else {
        if (st == GS_E_INTERRUPTED)   /* a signal: the counts so far, partial = 1 */
            gs_cli_note_interrupted(&diag);
        warn_ignored(&tr);
        gs_sink_puts(&gs_cli_stdout, "# functional trace count: no timing model\n");
        put_counts(&stats, &n);
        if (st == GS_E_INTERRUPTED)
            gs_stats_put_count(&stats, "partial", 1u);
        rc = gs_cli_emit_stats(&stats, out->json, out->csv, out->check);
        if (rc == 0)
            rc = gs_cli_interrupted_status();
    }
    gs_trace_close(&tr);
    gs_cli_free_arena(buffer);
    return rc;
}

/* ---- timing run ---- */

typedef struct trace_timing {
    gs_trace tr;
    gs_fe_trace fe;
    gs_gpu gpu;
    gs_cli_trace_files files;
    gs_trace_io io;
} trace_timing;

typedef int (*trace_emit_fn)(const gs_stats *stats, void *ctx);

static int run_timing(trace_timing *run, const gs_config *cfg, const char *list_path,
                      gs_arena *arena, gs_stats *stats, trace_emit_fn emit, void *ctx)
{
    gs_trace_params p;
    gs_diag diag;
    clock_t start;
    gs_status st;
    int rc;
    gs_fe_trace_params(cfg, &p);
    if (gs_stats_init_texts(stats, arena, gs_sim_stats_count(cfg) + GS_FE_TRACE_STATS + 2u,
                            gs_sim_stats_texts(cfg), &diag) != GS_OK
        || gs_trace_open(&run->tr, &p, &run->io, list_path, arena, &diag) != GS_OK
        || gs_fe_trace_init(&run->fe, &run->tr, cfg, arena, &diag) != GS_OK
        || gs_sim_init(&run->gpu, cfg, NULL, arena, &diag) != GS_OK)
        return gs_cli_report(&diag);
    if (gs_cli_event_trace_attach(cfg, &run->gpu) != 0)
        return 2;
    gs_cli_kernel_blocks_attach(&run->gpu);
    gs_cli_signals_install();
    gs_sim_set_stop_poll(&run->gpu, gs_cli_stop_poll, NULL);
    gs_cli_progress_attach(&run->gpu, gs_cli_progress_count_kernels(list_path));
    start = clock();
    st = gs_sim_run_trace(&run->gpu, &run->fe, &diag);
    gs_cli_progress_detach();
    if (st != GS_OK && gs_sim_watchdog_fired(&run->gpu)) {
        gs_cli_report(&diag);
        gs_sim_dump(&run->gpu, &gs_cli_stderr);
        return 3;
    }
    if (st == GS_E_RUNAWAY) {   /* the safety limit per launch: exit 4 (DESIGN.md 8) */
        gs_cli_report(&diag);
        return 4;
    }
    if (st == GS_E_INTERRUPTED)   /* a signal: the statistics so far, partial = 1 */
        gs_cli_note_interrupted(&diag);
    else if (st != GS_OK && !gs_sim_capped(&run->gpu))
        return gs_cli_report(&diag);
    else if (st != GS_OK)   /* a -gpgpu_max_* limit: a clean stop (README "Run control") */
        gs_cli_note_capped(&diag);
    warn_ignored(&run->tr);
    gs_sim_report_trace(&run->gpu, &run->fe, stats);
    gs_cli_print_speed(&run->gpu, stats, (double)(clock() - start) / CLOCKS_PER_SEC);
    if (gs_cli_samples_write(&run->gpu) != 0)
        return 2;
    rc = emit(stats, ctx);
    return rc != 0 ? rc : gs_cli_interrupted_status();   /* 130/143 after a signal */
}

static int time_trace(const gs_config *cfg, const char *list_path, trace_emit_fn emit,
                      void *ctx)
{
    static trace_timing run;   /* large: not on the stack */
    gs_arena arena;
    gs_stats stats;
    size_t bytes;
    void *buffer;
    int rc;
    if (gs_cli_samples_check(cfg) != 0)
        return 2;
    if (cfg->kernel_sampling)   /* no functional profile of SASS traces: not sampled */
        return gs_cli_usage_error("-gs_kernel_sampling 1 needs a workload run (--workload): "
                                  "trace runs are always exact");
    memset(&run, 0, sizeof run);
    bytes = gs_sim_bytes(cfg, NULL) + gs_fe_trace_bytes(cfg) +
            gs_stats_bytes_texts(gs_sim_stats_count(cfg) + GS_FE_TRACE_STATS + 2u,
                                 gs_sim_stats_texts(cfg)) +
            8u * GS_ARENA_ALIGN;
    if (cfg->arena_mib)
        bytes = (size_t)cfg->arena_mib << 20;
    if ((buffer = gs_cli_alloc_arena(bytes)) == NULL)
        return gs_cli_usage_error("cannot allocate %lu bytes for the arena",
                                  (unsigned long)bytes);
    gs_arena_init_zeroed(&arena, buffer, bytes);   /* calloc: already zero */
    gs_cli_trace_io_init(&run.io, &run.files);
    rc = gs_cli_event_trace_close(run_timing(&run, cfg, list_path, &arena, &stats, emit, ctx));
    gs_trace_close(&run.tr);
    gs_cli_free_arena(buffer);
    return rc;
}

/* PATH itself, or PATH/kernelslist.g when that exists (a folder was named);
 * a path that cannot be read is a usage error with the reason. */
static int resolve_list(const char *path, char *out, size_t capacity)
{
    const char *why;
    gs_fmt(out, capacity, "%s%skernelslist.g", path,
           path[0] && path[strlen(path) - 1u] == '/' ? "" : "/");
    if (gs_cli_file_problem(out) == NULL)
        return 0;
    gs_fmt(out, capacity, "%s", path);
    if ((why = gs_cli_file_problem(path)) == NULL)
        return 0;
    if (strcmp(why, GS_CLI_WHY_DIRECTORY) == 0)
        return gs_cli_usage_error("--trace %s: a folder without kernelslist.g (an Accel-Sim "
                                  "trace folder has one)", path);
    return gs_cli_usage_error("--trace %s: %s", path, why);
}

static int emit_out(const gs_stats *stats, void *ctx)
{
    const cli_trace_out *out = (const cli_trace_out *)ctx;
    return gs_cli_emit_stats(stats, out->json, out->csv, out->check);
}

int gs_cli_trace_timing_run(const gs_config *cfg, const char *path,
                            int (*emit)(const gs_stats *stats, void *ctx), void *ctx)
{
    static char list_path[GS_TRACE_PATH_MAX];
    if (resolve_list(path, list_path, sizeof list_path) != 0)
        return 2;
    return time_trace(cfg, list_path, emit, ctx);
}

/* The value of a flag that takes one (--trace PATH, --stats-json FILE, ...). */
static int take_value(int argc, char **argv, int *i, const char **value)
{
    if (*i + 1 >= argc)
        return gs_cli_usage_error("%s needs a value", argv[*i]);
    *value = argv[++*i];
    return 0;
}

int gs_cli_trace(int argc, char **argv)
{
    static char list_path[GS_TRACE_PATH_MAX];
    const char *path = NULL;
    cli_trace_out out = { NULL, NULL, NULL };
    int functional = 0, i, rc;
    gs_config *cfg = (gs_config *)gs_cli_alloc(sizeof *cfg);
    unsigned char *used = (unsigned char *)gs_cli_alloc((size_t)argc + 1u);
    if (!cfg || !used)
        rc = gs_cli_usage_error("out of memory");
    else
        rc = gs_cli_config_load(argc, argv, cfg, used);
    for (i = 1; !rc && i < argc; i++) {
        if (used[i])
            continue;
        if (strcmp(argv[i], "--functional") == 0)
            functional = 1;
        else if (strcmp(argv[i], "--quiet") == 0)
            gs_cli_progress_set_quiet(1);
        else if (strcmp(argv[i], "--trace") == 0)
            path = i + 1 < argc ? argv[++i] : NULL;
        else if (strcmp(argv[i], "--stats-json") == 0)
            rc = take_value(argc, argv, &i, &out.json);
        else if (strcmp(argv[i], "--stats-csv") == 0)
            rc = take_value(argc, argv, &i, &out.csv);
        else if (strcmp(argv[i], "--check") == 0)
            rc = take_value(argc, argv, &i, &out.check);
        else if (strcmp(argv[i], "--samples-csv") == 0) {
            const char *samples = NULL;
            rc = take_value(argc, argv, &i, &samples);
            gs_cli_samples_set_path(samples);
        } else
            rc = gs_cli_usage_error("unexpected argument '%s' with --trace", argv[i]);
    }
    if (!rc && !path)
        rc = gs_cli_usage_error("--trace needs a kernelslist.g or its folder");
    if (!rc && functional)
        rc = gs_cli_samples_functional();
    if (!rc) {
        rc = resolve_list(path, list_path, sizeof list_path) != 0 ? 2
             : functional ? count_trace(cfg, list_path, &out)
                          : time_trace(cfg, list_path, emit_out, &out);
    }
    gs_cli_free(cfg);
    gs_cli_free(used);
    return rc;
}
