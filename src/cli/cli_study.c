/*
 * `gpusim study FILE ...`: a study's jobs (README "Running studies",
 * DESIGN.md section 12).
 *
 *   --list             the jobs, one line each, in job order
 *   --run-one K        run job K, write DIR/<id>.json (every statistic, the digest)
 *   --run              run every job in order; a job whose complete, current
 *                      result exists is skipped (resume)
 *   --collect DIR      merge DIR's results: DIR/<study>.csv and DIR/<study>.md
 *   --emit parallel    a job list for GNU parallel (`parallel -j2 < jobs`)
 *   --emit slurm       an `sbatch --array` script, one task per job
 *   --phase 1|2        with --emit: only the jobs of configurations without
 *                      (1) or with (2) best:NAME values; a study that has
 *                      such configurations must name the phase, since its
 *                      phase-2 jobs read phase 1's results
 *   --check GOLDEN     run what is missing, collect, compare with a CSV table
 *   --update-golden    with --check: rewrite the table instead
 *   --out DIR          the results folder (default study-results/<study>)
 *   --size S           suite workloads written without a size run at size S
 *                      (one study file for small and paper runs; the job ids
 *                      name the size, so results of both sizes can share DIR)
 *   --quiet            no progress line (cli_progress.c: jobs done, running,
 *                      left and an ETA, on stderr when it is a terminal)
 *
 * Decision: jobs run in-process, through the same functions as `gpusim
 * --workload` and `gpusim --trace` (cli_timing.c, cli_trace.c), not by
 * re-executing the binary: one code path, no process spawning (not C99),
 * and a job's statistics equal the plain run's byte for byte. Parallelism
 * comes from real engines (GNU parallel, Slurm) running `--run-one K`.
 *
 * A result is written to a temporary file in the same folder and renamed
 * over its final name (POSIX rename is atomic), so a file with the final
 * name is always whole; it also ends with `"complete": true` and carries
 * the job's spec hash, so a truncated copy or a result of an edited study
 * line is named as partial or stale, never taken as current.
 */
#define _POSIX_C_SOURCE 200809L   /* getpid, getcwd: the CLI only */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_config.h"
#include "cli/cli_study.h"

typedef struct study_args {
    const char *file, *out, *collect, *emit, *check, *one, *size;
    const char *partition, *time, *mem, *phase;
    int list, run, update_golden;
} study_args;

typedef struct job_ctx {
    const gs_study *study;
    uint32_t job;
    const char *dir;
    const gs_study_link_values *links;   /* the values its best:NAME words took, or NULL */
} job_ctx;

/* ---- files ---- */

/* Write text to path through a temporary file and a rename. */
static int write_atomic(const char *path, const char *text, size_t length)
{
    char temp[GS_STUDY_PATH_MAX + 32];
    FILE *f;
    gs_fmt(temp, sizeof temp, "%s.tmp.%ld", path, (long)getpid());
    if ((f = fopen(temp, "wb")) == NULL)
        return gs_cli_usage_error("cannot write %s", temp);
    if (fwrite(text, 1, length, f) != length || fclose(f) != 0) {
        remove(temp);
        return gs_cli_usage_error("cannot write %s", temp);
    }
    if (rename(temp, path) != 0) {
        remove(temp);
        return gs_cli_usage_error("cannot rename %s to %s", temp, path);
    }
    return 0;
}

/* ---- one job's result: JSON, one entry a line (the collector reads it back) ---- */

/* One statistic's line (without its comma): counts as integers, ratios as
 * {num, den, decimals, text} so a reader recomputes them exactly, texts
 * (kernel_name, capped_by) as strings. */
static void put_entry(gs_study_buf *b, const char *prefix, const gs_stat_entry *e)
{
    char text[64];
    gs_study_put(b, "    \"%s%s\": ", prefix, e->name);
    if (e->kind == GS_STAT_RATIO) {
        gs_stats_value_text(e, text, sizeof text);
        gs_study_put(b, "{\"num\": %llu, \"den\": %llu, \"decimals\": %u, \"text\": \"%s\"}",
            (unsigned long long)e->value, (unsigned long long)e->den,
            (unsigned)e->decimals, text);
    } else if (e->kind == GS_STAT_TEXT) {
        gs_study_put_json_string(b, e->text);
    } else {
        gs_study_put(b, "%llu", (unsigned long long)e->value);
    }
}

