/*
 * The gpusim configuration: GPGPU-Sim option syntax and names
 * (spec/formats.md section 2; DESIGN.md section 6).
 *
 * A configuration is plain data (no pointers), filled from defaults, then from
 * config files, then from command-line overrides, and checked as a whole before
 * cycle 0 (gs_config_finish). All parsing goes through one table of options
 * (src/base/options.c): name, type, default, range, help text, and whether
 * gpusim models the option. Options gpusim accepts but does not model are
 * remembered and named once each in a note (gs_config_print_notes).
 *
 * Errors are `file:line:col: error: ...` with col the column of the offending
 * token; command-line overrides report as `<command line>:1:col:` where col
 * counts in the line formed by joining the arguments after the program name
 * with single spaces.
 */
#ifndef GS_BASE_CONFIG_H
#define GS_BASE_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "base/cachestr.h"
#include "base/fmt.h"
#include "base/mech_list.h"
#include "base/policy_lists.h"
#include "base/status.h"
#include "gs_limits.h"

/* Longest comma list (pipeline widths have 13 entries in Volta configs). */
#define GS_CONFIG_LIST_MAX 16u
#define GS_CONFIG_TEXT_MAX 128u     /* address-mapping string */
#define GS_CONFIG_PATH_MAX 256u
#define GS_CONFIG_OPTIONS_MAX 320u  /* rows in the option table */
#define GS_CONFIG_FILES_MAX 16u     /* config files remembered for diagnostics */
#define GS_CONFIG_ICNT_NOTES_MAX 64u

typedef struct gs_u32_list {
    uint32_t count;
    uint32_t values[GS_CONFIG_LIST_MAX];
} gs_u32_list;

/* Priority orders of the two-level and warp-limiting schedulers. */
typedef enum gs_sched_prio {
    GS_PRIO_LRR = 0, GS_PRIO_SRR, GS_PRIO_GTO, GS_PRIO_GTLRR, GS_PRIO_GTY,
    GS_PRIO_OLDEST, GS_PRIO_YOUNGEST, GS_PRIO_COUNT
} gs_sched_prio;

typedef struct gs_sched_config {
    uint32_t kind;               /* gs_sched_kind (base/policy_lists.h) */
    uint32_t num_active_warps;   /* two-level: size of the active pool */
    uint32_t inner_prio;         /* two-level: gs_sched_prio */
    uint32_t outer_prio;         /* two-level: gs_sched_prio */
    uint32_t limit_prio;         /* warp-limiting: gs_sched_prio (GTO only) */
    uint32_t limit_warps;        /* warp-limiting: warps allowed to issue */
} gs_sched_config;

/* Accel-Sim trace.config `-specialized_unit_K <enabled>,<num_units>,<max_latency>,
 * <ID_OC width>,<OC_EX width>,<NAME>` (spec/formats.md 1.6; src/base/config_trace.c). */
#define GS_SPEC_UNITS_MAX 8u        /* K = 1..8 */
#define GS_SPEC_NAME_MAX 16u
typedef struct gs_spec_unit_cfg {
    uint32_t enabled;
    uint32_t num_units;
    uint32_t max_latency;        /* pipeline depth: latency - II must stay below it */
    uint32_t id_oc_width;        /* register-set widths: checked, not modelled */
    uint32_t oc_ex_width;
    char name[GS_SPEC_NAME_MAX]; /* BRA, TEX, TENSOR or UDP when enabled */
} gs_spec_unit_cfg;
/* gs_spec_kind (base/inst.h) of a unit name: 1 BRA, 2 TEX, 3 TENSOR, 4 UDP; 0 unknown. */
unsigned gs_config_spec_kind(const char *name);
/* ... and back: the name of a kind, "" for none or an unknown kind. */
const char *gs_config_spec_name(unsigned kind);

/* -gpgpu_clock_domains core:icnt:l2:dram, MHz with up to 3 decimals, kept in kHz. */
typedef struct gs_clock_domains {
    uint32_t core_khz;
    uint32_t icnt_khz;
    uint32_t l2_khz;
    uint32_t dram_khz;
} gs_clock_domains;

