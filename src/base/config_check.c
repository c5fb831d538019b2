/*
 * Whole-configuration checks: combinations of options that cannot work,
 * run once after the last file and override and before cycle 0
 * (DESIGN.md section 6). Each error is reported at the option of the
 * combination that was set last (or without a place when all are defaults).
 */
#include <string.h>

#include "base/bits.h"
#include "base/cache_policy_list.h"
#include "base/config_internal.h"
#include "gs_limits.h"

static uint32_t log2_floor(uint32_t v)
{
    uint32_t r = 0;
    while (v > 1u) {
        v >>= 1;
        r++;
    }
    return r;
}

static gs_status check_organisation(gs_config *cfg, gs_diag *diag)
{
    static const char *const sms[] = { "gpgpu_n_clusters", "gpgpu_n_cores_per_cluster" };
    static const char *const sub[] = { "gpgpu_n_sub_partition_per_mchannel" };
    if (gs_config_n_sms(cfg) > GS_MAX_SMS)
        return gs_config_error_at(cfg, gs_config_latest(cfg, sms, 2), diag,
                                  "%u clusters x %u cores = %u SMs is above the compiled "
                                  "maximum GS_MAX_SMS = %u (tables/gs_limits.h)",
                                  (unsigned)cfg->n_clusters, (unsigned)cfg->n_cores_per_cluster,
                                  (unsigned)gs_config_n_sms(cfg), GS_MAX_SMS);
    if (!gs_is_pow2(cfg->n_sub_partition_per_mchannel))
        return gs_config_error_at(cfg, gs_config_latest(cfg, sub, 1), diag,
                                  "-gpgpu_n_sub_partition_per_mchannel %u must be a power of two "
                                  "(the sub-partition is taken from bank bits, formats.md 2.3)",
                                  (unsigned)cfg->n_sub_partition_per_mchannel);
    return GS_OK;
}

static gs_status check_sm(gs_config *cfg, gs_diag *diag)
{
    static const char *const sched[] = { "gpgpu_num_sched_per_core", "gpgpu_shader_core_pipeline",
                                         "gpgpu_scheduler" };
    static const char *const widths[] = { "gpgpu_pipeline_widths" };
    uint32_t warps = gs_config_warps_per_sm(cfg);
    const gs_sched_config *s = &cfg->scheduler;
    if (cfg->n_sched_per_core > warps)
        return gs_config_error_at(cfg, gs_config_latest(cfg, sched, 3), diag,
                                  "%u warp schedulers but only %u warps per SM",
                                  (unsigned)cfg->n_sched_per_core, (unsigned)warps);
    if ((s->kind == GS_SCHED_TWO_LEVEL && s->num_active_warps > warps)
        || (s->kind == GS_SCHED_WARP_LIMITING && s->limit_warps > warps))
        return gs_config_error_at(cfg, gs_config_latest(cfg, sched, 3), diag,
                                  "-gpgpu_scheduler limit of %u warps is above the %u warps "
                                  "per SM",
                                  (unsigned)(s->kind == GS_SCHED_TWO_LEVEL ? s->num_active_warps
                                             : s->limit_warps), (unsigned)warps);
    if (cfg->pipeline_widths.count != 11u && cfg->pipeline_widths.count != 13u)
        return gs_config_error_at(cfg, gs_config_latest(cfg, widths, 1), diag,
                                  "-gpgpu_pipeline_widths has %u values; needs 11 (or 13 with "
                                  "the tensor-core pair)", (unsigned)cfg->pipeline_widths.count);
    return GS_OK;
}

/* Latency >= initiation interval: accel-sim#505 segfaults on latency 55 < II 64
 * (spec/formats.md 1.6); and the two lists must pair up. */
