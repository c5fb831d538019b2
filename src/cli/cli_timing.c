/*
 * Timing runs from the command line: `gpusim [--config ...] [-option v ...]
 * [--workload NAME|FILE]` runs a workload (default: the embedded `syrk`)
 * under the SIMT-core timing model (src/sim/gpu.h) and hands the statistics
 * to the caller (cli_run.c prints / writes / checks them).
 *
 * Sizing (DESIGN.md section 5): the workload's PTX modules are loaded once
 * into a scratch buffer to learn the largest per-thread CTA state any kernel
 * needs; the arena is then gs_host_bytes + gs_sim_bytes + the statistics
 * (or -gs_arena_mib MiB when given). The simulator's own speed (simulated
 * warp instructions and cycles per second of host time) goes to stderr only,
 * never into the statistics or the digest.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "host/workload.h"
#include "sim/gpu.h"

/* Widen the bound with every kernel of the workload's modules. */
gs_status gs_cli_workload_bound(const gs_workload *wl, gs_wl_read_fn read, void *rctx,
                                gs_exec_shape *bound, gs_diag *diag)
{
    unsigned i;
    for (i = 0; i < wl->num_ptx; i++) {
        const char *text, *shown;
        size_t length, bytes;
        gs_ptx_module *module;
        gs_arena scratch;
        void *buffer;
        gs_status st;
        if ((st = gs_workload_read_ptx(wl, i, read, rctx, &shown, &text, &length, diag))
            != GS_OK)
            return st;
        bytes = gs_ptx_bytes_for_text(text, length) + 4u * GS_ARENA_ALIGN;
        if (!(buffer = gs_cli_alloc_arena(bytes)))
            return gs_diag_set(diag, GS_E_IO, shown, 0, 0, "out of memory");
        gs_arena_init_zeroed(&scratch, buffer, bytes);   /* calloc: already zero */
        st = gs_ptx_load(&scratch, shown, text, length, &module, diag);
        if (st == GS_OK)
            gs_sim_bound_module(bound, module);
        gs_cli_free_arena(buffer);
        if (st != GS_OK)
            return st;
    }
    return GS_OK;
}

typedef struct timing_run {
    gs_workload wl;
    gs_host host;
    gs_wl_state state;
    gs_gpu gpu;
    gs_host_config hc;
    gs_exec_shape bound;
    gs_wl_read_fn read;
    void *rctx;
} timing_run;

static gs_status size_run(timing_run *run, const gs_config *cfg, gs_diag *diag)
{
    gs_status st;
    memset(&run->bound, 0, sizeof run->bound);
    if ((st = gs_workload_host_config(&run->wl, run->read, run->rctx, &run->hc, diag)) ||
        (st = gs_cli_workload_bound(&run->wl, run->read, run->rctx, &run->bound, diag)))
        return st;
    run->hc.warp_inst_limit = cfg->launch_inst_limit;
    run->hc.cta.simt_depth = cfg->simt_stack_depth;
    run->bound.simt_depth = run->hc.cta.simt_depth;
    /* the host's own functional context is unused under timing: keep it small */
    run->hc.cta.reg_slots = run->bound.reg_slots ? run->bound.reg_slots : 1u;
    run->hc.cta.pred_slots = run->bound.pred_slots ? run->bound.pred_slots : 1u;
    run->hc.cta.local_bytes = run->bound.local_bytes;
    run->hc.num_sms = gs_config_n_sms(cfg);
    return GS_OK;
}

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

static int simulate(timing_run *run, const gs_config *cfg, gs_arena *arena,
                    int (*emit)(const gs_stats *, void *), void *ctx)
{
    gs_stats stats;
    gs_diag diag;
    gs_status st;
    int rc;
    clock_t start;
    uint32_t capacity = gs_sim_stats_count(cfg) + 8u;
    if ((st = gs_stats_init(&stats, arena, capacity, &diag)) ||
        (st = gs_host_init(&run->host, &run->hc, arena, &diag)) ||
        (st = gs_sim_init(&run->gpu, cfg, &run->bound, arena, &diag)))
        return gs_cli_report(&diag);
    if (gs_cli_event_trace_attach(cfg, &run->gpu) != 0)
        return 2;
    gs_cli_kernel_blocks_attach(&run->gpu);
    gs_sim_attach(&run->gpu, &run->host);
    gs_cli_signals_install();
    gs_sim_set_stop_poll(&run->gpu, gs_cli_stop_poll, NULL);
    gs_cli_progress_attach(&run->gpu, launches_known(&run->wl));
    start = clock();
    st = gs_workload_run(&run->wl, &run->host, run->read, run->rctx, &run->state, &diag);
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
    gs_workload_digest(&run->wl, &run->host, &run->state, &stats);
    gs_sim_report(&run->gpu, &stats);
    gs_stats_put_count(&stats, "workload_repeat_iterations", run->state.repeat_iterations);
    gs_stats_put_count(&stats, "workload_output_bytes", stats.data_bytes);
    gs_cli_print_speed(&run->gpu, &stats, (double)(clock() - start) / CLOCKS_PER_SEC);
    if (gs_cli_samples_write(&run->gpu) != 0)
        return 2;
    rc = emit(&stats, ctx);
    return rc != 0 ? rc : gs_cli_interrupted_status();   /* 130/143 after a signal */
}

int gs_cli_timing_run(const gs_config *cfg, const char *workload,
                      int (*emit)(const gs_stats *stats, void *ctx), void *ctx)
{
    static timing_run run;   /* large: not on the stack */
    gs_diag diag;
    gs_arena arena;
    size_t bytes;
    void *buffer;
    int rc;
    if (gs_cli_samples_check(cfg) != 0)
        return 2;
    memset(&run, 0, sizeof run);
    if (gs_cli_workload_open(workload, &run.wl, &run.read, &run.rctx, &diag) != GS_OK ||
        size_run(&run, cfg, &diag) != GS_OK) {
        gs_cli_workload_close();
        return gs_cli_report(&diag);
    }
    bytes = gs_host_bytes(&run.hc) + gs_sim_bytes(cfg, &run.bound) +
            gs_stats_bytes(gs_sim_stats_count(cfg) + 8u) + 8u * GS_ARENA_ALIGN;
    if (cfg->arena_mib)
        bytes = (size_t)cfg->arena_mib << 20;
    if (!(buffer = gs_cli_alloc_arena(bytes))) {
        gs_cli_workload_close();
        return gs_cli_usage_error("--workload %s: the run's arena needs %lu bytes, more than "
                                  "the host will allocate (the largest kernel needs %u local "
                                  "bytes per thread, %u shared bytes per CTA)", workload,
                                  (unsigned long)bytes, (unsigned)run.bound.local_bytes,
                                  (unsigned)run.bound.shared_bytes);
    }
    gs_arena_init_zeroed(&arena, buffer, bytes);   /* calloc: already zero */
    rc = gs_cli_event_trace_close(simulate(&run, cfg, &arena, emit, ctx));
    gs_cli_free_arena(buffer);
    gs_cli_workload_close();
    return rc;
}
