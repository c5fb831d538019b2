/*
 * The cycle loop of one kernel launch (gpu.h; DESIGN.md sections 3, 8, 10),
 * the same for every front end (core/frontend.h: the dispatcher's CTAs are
 * started through gpu->fe, the SMs decode through it).
 *
 * Per core cycle c, in this order: the run-control limits (-gpgpu_max_*) and
 * GPGPU-Sim's deadlock check; the progress hook; the memory domains' edges
 * before c; the samples due at or before c (gpu_samples.c); the CTA
 * dispatcher (only when a launch began or a CTA ended since it last placed
 * nothing, and not before the kernel launch latency has passed); the start
 * of CTAs whose thread-block launch latency ends at c; every active SM in
 * index order that is awake at c (gs_sm_cycle); the watchdog. A sleeping SM
 * is not touched until its wake cycle, or until a reply reaches its LD/ST
 * unit (gs_sm_input_arrived, asked at its turn in the index order), when
 * gs_sm_skip accounts the cycles it slept. When no SM is awake and the
 * dispatcher has nothing to do, the clock jumps to the earliest wake cycle,
 * stopping at a sample, at the cycle before -gpgpu_max_cycle and at a
 * deadlock or launch-limit check: nothing can change in between, so results
 * are bit-identical with -gs_clock_jump 0 (tested).
 *
 * The embedder's progress hook (gs_sim_set_progress) is called at kernel
 * boundaries and every N core cycles with counters only; without a hook
 * next_progress is ~0 and the loop's check is one compare that never holds.
 */
#include "mem/memsys.h"
#include "sim/gpu.h"

#include <string.h>

gs_status gs_sim_prepare_launch(gs_gpu *gpu, gs_exec_launch *launch, gs_diag *diag);

static void activate(gs_gpu *gpu, uint32_t sm)
{
    uint32_t i;
    if (gpu->is_active[sm])
        return;
    gpu->is_active[sm] = 1;
    i = gpu->num_active++;
    while (i > 0 && gpu->active[i - 1u] > sm) {   /* keep index order */
        gpu->active[i] = gpu->active[i - 1u];
        i--;
    }
    gpu->active[i] = sm;
}

static void deactivate_drained(gs_gpu *gpu)
{
    uint32_t i, kept = 0;
    for (i = 0; i < gpu->num_active; i++) {
        uint32_t s = gpu->active[i];
        if (gs_sm_drained(&gpu->sms[s])) {
            gpu->is_active[s] = 0;
            gpu->sms[s].wake_cycle = GS_SM_NO_EVENT;   /* inactive SMs count nothing */
        }
        else
            gpu->active[kept++] = s;
    }
    gpu->num_active = kept;
}

/* Wake a sleeping SM at `cycle` (its skipped cycles accounted). */
static void wake(gs_sm *sm, uint64_t cycle)
{
    if (sm->wake_cycle == GS_SM_NO_EVENT)
        return;
    gs_sm_skip(sm, sm->sleep_from, cycle);
    sm->wake_cycle = GS_SM_NO_EVENT;
}

static void note_progress(gs_gpu *gpu, uint64_t cycle)
{
    if (cycle > gpu->last_progress)
        gpu->last_progress = cycle;
}

static gs_status start_cta(gs_gpu *gpu, const gs_cta_placement *pl, gs_diag *diag)
{
    gs_sm *sm = &gpu->sms[pl->sm];
    void *cta;
    gs_status st = gpu->fe.ops->cta_start(&gpu->fe, pl, &cta, diag);
    if (st != GS_OK)
        return st;
    wake(sm, gpu->cycle);
    gs_sm_start_cta(sm, pl, cta, gpu->cycle);
    if (sm->resident_warps > gpu->kernel_max_warps)
        gpu->kernel_max_warps = sm->resident_warps;
    activate(gpu, pl->sm);
    gpu->ctas_launched++;
    return GS_OK;
}

/* CTAs placed -gpgpu_TB_launch_latency cycles ago start now, placement order
 * (one latency for all, so the ring is in due order). */
static gs_status start_pending(gs_gpu *gpu, gs_diag *diag)
{
    while (gpu->pending_count > 0 && gpu->pending[gpu->pending_head].due <= gpu->cycle) {
        gs_status st = start_cta(gpu, &gpu->pending[gpu->pending_head].pl, diag);
        if (st != GS_OK)
            return st;
        gpu->pending_head = (gpu->pending_head + 1u) % gpu->pending_cap;
        gpu->pending_count--;
    }
    return GS_OK;
}

