/*
 * The GPU object: sizing, construction, CTA dispatch across the SMs and the
 * per-launch functional contexts (see gpu.h; seed-004 section 1.6). The
 * cycle loop is in gpu_run.c, statistics in gpu_stats.c.
 */
#include "sim/gpu.h"

#include <string.h>

#include "mem/dsched.h"
#include "sim/sim_config.h"

/* Bytes of the functional contexts of the CTAs one SM can hold at once: its
 * thread slots, shared memory and CTA slots bound the sum over its CTAs.
 * When the bound knows the run's launches (bound->threads non-zero:
 * gs_run_plan sets the most threads and shared bytes any launch keeps
 * resident on one SM, warps rounded up), that tighter sum is used. */
static size_t contexts_per_sm_bytes(const gs_config *cfg, const gs_exec_shape *bound)
{
    gs_exec_shape sm_shape = *bound;
    size_t slack = (size_t)cfg->max_cta_per_sm * 8u * GS_ARENA_ALIGN;   /* rounding */
    if (bound->threads == 0) {
        sm_shape.threads = cfg->max_threads_per_sm;
        sm_shape.shared_bytes = cfg->shmem_bytes;
    }
    return gs_exec_pool_bytes(&sm_shape, 1u) + slack +
           (size_t)cfg->max_cta_per_sm * sizeof(gs_exec_cta);
}

size_t gs_sim_bytes(const gs_config *cfg, const gs_exec_shape *bound)
{
    gs_sm_params smp;
    gs_cta_params ctap;
    gs_diag diag;
    size_t total = 0, n = gs_config_n_sms(cfg);
    if (gs_sm_params_from_config(cfg, &smp, &diag) != GS_OK)
        return 0;
    gs_cta_params_from_config(cfg, &ctap);
    total += gs_arena_round(n * sizeof(gs_sm));                      /* SM structs */
    total += n * gs_sm_bytes(&smp);                                  /* SM pipelines */
    total += gs_arena_round(n * sizeof(gs_cta_placement));           /* dispatch output */
    total += gs_arena_round(n * ctap.max_ctas_per_sm * sizeof(gs_sim_pending_cta));
    total += gs_arena_round(n * sizeof(uint32_t)) + gs_arena_round(n); /* active list */
    total += gs_sim_samples_bytes(cfg);                              /* time series */
    total += gs_cta_dispatch_bytes(&ctap);                           /* dispatcher */
    total += gs_arena_round(n * gs_config_warps_per_sm(cfg) * sizeof(uint32_t)); /* warp->CTA */
    if (bound)
        total += GS_ARENA_ALIGN + n * contexts_per_sm_bytes(cfg, bound); /* CTA contexts */
    if (!cfg->perfect_mem)
        total += gs_memsys_bytes(cfg);                               /* memory system */
    total += gs_mech_bytes(cfg);                                     /* mechanisms */
    total += gs_stats_bytes_texts(gs_sim_block_stats_count(cfg),
                                  GS_STAT_TEXTS_KERNEL_NAME); /* per-kernel block */
    return total;
}

size_t gs_sim_bytes_streamed(const gs_config *cfg, const gs_exec_shape *bound)
{
    return gs_sim_bytes(cfg, bound) - gs_stats_bytes_texts(gs_sim_block_stats_count(cfg),
                                  GS_STAT_TEXTS_KERNEL_NAME);
}

void gs_sim_bound_module(gs_exec_shape *bound, const gs_ptx_module *module)
{
    uint32_t i;
    for (i = 0; i < module->num_kernels; i++) {
        const gs_ptx_kernel *k = &module->kernels[i];
        if (!k->is_entry)
            continue;
        /* what a context holds (gs_exec_shape_for): the storage slots left
         * after liveness-based reuse, not the declared registers */
        if (k->num_reg_storage > bound->reg_slots)
            bound->reg_slots = k->num_reg_storage;
        if (k->num_pred_slots > bound->pred_slots)
            bound->pred_slots = k->num_pred_slots;
        if (k->local_bytes > bound->local_bytes)
            bound->local_bytes = k->local_bytes;
    }
}

