/*
 * Statistics and the watchdog dump of the memory system (DESIGN.md sections
 * 4 and 8; issue 5 "statistics with GPGPU-Sim names where they exist"):
 * L1D and L2 totals under GPGPU-Sim's `L1D_` / `L2_` prefixes (summed over
 * SMs / sub-partitions), reservation fails per kilo-cycle (seed-000 2.1
 * "fails PKC"), MPKI (seed-000 2.1 footnote: per committed instruction),
 * GPGPU-Sim's averagemflatency / maxmflatency (core cycles from the LD/ST
 * unit making a request to its reply arriving back: seed 002's memory
 * latency, whose endpoints B15 leaves open), shared-memory bank
 * conflicts, crossbar traffic and stalls, and the partitions' L2/DRAM
 * counters (mem/partition.c). All integers or integer ratios.
 */
#include "mem/memsys_internal.h"
#include "mem/dram.h"

#include <string.h>

static void l1_aggregate(const gs_memsys *sys, gs_cache *sum)
{
    uint32_t i;
    memset(sum, 0, sizeof *sum);
    for (i = 0; i < sys->n_sms; i++) {
        gs_cache_accumulate(sum, &sys->ldst[i].l1);
    }
}

static void ldst_aggregate(const gs_memsys *sys, gs_ldst_stats *sum)
{
    uint32_t i;
    memset(sum, 0, sizeof *sum);
    for (i = 0; i < sys->n_sms; i++) {
        const gs_ldst_stats *s = &sys->ldst[i].stats;
        sum->instructions += s->instructions;
        sum->shmem_instructions += s->shmem_instructions;
        sum->shmem_passes += s->shmem_passes;
        sum->l1_accesses += s->l1_accesses;
        sum->direct_accesses += s->direct_accesses;
        sum->param_accesses += s->param_accesses;
        sum->const_perfect_accesses += s->const_perfect_accesses;
        sum->reservation_stalls += s->reservation_stalls;
        sum->direct_queue_stalls += s->direct_queue_stalls;
        sum->pool_stalls += s->pool_stalls;
        sum->icnt_stalls += s->icnt_stalls;
        sum->fill_stalls += s->fill_stalls;
        sum->instruction_fetches += s->instruction_fetches;
        sum->fetch_queue_stalls += s->fetch_queue_stalls;
        sum->staged += s->staged;
        sum->stage_holds += s->stage_holds;
        sum->assoc_bypasses += s->assoc_bypasses;
        sum->smem_redirected += s->smem_redirected;
        sum->smem_hits += s->smem_hits;
        sum->smem_misses += s->smem_misses;
        sum->smem_migrations += s->smem_migrations;
        sum->smem_l1_kept += s->smem_l1_kept;
        sum->smem_fills += s->smem_fills;
        sum->smem_evictions += s->smem_evictions;
        sum->smem_shared_hits += s->smem_shared_hits;
        sum->smem_write_invalidations += s->smem_write_invalidations;
        sum->smem_port_conflicts += s->smem_port_conflicts;
        sum->smem_flush_drops += s->smem_flush_drops;
        sum->replies += s->replies;
        sum->latency_sum += s->latency_sum;
        if (s->latency_max > sum->latency_max)
            sum->latency_max = s->latency_max;
    }
}

/* -gs_smem_cache 1 (mem/smem_cache.h; seed-001 5.1-8 "shared-memory
 * utilisation, redirected and migrated requests"): only then, so runs
 * without it keep their bytes. Utilisation: valid blocks over the blocks
 * the cache had, per core cycle, summed over the SMs (percent, 2 places). */