/* The dispatcher's placements this cycle (core/cta_dispatch.h). A placed CTA
 * holds its SM's slot and resources at once; its warps join the schedulers
 * -gpgpu_TB_launch_latency cycles later (GPGPU-Sim's option: "thread block
 * launch latency in cycles"; decision in README "Launch latency"). */
static gs_status dispatch_ctas(gs_gpu *gpu, gs_diag *diag)
{
    uint32_t budget = UINT32_MAX, n, i;
    uint32_t latency = gpu->cfg->tb_launch_latency;
    if (gpu->cfg->max_cta) {   /* -gpgpu_max_cta: no CTA past the limit (GPGPU-Sim's
                                * hit_max_cta_count); pending ones count as issued */
        uint64_t issued = gpu->ctas_launched + gpu->pending_count;
        budget = issued >= gpu->cfg->max_cta ? 0u : (uint32_t)(gpu->cfg->max_cta - issued);
    }
    n = gs_cta_dispatch_cycle_max(&gpu->disp, gpu->placements, budget);
    if (n == 0) {
        gpu->dispatch_dirty = 0;
        return GS_OK;
    }
    for (i = 0; i < n; i++) {
        if (latency == 0) {
            gs_status st = start_cta(gpu, &gpu->placements[i], diag);
            if (st != GS_OK)
                return st;
        } else {
            gs_sim_pending_cta *p;
            GS_ASSERT(gpu->pending_count < gpu->pending_cap);
            p = &gpu->pending[(gpu->pending_head + gpu->pending_count++) % gpu->pending_cap];
            p->pl = gpu->placements[i];
            p->due = gpu->cycle + latency;
            note_progress(gpu, p->due);
        }
    }
    note_progress(gpu, gpu->cycle);
    return GS_OK;
}

/* `cycles` cycles with the present resident warps: the sums behind
 * gpu_occupancy_percent, gpu_occupancy and kernel_warps_per_sm. */
static void account_residency(gs_gpu *gpu, uint64_t cycles)
{
    uint32_t i, busy = 0, warps = 0;
    for (i = 0; i < gpu->num_active; i++) {
        uint32_t w = gpu->sms[gpu->active[i]].resident_warps;
        warps += w;
        busy += w != 0;
    }
    gpu->warp_cycles += (uint64_t)warps * cycles;
    gpu->busy_sm_cycles += (uint64_t)busy * cycles;
}

/* Run the awake SMs for this cycle; returns 1 when some SM stays awake. */
static int step_sms(gs_gpu *gpu, gs_status *fault)
{
    uint32_t i;
    int awake = 0;
    uint64_t c = gpu->cycle;
    if (gpu->memsys && gpu->num_active > 0)   /* asleep or not, as if each SM stepped */
        gs_memsys_core_cycle_seen(gpu->memsys, c);
    for (i = 0; i < gpu->num_active; i++) {
        gs_sm *sm = &gpu->sms[gpu->active[i]];
        uint64_t done_before = sm->st.ctas_done, q;
        if (sm->wake_cycle != GS_SM_NO_EVENT) {
            if (sm->wake_cycle > c && !gs_sm_input_arrived(sm))
                continue;
            wake(sm, c);
        }
        gs_sm_cycle(sm, c);
        if (sm->fault != GS_OK)
            *fault = sm->fault;
        if (sm->st.ctas_done != done_before)
            gpu->dispatch_dirty = 1;
        if (sm->last_progress > gpu->last_progress)
            gpu->last_progress = sm->last_progress;
        q = gs_sm_quiet_until(sm, c);
        if (q == GS_SM_NO_EVENT) {
            awake = 1;
        } else {
            sm->sleep_from = c;
            sm->wake_cycle = q;
        }
    }
    return awake;
}

static uint64_t earliest_wake(const gs_gpu *gpu)
{
    uint32_t i;
    uint64_t best = GS_SM_NO_EVENT;
    for (i = 0; i < gpu->num_active; i++) {
        uint64_t w = gpu->sms[gpu->active[i]].wake_cycle;
        if (w < best)
            best = w;
    }
    return best;
}

