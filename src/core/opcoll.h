/*
 * Operand collector and register-file banks of one SM (seed-004 section
 * 1.2.6, Figs 3.13-3.17; GPGPU-Sim options -gpgpu_operand_collector_*,
 * -gpgpu_num_reg_banks, -gpgpu_reg_file_port_throughput,
 * -gpgpu_enable_specialized_operand_collector; spec/gpgpusim-configs).
 *
 * Between issue and the execution units an instruction sits in a collector
 * unit (CU) while its source operands are read from single-ported register
 * banks. Timing model, exact by construction (the SM calls, per cycle:
 * gs_oc_write for every result written back, gs_oc_dispatch, gs_oc_read,
 * then issue calls gs_oc_accept):
 *  - CU sets: one per unit kind (GS_OC_SP .. GS_OC_MEM, the instruction's
 *    routed unit) with -gpgpu_operand_collector_num_units_<kind> CUs, plus
 *    the generic set (GS_OC_GEN, _gen). With the specialized collector
 *    (-gpgpu_enable_specialized_operand_collector 1) an instruction enters
 *    through an in port of its kind (num_in_ports_<kind> per cycle) into a
 *    CU of its kind, or a generic CU when none of its kind is free (as
 *    GPGPU-Sim lists the generic CUs behind every specialized port), or
 *    through a generic in port into a generic CU; with it 0 only the
 *    generic ports and CUs exist. No free CU / in port: gs_oc_can_accept
 *    says no and the warp stays (seed-004 1.2.8: the instruction is not
 *    lost, it issues later);
 *  - operands: each distinct source register of the instruction is one read
 *    (a register named twice is read once). Reads start the cycle after the
 *    CU was allocated. Each cycle a bank serves -gpgpu_reg_file_port_throughput
 *    reads, to the oldest CUs first (allocation order; ties cannot happen);
 *    a bank that a write-back uses this cycle serves no read (write-back has
 *    priority, seed-004 1.2.6). A CU may receive operands from several banks
 *    in one cycle (the crossbar of Fig 3.15), so two operands in different
 *    banks cost one cycle and two in the same bank two (Fig 3.14);
 *  - bank of register r of warp slot w: naive r mod NB (Fig 3.13) or
 *    swizzled (r + w) mod NB (Fig 3.16, and GPGPU-Sim's register_bank(),
 *    which adds the warp id: the default);
 *  - dispatch: a CU whose operands were all read in an earlier cycle offers
 *    its instruction to the unit (the callback); at most num_out_ports of
 *    its set dispatch per cycle; oldest first;
 *  - WAR hazard (seed-004 1.2.6, Mishkin et al.): in-order dispatch per warp.
 *    A CU dispatches only when no older CU of the same warp is waiting, so a
 *    younger instruction's write-back cannot overtake an older one's reads
 *    (the cheapest of the book's fixes that is exact; the unprotected
 *    GPGPU-Sim behaviour is the incorrect baseline);
 *  - sub-core model (-gpgpu_sub_core_model 1, GPGPU-Sim: "each scheduler has
 *    its own register file"): scheduler s owns CUs s, s+S, ... of every set,
 *    banks s*NB/S .. (s+1)*NB/S-1 (the bank above is taken mod NB/S inside
 *    them) and max(1, ports/S) in and out ports of every set.
 * Cost: nothing per cycle while no CU is busy; otherwise a walk over the
 * busy CUs (at most GS_OC_MAX_CUS) in age order.
 */
#ifndef GS_CORE_OPCOLL_H
#define GS_CORE_OPCOLL_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/inst.h"
#include "base/status.h"

#define GS_OC_MAX_CUS 64u       /* collector units of all sets together */
#define GS_OC_MAX_BANKS 64u
#define GS_OC_MAX_WARPS 64u     /* warp slots (core/cta_dispatch.h's maximum) */
#define GS_OC_MAX_SCHEDS 8u     /* schedulers (above tables/gs_limits.h's maximum) */
#define GS_OC_NONE 0xFFFFFFFFu
/* Issue to dispatch of an instruction whose reads meet no conflict: read the
 * cycle after issue, dispatch the cycle after that. */
#define GS_OC_STAGE_CYCLES 2u

/* CU sets; the first six follow gs_unit (routed unit of the instruction). */
typedef enum gs_oc_set {
    GS_OC_SP = 0, GS_OC_SFU, GS_OC_DP, GS_OC_INT, GS_OC_TENSOR, GS_OC_MEM, GS_OC_GEN,
    GS_OC_SETS
} gs_oc_set;

typedef enum gs_oc_mapping { GS_OC_MAP_NAIVE = 0, GS_OC_MAP_SWIZZLED } gs_oc_mapping;

