/*
 * The memory system below the SM pipelines (DESIGN.md section 3;
 * spec/seed-004-gpgpu-arch-book.md sections 1.3-1.5; contract in
 * mem/memsys.h): sizing and building the LD/ST units, both crossbars and the
 * memory partitions from the configuration, the clock-domain steps, the
 * statistics and the watchdog dump.
 *
 * Configuration decisions (specs silent; also in the notes/README):
 *  - crossbar latency = 1 + routing_delay + vc_alloc_delay + sw_alloc_delay
 *    of the BookSim keys (-gs_icnt_*; all 0 when no .icnt file: latency 1);
 *    input buffer = input_buffer_size, else vc_buf_size x num_vcs, else
 *    GS_MEMSYS_ICNT_BUFFER_DEFAULT flits (BookSim vc_buf_size 64 of the
 *    published Fermi .icnt); ejection buffer = ejection_buffer_size, else the
 *    input buffer; speedups input_/output_speedup, else 1;
 *  - -network_mode 2 (GPGPU-Sim's local crossbar) replaces all that: one
 *    whole packet per port per cycle, latency 1, buffers of
 *    -icnt_in_buffer_limit / -icnt_out_buffer_limit packets, arbitration by
 *    -icnt_arbiter_algo (mem/icnt.h);
 *  - -dram_latency is in core cycles (GPGPU-Sim compares it with the core
 *    clock), converted to DRAM cycles rounding up (seed-002 B3);
 *  - -gpgpu_frfcfs_dram_sched_queue_size 0 ("unlimited") is GS_MAX_QUEUE_ENTRIES;
 *  - the DRAM write queue and its watermarks are gpusim options
 *    (-gs_dram_write_queue_size / _high_watermark / _low_watermark, defaults
 *    GPGPU-Sim's -dram_write_queue_size 32:28:16, which is accepted but noted
 *    as not modelled because its a:b:c form has no option type yet);
 *  - requests an SM makes come from one pool sized so the SMs can fill every
 *    L1 MSHR, miss queue and bypass queue and every crossbar buffer; the
 *    partitions have their own pool (mem/partition.c), so the DRAM side can
 *    never be starved by the SM side.
 */
#include "mem/memsys_internal.h"

#include <string.h>

#include "base/config_internal.h"
#include "gs_limits.h"

#define GS_MEMSYS_ICNT_BUFFER_DEFAULT 64u
/* Bypass queue of an SM without an L1 (with one: the dl1 miss-queue size). */
#define GS_MEMSYS_DIRECT_QUEUE_DEFAULT 8u

typedef struct memsys_plan {
    uint32_t n_sms, n_subs;
    uint32_t l1_present;
    gs_cache_params l1;
    gs_tex_cache_params tex;
    uint32_t direct_queue;
    gs_icnt_params request_net, reply_net;
    gs_part_params parts;
    uint32_t sm_pool;
    gs_l1_split split;
    uint32_t split_applies;
} memsys_plan;

static uint32_t or_default(uint32_t value, uint32_t fallback)
{
    return value != 0 ? value : fallback;
}

static void plan_icnt(const gs_config *cfg, const memsys_plan *plan, gs_icnt_params *req,
                      gs_icnt_params *reply)
{
    const gs_icnt_config *k = &cfg->icnt;
    uint32_t buffer = k->input_buffer_size;
    if (buffer == 0)
        buffer = k->vc_buf_size != 0 ? k->vc_buf_size * or_default(k->num_vcs, 1u)
                                     : GS_MEMSYS_ICNT_BUFFER_DEFAULT;
    memset(req, 0, sizeof *req);
    req->n_inputs = plan->n_sms;
    req->n_outputs = plan->n_subs;
    req->flit_bytes = cfg->icnt_flit_bytes;
    req->latency_cycles = 1u + k->routing_delay + k->vc_alloc_delay + k->sw_alloc_delay;
    req->input_buffer_flits = buffer;
    req->output_buffer_flits = or_default(k->ejection_buffer_size, buffer);
    req->input_speedup = or_default(k->input_speedup, 1u);
    req->output_speedup = or_default(k->output_speedup, 1u);
    if (cfg->network_mode == 2) {
        /* GPGPU-Sim's local crossbar (-network_mode 2, the published qv100 and
         * a100 configurations): an input and an output move one whole packet
         * per interconnect cycle whatever its size, buffers count packets,
         * and there are no router delays. */
        req->latency_cycles = 1u;
        req->input_buffer_flits = cfg->icnt_in_buffer_limit;
        req->output_buffer_flits = cfg->icnt_out_buffer_limit;
        req->input_speedup = req->output_speedup = 1u;
        req->whole_packets = 1u;
        req->islip = cfg->icnt_arbiter_algo;
    }
    *reply = *req;
    reply->n_inputs = plan->n_subs;
    reply->n_outputs = plan->n_sms;
}

