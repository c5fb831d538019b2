/*
 * Statistics of a timing run and the watchdog dump (gpu.h; issue "SIMT core
 * timing model"; GPGPU-Sim names where they exist: gpu_sim_cycle,
 * gpu_sim_insn, gpgpu_n_tot_w_icount, gpu_ipc). Integers and fixed point
 * only (DESIGN.md section 4). Order is fixed: totals, stall reasons,
 * occupancy, per-SM counters in SM order, active-warp samples in time order.
 */
#include "sim/gpu.h"

#define GS_SIM_FIXED_STATS 34u
#define GS_SIM_PER_SM_STATS 4u

uint32_t gs_sim_stats_count(const gs_config *cfg)
{
    /* the memory system's report: counters per SM and per sub-partition */
    uint32_t mem = cfg->perfect_mem ? 0u : 64u + 16u * gs_config_n_sms(cfg) +
                                           16u * gs_config_n_sub_partitions(cfg) +
                                           2u +  /* L1D_mpki, L2_mpki */
                                           2u;   /* the staged LD/ST path */
    return mem + gs_mech_stats_count(cfg) +
           GS_SIM_FIXED_STATS + GS_SIM_PER_SM_STATS * gs_config_n_sms(cfg) +
           (cfg->sample_cycles ? GS_SIM_MAX_SAMPLES + 1u : 0u) +
           (cfg->sample_cycles && !cfg->perfect_mem ? GS_SIM_MAX_SAMPLES : 0u);
}

static const char *const stall_stat[GS_STALL_COUNT] = {
    NULL, "gpgpu_sched_idle_no_warps", "gpgpu_stall_unit_busy", "gpgpu_stall_scoreboard",
    "gpgpu_stall_memory", "gpgpu_stall_barrier", "gpgpu_stall_no_instruction",
    "gpgpu_stall_throttled", "gpgpu_stall_collector_full"
};

static void report_totals(const gs_gpu *gpu, gs_stats *stats)
{
    uint64_t insn = 0, winsn = 0, hits = 0, misses = 0, issue = 0, retries = 0;
    uint32_t i;
    for (i = 0; i < gpu->n_sms; i++) {
        const gs_sm_stats *st = &gpu->sms[i].st;
        insn += st->thread_insts;
        winsn += st->warp_insts;
        hits += st->icache_hits;
        misses += st->icache_misses;
        retries += st->icache_miss_retries;
        issue += st->issue_cycles;
    }
    gs_stats_put_count(stats, "gpu_sim_cycle", gpu->cycle);
    gs_stats_put_count(stats, "gpu_sim_insn", insn);
    gs_stats_put_count(stats, "gpgpu_n_tot_w_icount", winsn);
    gs_stats_put_ratio(stats, "gpu_ipc", insn, gpu->cycle, 4);
    gs_stats_put_ratio(stats, "gpu_warp_ipc", winsn, gpu->cycle, 4);
    gs_stats_put_count(stats, "gpu_kernels_launched", gpu->kernels);
    gs_stats_put_count(stats, "gpu_ctas_launched", gpu->ctas_launched);
    gs_stats_put_count(stats, "gpgpu_sm_issue_cycles", issue);
    gs_stats_put_count(stats, "gpgpu_icache_hits", hits);
    gs_stats_put_count(stats, "gpgpu_icache_misses", misses);
    if (gpu->memsys)   /* misses travel below only with the memory system */
        gs_stats_put_count(stats, "gpgpu_icache_miss_retries", retries);
}

static void report_stalls(const gs_gpu *gpu, gs_stats *stats)
{
    uint32_t r, i;
    for (r = 1; r < GS_STALL_COUNT; r++) {
        uint64_t total = 0;
        for (i = 0; i < gpu->n_sms; i++)
            total += gpu->sms[i].st.stall[r];
        gs_stats_put_count(stats, stall_stat[r], total);
    }
}

/* Operand collector (core/opcoll.h), when modelled. */
static void report_collector(const gs_gpu *gpu, gs_stats *stats)
{
    uint64_t reads = 0, bank = 0, wb = 0, disp = 0;
    uint32_t i;
    if (!gpu->smp.oc_enabled)
        return;
    for (i = 0; i < gpu->n_sms; i++) {
        const gs_oc_stats *st = &gpu->sms[i].oc.st;
        reads += st->reads;
        bank += st->bank_conflicts;
        wb += st->wb_conflicts;
        disp += st->dispatch_stalls;
    }
    gs_stats_put_count(stats, "gpgpu_n_reg_operand_reads", reads);
    /* operand reads deferred a cycle: the bank served other reads / a write-back */
    gs_stats_put_count(stats, "gpgpu_n_reg_bank_conflicts", bank);
    gs_stats_put_count(stats, "gpgpu_n_reg_bank_wb_conflicts", wb);
    /* cycles a collector unit with all operands waited for its unit */
    gs_stats_put_count(stats, "gpgpu_n_oc_dispatch_stalls", disp);
}