/* The run's kernel blocks, as `kernel<uid>/NAME` entries ahead of the
 * whole-run statistics (a study's `best ... per kernel` reads them); the
 * first GS_STUDY_MAX_KERNELS kernels. */
static gs_study_buf kernel_entries;

static void keep_block(void *context, const gs_stats *block, uint64_t uid)
{
    char prefix[32];
    uint32_t i;
    (void)context;
    if (uid > GS_STUDY_MAX_KERNELS || kernel_entries.text == NULL)
        return;
    gs_fmt(prefix, sizeof prefix, "kernel%llu/", (unsigned long long)uid);
    for (i = 0; i < block->count; i++) {
        put_entry(&kernel_entries, prefix, &block->entries[i]);
        gs_study_put(&kernel_entries, ",\n");
    }
}

static void put_stats(gs_study_buf *b, const gs_stats *stats)
{
    uint32_t i;
    gs_study_put(b, "  \"stats\": {\n");
    if (kernel_entries.text)
        gs_study_put(b, "%s", kernel_entries.text);
    for (i = 0; i < stats->count; i++) {
        put_entry(b, "", &stats->entries[i]);
        gs_study_put(b, "%s\n", i + 1u < stats->count ? "," : "");
    }
    gs_study_put(b, "  },\n");
}

static int write_result(const gs_stats *stats, void *context)
{
    const job_ctx *j = (const job_ctx *)context;
    const gs_study *s = j->study;
    const gs_study_workload *w = &s->workloads[j->job % s->n_workloads];
    char id[2u * GS_STUDY_ID_MAX], hash[24], path[GS_STUDY_PATH_MAX + 2u * GS_STUDY_ID_MAX];
    uint64_t digest = gs_stats_digest(stats);
    gs_study_buf b;
    int rc;
    if (gs_stats_find(stats, "partial") != NULL)   /* interrupted: never a result */
        return 0;
    b.capacity = 4096u + (size_t)stats->count * 160u + kernel_entries.used;
    b.used = 0;
    if ((b.text = (char *)gs_cli_alloc(b.capacity)) == NULL)
        return gs_cli_usage_error("out of memory");
    gs_study_job_id(s, j->job, id, sizeof id);
    gs_study_job_hash(s, j->job, j->links, hash, sizeof hash);
    gs_study_put(&b, "{\n  \"format\": \"gpusim-study-result 1\",\n  \"study\": ");
    gs_study_put_json_string(&b, s->name);
    gs_study_put(&b, ",\n  \"job\": %u,\n  \"id\": ", (unsigned)j->job);
    gs_study_put_json_string(&b, id);
    gs_study_put(&b, ",\n  \"config\": ");
    gs_study_put_json_string(&b, s->configs[j->job / s->n_workloads].name->text);
    gs_study_put(&b, ",\n  \"workload\": ");
    gs_study_put_json_string(&b, w->display);
    gs_study_put(&b, ",\n  \"class\": ");
    gs_study_put_json_string(&b, w->cls ? w->cls : "");
    gs_study_put(&b, ",\n  \"spec_hash\": \"%s\",\n", hash);
    if (j->links) {   /* what each best:NAME took: "links": {"swt": "11"} */
        const gs_study_config *sc = &s->configs[j->job / s->n_workloads];
        uint32_t k;
        gs_study_put(&b, "  \"links\": {");
        for (k = 0; k < sc->n_links; k++) {
            gs_study_put(&b, "%s", k ? ", " : "");
            gs_study_put_json_string(&b, s->best[sc->link_best[k]].name->text);
            gs_study_put(&b, ": ");
            gs_study_put_json_string(&b, (*j->links)[k]);
        }
        gs_study_put(&b, "},\n");
    }
    put_stats(&b, stats);
    gs_study_put(&b, "  \"digest\": \"%08lx%08lx\",\n  \"complete\": true\n}\n",
        (unsigned long)(digest >> 32), (unsigned long)(digest & 0xffffffffu));
    gs_fmt(path, sizeof path, "%s/%s.json", j->dir, id);
    rc = write_atomic(path, b.text, b.used);
    gs_cli_free(b.text);
    return rc;
}