static gs_status build_sms(gs_gpu *gpu, gs_arena *arena, gs_diag *diag)
{
    uint32_t i;
    gs_status st;
    gpu->sms = (gs_sm *)gs_arena_alloc(arena, gpu->n_sms * sizeof(gs_sm));
    gpu->placements = (gs_cta_placement *)gs_arena_alloc(arena,
                                                         gpu->n_sms * sizeof(gs_cta_placement));
    gpu->pending_cap = gpu->n_sms * gpu->ctap.max_ctas_per_sm;
    gpu->pending = (gs_sim_pending_cta *)gs_arena_alloc(arena, gpu->pending_cap *
                                                        sizeof(gs_sim_pending_cta));
    gpu->active = (uint32_t *)gs_arena_alloc(arena, gpu->n_sms * sizeof(uint32_t));
    gpu->is_active = (uint8_t *)gs_arena_alloc(arena, gpu->n_sms);
    if (!gpu->sms || !gpu->placements || !gpu->pending || !gpu->active || !gpu->is_active)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for the GPU");
    if ((st = gs_sim_samples_init(gpu, arena, diag)) != GS_OK)
        return st;
    if (gpu->block_streamed)
        gs_stats_init_stream(&gpu->block, gpu->block_stream);
    else if ((st = gs_stats_init_texts(&gpu->block, arena, gs_sim_block_stats_count(gpu->cfg),
                                       GS_STAT_TEXTS_KERNEL_NAME, diag)) != GS_OK)
        return st;
    for (i = 0; i < gpu->n_sms; i++) {
        gs_sm *sm = &gpu->sms[i];
        if ((st = gs_sm_init(sm, i, &gpu->smp, NULL, gpu->cfg, &gpu->disp, arena,
                             diag)) != GS_OK)
            return st;
        sm->fe = &gpu->fe;
        gs_sm_set_events(sm, &gpu->bus);
        if (gpu->memsys)   /* the full LD/ST unit replaces the perfect one */
            sm->ldst = gs_memsys_ldst(gpu->memsys, i);
    }
    gpu->warp_cta = (uint32_t *)gs_arena_alloc(arena, gpu->n_sms * gs_config_warps_per_sm(
                                                   gpu->cfg) * sizeof(uint32_t));
    if (gpu->warp_cta == NULL)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for the GPU");
    gs_event_bus_set_warps(&gpu->bus, gpu->warp_cta, gpu->n_sms,
                           gs_config_warps_per_sm(gpu->cfg), gpu->smp.num_scheds);
    if (gpu->memsys)
        gs_memsys_set_events(gpu->memsys, &gpu->bus);
    return GS_OK;
}

static gs_sched *sched_of(void *machine, uint32_t sm, uint32_t s)
{
    gs_gpu *gpu = (gs_gpu *)machine;
    GS_ASSERT(sm < gpu->n_sms && s < gpu->smp.num_scheds);
    return &gpu->sms[sm].scheds[s];
}

gs_status gs_sim_add_mechanism(gs_gpu *gpu, const gs_mech_ops *ops, void *state,
                               gs_diag *diag)
{
    gs_mech_env env;
    gs_mech_hooks hooks;
    gs_status st;
    if (gpu->n_mechs >= GS_MECH_ENABLED_MAX)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0, "more than %u mechanisms ('%s')",
                           GS_MECH_ENABLED_MAX, ops->name);
    memset(&env, 0, sizeof env);
    env.cfg = gpu->cfg;
    env.n_sms = gpu->n_sms;
    env.scheds_per_sm = gpu->smp.num_scheds;
    env.warps_per_sm = gs_config_warps_per_sm(gpu->cfg);
    env.sched_of = sched_of;
    env.machine = gpu;
    env.regions = &gpu->regions;
    env.memsys = gpu->memsys;
    env.core_cycle = &gpu->cycle;
    memset(&hooks, 0, sizeof hooks);
    if ((st = ops->init(state, &env, &hooks, diag)) != GS_OK)
        return st;
    hooks.sub.ctx = hooks.decider.ctx = state;
    hooks.sub.name = hooks.decider.name = ops->name;
    if (hooks.sub.fn != NULL && (st = gs_event_subscribe(&gpu->bus, &hooks.sub, diag)) != GS_OK)
        return st;
    if (hooks.decider.decide != NULL &&
        (st = gs_event_add_decider(&gpu->bus, &hooks.decider, diag)) != GS_OK)
        return st;
    if ((hooks.stage_pick != NULL || hooks.dram_schedule != NULL) && gpu->memsys == NULL)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "mechanism %s needs the memory "
                           "system (-gpgpu_perfect_mem 0)", ops->name);
    if (hooks.stage_pick != NULL &&
        (st = gs_memsys_set_stage_owner(gpu->memsys, hooks.stage_pick, state,
                                        hooks.stage_flags, ops->name,
                                        diag)) != GS_OK)
        return st;
    if (hooks.dram_schedule != NULL &&
        (st = gs_memsys_set_dram_owner(gpu->memsys, hooks.dram_schedule, state, ops->name,
                                       diag)) != GS_OK)
        return st;
    gpu->mech_ops[gpu->n_mechs] = ops;
    if (gpu->mech_samples != NULL)
        gpu->mech_samples[gpu->n_mechs] = hooks.samples;
    gpu->mech_state[gpu->n_mechs++] = state;
    return GS_OK;
}

