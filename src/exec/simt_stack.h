/*
 * Per-warp SIMT reconvergence stack, baseline PDOM (seed-004 section 1.2.4,
 * after Fung et al. 2007).
 *
 * Entry = {next PC, reconvergence PC (RPC), active mask}; the warp executes
 * at TOS.pc with TOS.mask. On a divergent branch the TOS's next PC becomes
 * the branch's immediate post-dominator and one entry per outcome is pushed
 * with RPC = IPDOM; the path with more active threads is pushed first so the
 * smaller path runs first (bounds the depth, seed-004 1.2.4). An entry pops
 * when its next PC reaches its RPC.
 *
 * Decisions (equivalent behaviour, bounded depth):
 *  - an outcome whose target already equals the IPDOM is not pushed: its
 *    threads simply wait in the entry below, which resumes at the IPDOM;
 *  - when the TOS's own RPC equals the branch's IPDOM, the TOS would pop as
 *    soon as it resumed, so it is replaced by the first outcome instead of
 *    being kept (loops with divergent exits do not grow the stack);
 *  - exiting threads leave every entry; entries left empty are popped.
 * The depth is bounded by a configured limit; overflowing it sets a sticky
 * flag the launch reports as GS_E_LIMIT naming GS_SIMT_DEPTH_OPTION.
 */
#ifndef GS_EXEC_SIMT_STACK_H
#define GS_EXEC_SIMT_STACK_H

#include <stdint.h>

#define GS_SIMT_DEPTH_OPTION "-gs_simt_stack_depth"
#define GS_SIMT_NO_RPC 0xFFFFFFFFu   /* no reconvergence point (path exits) */

typedef struct gs_simt_entry {
    uint32_t pc;         /* next instruction index */
    uint32_t rpc;        /* reconvergence instruction index */
    uint32_t mask;       /* active lanes */
} gs_simt_entry;

typedef struct gs_simt_stack {
    gs_simt_entry *entries;   /* capacity entries from the arena */
    uint16_t depth;           /* entries in use; 0 = warp finished */
    uint16_t capacity;
    uint16_t high_water;
    uint8_t overflowed;
} gs_simt_stack;

/* A fresh warp: one entry {start_pc, NO_RPC, mask}. */
void gs_simt_reset(gs_simt_stack *stack, uint32_t start_pc, uint32_t mask);

static inline uint32_t gs_simt_pc(const gs_simt_stack *stack)
{
    return stack->entries[stack->depth - 1u].pc;
}

static inline uint32_t gs_simt_mask(const gs_simt_stack *stack)
{
    return stack->entries[stack->depth - 1u].mask;
}

/* Move the TOS to next_pc (non-branching instruction or uniform branch),
 * popping entries that reached their reconvergence point. */
void gs_simt_advance(gs_simt_stack *stack, uint32_t next_pc);

/* Resolve a branch: `taken` (subset of the TOS mask) go to target, the rest
 * to fallthrough; ipdom is the branch's reconvergence PC. */
void gs_simt_branch(gs_simt_stack *stack, uint32_t taken, uint32_t target,
                    uint32_t fallthrough, uint32_t ipdom);

/* The lanes in `mask` exit: removed from all entries; the TOS then moves to
 * next_pc if lanes remain active there. */
void gs_simt_exit(gs_simt_stack *stack, uint32_t mask, uint32_t next_pc);

/* A device-function call (issue 22): the TOS resumes at return_pc, and
 * the calling lanes `mask` get an entry at target with no reconvergence
 * point, which pops when every lane has returned. Lanes `again` (an
 * indirect call's other targets) get an entry between the two that runs
 * the call (return_pc - 1) again and reconverges at return_pc. */
void gs_simt_call(gs_simt_stack *stack, uint32_t mask, uint32_t target, uint32_t return_pc,
                  uint32_t again);

/* The lanes in `mask` return: removed from the entries at index `from` and
 * above (the callee's), as gs_simt_exit removes them from all. */
void gs_simt_return(gs_simt_stack *stack, uint32_t mask, uint16_t from, uint32_t next_pc);

#endif