static int watchdog(gs_gpu *gpu, gs_diag *diag)
{
    uint64_t limit = gpu->cfg->watchdog_cycles;
    /* last_progress may lie ahead: a launch latency is not a hang */
    if (gpu->cycle <= gpu->last_progress || gpu->cycle - gpu->last_progress <= limit)
        return 0;
    gpu->watchdog_fired = 1;
    gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                "watchdog: no instruction issued or completed for %llu cycles (cycle %llu; "
                "-gs_watchdog_cycles)", (unsigned long long)limit,
                (unsigned long long)gpu->cycle);
    return 1;
}

/* The safety limit per launch (-gs_launch_inst_limit; issue 20 defect 2;
 * exit 4, DESIGN.md 8), the one the functional executor applies, checked
 * every GS_RUNAWAY_PERIOD cycles of the kernel (summing the SMs' counts each
 * cycle would cost more than the check is worth): a runaway kernel stops at
 * most one period after it passed the limit, with where it was. */
#define GS_RUNAWAY_PERIOD 4096u

static int runaway(gs_gpu *gpu, gs_diag *diag)
{
    char shown[GS_NAME_SHOWN];
    uint64_t insts = gs_sim_warp_insts(gpu) - gpu->kstart.warp_insts;
    gpu->next_runaway_check = gpu->cycle + GS_RUNAWAY_PERIOD;
    if (insts <= gpu->cfg->launch_inst_limit)
        return 0;
    gs_diag_set(diag, GS_E_RUNAWAY, gpu->kernel_file[0] ? gpu->kernel_file : NULL,
                gpu->kernel_line, 0,
                "kernel %s ran %llu warp instructions, more than the safety limit per launch "
                "(-gs_launch_inst_limit %llu), by cycle %llu of the kernel with %u of its %u "
                "CTAs finished: a kernel that does not end?", gs_str_elide(shown, sizeof shown,
                gpu->kernel_name),
                (unsigned long long)insts, (unsigned long long)gpu->cfg->launch_inst_limit,
                (unsigned long long)(gpu->cycle - gpu->kstart.cycle),
                (unsigned)gpu->disp.kernels[0].ctas_done,
                (unsigned)gpu->disp.kernels[0].shape.num_ctas);
    return 1;
}

/* The first cycle at which anything can happen: the earliest SM wake, the
 * next pending CTA start, or the end of the kernel launch latency. */
static uint64_t next_event(const gs_gpu *gpu)
{
    uint64_t target = earliest_wake(gpu);
    if (gpu->pending_count > 0 && gpu->pending[gpu->pending_head].due < target)
        target = gpu->pending[gpu->pending_head].due;
    if (gpu->dispatch_dirty && gpu->dispatch_from < target)
        target = gpu->dispatch_from;
    return target;
}

/* ---- GPGPU-Sim's run control (README "Run control") ----
 * GPGPU-Sim's gpgpu_sim::active() is false, so the run stops before the next
 * cycle, once the cycles (all kernels) reach -gpgpu_max_cycle, the committed
 * thread instructions (gpu_sim_insn, all kernels) reach -gpgpu_max_insn, or
 * the running kernel's completed CTAs reach -gpgpu_max_completed_cta
 * (GPGPU-Sim resets gpu_completed_cta at each kernel's init()). For
 * -gpgpu_max_cta GPGPU-Sim issues no CTA past the limit (hit_max_cta_count)
 * and the run ends when the issued ones have finished and the memory system
 * has drained (no CTA left that may be issued: active() turns false); the
 * dispatcher's budget (dispatch_ctas()) and the drained test below do the same,
 * a CTA placed but not yet started (-gpgpu_TB_launch_latency) counting as
 * issued. The checks
 * run before each core cycle, in that order; the first that holds names the
 * limit. Sleeping SMs account their skipped cycles first, as at a kernel
 * end, so the statistics are those of the cycles simulated. */