static int run_job(const gs_study *s, uint32_t job, const char *dir)
{
    const gs_study_workload *w = &s->workloads[job % s->n_workloads];
    char path[GS_STUDY_PATH_MAX];
    static char samples[GS_STUDY_PATH_MAX + 2u * GS_STUDY_ID_MAX + 16u];
    static gs_study_link_values links;
    gs_config *cfg;
    job_ctx ctx;
    int rc;
    ctx.study = s;
    ctx.job = job;
    ctx.dir = dir;
    ctx.links = NULL;
    if (s->configs[job / s->n_workloads].n_links) {   /* phase 2: its bests' winners */
        if ((rc = gs_study_link_values_of(s, dir, job, &links, 0)))
            return rc;
        ctx.links = (const gs_study_link_values *)&links;
    }
    if ((cfg = (gs_config *)gs_cli_alloc(sizeof *cfg)) == NULL)
        return gs_cli_usage_error("out of memory");
    kernel_entries.used = 0;
    kernel_entries.capacity = (size_t)GS_STUDY_MAX_KERNELS * 16384u;
    if ((kernel_entries.text = (char *)gs_cli_alloc(kernel_entries.capacity)) == NULL) {
        gs_cli_free(cfg);
        return gs_cli_usage_error("out of memory");
    }
    kernel_entries.text[0] = '\0';
    gs_cli_kernel_blocks_observe(keep_block, NULL);
    rc = gs_study_load_config(s, job / s->n_workloads, ctx.links, cfg);
    if (!rc && w->max_insn)   /* the workload's cap replaces the configuration's */
        cfg->max_insn = w->max_insn;
    if (!rc && cfg->sample_cycles) {   /* the job's time series, for gpusim report */
        char id[2u * GS_STUDY_ID_MAX];
        gs_study_job_id(s, job, id, sizeof id);
        gs_fmt(samples, sizeof samples, "%s/%s.samples.csv", dir, id);
        gs_cli_samples_set_path(samples);
    }
    if (!rc && w->kind == GS_STUDY_WL_TRACE) {
        gs_study_resolve(s, w->spec->text + 6, path, sizeof path);
        rc = gs_cli_trace_timing_run(cfg, path, write_result, &ctx);
    } else if (!rc) {
        if (w->kind == GS_STUDY_WL_FILE)
            gs_study_resolve(s, w->spec->text, path, sizeof path);
        else
            gs_str_copy(path, sizeof path, w->display);
        rc = gs_cli_timing_run(cfg, path, write_result, &ctx);
    }
    gs_cli_samples_set_path(NULL);
    gs_cli_kernel_blocks_observe(NULL, NULL);
    gs_cli_free(kernel_entries.text);
    kernel_entries.text = NULL;
    gs_cli_free(cfg);
    return rc;
}

/* ---- subcommands ---- */

static int refuse_multi(const gs_study *s)
{
    gs_diag diag;
    if (s->n_multi == 0)
        return 0;
    gs_diag_set(&diag, GS_E_CONFIG, s->path, s->multi[0].line, 1,
                "multi-application job '%s' is checked but cannot run yet: gpusim runs one "
                "application per job until the multi-application (CPU+GPU, seed-003) issue "
                "adds concurrent applications", s->multi[0].name->text);
    return gs_cli_report(&diag);
}

static int list_jobs(const gs_study *s)
{
    uint32_t k, n = gs_study_job_count(s);
    for (k = 0; k < n; k++) {
        const gs_study_workload *w = &s->workloads[k % s->n_workloads];
        char id[2u * GS_STUDY_ID_MAX], hash[24];
        gs_study_job_id(s, k, id, sizeof id);
        gs_study_job_hash(s, k, NULL, hash, sizeof hash);   /* a linked job's: without its values */
        printf("%u %s %s %s %s %s\n", (unsigned)k, id, s->configs[k / s->n_workloads].name->text,
               w->display, w->cls ? w->cls : "-", hash);
    }
    for (k = 0; k < s->n_multi; k++)
        printf("multi %s (line %u): not runnable yet\n", s->multi[k].name->text,
               (unsigned)s->multi[k].line);
    return 0;
}

