/* PDOM SIMT stack (seed-004 section 1.2.4): divergence, push order,
 * reconvergence, loops with divergent exits, exits, overflow
 * (src/exec/simt_stack.h). */
#include "check.h"
#include "exec/simt_stack.h"

static gs_simt_entry storage[8];

static gs_simt_stack fresh(uint16_t capacity, uint32_t mask)
{
    gs_simt_stack stack;
    stack.entries = storage;
    stack.capacity = capacity;
    gs_simt_reset(&stack, 0, mask);
    return stack;
}

static void test_uniform(void)
{
    gs_simt_stack s = fresh(8, 0xFFFFFFFFu);
    gs_simt_advance(&s, 1);
    gs_simt_branch(&s, 0xFFFFFFFFu, 10, 2, 12);   /* all taken */
    GS_CHECK_EQ(1, s.depth);
    GS_CHECK_EQ(10, gs_simt_pc(&s));
    gs_simt_branch(&s, 0, 20, 11, 30);            /* none taken */
    GS_CHECK_EQ(11, gs_simt_pc(&s));
    GS_CHECK_EQ(0xFFFFFFFFu, gs_simt_mask(&s));
}

static void test_if_else(void)
{
    /* 3: @p bra 6 (else), 4..5 then, 6..7 else, 8 join */
    gs_simt_stack s = fresh(8, 0xFFu);
    gs_simt_advance(&s, 3);
    gs_simt_branch(&s, 0x0Fu, 6, 4, 8);
    /* equal halves: the taken path runs first */
    GS_CHECK_EQ(3, s.depth);
    GS_CHECK_EQ(6, gs_simt_pc(&s));
    GS_CHECK_EQ(0x0Fu, gs_simt_mask(&s));
    gs_simt_advance(&s, 7);
    gs_simt_advance(&s, 8);                       /* reaches the join: pops */
    GS_CHECK_EQ(2, s.depth);
    GS_CHECK_EQ(4, gs_simt_pc(&s));
    GS_CHECK_EQ(0xF0u, gs_simt_mask(&s));
    gs_simt_advance(&s, 5);
    gs_simt_branch(&s, 0xF0u, 8, 6, GS_SIMT_NO_RPC);  /* bra join, uniform */
    GS_CHECK_EQ(1, s.depth);
    GS_CHECK_EQ(8, gs_simt_pc(&s));
    GS_CHECK_EQ(0xFFu, gs_simt_mask(&s));
    GS_CHECK_EQ(3, s.high_water);
}

static void test_smaller_path_first(void)
{
    gs_simt_stack s = fresh(8, 0xFFu);
    gs_simt_branch(&s, 0x01u, 6, 1, 9);   /* 1 lane taken, 7 fall through */
    GS_CHECK_EQ(6, gs_simt_pc(&s));
    GS_CHECK_EQ(0x01u, gs_simt_mask(&s));
    gs_simt_advance(&s, 9);
    GS_CHECK_EQ(1, gs_simt_pc(&s));
    GS_CHECK_EQ(0xFEu, gs_simt_mask(&s));
    gs_simt_branch(&s, 0xFEu, 6, 2, 9);   /* uniform within the entry */
    gs_simt_advance(&s, 9);
    GS_CHECK_EQ(1, s.depth);
    GS_CHECK_EQ(9, gs_simt_pc(&s));
}

static void test_if_without_else(void)
{
    /* @p bra 5 (skip); the skipping lanes wait at the join without an entry */
    gs_simt_stack s = fresh(8, 0xFu);
    gs_simt_branch(&s, 0x3u, 5, 1, 5);
    GS_CHECK_EQ(2, s.depth);
    GS_CHECK_EQ(1, gs_simt_pc(&s));
    GS_CHECK_EQ(0xCu, gs_simt_mask(&s));
    gs_simt_advance(&s, 5);
    GS_CHECK_EQ(1, s.depth);
    GS_CHECK_EQ(0xFu, gs_simt_mask(&s));
}

static void test_loop_does_not_grow(void)
{
    /* loop body 1..3, 3: @p bra 1 (back edge), exit/join at 4; one lane
     * leaves per iteration: the depth stays bounded. */
    gs_simt_stack s = fresh(4, 0xFFu);
    uint32_t mask = 0xFFu;
    int iteration;
    for (iteration = 0; iteration < 7; iteration++) {
        mask >>= 1;                           /* lanes still looping */
        gs_simt_advance(&s, 3);
        gs_simt_branch(&s, mask, 1, 4, 4);
        GS_CHECK_EQ(1, gs_simt_pc(&s));
        GS_CHECK_EQ(mask, gs_simt_mask(&s));
        GS_CHECK(s.depth <= 2);
    }
    gs_simt_advance(&s, 3);
    gs_simt_branch(&s, 0, 1, 4, 4);           /* last lane leaves */
    GS_CHECK_EQ(1, s.depth);
    GS_CHECK_EQ(4, gs_simt_pc(&s));
    GS_CHECK_EQ(0xFFu, gs_simt_mask(&s));
    GS_CHECK_EQ(0, s.overflowed);
}

static void test_exit(void)
{
    gs_simt_stack s = fresh(8, 0xFFu);
    gs_simt_branch(&s, 0x0Fu, 6, 1, 9);
    gs_simt_exit(&s, 0x0Fu, 7);               /* the taken lanes exit */
    GS_CHECK_EQ(2, s.depth);
    GS_CHECK_EQ(1, gs_simt_pc(&s));
    GS_CHECK_EQ(0xF0u, gs_simt_mask(&s));
    gs_simt_exit(&s, 0x30u, 2);               /* predicated exit of two lanes */
    GS_CHECK_EQ(2, gs_simt_pc(&s));
    GS_CHECK_EQ(0xC0u, gs_simt_mask(&s));
    gs_simt_advance(&s, 9);
    GS_CHECK_EQ(1, s.depth);
    GS_CHECK_EQ(0xC0u, gs_simt_mask(&s));     /* exited lanes do not return */
    gs_simt_exit(&s, 0xC0u, 10);
    GS_CHECK_EQ(0, s.depth);
}

static void test_overflow(void)
{
    gs_simt_stack s = fresh(2, 0xFFu);
    gs_simt_branch(&s, 0x0Fu, 6, 1, 9);       /* needs 3 entries */
    GS_CHECK_EQ(1, s.overflowed);
}

int main(void)
{
    GS_RUN(test_uniform);
    GS_RUN(test_if_else);
    GS_RUN(test_smaller_path_first);
    GS_RUN(test_if_without_else);
    GS_RUN(test_loop_does_not_grow);
    GS_RUN(test_exit);
    GS_RUN(test_overflow);
    return gs_check_report();
}
