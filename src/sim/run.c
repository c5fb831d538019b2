/*
 * A whole timing run of a workload (run.h): plan the arena from the
 * configuration and the workload, build the host and the GPU in one caller
 * buffer, run every step under timing, report the statistics and the digest.
 * The CLI's timing runs (cli_timing.c) and the bare-metal programs
 * (examples/baremetal/) both go through it.
 */
#include "sim/run.h"

#include <string.h>

#include "core/cta_dispatch.h"
#include "ptx/ptx.h"
#include "sim/sim_config.h"

/* The loader's scratch for one module: its exact bound plus rounding. */
static size_t module_scratch_bytes(const char *text, size_t length)
{
    return gs_ptx_bytes_for_text(text, length) + 4u * GS_ARENA_ALIGN;
}

gs_status gs_run_scratch_bytes(const gs_workload *wl, gs_wl_read_fn read, void *read_context,
                               size_t *bytes, gs_diag *diag)
{
    unsigned i;
    *bytes = GS_ARENA_ALIGN;
    for (i = 0; i < wl->num_ptx; i++) {
        const char *text, *shown;
        size_t length, need;
        gs_status st;
        if ((st = gs_workload_read_ptx(wl, i, read, read_context, &shown, &text, &length,
                                       diag)) != GS_OK)
            return st;
        need = module_scratch_bytes(text, length);
        if (need > *bytes)
            *bytes = need;
    }
    return GS_OK;
}

/* What the workload's launches keep resident on one SM, gathered module by
 * module (the scratch holds one module at a time). A launch belongs to the
 * first module with an .entry of its name, as gs_workload_run finds it. */
typedef struct run_residency {
    uint64_t resolved;        /* bit s: launch step s has its kernel */
    uint32_t threads;         /* most resident threads (warps x warp size) */
    uint32_t shared_bytes;    /* most resident shared memory */
    int unknown;              /* some launch's residency cannot be known here */
} run_residency;

/* The .entry this module gives launch step s, when it is the first module
 * with one of that name (as gs_workload_run finds it): marks the step in
 * *resolved. NULL when the step is no launch, is resolved already or this
 * module has no such kernel. */
static const gs_ptx_kernel *first_serving_kernel(const gs_workload *wl, unsigned s,
                                                 const gs_ptx_module *module,
                                                 uint64_t *resolved)
{
    const gs_wl_step *step = &wl->steps[s];
    const gs_ptx_kernel *k;
    if (step->kind != GS_WL_STEP_LAUNCH || (*resolved >> s) & 1u)
        return NULL;
    k = gs_ptx_find_kernel(module, gs_wl_kernel_name(wl, step));
    if (!k || !k->is_entry)
        return NULL;
    *resolved |= (uint64_t)1 << s;
    return k;
}

static void residency_of_module(run_residency *r, const gs_workload *wl,
                                const gs_ptx_module *module, const gs_cta_params *ctap)
{
    unsigned s;
    for (s = 0; s < wl->num_steps && s < 64u; s++) {
        const gs_wl_step *step = &wl->steps[s];
        const gs_ptx_kernel *k;
        gs_kernel_shape ks;
        gs_occupancy occ;
        gs_dim3 grid = { 1, 1, 1 }, block;
        uint32_t threads, shared;
        if (!(k = first_serving_kernel(wl, s, module, &r->resolved)))
            continue;
        if (step->block_from_loop) {   /* the block size is a loop value: not known here */
            r->unknown = 1;
            continue;
        }
        block.x = step->block[0];
        block.y = step->block[1];
        block.z = step->block[2];
        gs_sim_kernel_shape(k, grid, block, step->shared_bytes, &ks);
        if (gs_cta_occupancy(ctap, &ks, &occ, NULL) != GS_OK) {
            r->unknown = 1;   /* no CTA fits: the launch itself will say so */
            continue;
        }
        threads = occ.ctas_per_sm * occ.warps_per_cta * ctap->warp_size;
        shared = occ.ctas_per_sm * ks.shmem_bytes_per_cta;
        if (threads > r->threads)
            r->threads = threads;
        if (shared > r->shared_bytes)
            r->shared_bytes = shared;
    }
}

/* Widen *to to hold *shape as well (simt_depth is the caller's). */
static void widen_shape(gs_exec_shape *to, const gs_exec_shape *shape)
{
    to->threads = shape->threads > to->threads ? shape->threads : to->threads;
    to->reg_slots = shape->reg_slots > to->reg_slots ? shape->reg_slots : to->reg_slots;
    to->pred_slots = shape->pred_slots > to->pred_slots ? shape->pred_slots : to->pred_slots;
    to->shared_bytes = shape->shared_bytes > to->shared_bytes ? shape->shared_bytes
                                                              : to->shared_bytes;
    to->local_bytes = shape->local_bytes > to->local_bytes ? shape->local_bytes
                                                           : to->local_bytes;
}

