/*
 * The hosted command-line front end (not part of libgpusim.a).
 *
 * main.c dispatches to one function per subcommand. Only main.c allocates
 * (DESIGN.md section 5): it supplies the arena buffer and bounded file
 * buffers to the subcommands through the helpers below.
 */
#ifndef GS_CLI_CLI_H
#define GS_CLI_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "gpusim.h"

/* Largest file the CLI reads whole (configs, PTX, workload files, goldens);
 * traces are streamed and never read whole. */
#define GS_CLI_FILE_MAX (64u * 1024u * 1024u)

/* Trace files open at once through gs_cli_trace_io_init (cli_trace_io.c). */
#define GS_CLI_TRACE_FILES 8u

/* The trace reader's host files: stdio with 64-bit offsets on every host. */
typedef struct gs_cli_trace_files {
    FILE *f[GS_CLI_TRACE_FILES];
    uint64_t pos[GS_CLI_TRACE_FILES];   /* where each file stands; UINT64_MAX: unknown */
} gs_cli_trace_files;

/* Zero *files and point *io at them (open / read-at / close). */
void gs_cli_trace_io_init(gs_trace_io *io, gs_cli_trace_files *files);

/* Interrupt-safe runs (cli_signal.c): the first SIGINT/SIGTERM sets a flag
 * that gs_cli_stop_poll answers (for gs_sim_set_stop_poll and the host
 * config's stop_poll); a second exits at once. gs_cli_interrupted_status is
 * 128 + the signal (130, 143), 0 when none came. */
void gs_cli_signals_install(void);
int gs_cli_stop_poll(void *context);
int gs_cli_interrupted_status(void);
const char *gs_cli_interrupted_by(void);
/* After a run stopped with GS_E_INTERRUPTED: one stderr line saying where,
 * before the partial statistics. */
void gs_cli_note_interrupted(const gs_diag *diag);

/* Subcommands: each returns the process exit status (0 ok, 1 check
 * mismatch, 2 bad input, 3 watchdog). */
int gs_cli_run(int argc, char **argv);    /* default: the main job */
int gs_cli_hash(int argc, char **argv);   /* gpusim hash ... */
int gs_cli_addr(int argc, char **argv);   /* gpusim addr ... */
/* gpusim --functional --workload NAME|FILE (called by gs_cli_run) */
int gs_cli_workload(int argc, char **argv);
/* gpusim --trace PATH --functional (src/cli/cli_trace.c) */
int gs_cli_trace(int argc, char **argv);
/* Print statistics as text, then write --stats-json / --stats-csv files and
 * compare with a --check golden (each path NULL when not asked); returns the
 * exit status: 0, 1 on a --check mismatch, 2 on an error (cli_run.c). */
int gs_cli_emit_stats(const gs_stats *stats, const char *json_path, const char *csv_path,
                      const char *check_path);

/* Workloads by name (src/cli/cli_suite.c): gpusim --list-workloads, and the
 * lookup of `--workload NAME[:small|:paper]` / example:NAME among the
 * embedded workloads. Lookup sets *found to NULL (and returns GS_OK) when
 * `what` is to be read as a file; unknown names and sizes fill diag. */
struct gs_embedded_workload;
int gs_cli_list_workloads(int argc, char **argv);
int gs_cli_workload_is_path(const char *what);
gs_status gs_cli_workload_lookup(const char *what, const struct gs_embedded_workload **found,
                                 gs_diag *diag);
gs_status gs_cli_workload_not_found(const char *what, gs_diag *diag);

/* Timing runs (src/cli/cli_timing.c): run `workload` (embedded NAME or FILE)
 * under the timing model with configuration cfg; emit(stats, ctx) prints and
 * checks the statistics and returns the exit status. Exit 3 on the watchdog. */
struct gs_config;
struct gs_stats;
int gs_cli_timing_run(const struct gs_config *cfg, const char *workload,
                      int (*emit)(const struct gs_stats *stats, void *ctx), void *ctx);
/* --arena-bytes (cli_run.c): the timing run plans its arena, then prints
 * it with gs_cli_print_arena_bytes instead of running. */
int gs_cli_arena_bytes_only(void);
int gs_cli_print_arena_bytes(const char *workload, size_t kept, size_t streamed);
/* The same for an Accel-Sim trace set (kernelslist.g or its folder;
 * cli_trace.c), for study jobs (cli_study.c). */
int gs_cli_trace_timing_run(const struct gs_config *cfg, const char *path,
                            int (*emit)(const struct gs_stats *stats, void *ctx), void *ctx);
/* gpusim study FILE ... (src/cli/cli_study.c) */
int gs_cli_study(int argc, char **argv);
/* The workload lookup and file reader of cli_workload.c, for cli_timing.c;
 * gs_cli_workload_close releases what the reader held. */
struct gs_workload;
gs_status gs_cli_workload_open(const char *what, struct gs_workload *wl,
                               gs_status (**read)(void *, const char *, const char **,
                                                  const char **, size_t *, gs_diag *),
                               void **read_context, gs_diag *diag);
void gs_cli_workload_close(void);
/* A scratch buffer for gs_run_plan / gs_run_shape_bound (gs_cli_free_arena
 * it): the workload's largest PTX module loads in it. */
gs_status gs_cli_workload_scratch(const struct gs_workload *wl,
                                  gs_status (*read)(void *, const char *, const char **,
                                                    const char **, size_t *, gs_diag *),
                                  void *rctx, void **scratch, size_t *bytes, gs_diag *diag);
