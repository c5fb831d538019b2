/*
 * The default job: `gpusim [--config NAME|FILE ...] [-option value ...]
 * [--stats-json F] [--stats-csv F] [--check GOLDEN] [--dump-config] [--help]`.
 * Timing runs print a statistics block after each kernel (GPGPU-Sim's
 * `kernel_name = ...` blocks, sim/gpu.h gs_sim_set_kernel_report), then the
 * whole run's statistics.
 *
 * The main job runs a workload (--workload NAME|FILE, default the embedded
 * `syrk_small`) under the timing model (cli_timing.c). With --config-stats it only
 * loads and checks the configuration, builds the statistics registry with counters
 * derived from the configuration (SMs, cache sizes, DRAM channels, clock
 * periods) and prints them as `name = value` lines ending with
 * `digest = ...` (src/base/stats.h). Exit: 0 ok, 1 --check mismatch, 2 bad input.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_config.h"

#define STATS_CAPACITY 64u

typedef struct run_args {
    const char *stats_json;
    const char *stats_csv;
    const char *check;
    const char *samples_csv;  /* --samples-csv: the run's time series (cli_samples.c) */
    const char *dump_buffers; /* --dump-buffers: the output buffers' folder (cli_dump.c) */
    const char *workload;     /* timing run of this workload (default: syrk_small) */
    int config_stats;         /* --config-stats: configuration counters only */
    int dump_config;
    int arena_bytes;          /* --arena-bytes: print the run's planned arena, no run */
    int help;
} run_args;

static int arena_bytes_only;   /* --arena-bytes was given (gs_cli_arena_bytes_only) */

int gs_cli_arena_bytes_only(void)
{
    return arena_bytes_only;
}

/* What the run's arena needs (sim/run.h plans it from the configuration and
 * the workload): the one buffer a host must supply, with the statistics
 * kept (as gpusim runs) and streamed (as examples/baremetal/ runs). */
int gs_cli_print_arena_bytes(const char *workload, size_t kept, size_t streamed)
{
    gs_sink_printf(&gs_cli_stdout, "workload = %s\narena_bytes = %lu\n"
                   "arena_bytes_streamed = %lu\n", workload, (unsigned long)kept,
                   (unsigned long)streamed);
    return 0;
}

static void write_to_file(void *context, const char *text, size_t length)
{
    fwrite(text, 1, length, (FILE *)context);
}

/* The usage lines and the flags, for --help and the man page (cli_man.c). */
void gs_cli_print_flags(const gs_sink *sink)
{
    gs_sink_puts(sink,
        "usage: gpusim [--config NAME|FILE ...] [-option value ...] [--stats-json FILE]\n"
        "              [--stats-csv FILE] [--check GOLDEN] [--quiet] [--dump-config]\n"
        "              [--arena-bytes] [--help]\n");
    gs_sink_puts(sink, "  --config NAME|FILE  embedded preset (");
    gs_sink_puts(sink, gs_cli_preset_names());
    gs_sink_puts(sink,
        ") or a GPGPU-Sim config file;\n"
        "                      repeatable, loaded in order (also -config FILE); default gtx480\n"
        "  -option value       override any option below, after all config files\n"
        "  --dump-config       print the effective configuration and exit\n"
        "  --arena-bytes       print the bytes the run's arena needs (planned from the\n"
        "                      configuration and the workload; also with the statistics\n"
        "                      streamed, as an embedder may run) and exit without running\n"
        "  --stats-json FILE   also write the statistics as JSON (per-kernel blocks: \"kernels\")\n"
        "  --stats-csv FILE    also write the statistics as CSV (per-kernel: kernel<uid>/NAME)\n"
        "  --check GOLDEN      compare the statistics with a stats file; exit 1 on a mismatch\n"
        "  --samples-csv FILE  write the -gs_sample_cycles time series as CSV (one row a\n"
        "                      period; gpusim report draws it; README \"Reports\")\n"
        "  --dump-buffers DIR  after a --workload run (also --functional), write its output\n"
        "                      buffers to DIR/NAME.bin (raw little-endian) and\n"
        "                      DIR/manifest.txt (README \"Output buffers\")\n"
        "  --quiet             no progress line on stderr (shown only when stderr is a\n"
        "                      terminal and the run takes over 2 s; never on stdout)\n"
        "  --workload NAME|FILE  run it under the timing model (default: -gs_default_workload,\n"
        "                      syrk_small unless the preset names another)\n"
        "  --functional --workload NAME|FILE  run it on the functional executor only\n"
        "  --trace DIR|FILE    run an Accel-Sim trace set (kernelslist.g or its folder) under\n"
        "                      the timing model; with --functional: count it only\n"
        "  --check-ptx FILE... load and validate PTX modules without running them, and\n"
        "                      list their kernels' resources (exit 2 if any fails)\n"
        "  --list-workloads    list the embedded workloads (NAME[:small|:paper])\n"
        "  --list-mechanisms   list the mechanisms -gs_mechanisms can enable\n"
        "  --config-stats      print configuration-derived counters instead of running\n"
        "other commands: gpusim hash ..., gpusim addr ..., gpusim study FILE ...,\n"
        "                gpusim report INPUT... (README \"Running studies\", \"Reports\";\n"
        "                see gpusim --usage)\n");
}