/* Widen the contexts the functional executor runs a cooperative launch on
 * (all of its CTAs at once; host.h cooperative_cta / cooperative_ctas) to
 * this module's cooperative launches: as many as the largest cooperative
 * grid, each as large as the largest such launch's CTA (a block of
 * loop-valued size counts as CUDA's largest). A launch belongs to the first
 * module with an .entry of its name. */
static void widen_cooperative_contexts(gs_host_config *hc, uint64_t *resolved,
                                       const gs_workload *wl, const gs_ptx_module *module)
{
    unsigned s;
    for (s = 0; s < wl->num_steps; s++) {
        const gs_wl_step *step = &wl->steps[s];
        gs_exec_launch launch;
        gs_exec_shape shape;
        uint64_t ctas = (uint64_t)step->grid[0] * step->grid[1] * step->grid[2];
        memset(&launch, 0, sizeof launch);
        if (!step->cooperative || !(launch.kernel = first_serving_kernel(wl, s, module, resolved)))
            continue;
        launch.block.x = step->block_from_loop ? GS_CUDA_BLOCK_THREADS_MAX : step->block[0];
        launch.block.y = step->block_from_loop ? 1u : step->block[1];
        launch.block.z = step->block_from_loop ? 1u : step->block[2];
        launch.dynamic_shared_bytes = step->shared_bytes;
        gs_exec_shape_for(&launch, &shape);
        widen_shape(&hc->cooperative_cta, &shape);
        if (ctas > hc->cooperative_ctas)   /* at most GS_EXEC_COOPERATIVE_CTAS_MAX (parser) */
            hc->cooperative_ctas = (uint32_t)ctas;
    }
}

/* The parameter buffer holds the largest entry kernel's parameters. */
static void widen_params(gs_host_config *hc, const gs_ptx_module *module)
{
    uint32_t k;
    for (k = 0; k < module->num_kernels; k++)
        if (module->kernels[k].is_entry && module->kernels[k].param_bytes > hc->param_bytes_max)
            hc->param_bytes_max = module->kernels[k].param_bytes;
}

/* Load ptx line i's module into the scratch (replacing the one before). */
static gs_status load_module(const gs_workload *wl, unsigned i, gs_wl_read_fn read,
                             void *read_context, void *scratch, size_t scratch_bytes,
                             uint32_t call_stack_depth, gs_ptx_module **module, gs_diag *diag)
{
    const char *text, *shown;
    gs_ptx_load_options options;
    size_t length;
    gs_arena arena;
    gs_status st;
    if ((st = gs_workload_read_ptx(wl, i, read, read_context, &shown, &text, &length,
                                   diag)) != GS_OK)
        return st;
    if (module_scratch_bytes(text, length) > scratch_bytes)
        return gs_diag_set(diag, GS_E_ARENA, shown, 0, 0, "the scratch buffer (%lu bytes) "
                           "cannot hold this module (gs_run_scratch_bytes says %lu)",
                           (unsigned long)scratch_bytes,
                           (unsigned long)module_scratch_bytes(text, length));
    gs_arena_init(&arena, scratch, scratch_bytes);
    options.no_slot_reuse = 0;   /* as the host loads it (gs_host_module_load) */
    options.call_stack_depth = call_stack_depth;
    return gs_ptx_load_with(&arena, shown, text, length, &options, module, diag);
}

uint64_t gs_run_module_printf_calls(const gs_ptx_module *module)
{
    uint64_t calls = 0;
    uint32_t k;
    for (k = 0; k < module->num_kernels; k++)
        calls += module->kernels[k].printf_calls;
    return calls;
}

gs_status gs_run_shape_bound(const gs_workload *wl, gs_wl_read_fn read, void *read_context,
                             void *scratch, size_t scratch_bytes, uint32_t call_stack_depth,
                             gs_exec_shape *bound, uint64_t *printf_calls,
                             gs_host_config *hc, gs_diag *diag)
{
    uint64_t cooperative_resolved = 0;
    unsigned i;
    *printf_calls = 0;
    for (i = 0; i < wl->num_ptx; i++) {
        gs_ptx_module *module;
        gs_status st = load_module(wl, i, read, read_context, scratch, scratch_bytes,
                                   call_stack_depth, &module, diag);
        if (st != GS_OK)
            return st;
        gs_sim_bound_module(bound, module);
        *printf_calls += gs_run_module_printf_calls(module);
        widen_cooperative_contexts(hc, &cooperative_resolved, wl, module);
    }
    return GS_OK;
}

/* Load each module into the scratch once: the register / predicate / local
 * bound, the device bytes of its segments, and the residency of the
 * launches it serves. */