/* A cache level's parameters; the PRNG stream (and a shared DRRIP PSEL) is
 * set per instance (ldst_full.c, partition.c). */
static void plan_cache(const gs_config *cfg, const gs_cache_config *cc, uint32_t mode,
                       uint32_t policy, gs_cache_params *out)
{
    memset(out, 0, sizeof *out);
    out->config = *cc;
    out->mode = mode;
    out->unbounded_max_lines = cfg->unbounded_max_lines;
    out->policy.kind = policy;
    out->policy.rrip_bits = cfg->rrip_bits;
    out->policy.brrip_epsilon = cfg->brrip_epsilon;
    out->policy.leader_sets = cfg->drrip_leader_sets;
    out->policy.psel_bits = cfg->drrip_psel_bits;
    out->policy.seed = cfg->seed;
}

static uint32_t ceil_div_u64(uint64_t num, uint64_t den)
{
    return (uint32_t)((num + den - 1u) / den);
}

static void plan_dram(const gs_config *cfg, gs_part_dram_cfg *d)
{
    const gs_dram_timing_cfg *t = &cfg->dram_timing;
    d->nbk = t->n_banks;
    d->nbkgrp = t->n_bank_groups;
    d->t_ccd = t->t_ccd;
    d->t_ccdl = t->t_ccdl;
    d->t_rrd = t->t_rrd;
    d->t_rcd = t->t_rcd;
    d->t_ras = t->t_ras;
    d->t_rp = t->t_rp;
    d->t_rc = t->t_rc;
    d->t_cl = t->t_cl;
    d->t_wl = t->t_wl;
    d->t_cdlr = t->t_cdlr;
    d->t_wr = t->t_wr;
    d->t_rtpl = t->t_rtpl;
    d->burst_length = cfg->dram_burst_length;
    d->bus_width_bytes = cfg->dram_buswidth_bytes;
    d->chips_per_channel = cfg->n_mem_per_ctrlr;
    d->data_command_freq_ratio = cfg->dram_data_command_freq_ratio;
    d->read_queue_size = or_default(cfg->frfcfs_queue_entries, GS_MAX_QUEUE_ENTRIES);
    d->write_queue_size = cfg->dram_write_queue_entries;
    d->write_high_watermark = cfg->dram_write_high_watermark;
    d->write_low_watermark = cfg->dram_write_low_watermark;
    d->latency_cycles = ceil_div_u64((uint64_t)cfg->dram_latency_cycles * cfg->clocks.dram_khz,
                                     cfg->clocks.core_khz);
    d->scheduler = cfg->dram_scheduler;
    d->dual_bus = cfg->dram_dual_bus_interface;
}

static void plan_parts(const gs_config *cfg, gs_part_params *p)
{
    memset(p, 0, sizeof *p);
    p->n_channels = cfg->n_mem;
    p->n_sub_per_channel = cfg->n_sub_partition_per_mchannel;
    p->l2_present = cfg->dl2.enabled;
    plan_cache(cfg, &cfg->dl2, cfg->l2_mode, cfg->l2_policy, &p->l2);
    /* Decision (README "Cache policies"): the slices form one L2, as the
     * paper's LLC is one cache, so by default they duel with one PSEL. */
    p->l2_duel_shared = p->l2_present && cfg->l2_mode == GS_CACHE_MODE_NORMAL
                        && cfg->l2_policy == GS_CACHE_POLICY_DRRIP
                        && cfg->l2_drrip_dueling == GS_DRRIP_DUEL_SHARED;
    p->rop_latency_cycles = cfg->l2_rop_latency_cycles;
    p->queue_icnt_l2 = cfg->partition_queues[0];
    p->queue_l2_dram = cfg->partition_queues[1];
    p->queue_dram_l2 = cfg->partition_queues[2];
    p->queue_l2_icnt = cfg->partition_queues[3];
    p->perfect_dram = cfg->perfect_dram;
    p->core_khz = cfg->clocks.core_khz;
    p->dram_khz = cfg->clocks.dram_khz;
    p->intercore_stats = cfg->intercore_stats;
    p->delay_class = cfg->delay_class;
    p->delay_cycles = cfg->delay_cycles;
    p->delay_requests = cfg->delay_requests;
    plan_dram(cfg, &p->dram);
}

