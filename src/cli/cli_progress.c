/*
 * The progress display (README "Command line" and "Running studies"): one
 * line on stderr, redrawn in place with '\r' and cleared at the end, for runs
 * longer than GS_PROGRESS_AFTER_MS of wall time.
 *
 * The library reads no host time (DESIGN.md section 4): it only calls the
 * hook of sim/gpu.h (gs_sim_set_progress) at kernel boundaries and every
 * PROGRESS_EVERY_CYCLES core cycles with its counters. Here, in the hosted
 * CLI, the wall clock decides whether to draw: not before 2 s, then at most
 * four times a second. The display only writes to stderr and only when
 * stderr is a terminal and --quiet was not given, so stdout, the statistics
 * and the digest never change (test 334 and tests/cli/progress-*.test).
 *
 * A single run shows the kernel k of n (n when known: the trace's kernel
 * list, or a workload file without loops), the cycles, the warp instructions
 * issued and the simulated rate. gpusim has no instruction or cycle cap
 * (only the watchdog, which ends hung runs), so there is no ETA for one run.
 * A study shows its jobs done, running and left, and an ETA from the mean
 * wall time of the jobs it ran so far.
 */
#define _POSIX_C_SOURCE 200809L   /* isatty, clock_gettime: the CLI only */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"

#define GS_PROGRESS_AFTER_MS 2000u   /* nothing for shorter runs */
#define PROGRESS_REDRAW_MS 250u      /* at most four redraws a second */
#define PROGRESS_EVERY_CYCLES 4096u  /* the hook's period: a clock read per 4096 cycles */
#define PROGRESS_LINE_MAX 160u

typedef struct progress_state {
    int quiet;              /* --quiet */
    int checked, tty;       /* isatty(2), asked once */
    uint64_t after_ms;      /* nothing drawn before (GS_PROGRESS_AFTER_MS) */
    uint64_t start_ms;      /* the run's (or the study's) start */
    uint64_t last_draw_ms;
    size_t drawn;           /* characters on the line now (0: nothing drawn) */
    uint64_t kernels_total; /* 0: unknown */
    gs_sim_progress last;   /* the hook's latest counters */
    int running;            /* a run is attached */
    /* study */
    int study;
    uint32_t jobs_total, jobs_done, jobs_skipped;
    uint64_t job_start_ms, jobs_ms;   /* wall time of the jobs run so far */
} progress_state;

static progress_state pg;