typedef struct gs_oc_params {
    uint32_t specialized;             /* -gpgpu_enable_specialized_operand_collector */
    uint32_t num_cus[GS_OC_SETS];     /* -gpgpu_operand_collector_num_units_* */
    uint32_t in_ports[GS_OC_SETS];    /* ..._num_in_ports_* */
    uint32_t out_ports[GS_OC_SETS];   /* ..._num_out_ports_* */
    uint32_t num_banks;               /* -gpgpu_num_reg_banks */
    uint32_t port_throughput;         /* -gpgpu_reg_file_port_throughput: reads/bank/cycle */
    uint32_t mapping;                 /* gs_oc_mapping (-gs_reg_bank_mapping) */
    uint32_t sub_core;                /* -gpgpu_sub_core_model */
    uint32_t num_scheds;              /* S */
} gs_oc_params;

typedef struct gs_oc_cu {
    uint8_t busy;
    uint8_t set;
    uint8_t sched;
    uint8_t num_ops;
    uint8_t unread;                   /* bit i: operand i not read yet */
    uint32_t warp;
    uint32_t tag;                     /* the caller's (the SM's in-flight tag) */
    uint8_t bank[GS_INST_MAX_SRC];
} gs_oc_cu;

typedef struct gs_oc_stats {
    uint64_t accepted, dispatched;
    uint64_t reads;
    uint64_t bank_conflicts;          /* read refused: the bank served other reads */
    uint64_t wb_conflicts;            /* read refused: the bank served a write-back */
    uint64_t dispatch_stalls;         /* ready CU whose unit refused it */
    uint64_t full_refusals;           /* gs_oc_can_accept said no */
} gs_oc_stats;

typedef struct gs_oc {
    gs_oc_params p;
    uint32_t banks_per_sched;         /* NB, or NB / S under the sub-core model */
    uint32_t total_cus;
    uint32_t first_cu[GS_OC_SETS];    /* CUs of set k: first_cu[k] .. + num_cus[k] - 1 */
    uint32_t ports_in[GS_OC_SETS], ports_out[GS_OC_SETS];   /* per sub-core */
    uint64_t free_mask[GS_OC_SETS];   /* bit i: CU i of the set is free */
    uint64_t sched_mask[GS_OC_SETS][GS_OC_MAX_SCHEDS];   /* CUs scheduler s may use */
    gs_oc_cu *cus;                    /* [total_cus] */
    uint32_t order[GS_OC_MAX_CUS];    /* busy CUs, oldest first */
    uint32_t num_busy;
    uint32_t pending_reads;
    uint64_t port_cycle;              /* cycle the in / out counters below belong to */
    uint8_t in_used[GS_OC_SETS][GS_OC_MAX_SCHEDS];   /* [set][sched] */
    uint8_t out_used[GS_OC_SETS][GS_OC_MAX_SCHEDS];
    uint64_t write_cycle[GS_OC_MAX_BANKS];  /* last cycle a write-back used the bank */
    uint64_t read_cycle[GS_OC_MAX_BANKS];   /* cycle of read_count */
    uint32_t read_count[GS_OC_MAX_BANKS];
    gs_oc_stats st;
} gs_oc;

/* Try to start the instruction of CU `cu` on its unit at `cycle`; 1 = done. */
typedef int (*gs_oc_dispatch_fn)(void *ctx, uint32_t cu, uint32_t tag, uint64_t cycle);

/* Collector units the parameters ask for (kind sets only when specialized). */
uint32_t gs_oc_units(const gs_oc_params *p);
size_t gs_oc_bytes(const gs_oc_params *p);
/* Checks the parameters; `routed` lists which CU sets instructions can use
 * (1 per gs_oc_set below GS_OC_GEN): each needs a CU with ports. */
gs_status gs_oc_init(gs_oc *oc, const gs_oc_params *p, const uint8_t routed[GS_OC_GEN],
                     gs_arena *arena, gs_diag *diag);

/* Bank of register `reg` of warp slot `warp` (scheduler `sched`). */
uint32_t gs_oc_bank(const gs_oc *oc, uint32_t warp, uint32_t sched, uint32_t reg);

/* Can an instruction of set `kind` from scheduler `sched` enter now? */
int gs_oc_can_accept(gs_oc *oc, uint64_t cycle, unsigned kind, unsigned sched);
/* Allocate its CU (can_accept held); returns the CU index. */
uint32_t gs_oc_accept(gs_oc *oc, uint64_t cycle, unsigned kind, unsigned sched, uint32_t warp,
                      uint32_t tag, const uint16_t *src, unsigned num_src);
/* A write-back of register `reg` of `warp` uses its bank this cycle. */
void gs_oc_write(gs_oc *oc, uint64_t cycle, uint32_t warp, uint32_t sched, uint32_t reg);
/* Dispatch ready CUs (see the header comment); returns how many. */
uint32_t gs_oc_dispatch(gs_oc *oc, uint64_t cycle, gs_oc_dispatch_fn fn, void *ctx);
/* Serve this cycle's operand reads. */
void gs_oc_read(gs_oc *oc, uint64_t cycle);

static inline uint32_t gs_oc_busy(const gs_oc *oc)
{
    return oc->num_busy;
}

#endif