static gs_status check_latency_pair(gs_config *cfg, const char *lat_name, const char *ii_name,
                                    const gs_u32_list *lat, const gs_u32_list *ii, gs_diag *diag)
{
    const char *names[2];
    uint32_t i;
    names[0] = lat_name;
    names[1] = ii_name;
    if (lat->count != ii->count)
        return gs_config_error_at(cfg, gs_config_latest(cfg, names, 2), diag,
                                  "-%s has %u values but -%s has %u; they pair up one to one",
                                  lat_name, (unsigned)lat->count, ii_name, (unsigned)ii->count);
    for (i = 0; i < lat->count; i++)
        if (lat->values[i] < ii->values[i])
            return gs_config_error_at(cfg, gs_config_latest(cfg, names, 2), diag,
                                      "-%s entry %u is %u, below its initiation interval "
                                      "%u in -%s (spec/formats.md 1.6)", lat_name,
                                      (unsigned)(i + 1u),
                                      (unsigned)lat->values[i], (unsigned)ii->values[i],
                                      ii_name);
    return GS_OK;
}

static gs_status check_latencies(gs_config *cfg, gs_diag *diag)
{
    gs_status st = check_latency_pair(cfg, "ptx_opcode_latency_int", "ptx_opcode_initiation_int",
                                      &cfg->latency_int, &cfg->initiation_int, diag);
    if (st == GS_OK)
        st = check_latency_pair(cfg, "ptx_opcode_latency_fp", "ptx_opcode_initiation_fp",
                                &cfg->latency_fp, &cfg->initiation_fp, diag);
    if (st == GS_OK)
        st = check_latency_pair(cfg, "ptx_opcode_latency_dp", "ptx_opcode_initiation_dp",
                                &cfg->latency_dp, &cfg->initiation_dp, diag);
    if (st == GS_OK)
        st = check_latency_pair(cfg, "ptx_opcode_latency_sfu", "ptx_opcode_initiation_sfu",
                                &cfg->latency_sfu, &cfg->initiation_sfu, diag);
    return st;
}

static gs_status check_poly(gs_config *cfg, const char *cache_name, const char *poly_name,
                            const gs_cache_config *cache, gs_diag *diag)
{
    char message[256];
    const char *names[2];
    names[0] = cache_name;
    names[1] = poly_name;
    if (cache->ipoly_poly && (!cache->enabled || cache->set_index != GS_INDEX_IPOLY))
        return gs_config_error_at(cfg, gs_config_latest(cfg, names + 1, 1), diag,
                                  "-%s is set but -%s does not use the IPOLY set index 'P'",
                                  poly_name, cache_name);
    if (!gs_cache_check_poly(cache, message, sizeof message))
        return gs_config_error_at(cfg, gs_config_latest(cfg, names, 2), diag, "-%s: %s",
                                  cache_name, message);
    return GS_OK;
}

static gs_status check_caches(gs_config *cfg, gs_diag *diag)
{
    gs_status st = check_poly(cfg, "gpgpu_cache:dl1", "gpgpu_cache:dl1_ipoly_poly", &cfg->dl1,
                              diag);
    if (st == GS_OK)
        st = check_poly(cfg, "gpgpu_cache:dl2", "gpgpu_cache:dl2_ipoly_poly", &cfg->dl2, diag);
    if (st == GS_OK)
        st = check_poly(cfg, "gpgpu_cache:il1", "gpgpu_cache:il1_ipoly_poly", &cfg->il1, diag);
    if (st == GS_OK)
        st = check_poly(cfg, "gpgpu_const_cache:l1", "gpgpu_const_cache:l1_ipoly_poly",
                        &cfg->const_l1, diag);
    if (st == GS_OK)
        st = check_poly(cfg, "gpgpu_tex_cache:l1", "gpgpu_tex_cache:l1_ipoly_poly",
                        &cfg->tex_l1, diag);
    if (st == GS_OK && !cfg->il1.enabled)
        return gs_config_error_at(cfg, gs_option_find("gpgpu_cache:il1", 15), diag,
                                  "-gpgpu_cache:il1 none: the SM cannot fetch instructions "
                                  "without an instruction cache");
    return st;
}

