/*
 * One streaming multiprocessor's pipeline (seed-004 section 1.2: the fetch
 * loop, the issue loop and write-back; DESIGN.md section 3).
 *
 * Per core cycle, in this fixed order (gs_sm_cycle):
 *   1. write-back: results of the execution units due this cycle
 *      (gs_eu_writeback) and completed memory instructions of the LD/ST unit
 *      (mem/ldst.h: completions, then cycle) release their scoreboard entries
 *      (and take their register bank for the cycle: core/opcoll.h)
 *      and emit WARP_COMMIT events; a warp whose exit has issued and that has
 *      nothing in flight leaves; a CTA whose warps all left frees its slot;
 *   2. register read (core/opcoll.h; with -gs_operand_collector 1, the
 *      default): collector units whose operands were all read dispatch to
 *      their units (out ports, in order per warp), then the register banks
 *      serve this cycle's operand reads (write-backs of step 1 first);
 *   3. issue: scheduler 0, 1, ... N-1 each pick one warp among those whose
 *      I-buffer head has free operands (scoreboard: RAW/WAW, seed-004 1.2.2)
 *      and a free collector unit of its unit kind and in port (without the
 *      collector: a unit that accepts it now), and issue up to
 *      -gpgpu_max_insn_issue_per_warp in-order instructions of it (with
 *      -gpgpu_dual_issue_diff_exec_units 1 each to a different unit kind);
 *      because write-back runs first, a dependent instruction issues in its
 *      producer's write-back cycle, is read the next cycle and reaches its
 *      unit the cycle after;
 *   4. fetch and decode: one warp per cycle (round robin over the warps with
 *      I-buffer room) reads its next PC in the instruction cache
 *      (-gpgpu_cache:il1 geometry, LRU; or every fetch hits with
 *      -gs_perfect_icache 1); on a hit up to GS_SM_IBUF instructions of that
 *      line are decoded into the warp's I-buffer, where issue can see them
 *      from the next cycle. DECODE IS WHERE THE FRONT END RUNS (core/
 *      frontend.h): the PTX executor runs the instruction functionally
 *      (gs_exec_step fills the gs_inst: active mask after the SIMT stack and
 *      predicate, registers, addresses); the trace reader reads the warp's
 *      next trace line. The timing model schedules the gs_inst either way.
 *      A miss blocks the warp's fetch until the line arrives (see
 *      sm_fetch.c for the latency).
 *   events (base/event.h) as they happen: issue, barrier arrive / leave,
 *   commit, warp exit, CTA launch / finish.
 * The SM keeps bit masks per scheduler (warps with an instruction, warps
 * waiting on the scoreboard) updated on events, so warps that cannot issue
 * cost nothing per cycle; an SM that cannot change state until a known cycle
 * reports it (gs_sm_wake_cycle) and the GPU skips it until then.
 */
#ifndef GS_CORE_SM_H
#define GS_CORE_SM_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/config.h"
#include "base/event.h"
#include "base/inst.h"
#include "base/status.h"
#include "core/cta_dispatch.h"
#include "core/exec_unit.h"
#include "core/frontend.h"
#include "core/ldst_perfect.h"
#include "core/opcoll.h"
#include "core/sched.h"
#include "core/scoreboard.h"
#include "mem/ldst.h"

#define GS_SM_IBUF 2u                  /* I-buffer entries per warp (GPGPU-Sim: 2) */
#define GS_SM_INFLIGHT_PER_WARP 32u    /* issued, not completed, per warp */
#define GS_SM_NO_EVENT (~(uint64_t)0)

/* Why a scheduler issued nothing in a cycle (statistics). */
typedef enum gs_stall {
    GS_STALL_NONE = 0,      /* issued */
    GS_STALL_IDLE,          /* no warp resident on this scheduler */
    GS_STALL_UNIT,          /* an operand-ready warp found its unit busy */
    GS_STALL_SCOREBOARD,    /* waiting on an ALU / shared-memory result */
    GS_STALL_MEMORY,        /* waiting on a global/local/texture load */
    GS_STALL_BARRIER,       /* waiting at a barrier */
    GS_STALL_NO_INST,       /* I-buffer empty (fetch, I-cache miss, draining) */
    GS_STALL_THROTTLED,     /* ready warps existed, the policy's steering held them */
    GS_STALL_COLLECTOR,     /* an operand-ready warp found no free collector unit / in port */
    GS_STALL_COUNT
} gs_stall;

