/*
 * Perfect memory behind the LD/ST interface (mem/ldst.h; seed-004 section
 * 1.3; GPGPU-Sim's -gpgpu_perfect_mem): every memory instruction completes a
 * fixed number of core cycles after the unit accepts it, with no coalescing,
 * bank conflicts, misses or contention below the SM.
 *
 * Latency per space (decision: GPGPU-Sim treats perfect memory as "every
 * access hits"): shared memory takes -gpgpu_smem_latency cycles; every other
 * space (global, local, const, param, tex) an L1 hit, -gpgpu_l1_latency
 * cycles; both at least 1. Loads, stores and atomics alike. The unit accepts
 * one instruction per cycle (the LDST issue port's initiation interval is
 * the execution-unit model's) and holds at most GS_LDST_PERFECT_SLOTS
 * instructions in flight; a full unit refuses (GS_LDST_QUEUE_FULL).
 * Completions come out ordered by completion cycle, then acceptance order.
 */
#ifndef GS_CORE_LDST_PERFECT_H
#define GS_CORE_LDST_PERFECT_H

#include <stddef.h>
#include <stdint.h>

#include "mem/ldst.h"

#define GS_LDST_PERFECT_SLOTS 64u

typedef struct gs_ldst_perfect_entry {
    uint64_t done_cycle;
    uint64_t seq;          /* acceptance order */
    uint32_t tag;
    uint32_t warp;
} gs_ldst_perfect_entry;

typedef struct gs_ldst_perfect {
    uint32_t l1_latency_cycles;
    uint32_t smem_latency_cycles;
    uint32_t count;
    uint64_t next_seq;
    gs_ldst_perfect_entry slots[GS_LDST_PERFECT_SLOTS];   /* [0, count) in flight */
    uint64_t accepted;     /* statistics */
} gs_ldst_perfect;

extern const gs_ldst_ops gs_ldst_perfect_ops;

void gs_ldst_perfect_init(gs_ldst_perfect *unit, gs_ldst *ldst, uint32_t l1_latency_cycles,
                          uint32_t smem_latency_cycles);
/* The earliest cycle with a completion, or GS_LDST_NO_EVENT. */
uint64_t gs_ldst_perfect_next_event(const gs_ldst_perfect *unit);

#endif
