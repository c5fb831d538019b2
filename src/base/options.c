/*
 * The option table: every configuration option gpusim accepts
 * (spec/formats.md section 2; DESIGN.md section 6).
 *
 * One row per option: name (GPGPU-Sim's where the concept exists), type,
 * whether gpusim models it, the gs_config field, range, default text and help.
 * To add an option: add a field to gs_config and one line here. Defaults are the
 * `gtx480` preset's values (gen/presets/gtx480.cfg, the studies' baseline), so a
 * file that leaves an option out gets the baseline; a unit test checks that
 * the defaults and the preset dump to the same text.
 *
 * NOTE rows are options found in GPGPU-Sim / Accel-Sim configs
 * (spec/gpgpusim-configs) that gpusim accepts, checks for a well-formed value,
 * and names once in a note as not modelled.
 */
#include <stddef.h>

#include "base/cache_policy_list.h"
#include "base/config.h"
#include "gs_limits.h"

#define STR_(x) #x
#define STR(x) STR_(x)

/* -gs_l1d_policy / -gs_l2_policy values: "string", then GS_CACHE_POLICY_LIST
 * in order (the index is the gs_cache_policy_kind). */
/* -gpgpu_dram_scheduler: GS_DSCHED_LIST's names; a number is the position. */
static const char *const dsched_names[] = {
#define DSCHED_NAME_(id, name) #name,
    GS_DSCHED_LIST(DSCHED_NAME_)
#undef DSCHED_NAME_
    NULL
};

static const char *const policy_names[] = {
    "string",
#define POLICY_NAME_(id, name) #name,
    GS_CACHE_POLICY_LIST(POLICY_NAME_)
#undef POLICY_NAME_
    NULL
};
/* -gs_reg_bank_mapping values, as gs_oc_mapping (core/opcoll.h). */
static const char *const bank_mapping_names[] = { "naive", "swizzled", NULL };
/* -gs_delay_class values (mem/partition.h gs_delay_class). */
static const char *const delay_class_names[] = { "none", "locality", "no_locality", NULL };
/* -gs_mrpb_drain values (src/mech/mrpb.c). */
static const char *const mrpb_drain_names[] = { "fixed", "greedy", "rr", NULL };
static const char *const mrpb_signature_names[] = { "warp", "pc", "line", NULL };
/* -gs_statpcal_nontoken values (src/mech/statpcal.c). */
static const char *const statpcal_nontoken_names[] = { "noalloc", "bypass", NULL };
/* -gs_ciao_variant values (src/mech/ciao.c). */
static const char *const ciao_variant_names[] = { "t", "p", "c", NULL };
/* -gs_dbsa_levels values, as GS_DBSA_*. */
static const char *const dbsa_level_names[] = { "both", "l1", "l2", NULL };
/* -gs_green_racr values (mech/green.c). */
static const char *const green_racr_names[] = { "off", "naive", "full", NULL };
/* -gs_l2_drrip_dueling values, as gs_drrip_dueling. */
static const char *const dueling_names[] = { "per_slice", "shared", NULL };

#define OFF(field) offsetof(gs_config, field)
/* A modelled option of a given type; lo/hi bound numbers (lists: each element). */
#define OPT(n, type, f, d, lo, hi, help) { n, type, 1, OFF(f), lo, hi, NULL, d, help, NULL }
/* Same, with the maximum a tables/gs_limits.h value named in errors. */
#define OPTL(n, type, f, d, lo, lim, help) { n, type, 1, OFF(f), lo, lim, #lim, d, help, NULL }
#define U32(n, f, d, lo, hi, help) OPT(n, GS_OPT_U32, f, d, lo, hi, help)
#define U32L(n, f, d, lo, lim, help) { n, GS_OPT_U32, 1, OFF(f), lo, lim, #lim, d, help, NULL }
#define LIST(n, f, d, help) \
    { n, GS_OPT_LIST, 1, OFF(f), 1, GS_MAX_LATENCY_CYCLES, "GS_MAX_LATENCY_CYCLES", d, help, NULL }
#define CACHE(n, f, d, help) OPT(n, GS_OPT_CACHE, f, d, 0, 0, help)
#define POLY(n, f, help) OPT(n, GS_OPT_U32, f, "0", 0, 0x1FFF, help)
/* Accepted, value checked for its type, noted once, not modelled. */
#define NOTE(n, type, d, help) { n, type, 0, 0, 0, 0, NULL, d, help, NULL }
/* One of a list of names, stored as its index. */
#define NAMES(n, f, d, names, help) { n, GS_OPT_NAME, 1, OFF(f), 0, 0, NULL, d, help, names }
/* -gpgpu_operand_collector_num_units_<set> and its in / out ports (gs_oc_set order). */
#define OC_UNITS(set, k, d) U32("gpgpu_operand_collector_num_units_" set, oc_units[k], d, 0, \
    64, "collector units of the " set " set (core/opcoll.h)")
#define OC_PORTS(set, k, d) \
    U32("gpgpu_operand_collector_num_in_ports_" set, oc_in_ports[k], d, 0, 16, \
        "instructions entering " set " collector units per cycle"), \
    U32("gpgpu_operand_collector_num_out_ports_" set, oc_out_ports[k], d, 0, 16, \
        "instructions leaving " set " collector units per cycle")
#define NOTE_INT(n, d, help) NOTE(n, GS_OPT_INT, d, help)
#define NOTE_STR(n, d, help) NOTE(n, GS_OPT_STR, d, help)
/* trace.config LAT,II pairs ("0,0": not given; checks in config_trace.c). */
#define TRACE_LAT(n, f, what) OPT(n, GS_OPT_LIST, f, "0,0", 0, GS_MAX_LATENCY_CYCLES, \
    "trace runs: " what " latency,initiation interval (0,0: -ptx_opcode_* apply)")
#define SPEC_UNIT(k, d) OPT("specialized_unit_" #k, GS_OPT_SPEC_UNIT, spec_units[k - 1], d, \
    0, 0, "trace runs: <enabled>,<units>,<max latency>,<ID_OC>,<OC_EX>,<BRA|TEX|TENSOR|UDP>")
#define SPEC_LAT(k, d) OPT("trace_opcode_latency_initiation_spec_op_" #k, GS_OPT_LIST, \
    spec_latency[k - 1], d, 0, GS_MAX_LATENCY_CYCLES, \
    "trace runs: latency,initiation interval of -specialized_unit_" #k)