/* DRRIP needs an SRRIP and a BRRIP leader in every constituency: 2L <= sets
 * (src/mem/policy_drrip.c). Only a normal-mode cache runs its policy. */
static gs_status check_drrip(gs_config *cfg, const char *policy_name, uint32_t policy,
                             uint32_t mode, const char *cache_name, const gs_cache_config *cache,
                             gs_diag *diag)
{
    const char *names[3];
    uint32_t leaders;
    if (policy != GS_CACHE_POLICY_DRRIP || !cache->enabled || mode != 0)
        return GS_OK;
    leaders = gs_drrip_leader_sets(cache->n_sets, cfg->drrip_leader_sets);
    if (2u * leaders <= cache->n_sets)
        return GS_OK;
    names[0] = policy_name;
    names[1] = "gs_drrip_leader_sets";
    names[2] = cache_name;
    return gs_config_error_at(cfg, gs_config_latest(cfg, names, 3), diag,
                              "-%s drrip: %u leader set(s) per policy need at least %u sets; "
                              "-%s has %u", policy_name, (unsigned)leaders,
                              (unsigned)(2u * leaders), cache_name, (unsigned)cache->n_sets);
}

static gs_status check_policy_choices(gs_config *cfg, gs_diag *diag)
{
    uint32_t l = cfg->drrip_leader_sets;
    gs_status st;
    if ((l & (l - 1u)) != 0)
        return gs_config_error_at(cfg, gs_option_find("gs_drrip_leader_sets", 20), diag,
                                  "-gs_drrip_leader_sets %u is not a power of two (leaders are "
                                  "one per constituency of sets/N sets)", (unsigned)l);
    if ((cfg->green_page_bytes & (cfg->green_page_bytes - 1u)) != 0)
        return gs_config_error_at(cfg, gs_option_find("gs_green_page_bytes", 19), diag,
                                  "-gs_green_page_bytes %u is not a power of two",
                                  (unsigned)cfg->green_page_bytes);
    st = check_drrip(cfg, "gs_l1d_policy", cfg->l1d_policy, cfg->l1d_mode, "gpgpu_cache:dl1",
                     &cfg->dl1, diag);
    if (st == GS_OK)
        st = check_drrip(cfg, "gs_l2_policy", cfg->l2_policy, cfg->l2_mode, "gpgpu_cache:dl2",
                         &cfg->dl2, diag);
    return st;
}

/* Letters of the 64-bit mapping (after an optional dramid@N;). */
static void count_mapping(const char *map, uint32_t *d_bits, uint32_t *b_bits, int *has_dramid)
{
    const char *p = map;
    *d_bits = 0;
    *b_bits = 0;
    *has_dramid = strncmp(map, "dramid@", 7) == 0;
    if (*has_dramid)
        while (*p && *p++ != ';')
            ;
    for (; *p; p++) {
        *d_bits += *p == 'D';
        *b_bits += *p == 'B';
    }
}