static uint64_t now_ms(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0;
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* GPUSIM_PROGRESS_AFTER_MS (README "Command line"): the 2 s threshold,
 * lowered by tests/test_progress.py to see the display on a short run. */
static uint64_t after_ms(void)
{
    const char *v = getenv("GPUSIM_PROGRESS_AFTER_MS");
    char *end;
    unsigned long n;
    if (!v || !*v)
        return GS_PROGRESS_AFTER_MS;
    n = strtoul(v, &end, 10);
    return *end ? GS_PROGRESS_AFTER_MS : (uint64_t)n;
}

static int enabled(void)
{
    if (!pg.checked) {
        pg.checked = 1;
        pg.tty = isatty(2);
        pg.after_ms = after_ms();
    }
    return pg.tty && !pg.quiet;
}

void gs_cli_progress_set_quiet(int quiet)
{
    pg.quiet = quiet;
}

/* "1:05" or "1:02:05" */
static void put_duration(char *out, size_t capacity, uint64_t ms)
{
    uint64_t s = (ms + 500u) / 1000u;
    if (s >= 3600u)
        gs_fmt(out, capacity, "%lu:%02lu:%02lu", (unsigned long)(s / 3600u),
               (unsigned long)(s / 60u % 60u), (unsigned long)(s % 60u));
    else
        gs_fmt(out, capacity, "%lu:%02lu", (unsigned long)(s / 60u), (unsigned long)(s % 60u));
}

/* 123456 -> "123456", 12345678 -> "12.3 M": short enough for one line */
static void put_count(char *out, size_t capacity, uint64_t v)
{
    if (v >= 1000000000u)
        gs_fmt(out, capacity, "%lu.%lu G", (unsigned long)(v / 1000000000u),
               (unsigned long)(v / 100000000u % 10u));
    else if (v >= 1000000u)
        gs_fmt(out, capacity, "%lu.%lu M", (unsigned long)(v / 1000000u),
               (unsigned long)(v / 100000u % 10u));
    else
        gs_fmt(out, capacity, "%lu", (unsigned long)v);
}

static void draw(const char *line)
{
    size_t n = strlen(line), pad = pg.drawn > n ? pg.drawn - n : 0;
    fprintf(stderr, "\r%s%*s", line, (int)pad, "");
    if (pad)
        fprintf(stderr, "\r%s", line);
    fflush(stderr);
    pg.drawn = n;
}

/* The current run's part: "kernel 3/12, 1.2 M cycles, 45.6 M warp insts,
 * 2.1 M insts/s"; in a study only up to the cycles (an 80-column line). */
static void run_text(char *out, size_t capacity, uint64_t ms)
{
    char kernel[48], cycles[24], insts[24], rate[24];
    uint64_t run_ms = ms > pg.job_start_ms ? ms - pg.job_start_ms : 1u;
    if (pg.kernels_total)
        gs_fmt(kernel, sizeof kernel, "kernel %lu/%lu", (unsigned long)pg.last.kernel,
               (unsigned long)pg.kernels_total);
    else
        gs_fmt(kernel, sizeof kernel, "kernel %lu", (unsigned long)pg.last.kernel);
    put_count(cycles, sizeof cycles, pg.last.cycle);
    put_count(insts, sizeof insts, pg.last.warp_insts);
    put_count(rate, sizeof rate, pg.last.warp_insts * 1000u / run_ms);
    if (pg.study)
        gs_fmt(out, capacity, "%s, %s cycles", kernel, cycles);
    else
        gs_fmt(out, capacity, "%s, %s cycles, %s warp insts, %s insts/s", kernel, cycles,
               insts, rate);
}

static void redraw(uint64_t ms)
{
    char line[PROGRESS_LINE_MAX], run[PROGRESS_LINE_MAX], elapsed[24], eta[24];
    pg.last_draw_ms = ms;
    put_duration(elapsed, sizeof elapsed, ms - pg.start_ms);
    if (pg.running)
        run_text(run, sizeof run, ms);
    if (!pg.study) {
        gs_fmt(line, sizeof line, "gpusim: %s [%s]", run, elapsed);
    } else {
        uint32_t ran = pg.jobs_done - pg.jobs_skipped;
        uint32_t running = pg.running ? 1u : 0u;
        uint32_t left = pg.jobs_total - pg.jobs_done - running;
        if (ran > 0) {
            /* the mean job so far for each job not done; the running one's
             * time already spent comes off */
            uint64_t mean = pg.jobs_ms / ran, rest = mean * (left + running), spent;
            spent = running && ms > pg.job_start_ms ? ms - pg.job_start_ms : 0;
            rest = rest > spent ? rest - spent : 0;
            eta[0] = ',';
            eta[1] = ' ';
            gs_str_copy(eta + 2, sizeof eta - 2u, "ETA ");
            put_duration(eta + 6, sizeof eta - 6u, rest);
        } else {
            eta[0] = '\0';
        }
        gs_fmt(line, sizeof line, "study: %lu done, %lu running, %lu left%s [%s]%s%s",
               (unsigned long)pg.jobs_done, (unsigned long)running, (unsigned long)left, eta,
               elapsed, pg.running ? " | " : "", pg.running ? run : "");
    }
    draw(line);
}

static void maybe_redraw(void)
{
    uint64_t ms = now_ms();
    if (ms - pg.start_ms < pg.after_ms)
        return;
    if (pg.drawn && ms - pg.last_draw_ms < PROGRESS_REDRAW_MS)
        return;
    redraw(ms);
}

static void on_progress(void *context, const gs_sim_progress *p)
{
    (void)context;
    pg.last = *p;
    maybe_redraw();
}

void gs_cli_progress_attach(struct gs_gpu *gpu, uint64_t kernels_total)
{
    if (!enabled())
        return;
    memset(&pg.last, 0, sizeof pg.last);
    pg.kernels_total = kernels_total;
    pg.running = 1;
    pg.job_start_ms = now_ms();
    if (!pg.study)
        pg.start_ms = pg.job_start_ms;
    gs_sim_set_progress(gpu, on_progress, NULL, PROGRESS_EVERY_CYCLES);
}

void gs_cli_progress_clear(void)
{
    if (pg.drawn) {
        fprintf(stderr, "\r%*s\r", (int)pg.drawn, "");
        fflush(stderr);
        pg.drawn = 0;
    }
}

void gs_cli_progress_detach(void)
{
    if (pg.running && pg.study) {
        pg.jobs_ms += now_ms() - pg.job_start_ms;
        pg.jobs_done++;
    }
    pg.running = 0;
    gs_cli_progress_clear();
}

void gs_cli_progress_study_begin(uint32_t jobs_total)
{
    if (!enabled())
        return;
    memset(&pg.last, 0, sizeof pg.last);
    pg.study = 1;
    pg.jobs_total = jobs_total;
    pg.jobs_done = pg.jobs_skipped = 0;
    pg.jobs_ms = 0;
    pg.start_ms = now_ms();
}

void gs_cli_progress_study_skipped(void)
{
    if (!pg.study)
        return;
    pg.jobs_done++;
    pg.jobs_skipped++;
    maybe_redraw();
}

void gs_cli_progress_study_end(void)
{
    pg.study = 0;
    gs_cli_progress_clear();
}

uint64_t gs_cli_progress_count_kernels(const char *list_path)
{
    char line[512];
    uint64_t n = 0;
    FILE *f;
    if (!enabled() || (f = fopen(list_path, "r")) == NULL)
        return 0;
    while (fgets(line, sizeof line, f))
        n += strncmp(line, "kernel", 6) == 0;
    fclose(f);
    return n;
}