static int cap_reached(gs_gpu *gpu, int in_kernel, gs_diag *diag)
{
    const gs_config *cfg = gpu->cfg;
    const char *by = NULL;
    uint64_t value = 0;
    uint32_t i;
    if (cfg->max_cycle && gpu->cycle >= cfg->max_cycle) {
        by = "gpgpu_max_cycle";
        value = cfg->max_cycle;
    } else if (cfg->max_insn && gs_sim_thread_insts(gpu) >= cfg->max_insn) {
        by = "gpgpu_max_insn";
        value = cfg->max_insn;
    } else if (cfg->max_cta && gpu->ctas_launched >= cfg->max_cta && gpu->num_active == 0 &&
               gpu->pending_count == 0 && (!gpu->memsys || !gs_memsys_busy(gpu->memsys))) {
        by = "gpgpu_max_cta";
        value = cfg->max_cta;
    } else if (cfg->max_completed_cta && in_kernel &&   /* the dispatcher's count */
               gpu->disp.kernels[0].ctas_done >= cfg->max_completed_cta) {
        by = "gpgpu_max_completed_cta";
        value = cfg->max_completed_cta;
    }
    if (by == NULL)
        return 0;
    for (i = 0; i < gpu->num_active; i++)
        wake(&gpu->sms[gpu->active[i]], gpu->cycle);
    gpu->capped_by = by;
    gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0, "capped: -%s %llu reached before cycle %llu",
                by, (unsigned long long)value, (unsigned long long)gpu->cycle);
    return 1;
}

/* The host asked the run to stop (gs_sim_set_stop_poll; issue 20,
 * interrupt-safe runs): before a core cycle, as a cap stops, so the
 * statistics are those of the cycles simulated, with sleeping SMs' skipped
 * cycles accounted first. Where it stops depends on when the host asked: a
 * partial result is not reproducible, and says so (partial = 1). */
static int host_asked_to_stop(gs_gpu *gpu, int in_kernel, gs_diag *diag)
{
    char shown[GS_NAME_SHOWN];
    uint32_t i;
    if (!gpu->stop_poll(gpu->stop_context))
        return 0;
    for (i = 0; i < gpu->num_active; i++)
        wake(&gpu->sms[gpu->active[i]], gpu->cycle);
    gpu->interrupted = 1;
    if (in_kernel)
        gs_diag_set(diag, GS_E_INTERRUPTED, NULL, 0, 0,
                    "interrupted before cycle %llu, in kernel %llu (%s) at its cycle %llu",
                    (unsigned long long)gpu->cycle, (unsigned long long)gpu->kernels,
                    gs_str_elide(shown, sizeof shown, gpu->kernel_name),
                    (unsigned long long)(gpu->cycle - gpu->kstart.cycle));
    else
        gs_diag_set(diag, GS_E_INTERRUPTED, NULL, 0, 0,
                    "interrupted before cycle %llu, between kernels (%llu run)",
                    (unsigned long long)gpu->cycle, (unsigned long long)gpu->kernels);
    return 1;
}

/* -gpgpu_deadlock_detect 1: GPGPU-Sim checks every 50000 cycles of a kernel
 * (gpu_sim_cycle % 50000 == 0) that the kernel committed an instruction
 * since the last check, and ends the run when it did not. The loop calls
 * this at each boundary (next_deadlock_check), before the core cycle (a clock
 * jump stops at one). gpusim ends the run as its watchdog does: exit 3 with
 * the dump. */
#define GS_DEADLOCK_PERIOD 50000u

static int deadlock_detected(gs_gpu *gpu, gs_diag *diag)
{
    uint64_t insn = gs_sim_thread_insts(gpu) - gpu->kstart.thread_insts;
    gpu->next_deadlock_check += GS_DEADLOCK_PERIOD;
    if (insn != gpu->deadlock_last_insn) {
        gpu->deadlock_last_insn = insn;
        return 0;
    }
    gpu->watchdog_fired = 1;
    gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                "deadlock: no instruction committed in the %u cycles to cycle %llu of kernel "
                "%llu (-gpgpu_deadlock_detect 1, GPGPU-Sim's check)", GS_DEADLOCK_PERIOD,
                (unsigned long long)(gpu->cycle - gpu->kstart.cycle),
                (unsigned long long)gpu->kernels);
    return 1;
}

/* A jump to `target` that must stop at `boundary` (a cycle whose check or
 * sample runs before the SMs): there, or nowhere when it is already due. */
static uint64_t stop_at(const gs_gpu *gpu, uint64_t target, uint64_t boundary)
{
    if (target <= boundary)
        return target;
    return gpu->cycle < boundary ? boundary : gpu->cycle;
}