/* -gs_dvfs_schedule: frequency changes of the DVFS domains at given core
 * cycles (src/sim/dvfs.h), sorted by cycle, then domain. */
enum { GS_DVFS_CORE = 0, GS_DVFS_ICNT = 1, GS_DVFS_L2 = 2, GS_DVFS_DOMAINS = 3 };
#define GS_DVFS_MAX_CHANGES 8u   /* small: the configuration is static data on bare metal */
typedef struct gs_dvfs_change {
    uint64_t cycle;          /* the core cycle at whose start it applies */
    uint32_t domain;         /* GS_DVFS_CORE, _ICNT or _L2 */
    uint32_t khz;
} gs_dvfs_change;
typedef struct gs_dvfs_schedule {
    uint32_t count;
    gs_dvfs_change at[GS_DVFS_MAX_CHANGES];
} gs_dvfs_schedule;
/* -gs_dvfs_<domain>_vf: a domain's voltage at each frequency it may run at
 * (count 0: none given; its voltage is then nominal at every frequency). */
#define GS_DVFS_VF_POINTS 8u
#define GS_DVFS_MAX_MV 10000u
typedef struct gs_dvfs_vf {
    uint32_t count;
    uint32_t khz[GS_DVFS_VF_POINTS];
    uint16_t mv[GS_DVFS_VF_POINTS];   /* 1..GS_DVFS_MAX_MV */
} gs_dvfs_vf;

/* -gpgpu_dram_timing_opt, in DRAM command-clock cycles (spec/formats.md 2.4). */
typedef struct gs_dram_timing_cfg {
    uint32_t n_banks;        /* nbk */
    uint32_t t_ccd;          /* CCD: column to column (different bank group) */
    uint32_t t_rrd;          /* RRD: activate to activate, different banks */
    uint32_t t_rcd;          /* RCD: activate to column */
    uint32_t t_ras;          /* RAS: activate to precharge */
    uint32_t t_rp;           /* RP: precharge to activate */
    uint32_t t_rc;           /* RC: activate to activate, same bank */
    uint32_t t_cl;           /* CL: CAS latency */
    uint32_t t_wl;           /* WL: write latency */
    uint32_t t_cdlr;         /* CDLR: last data-in to read (write-to-read turnaround) */
    uint32_t t_wr;           /* WR: write recovery */
    uint32_t n_bank_groups;  /* nbkgrp */
    uint32_t t_ccdl;         /* CCDL: column to column, same bank group */
    uint32_t t_rtpl;         /* RTPL: read to precharge */
} gs_dram_timing_cfg;

/* -gpgpu_memory_partition_indexing (spec/formats.md 2.3); 3 (PAE) and above rejected. */
typedef enum gs_partition_indexing {
    GS_PARTITION_LINEAR = 0,
    GS_PARTITION_XOR = 1,
    GS_PARTITION_IPOLY = 2
} gs_partition_indexing;

/* Crossbar parameters kept from a BookSim .icnt file (-inter_config_file) or set
 * directly with -gs_icnt_<key>; 0 = not given (the crossbar's own default). */
typedef struct gs_icnt_config {
    uint32_t flit_size;
    uint32_t num_vcs;
    uint32_t vc_buf_size;
    uint32_t input_buffer_size;
    uint32_t ejection_buffer_size;
    uint32_t boundary_buffer_size;
    uint32_t subnets;
    uint32_t routing_delay;
    uint32_t vc_alloc_delay;
    uint32_t sw_alloc_delay;
    uint32_t credit_delay;
    uint32_t input_speedup;
    uint32_t output_speedup;
} gs_icnt_config;

/* Where an option was last set (line 0: still the default). */
typedef struct gs_config_where {
    uint32_t file_index;     /* into gs_config_meta.files */
    uint32_t line;
    uint32_t column;         /* column of the option's value */
} gs_config_where;