/* Read a whole file into a new NUL-terminated buffer (freed by
 * gs_cli_free_file). On failure diag (GS_E_IO) names the reason: no such
 * file, permission denied, a directory, larger than GS_CLI_FILE_MAX, or a
 * read error. */
gs_status gs_cli_read_file(const char *path, char **text, size_t *length, gs_diag *diag);
/* 0 when PATH names nothing (so a name may be taken for something else, a
 * preset or an embedded workload), 1 when it names something, readable or
 * not. */
int gs_cli_file_exists(const char *path);
/* NULL when PATH opens and reads (or is empty), else why not: no such file,
 * permission denied, a directory, a read error. */
const char *gs_cli_file_problem(const char *path);
#define GS_CLI_WHY_DIRECTORY "is a directory, not a file"
void gs_cli_free_file(char *text);

/* Zero-filled host memory for the CLI's own bookkeeping (main.c allocates). */
void *gs_cli_alloc(size_t bytes);
void gs_cli_free(void *buffer);

/* One zero-filled, GS_ARENA_ALIGN-aligned buffer for the arena, or NULL. */
void *gs_cli_alloc_arena(size_t bytes);
void gs_cli_free_arena(void *buffer);

/* Print "file:line:col: error: message" to stderr; returns exit status 2. */
int gs_cli_report(const gs_diag *diag);
/* --help's usage lines and flags (cli_run.c), and the man page gpusim(1)
 * built from them and the option table (cli_man.c, gpusim --man). */
void gs_cli_print_flags(const gs_sink *sink);
int gs_cli_man(void);
/* Send gs_cli_report's and gs_cli_usage_error's lines to `sink` (NULL:
 * stderr again); for test harnesses. */
void gs_cli_diag_sink_set(const gs_sink *sink);
/* Print "gpusim: error: <message>" for a usage error; returns 2. */
int gs_cli_usage_error(const char *format, ...) GS_PRINTF_LIKE(1, 2);

/* The simulator's own speed on stderr (host time: CLI only, never in the
 * digest): warp instructions and cycles per second, arena high water. */
struct gs_gpu;
void gs_cli_print_speed(const struct gs_gpu *gpu, const gs_stats *stats, double seconds);

/* The progress display on stderr (cli_progress.c; README "Command line"):
 * only when stderr is a terminal and --quiet was not given; never touches
 * stdout, the statistics or the digest. A run attaches after gs_sim_init
 * (kernels_total 0: unknown) and detaches, clearing the line, before it
 * prints anything else; a study brackets its jobs with study_begin/_end. */
void gs_cli_progress_set_quiet(int quiet);
void gs_cli_progress_attach(struct gs_gpu *gpu, uint64_t kernels_total);
void gs_cli_progress_detach(void);
void gs_cli_progress_clear(void);
void gs_cli_progress_study_begin(uint32_t jobs_total);
void gs_cli_progress_study_skipped(void);
void gs_cli_progress_study_end(void);
/* Kernel commands in a kernelslist.g (0 when unreadable or no display). */
uint64_t gs_cli_progress_count_kernels(const char *list_path);

/* -gs_event_trace (cli_run.c): open -gs_event_trace_file and make it the
 * GPU's trace sink, after gs_sim_init (nothing when the trace is off);
 * returns 0 or exit status 2. Close it after the run: returns rc, or 2
 * when rc was 0 and the file could not be written. */
int gs_cli_event_trace_attach(const struct gs_config *cfg, struct gs_gpu *gpu);
int gs_cli_event_trace_close(int rc);
/* Print each kernel's statistics block as the kernel finishes and keep its
 * JSON / CSV renderings for gs_cli_emit_stats (cli_run.c); after gs_sim_init. */
void gs_cli_kernel_blocks_attach(struct gs_gpu *gpu);
/* Also hand each block to fn (a study job keeps them in its result); NULL: none. */
typedef void (*gs_cli_block_fn)(void *context, const struct gs_stats *block, uint64_t uid);
void gs_cli_kernel_blocks_observe(gs_cli_block_fn fn, void *context);

/* A run stopped by a -gpgpu_max_* limit: say so on stderr (cli_timing.c). */
void gs_cli_note_capped(const gs_diag *diag);

/* --samples-csv FILE (cli_samples.c): set the path (NULL: none); check a
 * configuration before a timing run (2: nothing is sampled), refuse a
 * functional run (2), write the run's samples after it (0, or 2). */
struct gs_config;
void gs_cli_samples_set_path(const char *path);
int gs_cli_samples_check(const struct gs_config *cfg);
int gs_cli_samples_functional(void);
int gs_cli_samples_write(const struct gs_gpu *gpu);

/* --dump-buffers DIR (cli_dump.c): set the folder (NULL: none); check it
 * before the run (0, or 2 with the error printed: the folder cannot be made
 * or written); write the output buffers and the
 * manifest after it (`complete` 0: the run stopped early). */
void gs_cli_dump_set_dir(const char *dir);
/* mkdir -p DIR (cli_files.c): 0, or 2 with "<context>cannot create folder
 * <the part that failed>" printed. */
int gs_cli_make_dirs(const char *dir, const char *context);
int gs_cli_dump_check(void);
int gs_cli_dump_buffers(const gs_workload *wl, gs_host *host, const gs_wl_state *state,
                        int complete);

/* gpusim report INPUT... (cli_report.c): an HTML report with inline SVG. */
int gs_cli_report_main(int argc, char **argv);

/* gpusim --check-ptx FILE... (cli_check_ptx.c): load and list, never run. */
int gs_cli_check_ptx(int argc, char **argv);

/* A sink that writes to stdout / stderr. */
extern const gs_sink gs_cli_stdout;
extern const gs_sink gs_cli_stderr;

#endif