static gs_status survey_modules(gs_run *run, void *scratch, size_t scratch_bytes,
                                run_residency *r, uint64_t *device_bytes, gs_diag *diag)
{
    const gs_workload *wl = run->wl;
    gs_cta_params ctap;
    uint64_t cooperative_resolved = 0;
    unsigned i, s;
    gs_cta_params_from_config(run->cfg, &ctap);
    for (i = 0; i < wl->num_ptx; i++) {
        gs_ptx_module *module;
        gs_status st = load_module(wl, i, run->read, run->read_context, scratch, scratch_bytes,
                                   run->cfg->call_stack_depth, &module, diag);
        if (st != GS_OK)
            return st;
        gs_sim_bound_module(&run->bound, module);
        run->printf_calls += gs_run_module_printf_calls(module);
        widen_params(&run->host_config, module);
        *device_bytes += gs_devmem_alloc_bytes(module->global_bytes) +
                         gs_devmem_alloc_bytes(module->const_bytes);
        residency_of_module(r, wl, module, &ctap);
        if (run->cfg->kernel_sampling)   /* its passes run launches functionally */
            widen_cooperative_contexts(&run->host_config, &cooperative_resolved, wl, module);
    }
    for (s = 0; s < wl->num_steps; s++)   /* a launch no module serves fails at run time */
        if (wl->steps[s].kind == GS_WL_STEP_LAUNCH && (s >= 64u || !((r->resolved >> s) & 1u)))
            r->unknown = 1;
    return GS_OK;
}

/* The run's own statistics beside the GPU's (gs_run_report). */
static uint32_t run_extra_stats(const gs_run *run)
{
    return GS_RUN_EXTRA_STATS + (run->printf_calls ? GS_HOST_PRINTF_STATS : 0u);
}

gs_status gs_run_plan(gs_run *run, const gs_config *cfg, const gs_workload *wl,
                      gs_wl_read_fn read, void *read_context, void *scratch,
                      size_t scratch_bytes, const gs_sink *stream, gs_diag *diag)
{
    gs_host_config *hc = &run->host_config;
    run_residency r;
    uint64_t device_bytes = 0, pages;
    unsigned i;
    gs_status st;
    memset(run, 0, sizeof *run);
    memset(&r, 0, sizeof r);
    run->cfg = cfg;
    run->wl = wl;
    run->read = read;
    run->read_context = read_context;
    run->stream = stream;
    if ((st = gs_workload_host_config(wl, read, read_context, hc, diag)) != GS_OK)
        return st;
    hc->param_bytes_max = 1u;   /* widened to the largest entry kernel's */
    if ((st = survey_modules(run, scratch, scratch_bytes, &r, &device_bytes, diag)) != GS_OK)
        return st;
    /* Device memory: the buffers and the segments, packed one after another
     * from the page-aligned heap base, so exactly this many pages map. */
    for (i = 0; i < wl->num_buffers; i++)
        device_bytes += gs_devmem_alloc_bytes(gs_wl_buffer_bytes(&wl->buffers[i]));
    if (gs_wl_has_cooperative(wl))
        device_bytes += gs_devmem_alloc_bytes(GS_HOST_GRID_WORKSPACE_BYTES);
    pages = (device_bytes + hc->devmem.page_bytes - 1u) / hc->devmem.page_bytes;
    if (pages < hc->devmem.page_count)
        hc->devmem.page_count = (uint32_t)pages;
    hc->warp_inst_limit = cfg->launch_inst_limit;
    hc->ptx_call_stack_depth = cfg->call_stack_depth;
    hc->printf_buffer_bytes = run->printf_calls ? cfg->printf_buffer_bytes : 0u;
    hc->num_sms = gs_config_n_sms(cfg);
    /* The host's own functional CTA context never runs under timing
     * (gs_sim_attach installs the timing executor): the smallest shape. */
    hc->cta.threads = 1u;
    hc->cta.reg_slots = 1u;
    hc->cta.pred_slots = 1u;
    hc->cta.shared_bytes = 0;
    hc->cta.local_bytes = 0;
    hc->cta.simt_depth = 1u;
    run->bound.simt_depth = cfg->simt_stack_depth;
    if (cfg->kernel_sampling) {
        /* kernel sampling runs the launches it projects on the host's own
         * functional context: any block, the kernels' frames */
        hc->cta.threads = cfg->max_threads_per_sm;
        hc->cta.shared_bytes = cfg->shmem_bytes;
        hc->cta.reg_slots = run->bound.reg_slots ? run->bound.reg_slots : 1u;
        hc->cta.pred_slots = run->bound.pred_slots ? run->bound.pred_slots : 1u;
        hc->cta.local_bytes = run->bound.local_bytes;
        hc->cta.simt_depth = cfg->simt_stack_depth;
        hc->cooperative_cta.simt_depth = cfg->simt_stack_depth;
    }
    if (!r.unknown && r.threads > 0) {
        run->bound.threads = r.threads;
        run->bound.shared_bytes = r.shared_bytes;
    }
    if (stream)
        run->arena_bytes = gs_host_bytes(hc) + gs_sim_bytes_streamed(cfg, &run->bound) +
                           4u * GS_ARENA_ALIGN;
    else
        run->arena_bytes = gs_host_bytes(hc) + gs_sim_bytes(cfg, &run->bound) +
                           gs_stats_bytes_texts(gs_sim_stats_count(cfg) + run_extra_stats(run),
                                                gs_sim_stats_texts(cfg)) + 4u * GS_ARENA_ALIGN;
    if (cfg->kernel_sampling)   /* the profile pass's host, the launch table */
        run->arena_bytes += gs_host_bytes(hc) + gs_sampling_bytes(cfg) +
                            gs_stats_bytes_texts(GS_SAMPLING_STATS, 0);
    if (cfg->arena_mib)
        run->arena_bytes = (size_t)cfg->arena_mib << 20;
    return GS_OK;
}