static void report_smem_cache(const gs_memsys *sys, const gs_ldst_stats *s, gs_stats *stats)
{
    uint64_t resizes = 0, drops = 0, block_cycles = 0, valid_cycles = 0, blocks_max = 0;
    uint32_t i;
    for (i = 0; i < sys->n_sms; i++) {
        gs_smem_cache c = sys->ldst[i].smem;   /* a copy: accounting closes it at the end */
        gs_smem_cache_account(&c, sys->core_cycles_seen);
        resizes += c.stats.resizes;
        drops += c.stats.resize_drops;
        block_cycles += c.stats.block_cycles;
        valid_cycles += c.stats.valid_cycles;
        if (c.stats.blocks_max > blocks_max)
            blocks_max = c.stats.blocks_max;
    }
    gs_stats_put_count(stats, "smem_cache_redirected", s->smem_redirected);
    gs_stats_put_count(stats, "smem_cache_hits", s->smem_hits);
    gs_stats_put_count(stats, "smem_cache_misses", s->smem_misses);
    gs_stats_put_count(stats, "smem_cache_migrations", s->smem_migrations);
    gs_stats_put_count(stats, "smem_cache_l1d_kept", s->smem_l1_kept);
    gs_stats_put_count(stats, "smem_cache_fills", s->smem_fills);
    gs_stats_put_count(stats, "smem_cache_evictions", s->smem_evictions);
    gs_stats_put_count(stats, "smem_cache_shared_hits", s->smem_shared_hits);
    gs_stats_put_count(stats, "smem_cache_write_invalidations", s->smem_write_invalidations);
    gs_stats_put_count(stats, "smem_cache_port_conflicts", s->smem_port_conflicts);
    gs_stats_put_count(stats, "smem_cache_resizes", resizes);
    gs_stats_put_count(stats, "smem_cache_resize_drops", drops);
    gs_stats_put_count(stats, "smem_cache_flush_drops", s->smem_flush_drops);
    gs_stats_put_count(stats, "smem_cache_blocks_max", blocks_max);
    gs_stats_put_ratio(stats, "smem_cache_utilisation_percent", valid_cycles * 100u,
                       block_cycles, 2);
}

static void report_ldst(const gs_memsys *sys, gs_stats *stats)
{
    gs_ldst_stats s;
    ldst_aggregate(sys, &s);
    gs_stats_put_count(stats, "ldst_mem_instructions", s.instructions);
    gs_stats_put_count(stats, "ldst_l1_accesses", s.l1_accesses);
    gs_stats_put_count(stats, "ldst_l1_bypass_accesses", s.direct_accesses);
    gs_stats_put_count(stats, "ldst_param_accesses", s.param_accesses);
    if (sys->perfect_const)
        gs_stats_put_count(stats, "ldst_const_perfect_accesses", s.const_perfect_accesses);
    gs_stats_put_count(stats, "gpgpu_n_shmem_insn", s.shmem_instructions);
    gs_stats_put_count(stats, "gpgpu_n_shmem_bkconflict", s.shmem_passes - s.shmem_instructions);
    gs_stats_put_count(stats, "ldst_reservation_fail_stalls", s.reservation_stalls);
    gs_stats_put_count(stats, "ldst_bypass_queue_stalls", s.direct_queue_stalls);
    gs_stats_put_count(stats, "ldst_request_pool_stalls", s.pool_stalls);
    gs_stats_put_count(stats, "ldst_icnt_stalls", s.icnt_stalls);
    gs_stats_put_count(stats, "ldst_fill_stalls", s.fill_stalls);
    gs_stats_put_count(stats, "ldst_instruction_fetches", s.instruction_fetches);
    gs_stats_put_count(stats, "ldst_fetch_queue_stalls", s.fetch_queue_stalls);
    if (sys->stage_entries != 0) {   /* only with the staged path: runs without keep their bytes */
        gs_stats_put_count(stats, "ldst_staged_requests", s.staged);
        gs_stats_put_count(stats, "ldst_stage_hold_cycles", s.stage_holds);
        gs_stats_put_count(stats, "ldst_stage_assoc_bypasses", s.assoc_bypasses);
    }
    if (sys->smem_cache_on)
        report_smem_cache(sys, &s, stats);
    gs_stats_put_count(stats, "mem_replies", s.replies);
    gs_stats_put_ratio(stats, "averagemflatency", s.latency_sum, s.replies, 2);
    gs_stats_put_count(stats, "maxmflatency", s.latency_max);
}

/* The texture caches (mem/tex_cache.h), in runs whose kernels sampled a
 * texture: GPGPU-Sim's L1T_ totals (a sector miss counts as a miss), then
 * where accesses waited. */
