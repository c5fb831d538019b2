/*
 * Timing runs from the command line: `gpusim [--config ...] [-option v ...]
 * [--workload NAME|FILE]` runs a workload (default: the embedded `syrk`)
 * under the SIMT-core timing model (src/sim/gpu.h) and hands the statistics
 * to the caller (cli_run.c prints / writes / checks them).
 *
 * It drives the public run API (sim/run.h) as any embedder would: the plan
 * loads the workload's PTX once into a scratch buffer the CLI allocates and
 * sizes the arena from the configuration and the workload (or -gs_arena_mib
 * MiB when given; --arena-bytes prints the plan and stops); the statistics
 * are kept, for --stats-json / --stats-csv / --check. The simulator's own
 * speed (simulated warp instructions and cycles per second of host time)
 * goes to stderr only, never into the statistics or the digest.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"

void gs_cli_print_speed(const struct gs_gpu *gpu, const gs_stats *stats, double seconds)
{
    const gs_stat_entry *w = gs_stats_find(stats, "gpgpu_n_tot_w_icount");
    double winsts = w ? (double)w->value : 0.0;
    if (seconds <= 0.0)
        seconds = 1e-9;
    const gs_stat_entry *t = gs_stats_find(stats, "gpu_sim_insn");
    unsigned long whole;
    fprintf(stderr, "simulation speed: %.0f warp instructions/s, %.0f cycles/s "
            "(%.3f s host time, arena %lu bytes)\n", winsts / seconds,
            (double)gpu->cycle / seconds, seconds, (unsigned long)gpu->arena->high_water_bytes);
    /* The same in GPGPU-Sim's words, which Accel-Sim's get_stats.py collects
     * (host time: stderr only, never in the statistics or the digest). */
    whole = (unsigned long)seconds;
    fprintf(stderr, "gpgpu_simulation_time = %lu days, %lu hrs, %lu min, %lu sec (%lu sec)\n",
            whole / 86400ul, whole / 3600ul % 24ul, whole / 60ul % 60ul, whole % 60ul, whole);
    fprintf(stderr, "gpgpu_simulation_rate = %.0f (inst/sec)\n",
            (t ? (double)t->value : 0.0) / seconds);
    fprintf(stderr, "gpgpu_simulation_rate = %.0f (cycle/sec)\n", (double)gpu->cycle / seconds);
}

/* GPGPU-Sim's words for a capped run (Accel-Sim's scripts look for them),
 * then gpusim's own line naming the limit; stderr, never the statistics. */
void gs_cli_note_capped(const gs_diag *diag)
{
    fprintf(stderr, "GPGPU-Sim: ** break due to reaching the maximum cycles (or instructions) **\n"
            "gpusim: %s\n", diag->message);
}

/* The workload's kernel launches when its file says how many (no loop), else 0. */
static uint64_t launches_known(const gs_workload *wl)
{
    uint64_t n = 0;
    unsigned i;
    for (i = 0; i < wl->num_steps; i++) {
        if (wl->steps[i].kind == GS_WL_STEP_REPEAT || wl->steps[i].kind == GS_WL_STEP_FOR)
            return 0;
        n += wl->steps[i].kind == GS_WL_STEP_LAUNCH;
    }
    return n;
}