/* Nothing can happen before next_event: jump there (DESIGN.md section 3). */
static void jump(gs_gpu *gpu)
{
    uint64_t target = next_event(gpu), deadline;
    deadline = gpu->last_progress + gpu->cfg->watchdog_cycles + 1u;
    if (target > deadline)
        target = deadline;   /* never wakes (a barrier deadlock): the watchdog fires */
    /* Stop where a jump could change what is read: the cycle before
     * -gpgpu_max_cycle (that cycle's memory edges still run, as without the
     * jump) and a sample's cycle (the memory domains' edges before it run
     * first: DRAM cycles count while idle). */
    if (gpu->cfg->max_cycle && target >= gpu->cfg->max_cycle)
        target = gpu->cycle < gpu->cfg->max_cycle ? gpu->cfg->max_cycle - 1u : gpu->cycle;
    target = stop_at(gpu, target, gpu->next_sample);            /* a sample due now: no jump */
    target = stop_at(gpu, target, gpu->clk.next_cycle);         /* a DVFS change */
    target = stop_at(gpu, target, gpu->next_deadlock_check);    /* the checks run at their */
    target = stop_at(gpu, target, gpu->next_runaway_check);     /* boundaries */
    if (gpu->bus.want_epochs)   /* a mechanism may steer warps at its epoch or wake */
        target = stop_at(gpu, target, gs_event_next_due(&gpu->bus));
    if (target <= gpu->cycle)
        return;
    if (gpu->memsys && gpu->num_active > 0)   /* the skipped cycles count as stepped */
        gs_memsys_core_cycle_seen(gpu->memsys, target - 1u);
    account_residency(gpu, target - gpu->cycle);
    gpu->cycle = target;
}

/* Memory-domain edges before the core edge of `core_cycle` (gpu.h). */
static void step_memory(gs_gpu *gpu, uint64_t core_cycle)
{
    gs_clocks *clk = &gpu->clk;
    uint64_t core_ps = gs_clocks_core_edge_ps(clk, core_cycle);
    for (;;) {
        unsigned d, best = 0;
        for (d = 1; d < 4u; d++)   /* ties: icnt, l2, dram */
            if (best == 0 || clk->next_edge_ps[d] < clk->next_edge_ps[best])
                best = d;
        if (clk->next_edge_ps[best] >= core_ps)
            return;
        if (best == 1)
            gs_memsys_icnt_cycle(gpu->memsys, gpu->domain_cycle[1]);
        else if (best == 2)
            gs_memsys_l2_cycle(gpu->memsys, gpu->domain_cycle[2]);
        else
            gs_memsys_dram_cycle(gpu->memsys, gpu->domain_cycle[3]);
        gpu->domain_cycle[best]++;
        clk->next_edge_ps[best] += clk->period_ps[best];
    }
}

/* The DVFS changes due now (sim/dvfs.h), with the energy model's dynamic
 * parts when a voltage table scales them: 1 when the core's edge moved. A
 * halted crossbar or L2 returns nothing while the SMs keep cycling: the
 * watchdog and GPGPU-Sim's deadlock check wait the halt's core cycles more
 * (rounded up) before they count a cycle without progress. */
static int apply_dvfs(gs_gpu *gpu)
{
    uint64_t dyn[GS_ENERGY_DYN_PARTS];
    int changed;
    if (!gpu->clk.scale_energy)
        changed = gs_clocks_apply_due(&gpu->clk, gpu->cycle, NULL);
    else {
        gs_sim_energy_dynamic(gpu, dyn);
        changed = gs_clocks_apply_due(&gpu->clk, gpu->cycle, dyn);
    }
    if (changed & ((1 << GS_DVFS_ICNT) | (1 << GS_DVFS_L2))) {
        uint64_t p = gpu->clk.period_ps[0];
        uint64_t until = gpu->cycle + (gpu->clk.halt_ps + p - 1u) / p;
        if (gpu->last_progress < until)
            gpu->last_progress = until;   /* "may lie ahead", as after a launch */
        if (gpu->next_deadlock_check != ~(uint64_t)0 &&
            gpu->next_deadlock_check < until + GS_DEADLOCK_PERIOD)
            gpu->next_deadlock_check = until + GS_DEADLOCK_PERIOD;
    }
    return changed & (1 << GS_DVFS_CORE);
}