static void print_help(void)
{
    gs_cli_print_flags(&gs_cli_stdout);
    gs_sink_puts(&gs_cli_stdout, "\n");
    gs_config_print_help(&gs_cli_stdout);
}

/* Take this subcommand's own --flags; everything else is the config loader's. */
static int parse_run_args(int argc, char **argv, unsigned char *used, run_args *args)
{
    int i;
    memset(args, 0, sizeof *args);
    for (i = 1; i < argc; i++) {
        const char **target = NULL;
        if (used[i] || argv[i][0] != '-' || argv[i][1] != '-') {
            if (!used[i])
                return gs_cli_usage_error("unexpected argument '%s' (see --help)", argv[i]);
            continue;
        }
        if (strcmp(argv[i], "--dump-config") == 0)
            args->dump_config = 1;
        else if (strcmp(argv[i], "--config-stats") == 0)
            args->config_stats = 1;
        else if (strcmp(argv[i], "--arena-bytes") == 0)
            args->arena_bytes = 1;
        else if (strcmp(argv[i], "--quiet") == 0)
            gs_cli_progress_set_quiet(1);
        else if (strcmp(argv[i], "--workload") == 0)
            target = &args->workload;
        else if (strcmp(argv[i], "--stats-json") == 0)
            target = &args->stats_json;
        else if (strcmp(argv[i], "--stats-csv") == 0)
            target = &args->stats_csv;
        else if (strcmp(argv[i], "--check") == 0)
            target = &args->check;
        else if (strcmp(argv[i], "--samples-csv") == 0)
            target = &args->samples_csv;
        else if (strcmp(argv[i], "--dump-buffers") == 0)
            target = &args->dump_buffers;
        else
            return gs_cli_usage_error("unknown argument '%s' (see --help)", argv[i]);
        used[i] = 1;
        if (target) {
            if (i + 1 >= argc)
                return gs_cli_usage_error("%s needs a %s name", argv[i],
                                          target == &args->dump_buffers ? "folder" : "file");
            *target = argv[++i];
            used[i] = 1;
        }
    }
    return 0;
}