static int simulate(gs_run *run, void *buffer, int (*emit)(const gs_stats *, void *),
                    void *ctx)
{
    const gs_config *cfg = run->cfg;
    gs_diag diag;
    gs_status st;
    int rc;
    clock_t start;
    if (gs_run_init(run, buffer, run->arena_bytes, &diag) != GS_OK)
        return gs_cli_report(&diag);
    run->host.printf_sink = &gs_cli_stdout;   /* device printf, after each launch */
    run->host.note_sink = &gs_cli_stderr;
    if (gs_cli_event_trace_attach(cfg, &run->gpu) != 0)
        return 2;
    gs_cli_kernel_blocks_attach(&run->gpu);
    gs_cli_signals_install();
    gs_sim_set_stop_poll(&run->gpu, gs_cli_stop_poll, NULL);
    gs_cli_progress_attach(&run->gpu, launches_known(run->wl));
    start = clock();
    st = gs_run_execute(run, &diag);
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
    else if (st != GS_OK && !gs_run_capped(run))
        return gs_cli_report(&diag);
    else if (st != GS_OK)   /* a -gpgpu_max_* limit: a clean stop (README "Run control") */
        gs_cli_note_capped(&diag);
    gs_run_report(run);
    if (cfg->kernel_sampling)   /* an estimate: say so wherever the run is read */
        fprintf(stderr, "gpusim: kernel sampling: %lu of %lu launches simulated in detail; "
                "the gpu_* statistics and blocks cover those only, estimate_* project the "
                "whole run (an estimate, not an exact result)\n",
                (unsigned long)run->sampling.detailed, (unsigned long)run->sampling.launches);
    gs_cli_print_speed(&run->gpu, &run->stats, (double)(clock() - start) / CLOCKS_PER_SEC);
    if (gs_cli_samples_write(&run->gpu) != 0 ||
        gs_cli_dump_buffers(run->wl, &run->host, &run->state, st == GS_OK) != 0)
        return 2;
    rc = emit(&run->stats, ctx);
    return rc != 0 ? rc : gs_cli_interrupted_status();   /* 130/143 after a signal */
}

/* Plan the run (its PTX loaded once into a scratch buffer); stream: see
 * gs_run_plan (NULL here: the CLI keeps the statistics). */
static gs_status plan_run(gs_run *run, const gs_config *cfg, const gs_workload *wl,
                          gs_wl_read_fn read, void *rctx, const gs_sink *stream,
                          gs_diag *diag)
{
    size_t scratch_bytes;
    void *scratch;
    gs_status st = gs_cli_workload_scratch(wl, read, rctx, &scratch, &scratch_bytes, diag);
    if (st != GS_OK)
        return st;
    st = gs_run_plan(run, cfg, wl, read, rctx, scratch, scratch_bytes, stream, diag);
    gs_cli_free_arena(scratch);
    return st;
}

int gs_cli_timing_run(const gs_config *cfg, const char *workload,
                      int (*emit)(const gs_stats *stats, void *ctx), void *ctx)
{
    static gs_run run;       /* large: not on the stack */
    static gs_workload wl;   /* tens of KiB */
    gs_wl_read_fn read;
    void *rctx, *buffer;
    gs_diag diag;
    int rc;
    if (gs_cli_samples_check(cfg) != 0)
        return 2;
    if (gs_cli_workload_open(workload, &wl, &read, &rctx, &diag) != GS_OK ||
        plan_run(&run, cfg, &wl, read, rctx, NULL, &diag) != GS_OK) {
        gs_cli_workload_close();
        return gs_cli_report(&diag);
    }
    if (gs_cli_dump_check() != 0) {   /* --dump-buffers: its folder, before the run */
        gs_cli_workload_close();
        return 2;
    }
    if (gs_cli_arena_bytes_only()) {   /* --arena-bytes: the plans, no run */
        size_t kept = run.arena_bytes;
        gs_status st = plan_run(&run, cfg, &wl, read, rctx, &gs_cli_stdout, &diag);
        gs_cli_workload_close();
        return st != GS_OK ? gs_cli_report(&diag)
                           : gs_cli_print_arena_bytes(workload, kept, run.arena_bytes);
    }
    if (!(buffer = gs_cli_alloc_arena(run.arena_bytes))) {
        gs_cli_workload_close();
        return gs_cli_usage_error("--workload %s: the run's arena needs %lu bytes, more than "
                                  "the host will allocate (the largest kernel needs %u local "
                                  "bytes per thread)", workload,
                                  (unsigned long)run.arena_bytes,
                                  (unsigned)run.bound.local_bytes);
    }
    rc = gs_cli_event_trace_close(simulate(&run, buffer, emit, ctx));
    gs_cli_free_arena(buffer);
    gs_cli_workload_close();
    return rc;
}
