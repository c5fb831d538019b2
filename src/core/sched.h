/*
 * Warp-scheduler policies and their steering masks (the events of the
 * SIMT core are in base/event.h)
 * (DESIGN.md section 7; seed-004 sections 1.2.3 and 2.1; spec/formats.md
 * section 2.5 for the GPGPU-Sim policies lrr, gto, oldest, two_level_active,
 * warp_limiting).
 *
 * One gs_sched per warp scheduler. An SM has N of them (-gpgpu_num_sched_per_core)
 * and, as in GPGPU-Sim, SM warp slot w belongs to scheduler w % N at local
 * index w / N (gs_sched_of_warp / gs_sched_local_slot). At most
 * GS_SCHED_MAX_WARPS warps per scheduler, so every warp set is one uint64_t
 * (bit i = local slot i) and picking is bit arithmetic: no scan of idle warps
 * (DESIGN.md section 10).
 *
 * How the SM pipeline talks to a scheduler (the whole contract):
 *  - events, when they happen: gs_sched_warp_add (a CTA's warp starts; its
 *    dynamic warp id gives its age), gs_sched_warp_remove (the warp exits),
 *    gs_sched_set_blocked (waits at / leaves a barrier);
 *  - each core cycle, after write-back has released the scoreboard: the
 *    pipeline fills a gs_sched_cycle_in (ready = the warps whose I-buffer
 *    instruction has free operands and a unit that can accept it now; load =
 *    the ready warps whose instruction is a load; long_wait = warps whose next
 *    instruction waits on a long-latency result) and calls gs_sched_pick, which
 *    returns the local slot to issue from or -1; after issuing that warp's
 *    instruction the pipeline calls gs_sched_issued (GTO greed, LRR rotation).
 *
 * Steering (for CCWS, DWT-CS, CIAO, statPCAL ...), all per-warp bit masks the
 * generic pick applies before the policy sees the warps:
 *  - issue_allowed: a cleared bit stops the warp entirely (throttling, CIAO stall);
 *  - may_load: a cleared bit stops only the warp's LOADS (CCWS, statPCAL): the
 *    warp still issues ALU, store and control instructions;
 *  - limit: only the first `limit` warps by age among the present warps not
 *    blocked at a barrier may issue (SWL, DWT-CS); 0 = no limit. Barrier-blocked
 *    warps do not count, so a limit can never deadlock a CTA at bar.sync;
 *  - prefer: if any preferred warp is eligible, only preferred warps are
 *    offered to the policy (reordering without a new policy).
 * The eligible set is ready & issue_allowed & limit_mask & ~(load & ~may_load),
 * narrowed to prefer when that leaves any warp.
 */
#ifndef GS_CORE_SCHED_H
#define GS_CORE_SCHED_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/policy_lists.h"
#include "base/status.h"

#define GS_SCHED_MAX_WARPS 64u
#define GS_SCHED_NONE (-1)

/* The policies are GS_SCHED_LIST (base/policy_lists.h), indexed by gs_sched_kind. */

typedef struct gs_sched_params {
    uint32_t policy;        /* gs_sched_kind */
    uint32_t num_slots;     /* warp slots this scheduler supervises, 1..64 */
    uint32_t num_active;    /* two-level: active pool size; SWL: warp limit (>= 1) */
    uint32_t inner_gto;     /* two-level: 0 = LRR inside the active pool, 1 = GTO */
} gs_sched_params;

/* What the pipeline tells the scheduler each cycle (bits = local slots). */
typedef struct gs_sched_cycle_in {
    uint64_t ready;         /* can issue now (operands free, unit accepts) */
    uint64_t load;          /* subset of ready: the instruction is a load */
    uint64_t long_wait;     /* next instruction waits on a long-latency result */
} gs_sched_cycle_in;

typedef struct gs_sched gs_sched;

