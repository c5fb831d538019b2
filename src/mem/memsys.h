/*
 * The memory system below the SMs (DESIGN.md section 3; seed-004 sections
 * 1.3-1.5): per-SM full LD/ST units (L1D, coalescer, shared memory), the
 * crossbar in each direction, memory partitions with their sub-partitions
 * (L2 slice, ROP latency, queues) and the DRAM controllers.
 *
 * Contract between the GPU top loop (src/sim/gpu.c) and the memory side:
 *   - sized and built before cycle 0 from the configuration;
 *   - the top loop steps the clock domains by integer picosecond edges
 *     (-gpgpu_clock_domains) and, at each edge of a domain, calls that
 *     domain's step below; when several domains share an edge they run in
 *     the fixed order core, icnt, l2, dram (documented in gpu.c);
 *   - gs_memsys_ldst(sys, sm) hands the SM pipeline its LD/ST unit (see
 *     mem/ldst.h); the core-domain work of the LD/ST units runs inside the
 *     SM's cycle, through that interface;
 *   - gs_memsys_busy() tells the top loop whether anything is in flight, so
 *     idle domains cost nothing and the loop may jump ahead.
 */
#ifndef GS_MEM_MEMSYS_H
#define GS_MEM_MEMSYS_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/config.h"
#include "base/event.h"
#include "mem/dsched.h"
#include "mem/ldst_stage.h"
#include "base/stats.h"
#include "mem/cache.h"
#include "base/status.h"
#include "mem/devmem.h"
#include "mem/ldst.h"

typedef struct gs_memsys gs_memsys;

size_t gs_memsys_bytes(const gs_config *cfg);
gs_status gs_memsys_init(gs_memsys **out, gs_arena *arena, const gs_config *cfg,
                         gs_diag *diag);

/* The LD/ST unit of SM `sm`. */
gs_ldst *gs_memsys_ldst(gs_memsys *sys, uint32_t sm);
/* Give the staged LD/ST path of every SM (mem/ldst_stage.h) to one owner,
 * with its GS_STAGE_* flags, `owner` naming it in errors: GS_E_CONFIG when
 * -gs_ldst_stage_entries is 0 or another owner has it. Before cycle 0. */
gs_status gs_memsys_set_stage_owner(gs_memsys *sys, gs_stage_pick_fn pick, void *ctx,
                                    uint32_t flags, const char *owner, gs_diag *diag);

/* Hand every DRAM channel's request choice to one mechanism (`owner` names
 * it in errors): the configured -gpgpu_dram_scheduler policy is then not
 * asked. GS_E_CONFIG when another owner has it or the DRAM is perfect. */
gs_status gs_memsys_set_dram_owner(gs_memsys *sys, gs_dram_schedule_fn schedule, void *ctx,
                                   const char *owner, gs_diag *diag);

/* Emit every unit's events (L1Ds, MSHRs, L2 slices, DRAM) on `bus` (NULL: none). */
void gs_memsys_set_events(gs_memsys *sys, const gs_event_bus *bus);

/* A kernel launch, before its first cycle: with -gpgpu_adaptive_cache_config
 * 1, every SM's L1D is sized for the kernel's shared memory per SM (shared
 * memory per CTA x CTAs per SM; mem/cache_adapt.h); otherwise nothing. */
gs_status gs_memsys_kernel_start(gs_memsys *sys, uint64_t shmem_bytes_per_sm, gs_diag *diag);

/* L2 way resizing (GREEN's RACR, mech/green.c): the L2 is present in
 * NORMAL mode (1, with its ways in *assoc) or not (0). */
int gs_memsys_l2_resizable(const gs_memsys *sys, uint32_t *assoc);
/* Every L2 slice uses `ways` (1..assoc) ways from the end of core cycle
 * `core_cycle - 1` on; the dirty lines of ways switched off are written back
 * over the following L2 cycles, one per slice and cycle (gs_cache_resize_ways,
 * gs_cache_flush_step). The core cycles at each way count are recorded here,
 * once, for the energy model's leakage (gs_memsys_energy_counts) and GREEN's
 * Eq. 26/27 (gs_memsys_l2_cycles_at). */
void gs_memsys_l2_resize(gs_memsys *sys, uint32_t ways, uint64_t core_cycle);
/* The flush's write-backs and dirty sets so far, all slices. */
void gs_memsys_l2_flush_totals(const gs_memsys *sys, uint64_t *writebacks,
                               uint64_t *dirty_sets);
/* The resizer (GREEN) gives the record of the cycles at each way count its
 * storage, [assoc + 1] zeroed counters, before its first resize: only a run
 * that resizes pays for it. */
void gs_memsys_l2_track_ways(gs_memsys *sys, uint64_t *cycles_at);
/* The core cycles the L2 spent with `ways` ways on (1..assoc; seed-003 Eq. 26)
 * in a run of `core_cycles` cycles so far (the current way count's interval
 * runs to it). */
uint64_t gs_memsys_l2_cycles_at(const gs_memsys *sys, uint32_t ways, uint64_t core_cycles);