/* Counters derived from the configuration, in a fixed order. */
static void put_config_counters(gs_stats *stats, const gs_config *cfg)
{
    uint32_t slices = gs_config_n_sub_partitions(cfg);
    gs_stats_put_count(stats, "config_n_sms", gs_config_n_sms(cfg));
    gs_stats_put_count(stats, "config_warps_per_sm", gs_config_warps_per_sm(cfg));
    gs_stats_put_count(stats, "config_max_cta_per_sm", cfg->max_cta_per_sm);
    gs_stats_put_count(stats, "config_registers_per_sm", cfg->n_registers);
    gs_stats_put_count(stats, "config_shmem_bytes_per_sm", cfg->shmem_bytes);
    gs_stats_put_count(stats, "config_schedulers_per_sm", cfg->n_sched_per_core);
    gs_stats_put_count(stats, "config_l1d_bytes_per_sm", gs_cache_bytes(&cfg->dl1));
    gs_stats_put_count(stats, "config_l1i_bytes_per_sm", gs_cache_bytes(&cfg->il1));
    gs_stats_put_count(stats, "config_l1c_bytes_per_sm", gs_cache_bytes(&cfg->const_l1));
    gs_stats_put_count(stats, "config_l1t_bytes_per_sm", gs_cache_bytes(&cfg->tex_l1));
    gs_stats_put_count(stats, "config_l2_slices", slices);
    gs_stats_put_count(stats, "config_l2_bytes_per_slice", gs_cache_bytes(&cfg->dl2));
    gs_stats_put_count(stats, "config_l2_bytes_total", gs_cache_bytes(&cfg->dl2) * slices);
    gs_stats_put_count(stats, "config_dram_channels", cfg->n_mem);
    gs_stats_put_count(stats, "config_dram_banks_per_chip", cfg->dram_timing.n_banks);
    gs_stats_put_count(stats, "config_dram_bus_bytes_per_channel",
                       (uint64_t)cfg->n_mem_per_ctrlr * cfg->dram_buswidth_bytes);
    gs_stats_put_count(stats, "config_core_period_ps", gs_config_period_ps(cfg->clocks.core_khz));
    gs_stats_put_count(stats, "config_icnt_period_ps", gs_config_period_ps(cfg->clocks.icnt_khz));
    gs_stats_put_count(stats, "config_l2_period_ps", gs_config_period_ps(cfg->clocks.l2_khz));
    gs_stats_put_count(stats, "config_dram_period_ps", gs_config_period_ps(cfg->clocks.dram_khz));
    gs_stats_put_count(stats, "config_seed", cfg->seed);
}

/* ---- per-kernel statistics blocks (sim/gpu.h gs_sim_set_kernel_report) ----
 * Each block goes to stdout when its kernel finishes, as GPGPU-Sim prints
 * them; its JSON and CSV renderings are kept here (host memory: the CLI's
 * own bookkeeping) until the whole-run statistics write the files. */

typedef struct text_buffer {
    char *text;        /* NUL-terminated; NULL while empty */
    size_t length, capacity;
    int failed;        /* out of memory: the files get no blocks, the run says so */
} text_buffer;

static text_buffer blocks_json, blocks_csv;
static uint64_t blocks_seen;
static gs_cli_block_fn block_observer;
static void *block_observer_ctx;

static void buffer_write(void *context, const char *text, size_t length)
{
    text_buffer *b = (text_buffer *)context;
    if (b->failed)
        return;
    if (b->length + length + 1u > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 4096u;
        char *bigger;
        while (b->length + length + 1u > capacity)
            capacity *= 2u;
        if ((bigger = (char *)gs_cli_alloc(capacity)) == NULL) {
            b->failed = 1;
            return;
        }
        if (b->text)
            memcpy(bigger, b->text, b->length);
        gs_cli_free(b->text);
        b->text = bigger;
        b->capacity = capacity;
    }
    memcpy(b->text + b->length, text, length);
    b->length += length;
    b->text[b->length] = '\0';
}

static void buffer_free(text_buffer *b)
{
    gs_cli_free(b->text);
    memset(b, 0, sizeof *b);
}

static void kernel_block(void *context, const gs_stats *block, uint64_t uid)
{
    gs_sink sink;
    (void)context;
    gs_cli_progress_clear();   /* the block starts on a clean terminal line */
    gs_stats_print_block_text(block, &gs_cli_stdout);
    sink.write = buffer_write;
    sink.context = &blocks_json;
    gs_stats_print_block_json(block, &sink, blocks_seen == 0);
    sink.context = &blocks_csv;
    gs_stats_print_block_csv(block, &sink, uid);
    blocks_seen++;
    if (block_observer)
        block_observer(block_observer_ctx, block, uid);
}

void gs_cli_kernel_blocks_observe(gs_cli_block_fn fn, void *context)
{
    block_observer = fn;
    block_observer_ctx = context;
}

void gs_cli_kernel_blocks_attach(struct gs_gpu *gpu)
{
    buffer_free(&blocks_json);
    buffer_free(&blocks_csv);
    blocks_seen = 0;
    gs_sim_set_kernel_report(gpu, kernel_block, NULL);
}

