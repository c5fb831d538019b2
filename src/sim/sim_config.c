/*
 * Glue: the SIMT-core modules' parameters from the configuration
 * (spec/formats.md section 2; GPGPU-Sim option names; seed-004 section 1.2).
 *
 * Decisions:
 *  - -ptx_opcode_latency_* / -ptx_opcode_initiation_* lists are indexed in
 *    GPGPU-Sim order (int: ADD,MAX,MUL,MAD,DIV,SHFL; fp/dp: ADD,MAX,MUL,MAD,DIV);
 *    a shorter list (older configs have no SHFL) repeats its last value. The
 *    gtx480 preset's values are options in gen/presets/gtx480.cfg (embedded in
 *    tables/presets.c by gen/configs.py): that is the per-preset table.
 *  - control instructions (bra, exit, bar, membar) take 1 cycle, II 1 (GPGPU-Sim
 *    sends them down the SP pipeline); the LD/ST issue port accepts one
 *    instruction per cycle; tensor instructions take the fp MAD figures
 *    (no GPGPU-Sim option exists for Fermi);
 *  - no extra issue-to-execute stage: GPGPU-Sim's latencies are measured end
 *    to end, so a chain of N dependent instructions takes N * latency;
 *  - result buses: one per SP/SFU/DP/INT unit (-gpgpu_num_*_units summed);
 *  - scoreboard: 64 entries per warp (GPGPU-Sim's is unbounded);
 *  - two-level scheduling supports inner order LRR or GTO and outer SRR only.
 *  - trace memory instructions without addresses complete after
 *    -gs_trace_tex_latency cycles (sm.c explains the path);
 *  - sub-core model: -gpgpu_sub_core_model with -gpgpu_num_sched_per_core
 *    schedulers (core/exec_unit.h; the unit counts are checked in
 *    base/config_trace.c);
 *  - trace timing (Accel-Sim trace.config, spec/formats.md 1.6): a given
 *    -trace_opcode_latency_initiation_X LAT,II applies to every latency class
 *    of its group in trace runs: int -> INT_ADD..INT_SHFL, sp -> FP_ADD..
 *    FP_DIV, dp -> DP_ADD..DP_DIV, sfu -> SFU, tensor -> TENSOR (Accel-Sim
 *    has one figure per unit, not per operation); control stays 1,1. Enabled
 *    specialized units become gs_eu_spec entries of their name's kind, the
 *    lowest K first; their units add to the write-back ports (one result bus
 *    per unit, as for the other units).
 */
#include "sim/sim_config.h"

#include <string.h>

static uint32_t list_at(const gs_u32_list *list, uint32_t i)
{
    if (list->count == 0)
        return 1u;
    return list->values[i < list->count ? i : list->count - 1u];
}

static void fill_latencies(const gs_config *cfg, gs_eu_params *eu)
{
    uint32_t i;
    for (i = 0; i < 6u; i++) {
        eu->latency_cycles[GS_OPC_INT_ADD + i] = list_at(&cfg->latency_int, i);
        eu->initiation_cycles[GS_OPC_INT_ADD + i] = list_at(&cfg->initiation_int, i);
    }
    for (i = 0; i < 5u; i++) {
        eu->latency_cycles[GS_OPC_FP_ADD + i] = list_at(&cfg->latency_fp, i);
        eu->initiation_cycles[GS_OPC_FP_ADD + i] = list_at(&cfg->initiation_fp, i);
        eu->latency_cycles[GS_OPC_DP_ADD + i] = list_at(&cfg->latency_dp, i);
        eu->initiation_cycles[GS_OPC_DP_ADD + i] = list_at(&cfg->initiation_dp, i);
    }
    eu->latency_cycles[GS_OPC_SFU] = list_at(&cfg->latency_sfu, 0);
    eu->initiation_cycles[GS_OPC_SFU] = list_at(&cfg->initiation_sfu, 0);
    eu->latency_cycles[GS_OPC_TENSOR] = eu->latency_cycles[GS_OPC_FP_MAD];
    eu->initiation_cycles[GS_OPC_TENSOR] = eu->initiation_cycles[GS_OPC_FP_MAD];
    eu->latency_cycles[GS_OPC_CONTROL] = 1u;
    eu->initiation_cycles[GS_OPC_CONTROL] = 1u;
    eu->latency_cycles[GS_OPC_MEM] = 0u;
    eu->initiation_cycles[GS_OPC_MEM] = 1u;
}