static void report_tex(const gs_memsys *sys, gs_stats *stats)
{
    gs_tex_cache_stats t;
    uint64_t fails = 0;
    uint32_t i, f;
    if (!sys->tex_params.config.enabled)
        return;
    memset(&t, 0, sizeof t);
    for (i = 0; i < sys->n_sms; i++) {
        const gs_tex_cache_stats *s = &sys->ldst[i].tex.stats;
        t.accesses += s->accesses;
        t.hits += s->hits;
        t.misses += s->misses;
        t.sector_misses += s->sector_misses;
        for (f = 0; f < GS_TEX_FAIL_COUNT; f++)
            t.fails[f] += s->fails[f];
        t.data_wait_cycles += s->data_wait_cycles;
        t.lines_dropped += s->lines_dropped;
    }
    if (t.accesses == 0)
        return;
    for (f = 0; f < GS_TEX_FAIL_COUNT; f++)
        fails += t.fails[f];
    gs_stats_put_count(stats, "L1T_total_cache_accesses", t.accesses);
    gs_stats_put_count(stats, "L1T_total_cache_misses", t.misses);
    gs_stats_put_ratio(stats, "L1T_total_cache_miss_rate", t.misses, t.accesses, 4);
    gs_stats_put_count(stats, "L1T_total_cache_reservation_fails", fails);
    gs_stats_put_count(stats, "tex_cache_sector_misses", t.sector_misses);
    gs_stats_put_count(stats, "tex_cache_fragment_fifo_full", t.fails[GS_TEX_FAIL_FRAGMENT_FIFO]);
    gs_stats_put_count(stats, "tex_cache_set_full", t.fails[GS_TEX_FAIL_LINE]);
    gs_stats_put_count(stats, "tex_cache_miss_fifo_full", t.fails[GS_TEX_FAIL_MISS_FIFO]);
    gs_stats_put_count(stats, "tex_cache_rob_full", t.fails[GS_TEX_FAIL_ROB]);
    gs_stats_put_count(stats, "tex_cache_data_wait_cycles", t.data_wait_cycles);
    gs_stats_put_count(stats, "tex_cache_kernel_start_drops", t.lines_dropped);
}

static void report_icnt(const gs_icnt *net, gs_stats *stats, const char *prefix)
{
    char name[GS_STAT_NAME_MAX];
    gs_fmt(name, sizeof name, "%s_packets", prefix);
    gs_stats_put_count(stats, name, net->stats.packets);
    gs_fmt(name, sizeof name, "%s_flits", prefix);
    gs_stats_put_count(stats, name, net->stats.flits);
    gs_fmt(name, sizeof name, "%s_input_full_stalls", prefix);
    gs_stats_put_count(stats, name, net->stats.push_refused);
    gs_fmt(name, sizeof name, "%s_output_blocked", prefix);
    gs_stats_put_count(stats, name, net->stats.output_blocked);
    gs_fmt(name, sizeof name, "%s_active_cycles", prefix);
    gs_stats_put_count(stats, name, net->stats.active_cycles);
}

/* Adaptive L1D / shared split (mem/cache_adapt.h), only when it is on, so
 * other configurations print exactly what they printed before. The last
 * kernel's carve-out and L1D, the range over the kernels, reconfigurations. */
static void report_split(const gs_memsys *sys, gs_stats *stats)
{
    gs_stats_put_count(stats, "L1D_adaptive_kernels", sys->kernels_started);
    gs_stats_put_count(stats, "L1D_shmem_carveout_kb", sys->split_now.carveout_kb);
    gs_stats_put_count(stats, "L1D_capacity_kb", sys->split_now.l1d_kb);
    gs_stats_put_count(stats, "L1D_ways", sys->split_now.ways);
    gs_stats_put_count(stats, "L1D_capacity_kb_min", sys->split_l1d_kb_min);
    gs_stats_put_count(stats, "L1D_capacity_kb_max", sys->split_l1d_kb_max);
    gs_stats_put_count(stats, "L1D_reconfigs", sys->split_reconfigs);
    gs_stats_put_count(stats, "L1D_reconfig_lines_dropped", sys->split_lines_dropped);
}

/* Lines the kernel boundaries took out of the L1Ds: printed only when the
 * adaptive split or -gpgpu_flush_l1_cache is on. */