/* The mechanisms -gs_mechanisms enables, in list order, state from the arena. */
static gs_status add_listed_mechanisms(gs_gpu *gpu, gs_arena *arena, gs_diag *diag)
{
    gs_status st = GS_OK;
    uint32_t k;
    for (k = 0; st == GS_OK && k < GS_MECH_ID_COUNT; k++) {
        const gs_mech_ops *ops = gs_mech_table[k];
        if (!GS_CONFIG_MECH_ON(gpu->cfg, k))
            continue;
        size_t bytes = ops->bytes != NULL ? ops->bytes(gpu->cfg) : 0u;
        void *state = NULL;   /* a stateless mechanism takes nothing (gs_mech_bytes: 0) */
        if (bytes != 0) {
            state = gs_arena_alloc(arena, bytes);   /* a size gs_mech_bytes rounds */
            if (state == NULL)
                return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                                   "arena too small for mechanism '%s'", ops->name);
            memset(state, 0, bytes);
        }
        st = gs_sim_add_mechanism(gpu, ops, state, diag);
        if (st == GS_E_CONFIG && diag->file[0] == '\0')   /* locate it at the option */
            st = gs_config_error_at(gpu->cfg, gs_option_find("gs_mechanisms", 13u), diag,
                                    "-gs_mechanisms: %s", diag->message);
    }
    return st;
}

/* Parts that convert between the clocks at their nominal frequencies cannot
 * run with frequency changes (sim/dvfs.h): refused, rather than wrong. */
static gs_status check_dvfs_users(const gs_config *cfg, gs_diag *diag)
{
    int at = gs_option_find("gs_dvfs_schedule", 16);
    if (cfg->dvfs_schedule.count == 0)
        return GS_OK;
    if (!cfg->perfect_mem && gs_dsched_table[cfg->dram_scheduler]->uses_mib)
        return gs_config_error_at(cfg, at, diag, "-gs_dvfs_schedule: the DRAM scheduler %s "
                                  "keeps merge ages in DRAM cycles converted from core cycles "
                                  "at the nominal clocks; it cannot run with frequency changes",
                                  gs_dsched_table[cfg->dram_scheduler]->name);
    if (cfg->kernel_sampling)
        return gs_config_error_at(cfg, at, diag, "-gs_dvfs_schedule: kernel sampling projects "
                                  "the cycles of launches it does not simulate, whose time "
                                  "under changing clocks is unknown; use one or the other");
    if (GS_CONFIG_MECH_ON(cfg, GS_MECH_ID_statpcal))
        return gs_config_error_at(cfg, at, diag, "-gs_dvfs_schedule: statpcal measures the L2's "
                                  "and the DRAM's use against their nominal clocks; it cannot "
                                  "run with frequency changes");
    return GS_OK;
}

static gs_status sim_init(gs_gpu *gpu, const gs_config *cfg, const gs_exec_shape *bound,
                         gs_arena *arena, int block_streamed, const gs_sink *block_stream,
                         gs_diag *diag)
{
    gs_status st;
    memset(gpu, 0, sizeof *gpu);
    gpu->block_streamed = block_streamed;
    gpu->block_stream = block_stream;
    gpu->cfg = cfg;
    gpu->arena = arena;
    if (bound)
        gpu->bound = *bound;
    gpu->n_sms = gs_config_n_sms(cfg);
    gs_event_bus_init(&gpu->bus);
    gs_clocks_init(&gpu->clk, cfg);
    if ((st = check_dvfs_users(cfg, diag)) != GS_OK)
        return st;
    if (!cfg->perfect_mem && (st = gs_memsys_init(&gpu->memsys, arena, cfg, diag)) != GS_OK)
        return st;
    if ((st = gs_sm_params_from_config(cfg, &gpu->smp, diag)) != GS_OK)
        return st;
    gs_cta_params_from_config(cfg, &gpu->ctap);
    gpu->next_progress = ~(uint64_t)0;   /* no progress hook */
    gpu->caps_on = cfg->max_insn || cfg->max_cycle || cfg->max_cta || cfg->max_completed_cta;
    if ((st = build_sms(gpu, arena, diag)) != GS_OK ||
        (st = add_listed_mechanisms(gpu, arena, diag)) != GS_OK)
        return st;
    /* The trace observes only, after the mechanisms; when off nothing is
     * subscribed, so the run keeps its bytes and speed. */
    gs_event_trace_init(&gpu->trace, cfg);
    if (gpu->trace.kinds != 0u)
        return gs_event_trace_subscribe(&gpu->trace, &gpu->bus, diag);
    return GS_OK;
}

