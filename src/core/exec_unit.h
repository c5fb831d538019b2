/*
 * Execution units of one SM (seed-004 section 1.2.7; GPGPU-Sim options
 * -gpgpu_num_{sp,sfu,dp,int}_units, -ptx_opcode_latency_{int,fp,dp,sfu} and
 * -ptx_opcode_initiation_{int,fp,dp,sfu}, spec/gpgpusim-configs).
 *
 * Timing model, exact by construction:
 *  - each unit type (SP, SFU, DP, INT, TENSOR, LDST) has num_units[type]
 *    identical pipelined units; an instruction of op class c issued at cycle
 *    t to a unit keeps that unit from accepting another instruction until
 *    t + initiation_cycles[c] (the initiation interval, II);
 *  - its result is written back at cycle t + dispatch_cycles + latency_cycles[c].
 *    dispatch_cycles is a fixed per-instruction overhead between the call and
 *    the start of execution (0 from the configuration: the SM's operand
 *    collector, core/opcoll.h, models register read before it calls
 *    gs_eu_issue*, unless -gs_operand_collector 0); the SM processes write-back before
 *    issue in a cycle, so a dependent instruction issues in its producer's
 *    write-back cycle and a chain of N dependent instructions issued from
 *    cycle 0 writes its last result at N * (dispatch_cycles + latency);
 *  - at most writeback_ports results are written per cycle (all units
 *    together; GPGPU-Sim's result bus): an instruction whose write-back cycle
 *    is already full cannot issue this cycle (a structural stall, retried);
 *  - several units of a type: the lowest-numbered free unit takes the
 *    instruction, so k units give k times the throughput;
 *  - LDST units only model the issue port (II of GS_OPC_MEM); the memory
 *    pipeline produces their results, so they have no write-back here.
 * Routing (decision, after GPGPU-Sim and inst.h): DP runs on the SFU when
 * there are no DP units; INT, TENSOR and BRANCH run on the SP units when
 * there are none of their own (BRANCH always: GPGPU-Sim sends control
 * instructions down the SP pipeline, latency of GS_OPC_CONTROL).
 *
 * Sub-core model (-gpgpu_sub_core_model 1, Volta and later; spec/formats.md
 * 2.5): the SM is num_scheds sub-cores; scheduler s may issue only to units
 * s, s + S, s + 2S, ... of each type (S = num_scheds), so with 4 SP units
 * and 4 schedulers a scheduler owns one SP unit. The configuration requires
 * every unit count present to be a multiple of S (base/config_trace.c). The
 * LD/ST issue port stays shared by the SM. Decision: the write-back ports
 * stay shared too: GPGPU-Sim partitions the ID_OC and OC_EX register sets
 * per scheduler in this model, but its EX_WB register and result bus are the
 * SM's. With the option 0 the `sched` argument is ignored.
 *
 * Trace timing (Accel-Sim trace.config, spec/formats.md 1.6): after
 * gs_eu_use_trace_timing, latencies and IIs come from the trace tables
 * (params.trace_*: -trace_opcode_latency_initiation_{int,sp,dp,sfu,tensor},
 * or the -ptx_opcode_* figures of a class whose pair is not given), and an
 * instruction whose spec_kind (base/inst.h) names an enabled specialized
 * unit (-specialized_unit_K) runs there instead: num_units pipelined units
 * with that unit's own latency and II, a result written back like any ALU
 * result (gs_eu_spec_of, gs_eu_can_accept_spec, gs_eu_issue_spec). PTX runs
 * never call it (decision: the trace.config options describe trace
 * instructions only), so their timing does not depend on them.
 *
 * The caller must call gs_eu_writeback for every cycle while
 * gs_eu_in_flight() > 0 (the results sit on a timing wheel of
 * cycle % wheel_size); when nothing is in flight, cycles may be skipped.
 */
/* Names use the prefix gs_eu_ (gs_exec_ belongs to the PTX executor). */
#ifndef GS_CORE_EXEC_UNIT_H
#define GS_CORE_EXEC_UNIT_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/inst.h"
#include "base/status.h"

#define GS_EU_MAX_UNITS 16u          /* units of one type */
#define GS_EU_MAX_LATENCY 8192u      /* dispatch + latency, cycles */
#define GS_EU_MAX_PORTS 64u
#define GS_EU_NO_WRITEBACK (~(uint64_t)0)
#define GS_EU_MAX_SPEC 8u            /* specialized units (-specialized_unit_1..8) */
#define GS_EU_TYPES (GS_UNIT_COUNT + GS_EU_MAX_SPEC)

/* One enabled specialized unit. */
typedef struct gs_eu_spec {
    uint32_t kind;                           /* gs_spec_kind it serves */
    uint32_t num_units;
    uint32_t latency_cycles, initiation_cycles;
} gs_eu_spec;