static gs_status check_memory(gs_config *cfg, gs_diag *diag)
{
    static const char *const banks[] = { "gpgpu_mem_addr_mapping", "gpgpu_dram_timing_opt" };
    static const char *const chips[] = { "gpgpu_mem_addr_mapping", "gpgpu_n_mem" };
    static const char *const ipoly[] = { "gpgpu_memory_partition_indexing", "gpgpu_n_mem",
                                         "gpgpu_n_sub_partition_per_mchannel" };
    uint32_t d_bits, b_bits, rounded;
    int has_dramid;
    count_mapping(cfg->mem_addr_mapping, &d_bits, &b_bits, &has_dramid);
    if (b_bits > log2_floor(cfg->dram_timing.n_banks))
        return gs_config_error_at(cfg, gs_config_latest(cfg, banks, 2), diag,
                                  "the address mapping has %u bank bits (B) but nbk=%u banks "
                                  "take at most %u", (unsigned)b_bits,
                                  (unsigned)cfg->dram_timing.n_banks,
                                  (unsigned)log2_floor(cfg->dram_timing.n_banks));
    if (!has_dramid && (!gs_is_pow2(cfg->n_mem) || (1u << d_bits) != cfg->n_mem))
        return gs_config_error_at(cfg, gs_config_latest(cfg, chips, 2), diag,
                                  "without dramid@, the address mapping's %u chip bits (D) must "
                                  "select exactly -gpgpu_n_mem %u channels", (unsigned)d_bits,
                                  (unsigned)cfg->n_mem);
    rounded = 1u << log2_floor(cfg->n_mem);
    if (rounded < cfg->n_mem)
        rounded <<= 1;
    if (cfg->partition_indexing == GS_PARTITION_IPOLY
        && (rounded * cfg->n_sub_partition_per_mchannel < 2u
            || rounded * cfg->n_sub_partition_per_mchannel > (1u << GS_IPOLY_DEGREE_MAX)))
        return gs_config_error_at(cfg, gs_config_latest(cfg, ipoly, 3), diag,
                                  "IPOLY partition indexing needs 2 to %u (rounded) "
                                  "sub-partitions, not %u", 1u << GS_IPOLY_DEGREE_MAX,
                                  (unsigned)(rounded * cfg->n_sub_partition_per_mchannel));
    return GS_OK;
}

/* -gs_event_trace_sm / _warp name an SM and a warp slot this machine has
 * (a filter nothing could pass is a mistake, not an empty trace). */
static gs_status check_event_trace(gs_config *cfg, gs_diag *diag)
{
    static const char *const sm[] = { "gs_event_trace_sm", "gpgpu_n_clusters",
                                      "gpgpu_n_cores_per_cluster" };
    static const char *const warp[] = { "gs_event_trace_warp", "gpgpu_shader_core_pipeline" };
    const gs_event_trace_config *t = &cfg->event_trace;
    if (t->sm != GS_CONFIG_ALL && t->sm >= gs_config_n_sms(cfg))
        return gs_config_error_at(cfg, gs_config_latest(cfg, sm, 3), diag,
                                  "-gs_event_trace_sm %u is not an SM of this configuration "
                                  "(SMs 0 to %u)", (unsigned)t->sm,
                                  (unsigned)gs_config_n_sms(cfg) - 1u);
    if (t->warp != GS_CONFIG_ALL && t->warp >= gs_config_warps_per_sm(cfg))
        return gs_config_error_at(cfg, gs_config_latest(cfg, warp, 2), diag,
                                  "-gs_event_trace_warp %u is not a warp slot of this "
                                  "configuration (slots 0 to %u)", (unsigned)t->warp,
                                  (unsigned)gs_config_warps_per_sm(cfg) - 1u);
    return GS_OK;
}

/* -gs_smem_cache 1 lives in the full memory system's LD/ST unit beside the
 * L1D (mem/smem_cache.h): with perfect memory there is none, and a silent
 * no-op would hide it (the rest is checked with the memory system). */
static gs_status check_smem_cache(gs_config *cfg, gs_diag *diag)
{
    static const char *const names[] = { "gs_smem_cache", "gpgpu_perfect_mem" };
    if (cfg->smem_cache && cfg->perfect_mem)
        return gs_config_error_at(cfg, gs_config_latest(cfg, names, 2), diag,
                                  "-gs_smem_cache 1 shares the L1D's MSHRs and miss queue: it "
                                  "needs the memory system (-gpgpu_perfect_mem 0)");
    return GS_OK;
}

/* Seed 002's statistics and delay experiment (-gs_intercore_stats,
 * -gs_delay_class) live in the L2 sub-partitions: without the memory system
 * or without an L2 they would report nothing or delay nothing. */