void gs_sim_set_progress(gs_gpu *gpu, gs_sim_progress_fn fn, void *context,
                         uint64_t every_cycles)
{
    gpu->progress = fn;
    gpu->progress_ctx = context;
    gpu->progress_every = fn ? every_cycles : 0;
    gpu->next_progress = ~(uint64_t)0;
    if (gpu->progress_every)
        gpu->next_progress = (gpu->cycle / every_cycles + 1u) * every_cycles;
}

/* Hand the counters to the hook; a periodic call schedules the next one at
 * the first multiple of the period after this cycle (a jump may skip some). */
static void report_progress(gs_gpu *gpu, unsigned kind)
{
    gs_sim_progress p;
    uint32_t i;
    if (!gpu->progress)
        return;
    p.kind = kind;
    p.kernel = gpu->kernels;
    p.cycle = gpu->cycle;
    p.warp_insts = 0;
    for (i = 0; i < gpu->n_sms; i++)
        p.warp_insts += gpu->sms[i].st.warp_insts;
    if (kind == GS_PROGRESS_CYCLES)
        gpu->next_progress = (gpu->cycle / gpu->progress_every + 1u) * gpu->progress_every;
    gpu->progress(gpu->progress_ctx, &p);
}

static int launch_done(const gs_gpu *gpu)
{
    return gs_cta_kernel_done(&gpu->disp, 0) && gpu->num_active == 0 && gpu->pending_count == 0;
}

/* A limit reached by the kernels before: the next kernel does not start
 * (GPGPU-Sim's active() is already false). The running kernel's completed
 * CTAs start from 0 (GPGPU-Sim's init()), so -gpgpu_max_completed_cta never
 * stops a kernel before it starts. */
gs_status gs_sim_cap_before_kernel(gs_gpu *gpu, gs_diag *diag)
{
    if (gpu->caps_on && cap_reached(gpu, 0, diag))
        return GS_E_LIMIT;
    if (gpu->stop_poll && host_asked_to_stop(gpu, 0, diag))
        return GS_E_INTERRUPTED;
    return GS_OK;
}

/* The launch's memory regions (mem/region.h): each 8-byte parameter whose
 * value lies in a device allocation names it, in parameter order. */
static void launch_regions(gs_gpu *gpu, const gs_exec_launch *launch)
{
    uint32_t i;
    gs_regions_clear(&gpu->regions);
    for (i = 0; i < launch->kernel->num_params; i++) {
        const gs_ptx_param *p = &launch->kernel->params[i];
        uint64_t value, base, bytes;
        if (p->size_bytes != 8u || p->offset + 8u > launch->kernel->param_bytes)
            continue;
        value = gs_le_load(launch->params + p->offset, 8u);
        if (gs_devmem_allocation_of(launch->mem, value, &base, &bytes))
            gs_regions_add(&gpu->regions, base, bytes);
    }
}

gs_status gs_sim_execute(void *context, gs_host *host, gs_exec_launch *launch, gs_diag *diag)
{
    gs_gpu *gpu = (gs_gpu *)context;
    gs_status st;
    (void)host;
    if ((st = gs_sim_cap_before_kernel(gpu, diag)) != GS_OK ||
        (st = gs_sim_prepare_launch(gpu, launch, diag)) != GS_OK)
        return st;
    launch_regions(gpu, launch);
    return gs_sim_run_kernel(gpu, diag);
}

/* KERNEL_LAUNCH / KERNEL_FINISH (base/event.h). */
static void kernel_event(gs_gpu *gpu, unsigned kind, uint64_t cycle)
{
    gs_event ev;
    if (!GS_EVENT_WANTED(&gpu->bus, kind))
        return;
    gs_event_clear(&ev, kind, GS_DOMAIN_CORE, cycle);
    ev.value = gpu->disp.kernels[0].shape.num_ctas;
    /* the key of per-kernel memory (DWT-CS): a relaunched kernel is the
     * same name (seed-000 5.2-8) */
    ev.addr = gs_hash_finish(gs_hash_bytes(GS_HASH_SEED, gpu->kernel_name,
                                           strlen(gpu->kernel_name)));
    gs_event_emit(&gpu->bus, &ev);
}