static void report_kernel_boundaries(const gs_memsys *sys, gs_stats *stats)
{
    uint64_t dirty_dropped = 0;
    uint32_t i;
    for (i = 0; i < sys->n_sms; i++)
        dirty_dropped += sys->ldst[i].l1.stats.dropped_dirty;
    if (sys->flush_applies) {
        gs_stats_put_count(stats, "L1D_flushes", sys->flushes);
        gs_stats_put_count(stats, "L1D_flush_lines_dropped", sys->flush_lines_dropped);
    }
    gs_stats_put_count(stats, "L1D_dirty_lines_dropped", dirty_dropped);
}

/* GPGPU-Sim's per-core L1D summary lines, before the totals as it prints
 * them: `L1D_cache_core[i]: Access = N, Miss = N, Miss_rate = 0.xxx,
 * Pending_hits = N, Reservation_fails = N` (sector counts, data rows). */
static void report_l1_cores(const gs_memsys *sys, gs_stats *stats)
{
    char name[GS_STAT_NAME_MAX], rate[32], text[GS_STAT_TEXT_MAX];
    gs_cache_totals t;
    uint32_t i;
    gs_stats_set_indent(stats, 1);
    for (i = 0; i < sys->n_sms; i++) {
        gs_cache_totals_of(&sys->ldst[i].l1.stats, &t);
        gs_fmt_ratio(rate, sizeof rate, t.misses, t.accesses, 3);
        gs_fmt(name, sizeof name, "L1D_cache_core[%u]", (unsigned)i);
        gs_fmt(text, sizeof text, "Access = %llu, Miss = %llu, Miss_rate = %s, "
               "Pending_hits = %llu, Reservation_fails = %llu",
               (unsigned long long)t.accesses, (unsigned long long)t.misses, rate,
               (unsigned long long)t.pending_hits, (unsigned long long)t.reservation_fails);
        gs_stats_put_text_line(stats, name, text);
    }
    gs_stats_set_indent(stats, 0);
}

void gs_memsys_snapshot(const gs_memsys *sys, gs_memsys_snap *snap)
{
    gs_cache sum;
    gs_dram_totals t;
    memset(snap, 0, sizeof *snap);
    snap->l1_present = (uint8_t)(sys->l1_present != 0);
    snap->l2_present = (uint8_t)(sys->parts.params.l2_present != 0);
    if (sys->l1_present) {
        l1_aggregate(sys, &sum);
        snap->l1d = sum.stats;
    }
    gs_partitions_l2_stats(&sys->parts, &snap->l2);
    gs_partitions_dram_totals(&sys->parts, &t);
    snap->dram_reads = t.reads;
    snap->dram_writes = t.writes;
}

void gs_memsys_report_breakdowns(const gs_memsys_snap *snap, gs_stats *stats)
{
    if (snap->l1_present)
        gs_cache_report_breakdown(&snap->l1d, stats, "Total_core_cache_stats_breakdown");
    if (snap->l2_present)
        gs_cache_report_breakdown(&snap->l2, stats, "L2_cache_stats_breakdown");
}

void gs_memsys_report(const gs_memsys *sys, gs_stats *stats)
{
    gs_memsys_snap snap;
    gs_cache sum;
    if (sys->l1_present) {
        report_l1_cores(sys, stats);
        l1_aggregate(sys, &sum);
        gs_cache_report(&sum, stats, "L1D_");
        gs_stats_put_ratio(stats, "L1D_reservation_fails_pkc",
                           sum.stats.fails[GS_CACHE_FAIL_NONE] * 1000u,
                           sys->core_cycles_seen, 2);
    }
    if (sys->split_applies)
        report_split(sys, stats);
    if (sys->split_applies || sys->flush_applies)
        report_kernel_boundaries(sys, stats);
    report_ldst(sys, stats);
    report_tex(sys, stats);
    report_icnt(&sys->request_net, stats, "icnt_req");
    report_icnt(&sys->reply_net, stats, "icnt_reply");
    gs_partitions_report(&sys->parts, stats);
    gs_memsys_snapshot(sys, &snap);
    gs_memsys_report_breakdowns(&snap, stats);
}



static uint64_t l2_misses(const gs_memsys *sys)
{
    uint64_t misses = 0;
    uint32_t i;
    if (!sys->parts.params.l2_present)
        return 0;
    for (i = 0; i < sys->parts.n_subs; i++)
        misses += sys->parts.subs[i].l2.stats.misses;
    return misses;
}