gs_status gs_sim_init(gs_gpu *gpu, const gs_config *cfg, const gs_exec_shape *bound,
                      gs_arena *arena, gs_diag *diag)
{
    return sim_init(gpu, cfg, bound, arena, 0, NULL, diag);
}

gs_status gs_sim_init_streamed(gs_gpu *gpu, const gs_config *cfg, const gs_exec_shape *bound,
                               gs_arena *arena, const gs_sink *block_sink, gs_diag *diag)
{
    return sim_init(gpu, cfg, bound, arena, 1, block_sink, diag);
}

void gs_sim_set_event_sink(gs_gpu *gpu, const gs_sink *sink)
{
    gs_event_trace_set_sink(&gpu->trace, sink);
}

void gs_sim_attach(gs_gpu *gpu, gs_host *host)
{
    gs_host_set_executor(host, gs_sim_execute, gpu);
}

int gs_sim_watchdog_fired(const gs_gpu *gpu)
{
    return gpu->watchdog_fired;
}

void gs_sim_set_stop_poll(gs_gpu *gpu, int (*poll)(void *context), void *context)
{
    gpu->stop_poll = poll;
    gpu->stop_context = context;
}

int gs_sim_interrupted(const gs_gpu *gpu)
{
    return gpu->interrupted;
}

int gs_sim_capped(const gs_gpu *gpu)
{
    return gpu->capped_by != NULL;
}

/* ---- one launch: dispatcher, contexts ---- */

/* Decision: PTX has no physical register count (GPGPU-Sim takes ptxas's);
 * the loader's liveness-based storage slots (ptx_live.c: registers whose live
 * ranges do not overlap share one) stand in for it, each one counted as one
 * 32-bit register, unless .maxnreg is smaller. */
void gs_sim_kernel_shape(const gs_ptx_kernel *k, gs_dim3 grid, gs_dim3 block,
                         uint32_t dynamic_shared_bytes, gs_kernel_shape *ks)
{
    uint32_t regs = k->occupancy_regs ? k->occupancy_regs
                                      : k->num_reg_storage ? k->num_reg_storage : k->num_reg_slots;
    memset(ks, 0, sizeof *ks);
    ks->num_ctas = grid.x * grid.y * grid.z;
    ks->threads_per_cta = block.x * block.y * block.z;
    ks->regs_per_thread = k->maxnreg && k->maxnreg < regs ? k->maxnreg : regs;
    ks->shmem_bytes_per_cta = k->shared_static_bytes + dynamic_shared_bytes;
}

static void kernel_shape(const gs_exec_launch *launch, gs_kernel_shape *ks)
{
    gs_sim_kernel_shape(launch->kernel, launch->grid, launch->block,
                        launch->dynamic_shared_bytes, ks);
}

static gs_status carve_contexts(gs_gpu *gpu, const gs_exec_launch *launch, gs_diag *diag)
{
    gs_exec_shape shape;
    uint32_t count;
    gs_exec_shape_for(launch, &shape);
    shape.simt_depth = gpu->bound.simt_depth;
    gpu->ctx_per_sm = gpu->disp.kernels[0].occ.ctas_per_sm;
    count = gpu->ctx_per_sm * gpu->n_sms;
    gpu->ctx = (gs_exec_cta *)gs_arena_alloc(gpu->arena, count * sizeof(gs_exec_cta));
    if (!gpu->ctx)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                           "arena too small for %u CTA contexts; raise -gs_arena_mib",
                           (unsigned)count);
    return gs_exec_pool_init(gpu->ctx, count, &shape, gpu->arena, diag);
}