static int parse_job_number(const gs_study *s, const char *text, uint32_t *job)
{
    uint64_t v;
    if (!gs_parse_u64(text, strlen(text), &v) || v >= gs_study_job_count(s))
        return gs_cli_usage_error("--run-one %s: a job number from 0 to %u (see --list)", text,
                                  (unsigned)gs_study_job_count(s) - 1u);
    *job = (uint32_t)v;
    return 0;
}

/* Sequential run of every job without a current result; the first failure's
 * status is returned after all jobs were tried. */
static int run_all(const gs_study *s, const char *dir)
{
    uint32_t k, n = gs_study_job_count(s), ran = 0, skipped = 0;
    int first = 0;
    gs_cli_progress_study_begin(n);   /* jobs done, running, left on a terminal */
    for (k = 0; k < n; k++) {
        char id[2u * GS_STUDY_ID_MAX];
        int rc;
        gs_study_job_id(s, k, id, sizeof id);
        if (gs_study_result_state(s, dir, k) == GS_STUDY_RESULT_OK) {
            skipped++;
            gs_cli_progress_study_skipped();
            continue;
        }
        rc = run_job(s, k, dir);
        ran++;
        if (gs_cli_interrupted_status()) {   /* a signal: stop here; the job left no result */
            fprintf(stderr, "gpusim: study: interrupted in job %u (%s); its result is not "
                    "written, and a rerun continues from it\n", (unsigned)k, id);
            gs_cli_progress_study_end();
            return gs_cli_interrupted_status();
        }
        if (rc) {
            fprintf(stderr, "gpusim: study: job %u (%s) failed with status %d\n", (unsigned)k,
                    id, rc);
            first = first ? first : rc;
        }
    }
    gs_cli_progress_study_end();
    printf("study %s: %u jobs, %u run, %u already done\n", s->name, (unsigned)n,
           (unsigned)ran, (unsigned)skipped);
    return first;
}

static int collect(const gs_study *s, const char *dir)
{
    char *csv = NULL, *md = NULL;
    char path[GS_STUDY_PATH_MAX + GS_STUDY_ID_MAX];
    int rc = gs_study_collect(s, dir, &csv, &md);
    if (!rc) {
        gs_fmt(path, sizeof path, "%s/%s.csv", dir, s->name);
        rc = write_atomic(path, csv, strlen(csv));
    }
    if (!rc) {
        gs_fmt(path, sizeof path, "%s/%s.md", dir, s->name);
        rc = write_atomic(path, md, strlen(md));
    }
    if (!rc)
        fputs(md, stdout);
    gs_cli_free(csv);
    gs_cli_free(md);
    return rc;
}

/* The study's results against a golden CSV (or rewrite it). */
static int check_golden(const gs_study *s, const char *dir, const char *golden, int update)
{
    char *csv = NULL, *md = NULL, *old = NULL;
    size_t length;
    gs_diag diag;
    int rc = run_all(s, dir);
    if (!rc)
        rc = gs_study_collect(s, dir, &csv, &md);
    if (!rc && update) {
        rc = write_atomic(golden, csv, strlen(csv));
        if (!rc)
            printf("check: wrote %s\n", golden);
    } else if (!rc && gs_cli_read_file(golden, &old, &length, &diag) != GS_OK) {
        rc = gs_cli_report(&diag);
    } else if (!rc) {
        rc = gs_study_compare(golden, old, csv);
        gs_cli_free_file(old);
    }
    gs_cli_free(csv);
    gs_cli_free(md);
    return rc;
}

/* ---- --emit: GNU parallel job list, Slurm array script ---- */

/* 'text' for a POSIX shell (single quotes; ' as '\''). */
static void shell_quote(const char *text, char *out, size_t capacity)
{
    size_t used = 0;
    out[used++] = '\'';
    for (; *text && used + 6u < capacity; text++) {
        if (*text == '\'') {
            memcpy(out + used, "'\\''", 4);
            used += 4;
        } else {
            out[used++] = *text;
        }
    }
    out[used++] = '\'';
    out[used] = '\0';
}

/* Slurm's values go into #SBATCH lines verbatim: no blanks, quotes or newlines. */
static int slurm_value_ok(const char *flag, const char *v)
{
    const char *p;
    if (!v)
        return 0;
    for (p = v; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')
              || strchr("_.:=,+-", *p)))
            return gs_cli_usage_error("study: %s '%s': letters, digits and _.:=,+- only", flag,
                                      v);
    return 0;
}