/* Adaptive L1D (mem/cache_adapt.h): the tag array holds the most ways any
 * carve-out leaves; the split applies to a normal L1D only. */
static void plan_split(const gs_config *cfg, memsys_plan *plan)
{
    gs_l1_split_from_config(cfg, &plan->split);
    plan->split_applies = plan->split.enabled && plan->l1_present
                          && cfg->l1d_mode == GS_CACHE_MODE_NORMAL;
    if (plan->split_applies && gs_l1_split_check(cfg, NULL) == GS_OK)
        plan->l1.max_assoc = gs_l1_split_max_ways(&plan->split);
}

static void make_plan(const gs_config *cfg, memsys_plan *plan)
{
    uint32_t per_sm;
    memset(plan, 0, sizeof *plan);
    plan->n_sms = gs_config_n_sms(cfg);
    plan->n_subs = gs_config_n_sub_partitions(cfg);
    plan->l1_present = cfg->dl1.enabled;
    plan_cache(cfg, &cfg->dl1, cfg->l1d_mode, cfg->l1d_policy, &plan->l1);
    /* A read waits in the L1 MSHRs as one access of an accepted instruction,
     * which keeps its LD/ST slot until the data is back: at most
     * GS_LDST_SLOTS x GS_COALESCE_MAX_REQS waiters (mem/mshr.h). A fetch-on-
     * write store can outlive its slot; if such stores ever empty the pool, a
     * new miss meets a reservation fail, as with a full MSHR table. */
    plan->l1.mshr_waiter_limit = GS_LDST_SLOTS * GS_COALESCE_MAX_REQS;
    plan_split(cfg, plan);
    plan->tex.config = cfg->tex_l1;
    plan->direct_queue = plan->l1_present ? cfg->dl1.miss_queue_entries
                                          : GS_MEMSYS_DIRECT_QUEUE_DEFAULT;
    plan_icnt(cfg, plan, &plan->request_net, &plan->reply_net);
    plan_parts(cfg, &plan->parts);
    /* Pool exhaustion is back-pressure only (nothing below waits for this pool). */
    per_sm = plan->direct_queue + GS_LDST_SLOTS + GS_MAX_WARPS_PER_SM;   /* + I-fetches */
    if (plan->l1_present)
        per_sm += gs_cache_mshr_entries(&plan->l1) + cfg->dl1.miss_queue_entries;
    if (plan->tex.config.enabled)   /* a texture miss holds its request until the reply */
        per_sm += cfg->tex_l1.miss_queue_entries;
    plan->sm_pool = plan->n_sms * per_sm + plan->n_subs * (plan->parts.queue_icnt_l2 +
                                                           plan->parts.queue_l2_icnt);
}

size_t gs_memsys_bytes(const gs_config *cfg)
{
    memsys_plan plan;
    gs_memsys probe;
    size_t bytes;
    make_plan(cfg, &plan);
    memset(&probe, 0, sizeof probe);
    probe.l1_present = plan.l1_present;
    probe.l1_params = plan.l1;
    probe.tex_params = plan.tex;
    probe.direct_queue_entries = plan.direct_queue;
    probe.stage_entries = cfg->ldst_stage_entries;
    probe.smem_cache_on = cfg->smem_cache;
    probe.shmem_bytes = cfg->shmem_bytes;
    bytes = gs_arena_round(sizeof(gs_memsys));
    bytes += gs_arena_round((size_t)plan.n_sms * sizeof(gs_ldst_full));
    bytes += (size_t)plan.n_sms * gs_ldst_full_bytes(&probe);
    bytes += gs_req_pool_bytes(plan.sm_pool);
    bytes += gs_arena_round((size_t)plan.sm_pool * sizeof(uint32_t));
    bytes += gs_icnt_bytes(&plan.request_net) + gs_icnt_bytes(&plan.reply_net);
    bytes += gs_partitions_bytes(&plan.parts);
    return bytes;
}