static int write_stats_file(const char *path, const gs_stats *stats, int json)
{
    FILE *f;
    gs_sink sink;
    if (blocks_json.failed || blocks_csv.failed)
        return gs_cli_usage_error("out of memory keeping the per-kernel statistics for %s",
                                  path);
    if ((f = fopen(path, "wb")) == NULL)
        return gs_cli_usage_error("cannot write %s", path);
    sink.write = write_to_file;
    sink.context = f;
    if (json)
        gs_stats_print_json_with(stats, blocks_seen ? blocks_json.text : NULL, &sink);
    else
        gs_stats_print_csv_with(stats, blocks_seen ? blocks_csv.text : NULL, &sink);
    return fclose(f) == 0 ? 0 : gs_cli_usage_error("cannot write %s", path);
}

/* ---- -gs_event_trace: the trace's file (sim/event_trace.h) ---- */

static FILE *event_trace_file;
static const char *event_trace_path;

int gs_cli_event_trace_attach(const gs_config *cfg, struct gs_gpu *gpu)
{
    gs_sink sink;
    if (cfg->event_trace.kinds == 0u)
        return 0;
    event_trace_path = cfg->event_trace.file;
    if ((event_trace_file = fopen(event_trace_path, "wb")) == NULL)
        return gs_cli_usage_error("cannot write %s (-gs_event_trace_file)", event_trace_path);
    sink.write = write_to_file;
    sink.context = event_trace_file;
    gs_sim_set_event_sink(gpu, &sink);
    return 0;
}

int gs_cli_event_trace_close(int rc)
{
    FILE *f = event_trace_file;
    event_trace_file = NULL;
    if (f != NULL && fclose(f) != 0 && rc == 0)
        return gs_cli_usage_error("cannot write %s (-gs_event_trace_file)", event_trace_path);
    return rc;
}

static int check_golden(const char *path, const gs_stats *stats)
{
    char *text;
    size_t length;
    gs_diag diag;
    uint32_t differences = 0;
    gs_status status;
    if (gs_cli_read_file(path, &text, &length, &diag) != GS_OK)
        return gs_cli_report(&diag);
    status = gs_stats_check(stats, path, text, length, &gs_cli_stdout, &differences, &diag);
    gs_cli_free_file(text);
    if (status != GS_OK)
        return gs_cli_report(&diag);
    if (differences) {
        fprintf(stdout, "check: %u differences from %s\n", (unsigned)differences, path);
        return 1;
    }
    fprintf(stdout, "check: matches %s\n", path);
    return 0;
}

/* Print the statistics, write the optional files, compare with --check
 * (cli.h; also used by --trace runs, cli_trace.c). */
int gs_cli_emit_stats(const gs_stats *stats, const char *json_path, const char *csv_path,
                      const char *check_path)
{
    int rc = 0;
    gs_stats_print_text(stats, &gs_cli_stdout);
    if (json_path)
        rc = write_stats_file(json_path, stats, 1);
    if (!rc && csv_path)
        rc = write_stats_file(csv_path, stats, 0);
    if (!rc && check_path)
        rc = check_golden(check_path, stats);
    buffer_free(&blocks_json);
    buffer_free(&blocks_csv);
    blocks_seen = 0;
    return rc;
}

static int emit_stats(const gs_stats *stats, void *context)
{
    const run_args *args = (const run_args *)context;
    return gs_cli_emit_stats(stats, args->stats_json, args->stats_csv, args->check);
}

static int report_stats(const gs_config *cfg, const run_args *args)
{
    size_t bytes = gs_arena_round(gs_stats_bytes(STATS_CAPACITY));
    void *buffer = gs_cli_alloc_arena(bytes);
    gs_arena arena;
    gs_stats stats;
    gs_diag diag;
    int rc = 0;
    if (!buffer)
        return gs_cli_usage_error("cannot allocate %u bytes", (unsigned)bytes);
    gs_arena_init_zeroed(&arena, buffer, bytes);   /* calloc: already zero */
    if (gs_stats_init(&stats, &arena, STATS_CAPACITY, &diag) != GS_OK) {
        gs_cli_free_arena(buffer);
        return gs_cli_report(&diag);
    }
    gs_arena_seal(&arena);
    put_config_counters(&stats, cfg);
    rc = emit_stats(&stats, (void *)(uintptr_t)args);
    gs_cli_free_arena(buffer);
    return rc;
}