static int emit(const gs_study *s, const study_args *a, const char *program, const char *dir)
{
    char cwd[GS_STUDY_PATH_MAX], qcwd[2u * GS_STUDY_PATH_MAX], qprog[2u * GS_STUDY_PATH_MAX];
    char qfile[2u * GS_STUDY_PATH_MAX], qdir[2u * GS_STUDY_PATH_MAX], size[64] = "";
    static uint32_t chosen[GS_STUDY_MAX_CONFIGS * GS_STUDY_MAX_WORKLOADS];
    static char array[GS_STUDY_MAX_CONFIGS * GS_STUDY_MAX_WORKLOADS * 12u];
    uint32_t k, n = gs_study_job_count(s), linked = 0, phase, count = 0;
    size_t used = 0;
    int rc;
    if ((rc = slurm_value_ok("--partition", a->partition)) ||
        (rc = slurm_value_ok("--time", a->time)) || (rc = slurm_value_ok("--mem", a->mem)))
        return rc;
    if (getcwd(cwd, sizeof cwd) == NULL)
        return gs_cli_usage_error("cannot read the current folder");
    if ((rc = gs_cli_make_dirs(dir, "")))
        return rc;
    shell_quote(cwd, qcwd, sizeof qcwd);
    shell_quote(program, qprog, sizeof qprog);
    shell_quote(a->file, qfile, sizeof qfile);
    shell_quote(dir, qdir, sizeof qdir);
    if (a->size)   /* letters only (parse_args): no quoting needed */
        gs_fmt(size, sizeof size, " --size %s", a->size);
    if (strcmp(a->emit, "parallel") != 0 && strcmp(a->emit, "slurm") != 0)
        return gs_cli_usage_error("--emit %s: use parallel or slurm", a->emit);
    for (k = 0; k < n; k++)
        linked += gs_study_job_phase(s, k) == 2u;
    if (a->phase && strcmp(a->phase, "1") != 0 && strcmp(a->phase, "2") != 0)
        return gs_cli_usage_error("--phase %s: use 1 (configurations without best:NAME "
                                  "values) or 2 (those with them)", a->phase);
    if (linked && !a->phase)
        return gs_cli_usage_error("study %s: %u jobs take best:NAME values from other jobs' "
                                  "results: emit --phase 1, run it, then emit and run --phase 2",
                                  s->name, (unsigned)linked);
    phase = a->phase ? (uint32_t)(a->phase[0] - '0') : 1u;
    for (k = 0; k < n; k++)
        if (gs_study_job_phase(s, k) == phase)
            chosen[count++] = k;
    if (strcmp(a->emit, "parallel") == 0) {
        for (k = 0; k < count; k++)   /* cd first: --sshlogin hosts share the folder */
            printf("cd %s && %s study %s%s --run-one %u --out %s\n", qcwd, qprog, qfile, size,
                   (unsigned)chosen[k], qdir);
        return 0;
    }
    if (count == 0) {   /* sbatch refuses an empty array: say so in a script that does nothing */
        printf("#!/bin/sh\n# gpusim study %s: no jobs in phase %u\nexit 0\n", s->name,
               (unsigned)phase);
        return 0;
    }
    for (k = 0; k < count; k++) {   /* the task ids are the job numbers: runs as A-B,C */
        uint32_t end = k;
        while (end + 1u < count && chosen[end + 1u] == chosen[end] + 1u)
            end++;
        used = gs_fmt_append(array, sizeof array, used, "%s%u", k ? "," : "",
                             (unsigned)chosen[k]);
        if (end > k)
            used = gs_fmt_append(array, sizeof array, used, "-%u", (unsigned)chosen[end]);
        k = end;
    }
    printf("#!/bin/sh\n# gpusim study %s: %u jobs, one array task each\n"
           "#SBATCH --job-name=gpusim-%s\n#SBATCH --array=%s\n#SBATCH --chdir=%s\n"
           "#SBATCH --output=%s/slurm-%%A_%%a.out\n#SBATCH --ntasks=1\n",
           s->name, (unsigned)count, s->name, array, cwd, dir);
    if (a->partition)
        printf("#SBATCH --partition=%s\n", a->partition);
    if (a->time)
        printf("#SBATCH --time=%s\n", a->time);
    if (a->mem)
        printf("#SBATCH --mem=%s\n", a->mem);
    printf("exec %s study %s%s --run-one \"$SLURM_ARRAY_TASK_ID\" --out %s\n", qprog, qfile,
           size, qdir);
    return 0;
}