gs_status gs_sim_run_kernel(gs_gpu *gpu, gs_diag *diag)
{
    gs_status st, fault = GS_OK;
    uint64_t launch_cycle = gpu->cycle;
    if ((st = gs_event_trace_ready(&gpu->trace, diag)) != GS_OK)
        return st;
    /* -gpgpu_kernel_launch_latency: the kernel's first CTA is placed this many
     * core cycles after its launch, and they count in its cycles, as in
     * GPGPU-Sim/Accel-Sim (README "Launch latency") */
    gpu->dispatch_from = gpu->cycle + gpu->cfg->kernel_launch_latency;
    gpu->last_progress = gpu->dispatch_from;
    gpu->bus.kernel = (uint32_t)gpu->kernels;
    gs_sim_kernel_started(gpu);
    gpu->deadlock_last_insn = 0;
    /* the window opens when the kernel's first warps can run: a long launch
     * latency is not a deadlock (as for the watchdog) */
    gpu->next_deadlock_check = gpu->cfg->deadlock_detect
        ? gpu->dispatch_from + gpu->cfg->tb_launch_latency + GS_DEADLOCK_PERIOD
        : ~(uint64_t)0;
    gpu->next_runaway_check = gpu->cfg->launch_inst_limit ? gpu->cycle + GS_RUNAWAY_PERIOD
                                                          : ~(uint64_t)0;
    kernel_event(gpu, GS_EV_KERNEL_LAUNCH, launch_cycle);
    report_progress(gpu, GS_PROGRESS_KERNEL_START);
    while (!launch_done(gpu)) {
        int awake;
        if (gpu->caps_on && cap_reached(gpu, 1, diag)) {
            gs_sim_kernel_finished(gpu);   /* the cut kernel's block, then stop */
            return GS_E_LIMIT;
        }
        if (gpu->stop_poll && host_asked_to_stop(gpu, 1, diag)) {
            gs_sim_kernel_finished(gpu);   /* likewise */
            return GS_E_INTERRUPTED;
        }
        if (gpu->cycle >= gpu->next_deadlock_check && deadlock_detected(gpu, diag))
            return GS_E_LIMIT;
        if (gpu->cycle >= gpu->next_runaway_check && runaway(gpu, diag))
            return GS_E_RUNAWAY;
        if (gpu->cycle >= gpu->next_progress)
            report_progress(gpu, GS_PROGRESS_CYCLES);
        if (gpu->memsys)
            step_memory(gpu, gpu->cycle);
        /* DVFS changes due now (sim/dvfs.h): after the memory edges before this
         * cycle's edge; a core change moves the edge later, and the memory
         * edges before the new one run before the cycle does */
        if (gpu->clk.next_cycle <= gpu->cycle && apply_dvfs(gpu) && gpu->memsys)
            step_memory(gpu, gpu->cycle);
        if (gpu->next_sample <= gpu->cycle)   /* after the memory edges (gpu_samples.c) */
            gs_sim_take_samples(gpu);
        if (gpu->dispatch_dirty && gpu->cycle >= gpu->dispatch_from &&
            (st = dispatch_ctas(gpu, diag)) != GS_OK)
            return st;
        if (gpu->pending_count > 0 && (st = start_pending(gpu, diag)) != GS_OK)
            return st;
        awake = step_sms(gpu, &fault);
        account_residency(gpu, 1u);
        deactivate_drained(gpu);
        if (fault != GS_OK) {
            *diag = gpu->fe.fault_diag;
            return fault;
        }
        if (gpu->bus.want_epochs)
            gs_event_end_cycle(&gpu->bus, gpu->cycle);
        gpu->cycle++;
        if (watchdog(gpu, diag))
            return GS_E_LIMIT;
        if (!awake && gpu->cfg->clock_jump &&
            (!gpu->dispatch_dirty || gpu->cycle < gpu->dispatch_from) &&
            (gpu->num_active > 0 || gpu->pending_count > 0 || gpu->dispatch_dirty) &&
            (!gpu->memsys || !gs_memsys_busy(gpu->memsys))) {
            jump(gpu);
            if (watchdog(gpu, diag))
                return GS_E_LIMIT;
        }
    }
    kernel_event(gpu, GS_EV_KERNEL_FINISH, gpu->cycle > launch_cycle ? gpu->cycle - 1u
                                                                    : launch_cycle);
    if ((st = gpu->fe.ops->kernel_end(&gpu->fe, diag)) != GS_OK)
        return st;
    gs_sim_kernel_finished(gpu);
    report_progress(gpu, GS_PROGRESS_KERNEL_END);
    return GS_OK;
}