/* A class group's trace.config pair, where given ("0,0" = not given: the
 * group keeps the -ptx_opcode_* figures copied in first). */
static void fill_trace_group(const gs_u32_list *pair, uint32_t first, uint32_t count,
                             gs_eu_params *eu)
{
    uint32_t c;
    if (pair->count != 2u || pair->values[0] == 0u)
        return;
    for (c = first; c < first + count; c++) {
        eu->trace_latency_cycles[c] = pair->values[0];
        eu->trace_initiation_cycles[c] = pair->values[1];
    }
}

static void fill_trace_latencies(const gs_config *cfg, gs_eu_params *eu)
{
    memcpy(eu->trace_latency_cycles, eu->latency_cycles, sizeof eu->latency_cycles);
    memcpy(eu->trace_initiation_cycles, eu->initiation_cycles, sizeof eu->initiation_cycles);
    fill_trace_group(&cfg->trace_int, GS_OPC_INT_ADD, 6u, eu);
    fill_trace_group(&cfg->trace_sp, GS_OPC_FP_ADD, 5u, eu);
    fill_trace_group(&cfg->trace_dp, GS_OPC_DP_ADD, 5u, eu);
    fill_trace_group(&cfg->trace_sfu, GS_OPC_SFU, 1u, eu);
    fill_trace_group(&cfg->trace_tensor, GS_OPC_TENSOR, 1u, eu);
}

/* Enabled -specialized_unit_K, in K order; returns their units (result buses). */
static uint32_t fill_spec_units(const gs_config *cfg, gs_eu_params *eu)
{
    uint32_t k, buses = 0;
    for (k = 0; k < GS_SPEC_UNITS_MAX && eu->num_spec < GS_EU_MAX_SPEC; k++) {
        const gs_spec_unit_cfg *u = &cfg->spec_units[k];
        gs_eu_spec *sp = &eu->spec[eu->num_spec];
        if (!u->enabled)
            continue;
        sp->kind = gs_config_spec_kind(u->name);
        sp->num_units = u->num_units;
        sp->latency_cycles = list_at(&cfg->spec_latency[k], 0);
        sp->initiation_cycles = list_at(&cfg->spec_latency[k], 1);
        buses += u->num_units;
        eu->num_spec++;
    }
    return buses;
}

static gs_status fill_sched(const gs_config *cfg, gs_sm_params *p, gs_diag *diag)
{
    const gs_sched_config *sc = &cfg->scheduler;
    p->sched.policy = sc->kind;   /* gs_sched_kind, both sides (base/policy_lists.h) */
    p->sched.num_slots = (p->warp_slots + p->num_scheds - 1u) / p->num_scheds;
    p->sched.num_active = sc->kind == GS_SCHED_TWO_LEVEL ? sc->num_active_warps
                                                         : sc->limit_warps;
    if (p->sched.num_active == 0)
        p->sched.num_active = 1;
    p->sched.inner_gto = sc->inner_prio == GS_PRIO_GTO;
    if (sc->kind == GS_SCHED_TWO_LEVEL &&
        ((sc->inner_prio != GS_PRIO_LRR && sc->inner_prio != GS_PRIO_GTO) ||
         sc->outer_prio != GS_PRIO_SRR))
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "-gpgpu_scheduler two_level_active supports inner order 0 (lrr) "
                           "or 2 (gto) and outer order 1 (srr) only");
    return GS_OK;
}

/* Operand collector and register banks (core/opcoll.h). */
static void fill_oc(const gs_config *cfg, gs_sm_params *p)
{
    gs_oc_params *oc = &p->oc;
    p->oc_enabled = cfg->operand_collector;
    p->dual_issue_diff = cfg->dual_issue_diff_exec_units;
    oc->specialized = cfg->oc_specialized;
    memcpy(oc->num_cus, cfg->oc_units, sizeof oc->num_cus);
    memcpy(oc->in_ports, cfg->oc_in_ports, sizeof oc->in_ports);
    memcpy(oc->out_ports, cfg->oc_out_ports, sizeof oc->out_ports);
    oc->num_banks = cfg->num_reg_banks;
    oc->port_throughput = cfg->reg_file_port_throughput;
    oc->mapping = cfg->reg_bank_mapping ? GS_OC_MAP_SWIZZLED : GS_OC_MAP_NAIVE;
    oc->sub_core = cfg->sub_core_model;
    oc->num_scheds = p->num_scheds;
}