/* Statistics entries of the run's registry. */
static uint32_t run_stats_count(const gs_run *run)
{
    return gs_sim_stats_count(run->cfg) + run_extra_stats(run) +
           (run->cfg->kernel_sampling ? GS_SAMPLING_STATS : 0u);
}

gs_status gs_run_init(gs_run *run, void *buffer, size_t bytes, gs_diag *diag)
{
    gs_status st;
    if (bytes < run->arena_bytes)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "the run's buffer has %lu bytes; "
                           "its plan needs %lu", (unsigned long)bytes,
                           (unsigned long)run->arena_bytes);
    gs_arena_init(&run->arena, buffer, bytes);
    if (run->stream) {
        gs_stats_init_stream(&run->stats, run->stream);
        if ((st = gs_host_init(&run->host, &run->host_config, &run->arena, diag)) != GS_OK ||
            (st = gs_sim_init_streamed(&run->gpu, run->cfg, &run->bound, &run->arena,
                                       run->stream, diag)) != GS_OK)
            return st;
    } else if ((st = gs_stats_init_texts(&run->stats, &run->arena, run_stats_count(run),
                                         gs_sim_stats_texts(run->cfg), diag)) != GS_OK ||
               (st = gs_host_init(&run->host, &run->host_config, &run->arena, diag)) != GS_OK ||
               (st = gs_sim_init(&run->gpu, run->cfg, &run->bound, &run->arena, diag)) != GS_OK)
        return st;
    gs_sim_attach(&run->gpu, &run->host);
    if (run->cfg->kernel_sampling) {
        if ((st = gs_sampling_init(&run->sampling, run->cfg, &run->gpu, &run->arena,
                                   diag)) != GS_OK ||
            (st = gs_host_init(&run->profile_host, &run->host_config, &run->arena,
                               diag)) != GS_OK)
            return st;
        gs_host_set_executor(&run->profile_host, gs_sampling_profile, &run->sampling);
        gs_host_set_executor(&run->host, gs_sampling_execute, &run->sampling);
    }
    return GS_OK;
}

gs_status gs_run_execute(gs_run *run, gs_diag *diag)
{
    if (run->cfg->kernel_sampling) {   /* the profile pass first, stoppable as the run is */
        gs_status st;
        run->profile_host.config.stop_poll = run->gpu.stop_poll;
        run->profile_host.config.stop_context = run->gpu.stop_context;
        if ((st = gs_workload_run(run->wl, &run->profile_host, run->read, run->read_context,
                                  &run->profile_state, diag)) != GS_OK)
            return st;
    }
    return gs_workload_run(run->wl, &run->host, run->read, run->read_context, &run->state,
                           diag);
}

int gs_run_capped(const gs_run *run)
{
    return gs_sim_capped(&run->gpu);
}

void gs_run_report(gs_run *run)
{
    gs_stats_clear(&run->stats);
    gs_workload_digest(run->wl, &run->host, &run->state, &run->stats);
    gs_sim_report(&run->gpu, &run->stats);
    if (run->cfg->kernel_sampling)
        gs_sampling_report(&run->sampling, &run->gpu, &run->stats);
    gs_stats_put_count(&run->stats, "workload_repeat_iterations", run->state.repeat_iterations);
    gs_stats_put_count(&run->stats, "workload_output_bytes", run->stats.data_bytes);
    if (run->printf_calls)
        gs_host_printf_stats(&run->host, &run->stats);
    gs_stats_stream_end(&run->stats);   /* streamed: the last line and the digest line */
}

uint64_t gs_run_digest(const gs_run *run)
{
    return gs_stats_digest(&run->stats);
}