uint64_t gs_memsys_l1d_misses(const gs_memsys *sys)
{
    uint64_t l1 = 0;
    uint32_t i;
    for (i = 0; sys->l1_present && i < sys->n_sms; i++)
        l1 += sys->ldst[i].l1.stats.misses;
    return l1;
}

void gs_memsys_sample_counts(const gs_memsys *sys, gs_memsys_sample *out)
{
    uint32_t i, f;
    gs_dram_totals t;
    memset(out, 0, sizeof *out);
    for (i = 0; sys->l1_present && i < sys->n_sms; i++) {
        const gs_cache_stats *s = &sys->ldst[i].l1.stats;
        out->l1d_accesses += s->reads + s->writes;
        out->l1d_misses += s->misses;
        for (f = 0; f < GS_MEMSYS_SAMPLE_FAILS; f++)
            out->l1d_fails[f] += s->fails[f + 1u];
    }
    for (i = 0; sys->parts.params.l2_present && i < sys->parts.n_subs; i++) {
        const gs_cache_stats *s = &sys->parts.subs[i].l2.stats;
        out->l2_accesses += s->reads + s->writes;
        out->l2_misses += s->misses;
    }
    gs_partitions_dram_totals(&sys->parts, &t);
    out->dram_busy_cycles = t.busy_data_cycles;
    out->dram_channel_cycles = sys->parts.dram_cycles_stepped * sys->parts.params.n_channels;
}

void gs_memsys_report_mpki(const gs_memsys *sys, gs_stats *stats, uint64_t committed_insts)
{
    uint64_t l1 = gs_memsys_l1d_misses(sys);
    gs_stats_put_ratio(stats, "L1D_mpki", l1 * 1000u, committed_insts, 4);
    gs_stats_put_ratio(stats, "L2_mpki", l2_misses(sys) * 1000u, committed_insts, 4);
}

void gs_memsys_dump(const gs_memsys *sys, const gs_sink *sink)
{
    uint32_t i;
    gs_sink_printf(sink, "memory system: %u SM requests and %u DRAM requests in flight\n",
                   (unsigned)sys->sm_pool.in_use, (unsigned)sys->parts.pool.in_use);
    for (i = 0; i < sys->n_sms; i++)
        gs_ldst_full_dump(&sys->ldst[i], sink);
    gs_icnt_dump(&sys->request_net, sink, "icnt request crossbar");
    gs_icnt_dump(&sys->reply_net, sink, "icnt reply crossbar");
    gs_partitions_dump(&sys->parts, sink);
}

void gs_memsys_energy_counts_of(const gs_memsys *sys, uint64_t core_cycles,
                                gs_memsys_energy_counts *out)
{
    gs_cache_stats l2;
    gs_dram_totals dram;
    uint32_t i;
    memset(out, 0, sizeof *out);
    for (i = 0; sys->l1_present && i < sys->n_sms; i++) {
        const gs_cache *c = &sys->ldst[i].l1;
        out->l1_accesses += c->stats.reads + c->stats.writes + c->stats.fills;
        out->l1_way_cycles += (uint64_t)c->cfg.assoc * core_cycles;
        out->l1_line_bytes = c->cfg.line_bytes;
    }
    if (sys->parts.params.l2_present) {
        const gs_cache *c = &sys->parts.subs[0].l2;
        uint32_t w;
        gs_partitions_l2_stats(&sys->parts, &l2);
        out->l2_accesses = l2.reads + l2.writes + l2.fills;
        out->l2_line_bytes = c->cfg.line_bytes;
        out->l2_ways = (uint64_t)c->way_stride * sys->parts.n_subs;
        for (w = 1; w <= c->way_stride; w++)
            out->l2_way_cycles += (uint64_t)w * gs_memsys_l2_cycles_at(sys, w, core_cycles);
        out->l2_way_cycles *= sys->parts.n_subs;
    }
    out->icnt_flits = sys->request_net.stats.flits + sys->reply_net.stats.flits;
    gs_partitions_dram_totals(&sys->parts, &dram);
    out->dram_bursts = dram.reads + dram.writes;
    out->dram_acts = dram.acts;
    out->dram_channels = sys->parts.params.n_channels;
    if (out->dram_channels > 0 && !sys->parts.params.perfect_dram)
        out->dram_burst_bytes = gs_partitions_dram(&sys->parts, 0)->atom_bytes;
}