gs_status gs_sm_params_from_config(const gs_config *cfg, gs_sm_params *p, gs_diag *diag)
{
    gs_eu_params *eu = &p->eu;
    memset(p, 0, sizeof *p);
    if (cfg->warp_size != GS_WARP_SIZE)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "the timing model needs a warp size of %u "
                           "(-gpgpu_shader_core_pipeline)", (unsigned)GS_WARP_SIZE);
    p->warp_slots = gs_config_warps_per_sm(cfg);
    p->max_ctas = cfg->max_cta_per_sm;
    p->num_scheds = cfg->n_sched_per_core ? cfg->n_sched_per_core : 1u;
    p->max_issue_per_warp = cfg->max_insn_issue_per_warp ? cfg->max_insn_issue_per_warp : 1u;
    if (p->warp_slots == 0 || p->warp_slots > GS_CTA_MAX_WARPS_PER_SM ||
        p->max_ctas > GS_CTA_MAX_CTAS_PER_SM || p->max_ctas == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "the timing model needs 1..%u warps and 1..%u CTAs per SM",
                           (unsigned)GS_CTA_MAX_WARPS_PER_SM, (unsigned)GS_CTA_MAX_CTAS_PER_SM);
    p->sb.num_warps = p->warp_slots;
    p->sb.entries_per_warp = 64u;
    eu->num_units[GS_UNIT_SP] = cfg->num_sp_units;
    eu->num_units[GS_UNIT_SFU] = cfg->num_sfu_units;
    eu->num_units[GS_UNIT_DP] = cfg->num_dp_units;
    eu->num_units[GS_UNIT_INT] = cfg->num_int_units;
    eu->num_units[GS_UNIT_LDST] = 1u;
    fill_latencies(cfg, eu);
    fill_trace_latencies(cfg, eu);
    eu->dispatch_cycles = 0;
    eu->sub_core = cfg->sub_core_model;
    eu->num_scheds = p->num_scheds;
    eu->writeback_ports = cfg->num_sp_units + cfg->num_sfu_units + cfg->num_dp_units +
                          cfg->num_int_units + fill_spec_units(cfg, eu);
    if (eu->writeback_ports > GS_EU_MAX_PORTS)
        eu->writeback_ports = GS_EU_MAX_PORTS;
    if (eu->writeback_ports == 0)
        eu->writeback_ports = 1u;
    fill_oc(cfg, p);
    /* -gpgpu_perfect_inst_const_cache's instruction half is -gs_perfect_icache */
    p->perfect_icache = cfg->perfect_icache || cfg->perfect_inst_const_cache;
    p->fetch_throughput = cfg->inst_fetch_throughput;
    p->icache_sets = cfg->il1.n_sets ? cfg->il1.n_sets : 1u;
    p->icache_assoc = cfg->il1.assoc ? cfg->il1.assoc : 1u;
    p->icache_line_bytes = cfg->il1.line_bytes ? cfg->il1.line_bytes : 128u;
    p->icache_mshr_entries = cfg->il1.mshr_entries;
    p->icache_mshr_merge = cfg->il1.mshr_max_merge;
    /* Used only by a port without instruction fetch (perfect memory): with
     * the memory system a miss travels below (sm_fetch.c). */
    p->icache_miss_cycles = cfg->l1_latency_cycles;
    if (p->icache_miss_cycles == 0)
        p->icache_miss_cycles = 1u;
    p->tex_latency_cycles = cfg->trace_tex_latency ? cfg->trace_tex_latency : 1u;
    p->allow_sleep = cfg->clock_jump && cfg->scheduler.kind != GS_SCHED_TWO_LEVEL;
    return fill_sched(cfg, p, diag);
}

void gs_cta_params_from_config(const gs_config *cfg, gs_cta_params *p)
{
    memset(p, 0, sizeof *p);
    p->num_sms = gs_config_n_sms(cfg);
    p->warp_size = cfg->warp_size;
    p->max_threads_per_sm = cfg->max_threads_per_sm;
    p->max_ctas_per_sm = cfg->max_cta_per_sm;
    p->registers_per_sm = cfg->n_registers;
    p->shmem_bytes_per_sm = cfg->shmem_bytes;
    p->max_kernels = 1u;   /* gpu.c runs one launch at a time (host API hook) */
}