/* Everything the SMs share, filled from gs_config (src/sim/sim_config.c). */
typedef struct gs_sm_params {
    uint32_t warp_slots;              /* max_threads_per_sm / warp_size */
    uint32_t max_ctas;                /* -gpgpu_shader_cta */
    uint32_t num_scheds;              /* -gpgpu_num_sched_per_core */
    uint32_t max_issue_per_warp;      /* -gpgpu_max_insn_issue_per_warp */
    gs_sched_params sched;
    gs_scoreboard_params sb;
    gs_eu_params eu;
    uint32_t oc_enabled;              /* -gs_operand_collector (core/opcoll.h) */
    gs_oc_params oc;
    uint32_t dual_issue_diff;         /* -gpgpu_dual_issue_diff_exec_units */
    uint32_t perfect_icache;
    uint32_t fetch_throughput;        /* -gpgpu_inst_fetch_throughput: fetches a cycle */
    uint32_t icache_sets, icache_assoc, icache_line_bytes;
    uint32_t icache_miss_cycles;      /* fixed miss trip (ports without fetch) */
    uint32_t icache_mshr_entries;     /* -gpgpu_cache:il1 MSHRs: lines missing at once */
    uint32_t icache_mshr_merge;       /* ... and warps per line */
    uint32_t tex_latency_cycles;      /* memory instructions without addresses */
    uint32_t allow_sleep;             /* the SM may be skipped until its next event */
} gs_sm_params;

typedef struct gs_sm_warp {
    uint8_t present;
    uint8_t ibuf_count, ibuf_head;
    uint8_t exit_decoded;             /* the functional warp has finished */
    uint8_t exit_issued;              /* ... and its last instruction issued */
    uint8_t func_hold;                /* functionally waiting at a barrier: no decode */
    uint8_t fetch_pending;            /* I-cache miss outstanding */
    uint8_t fetch_leader;             /* ... and this warp's request went below */
    uint8_t waits_long;               /* head waits on a long-latency load */
    uint8_t at_barrier;               /* timing: waits at barrier `barrier_id` */
    uint8_t barrier_id;
    uint8_t ok_kind;                  /* the view's ok_kind set holding this warp's bit */
    uint8_t ibuf_final[GS_SM_IBUF];   /* the entry is the warp's last instruction */
    uint32_t cta_slot;
    uint32_t cta_warp;                /* warp index inside its CTA */
    uint32_t inflight;
    uint64_t fill_cycle;              /* when the pending I-cache line arrives */
    uint64_t fill_line;               /* ... and which line it is */
    gs_inst ibuf[GS_SM_IBUF];
} gs_sm_warp;

typedef struct gs_sm_cta {
    uint8_t in_use;
    uint32_t cta_id;                  /* linear id in the grid (events) */
    uint32_t live_warps;              /* warps that have not left (timing) */
    uint32_t num_warps;
    uint32_t first_slot_hint;
    uint64_t warp_mask;               /* SM warp slots */
    void *fe_cta;                     /* the front end's state (core/frontend.h) */
    uint32_t arrived[GS_INST_BARRIERS];
    uint32_t expected_threads[GS_INST_BARRIERS];   /* 0 = every live warp */
} gs_sm_cta;

typedef struct gs_sm_inflight {
    uint32_t warp;
    uint32_t pc;
    uint32_t active_lanes;
    uint8_t op_class;
    uint8_t num_dst;
    uint16_t dst[GS_INST_MAX_DST];
} gs_sm_inflight;

/* Per scheduler masks, bit = local slot (see core/sched.h). */
typedef struct gs_sm_view {
    uint64_t has_inst;                /* I-buffer head valid */
    uint64_t sb_wait;                 /* head failed the scoreboard; recheck on release */
    uint64_t long_wait;               /* subset of sb_wait: waits on a long load */
    uint64_t raw_wait;                /* subset of sb_wait: a pending source */
    uint64_t waw_wait;                /* subset of sb_wait: a pending destination only */
    uint64_t sb_ok;                   /* head passed the scoreboard: stays so until the
                                       * warp issues (only its own issue reserves) */
    uint64_t ok_kind[GS_UNIT_COUNT];  /* with the collector: of sb_ok, the warps whose
                                       * head enters collector set k (a bit outside
                                       * sb_ok is stale) */
    uint8_t last_stall;               /* gs_stall of the last cycle simulated */
    uint8_t last_dependency;          /* gs_dependency of that cycle */
} gs_sm_view;

/* A scheduler-cycle stalled on a pending register (gs_stall SCOREBOARD or
 * MEMORY: seed 002's data-dependency stall), by the kind of hazard:
 * RAW when some waiting warp reads a pending register, else WAW when one
 * writes one; neither when the warps wait only for free scoreboard entries. */
typedef enum gs_dependency {
    GS_DEPENDENCY_NONE = 0,
    GS_DEPENDENCY_RAW,
    GS_DEPENDENCY_WAW,
    GS_DEPENDENCY_COUNT
} gs_dependency;