/* The largest packet must fit the crossbar buffers. */
static gs_status check_plan(const gs_config *cfg, const memsys_plan *plan, gs_diag *diag)
{
    uint32_t line = plan->l1_present ? cfg->dl1.line_bytes : 128u;
    uint32_t flits;
    if (plan->parts.l2_present && cfg->dl2.line_bytes > line)
        line = cfg->dl2.line_bytes;
    if (plan->tex.config.enabled && cfg->tex_l1.line_bytes > line)
        line = cfg->tex_l1.line_bytes;
    flits = (GS_ICNT_HEADER_BYTES + line + cfg->icnt_flit_bytes - 1u) / cfg->icnt_flit_bytes;
    if (plan->request_net.whole_packets)
        flits = 1u;   /* any buffer of at least one packet (option minimum) */
    if (plan->request_net.input_buffer_flits < flits ||
        plan->request_net.output_buffer_flits < flits)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "crossbar buffers (-gs_icnt_input_buffer_size / "
                           "-gs_icnt_ejection_buffer_size) must hold a %u-flit packet",
                           (unsigned)flits);
    if (cfg->dl1.enabled && cfg->dl1.line_bytes > GS_COALESCE_LINE_MAX)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "-gpgpu_cache:dl1 line size above %u bytes", GS_COALESCE_LINE_MAX);
    return GS_OK;
}

/* Point a combination error at the option of `names` set last
 * (DESIGN.md section 8; base/config_internal.h). */
static gs_status relocate(const gs_config *cfg, const char *const *names, uint32_t count,
                          gs_status st, gs_diag *diag)
{
    char message[GS_DIAG_MSG_MAX];
    if (st != GS_E_CONFIG)
        return st;
    memcpy(message, diag->message, sizeof message);
    message[sizeof message - 1u] = '\0';
    return gs_config_error_at(cfg, gs_config_latest(cfg, names, count), diag, "%s", message);
}

/* -gs_smem_cache 1 (mem/smem_cache.h): a 128-byte block is one row of a
 * 16-bank group, its tags in the other group; it lives beside a normal L1D
 * whose MSHRs and miss queue it shares, in a shared memory of fixed size. */
#define SMEM_CACHE_OPTION gs_option_find("gs_smem_cache", 13u)
static gs_status memsys_check_smem_cache(const gs_config *cfg, const memsys_plan *plan,
                                         gs_diag *diag)
{
    uint32_t k;
    if (!cfg->smem_cache)
        return GS_OK;
    if (!plan->l1_present || cfg->l1d_mode != GS_CACHE_MODE_NORMAL)
        return gs_config_error_at(cfg, SMEM_CACHE_OPTION, diag, "-gs_smem_cache 1 shares the "
                                  "L1D's MSHRs and miss queue: it needs a normal L1D "
                                  "(-gpgpu_cache:dl1 not none, -gs_l1d_mode 0)");
    if (cfg->dl1.line_bytes != GS_SMEM_CACHE_BLOCK_BYTES || cfg->shmem_num_banks != 32u)
        return gs_config_error_at(cfg, SMEM_CACHE_OPTION, diag, "-gs_smem_cache 1 stores "
                                  "128-byte blocks in two groups of 16 eight-byte banks: it "
                                  "needs a 128-byte L1D line (has %u) and -gpgpu_shmem_num_banks "
                                  "32 (has %u)", (unsigned)cfg->dl1.line_bytes,
                                  (unsigned)cfg->shmem_num_banks);
    if (cfg->ldst_stage_entries != 0)
        return gs_config_error_at(cfg, SMEM_CACHE_OPTION, diag, "-gs_smem_cache 1 serializes "
                                  "the shared-memory banks' accesses at the LD/ST unit's head, "
                                  "which the staged path (-gs_ldst_stage_entries %u) bypasses: "
                                  "use one of them", (unsigned)cfg->ldst_stage_entries);
    if (plan->split_applies)
        return gs_config_error_at(cfg, SMEM_CACHE_OPTION, diag, "-gs_smem_cache 1 needs a fixed "
                                  "shared-memory size: turn the adaptive L1D/shared-memory split "
                                  "off (-gpgpu_adaptive_cache_config 0)");
    if (gs_smem_cache_blocks_for(cfg->shmem_bytes, &k) == 0)
        return gs_config_error_at(cfg, SMEM_CACHE_OPTION, diag, "-gs_smem_cache 1: a %u-byte "
                                  "shared memory holds no 2 blocks and their tag row (at least "
                                  "%u bytes)", (unsigned)cfg->shmem_bytes,
                                  2u * GS_SMEM_CACHE_ROW_BYTES);
    return GS_OK;
}

