/*
 * Per-warp PDOM SIMT stack (seed-004 section 1.2.4; decisions in
 * simt_stack.h).
 */
#include "exec/simt_stack.h"

#include "base/bits.h"
#include "base/status.h"


void gs_simt_reset(gs_simt_stack *stack, uint32_t start_pc, uint32_t mask)
{
    GS_ASSERT(stack->capacity >= 1u);
    stack->entries[0].pc = start_pc;
    stack->entries[0].rpc = GS_SIMT_NO_RPC;
    stack->entries[0].mask = mask;
    stack->depth = mask ? 1u : 0u;
    stack->high_water = stack->depth;
    stack->overflowed = 0;
}

/* Pop entries that are empty or have reached their reconvergence point
 * (seed-004 1.2.4: "pop when NextPC == RPC"). */
static void pop_finished(gs_simt_stack *stack)
{
    while (stack->depth > 0) {
        const gs_simt_entry *top = &stack->entries[stack->depth - 1u];
        if (top->mask != 0 && top->pc != top->rpc)
            break;
        stack->depth--;
    }
}

static void push(gs_simt_stack *stack, uint32_t pc, uint32_t rpc, uint32_t mask)
{
    gs_simt_entry *entry;
    if (stack->depth == stack->capacity) {
        stack->overflowed = 1;  /* reported by the launch; the run stops */
        return;
    }
    entry = &stack->entries[stack->depth++];
    entry->pc = pc;
    entry->rpc = rpc;
    entry->mask = mask;
    if (stack->depth > stack->high_water)
        stack->high_water = stack->depth;
}

void gs_simt_advance(gs_simt_stack *stack, uint32_t next_pc)
{
    stack->entries[stack->depth - 1u].pc = next_pc;
    pop_finished(stack);
}

void gs_simt_branch(gs_simt_stack *stack, uint32_t taken, uint32_t target,
                    uint32_t fallthrough, uint32_t ipdom)
{
    gs_simt_entry *top = &stack->entries[stack->depth - 1u];
    uint32_t not_taken = top->mask & ~taken;
    uint32_t first_pc, first_mask, second_pc, second_mask;
    if (not_taken == 0 || taken == 0) {
        gs_simt_advance(stack, taken ? target : fallthrough);
        return;
    }
    /* More active threads pushed first, so the smaller path runs first;
     * decision: on a tie the taken path runs first. */
    if (gs_popcount32(not_taken) >= gs_popcount32(taken)) {
        first_pc = fallthrough; first_mask = not_taken;
        second_pc = target; second_mask = taken;
    } else {
        first_pc = target; first_mask = taken;
        second_pc = fallthrough; second_mask = not_taken;
    }
    if (top->rpc == ipdom)
        stack->depth--;      /* it would pop on resuming at ipdom: replace it */
    else
        top->pc = ipdom;
    if (first_pc != ipdom)
        push(stack, first_pc, ipdom, first_mask);
    if (second_pc != ipdom)
        push(stack, second_pc, ipdom, second_mask);
    pop_finished(stack);
}

void gs_simt_exit(gs_simt_stack *stack, uint32_t mask, uint32_t next_pc)
{
    gs_simt_return(stack, mask, 0, next_pc);   /* exiting lanes leave every entry */
}

void gs_simt_call(gs_simt_stack *stack, uint32_t mask, uint32_t target, uint32_t return_pc,
                  uint32_t again)
{
    stack->entries[stack->depth - 1u].pc = return_pc;
    if (again)
        push(stack, return_pc - 1u, return_pc, again);
    push(stack, target, GS_SIMT_NO_RPC, mask);
}

void gs_simt_return(gs_simt_stack *stack, uint32_t mask, uint16_t from, uint32_t next_pc)
{
    uint16_t executing = stack->depth;
    uint16_t i;
    for (i = from; i < stack->depth; i++)
        stack->entries[i].mask &= ~mask;
    pop_finished(stack);
    if (stack->depth == executing)
        gs_simt_advance(stack, next_pc);
}
