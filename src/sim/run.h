/*
 * A whole timing run of a workload, from its configuration to its digest:
 * the embedding API (gpusim.h; README "Embedding") that the CLI itself
 * uses, so a bare-metal program or another simulator drives exactly what
 * `gpusim --workload NAME` runs and gets the same digest.
 *
 *   gs_run_scratch_bytes(&wl, read, rctx, &scratch, &diag);   PTX to learn the shapes
 *   gs_run_plan(&run, &cfg, &wl, read, rctx, buf, scratch, &diag);   run.arena_bytes
 *   gs_run_init(&run, buf, run.arena_bytes, &diag);     the arena, host, GPU, stats
 *   ... optional hooks on run.gpu (gs_sim_set_stop_poll, gs_sim_set_progress, ...)
 *   st = gs_run_execute(&run, &diag);                   every step of the workload
 *   gs_run_report(&run);                                run.stats, gs_run_digest(&run)
 *
 * The scratch buffer is needed only during gs_run_plan (each PTX module is
 * loaded into it once to learn its register, predicate and local-memory
 * needs) and may be the same memory the arena gets afterwards. The workload,
 * its reader's texts and the configuration must outlive the run.
 *
 * Kernel sampling (-gs_kernel_sampling 1, sim/sampling.h): gs_run_execute
 * first profiles the whole workload on the functional executor in a host of
 * its own (the plan holds it), then runs it under timing with one launch per
 * group in detail; gs_run_report adds the estimate_* statistics.
 *
 * Caps: the configuration's -gpgpu_max_cycle / -gpgpu_max_insn /
 * -gpgpu_max_cta / -gpgpu_max_completed_cta stop a run cleanly
 * (gs_run_execute returns GS_E_LIMIT and gs_run_capped answers 1; the
 * statistics say capped = 1), -gs_launch_inst_limit is the safety limit per
 * launch (GS_E_RUNAWAY). Finer stepping goes through the host API: attach the
 * GPU with gs_sim_attach and launch kernel by kernel with gs_host_launch.
 *
 * Arena bounds (DESIGN.md section 5): the plan sizes every consumer from
 * the configuration and the workload. The functional CTA contexts are sized
 * from the occupancy of the workload's own launches (the most threads and
 * shared memory any of its kernels keeps resident on one SM), not from the
 * SM's maxima, and device memory from the buffers and the modules' .global
 * and .const segments; a launch whose block size comes from a `for`
 * variable falls back to the SM's maxima.
 */
#ifndef GS_SIM_RUN_H
#define GS_SIM_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/config.h"
#include "base/stats.h"
#include "base/status.h"
#include "host/host.h"
#include "host/workload.h"
#include "sim/gpu.h"
#include "sim/sampling.h"

/* Statistics a run adds besides gs_sim_report's (workload_repeat_iterations,
 * workload_output_bytes, and room for an embedder's own). */
#define GS_RUN_EXTRA_STATS 8u

typedef struct gs_run {
    /* gs_run_plan */
    const gs_config *cfg;
    const gs_workload *wl;
    gs_wl_read_fn read;
    void *read_context;
    gs_host_config host_config;
    gs_exec_shape bound;            /* functional CTA shape bound (gpu.h) */
    uint64_t printf_calls;          /* vprintf calls in the modules' kernels: when
                                     * any, the host gets a printf buffer of
                                     * -gs_printf_buffer_bytes and the run reports
                                     * GS_HOST_PRINTF_STATS more statistics */
    size_t arena_bytes;             /* what gs_run_init needs */
    const gs_sink *stream;          /* streamed statistics (gs_run_plan) or NULL */
    /* gs_run_init */
    gs_arena arena;
    gs_host host;
    gs_wl_state state;
    gs_gpu gpu;
    gs_stats stats;
    /* -gs_kernel_sampling 1 (sim/sampling.h): the profile pass's own host */
    gs_host profile_host;
    gs_wl_state profile_state;
    gs_sampling sampling;
} gs_run;

/* Scratch bytes gs_run_plan needs to load the workload's largest module. */
gs_status gs_run_scratch_bytes(const gs_workload *wl, gs_wl_read_fn read, void *read_context,
                               size_t *bytes, gs_diag *diag);
/* Widen *bound (zeroed by the caller) to every entry kernel of the
 * workload's modules (registers, predicates, local bytes), loading each into
 * the scratch: for a functional run's CTA context. Also widens
 * hc->cooperative_cta and hc->cooperative_ctas to the workload's
 * cooperative launches (the caller sets cooperative_cta.simt_depth). */
gs_status gs_run_shape_bound(const gs_workload *wl, gs_wl_read_fn read, void *read_context,
                             void *scratch, size_t scratch_bytes, uint32_t call_stack_depth,
                             gs_exec_shape *bound, uint64_t *printf_calls,
                             gs_host_config *hc, gs_diag *diag);
/* The vprintf calls of a module's kernels (gs_ptx_kernel.printf_calls). */
uint64_t gs_run_module_printf_calls(const gs_ptx_module *module);
/* Size the run: sets run->arena_bytes (-gs_arena_mib, when given, instead).
 * `stream` NULL: the statistics are kept in the arena (run->stats, each
 * kernel's block handed to gs_sim_set_kernel_report), as the CLI keeps them.
 * Otherwise nothing is kept: each kernel's block and then the run's
 * statistics are written to `stream` as text lines as they are made, ending
 * with the digest line, exactly the lines `gpusim` prints on stdout; the
 * arena then needs no registry (about 70 KB less on the tiny preset). */
gs_status gs_run_plan(gs_run *run, const gs_config *cfg, const gs_workload *wl,
                      gs_wl_read_fn read, void *read_context, void *scratch,
                      size_t scratch_bytes, const gs_sink *stream, gs_diag *diag);
/* Carve the arena from `buffer` (`bytes` >= run->arena_bytes; it is zeroed
 * here) and build the host, the GPU and the statistics registry. */
gs_status gs_run_init(gs_run *run, void *buffer, size_t bytes, gs_diag *diag);
/* Run the workload under timing. GS_OK; GS_E_LIMIT with gs_run_capped for a
 * -gpgpu_max_* stop; GS_E_INTERRUPTED when the stop poll asked; any other
 * status is the run's error (diag; gs_sim_watchdog_fired(&run->gpu) tells a
 * deadlock). */
gs_status gs_run_execute(gs_run *run, gs_diag *diag);
int gs_run_capped(const gs_run *run);
/* The statistics (after gs_run_execute, whatever it returned): the output
 * buffers' digest, the GPU's report, the run's own counters. */
void gs_run_report(gs_run *run);
/* The run's digest (after gs_run_report): what `digest = ` prints. */
uint64_t gs_run_digest(const gs_run *run);

#endif