/* ---- arguments ---- */

static int take(int argc, char **argv, int *i, const char **value)
{
    if (*i + 1 >= argc)
        return gs_cli_usage_error("study: %s needs a value", argv[*i]);
    *value = argv[++*i];
    return 0;
}

static int parse_args(int argc, char **argv, study_args *a)
{
    static const char *const valued[] = { "--out", "--collect", "--emit", "--check",
                                          "--run-one", "--partition", "--time", "--mem",
                                          "--size", "--phase" };
    int i, rc = 0, actions;
    memset(a, 0, sizeof *a);
    for (i = 2; !rc && i < argc; i++) {
        const char **slot[10];
        size_t v;
        slot[0] = &a->out; slot[1] = &a->collect; slot[2] = &a->emit; slot[3] = &a->check;
        slot[4] = &a->one; slot[5] = &a->partition; slot[6] = &a->time; slot[7] = &a->mem;
        slot[8] = &a->size; slot[9] = &a->phase;
        for (v = 0; v < 10u && strcmp(argv[i], valued[v]) != 0; v++)
            ;
        if (v < 10u)
            rc = take(argc, argv, &i, slot[v]);
        else if (strcmp(argv[i], "--list") == 0)
            a->list = 1;
        else if (strcmp(argv[i], "--run") == 0)
            a->run = 1;
        else if (strcmp(argv[i], "--update-golden") == 0)
            a->update_golden = 1;
        else if (strcmp(argv[i], "--quiet") == 0)
            gs_cli_progress_set_quiet(1);
        else if (argv[i][0] != '-' && !a->file)
            a->file = argv[i];
        else
            rc = gs_cli_usage_error("study: unexpected argument '%s' (see gpusim --usage)",
                                    argv[i]);
    }
    if (rc)
        return rc;
    actions = a->list + a->run + (a->one != NULL) + (a->collect != NULL) + (a->emit != NULL) +
              (a->check != NULL);
    if (!a->file)
        return gs_cli_usage_error("study: name a study file (gpusim study FILE --list)");
    if (actions != 1)
        return gs_cli_usage_error("study: give exactly one of --list, --run, --run-one K, "
                                  "--collect DIR, --emit parallel|slurm, --check GOLDEN");
    if (a->phase && !a->emit)
        return gs_cli_usage_error("study: --phase goes with --emit parallel|slurm");
    if (a->update_golden && !a->check)
        return gs_cli_usage_error("study: --update-golden goes with --check GOLDEN");
    if (a->size && (!a->size[0] || strspn(a->size, "abcdefghijklmnopqrstuvwxyz") !=
                                       strlen(a->size)))
        return gs_cli_usage_error("study: --size '%s': a suite size, such as small or paper",
                                  a->size);
    return 0;
}

static int dispatch(const gs_study *s, const study_args *a, const char *program)
{
    char dir[GS_STUDY_PATH_MAX];
    uint32_t job = 0;
    int rc;
    if (a->list)
        return list_jobs(s);
    if (a->collect)
        return collect(s, a->collect);
    if ((rc = refuse_multi(s)))
        return rc;
    if (a->out)
        gs_str_copy(dir, sizeof dir, a->out);
    else
        gs_fmt(dir, sizeof dir, "study-results/%s", s->name);
    if (a->emit)
        return emit(s, a, program, dir);
    if ((rc = gs_cli_make_dirs(dir, "")))
        return rc;
    if (a->check)
        return check_golden(s, dir, a->check, a->update_golden);
    if (a->run)
        return run_all(s, dir);
    if ((rc = parse_job_number(s, a->one, &job)))
        return rc;
    return run_job(s, job, dir);
}

int gs_cli_study(int argc, char **argv)
{
    static gs_study study;   /* large: not on the stack */
    study_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc;
    memset(&study, 0, sizeof study);
    study.default_size = a.size;
    rc = gs_study_parse(&study, a.file);
    if (!rc)
        rc = dispatch(&study, &a, argv[0]);
    gs_study_release(&study);
    return rc;
}