const gs_option gs_options[] = {
    /* ---- organisation (formats.md 2.3) ---- */
    U32L("gpgpu_n_clusters", n_clusters, "15", 1, GS_MAX_SMS, "number of processing clusters"),
    U32L("gpgpu_n_cores_per_cluster", n_cores_per_cluster, "1", 1, GS_MAX_CORES_PER_CLUSTER,
         "SIMT cores (SMs) per cluster"),
    U32L("gpgpu_n_mem", n_mem, "6", 1, GS_MAX_MEM_CHANNELS, "memory channels (partitions)"),
    U32L("gpgpu_n_sub_partition_per_mchannel", n_sub_partition_per_mchannel, "2", 1,
         GS_MAX_SUB_PARTITIONS, "L2 sub-partitions per memory channel (power of two)"),
    U32L("gpgpu_n_mem_per_ctrlr", n_mem_per_ctrlr, "2", 1, GS_MAX_CHIPS_PER_CTRLR,
         "DRAM chips per memory controller"),
    /* ---- SM ---- */
    OPT("gpgpu_shader_core_pipeline", GS_OPT_PIPELINE, max_threads_per_sm, "1536:32", 0, 0,
        "<max threads per SM>:<warp size> (warp size must be 32)"),
    U32L("gpgpu_shader_cta", max_cta_per_sm, "8", 1, GS_MAX_CTAS_PER_SM,
         "maximum resident CTAs per SM"),
    U32L("gpgpu_shader_registers", n_registers, "32768", 1, GS_MAX_REGISTERS_PER_SM,
         "32-bit registers per SM"),
    U32L("gpgpu_shmem_size", shmem_bytes, "49152", 0, GS_MAX_SHMEM_BYTES,
         "shared memory bytes per SM"),
    U32L("gpgpu_shmem_num_banks", shmem_num_banks, "32", 1, GS_MAX_SHMEM_BANKS,
         "shared memory banks"),
    U32L("gpgpu_num_sched_per_core", n_sched_per_core, "2", 1, GS_MAX_SCHED_PER_CORE,
         "warp schedulers per SM"),
    U32L("gpgpu_max_insn_issue_per_warp", max_insn_issue_per_warp, "1", 1,
         GS_MAX_ISSUE_PER_WARP, "instructions a warp may issue per cycle"),
    OPT("gpgpu_scheduler", GS_OPT_SCHED, scheduler, "gto", 0, 0,
        "warp scheduler (formats.md 2.5; `old` is oldest)"),
    OPTL("gpgpu_pipeline_widths", GS_OPT_LIST, pipeline_widths, "2,0,0,1,1,2,0,0,1,1,2", 0,
         GS_MAX_PIPELINE_WIDTH, "ID_OC_SP,ID_OC_DP,ID_OC_INT,ID_OC_SFU,ID_OC_MEM,OC_EX_SP,"
         "OC_EX_DP,OC_EX_INT,OC_EX_SFU,OC_EX_MEM,EX_WB[,ID_OC_TENSOR,OC_EX_TENSOR]"),
    U32L("gpgpu_num_sp_units", num_sp_units, "2", 1, GS_MAX_FU_UNITS, "SP units per SM"),
    U32L("gpgpu_num_sfu_units", num_sfu_units, "1", 1, GS_MAX_FU_UNITS, "SFU units per SM"),
    U32L("gpgpu_num_dp_units", num_dp_units, "0", 0, GS_MAX_FU_UNITS,
         "DP units per SM (0: DP runs on the SFU)"),
    U32L("gpgpu_num_int_units", num_int_units, "0", 0, GS_MAX_FU_UNITS,
         "INT units per SM (0: INT runs on the SP)"),
    LIST("ptx_opcode_latency_int", latency_int, "4,13,4,5,145,32",
         "integer latencies ADD,MAX,MUL,MAD,DIV[,SHFL] (core cycles)"),
    LIST("ptx_opcode_initiation_int", initiation_int, "1,2,2,1,8,4",
         "integer initiation intervals, same order"),
    LIST("ptx_opcode_latency_fp", latency_fp, "4,13,4,5,39", "FP32 latencies ADD,MAX,MUL,MAD,DIV"),
    LIST("ptx_opcode_initiation_fp", initiation_fp, "1,2,1,1,4", "FP32 initiation intervals"),
    LIST("ptx_opcode_latency_dp", latency_dp, "8,19,8,8,330",
         "FP64 latencies ADD,MAX,MUL,MAD,DIV"),
    LIST("ptx_opcode_initiation_dp", initiation_dp, "8,16,8,8,130", "FP64 initiation intervals"),
    LIST("ptx_opcode_latency_sfu", latency_sfu, "8", "SFU latency"),
    LIST("ptx_opcode_initiation_sfu", initiation_sfu, "8", "SFU initiation interval"),
    U32L("gpgpu_l1_latency", l1_latency_cycles, "1", 1, GS_MAX_MEM_LATENCY_CYCLES,
         "L1 data cache hit latency (core cycles)"),
    U32L("gpgpu_smem_latency", smem_latency_cycles, "1", 1, GS_MAX_MEM_LATENCY_CYCLES,
         "shared memory latency (core cycles)"),
    U32("gpgpu_sub_core_model", sub_core_model, "0", 0, 1,
        "1: Volta sub-cores: scheduler s issues only to units s, s+S, ... of each type"),
    /* ---- operand collector and register banks (core/opcoll.h; seed-004 1.2.6) ---- */
    U32("gs_operand_collector", operand_collector, "1", 0, 1,
        "1: issue -> collector unit -> register banks -> unit; 0: issue straight to the unit"),
    U32("gpgpu_enable_specialized_operand_collector", oc_specialized, "1", 0, 1,
        "1: collector units per unit kind (+ generic); 0: generic units only"),
    OC_UNITS("sp", 0, "6"),
    OC_UNITS("sfu", 1, "8"),
    OC_UNITS("dp", 2, "0"),
    OC_UNITS("int", 3, "0"),
    OC_UNITS("tensor_core", 4, "4"),
    OC_UNITS("mem", 5, "2"),
    OC_UNITS("gen", 6, "0"),
    OC_PORTS("sp", 0, "2"),
    OC_PORTS("sfu", 1, "1"),
    OC_PORTS("dp", 2, "0"),
    OC_PORTS("int", 3, "0"),
    OC_PORTS("tensor_core", 4, "1"),
    OC_PORTS("mem", 5, "1"),
    OC_PORTS("gen", 6, "0"),
    U32("gpgpu_num_reg_banks", num_reg_banks, "16", 1, 64,
        "register file banks per SM (split per scheduler under the sub-core model)"),
    U32("gpgpu_reg_file_port_throughput", reg_file_port_throughput, "1", 1, 8,
        "operand reads each register bank serves per cycle"),
    NAMES("gs_reg_bank_mapping", reg_bank_mapping, "swizzled", bank_mapping_names,
          "register bank of reg r of warp w: naive r mod NB, swizzled (r + w) mod NB"),
    U32("gpgpu_dual_issue_diff_exec_units", dual_issue_diff_exec_units, "1", 0, 1,
        "1: a warp's 2nd instruction in a cycle must go to another unit kind"),
    /* ---- caches (formats.md 2.1) ---- */
    CACHE("gpgpu_cache:dl1", dl1, "N:32:128:4,L:L:m:N:L,A:32:8,8:0,128",
          "L1 data cache string, or none"),
    POLY("gpgpu_cache:dl1_ipoly_poly", dl1.ipoly_poly,
         "L1D IPOLY polynomial as bits (0x25 = x^5+x^2+1); 0 = default for the set count"),
    /* unified L1D / shared memory (Volta and later; src/mem/cache_adapt.h has the rules) */
    U32("gpgpu_adaptive_cache_config", adaptive_cache_config, "0", 0, 1,
        "1: per kernel, L1D = unified size - the smallest shared-memory carve-out that fits"),
    /* 4096 KB = GS_MAX_CACHE_BYTES, the largest one cache instance may be */
    OPT("gpgpu_shmem_option", GS_OPT_LIST, shmem_option_kb, "0", 0, 4096,
        "shared-memory carve-outs in KB, ascending (with -gpgpu_adaptive_cache_config 1)"),
    U32("gpgpu_unified_l1d_size", unified_l1d_kb, "0", 0, 4096,
        "unified L1D + shared memory per SM in KB (with -gpgpu_adaptive_cache_config 1)"),
    U32("gpgpu_flush_l1_cache", flush_l1_cache, "0", 0, 1,
        "1: invalidate every L1D between kernels (GPGPU-Sim's kernel-end cache invalidate)"),
    CACHE("gpgpu_cache:dl2", dl2, "N:32:128:16,L:B:m:W:L,A:64:16,4:0,32",
          "L2 cache string per sub-partition, or none"),
    POLY("gpgpu_cache:dl2_ipoly_poly", dl2.ipoly_poly, "L2 IPOLY polynomial; 0 = default"),
    CACHE("gpgpu_cache:il1", il1, "N:4:128:4,L:R:f:N:L,S:2:32,4:0,128",
          "instruction cache string, or none"),
    POLY("gpgpu_cache:il1_ipoly_poly", il1.ipoly_poly, "L1I IPOLY polynomial; 0 = default"),
    CACHE("gpgpu_const_cache:l1", const_l1, "N:64:64:2,L:R:f:N:L,S:2:32,4:0,64",
          "constant cache string, or none"),
    POLY("gpgpu_const_cache:l1_ipoly_poly", const_l1.ipoly_poly,
         "constant cache IPOLY polynomial; 0 = default"),
    CACHE("gpgpu_tex_cache:l1", tex_l1, "N:4:128:24,L:R:m:N:L,T:128:4,128:2,128",
          "texture cache string, or none"),
    POLY("gpgpu_tex_cache:l1_ipoly_poly", tex_l1.ipoly_poly,
         "texture cache IPOLY polynomial; 0 = default"),
    /* replacement/insertion policies (src/mem/cache_policy.h; README "Cache policies") */
    NAMES("gs_l1d_policy", l1d_policy, "string", policy_names,
          "L1D replacement/insertion policy; string = the cache string's letter (L lru, F fifo)"),
    NAMES("gs_l2_policy", l2_policy, "string", policy_names,
          "L2 replacement/insertion policy; string = the cache string's letter"),
    U32("gs_rrip_bits", rrip_bits, STR(GS_RRIP_BITS_DEFAULT), 1, GS_RRIP_BITS_MAX,
        "srrip/brrip/drrip: RRPV bits per line (the RRIP paper: 2)"),
    U32("gs_brrip_epsilon", brrip_epsilon, STR(GS_BRRIP_EPSILON_DEFAULT), 1, 0xFFFFFFFFu,
        "brrip/drrip: BRRIP inserts at 2^M-2 with probability 1/N, else 2^M-1 (paper: 32)"),
    U32("gs_drrip_leader_sets", drrip_leader_sets, "0", 0, GS_DRRIP_LEADER_SETS_MAX,
        "drrip: leader sets per policy, a power of two; 0 = sets/32, at most 32, at least 1"),
    U32("gs_drrip_psel_bits", drrip_psel_bits, STR(GS_DRRIP_PSEL_BITS_DEFAULT), 1,
        GS_DRRIP_PSEL_BITS_MAX, "drrip: bits of the policy-selection counter PSEL (paper: 10)"),
    NAMES("gs_l2_drrip_dueling", l2_drrip_dueling, "shared", dueling_names,
          "drrip L2: one PSEL per slice (per_slice) or one for all slices (shared)"),
    /* ---- clocks and interconnect ---- */
    OPT("gpgpu_clock_domains", GS_OPT_CLOCKS, clocks, "700:1400:700:924", 0, 0,
        "<core>:<icnt>:<l2>:<dram> clocks in MHz (up to 3 decimals)"),
    U32L("icnt_flit_size", icnt_flit_bytes, "32", 1, GS_MAX_FLIT_BYTES,
         "interconnect flit size in bytes"),
    U32("network_mode", network_mode, "1", 1, 2,
        "1: the crossbar sized and timed by the BookSim keys (-gs_icnt_*, -inter_config_file); "
        "2: GPGPU-Sim's local crossbar, whole packets per cycle, -icnt_in/out_buffer_limit"),
    U32L("icnt_in_buffer_limit", icnt_in_buffer_limit, "64", 1, GS_MAX_ICNT_BUFFER,
         "-network_mode 2: packets each crossbar input buffer holds"),
    U32L("icnt_out_buffer_limit", icnt_out_buffer_limit, "64", 1, GS_MAX_ICNT_BUFFER,
         "-network_mode 2: packets each crossbar output buffer holds"),
    U32("icnt_subnets", icnt_subnets, "2", 2, 2,
        "-network_mode 2 subnets: 2, requests and replies on separate crossbars (the only "
        "organisation gpusim models)"),
    U32("icnt_arbiter_algo", icnt_arbiter_algo, "1", 0, 1,
        "-network_mode 2 arbiter: 0 one round-robin pointer (naive RR), 1 iSLIP (a grant "
        "pointer per output)"),
    U32L("gs_icnt_flit_size", icnt.flit_size, "0", 0, GS_MAX_FLIT_BYTES,
         "BookSim flit_size (from -inter_config_file); 0 = not given"),
    U32L("gs_icnt_num_vcs", icnt.num_vcs, "0", 0, GS_MAX_ICNT_BUFFER, "BookSim num_vcs"),
    U32L("gs_icnt_vc_buf_size", icnt.vc_buf_size, "0", 0, GS_MAX_ICNT_BUFFER,
         "BookSim vc_buf_size"),
    U32L("gs_icnt_input_buffer_size", icnt.input_buffer_size, "0", 0, GS_MAX_ICNT_BUFFER,
         "BookSim input_buffer_size"),
    U32L("gs_icnt_ejection_buffer_size", icnt.ejection_buffer_size, "0", 0, GS_MAX_ICNT_BUFFER,
         "BookSim ejection_buffer_size"),
    U32L("gs_icnt_boundary_buffer_size", icnt.boundary_buffer_size, "0", 0, GS_MAX_ICNT_BUFFER,
         "BookSim boundary_buffer_size"),
    U32L("gs_icnt_subnets", icnt.subnets, "0", 0, 2, "BookSim subnets"),
    U32L("gs_icnt_routing_delay", icnt.routing_delay, "0", 0, GS_MAX_ICNT_BUFFER,
         "BookSim routing_delay"),
    U32L("gs_icnt_vc_alloc_delay", icnt.vc_alloc_delay, "0", 0, GS_MAX_ICNT_BUFFER,
         "BookSim vc_alloc_delay"),
    U32L("gs_icnt_sw_alloc_delay", icnt.sw_alloc_delay, "0", 0, GS_MAX_ICNT_BUFFER,
         "BookSim sw_alloc_delay"),
    U32L("gs_icnt_credit_delay", icnt.credit_delay, "0", 0, GS_MAX_ICNT_BUFFER,
         "BookSim credit_delay"),
    U32L("gs_icnt_input_speedup", icnt.input_speedup, "0", 0, 16, "BookSim input_speedup"),
    U32L("gs_icnt_output_speedup", icnt.output_speedup, "0", 0, 16, "BookSim output_speedup"),
    OPT("inter_config_file", GS_OPT_PATH, meta, "", 0, 0,
        "BookSim .icnt file, relative to the config file's folder (keys kept as -gs_icnt_*)"),
    /* ---- memory partitions and DRAM (formats.md 2.3, 2.4) ---- */
    OPT("gpgpu_memory_partition_indexing", GS_OPT_PART_INDEX, partition_indexing, "0", 0, 2,
        "0 linear, 1 xor, 2 ipoly (3 PAE and above unsupported)"),
    OPT("gpgpu_mem_addr_mapping", GS_OPT_ADDRMAP, mem_addr_mapping,
        "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS",
        0, 0, "[dramid@<bit>;]<64 letters D B R C S 0, MSB first; '.' ignored>"),
    U32L("gpgpu_l2_rop_latency", l2_rop_latency_cycles, "120", 0, GS_MAX_MEM_LATENCY_CYCLES,
         "ROP (interconnect to L2) latency, L2 cycles"),
    U32L("dram_latency", dram_latency_cycles, "100", 0, GS_MAX_MEM_LATENCY_CYCLES,
         "fixed L2-to-DRAM latency"),
    { "gpgpu_dram_scheduler", GS_OPT_NAME_NUM, 1, OFF(dram_scheduler), 0, 0, NULL, "1",
      "DRAM request scheduler, by name or GPGPU-Sim's number (mem/dsched.h)", dsched_names },
    U32L("gpgpu_frfcfs_dram_sched_queue_size", frfcfs_queue_entries, "16", 0,
         GS_MAX_QUEUE_ENTRIES, "FR-FCFS scheduler queue entries (0 = unlimited)"),
    U32L("gpgpu_dram_return_queue_size", dram_return_queue_entries, "116", 1,
         GS_MAX_QUEUE_ENTRIES, "DRAM return queue entries"),
    OPTL("gpgpu_dram_partition_queues", GS_OPT_QUEUES, partition_queues, "64:64:64:64", 1,
         GS_MAX_QUEUE_ENTRIES, "icnt_to_L2:L2_to_dram:dram_to_L2:L2_to_icnt queue entries"),
    U32L("gpgpu_dram_buswidth", dram_buswidth_bytes, "4", 1, GS_MAX_DRAM_BUSWIDTH,
         "DRAM bus bytes per chip"),
    U32L("gpgpu_dram_burst_length", dram_burst_length, "8", 1, GS_MAX_DRAM_BURST,
         "DRAM burst length"),
    U32("dram_data_command_freq_ratio", dram_data_command_freq_ratio, "4", 1, 8,
        "data to command clock ratio (2 DDR/HBM, 4 GDDR5)"),
    U32("dram_bnk_indexing_policy", dram_bank_indexing, "0", 0, 1,
        "0 normal bank index, 1 XOR with higher bits"),
    U32("dram_bnkgrp_indexing_policy", dram_bank_group_indexing, "1", 0, 1,
        "0 bank group from higher bank bits, 1 from lower bits"),
    OPT("gpgpu_dram_timing_opt", GS_OPT_DRAM_TIMING, dram_timing,
        "nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:"
        "CCDL=3:RTPL=2", 0, 0,
        "DRAM timing key=value list (nbk CCD RRD RCD RAS RP RC CL WL CDLR WR nbkgrp CCDL "
        "RTPL) or the positional form"),
    U32("gpgpu_perfect_mem", perfect_mem, "0", 0, 1, "1: every memory access hits"),
    U32("gs_l1d_mode", l1d_mode, "0", 0, 2, "L1D: 0 normal, 1 unbounded fully assoc., 2 bypass"),
    U32("gs_l2_mode", l2_mode, "0", 0, 2, "L2: 0 normal, 1 unbounded fully assoc., 2 bypass"),
    U32("gs_unbounded_max_lines", unbounded_max_lines, "65536", 1, 1048576,
        "lines an unbounded (-gs_l1d_mode/-gs_l2_mode 1) cache may hold"),
    U32("gs_perfect_dram", perfect_dram, "0", 0, 1, "1: DRAM serves every request at once"),
    U32("gs_intercore_stats", intercore_stats, "0", 0, 1,
        "1: seed 002's statistics (README \"Reproducing seed 002\"): L2 MSHR cycles idle, "
        "without and with inter-core locality (the HIL/LIL measure), the merge-length "
        "histogram, and the scoreboard stalls split RAW / WAW"),
    NAMES("gs_delay_class", delay_class, "none", delay_class_names,
          "delay experiment (seed 002 2.5): DRAM replies to hold back at the L2, those whose "
          "L2 MSHR entry holds requests of more than one SM (locality) or of one "
          "(no_locality), or none"),
    U32("gs_delay_cycles", delay_cycles, "500", 1, 1000000,
        "delay experiment: L2 cycles a chosen reply waits before it fills the L2"),
    U32("gs_delay_requests", delay_requests, "1000", 1, 1000000000u,
        "delay experiment: replies held back in all (the first ones of the class)"),
    U32L("gs_dram_write_queue_size", dram_write_queue_entries, "32", 1, GS_MAX_QUEUE_ENTRIES,
         "DRAM write queue entries per channel (seed-002 1.3)"),
    U32L("gs_dram_write_high_watermark", dram_write_high_watermark, "28", 1,
         GS_MAX_QUEUE_ENTRIES, "waiting writes that start a write drain"),
    U32("dram_dual_bus_interface", dram_dual_bus_interface, "0", 0, 1,
        "1: separate row (ACT/PRE) and column (RD/WR) command buses, one command each per "
        "cycle (HBM); 0: one command per cycle"),
    U32L("gs_dram_write_low_watermark", dram_write_low_watermark, "16", 0,
         GS_MAX_QUEUE_ENTRIES, "waiting writes at which a write drain stops"),
    /* ---- GPGPU-Sim's run control (README "Run control") ---- */
    OPT("gpgpu_max_insn", GS_OPT_U64, max_insn, "0", 0, 0,
        "stop the run before the first cycle at which this many thread instructions "
        "(gpu_sim_insn, all kernels) have committed; statistics say capped = 1; 0 = no limit"),
    OPT("gpgpu_max_cycle", GS_OPT_U64, max_cycle, "0", 0, 0,
        "stop the run after this many core cycles (all kernels); 0 = no limit"),
    U32("gpgpu_max_cta", max_cta, "0", 0, 0xFFFFFFFFu,
        "issue at most this many CTAs (all kernels) and stop the run once they have "
        "finished and the memory system has drained; 0 = no limit"),
    U32("gpgpu_max_completed_cta", max_completed_cta, "0", 0, 0xFFFFFFFFu,
        "stop the run once this many CTAs of the running kernel have completed; 0 = no limit"),
    U32("gpgpu_deadlock_detect", deadlock_detect, "1", 0, 1,
        "1: end a kernel that commits no instruction in a 50000-cycle window from when its "
        "first warps can run (exit 3); -gs_watchdog_cycles applies either way"),
    /* ---- gpusim's own ---- */
    OPT("gs_seed", GS_OPT_U64, seed, "1", 0, 0, "seed of the simulator's one PRNG"),
    U32("gs_watchdog_cycles", watchdog_cycles, "1000000", 1, 0xFFFFFFFFu,
        "cycles without progress before the watchdog ends a run"),
    OPT("gs_launch_inst_limit", GS_OPT_U64, launch_inst_limit, "1000000000", 0, 0,
        "safety limit: warp instructions one kernel launch may run, functional or timing, "
        "before the run ends as a runaway (exit 4); 0 = none. 1e9 warp instructions is "
        "about 100 times seed 000's largest cap (300 M thread instructions)"),
    U32("gs_simt_stack_depth", simt_stack_depth, "64", 1, 65535,
        "SIMT reconvergence stack entries per warp (nested divergent branches)"),
    U32("gs_call_stack_depth", call_stack_depth, "32", 1, 4096,
        "nested device-function calls a kernel that may recurse (or calls through a function "
        "pointer) is sized for: levels of call frames and register spill in each thread's "
        "local memory"),
    U32("gs_printf_buffer_bytes", printf_buffer_bytes, "1048576", 0, 1073741824,
        "bytes of each launch's device printf output (CUDA's cudaLimitPrintfFifoSize, 1 MiB "
        "by default), sized only for workloads whose kernels call printf; a call that does "
        "not fit is dropped and counted (printf_calls_dropped). 0: printf prints nothing"),
    U32L("gs_arena_mib", arena_mib, "0", 0, GS_MAX_ARENA_MIB,
         "arena size in MiB; 0 = exactly what the run's plan needs (gpusim --arena-bytes)"),
    OPT("gs_default_workload", GS_OPT_FILE, default_workload, "syrk_small", 0, 0,
        "workload a timing run without --workload runs (an embedded NAME or a file); "
        "the tiny preset names vectoradd_tiny"),
    U32("gs_kernel_sampling", kernel_sampling, "0", 0, 1,
        "1: kernel sampling, an estimate (README \"Kernel sampling\"): a functional profile "
        "groups the launches by signature, the first of each group runs in detail and the "
        "others are projected into the estimate_* statistics; 0: every launch in detail"),
    U32("gs_sampling_tolerance", sampling_tolerance, "5", 0, 100,
        "kernel sampling: a launch joins a group when its CTAs, warp, thread and memory "
        "instructions are each within this percent of the group's first launch"),
    U32("gs_sampling_max_launches", sampling_max_launches, "4096", 1, 1048576,
        "kernel sampling: the most kernel launches a sampled workload may make"),
    U32("gs_perfect_icache", perfect_icache, "0", 0, 1,
        "1: every instruction fetch hits (no -gpgpu_cache:il1 misses)"),
    U32("gpgpu_inst_fetch_throughput", inst_fetch_throughput, "1", 1, 32,
        "fetch-and-decode stages per SM per cycle, each serving the next warp"),
    U32("gpgpu_perfect_inst_const_cache", perfect_inst_const_cache, "0", 0, 1,
        "1: instruction fetches and constant loads always hit (no traffic below the SM)"),
    U32("gpgpu_kernel_launch_latency", kernel_launch_latency, "0", 0, 0xFFFFFFFFu,
        "core cycles from a kernel's launch to its first CTA placement"),
    U32("gpgpu_TB_launch_latency", tb_launch_latency, "0", 0, 0xFFFFFFFFu,
        "core cycles from a CTA's placement on an SM to its warps joining the schedulers"),
    U32("gs_sample_cycles", sample_cycles, "0", 0, 0xFFFFFFFFu,
        "period in core cycles of the active-warp samples and, with the memory system, of "
        "the per-period L1D MPKI (L1D_mpki_to_<cycle>); 0 = none"),
    U32("gs_clock_jump", clock_jump, "1", 0, 1,
        "1: jump the clock over cycles where nothing can change (same results)"),
    U32("gs_trace_line_bytes", trace_line_bytes, "1024", 256, 1048576,
        "trace reader: buffer per warp stream = longest instruction line (bytes)"),
    U32("gs_trace_open_warps", trace_open_warps, "0", 0, 1048576,
        "trace reader: warp streams open at once (0 = SMs x warps per SM)"),
    U32("gs_trace_tex_latency", trace_tex_latency, "200", 1, 8192,
        "cycles of a trace memory instruction without addresses (TEX/SU*; Accel-Sim TEX unit)"),
    /* ---- Accel-Sim trace.config (formats.md 1.6; trace runs only) ---- */
    TRACE_LAT("trace_opcode_latency_initiation_int", trace_int, "INT"),
    TRACE_LAT("trace_opcode_latency_initiation_sp", trace_sp, "FP32"),
    TRACE_LAT("trace_opcode_latency_initiation_dp", trace_dp, "FP64"),
    TRACE_LAT("trace_opcode_latency_initiation_sfu", trace_sfu, "SFU"),
    TRACE_LAT("trace_opcode_latency_initiation_tensor", trace_tensor, "tensor"),
    SPEC_UNIT(1, "0,4,4,4,4,BRA"), SPEC_UNIT(2, "0,4,200,4,4,TEX"),
    SPEC_UNIT(3, "0,4,8,4,4,TENSOR"), SPEC_UNIT(4, "0,4,4,4,4,UDP"),
    SPEC_UNIT(5, "0,4,4,4,4,NONE"), SPEC_UNIT(6, "0,4,4,4,4,NONE"),
    SPEC_UNIT(7, "0,4,4,4,4,NONE"), SPEC_UNIT(8, "0,4,4,4,4,NONE"),
    SPEC_LAT(1, "4,4"), SPEC_LAT(2, "4,4"), SPEC_LAT(3, "4,4"), SPEC_LAT(4, "4,4"),
    SPEC_LAT(5, "4,4"), SPEC_LAT(6, "4,4"), SPEC_LAT(7, "4,4"), SPEC_LAT(8, "4,4"),

    /* ---- the studies' mechanisms (src/mech/, DESIGN.md section 7) ---- */
    OPT("gs_mechanisms", GS_OPT_MECHS, mechanisms, "none", 0, 0,
        "mechanisms to enable: none or name[,name...] (gpusim --list-mechanisms)"),
    U32L("gs_l1d_index_latency", l1d_index_latency, "0", 0, GS_MAX_MEM_LATENCY_CYCLES,
         "extra cycles on the L1D hit path when its set index is hashed (X, H or P in the "
         "dl1 string; seed-000 PRIC's +0/+1/+2 sensitivity); 0 with linear indexing"),
    U32("gs_dbsa_period", dbsa_period, "10000", 1, 0xFFFFFFFFu,
        "dbsa: sampling period in core cycles (seed-000 2.2: 10K)"),
    U32("gs_dbsa_miss_threshold", dbsa_miss_threshold, "90", 0, 100,
        "dbsa: a level whose miss rate over a period is above this percentage is bypassed "
        "for the next one (seed-000 2.2: 90)"),
    NAMES("gs_dbsa_levels", dbsa_levels, "both", dbsa_level_names,
          "dbsa: the levels it manages: both, l1 or l2"),
    U32("gs_dwt_period", dwt_period, "10000", 1, 0xFFFFFFFFu,
        "dwt / dwt_pric: sampling period in core cycles, from each kernel's launch "
        "(seed-000 2.4: 10K; dwt_pric's DBSA uses it too)"),
    U32("gs_dwt_mpki_threshold", dwt_mpki_threshold, "10", 0, 1000000u,
        "dwt / dwt_pric: a period whose L1D misses per 1000 committed thread instructions "
        "are above this is thrashing (seed-000 2.4: 10)"),
    U32("gs_dwt_detect_periods", dwt_detect_periods, "3", 1, 1000u,
        "dwt / dwt_pric: N, the thrashing periods that start core sampling (dwt: N "
        "consecutive ones; dwt_pric: the kernel's first N)"),
    U32("gs_dwt_sample_periods", dwt_sample_periods, "3", 1, 1000u,
        "dwt / dwt_pric: M, the periods of one core-sampling round"),
    U32("gs_dwt_broadcast_latency", dwt_broadcast_latency, "32", 0, 0xFFFFFFFFu,
        "dwt / dwt_pric: core cycles from a period's end to the coordinator's decision "
        "reaching every core (below -gs_dwt_period)"),
    U32("gs_dwt_memo_entries", dwt_memo_entries, "8", 1, 64u,
        "dwt / dwt_pric: kernels whose best warp limit is remembered for their relaunch "
        "(the oldest entry is replaced)"),
    U32("gs_ccws_vta_entries", ccws_vta_entries, "16", 1, 1024u,
        "ccws: victim tag entries per warp (seed-000 Table 6.1: 16, 768 for 48 warps)"),
    U32("gs_ccws_vta_ways", ccws_vta_ways, "8", 1, 1024u,
        "ccws: ways of each warp's victim tag array (8; entries must be a multiple)"),
    U32("gs_ccws_base_score", ccws_base_score, "100", 1, 1000000u,
        "ccws: a warp's lost-locality score when it lost nothing (100)"),
    U32("gs_ccws_kthrottle", ccws_kthrottle, "8", 0, 1000000u,
        "ccws: K_throttle, the weight of a VTA hit in the score (seed-000 Table 6.1: 8)"),
    NAMES("gs_mrpb_drain", mrpb_drain, "fixed", mrpb_drain_names,
          "mrpb: the queue drained each cycle: fixed (the lowest-numbered non-empty one, "
          "seed 000's non-greedy fixed order), greedy (the last one while it has requests) "
          "or rr (round robin)"),
    U32("gs_mrpb_assoc_bypass", mrpb_assoc_bypass, "1", 0, 1,
        "mrpb: a load whose L1D set has every way reserved bypasses the L1D (1) or waits (0)"),
    NAMES("gs_mrpb_signature", mrpb_signature, "warp", mrpb_signature_names,
          "mrpb: what picks a request's queue: warp (the warp slot, the paper's best), pc "
          "(the load instruction) or line (the line address), hashed over as many queues as "
          "warp slots"),
    U32("gs_statpcal_tokens", statpcal_tokens, "8", 1, 64u,
        "statpcal: T, the oldest warps per scheduler that hold a token and allocate in the "
        "L1D (a profile's value: a study links it to its SWT search, best:swt)"),
    U32("gs_statpcal_warps", statpcal_warps, "0", 0, 64u,
        "statpcal: W, the warps per scheduler that issue before any re-activation (0: T)"),
    U32("gs_statpcal_period", statpcal_period, "10000", 1, 10000000u,
        "statpcal: bandwidth sampling period in core cycles, from each kernel's launch"),
    U32("gs_statpcal_step", statpcal_step, "1", 1, 64u,
        "statpcal: warps per scheduler re-activated after an under-used period (and taken "
        "back after a busy one)"),
    U32("gs_statpcal_l2_threshold", statpcal_l2_threshold, "50", 0, 100,
        "statpcal: L2 use (accesses per slice-cycle, percent) below which the L2 is "
        "under-used (0: not watched)"),
    U32("gs_statpcal_dram_threshold", statpcal_dram_threshold, "50", 0, 100,
        "statpcal: DRAM data-bus use (percent) below which DRAM is under-used (0: not "
        "watched)"),
    NAMES("gs_statpcal_nontoken", statpcal_nontoken, "noalloc", statpcal_nontoken_names,
          "statpcal: a non-token warp's load looks the L1D up without allocating (noalloc) "
          "or goes around it (bypass)"),
    NAMES("gs_ciao_variant", ciao_variant, "t", ciao_variant_names,
          "ciao: t (CIAO-T: stall the interfering warp), p (CIAO-P: isolate it in shared "
          "memory used as a cache) or c (CIAO-C: both); p and c need -gs_smem_cache 1"),
    U32("gs_ciao_vta_entries", ciao_vta_entries, "8", 1, 1024u,
        "ciao: victim tag entries per warp, FIFO (seed-001 Table I: 8)"),
    U32("gs_ciao_high_epoch", ciao_high_epoch, "5000", 1, 0xFFFFFFFFu,
        "ciao: committed thread instructions per SM between high-cutoff tests (seed 001: 5000)"),
    U32("gs_ciao_low_epoch", ciao_low_epoch, "100", 1, 0xFFFFFFFFu,
        "ciao: committed thread instructions per SM between low-cutoff tests (seed 001: 100)"),
    U32("gs_ciao_high_cutoff_ppm", ciao_high_cutoff_ppm, "10000", 0, 1000000u,
        "ciao: the high cutoff of a warp's interference score, VTA hits per instruction per "
        "warp, in parts per million (seed 001: 0.01 = 10000)"),
    U32("gs_ciao_low_cutoff_ppm", ciao_low_cutoff_ppm, "5000", 0, 1000000u,
        "ciao: the low cutoff, below which a stalled warp's trigger no longer holds it "
        "(seed 001: half the high cutoff, 5000)"),
    U32("gs_ciao_matrix", ciao_matrix, "0", 0, 1,
        "ciao: 1 reports the interference matrix (VTA hits per victim and evicting warp "
        "slot, summed over the SMs) and each slot's largest and smallest cell"),
    U32("gs_green_rac", green_rac, "1", 0, 1,
        "green: 1 bypasses the L1D and/or L2 per region and SM after each launch's training "
        "(RAC, seed-003 6.2)"),
    NAMES("gs_green_racr", green_racr, "full", green_racr_names,
          "green: L2 way resizing (RACR, seed-003 6.3): off, naive (at launch, to the regions' "
          "total size) or full (naive, then without the regions RAC bypasses once training "
          "ends)"),
    U32("gs_green_train_cycles", green_train_cycles, "100000", 1, 0xFFFFFFFFu,
        "green: core cycles of the training period from each launch (seed-003 6.2: 100,000)"),
    U32("gs_green_l1_threshold", green_l1_threshold, "100", 0, 10000,
        "green: a region whose L1D hit rate in training is below this (hundredths of a "
        "percent; 100 = 1%) bypasses the L1D (0: never)"),
    U32("gs_green_l2_threshold", green_l2_threshold, "100", 0, 10000,
        "green: likewise for the L2 (the thesis's Fig. 52 bounds it in (0.036%, 2.2%))"),
    U32("gs_green_pages", green_pages, "0", 0, 1u << 24,
        "green: page slots for per-page hit rates (Fig. 51; 32 bytes each): each kernel's "
        "regions' pages, in region order, up to this many; 0 = off"),
    U32("gs_green_page_bytes", green_page_bytes, "4096", 1, 1u << 30,
        "green: the page size of -gs_green_pages, a power of two"),
    /* ---- run-time DVFS (src/sim/dvfs.h; README "DVFS") ---- */
    OPT("gs_dvfs_schedule", GS_OPT_DVFS, dvfs_schedule, "none", 0, 0,
        "frequency changes at run time: none, or DOMAIN@CYCLE=MHZ,... (domain core, icnt or "
        "l2; at the start of that core cycle; at most 8): the domain halts for "
        "-gs_dvfs_halt_ns, then runs at MHZ"),
    U32("gs_dvfs_halt_ns", dvfs_halt_ns, "10000", 0, 1000000000u,
        "DVFS: how long a domain stops at each change, ns (the PLL lock time: 10 us, "
        "seed-003 Table 16)"),
    OPT("gs_dvfs_core_vf", GS_OPT_VF, dvfs_vf[GS_DVFS_CORE], "none", 0, 0,
        "DVFS: the core domain's voltage-frequency table, none or MHZ:MV,... (at most 8; "
        "with -gs_energy 1 its dynamic energy scales as V^2, C V^2 f; the nominal clock and "
        "every scheduled one must be listed)"),
    OPT("gs_dvfs_icnt_vf", GS_OPT_VF, dvfs_vf[GS_DVFS_ICNT], "none", 0, 0,
        "DVFS: the interconnect's table (as -gs_dvfs_core_vf)"),
    OPT("gs_dvfs_l2_vf", GS_OPT_VF, dvfs_vf[GS_DVFS_L2], "none", 0, 0,
        "DVFS: the L2's table (as -gs_dvfs_core_vf)"),
    /* ---- the energy model (src/sim/energy.c; README "Energy model") ---- */
    U32("gs_energy", energy, "0", 0, 1,
        "1 reports energy by event count (energy_*, pJ): per unit, total, EDP and ED^2P"),
    U32("gs_energy_warp_inst_fj", energy_warp_inst_fj, "10000", 0, 0xFFFFFFFFu,
        "energy: fJ per committed warp instruction (fetch, decode, issue: a 64-bit read of an "
        "8 KB array, Horowitz ISSCC 2014, 45 nm)"),
    U32("gs_energy_thread_inst_fj", energy_thread_inst_fj, "44600", 0, 0xFFFFFFFFu,
        "energy: fJ per thread instruction (an FP32 add and multiply, 4.6 pJ, and four 32-bit "
        "register accesses at half a 32 KB array's 64-bit read, 40 pJ; Horowitz)"),
    U32("gs_energy_l1_word_fj", energy_l1_word_fj, "15000", 0, 0xFFFFFFFFu,
        "energy: fJ per 64-bit word of an L1D access or fill, a line's words each (between "
        "Horowitz's 8 KB, 10 pJ, and 32 KB, 20 pJ)"),
    U32("gs_energy_l2_word_fj", energy_l2_word_fj, "20000", 0, 0xFFFFFFFFu,
        "energy: fJ per 64-bit word of an L2 access or fill (Horowitz's 32 KB figure)"),
    U32("gs_energy_icnt_flit_fj", energy_icnt_flit_fj, "0", 0, 0xFFFFFFFFu,
        "energy: fJ per crossbar flit (no figure in the specifications or the cited table: "
        "set one for your technology)"),
    U32("gs_energy_dram_word_fj", energy_dram_word_fj, "1300000", 0, 0xFFFFFFFFu,
        "energy: fJ per 64-bit word a DRAM read or write burst moves (Horowitz: 1.3-2.6 nJ; "
        "the low end)"),
    U32("gs_energy_dram_act_fj", energy_dram_act_fj, "0", 0, 0xFFFFFFFFu,
        "energy: fJ per DRAM activate (0: inside the per-word figure)"),
    U32("gs_energy_sm_leak_fj", energy_sm_leak_fj, "0", 0, 0xFFFFFFFFu,
        "energy: leakage fJ per SM and core cycle (no figure in the specifications)"),
    U32("gs_energy_l1_way_leak_fj", energy_l1_way_leak_fj, "0", 0, 0xFFFFFFFFu,
        "energy: leakage fJ per L1D way and core cycle"),
    U32("gs_energy_l2_way_leak_fj", energy_l2_way_leak_fj, "0", 0, 0xFFFFFFFFu,
        "energy: leakage fJ per active L2 way (per slice) and core cycle (seed 003's own proxy "
        "is green_l2_active_size_permille)"),
    U32("gs_energy_dram_leak_fj", energy_dram_leak_fj, "0", 0, 0xFFFFFFFFu,
        "energy: background fJ per DRAM channel and core cycle"),
    U32("gs_locality_entries", locality_entries, "65536", 1, 16777216u,
        "locality: last-accessor table lines per cache level (a power of two; 24 bytes "
        "each)"),
    U32L("gs_ldst_stage_entries", ldst_stage_entries, "0", 0, GS_MAX_LDST_STAGE_ENTRIES,
         "requests the staged LD/ST path holds per SM for a mechanism that owns it "
         "(0: no stage)"),
    U32("gs_smem_cache", smem_cache, "0", 0, 1,
        "1: the shared memory the resident CTAs leave unused is a direct-mapped cache of "
        "128-byte blocks for the loads a mechanism redirects there (ciao's p and c "
        "variants; seed 001 section 2.7)"),
    /* ---- event trace (src/sim/event_trace.h; README "Event trace") ---- */
    OPT("gs_event_trace", GS_OPT_EVENTS, event_trace.kinds, "none", 0, 0,
        "event kinds to trace, one line each: none, all or kind[,kind...] of base/event.h"),
    OPT("gs_event_trace_sm", GS_OPT_ALL_U32, event_trace.sm, "all", 0, GS_MAX_SMS - 1u,
        "trace only events of this SM (the request's or warp's origin), or all"),
    OPT("gs_event_trace_warp", GS_OPT_ALL_U32, event_trace.warp, "all", 0,
        GS_MAX_WARPS_PER_SM - 1u, "trace only events of this SM warp slot, or all"),
    OPT("gs_event_trace_addr", GS_OPT_ALL_ADDR, event_trace.addr, "all", 0, UINT64_MAX,
        "trace only memory events whose line holds this byte address, or all"),
    U32("gs_event_trace_lines", event_trace.max_lines, "100000", 1, 0xFFFFFFFFu,
        "lines the trace writes at most; then one line says it was truncated"),
    OPT("gs_event_trace_file", GS_OPT_FILE, event_trace.file, "gpusim_events.txt", 0, 0,
        "file the command-line tool writes the trace to"),
    /* ---- accepted, not modelled ---- */
    NOTE_INT("gpgpu_ptx_instruction_classification", "0", "functional simulator"),
    NOTE_INT("gpgpu_ptx_sim_mode", "0", "functional simulator mode"),
    NOTE_INT("gpgpu_ptx_force_max_capability", "0", "PTX capability"),
    NOTE_INT("gpgpu_stack_size_limit", "1024", "device stack limit"),
    NOTE_INT("gpgpu_heap_size_limit", "8388608", "device heap limit"),
    NOTE_INT("gpgpu_runtime_sync_depth_limit", "2", "CDP sync depth"),
    NOTE_INT("gpgpu_runtime_pending_launch_count_limit", "2048", "CDP launches"),
    NOTE_INT("gpgpu_max_concurrent_kernel", "32", "concurrent kernels"),
    NOTE_INT("gpgpu_compute_capability_major", "2", "compute capability"),
    NOTE_INT("gpgpu_compute_capability_minor", "0", "compute capability"),
    NOTE_INT("gpgpu_ptx_convert_to_ptxplus", "0", "PTX-plus"),
    NOTE_INT("gpgpu_ptx_save_converted_ptxplus", "0", "PTX-plus"),
    NOTE_INT("gpgpu_clock_gated_lanes", "0", "power: clock-gated lanes"),
    NOTE_INT("gpgpu_registers_per_block", "8192", "registers per CTA"),
    NOTE_INT("gpgpu_occupancy_sm_number", "0", "occupancy calculator SM version"),
    NOTE_INT("gpgpu_simd_model", "1", "SIMD model"),
    NOTE_INT("gpgpu_tensor_core_avail", "0", "tensor cores"),
    NOTE_INT("gpgpu_num_tensor_core_units", "0", "tensor cores"),
    NOTE_STR("ptx_opcode_latency_tesnor", "64", "tensor latency (GPGPU-Sim's spelling)"),
    NOTE_STR("ptx_opcode_initiation_tensor", "64", "tensor initiation interval"),
    NOTE_INT("gpgpu_shmem_limited_broadcast", "0", "shared memory broadcast"),
    NOTE_INT("gpgpu_shmem_warp_parts", "1", "shared memory warp parts"),
    NOTE_INT("gpgpu_coalesce_arch", "13", "coalescing architecture"),
    NOTE_INT("gpgpu_l1_banks", "1", "L1 data banks"),
    NOTE_INT("gpgpu_l1_banks_byte_interleaving", "32", "L1 data bank interleave"),
    NOTE_INT("gpgpu_l1_banks_hashing_function", "0", "L1 data bank hash"),
    NOTE_INT("gpgpu_l1_cache_write_ratio", "0", "L1 write ratio"),
    NOTE_INT("gpgpu_gmem_skip_L1D", "0", "global accesses bypass L1D"),
    NOTE_INT("gpgpu_n_cluster_ejection_buffer_size", "8", "cluster ejection buffer"),
    NOTE_INT("gpgpu_shmem_sizeDefault", "49152", "default shared memory size"),
    NOTE_INT("gpgpu_shmem_per_block", "49152", "shared memory per CTA"),
    NOTE_INT("gpgpu_cache:dl2_texture_only", "0", "L2 for texture only"),
    NOTE_INT("gpgpu_perf_sim_memcpy", "0", "memcpy through L2"),
    NOTE_INT("gpgpu_mem_address_mask", "0", "address mask"),
    NOTE_INT("gpgpu_mem_addr_test", "0", "address mapping self-test"),
    NOTE_INT("dram_seperate_write_queue_enable", "0", "separate DRAM write queue"),
    NOTE_STR("dram_write_queue_size", "32:28:16", "DRAM write queue size:high:low"),
    NOTE_INT("gpgpu_memlatency_stat", "0", "statistics collection"),
    NOTE_INT("gpgpu_runtime_stat", "10000", "statistics collection"),
    NOTE_INT("enable_ptx_file_line_stats", "1", "statistics collection"),
    NOTE_INT("visualizer_enabled", "1", "visualiser"),
    NOTE_INT("power_simulation_enabled", "0", "power model"),
    NOTE_STR("gpuwattch_xml_file", "gpuwattch.xml", "power model"),
    NOTE_INT("trace_enabled", "0", "debug tracing"),
    NOTE_STR("trace_components", "none", "debug tracing"),
    NOTE_INT("trace_sampling_core", "0", "debug tracing"),
};

const uint32_t gs_option_count = (uint32_t)(sizeof gs_options / sizeof gs_options[0]);