typedef struct gs_sm_stats {
    uint64_t warp_insts, thread_insts;
    uint64_t issue_cycles;            /* cycles with at least one issue */
    uint64_t active_cycles;           /* cycles with resident warps */
    uint64_t stall[GS_STALL_COUNT];   /* scheduler-cycles by reason */
    uint64_t dependency[GS_DEPENDENCY_COUNT];   /* of the SCOREBOARD / MEMORY ones */
    uint64_t icache_hits, icache_misses;
    uint64_t icache_miss_retries;     /* misses that found no I-cache MSHR or port room */
    uint64_t ctas_done;
    uint64_t fetches;
} gs_sm_stats;

typedef struct gs_sm {
    uint32_t id;
    const gs_sm_params *p;
    gs_sched *scheds;                 /* [num_scheds] */
    gs_sm_view *views;                /* [num_scheds] */
    gs_scoreboard sb;
    gs_eu eu;
    gs_oc oc;                         /* operand collector (zero when disabled) */
    gs_inst *cu_inst;                 /* [collector units]: the instruction each holds */
    gs_ldst *ldst;
    gs_ldst_perfect perfect_storage;
    gs_ldst perfect_port;
    /* Fixed-latency path of memory instructions that carry no addresses
     * (trace texture/surface ops, mem_width 0; see sm.c is_addressless) */
    gs_ldst_perfect tex_storage;
    gs_ldst tex_port;
    gs_frontend *fe;                  /* instruction source of the running kernel */
    gs_event_bus *bus;                /* events (gs_sm_set_events); NULL = none */
    gs_cta_dispatch *disp;
    gs_sm_warp *warps;                /* [warp_slots] */
    gs_sm_cta *ctas;                  /* [max_ctas] */
    gs_sm_inflight *inflight;         /* [warp_slots * GS_SM_INFLIGHT_PER_WARP] */
    uint32_t *free_tags;
    uint32_t num_free_tags;
    uint64_t *icache_tags;            /* [sets * assoc], line number + 1 (0 = empty) */
    uint64_t *icache_lru;             /* last use stamp */
    uint64_t icache_stamp;
    uint64_t fetch_mask;              /* SM warp slots that may fetch now */
    uint64_t miss_mask;               /* warps waiting on an I-cache line */
    uint64_t next_fill;
    uint32_t fetch_rr;                /* next warp slot the fetch looks at */
    uint32_t resident_warps;
    uint64_t resident_since;          /* cycle the SM became busy */
    uint64_t sleep_from;              /* last simulated cycle before a sleep */
    uint64_t wake_cycle;              /* GS_SM_NO_EVENT: awake */
    uint64_t dynamic_warp_id;
    uint64_t last_progress;           /* cycle of the last issue / commit */
    gs_status fault;                  /* functional fault seen at decode */
    gs_sm_stats st;
} gs_sm;

size_t gs_sm_bytes(const gs_sm_params *p);
gs_status gs_sm_init(gs_sm *sm, uint32_t id, const gs_sm_params *p, gs_ldst *full_ldst,
                     const gs_config *cfg, gs_cta_dispatch *disp, gs_arena *arena,
                     gs_diag *diag);

/* A CTA placed by the dispatcher starts on this SM; fe_cta is the handle the
 * front end (sm->fe) returned from its cta_start. */
void gs_sm_start_cta(gs_sm *sm, const gs_cta_placement *pl, void *fe_cta, uint64_t cycle);

/* One core cycle (see the header comment). */
void gs_sm_cycle(gs_sm *sm, uint64_t cycle);

/* Nothing resident and nothing in flight. */
int gs_sm_drained(const gs_sm *sm);

/* After gs_sm_cycle(cycle): GS_SM_NO_EVENT if the SM may change state next
 * cycle; otherwise the first cycle at which it can (the SM may be skipped
 * until then; gs_sm_skip accounts the skipped cycles identically). */
uint64_t gs_sm_quiet_until(gs_sm *sm, uint64_t cycle);
/* A sleeping SM must also run in a cycle in which work from below (a reply
 * at its LD/ST unit, mem/ldst.h arrived) waits for it: its owner asks this
 * each cycle before skipping it. */
int gs_sm_input_arrived(const gs_sm *sm);
/* Account cycles (from, to) exclusive as identical to cycle `from`. */
void gs_sm_skip(gs_sm *sm, uint64_t from, uint64_t to);

/* What the SM waits for (watchdog dump). */
void gs_sm_dump(const gs_sm *sm, const gs_sink *sink);

/* Emit this SM's events on `bus` (NULL: none). While the bus has any
 * subscriber the SM never sleeps, so every cycle is stepped and a
 * mechanism's steering takes effect at once. */
void gs_sm_set_events(gs_sm *sm, gs_event_bus *bus);

#endif