/* Loader bookkeeping: diagnostics for whole-configuration checks and notes. */
typedef struct gs_config_meta {
    char files[GS_CONFIG_FILES_MAX][GS_CONFIG_PATH_MAX];
    uint32_t n_files;
    gs_config_where set_at[GS_CONFIG_OPTIONS_MAX];
    uint16_t noted[GS_CONFIG_OPTIONS_MAX];   /* unmodelled options, first-seen order */
    uint32_t n_noted;
    uint8_t is_noted[GS_CONFIG_OPTIONS_MAX];
    char icnt_noted[GS_CONFIG_ICNT_NOTES_MAX][32];  /* .icnt keys not kept */
    uint32_t n_icnt_noted;
    /* -inter_config_file seen in the last file parsed ("" when none). */
    char inter_config_file[GS_CONFIG_PATH_MAX];
    gs_config_where inter_config_where;
} gs_config_meta;

/* -gs_dbsa_levels: the levels DBSA manages (src/mech/dbsa.c). */
enum { GS_DBSA_BOTH = 0, GS_DBSA_L1 = 1, GS_DBSA_L2 = 2 };

/* The mechanisms -gs_mechanisms enables (base/mech_list.h order). */
typedef struct gs_mech_set {
    uint32_t mask;                  /* bit GS_MECH_ID_x */
} gs_mech_set;

/* Nonzero when mechanism `id` is enabled. */
#define GS_CONFIG_MECH_ON(cfg, id) (((cfg)->mechanisms.mask >> (id)) & 1u)

/* The event trace (sim/event_trace.h): -gs_event_trace_sm / _warp / _addr
 * hold a number or `all`, stored as these. */
#define GS_CONFIG_ALL 0xFFFFFFFFu
#define GS_CONFIG_ALL_ADDR UINT64_MAX
typedef struct gs_event_trace_config {
    uint32_t kinds;                 /* -gs_event_trace: GS_EVENT_BIT set; 0 = off */
    uint32_t sm;                    /* -gs_event_trace_sm: SM id or GS_CONFIG_ALL */
    uint32_t warp;                  /* -gs_event_trace_warp: warp slot or GS_CONFIG_ALL */
    uint32_t max_lines;             /* -gs_event_trace_lines */
    uint64_t addr;                  /* -gs_event_trace_addr: byte or GS_CONFIG_ALL_ADDR */
    char file[GS_CONFIG_PATH_MAX];  /* -gs_event_trace_file: the host opens it */
} gs_event_trace_config;

