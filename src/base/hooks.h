/*
 * Observation hooks of the SIMT core and its L1 (DESIGN.md section 7).
 * They sit in base so that the memory system, below the core, can emit
 * L1 events without including the core (make check-layers).
 */
#ifndef GS_BASE_HOOKS_H
#define GS_BASE_HOOKS_H

#include <stdint.h>

#include "base/status.h"

/* Observation hooks (DESIGN.md section 7): the named signals mechanisms that
 * observe and steer get. One gs_hooks list per SM; observers are called in
 * registration order for every event. Within one core cycle the SM emits, in
 * this fixed order:
 *   1. commit events of the instructions written back this cycle (slot order);
 *   2. L1 events in the order the L1 processes accesses; for one access that
 *      allocates a line, the eviction of the victim comes BEFORE the access's
 *      own outcome event;
 *   3. epoch ends, last: observer k's epoch ends after cycles K-1, 2K-1, ...
 *      (K = its epoch_cycles), fired by gs_hooks_end_cycle.
 * Warps are named by SM warp slot.
 */
#define GS_HOOKS_MAX 8u

typedef enum gs_l1_outcome {
    GS_L1_HIT = 0,
    GS_L1_HIT_RESERVED,       /* line allocated, data still in flight (MSHR merge) */
    GS_L1_MISS,
    GS_L1_RESERVATION_FAIL    /* no MSHR / miss-queue / line: the access retries */
} gs_l1_outcome;

typedef struct gs_hook_access {
    uint64_t cycle;
    uint64_t line_addr;
    uint32_t sm;
    uint32_t warp;            /* SM warp slot that made the access */
    uint32_t pc;
    uint8_t outcome;          /* gs_l1_outcome */
    uint8_t is_write;
} gs_hook_access;

typedef struct gs_hook_evict {
    uint64_t cycle;
    uint64_t line_addr;       /* the victim line */
    uint32_t sm;
    uint32_t owner_warp;      /* warp that inserted the victim */
    uint32_t evicting_warp;   /* warp whose access caused the eviction */
} gs_hook_evict;

typedef struct gs_hook_commit {
    uint64_t cycle;
    uint32_t sm;
    uint32_t warp;
    uint32_t pc;
    uint32_t active_lanes;
    uint8_t op_class;         /* gs_op_class */
} gs_hook_commit;

typedef struct gs_hook_epoch {
    uint64_t cycle;           /* the last cycle of the epoch */
    uint64_t index;           /* 0 for the first epoch */
    uint32_t sm;
} gs_hook_epoch;

/* Every function is optional (NULL = not interested). */
typedef struct gs_hook_ops {
    const char *name;
    uint64_t epoch_cycles;    /* 0 = no epoch events */
    void (*on_access)(void *ctx, const gs_hook_access *event);
    void (*on_evict)(void *ctx, const gs_hook_evict *event);
    void (*on_commit)(void *ctx, const gs_hook_commit *event);
    void (*on_epoch)(void *ctx, const gs_hook_epoch *event);
} gs_hook_ops;

typedef struct gs_hooks {
    const gs_hook_ops *ops[GS_HOOKS_MAX];
    void *ctx[GS_HOOKS_MAX];
    uint64_t epochs_done[GS_HOOKS_MAX];
    uint32_t sm;
    uint32_t count;
} gs_hooks;

void gs_hooks_init(gs_hooks *hooks, uint32_t sm);
/* Register an observer (before cycle 0); GS_E_LIMIT when GS_HOOKS_MAX are taken. */
gs_status gs_hooks_add(gs_hooks *hooks, const gs_hook_ops *ops, void *ctx, gs_diag *diag);
void gs_hooks_access(const gs_hooks *hooks, const gs_hook_access *event);
void gs_hooks_evict(const gs_hooks *hooks, const gs_hook_evict *event);
void gs_hooks_commit(const gs_hooks *hooks, const gs_hook_commit *event);
/* Call at the end of every core cycle; fires the epochs that end at `cycle`. */
void gs_hooks_end_cycle(gs_hooks *hooks, uint64_t cycle);

#endif