/* The texture cache's organisation (mem/tex_cache.h) fixes some letters of
 * its cache string; texture loads are coalesced into its own lines. */
#define TEX_CACHE_OPTION gs_option_find("gpgpu_tex_cache:l1", 18u)
static gs_status memsys_check_tex_cache(const gs_config *cfg, const memsys_plan *plan,
                                        gs_diag *diag)
{
    const gs_cache_config *t = &cfg->tex_l1;
    if (!plan->tex.config.enabled)
        return GS_OK;
    if (t->mshr_type != GS_MSHR_TEX_FIFO && t->mshr_type != GS_MSHR_SECTOR_TEX_FIFO)
        return gs_config_error_at(cfg, TEX_CACHE_OPTION, diag, "-gpgpu_tex_cache:l1: the "
                                  "texture cache queues fragments and misses in FIFOs: its MSHR "
                                  "type must be F or T (fragment FIFO:miss FIFO,reorder "
                                  "buffer:result FIFO)");
    if (t->write_policy != GS_WRITE_READ_ONLY || t->alloc_policy != GS_ALLOC_ON_MISS)
        return gs_config_error_at(cfg, TEX_CACHE_OPTION, diag, "-gpgpu_tex_cache:l1: the "
                                  "texture cache is read-only and its tag array allocates on "
                                  "miss, ahead of the data: write policy R and allocation m");
    if (t->line_bytes < GS_CACHE_SECTOR_BYTES || t->line_bytes > GS_COALESCE_LINE_MAX)
        return gs_config_error_at(cfg, TEX_CACHE_OPTION, diag, "-gpgpu_tex_cache:l1: a %u-byte "
                                  "line; texture loads are coalesced into the texture cache's "
                                  "lines, which the coalescer takes from %u to %u bytes",
                                  (unsigned)t->line_bytes, GS_CACHE_SECTOR_BYTES,
                                  GS_COALESCE_LINE_MAX);
    return GS_OK;
}

/* Every memory-system combination check, before anything is built. */
static gs_status memsys_check_config(const gs_config *cfg, const memsys_plan *plan, gs_diag *diag)
{
    static const char *const icnt[] = {
        "icnt_flit_size", "gs_icnt_input_buffer_size", "gs_icnt_ejection_buffer_size",
        "gs_icnt_vc_buf_size", "gs_icnt_num_vcs", "gpgpu_cache:dl1", "gpgpu_cache:dl2"
    };
    static const char *const parts[] = {
        "gpgpu_dram_partition_queues", "gpgpu_cache:dl2", "gs_dram_write_queue_size",
        "gs_dram_write_high_watermark", "gs_dram_write_low_watermark",
        "gpgpu_dram_timing_opt", "gpgpu_frfcfs_dram_sched_queue_size", "gpgpu_dram_burst_length",
        "gpgpu_dram_buswidth", "dram_data_command_freq_ratio", "gpgpu_n_mem_per_ctrlr"
    };
    static const char *const split[] = {
        "gpgpu_adaptive_cache_config", "gpgpu_shmem_option", "gpgpu_unified_l1d_size",
        "gpgpu_cache:dl1", "gpgpu_shmem_size", "gs_l1d_mode"
    };
    gs_status st = relocate(cfg, icnt, 7, check_plan(cfg, plan, diag), diag);
    if (st != GS_OK)
        return st;
    st = memsys_check_smem_cache(cfg, plan, diag);
    if (st == GS_OK)
        st = memsys_check_tex_cache(cfg, plan, diag);
    if (st != GS_OK)
        return st;
    st = relocate(cfg, parts, 11, gs_part_params_check(&plan->parts, diag), diag);
    if (st != GS_OK)
        return st;
    return relocate(cfg, split, 6, gs_l1_split_check(cfg, diag), diag);
}

static gs_status init_parts(gs_memsys *sys, gs_arena *arena, const gs_config *cfg,
                            const memsys_plan *plan, gs_diag *diag)
{
    gs_addrmap_params map_params;
    gs_status st;
    gs_addrmap_params_from_config(cfg, &map_params);
    st = gs_addrmap_compile(&sys->map, cfg->mem_addr_mapping, &map_params, diag);
    if (st == GS_OK)
        st = gs_icnt_init(&sys->request_net, arena, &plan->request_net, diag);
    if (st == GS_OK)
        st = gs_icnt_init(&sys->reply_net, arena, &plan->reply_net, diag);
    if (st == GS_OK)
        st = gs_partitions_init(&sys->parts, arena, &plan->parts, &sys->map, &sys->sm_pool,
                                &sys->request_net, &sys->reply_net, diag);
    return st;
}