typedef struct gs_eu_params {
    uint32_t num_units[GS_UNIT_COUNT];       /* indexed by gs_unit; BRANCH ignored */
    uint32_t latency_cycles[GS_OPC_COUNT];   /* indexed by gs_op_class; MEM ignored */
    uint32_t initiation_cycles[GS_OPC_COUNT];
    uint32_t dispatch_cycles;                /* fixed issue-to-execute overhead */
    uint32_t writeback_ports;                /* results per cycle, >= 1 */
    uint32_t sub_core;                       /* 1: scheduler s owns units s, s+S, ... */
    uint32_t num_scheds;                     /* S (sub-core model), >= 1 */
    uint32_t trace_latency_cycles[GS_OPC_COUNT];     /* trace runs (see above) */
    uint32_t trace_initiation_cycles[GS_OPC_COUNT];
    uint32_t num_spec;                       /* enabled specialized units */
    gs_eu_spec spec[GS_EU_MAX_SPEC];
} gs_eu_params;

typedef struct gs_eu {
    gs_eu_params params;
    uint8_t route[GS_UNIT_COUNT];            /* unit type that really runs it */
    uint8_t spec_of_kind[GS_SPEC_KIND_COUNT]; /* 1 + index into params.spec; 0 none */
    uint8_t trace_timing;                    /* gs_eu_use_trace_timing was called */
    uint32_t delay_credit;                   /* cycles of the latency already spent
                                                between issue and this call (the operand
                                                collector's read stage; sm.c) */
    uint64_t next_free[GS_EU_TYPES][GS_EU_MAX_UNITS];   /* [GS_UNIT_COUNT + k]: spec k */
    uint32_t wheel_size;                     /* power of two > max write-back delay */
    uint8_t *wheel_count;                    /* [wheel_size] */
    uint64_t *wheel_cycle;                   /* [wheel_size] cycle of the entries */
    uint32_t *wheel_tag;                     /* [wheel_size * writeback_ports] */
    uint32_t in_flight;
    uint64_t issued[GS_EU_TYPES];            /* statistics, by routed unit */
    uint64_t port_stalls;                    /* can_accept refused for a full write-back */
    uint64_t busy_stalls;                    /* can_accept refused for busy units */
} gs_eu;

size_t gs_eu_bytes(const gs_eu_params *params);
gs_status gs_eu_init(gs_eu *eu, const gs_eu_params *params, gs_arena *arena,
                       gs_diag *diag);

unsigned gs_eu_route(const gs_eu *eu, unsigned unit);
/* Write-back delay of a class: dispatch_cycles + latency (0 for MEM). */
uint32_t gs_eu_delay(const gs_eu *eu, unsigned op_class);

/* Can an instruction of (unit, op_class) issue at `cycle`? Counts refusals. */
int gs_eu_can_accept(gs_eu *eu, uint64_t cycle, unsigned unit, unsigned op_class);
/* Issue (can_accept must hold); returns the write-back cycle, or
 * GS_EU_NO_WRITEBACK for LDST. `tag` comes back from gs_eu_writeback. */
uint64_t gs_eu_issue(gs_eu *eu, uint64_t cycle, unsigned unit, unsigned op_class,
                       uint32_t tag);
/* The tags written back at `cycle`, in issue order; returns their number
 * (at most writeback_ports; `tags` must hold that many). */
uint32_t gs_eu_writeback(gs_eu *eu, uint64_t cycle, uint32_t *tags);
uint32_t gs_eu_in_flight(const gs_eu *eu);

/* The same from scheduler `sched` (< num_scheds): under the sub-core model
 * it may use only its own units; otherwise equal to the calls above. */
int gs_eu_can_accept_from(gs_eu *eu, uint64_t cycle, unsigned unit, unsigned op_class,
                          unsigned sched);
uint64_t gs_eu_issue_from(gs_eu *eu, uint64_t cycle, unsigned unit, unsigned op_class,
                          unsigned sched, uint32_t tag);

/* Switch to trace timing (see above): trace latency tables, specialized units. */
void gs_eu_use_trace_timing(gs_eu *eu);
/* Specialized unit (1-based index into params.spec) that runs an instruction
 * of this spec_kind, or 0 (not a trace run, or no enabled unit of the kind). */
unsigned gs_eu_spec_of(const gs_eu *eu, unsigned spec_kind);
int gs_eu_can_accept_spec(gs_eu *eu, uint64_t cycle, unsigned spec, unsigned sched);
uint64_t gs_eu_issue_spec(gs_eu *eu, uint64_t cycle, unsigned spec, unsigned sched,
                          uint32_t tag);

#endif