typedef struct gs_config {
    /* organisation (-gpgpu_n_*) */
    uint32_t n_clusters;
    uint32_t n_cores_per_cluster;
    uint32_t n_mem;                        /* memory channels (partitions) */
    uint32_t n_sub_partition_per_mchannel;
    uint32_t n_mem_per_ctrlr;
    /* SM */
    uint32_t max_threads_per_sm;           /* -gpgpu_shader_core_pipeline <threads>:<warp> */
    uint32_t warp_size;
    uint32_t max_cta_per_sm;               /* -gpgpu_shader_cta */
    uint32_t n_registers;                  /* -gpgpu_shader_registers */
    uint32_t shmem_bytes;                  /* -gpgpu_shmem_size */
    uint32_t shmem_num_banks;
    uint32_t n_sched_per_core;
    uint32_t max_insn_issue_per_warp;
    gs_sched_config scheduler;
    gs_u32_list pipeline_widths;
    uint32_t num_sp_units, num_sfu_units, num_dp_units, num_int_units;
    gs_u32_list latency_int, latency_fp, latency_dp, latency_sfu;
    gs_u32_list initiation_int, initiation_fp, initiation_dp, initiation_sfu;
    uint32_t l1_latency_cycles;
    uint32_t smem_latency_cycles;
    uint32_t sub_core_model;               /* -gpgpu_sub_core_model (core/exec_unit.h) */
    /* operand collector and register banks (core/opcoll.h); sets in
     * gs_oc_set order: sp, sfu, dp, int, tensor_core, mem, gen */
    uint32_t operand_collector;            /* -gs_operand_collector: 0 = issue straight to units */
    uint32_t oc_specialized;               /* -gpgpu_enable_specialized_operand_collector */
    uint32_t oc_units[7], oc_in_ports[7], oc_out_ports[7];
    uint32_t num_reg_banks;                /* -gpgpu_num_reg_banks */
    uint32_t reg_file_port_throughput;     /* -gpgpu_reg_file_port_throughput */
    uint32_t reg_bank_mapping;             /* -gs_reg_bank_mapping: 0 naive, 1 swizzled */
    uint32_t dual_issue_diff_exec_units;   /* -gpgpu_dual_issue_diff_exec_units */
    /* Accel-Sim trace.config (spec/formats.md 1.6), trace runs only: LAT,II per
     * class ("0,0" = not given: -ptx_opcode_* apply), specialized units */
    gs_u32_list trace_int, trace_sp, trace_dp, trace_sfu, trace_tensor;
    gs_spec_unit_cfg spec_units[GS_SPEC_UNITS_MAX];
    gs_u32_list spec_latency[GS_SPEC_UNITS_MAX];   /* LAT,II of unit K */
    /* caches */
    gs_cache_config dl1, dl2, il1, const_l1, tex_l1;
    /* unified L1D / shared memory split (src/mem/cache_adapt.h) */
    uint32_t adaptive_cache_config;        /* -gpgpu_adaptive_cache_config: 1 = per-kernel split */
    gs_u32_list shmem_option_kb;           /* -gpgpu_shmem_option: carve-outs in KB, ascending */
    uint32_t unified_l1d_kb;               /* -gpgpu_unified_l1d_size: L1D + shared memory, KB */
    uint32_t flush_l1_cache;               /* -gpgpu_flush_l1_cache: invalidate L1Ds
                                            * between kernels */
    /* clocks and interconnect */
    gs_clock_domains clocks;
    gs_dvfs_schedule dvfs_schedule;        /* -gs_dvfs_schedule (none: count 0) */
    uint32_t dvfs_halt_ns;                 /* -gs_dvfs_halt_ns: a changed domain's halt */
    gs_dvfs_vf dvfs_vf[GS_DVFS_DOMAINS];   /* -gs_dvfs_core_vf, _icnt_vf, _l2_vf */
    uint32_t icnt_flit_bytes;              /* -icnt_flit_size */
    uint32_t network_mode;                 /* -network_mode: 1 BookSim keys, 2 local crossbar */
    uint32_t icnt_in_buffer_limit;         /* -icnt_in_buffer_limit: packets (mode 2) */
    uint32_t icnt_out_buffer_limit;        /* -icnt_out_buffer_limit: packets (mode 2) */
    uint32_t icnt_subnets;                 /* -icnt_subnets: 2 (request and reply apart) */
    uint32_t icnt_arbiter_algo;            /* -icnt_arbiter_algo: 0 round robin, 1 iSLIP */
    gs_icnt_config icnt;
    /* memory partitions and DRAM */
    uint32_t partition_indexing;           /* gs_partition_indexing */
    char mem_addr_mapping[GS_CONFIG_TEXT_MAX];
    uint32_t l2_rop_latency_cycles;
    uint32_t dram_latency_cycles;
    uint32_t dram_scheduler;               /* gs_dsched_kind (base/policy_lists.h) */
    uint32_t frfcfs_queue_entries;         /* 0 = unlimited */
    uint32_t dram_return_queue_entries;
    uint32_t partition_queues[4];          /* icnt->L2, L2->dram, dram->L2, L2->icnt */
    uint32_t dram_buswidth_bytes;
    uint32_t dram_burst_length;
    uint32_t dram_data_command_freq_ratio;
    uint32_t dram_bank_indexing;           /* 0 normal, 1 XOR with higher bits */
    uint32_t dram_bank_group_indexing;     /* 0 higher bits, 1 lower bits */
    gs_dram_timing_cfg dram_timing;
    uint32_t perfect_mem;
    uint32_t l1d_mode;                     /* -gs_l1d_mode: 0 normal, 1 unbounded, 2 bypass */
    uint32_t l2_mode;                      /* -gs_l2_mode: 0 normal, 1 unbounded, 2 bypass */
    uint32_t unbounded_max_lines;          /* -gs_unbounded_max_lines (per cache) */
    /* replacement/insertion policies of the L1D and L2 (src/mem/cache_policy.h) */
    uint32_t l1d_policy;                   /* -gs_l1d_policy: gs_cache_policy_kind */
    uint32_t l2_policy;                    /* -gs_l2_policy: gs_cache_policy_kind */
    uint32_t rrip_bits;                    /* -gs_rrip_bits: RRPV width M */
    uint32_t brrip_epsilon;                /* -gs_brrip_epsilon: BRRIP long insertion 1/N */
    uint32_t drrip_leader_sets;            /* -gs_drrip_leader_sets: per policy, 0 = scaled */
    uint32_t drrip_psel_bits;              /* -gs_drrip_psel_bits */
    uint32_t l2_drrip_dueling;             /* -gs_l2_drrip_dueling: gs_drrip_dueling */
    uint32_t perfect_dram;                 /* -gs_perfect_dram: zero latency at the controller */
    uint32_t intercore_stats;              /* -gs_intercore_stats: seed-002 5.1-8 statistics */
    uint32_t delay_class;                  /* -gs_delay_class: none 0, locality 1, no_locality 2 */
    uint32_t delay_cycles;                 /* -gs_delay_cycles: L2 cycles */
    uint32_t delay_requests;               /* -gs_delay_requests */
    uint32_t dram_write_queue_entries;     /* -gs_dram_write_queue_size */
    uint32_t dram_write_high_watermark;    /* -gs_dram_write_high_watermark */
    uint32_t dram_write_low_watermark;     /* -gs_dram_write_low_watermark */
    uint32_t dram_dual_bus_interface;      /* -dram_dual_bus_interface: HBM row+column buses */
    /* gpusim's own */
    uint64_t seed;                         /* -gs_seed */
    uint32_t watchdog_cycles;              /* -gs_watchdog_cycles */
    uint64_t launch_inst_limit;            /* -gs_launch_inst_limit: warp insts per launch */
    uint32_t simt_stack_depth;             /* -gs_simt_stack_depth: entries per warp */
    uint32_t call_stack_depth;             /* -gs_call_stack_depth: recursive call levels */
    uint32_t printf_buffer_bytes;          /* -gs_printf_buffer_bytes: device printf output
                                            * per launch, for kernels that call printf */
    /* GPGPU-Sim's run control (sim/gpu_run.c; 0 = no limit) */
    uint64_t max_insn;                     /* -gpgpu_max_insn: thread instructions, all kernels */
    uint64_t max_cycle;                    /* -gpgpu_max_cycle: core cycles, all kernels */
    uint32_t max_cta;                      /* -gpgpu_max_cta: CTAs issued, all kernels */
    uint32_t max_completed_cta;            /* -gpgpu_max_completed_cta: this kernel's */
    uint32_t deadlock_detect;              /* -gpgpu_deadlock_detect */
    uint32_t arena_mib;                    /* -gs_arena_mib: 0 = the run's plan */
    char default_workload[GS_CONFIG_PATH_MAX];   /* -gs_default_workload (the CLI's) */
    uint32_t kernel_sampling;              /* -gs_kernel_sampling (sim/sampling.h) */
    uint32_t sampling_tolerance;           /* -gs_sampling_tolerance: percent */
    uint32_t sampling_max_launches;        /* -gs_sampling_max_launches */
    /* timing model (src/core/sm.c, src/sim/gpu.c) */
    uint32_t perfect_icache;               /* -gs_perfect_icache: every fetch hits */
    uint32_t inst_fetch_throughput;        /* -gpgpu_inst_fetch_throughput: fetches a cycle */
    uint32_t perfect_inst_const_cache;     /* -gpgpu_perfect_inst_const_cache: fetches and
                                              constant loads always hit */
    uint32_t kernel_launch_latency;        /* -gpgpu_kernel_launch_latency, core cycles */
    uint32_t tb_launch_latency;            /* -gpgpu_TB_launch_latency, core cycles */
    uint32_t sample_cycles;                /* -gs_sample_cycles: active-warp samples */
    uint32_t clock_jump;                   /* -gs_clock_jump: skip idle cycles */
    /* trace front end (src/trace/trace.h) */
    uint32_t trace_line_bytes;             /* -gs_trace_line_bytes: per warp stream buffer */
    uint32_t trace_open_warps;             /* -gs_trace_open_warps: 0 = resident warps */
    uint32_t trace_tex_latency;            /* -gs_trace_tex_latency: address-less memory ops */
    gs_mech_set mechanisms;                /* -gs_mechanisms */
    uint32_t l1d_index_latency;            /* -gs_l1d_index_latency: hashed L1D hits */
    /* seed-000 DBSA (src/mech/dbsa.c; -gs_mechanisms dbsa) */
    uint32_t dbsa_period;                  /* -gs_dbsa_period: core cycles */
    uint32_t dbsa_miss_threshold;          /* -gs_dbsa_miss_threshold: percent */
    uint32_t dbsa_levels;                  /* -gs_dbsa_levels: GS_DBSA_* */
    /* seed-000 DWT-CS and DWT-PRIC (src/mech/dwt.c; -gs_mechanisms dwt / dwt_pric) */
    uint32_t dwt_period;                   /* -gs_dwt_period: core cycles */
    uint32_t dwt_mpki_threshold;           /* -gs_dwt_mpki_threshold: L1D MPKI */
    uint32_t dwt_detect_periods;           /* -gs_dwt_detect_periods: N */
    uint32_t dwt_sample_periods;           /* -gs_dwt_sample_periods: M */
    uint32_t dwt_broadcast_latency;        /* -gs_dwt_broadcast_latency: core cycles */
    uint32_t dwt_memo_entries;             /* -gs_dwt_memo_entries: kernels remembered */
    /* CCWS (src/mech/ccws.c; -gs_mechanisms ccws) */
    uint32_t ccws_vta_entries;             /* -gs_ccws_vta_entries: victim tags per warp */
    uint32_t ccws_vta_ways;                /* -gs_ccws_vta_ways */
    uint32_t ccws_base_score;              /* -gs_ccws_base_score */
    uint32_t ccws_kthrottle;               /* -gs_ccws_kthrottle */
    /* MRPB (src/mech/mrpb.c; -gs_mechanisms mrpb) */
    uint32_t mrpb_drain;                   /* -gs_mrpb_drain: fixed 0, greedy 1, rr 2 */
    uint32_t mrpb_assoc_bypass;            /* -gs_mrpb_assoc_bypass */
    uint32_t mrpb_signature;               /* -gs_mrpb_signature: warp 0, pc 1, line 2 */
    /* statPCAL (src/mech/statpcal.c; -gs_mechanisms statpcal) */
    uint32_t statpcal_tokens;              /* -gs_statpcal_tokens: T per scheduler */
    uint32_t statpcal_warps;               /* -gs_statpcal_warps: W per scheduler, 0 = T */
    uint32_t statpcal_period;              /* -gs_statpcal_period: core cycles */
    uint32_t statpcal_step;                /* -gs_statpcal_step: warps per scheduler */
    uint32_t statpcal_l2_threshold;        /* -gs_statpcal_l2_threshold: percent, 0 off */
    uint32_t statpcal_dram_threshold;      /* -gs_statpcal_dram_threshold: percent, 0 off */
    uint32_t statpcal_nontoken;            /* -gs_statpcal_nontoken: noalloc 0, bypass 1 */
    /* CIAO (src/mech/ciao.c; -gs_mechanisms ciao) */
    uint32_t ciao_variant;                 /* -gs_ciao_variant: t 0, p 1, c 2 */
    uint32_t ciao_vta_entries;             /* -gs_ciao_vta_entries: victim tags per warp */
    uint32_t ciao_high_epoch;              /* -gs_ciao_high_epoch: thread instructions per SM */
    uint32_t ciao_low_epoch;               /* -gs_ciao_low_epoch */
    uint32_t ciao_high_cutoff_ppm;         /* -gs_ciao_high_cutoff_ppm: IRS, parts per million */
    uint32_t ciao_low_cutoff_ppm;          /* -gs_ciao_low_cutoff_ppm */
    uint32_t ciao_matrix;                  /* -gs_ciao_matrix: report the interference matrix */
    /* GREEN (src/mech/green.c; -gs_mechanisms green) */
    uint32_t green_rac;                    /* -gs_green_rac: region-aware bypass */
    uint32_t green_racr;                   /* -gs_green_racr: off 0, naive 1, full 2 */
    uint32_t green_train_cycles;           /* -gs_green_train_cycles: core cycles */
    uint32_t green_l1_threshold;           /* -gs_green_l1_threshold: hundredths of a percent */
    uint32_t green_l2_threshold;           /* -gs_green_l2_threshold */
    uint32_t green_pages;                  /* -gs_green_pages: page slots (0 = off) */
    uint32_t green_page_bytes;             /* -gs_green_page_bytes: a power of two */
    /* the energy model (src/sim/energy.c; README "Energy model"): femtojoules */
    uint32_t energy;                       /* -gs_energy: report energy statistics */
    uint32_t energy_warp_inst_fj;          /* -gs_energy_warp_inst_fj: per warp instruction */
    uint32_t energy_thread_inst_fj;        /* -gs_energy_thread_inst_fj: per active lane */
    uint32_t energy_l1_word_fj;            /* -gs_energy_l1_word_fj: per 64-bit word */
    uint32_t energy_l2_word_fj;            /* -gs_energy_l2_word_fj */
    uint32_t energy_icnt_flit_fj;          /* -gs_energy_icnt_flit_fj: per flit */
    uint32_t energy_dram_word_fj;          /* -gs_energy_dram_word_fj: per 64-bit word */
    uint32_t energy_dram_act_fj;           /* -gs_energy_dram_act_fj: per activate */
    uint32_t energy_sm_leak_fj;            /* -gs_energy_sm_leak_fj: per SM and core cycle */
    uint32_t energy_l1_way_leak_fj;        /* -gs_energy_l1_way_leak_fj: per way and cycle */
    uint32_t energy_l2_way_leak_fj;        /* -gs_energy_l2_way_leak_fj */
    uint32_t energy_dram_leak_fj;          /* -gs_energy_dram_leak_fj: per channel and cycle */
    uint32_t locality_entries;             /* -gs_locality_entries (src/mech/locality.c) */
    uint32_t ldst_stage_entries;           /* -gs_ldst_stage_entries: staged LD/ST path */
    uint32_t smem_cache;                   /* -gs_smem_cache: unused shared memory as a cache */
    gs_event_trace_config event_trace;     /* -gs_event_trace* */
    gs_config_meta meta;
} gs_config;