/* The events the energy model counts (sim/energy.c), at the end of a run
 * of `core_cycles` core cycles: */
typedef struct gs_memsys_energy_counts {
    uint64_t l1_accesses;      /* all L1Ds, seed-003 Eq. 25: accesses (hits and miss
                                * lookups, reads and writes) + fills */
    uint64_t l2_accesses;      /* all L2 slices, likewise */
    uint32_t l1_line_bytes, l2_line_bytes;
    uint64_t l1_way_cycles;    /* ways of every L1D x core cycles (the ways each has at
                                * the end: an adaptive split's per-kernel sizes are not
                                * tracked) */
    uint64_t l2_way_cycles;    /* active ways of every slice x core cycles (RACR resizes
                                * tracked) */
    uint64_t l2_ways;          /* ways of every slice together, all on */
    uint64_t icnt_flits;       /* both crossbars */
    uint64_t dram_bursts;      /* RD and WR commands */
    uint64_t dram_acts;
    uint32_t dram_burst_bytes; /* bytes one RD or WR moves */
    uint32_t dram_channels;
} gs_memsys_energy_counts;
void gs_memsys_energy_counts_of(const gs_memsys *sys, uint64_t core_cycles,
                                gs_memsys_energy_counts *out);

void gs_memsys_icnt_cycle(gs_memsys *sys, uint64_t icnt_cycle);
void gs_memsys_l2_cycle(gs_memsys *sys, uint64_t l2_cycle);
void gs_memsys_dram_cycle(gs_memsys *sys, uint64_t dram_cycle);

/* Anything queued or in flight anywhere below the SMs. */
int gs_memsys_busy(const gs_memsys *sys);
/* Core cycle `core_cycle` had active SMs (stepped, or asleep and so counted
 * as stepped): the per-kilo-cycle rates and the shared-memory cache's
 * accounting run to it. */
void gs_memsys_core_cycle_seen(gs_memsys *sys, uint64_t core_cycle);

/* Statistics in a fixed order (GPGPU-Sim names where they exist), ending
 * with the access breakdowns of gs_memsys_report_breakdowns. */
void gs_memsys_report(const gs_memsys *sys, gs_stats *stats);

/* Most entries gs_memsys_report adds (for sizing the registry), besides the
 * one L1D_cache_core[i] line per SM. */
#define GS_MEMSYS_REPORT_ENTRIES 128u

/* The cumulative memory counters a per-kernel statistics block reads
 * (sim/gpu_stats.c): the L1Ds summed over SMs, the L2 slices summed, DRAM
 * reads and writes. */
typedef struct gs_memsys_snap {
    gs_cache_stats l1d, l2;
    uint64_t dram_reads, dram_writes;
    uint8_t l1_present, l2_present;
} gs_memsys_snap;
void gs_memsys_snapshot(const gs_memsys *sys, gs_memsys_snap *snap);
/* GPGPU-Sim's access breakdowns of a snapshot, indented as GPGPU-Sim prints
 * them: `Total_core_cache_stats_breakdown[..][..]` (gpusim's core caches
 * counted there are the L1Ds: the L1I is counted by gpgpu_icache_*, and
 * constant and texture caches are not modelled as caches) and
 * `L2_cache_stats_breakdown[..][..]`. */
void gs_memsys_report_breakdowns(const gs_memsys_snap *snap, gs_stats *stats);
#define GS_MEMSYS_BREAKDOWN_ENTRIES (2u * GS_CACHE_BREAKDOWN_STATS)

/* L1D_mpki and L2_mpki: misses per 1000 committed instructions (seed-000
 * section 2.1 footnote); pass the instruction count the run reports
 * (gpu_sim_insn). Two entries. */
void gs_memsys_report_mpki(const gs_memsys *sys, gs_stats *stats, uint64_t committed_insts);
/* L1D misses of all SMs so far (L1D_total_cache_misses). */
uint64_t gs_memsys_l1d_misses(const gs_memsys *sys);

/* The counters the time-series samples read (sim/gpu_samples.c), so far,
 * summed over SMs, L2 slices and DRAM channels. Cache accesses and misses
 * count requests (a line, as L1D_mpki does), not sectors; reservation fails
 * are by reason (gs_cache_fail order, without the total). DRAM: data-bus
 * cycles carrying data, and channel-cycles stepped (cycles x channels), the
 * two sides of dram_bw_util. */
#define GS_MEMSYS_SAMPLE_FAILS (GS_CACHE_FAIL_COUNT - 1u)
typedef struct gs_memsys_sample {
    uint64_t l1d_accesses, l1d_misses;
    uint64_t l1d_fails[GS_MEMSYS_SAMPLE_FAILS];
    uint64_t l2_accesses, l2_misses;
    uint64_t dram_busy_cycles, dram_channel_cycles;
} gs_memsys_sample;
void gs_memsys_sample_counts(const gs_memsys *sys, gs_memsys_sample *out);

/* What each unit is waiting for, for the watchdog (DESIGN.md section 8). */
void gs_memsys_dump(const gs_memsys *sys, const gs_sink *sink);

#endif
