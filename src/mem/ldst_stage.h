/*
 * The staged part of the LD/ST path (DESIGN.md sections 3 and 7; issue 12
 * item 6): a bounded queue of coalesced requests between the coalescer and
 * the L1D, where a mechanism may hold requests, reorder them (per-warp FIFOs,
 * MRPB) or let them go in arrival order.
 *
 * The stage exists only when a mechanism owns it (gs_memsys_set_stage_owner)
 * and -gs_ldst_stage_entries is above 0. Without an owner the LD/ST unit runs
 * its head instruction's accesses straight into the L1D as before, so every
 * timing stays as it was (mem/ldst_full.c). With an owner, per core cycle:
 *   1. the head instruction puts its next coalesced request into the stage
 *      (one per cycle, when an entry is free); once all its requests are in,
 *      the unit may accept the next instruction, so requests of several
 *      instructions (and warps) wait side by side;
 *   2. the owner's pick chooses one staged request (or none: a hold) to make
 *      its access this cycle: L1D, the L1-bypass path, or a redirect, with
 *      the deciders asked as for any access (base/event.h). A reservation
 *      fail leaves it staged; the owner picks again next cycle.
 * An instruction completes when its last request has made its access and
 * its data is back, as without a stage.
 */
#ifndef GS_MEM_LDST_STAGE_H
#define GS_MEM_LDST_STAGE_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/status.h"
#include "mem/coalesce.h"

#define GS_STAGE_NONE 0xFFFFFFFFu
#define GS_STAGE_HOLD GS_STAGE_NONE      /* a pick that lets nothing go this cycle */

/* What an owner asks of the stage beside its picks (gs_memsys_set_stage_owner):
 * a picked load whose L1D access fails on associativity (every way of its
 * set reserved, LINE_ALLOC_FAIL) takes the L1-bypass path instead of waiting
 * (MRPB's bypass-on-associativity-stall). */
#define GS_STAGE_BYPASS_ON_ASSOC_FAIL 1u

/* One staged request: what its access needs, and its links. */
typedef struct gs_stage_req {
    gs_coalesce_req c;
    uint64_t age;             /* arrival order in this stage */
    uint32_t slot;            /* the LD/ST slot of its instruction */
    uint32_t warp;            /* SM warp slot */
    uint32_t pc;
    uint8_t op;               /* gs_mem_op */
    uint8_t space;            /* gs_space */
    uint8_t path;             /* L1 or L1-bypass (mem/memsys_internal.h) */
    uint8_t in_use;
    uint8_t decided, decision;   /* the deciders' answer, once asked (base/event.h) */
    uint32_t older, younger;  /* arrival order, all warps */
    uint32_t warp_next;       /* next of the same warp */
} gs_stage_req;

typedef struct gs_ldst_stage {
    gs_stage_req *entries;    /* [capacity] */
    uint32_t capacity, count;
    uint32_t free_head;
    uint32_t oldest, youngest;
    uint32_t *warp_head, *warp_tail;   /* [GS_MAX_WARPS_PER_SM] */
    uint64_t next_age;
} gs_ldst_stage;

size_t gs_ldst_stage_bytes(uint32_t capacity);
gs_status gs_ldst_stage_init(gs_ldst_stage *stage, gs_arena *arena, uint32_t capacity,
                             gs_diag *diag);

/* Reading the stage (for an owner's pick). */
uint32_t gs_ldst_stage_count(const gs_ldst_stage *stage);
uint32_t gs_ldst_stage_oldest(const gs_ldst_stage *stage);
uint32_t gs_ldst_stage_younger(const gs_ldst_stage *stage, uint32_t entry);
/* The oldest request of warp slot `warp`, and the next of the same warp. */
uint32_t gs_ldst_stage_warp_head(const gs_ldst_stage *stage, uint32_t warp);
uint32_t gs_ldst_stage_warp_next(const gs_ldst_stage *stage, uint32_t entry);
const gs_stage_req *gs_ldst_stage_at(const gs_ldst_stage *stage, uint32_t entry);

/* For the LD/ST unit: room, put (returns the entry), take out. */
int gs_ldst_stage_full(const gs_ldst_stage *stage);
uint32_t gs_ldst_stage_put(gs_ldst_stage *stage, const gs_stage_req *req);
void gs_ldst_stage_remove(gs_ldst_stage *stage, uint32_t entry);

/* The owner's choice for SM `sm` at core cycle `now`: an entry of `stage`,
 * or GS_STAGE_HOLD. Called only while the stage holds a request. */
typedef uint32_t (*gs_stage_pick_fn)(void *ctx, uint32_t sm, const gs_ldst_stage *stage,
                                     uint64_t now);

#endif