/* The option table (src/base/options.c). */
typedef enum gs_opt_type {
    GS_OPT_U32 = 0,     /* unsigned, range [min, max] */
    GS_OPT_U64,         /* unsigned 64-bit */
    GS_OPT_INT,         /* signed integer, not stored (unmodelled options) */
    GS_OPT_STR,         /* any text, not stored (unmodelled options) */
    GS_OPT_LIST,        /* comma list of unsigned, each in [min, max] */
    GS_OPT_CACHE,       /* cache string */
    GS_OPT_CLOCKS,      /* core:icnt:l2:dram MHz */
    GS_OPT_DRAM_TIMING, /* -gpgpu_dram_timing_opt */
    GS_OPT_SCHED,       /* -gpgpu_scheduler */
    GS_OPT_QUEUES,      /* a:b:c:d, each in [min, max] */
    GS_OPT_ADDRMAP,     /* -gpgpu_mem_addr_mapping */
    GS_OPT_PART_INDEX,  /* -gpgpu_memory_partition_indexing */
    GS_OPT_PATH,        /* -inter_config_file */
    GS_OPT_PIPELINE,    /* -gpgpu_shader_core_pipeline threads:warp */
    GS_OPT_SPEC_UNIT,   /* -specialized_unit_K (gs_spec_unit_cfg) */
    GS_OPT_MECHS,       /* -gs_mechanisms: none or names of GS_MECH_LIST (gs_mech_set) */
    GS_OPT_EVENTS,      /* -gs_event_trace: none, all or kinds (uint32_t GS_EVENT_BIT set) */
    GS_OPT_ALL_U32,     /* all (GS_CONFIG_ALL) or an unsigned in [min, max] */
    GS_OPT_ALL_ADDR,    /* all (GS_CONFIG_ALL_ADDR) or a byte address (printed in hex) */
    GS_OPT_FILE,        /* a file the host writes: char[GS_CONFIG_PATH_MAX], no blanks */
    GS_OPT_NAME,        /* one of the option's names (uint32_t: its index) */
    GS_OPT_NAME_NUM,    /* the same, or the index as a number, which is what is printed */
    GS_OPT_DVFS,        /* -gs_dvfs_schedule: none or DOMAIN@CYCLE=MHZ,... (gs_dvfs_schedule) */
    GS_OPT_VF           /* -gs_dvfs_*_vf: none or MHZ:MV,... (gs_dvfs_vf) */
} gs_opt_type;

