/*
 * Statistics of a timing run and the watchdog dump (gpu.h; issue "SIMT core
 * timing model"; GPGPU-Sim names where they exist: gpu_sim_cycle,
 * gpu_sim_insn, gpgpu_n_tot_w_icount, gpu_ipc). Integers and fixed point
 * only (DESIGN.md section 4). Order is fixed: totals, stall reasons,
 * occupancy, per-SM counters in SM order, active-warp samples in time order.
 * Also the per-kernel blocks GPGPU-Sim prints after each kernel (issue 14):
 * this kernel's and the cumulative counters, built when a kernel finishes,
 * handed to the kernel report and chained into the run's digest.
 */
#include "sim/gpu.h"

#include <string.h>

#include "sim/energy.h"

#define GS_SIM_FIXED_STATS 38u
#define GS_SIM_PER_SM_STATS 4u

uint32_t gs_sim_stats_count(const gs_config *cfg)
{
    /* the memory system's report: counters per SM and per sub-partition */
    uint32_t mem = cfg->perfect_mem ? 0u : 64u + 16u * gs_config_n_sms(cfg) +
                                           16u * gs_config_n_sub_partitions(cfg) +
                                           2u +  /* L1D_mpki, L2_mpki */
                                           3u +  /* the staged LD/ST path */
                                           1u +  /* perfect constant loads */
                                           2u * 10u +  /* L1D_/L2_total_line_* */
                                           gs_config_n_sms(cfg) +  /* L1D_cache_core[i] */
                                           2u +  /* total dram reads / writes */
                                           GS_MEMSYS_BREAKDOWN_ENTRIES;
    if (cfg->intercore_stats)   /* L2 MSHR classes, fraction, histogram; RAW / WAW */
        mem += 4u + 16u + 2u;
    if (cfg->delay_class)
        mem += 2u;
    return mem + gs_mech_stats_count(cfg) + gs_energy_stats_count(cfg) +
           gs_clocks_stats_count(cfg) +
           3u /* capped, capped_by, partial */ +
           GS_SIM_FIXED_STATS + GS_SIM_PER_SM_STATS * gs_config_n_sms(cfg) +
           (cfg->sample_cycles ? GS_SIM_MAX_SAMPLES + 1u : 0u) +
           (cfg->sample_cycles && !cfg->perfect_mem ? 2u * GS_SIM_MAX_SAMPLES : 0u);
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
    if (gpu->cfg->intercore_stats) {   /* seed 002's data-dependency stalls (sm.h) */
        uint64_t raw = 0, waw = 0;
        for (i = 0; i < gpu->n_sms; i++) {
            raw += gpu->sms[i].st.dependency[GS_DEPENDENCY_RAW];
            waw += gpu->sms[i].st.dependency[GS_DEPENDENCY_WAW];
        }
        gs_stats_put_count(stats, "gpgpu_stall_dependency_raw", raw);
        gs_stats_put_count(stats, "gpgpu_stall_dependency_waw", waw);
    }
}

/* Resident warps (issue 14): kernel_warps_per_sm is the average number of
 * warps an SM held over the cycles it held any (warp-cycles over busy
 * SM-cycles, an exact fraction printed to 2 decimals), kernel_warps_per_sm_max
 * the most one SM held at once; kernel_occupancy_warps_per_sm is the limit
 * the resources allow (core/cta_dispatch.h). */