static void init_params(gs_memsys *sys, const gs_config *cfg, const memsys_plan *plan)
{
    sys->n_sms = plan->n_sms;
    sys->n_subs = plan->n_subs;
    sys->l1_latency_cycles = cfg->l1_latency_cycles;
    /* -gs_l1d_index_latency (issue 16 item 1, seed-000 5.2-12): computing a
     * hashed set index (PRIC/IPOLY, XOR, the Fermi hash) costs these cycles
     * on the L1D hit path; linear indexing takes address bits and costs none.
     * Decision: hits only (a hit's data returns that much later); a miss's
     * index is computed while its request is formed, under the miss latency. */
    sys->l1_hit_extra_cycles = cfg->dl1.set_index != GS_INDEX_LINEAR ? cfg->l1d_index_latency : 0u;
    sys->smem_latency_cycles = cfg->smem_latency_cycles;
    sys->direct_queue_entries = plan->direct_queue;
    sys->stage_entries = cfg->ldst_stage_entries;
    sys->l1_params = plan->l1;
    sys->l1_present = plan->l1_present;
    sys->tex_params = plan->tex;
    sys->perfect_const = cfg->perfect_inst_const_cache;
    sys->smem_cache_on = cfg->smem_cache;
    sys->shmem_bytes = cfg->shmem_bytes;
    sys->shmem.n_banks = cfg->shmem_num_banks;
    sys->shmem.bank_bytes = 4u;   /* seed-004 1.3.2: 32-bit banks */
    sys->coalesce.line_bytes = plan->l1_present ? cfg->dl1.line_bytes : 128u;
    sys->coalesce.warp_parts = 1u;
    sys->coalesce.sector = plan->l1_present ? cfg->dl1.sector : 0u;
    sys->coalesce.order = GS_COALESCE_ORDER_FIRST_LANE;
    sys->tex_coalesce = sys->coalesce;   /* texture loads: the texture cache's lines */
    sys->tex_coalesce.line_bytes = plan->tex.config.enabled ? cfg->tex_l1.line_bytes : 128u;
    sys->tex_coalesce.sector = plan->tex.config.enabled ? cfg->tex_l1.sector : 0u;
    sys->flush_applies = plan->l1_present && cfg->flush_l1_cache
                         && cfg->l1d_mode == GS_CACHE_MODE_NORMAL;
}

/* Before the first kernel, every L1D as if the kernel used no shared memory. */
static void init_split(gs_memsys *sys, const memsys_plan *plan)
{
    gs_l1_choice first;
    uint32_t i;
    sys->split = plan->split;
    sys->split_applies = 1;
    (void)gs_l1_split_choose(&sys->split, 0, &first, NULL);
    for (i = 0; i < sys->n_sms; i++)
        (void)gs_cache_set_ways(&sys->ldst[i].l1, first.ways, (int)first.on_fill);
    sys->split_now = first;
}

gs_status gs_memsys_init(gs_memsys **out, gs_arena *arena, const gs_config *cfg, gs_diag *diag)
{
    memsys_plan plan;
    gs_memsys *sys;
    gs_status st;
    uint32_t i;
    make_plan(cfg, &plan);
    st = memsys_check_config(cfg, &plan, diag);
    if (st != GS_OK)
        return st;
    sys = gs_arena_alloc(arena, sizeof *sys);
    if (sys == NULL)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for the memory system");
    init_params(sys, cfg, &plan);
    st = gs_coalesce_check(&sys->coalesce, diag);
    if (st == GS_OK)
        st = gs_coalesce_check(&sys->tex_coalesce, diag);
    if (st == GS_OK)
        st = gs_shmem_check(&sys->shmem, diag);
    if (st == GS_OK)
        st = gs_req_pool_init(&sys->sm_pool, arena, plan.sm_pool, diag);
    sys->req_slot = gs_arena_alloc(arena, (size_t)plan.sm_pool * sizeof(uint32_t));
    sys->ldst = gs_arena_alloc(arena, (size_t)plan.n_sms * sizeof(gs_ldst_full));
    if (st == GS_OK && (sys->req_slot == NULL || sys->ldst == NULL))
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for the memory system");
    if (st == GS_OK)
        st = init_parts(sys, arena, cfg, &plan, diag);
    for (i = 0; st == GS_OK && i < plan.n_sms; i++)
        st = gs_ldst_full_init(&sys->ldst[i], sys, i, arena, diag);
    if (st == GS_OK && plan.split_applies)
        init_split(sys, &plan);
    if (st == GS_OK)
        *out = sys;
    return st;
}