typedef struct gs_option {
    const char *name;          /* without the leading '-' */
    uint8_t type;              /* gs_opt_type */
    uint8_t modelled;          /* 0: accepted, noted once, not modelled */
    size_t offset;             /* of the field in gs_config (modelled only) */
    uint64_t min, max;
    const char *max_name;      /* tables/gs_limits.h name when max is a compiled limit */
    const char *default_text;  /* parsed by the same code as a file value */
    const char *help;
    const char *const *names;  /* GS_OPT_NAME: the values, NULL-terminated */
} gs_option;

extern const gs_option gs_options[];
extern const uint32_t gs_option_count;

/* Index of an option by name (without '-'); -1 when unknown. */
int gs_option_find(const char *name, size_t length);

/* Report an error at the place an option was last set (or without a place
 * when it still has its default); for checks made above base (mech/, sim/). */
gs_status gs_config_error_at(const gs_config *cfg, int option_index, gs_diag *diag,
                             const char *format, ...) GS_PRINTF_LIKE(4, 5);

/* Every option at its default; meta cleared. */
void gs_config_defaults(gs_config *cfg);

/* Parse a whole config file (GPGPU-Sim syntax). file_name is used in errors
 * and notes; remember `-inter_config_file` in cfg->meta for the host to load. */
gs_status gs_config_parse(gs_config *cfg, const char *file_name, const char *text,
                          size_t length, gs_diag *diag);