static void put_residency(gs_stats *stats, uint64_t warp_cycles, uint64_t busy_sm_cycles,
                          uint32_t max_warps, const gs_occupancy *occ)
{
    gs_stats_put_ratio(stats, "kernel_warps_per_sm", warp_cycles, busy_sm_cycles, 2);
    gs_stats_put_count(stats, "kernel_warps_per_sm_max", max_warps);
    gs_stats_put_count(stats, "kernel_occupancy_warps_per_sm", occ->warps_per_sm);
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
    /* GPGPU-Sim's: over the cycles each SM held warps only */
    gs_stats_put_ratio_unit(stats, "gpu_tot_occupancy", gpu->warp_cycles * 100u,
                            gpu->busy_sm_cycles * gpu->smp.warp_slots, 4, "%");
    gs_stats_put_count(stats, "kernel_ctas_per_sm", occ->ctas_per_sm);
    put_residency(stats, gpu->last_warp_cycles, gpu->last_busy_sm_cycles, gpu->last_max_warps,
                  occ);
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

/* Misses of `column` per 1000 committed thread instructions over sampling
 * period i (a period without instructions: 0), named by its end cycle. */
static void put_period_mpki(const gs_gpu *gpu, gs_stats *stats, const char *level,
                            uint32_t column, uint32_t i)
{
    char name[GS_STAT_NAME_MAX];
    gs_fmt(name, sizeof name, "%s_mpki_to_%llu", level,
           (unsigned long long)i * gpu->cfg->sample_cycles);
    gs_stats_put_ratio(stats, name,
                       (gs_sim_sample(gpu, i, column) - gs_sim_sample(gpu, i - 1u, column)) *
                           1000u,
                       gs_sim_sample(gpu, i, GS_SAMPLE_THREAD_INSTS) -
                           gs_sim_sample(gpu, i - 1u, GS_SAMPLE_THREAD_INSTS), 4);
}

static void report_sample_stats(const gs_gpu *gpu, gs_stats *stats)
{
    uint32_t i;
    char name[GS_STAT_NAME_MAX];
    if (!gpu->cfg->sample_cycles)
        return;
    for (i = 0; i < gpu->num_samples; i++) {
        gs_fmt(name, sizeof name, "active_warps_at_%llu",
               (unsigned long long)i * gpu->cfg->sample_cycles);
        gs_stats_put_count(stats, name, gs_sim_sample(gpu, i, GS_SAMPLE_ACTIVE_WARPS));
    }
    gs_stats_put_count(stats, "active_warps_samples_dropped", gpu->samples_dropped);
    if (gpu->memsys == NULL)
        return;
    /* L1D MPKI of each sampling period, named by the cycle that ends it (the
     * epochs over which seed-000 2.4's DWT-CS reads MPKI; steady or unsteady
     * thrashing, seed-000 section 3). A period without instructions: 0. */
    for (i = 1; i < gpu->num_samples; i++)
        put_period_mpki(gpu, stats, "L1D", GS_SAMPLE_L1D_MISSES, i);
    /* and the L2's (issue 16 item 6: seed-000 section 5.1-7's epoch counters) */
    for (i = 1; i < gpu->num_samples; i++)
        put_period_mpki(gpu, stats, "L2", GS_SAMPLE_L2_MISSES, i);
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

uint64_t gs_sim_warp_insts(const gs_gpu *gpu)
{
    uint64_t insn = 0;
    uint32_t i;
    for (i = 0; i < gpu->n_sms; i++)
        insn += gpu->sms[i].st.warp_insts;
    return insn;
}

static void energy_counts(const gs_gpu *gpu, gs_energy_counts *n)
{
    uint32_t i;
    memset(n, 0, sizeof *n);
    n->cycles = gpu->cycle;
    n->time_ps = gs_clocks_core_edge_ps(&gpu->clk, gpu->cycle);
    n->nominal_ps = gpu->cycle * gs_config_period_ps(gpu->cfg->clocks.core_khz);
    n->sms = gpu->n_sms;
    for (i = 0; i < gpu->n_sms; i++)
        n->warp_insts += gpu->sms[i].st.warp_insts;
    n->thread_insts = gs_sim_thread_insts(gpu);
    if (gpu->memsys)
        gs_memsys_energy_counts_of(gpu->memsys, gpu->cycle, &n->mem);
}

void gs_sim_energy_dynamic(const gs_gpu *gpu, uint64_t *dyn)
{
    gs_energy_counts n;
    energy_counts(gpu, &n);
    gs_energy_dynamic(gpu->cfg, &n, dyn);
}

static void report_energy(const gs_gpu *gpu, gs_stats *stats)
{
    gs_energy_counts n;
    energy_counts(gpu, &n);
    if (gpu->clk.scale_energy) {   /* DVFS voltages (sim/dvfs.h) */
        uint64_t nominal[GS_ENERGY_DYN_PARTS];
        gs_energy_dynamic(gpu->cfg, &n, nominal);
        gs_clocks_scaled_dynamic(&gpu->clk, nominal, n.dyn_fj);
        n.scaled = 1;
    }
    gs_energy_report(gpu->cfg, &n, stats);
}

void gs_sim_report(const gs_gpu *gpu, gs_stats *stats)
{
    uint32_t i;
    gs_stats_set_blocks(stats, gpu->block_hash, gpu->blocks);
    report_totals(gpu, stats);
    if (gpu->capped_by != NULL) {   /* only then: an uncapped run keeps its bytes */
        gs_stats_put_count(stats, "capped", 1u);
        gs_stats_put_text(stats, "capped_by", gpu->capped_by);
    }
    if (gpu->interrupted)   /* likewise only then */
        gs_stats_put_count(stats, "partial", 1u);
    report_stalls(gpu, stats);
    report_collector(gpu, stats);
    report_occupancy(gpu, stats);
    report_sms(gpu, stats);
    report_sample_stats(gpu, stats);
    if (gpu->memsys) {
        gs_memsys_report(gpu->memsys, stats);
        gs_memsys_report_mpki(gpu->memsys, stats, gs_sim_thread_insts(gpu));
    }
    for (i = 0; i < gpu->n_mechs; i++)   /* last: a run without them keeps its bytes */
        if (gpu->mech_ops[i]->report != NULL)
            gpu->mech_ops[i]->report(gpu->mech_state[i], stats);
    if (gpu->cfg->energy)   /* likewise (sim/energy.c) */
        report_energy(gpu, stats);
    gs_clocks_report(&gpu->clk, gpu->cycle, stats);   /* only with a DVFS schedule */
}

/* ---- per-kernel blocks (GPGPU-Sim prints one after each kernel) ---- */

#define GS_SIM_BLOCK_FIXED 48u

uint32_t gs_sim_stats_texts(const gs_config *cfg)
{
    return 1u +   /* capped_by */
           (cfg->perfect_mem ? 0u : gs_config_n_sms(cfg));   /* L1D_cache_core[i] lines */
}

uint32_t gs_sim_block_stats_count(const gs_config *cfg)
{
    return GS_SIM_BLOCK_FIXED + (cfg->perfect_mem ? 0u : GS_MEMSYS_BREAKDOWN_ENTRIES);
}

void gs_sim_set_kernel_report(gs_gpu *gpu, gs_sim_kernel_report_fn fn, void *context)
{
    gpu->kernel_report = fn;
    gpu->kernel_report_ctx = context;
}

void gs_sim_set_kernel_name(gs_gpu *gpu, const char *name)
{
    gs_str_copy(gpu->kernel_name, sizeof gpu->kernel_name, name);
}

void gs_sim_set_kernel_source(gs_gpu *gpu, const char *file, uint32_t line)
{
    gs_str_copy(gpu->kernel_file, sizeof gpu->kernel_file, file ? file : "");
    gpu->kernel_line = line;
}

void gs_sim_kernel_started(gs_gpu *gpu)
{
    gs_kernel_mark *m = &gpu->kstart;
    m->cycle = gpu->cycle;
    m->ps = gs_clocks_core_edge_ps(&gpu->clk, gpu->cycle);
    m->thread_insts = gs_sim_thread_insts(gpu);
    m->warp_insts = gs_sim_warp_insts(gpu);
    m->warp_cycles = gpu->warp_cycles;
    m->busy_sm_cycles = gpu->busy_sm_cycles;
    if (gpu->memsys)
        gs_memsys_snapshot(gpu->memsys, &m->mem);
    gpu->kernel_max_warps = 0;
}

/* GPGPU-Sim's L2_BW: GB/s (2^30 bytes per second) of 32-byte L2 sector
 * accesses over `time_ps` (core cycles x the core period, or with DVFS the
 * time between the edges: sim/dvfs.h). bytes / (time_ps x 1e-12) / 2^30 =
 * bytes x 5^12 / (time_ps x 2^18), both sides halved while they would
 * overflow (integers only, DESIGN.md 4). */
static void put_bandwidth(gs_stats *b, const char *name, uint64_t bytes, uint64_t time_ps)
{
    const uint64_t five12 = 244140625u, two18 = 262144u;
    uint64_t den = time_ps;
    while (bytes > UINT64_MAX / five12 || den > UINT64_MAX / two18) {
        bytes >>= 1;
        den >>= 1;
    }
    gs_stats_put_ratio_unit(b, name, bytes * five12, den * two18, 4, " GB/Sec");
}

static uint64_t l2_sector_bytes(const gs_cache_stats *l2)
{
    return 32u * gs_cache_all_accesses(l2);
}

/* GPGPU-Sim's five cache summary lines (cumulative, as GPGPU-Sim's are). */
static void put_cache_totals(gs_stats *b, const char *prefix, const gs_cache_totals *t)
{
    char name[GS_STAT_NAME_MAX];
    gs_fmt(name, sizeof name, "%stotal_cache_accesses", prefix);
    gs_stats_put_count(b, name, t->accesses);
    gs_fmt(name, sizeof name, "%stotal_cache_misses", prefix);
    gs_stats_put_count(b, name, t->misses);
    gs_fmt(name, sizeof name, "%stotal_cache_miss_rate", prefix);
    gs_stats_put_ratio(b, name, t->misses, t->accesses, 4);
    gs_fmt(name, sizeof name, "%stotal_cache_pending_hits", prefix);
    gs_stats_put_count(b, name, t->pending_hits);
    gs_fmt(name, sizeof name, "%stotal_cache_reservation_fails", prefix);
    gs_stats_put_count(b, name, t->reservation_fails);
}

/* The memory part of a block: cumulative under GPGPU-Sim's names (Accel-Sim's
 * get_stats.py diffs them between kernels), this kernel's under kernel_*. */
static void block_memory(const gs_gpu *gpu, gs_stats *b)
{
    const gs_memsys_snap *was = &gpu->kstart.mem;
    gs_memsys_snap now;
    gs_cache_totals l1, l1_was, l2, l2_was;
    gs_memsys_snapshot(gpu->memsys, &now);
    gs_cache_totals_of(&now.l1d, &l1);
    gs_cache_totals_of(&was->l1d, &l1_was);
    gs_cache_totals_of(&now.l2, &l2);
    gs_cache_totals_of(&was->l2, &l2_was);
    if (now.l1_present) {
        put_cache_totals(b, "L1D_", &l1);
        gs_stats_put_count(b, "kernel_L1D_cache_accesses", l1.accesses - l1_was.accesses);
        gs_stats_put_count(b, "kernel_L1D_cache_misses", l1.misses - l1_was.misses);
    }
    if (now.l2_present) {
        put_cache_totals(b, "L2_", &l2);
        gs_stats_put_count(b, "kernel_L2_cache_accesses", l2.accesses - l2_was.accesses);
        gs_stats_put_count(b, "kernel_L2_cache_misses", l2.misses - l2_was.misses);
        uint64_t now_ps = gs_clocks_core_edge_ps(&gpu->clk, gpu->cycle);
        put_bandwidth(b, "L2_BW", l2_sector_bytes(&now.l2) - l2_sector_bytes(&was->l2),
                      now_ps - gpu->kstart.ps);
        put_bandwidth(b, "L2_BW_total", l2_sector_bytes(&now.l2), now_ps);
    }
    gs_stats_put_count(b, "total dram reads", now.dram_reads);
    gs_stats_put_count(b, "total dram writes", now.dram_writes);
    gs_stats_put_count(b, "kernel_dram_reads", now.dram_reads - was->dram_reads);
    gs_stats_put_count(b, "kernel_dram_writes", now.dram_writes - was->dram_writes);
    gs_memsys_report_breakdowns(&now, b);
}

void gs_sim_kernel_finished(gs_gpu *gpu)
{
    const gs_kernel_mark *m = &gpu->kstart;
    gs_stats *b = &gpu->block;
    uint64_t insn = gs_sim_thread_insts(gpu), winsn = 0;
    uint64_t cycles = gpu->cycle - m->cycle, kinsn = insn - m->thread_insts;
    uint64_t warp_cycles = gpu->warp_cycles - m->warp_cycles;
    uint64_t busy = gpu->busy_sm_cycles - m->busy_sm_cycles;
    uint32_t i;
    for (i = 0; i < gpu->n_sms; i++)
        winsn += gpu->sms[i].st.warp_insts;
    gpu->last_warp_cycles = warp_cycles;
    gpu->last_busy_sm_cycles = busy;
    gpu->last_max_warps = gpu->kernel_max_warps;
    gs_stats_clear(b);
    gs_stats_put_text(b, "kernel_name", gpu->kernel_name);
    gs_stats_put_count(b, "kernel_launch_uid", gpu->kernels);
    gs_stats_put_count(b, "gpu_sim_cycle", cycles);
    gs_stats_put_count(b, "gpu_sim_insn", kinsn);
    gs_stats_put_ratio(b, "gpu_ipc", kinsn, cycles, 4);
    gs_stats_put_count(b, "gpu_tot_sim_cycle", gpu->cycle);
    gs_stats_put_count(b, "gpu_tot_sim_insn", insn);
    gs_stats_put_ratio(b, "gpu_tot_ipc", insn, gpu->cycle, 4);
    gs_stats_put_count(b, "gpu_tot_issued_cta", gpu->ctas_launched);
    gs_stats_put_count(b, "gpgpu_n_tot_w_icount", winsn);
    /* GPGPU-Sim's occupancy: resident warps over the warp slots of the SMs
     * holding warps, per cycle; this kernel's and the run's so far */
    gs_stats_put_ratio_unit(b, "gpu_occupancy", warp_cycles * 100u,
                            busy * gpu->smp.warp_slots, 4, "%");
    gs_stats_put_ratio_unit(b, "gpu_tot_occupancy", gpu->warp_cycles * 100u,
                            gpu->busy_sm_cycles * gpu->smp.warp_slots, 4, "%");
    gs_stats_put_count(b, "kernel_ctas_per_sm", gpu->last_occupancy.ctas_per_sm);
    put_residency(b, warp_cycles, busy, gpu->kernel_max_warps, &gpu->last_occupancy);
    if (gpu->memsys)
        block_memory(gpu, b);
    gs_stats_flush(b);   /* streamed blocks: the last line out before the digest */
    gpu->block_hash = gs_stats_chain_block(gpu->blocks ? gpu->block_hash : GS_HASH_SEED,
                                           gs_stats_digest(b));
    gpu->blocks++;
    if (gpu->kernel_report != NULL)
        gpu->kernel_report(gpu->kernel_report_ctx, b, gpu->kernels);
    if (b->streamed && b->stream)   /* the empty line gs_stats_print_block_text ends with */
        gs_sink_puts(b->stream, "\n");
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