static void report_occupancy(const gs_gpu *gpu, gs_stats *stats)
{
    const gs_occupancy *occ = &gpu->last_occupancy;
    uint64_t slots = (uint64_t)gpu->n_sms * gpu->smp.warp_slots * gpu->cycle;
    /* achieved: resident warps over warp slots, averaged over every cycle, in % */
    gs_stats_put_ratio(stats, "gpu_occupancy_percent", gpu->warp_cycles * 100u, slots, 2);
    gs_stats_put_count(stats, "kernel_ctas_per_sm", occ->ctas_per_sm);
    gs_stats_put_count(stats, "kernel_warps_per_sm", occ->warps_per_sm);
    gs_stats_put_count(stats, "kernel_limited_by_cta_slots",
                       (occ->limited_by & GS_CTA_RES_CTA_SLOTS) != 0);
    gs_stats_put_count(stats, "kernel_limited_by_threads",
                       (occ->limited_by & GS_CTA_RES_THREADS) != 0);
    gs_stats_put_count(stats, "kernel_limited_by_registers",
                       (occ->limited_by & GS_CTA_RES_REGISTERS) != 0);
    gs_stats_put_count(stats, "kernel_limited_by_shmem",
                       (occ->limited_by & GS_CTA_RES_SHMEM) != 0);
}

static void report_sms(const gs_gpu *gpu, gs_stats *stats)
{
    uint32_t i;
    char name[GS_STAT_NAME_MAX];
    for (i = 0; i < gpu->n_sms; i++) {
        const gs_sm_stats *st = &gpu->sms[i].st;
        gs_fmt(name, sizeof name, "sm%u_warp_insts", (unsigned)i);
        gs_stats_put_count(stats, name, st->warp_insts);
        gs_fmt(name, sizeof name, "sm%u_issue_cycles", (unsigned)i);
        gs_stats_put_count(stats, name, st->issue_cycles);
        gs_fmt(name, sizeof name, "sm%u_idle_cycles", (unsigned)i);
        /* cycles with no resident warp */
        gs_stats_put_count(stats, name, gpu->cycle - st->active_cycles);
        gs_fmt(name, sizeof name, "sm%u_ctas", (unsigned)i);
        gs_stats_put_count(stats, name, st->ctas_done);
    }
}

static void report_samples(const gs_gpu *gpu, gs_stats *stats)
{
    uint32_t i;
    char name[GS_STAT_NAME_MAX];
    if (!gpu->cfg->sample_cycles)
        return;
    for (i = 0; i < gpu->num_samples; i++) {
        gs_fmt(name, sizeof name, "active_warps_at_%llu",
               (unsigned long long)i * gpu->cfg->sample_cycles);
        gs_stats_put_count(stats, name, gpu->samples[i]);
    }
    gs_stats_put_count(stats, "active_warps_samples_dropped", gpu->samples_dropped);
    if (gpu->memsys == NULL)
        return;
    /* L1D MPKI of each sampling period, named by the cycle that ends it (the
     * epochs over which seed-000 2.4's DWT-CS reads MPKI; steady or unsteady
     * thrashing, seed-000 section 3). A period without instructions: 0. */
    for (i = 1; i < gpu->num_samples; i++) {
        gs_fmt(name, sizeof name, "L1D_mpki_to_%llu",
               (unsigned long long)i * gpu->cfg->sample_cycles);
        gs_stats_put_ratio(stats, name,
                           (gpu->sample_l1d_misses[i] - gpu->sample_l1d_misses[i - 1u]) * 1000u,
                           gpu->sample_thread_insts[i] - gpu->sample_thread_insts[i - 1u], 4);
    }
}

/* Committed instructions for MPKI. Decision (seed-000 section 2.1 footnote:
 * "misses / committed instructions x 1000", which does not say warp or
 * thread): thread instructions, gpu_sim_insn, the count GPGPU-Sim (the
 * thesis's simulator) commits; the DWT-CS thrashing threshold of 10
 * (section 2.4) is on that scale: a streaming kernel's coalesced 4-byte loads
 * miss about once per 32 thread loads, far below 10 per thousand thread
 * instructions, but above 10 per thousand warp instructions. */
uint64_t gs_sim_thread_insts(const gs_gpu *gpu)
{
    uint64_t insn = 0;
    uint32_t i;
    for (i = 0; i < gpu->n_sms; i++)
        insn += gpu->sms[i].st.thread_insts;
    return insn;
}

void gs_sim_report(const gs_gpu *gpu, gs_stats *stats)
{
    uint32_t i;
    report_totals(gpu, stats);
    report_stalls(gpu, stats);
    report_collector(gpu, stats);
    report_occupancy(gpu, stats);
    report_sms(gpu, stats);
    report_samples(gpu, stats);
    if (gpu->memsys) {
        gs_memsys_report(gpu->memsys, stats);
        gs_memsys_report_mpki(gpu->memsys, stats, gs_sim_thread_insts(gpu));
    }
    for (i = 0; i < gpu->n_mechs; i++)   /* last: a run without them keeps its bytes */
        if (gpu->mech_ops[i]->report != NULL)
            gpu->mech_ops[i]->report(gpu->mech_state[i], stats);
}

void gs_sim_dump(const gs_gpu *gpu, const gs_sink *sink)
{
    uint32_t i;
    gs_sink_printf(sink, "watchdog dump at core cycle %llu (last progress at %llu):\n",
                   (unsigned long long)gpu->cycle, (unsigned long long)gpu->last_progress);
    gs_sink_printf(sink, "CTA dispatcher: kernel %s, %u CTAs dispatched\n",
                   gs_cta_kernel_done(&gpu->disp, 0) ? "finished" : "running",
                   (unsigned)gpu->ctas_launched);
    for (i = 0; i < gpu->num_active; i++)
        gs_sm_dump(&gpu->sms[gpu->active[i]], sink);
    if (gpu->memsys)
        gs_memsys_dump(gpu->memsys, sink);
}