static int has_arg(int argc, char **argv, const char *flag)
{
    int i;
    for (i = 1; i < argc; i++)
        if (strcmp(argv[i], flag) == 0)
            return 1;
    return 0;
}

/* `gpusim --list-mechanisms`: the mechanism list (base/mech_list.h), one
 * line each with what it does. */
static int list_mechanisms(int argc, char **argv)
{
    uint32_t k;
    int i;
    for (i = 1; i < argc; i++)
        if (strcmp(argv[i], "--list-mechanisms") != 0)
            return gs_cli_usage_error("'%s' is not an option of --list-mechanisms", argv[i]);
    for (k = 0; k < GS_MECH_ID_COUNT; k++)
        gs_sink_printf(&gs_cli_stdout, "%-16s %s\n", gs_mech_table[k]->name,
                       gs_mech_table[k]->summary);
    return 0;
}

int gs_cli_run(int argc, char **argv)
{
    gs_config *cfg;
    unsigned char *used;
    run_args args;
    int rc;
    if (has_arg(argc, argv, "--help")) {
        print_help();
        return 0;
    }
    if (has_arg(argc, argv, "--man"))
        return gs_cli_man();   /* src/cli/cli_man.c: gpusim(1) from the same tables */
    /* ---- DISPATCH POINT for later issues: --workload / --functional / --trace ----
     * hook the front ends in here, before the configuration-only job below. */
    if (has_arg(argc, argv, "--list-workloads"))
        return gs_cli_list_workloads(argc, argv);   /* src/cli/cli_suite.c */
    if (has_arg(argc, argv, "--list-mechanisms"))
        return list_mechanisms(argc, argv);
    if (has_arg(argc, argv, "--check-ptx"))
        return gs_cli_check_ptx(argc, argv);  /* src/cli/cli_check_ptx.c */
    if (has_arg(argc, argv, "--trace"))
        return gs_cli_trace(argc, argv);      /* src/cli/cli_trace.c */
    if (has_arg(argc, argv, "--workload") && has_arg(argc, argv, "--functional"))
        return gs_cli_workload(argc, argv);   /* src/cli/cli_workload.c */
    cfg = (gs_config *)gs_cli_alloc(sizeof *cfg);
    used = (unsigned char *)gs_cli_alloc((size_t)argc + 1u);
    if (!cfg || !used) {
        gs_cli_free(cfg);
        gs_cli_free(used);
        return gs_cli_usage_error("out of memory");
    }
    rc = gs_cli_config_load(argc, argv, cfg, used);
    if (!rc)
        rc = parse_run_args(argc, argv, used, &args);
    if (!rc && args.samples_csv && (args.dump_config || args.config_stats))
        rc = gs_cli_usage_error("--samples-csv needs a timing run (not %s)",
                                args.dump_config ? "--dump-config" : "--config-stats");
    if (!rc && args.arena_bytes && (args.dump_config || args.config_stats))
        rc = gs_cli_usage_error("--arena-bytes plans a timing run (not %s)",
                                args.dump_config ? "--dump-config" : "--config-stats");
    if (!rc && args.dump_buffers && (args.dump_config || args.config_stats || args.arena_bytes))
        rc = gs_cli_usage_error("--dump-buffers needs a workload run (not %s)",
                                args.dump_config ? "--dump-config" : args.config_stats
                                ? "--config-stats" : "--arena-bytes");
    arena_bytes_only = !rc && args.arena_bytes;
    gs_cli_samples_set_path(rc ? NULL : args.samples_csv);
    gs_cli_dump_set_dir(rc ? NULL : args.dump_buffers);
    if (!rc && args.dump_config)
        gs_config_dump(cfg, &gs_cli_stdout);
    else if (!rc && args.config_stats)
        rc = report_stats(cfg, &args);
    else if (!rc)   /* the main job: a workload under the timing model (cli_timing.c) */
        rc = gs_cli_timing_run(cfg, args.workload ? args.workload : cfg->default_workload,
                               emit_stats, &args);
    gs_cli_free(cfg);
    gs_cli_free(used);
    return rc;
}