/* -gpgpu_flush_l1_cache 1: GPGPU-Sim invalidates every L1D when a kernel
 * ends. Kernels run one after another and nothing touches an L1D between
 * them, so gpusim invalidates when the next kernel starts (the same contents
 * for every kernel; a run's last kernel leaves its lines, which nothing
 * reads). Lines follow gs_cache_invalidate_all's rules (a dirty line of a
 * write-back L1D is dropped without its write-back and counted). Only the
 * normal L1D mode: the unbounded and bypass characterisation modes keep
 * their meaning. The texture caches are invalidated at every kernel start
 * after the first, whatever the option (mem/tex_cache.h). */
static void flush_l1s(gs_memsys *sys)
{
    uint32_t i;
    /* mem/tex_cache.h: the texture cache is not coherent with writes */
    if (sys->tex_params.config.enabled && sys->kernels_started != 0)
        for (i = 0; i < sys->n_sms; i++)
            (void)gs_tex_cache_invalidate_all(&sys->ldst[i].tex);
    if (!sys->flush_applies || sys->kernels_started == 0)
        return;
    for (i = 0; i < sys->n_sms; i++) {
        sys->flush_lines_dropped += gs_cache_invalidate_all(&sys->ldst[i].l1);
        sys->ldst[i].retry_blocked = 0;   /* the L1D changed: retry for real */
        if (sys->smem_cache_on)   /* the shared-memory cache is the L1's other half */
            sys->ldst[i].stats.smem_flush_drops +=
                gs_smem_cache_invalidate_all(&sys->ldst[i].smem, sys->core_cycles_seen);
    }
    sys->flushes++;
}

/* The adaptive split's choice for the kernel that starts (mem/cache_adapt.h). */
static gs_status apply_split(gs_memsys *sys, uint64_t shmem_bytes_per_sm, gs_diag *diag)
{
    gs_l1_choice choice;
    gs_status st;
    uint32_t i;
    if ((st = gs_l1_split_choose(&sys->split, shmem_bytes_per_sm, &choice, diag)) != GS_OK)
        return st;
    if (choice.ways != sys->split_now.ways)
        sys->split_reconfigs++;
    for (i = 0; i < sys->n_sms; i++) {
        sys->split_lines_dropped += gs_cache_set_ways(&sys->ldst[i].l1, choice.ways,
                                                      (int)choice.on_fill);
        sys->ldst[i].retry_blocked = 0;   /* the L1D changed: retry for real */
    }
    if (sys->kernels_started == 0 || choice.l1d_kb < sys->split_l1d_kb_min)
        sys->split_l1d_kb_min = choice.l1d_kb;
    if (choice.l1d_kb > sys->split_l1d_kb_max)
        sys->split_l1d_kb_max = choice.l1d_kb;
    sys->split_now = choice;
    return GS_OK;
}

gs_status gs_memsys_kernel_start(gs_memsys *sys, uint64_t shmem_bytes_per_sm, gs_diag *diag)
{
    gs_status st;
    flush_l1s(sys);
    st = sys->split_applies ? apply_split(sys, shmem_bytes_per_sm, diag) : GS_OK;
    sys->kernels_started++;
    return st;
}

gs_ldst *gs_memsys_ldst(gs_memsys *sys, uint32_t sm)
{
    GS_ASSERT(sm < sys->n_sms);
    return &sys->ldst[sm].iface;
}

gs_status gs_memsys_set_stage_owner(gs_memsys *sys, gs_stage_pick_fn pick, void *ctx,
                                    uint32_t flags, const char *owner, gs_diag *diag)
{
    uint32_t i;
    if (sys->stage_entries == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "%s needs the staged LD/ST path: set -gs_ldst_stage_entries above 0",
                           owner);
    if (sys->stage_owner != NULL)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "%s and %s both want to own the staged LD/ST path", owner,
                           sys->stage_owner);
    sys->stage_owner = owner;
    for (i = 0; i < sys->n_sms; i++) {
        sys->ldst[i].pick = pick;
        sys->ldst[i].pick_ctx = ctx;
        sys->ldst[i].stage_flags = flags;
    }
    return GS_OK;
}