/* One const ops struct per policy, each in its own file (sched_<name>.c). */
typedef struct gs_sched_ops {
    const char *name;                                    /* "lrr", "gto", ... */
    size_t (*state_bytes)(const gs_sched_params *params);
    void (*init)(gs_sched *sched);                       /* optional */
    /* Choose among `eligible` (never 0); return a local slot. */
    int (*pick)(gs_sched *sched, const gs_sched_cycle_in *in, uint64_t eligible);
    /* Once per cycle before pick, with the cycle's inputs (optional). */
    void (*cycle)(gs_sched *sched, const gs_sched_cycle_in *in);
    void (*warp_added)(gs_sched *sched, unsigned slot);   /* optional */
    void (*warp_removed)(gs_sched *sched, unsigned slot); /* optional */
} gs_sched_ops;

struct gs_sched {
    const gs_sched_ops *ops;
    gs_sched_params params;
    uint64_t present;         /* resident, not exited */
    uint64_t blocked;         /* waiting at a barrier */
    uint64_t issue_allowed;   /* steering: cleared bit = may not issue */
    uint64_t may_load;        /* steering: cleared bit = may not issue loads */
    uint64_t prefer;          /* steering: preferred warps */
    uint64_t limit_mask;      /* warps inside the age limit (all when limit == 0) */
    uint32_t limit;           /* 0 = none */
    uint32_t num_present;
    int last_issued;          /* local slot, GS_SCHED_NONE before the first issue */
    uint64_t age[GS_SCHED_MAX_WARPS];     /* dynamic warp id: launch order */
    uint8_t by_age[GS_SCHED_MAX_WARPS];   /* present slots, oldest first */
    void *state;              /* per-policy state (arena) */
    /* statistics */
    uint64_t issued_count;
    uint64_t idle_cycles;     /* no ready warp at all */
    uint64_t steered_cycles;  /* ready warps existed but none could be picked (steering,
                                 or two-level: none ready in the active pool) */
};

extern const gs_sched_ops *const gs_sched_policies[GS_SCHED_KIND_COUNT];

/* Index of the policy named `name`, or -1. */
int gs_sched_policy_find(const char *name);

size_t gs_sched_bytes(const gs_sched_params *params);
gs_status gs_sched_init(gs_sched *sched, const gs_sched_params *params, gs_arena *arena,
                        gs_diag *diag);

/* SM warp slot -> scheduler and local slot (GPGPU-Sim: warp i to scheduler i % n). */
unsigned gs_sched_of_warp(unsigned sm_warp, unsigned num_scheds);
unsigned gs_sched_local_slot(unsigned sm_warp, unsigned num_scheds);

void gs_sched_warp_add(gs_sched *sched, unsigned slot, uint64_t dynamic_warp_id);
void gs_sched_warp_remove(gs_sched *sched, unsigned slot);
void gs_sched_set_blocked(gs_sched *sched, unsigned slot, int blocked);

/* Steering. */
void gs_sched_set_issue_allowed(gs_sched *sched, unsigned slot, int allowed);
void gs_sched_set_may_load(gs_sched *sched, unsigned slot, int allowed);
void gs_sched_set_prefer(gs_sched *sched, uint64_t prefer_mask);
void gs_sched_set_limit(gs_sched *sched, uint32_t limit);

/* The eligible set for this cycle's inputs (see the header comment). */
uint64_t gs_sched_eligible(const gs_sched *sched, const gs_sched_cycle_in *in);
/* Once per cycle: the local slot to issue from, or GS_SCHED_NONE. */
int gs_sched_pick(gs_sched *sched, const gs_sched_cycle_in *in);
void gs_sched_issued(gs_sched *sched, unsigned slot);

/* Bit helpers shared by the policies (portable: de Bruijn, no builtins). */
unsigned gs_sched_ctz64(uint64_t nonzero);
unsigned gs_sched_popcount64(uint64_t bits);
/* Lowest set bit at or after `start` (cyclically); `bits` must be nonzero. */
unsigned gs_sched_next_cyclic(uint64_t bits, unsigned start, unsigned num_slots);
/* Eligible warp with the smallest age (ties: lowest slot). */
unsigned gs_sched_oldest_of(const gs_sched *sched, uint64_t bits);
/* Greedy-then-oldest choice among `eligible` (sched_gto.c; reused by SWL, two-level). */
int gs_sched_gto_choose(const gs_sched *sched, uint64_t eligible);
/* Two-level: the current active pool (sched_two_level.c). */
uint64_t gs_sched_two_level_active(const gs_sched *sched);

#endif