gs_status gs_sim_queue_kernel(gs_gpu *gpu, const gs_kernel_shape *ks, gs_diag *diag)
{
    uint32_t index;
    gs_status st;
    if (!gpu->have_mark) {
        gpu->ctx_mark = gs_arena_mark(gpu->arena);
        gpu->have_mark = 1;
    } else {
        gs_arena_reset_to(gpu->arena, gpu->ctx_mark);
    }
    if ((st = gs_cta_dispatch_init(&gpu->disp, &gpu->ctap, gpu->arena, diag)) != GS_OK)
        return st;
    if ((st = gs_cta_launch(&gpu->disp, ks, &index, diag)) != GS_OK)
        return st;
    /* The adaptive L1D / shared split sees the kernel's shared memory per SM
     * (mem/cache_adapt.h); nothing happens when it is off. */
    if (gpu->memsys && (st = gs_memsys_kernel_start(gpu->memsys,
            (uint64_t)ks->shmem_bytes_per_cta * gpu->disp.kernels[0].occ.ctas_per_sm,
            diag)) != GS_OK)
        return st;
    gpu->last_occupancy = gpu->disp.kernels[0].occ;
    gpu->kernels++;
    gpu->dispatch_dirty = 1;
    return GS_OK;
}

gs_status gs_sim_prepare_launch(gs_gpu *gpu, gs_exec_launch *launch, gs_diag *diag);

/* A cooperative launch's CTAs must all be resident at once, or its grid
 * syncs could never complete: as the CUDA driver does
 * (cudaErrorCooperativeLaunchTooLarge), a grid larger than the SMs hold
 * at the kernel's occupancy is refused at launch, naming the limit, before
 * the launch touches the GPU's state. */
gs_status gs_sim_check_cooperative(const gs_gpu *gpu, const gs_exec_launch *launch,
                                   gs_diag *diag)
{
    static const char *const resource[4] = { "CTA slots", "threads", "registers",
                                             "shared memory" };
    char shown[GS_NAME_SHOWN];
    gs_kernel_shape ks;
    gs_occupancy occ;
    uint64_t fit;
    unsigned r = 0;
    gs_status st;
    if (!launch->grid_workspace)
        return GS_OK;
    kernel_shape(launch, &ks);
    if ((st = gs_cta_occupancy(&gpu->ctap, &ks, &occ, diag)) != GS_OK)
        return st;
    fit = (uint64_t)occ.ctas_per_sm * gpu->n_sms;
    if (ks.num_ctas <= fit)
        return GS_OK;
    while (r < 3u && !(occ.limited_by & (1u << r)))
        r++;
    return gs_diag_set(diag, GS_E_LIMIT, launch->module ? launch->module->file_name : NULL,
                       launch->kernel->line, launch->kernel->line ? 1u : 0u,
                       "cooperative launch of %s: %lu CTAs, but at most %llu are resident at "
                       "once (%lu SMs x %lu CTAs per SM, limited by %s)",
                       gs_str_elide(shown, sizeof shown, launch->kernel->name),
                       (unsigned long)ks.num_ctas, (unsigned long long)fit,
                       (unsigned long)gpu->n_sms, (unsigned long)occ.ctas_per_sm, resource[r]);
}

gs_status gs_sim_prepare_launch(gs_gpu *gpu, gs_exec_launch *launch, gs_diag *diag)
{
    gs_exec_shape capacity = gpu->bound;
    gs_kernel_shape ks;
    gs_status st;
    capacity.threads = gpu->cfg->max_threads_per_sm;
    capacity.shared_bytes = gpu->cfg->shmem_bytes;
    if ((st = gs_exec_check_launch(&capacity, launch, diag)) != GS_OK)
        return st;
    if ((st = gs_sim_check_cooperative(gpu, launch, diag)) != GS_OK)
        return st;
    kernel_shape(launch, &ks);
    if ((st = gs_sim_queue_kernel(gpu, &ks, diag)) != GS_OK)
        return st;
    launch->fault = GS_OK;
    if ((st = carve_contexts(gpu, launch, diag)) != GS_OK)
        return st;
    gs_fe_ptx_bind(&gpu->fe, &gpu->fe_ptx, launch, gpu->ctx, gpu->ctx_per_sm);
    gs_sim_set_kernel_name(gpu, launch->kernel->name);
    gs_sim_set_kernel_source(gpu, launch->module ? launch->module->file_name : NULL,
                             launch->kernel->line);
    return GS_OK;
}
