/*
 * The LD/ST unit as the SM pipeline sees it (seed-004 section 1.3; DESIGN.md
 * section 3 "LD/ST unit -> coalescer -> shared memory | L1D").
 *
 * Contract between the SM pipeline (src/core/sm.c) and the memory side. Two
 * implementations sit behind the same operations struct (DESIGN.md section 7):
 *   - perfect memory (`-gpgpu_perfect_mem 1`, src/core/ldst_perfect.c): every
 *     access completes after a fixed latency; the SIMT-core issue's model
 *     until the memory system exists, kept as a real option;
 *   - the full memory pipeline (src/mem/ldst_full.c): coalescer, shared-
 *     memory banks, L1D with MSHRs and miss queue, requests into the
 *     crossbar (src/mem/memsys.h), replies filling the L1D.
 * Per SM, per core cycle, the pipeline calls, in this order:
 *   1. completions(): memory instructions whose data is back (loads, atomics)
 *      or that are done (stores); the pipeline releases their scoreboard
 *      entries and counts them committed;
 *   2. cycle(): the unit advances its head instruction (one access per
 *      cycle; a RESERVATION_FAIL stalls and retries next cycle);
 *   3. can_accept() before issuing a memory instruction, then accept().
 * Tags are the pipeline's own identifiers (warp + I-buffer slot); the unit
 * returns them untouched, in a fixed order (completion cycle, then
 * acceptance order).
 * Instruction fetch (seed-004 section 1.2.1: the L1 I-cache is backed by the
 * lower levels): an implementation with fetch/fetched takes the SM's I-cache
 * misses below (the full memory system: crossbar, L2, DRAM); one without
 * them (perfect memory) leaves the SM its fixed miss latency. Instruction
 * lines live at GS_LDST_CODE_BASE + PC (GPGPU-Sim's PROGRAM_MEM_START), far
 * above the data heap (mem/devmem.h), so they share the L2 and DRAM with
 * data without aliasing it.
 */
#ifndef GS_MEM_LDST_H
#define GS_MEM_LDST_H

#include <stdint.h>

#include "base/inst.h"

#define GS_LDST_CODE_BASE 0xF0000000ull   /* byte address of instruction PC 0 */
#define GS_LDST_NO_EVENT (~(uint64_t)0)   /* no cycle: nothing due */

typedef struct gs_ldst_done {
    uint32_t tag;          /* as given to accept() */
    uint32_t warp;         /* SM-local warp slot */
} gs_ldst_done;

/* Why the unit could not take an instruction this cycle (stall statistics). */
typedef enum gs_ldst_stall {
    GS_LDST_OK = 0,
    GS_LDST_BUSY,          /* head instruction still issuing its accesses */
    GS_LDST_QUEUE_FULL     /* in-flight instruction slots exhausted */
} gs_ldst_stall;

typedef struct gs_ldst_ops {
    const char *name;
    gs_ldst_stall (*can_accept)(const void *unit, const gs_inst *inst);
    void (*accept)(void *unit, const gs_inst *inst, uint32_t warp, uint32_t tag,
                   uint64_t core_cycle);
    void (*cycle)(void *unit, uint64_t core_cycle);
    /* Writes at most `max` completions for this cycle into out; returns how many. */
    uint32_t (*completions)(void *unit, uint64_t core_cycle, gs_ldst_done *out, uint32_t max);
    /* Nothing accepted is still outstanding (for CTA/kernel end and idling). */
    int (*idle)(const void *unit);
    /* Optional (NULL: fixed miss latency in the SM). Ask for the instruction
     * line of `bytes` at byte address `addr` for SM-local warp `warp`;
     * returns 0 when there is no room this cycle (retry). */
    int (*fetch)(void *unit, uint64_t addr, uint32_t bytes, uint32_t warp, uint64_t core_cycle);
    /* Writes at most `max` warps whose instruction line has arrived by
     * core_cycle, in arrival order; returns how many. */
    uint32_t (*fetched)(void *unit, uint64_t core_cycle, uint32_t *warps, uint32_t max);
    /* Optional (NULL: not told). The SM's resident CTAs now hold `used_bytes`
     * of shared memory (after a CTA is placed or finishes). */
    void (*shared_in_use)(void *unit, uint32_t used_bytes, uint64_t core_cycle);
    /* Optional (NULL: the unit must run every cycle, so its SM never sleeps).
     * After cycle(core_cycle): the first later core cycle at which the unit
     * has work of its own (a completion due), GS_LDST_NO_EVENT when none,
     * core_cycle + 1 when it must run next cycle. Work arriving from below
     * is not covered: the SM's owner polls arrived() while the SM sleeps. */
    uint64_t (*quiet_until)(const void *unit, uint64_t core_cycle);
    /* Optional (NULL: nothing ever arrives from below). Nonzero when a reply
     * waits at the unit's input, so its sleeping SM must run this cycle. */
    int (*arrived)(const void *unit);
} gs_ldst_ops;

/* One SM's LD/ST unit: the operations and the implementation's state. */
typedef struct gs_ldst {
    const gs_ldst_ops *ops;
    void *state;
} gs_ldst;

#endif