static gs_status check_intercore(gs_config *cfg, gs_diag *diag)
{
    static const char *const stats_names[] = { "gs_intercore_stats", "gpgpu_perfect_mem",
                                               "gpgpu_cache:dl2" };
    static const char *const delay_names[] = { "gs_delay_class", "gpgpu_perfect_mem",
                                               "gpgpu_cache:dl2" };
    if (cfg->intercore_stats && (cfg->perfect_mem || !cfg->dl2.enabled))
        return gs_config_error_at(cfg, gs_config_latest(cfg, stats_names, 3), diag,
                                  "-gs_intercore_stats 1 counts the L2 MSHRs: it needs the "
                                  "memory system (-gpgpu_perfect_mem 0) and an L2 "
                                  "(-gpgpu_cache:dl2)");
    if (cfg->delay_class && (cfg->perfect_mem || !cfg->dl2.enabled))
        return gs_config_error_at(cfg, gs_config_latest(cfg, delay_names, 3), diag,
                                  "-gs_delay_class holds DRAM replies at the L2: it needs the "
                                  "memory system (-gpgpu_perfect_mem 0) and an L2 "
                                  "(-gpgpu_cache:dl2)");
    return GS_OK;
}

/* A DVFS domain with a voltage-frequency table has a voltage for its
 * nominal clock and for every frequency the schedule gives it (src/sim/dvfs.h). */
static int vf_has(const gs_dvfs_vf *vf, uint32_t khz)
{
    uint32_t i;
    for (i = 0; i < vf->count; i++)
        if (vf->khz[i] == khz)
            return 1;
    return 0;
}

static gs_status check_dvfs(const gs_config *cfg, gs_diag *diag)
{
    static const char *const domain[GS_DVFS_DOMAINS] = { "core", "icnt", "l2" };
    const uint32_t nominal[GS_DVFS_DOMAINS] = {
        cfg->clocks.core_khz, cfg->clocks.icnt_khz, cfg->clocks.l2_khz
    };
    char option[24];
    uint32_t d, i;
    for (d = 0; d < GS_DVFS_DOMAINS; d++) {
        const gs_dvfs_vf *vf = &cfg->dvfs_vf[d];
        if (vf->count == 0)
            continue;
        gs_fmt(option, sizeof option, "gs_dvfs_%s_vf", domain[d]);
        if (!vf_has(vf, nominal[d]))
            return gs_config_error_at(cfg, gs_option_find(option, strlen(option)), diag,
                                      "-%s has no voltage for the %s domain's nominal clock, "
                                      "%u kHz (-gpgpu_clock_domains)", option, domain[d],
                                      (unsigned)nominal[d]);
        for (i = 0; i < cfg->dvfs_schedule.count; i++) {
            const gs_dvfs_change *ch = &cfg->dvfs_schedule.at[i];
            if (ch->domain == d && !vf_has(vf, ch->khz))
                return gs_config_error_at(cfg, gs_option_find("gs_dvfs_schedule", 16), diag,
                                          "-gs_dvfs_schedule: %s@%llu runs at %u kHz, which "
                                          "-%s has no voltage for", domain[d],
                                          (unsigned long long)ch->cycle, (unsigned)ch->khz,
                                          option);
        }
    }
    return GS_OK;
}

gs_status gs_config_check_all(gs_config *cfg, gs_diag *diag)
{
    gs_status st = check_organisation(cfg, diag);
    if (st == GS_OK)
        st = check_sm(cfg, diag);
    if (st == GS_OK)
        st = check_latencies(cfg, diag);
    if (st == GS_OK)
        st = check_caches(cfg, diag);
    if (st == GS_OK)
        st = check_policy_choices(cfg, diag);
    if (st == GS_OK)
        st = check_memory(cfg, diag);
    if (st == GS_OK)
        st = gs_config_check_trace(cfg, diag);   /* config_trace.c */
    if (st == GS_OK)
        st = check_event_trace(cfg, diag);
    if (st == GS_OK)
        st = check_smem_cache(cfg, diag);
    if (st == GS_OK)
        st = check_intercore(cfg, diag);
    if (st == GS_OK)
        st = check_dvfs(cfg, diag);
    return st;
}