int gs_memsys_l2_resizable(const gs_memsys *sys, uint32_t *assoc)
{
    if (!sys->parts.params.l2_present || sys->parts.subs[0].l2.mode != GS_CACHE_MODE_NORMAL)
        return 0;
    *assoc = sys->parts.subs[0].l2.way_stride;
    return 1;
}

void gs_memsys_l2_track_ways(gs_memsys *sys, uint64_t *cycles_at)
{
    sys->l2_cycles_at = cycles_at;
}

void gs_memsys_l2_resize(gs_memsys *sys, uint32_t ways, uint64_t core_cycle)
{
    uint32_t now = sys->l2_ways_now ? sys->l2_ways_now : sys->parts.subs[0].l2.way_stride;
    sys->l2_cycles_at[now] += core_cycle - sys->l2_ways_since;
    sys->l2_ways_since = core_cycle;
    sys->l2_ways_now = ways;
    gs_partitions_l2_resize(&sys->parts, ways);
}

uint64_t gs_memsys_l2_cycles_at(const gs_memsys *sys, uint32_t ways, uint64_t core_cycles)
{
    uint32_t now = sys->l2_ways_now ? sys->l2_ways_now : sys->parts.subs[0].l2.way_stride;
    uint64_t c;
    if (ways == 0 || ways > sys->parts.subs[0].l2.way_stride)
        return 0;
    c = sys->l2_cycles_at != NULL ? sys->l2_cycles_at[ways] : 0u;   /* NULL: never resized */
    if (ways == now && core_cycles > sys->l2_ways_since)
        c += core_cycles - sys->l2_ways_since;
    return c;
}

void gs_memsys_l2_flush_totals(const gs_memsys *sys, uint64_t *writebacks,
                               uint64_t *dirty_sets)
{
    gs_cache_stats l2;
    gs_partitions_l2_stats(&sys->parts, &l2);   /* the slices' counters, summed */
    *writebacks = l2.flush_writebacks;
    *dirty_sets = l2.flush_dirty_sets;
}

gs_status gs_memsys_set_dram_owner(gs_memsys *sys, gs_dram_schedule_fn schedule, void *ctx,
                                   const char *owner, gs_diag *diag)
{
    if (sys->dram_owner != NULL)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "%s and %s both want to take the DRAM scheduler's choice", owner,
                           sys->dram_owner);
    if (sys->parts.params.perfect_dram)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "%s schedules DRAM requests, but the DRAM is perfect "
                           "(-gs_perfect_dram 0)", owner);
    sys->dram_owner = owner;
    gs_partitions_set_dram_owner(&sys->parts, schedule, ctx);
    return GS_OK;
}

void gs_memsys_set_events(gs_memsys *sys, const gs_event_bus *bus)
{
    uint32_t i;
    for (i = 0; i < sys->n_sms; i++)
        gs_ldst_full_set_events(&sys->ldst[i], bus);
    gs_partitions_set_events(&sys->parts, bus);
}

void gs_memsys_icnt_cycle(gs_memsys *sys, uint64_t icnt_cycle)
{
    sys->icnt_cycles_stepped++;
    gs_icnt_cycle(&sys->request_net, icnt_cycle);
    gs_icnt_cycle(&sys->reply_net, icnt_cycle);
}

void gs_memsys_l2_cycle(gs_memsys *sys, uint64_t l2_cycle)
{
    gs_partitions_l2_cycle(&sys->parts, l2_cycle);
}

void gs_memsys_dram_cycle(gs_memsys *sys, uint64_t dram_cycle)
{
    gs_partitions_dram_cycle(&sys->parts, dram_cycle);
}

void gs_memsys_core_cycle_seen(gs_memsys *sys, uint64_t core_cycle)
{
    if (core_cycle + 1u > sys->core_cycles_seen)
        sys->core_cycles_seen = core_cycle + 1u;
}

int gs_memsys_busy(const gs_memsys *sys)
{
    uint32_t i;
    if (sys->sm_pool.in_use != 0 || gs_partitions_busy(&sys->parts))
        return 1;
    /* A write in an L1 miss queue holds no pool request yet (nor does a
     * texture miss waiting in its miss FIFO, though its fragment also keeps
     * an LD/ST slot busy). */
    for (i = 0; i < sys->n_sms; i++)
        if ((sys->ldst[i].has_l1 && gs_cache_miss_count(&sys->ldst[i].l1) != 0) ||
            sys->ldst[i].tex.miss_count != 0)
            return 1;
    return 0;
}