/* Set one option from the command line: name (with its '-') at name_column,
 * value at value_column, both in the `<command line>` line. */
gs_status gs_config_set_arg(gs_config *cfg, const char *name, const char *value,
                            uint32_t name_column, uint32_t value_column, gs_diag *diag);

/* Parse a BookSim .icnt file (`key = value;`, `//` comments). */
gs_status gs_config_parse_icnt(gs_config *cfg, const char *file_name, const char *text,
                               size_t length, gs_diag *diag);

/* Whole-configuration checks; call once after the last file and override. */
gs_status gs_config_finish(gs_config *cfg, gs_diag *diag);

/* The effective configuration in config-file syntax (loads back identically). */
void gs_config_dump(const gs_config *cfg, const gs_sink *sink);

/* `note: option -X accepted but not modelled`, once per option, first-seen order. */
void gs_config_print_notes(const gs_config *cfg, const gs_sink *sink);

/* Every option with its type, default and help (for --help). */
void gs_config_print_help(const gs_sink *sink);
/* An option's value type as --help shows it (`uint`, or `lru|fifo|...`); the
 * man page (gpusim --man) prints the same. */
void gs_config_print_value_type(const gs_sink *sink, const gs_option *opt);

/* Derived quantities. */
uint32_t gs_config_n_sms(const gs_config *cfg);
uint32_t gs_config_n_sub_partitions(const gs_config *cfg);
uint32_t gs_config_warps_per_sm(const gs_config *cfg);
/* Clock period in picoseconds, rounded to nearest (integer only). */
uint32_t gs_config_period_ps(uint32_t khz);

#endif
