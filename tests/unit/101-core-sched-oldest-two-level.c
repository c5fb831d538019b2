/*
 * Warp schedulers "oldest" and two-level (src/core/sched_oldest.c,
 * sched_two_level.c; spec/formats.md section 2.5, seed-004 section 2.1):
 * exact issue orders, active-pool membership, demotion on long-latency waits
 * and refill from the pending FIFO.
 */
#include "check.h"
#include "core/sched.h"

static uint64_t arena_buffer[512];

static void make(gs_sched *s, unsigned policy, unsigned slots, unsigned active,
                 const uint64_t *ages)
{
    gs_arena arena;
    gs_diag diag;
    gs_sched_params p;
    unsigned i;
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    memset(&p, 0, sizeof p);
    p.policy = policy;
    p.num_slots = slots;
    p.num_active = active;
    GS_CHECK_EQ(GS_OK, gs_sched_init(s, &p, &arena, &diag));
    for (i = 0; i < slots; i++)
        gs_sched_warp_add(s, i, ages ? ages[i] : i);
}

static int step(gs_sched *s, uint64_t ready, uint64_t long_wait)
{
    gs_sched_cycle_in in;
    int pick;
    memset(&in, 0, sizeof in);
    in.ready = ready;
    in.long_wait = long_wait;
    pick = gs_sched_pick(s, &in);
    if (pick != GS_SCHED_NONE)
        gs_sched_issued(s, (unsigned)pick);
    return pick;
}

static void test_oldest_order(void)
{
    static const uint64_t ages[4] = { 7, 5, 6, 4 };
    gs_sched s;
    make(&s, GS_SCHED_OLDEST, 4, 0, ages);
    GS_CHECK_EQ(3, step(&s, 0xF, 0));
    GS_CHECK_EQ(3, step(&s, 0xF, 0));    /* not greedy: oldest again */
    GS_CHECK_EQ(1, step(&s, 0x7, 0));
    GS_CHECK_EQ(2, step(&s, 0x5, 0));
    GS_CHECK_EQ(0, step(&s, 0x1, 0));
    GS_CHECK_EQ(1, step(&s, 0x3, 0));    /* unlike GTO, leaves warp 0 */
}

/* Warps added after a slot is reused are younger than every resident warp. */
static void test_oldest_after_reuse(void)
{
    gs_sched s;
    make(&s, GS_SCHED_OLDEST, 4, 0, NULL);
    gs_sched_warp_remove(&s, 0);
    gs_sched_warp_add(&s, 0, 10);
    GS_CHECK_EQ(1, step(&s, 0xF, 0));
    gs_sched_warp_remove(&s, 1);
    gs_sched_warp_remove(&s, 2);
    GS_CHECK_EQ(3, step(&s, 0xF, 0));
}

/* two_level_active:2, LRR inside, 4 warps: pool {0,1}, pending [2,3]. */
static void test_two_level_sequence(void)
{
    gs_sched s;
    make(&s, GS_SCHED_TWO_LEVEL, 4, 2, NULL);
    GS_CHECK_EQ(0x3, gs_sched_two_level_active(&s));
    GS_CHECK_EQ(0, step(&s, 0xF, 0));
    GS_CHECK_EQ(1, step(&s, 0xF, 0));
    /* warp 0 waits on a load: leaves; warp 2 (head of pending) enters */
    GS_CHECK_EQ(2, step(&s, 0xE, 0x1));
    GS_CHECK_EQ(0x6, gs_sched_two_level_active(&s));
    GS_CHECK_EQ(1, step(&s, 0xE, 0));
    /* warp 1 leaves; warp 3 enters; pending is now [0, 1] */
    GS_CHECK_EQ(2, step(&s, 0xC, 0x2));
    GS_CHECK_EQ(0xC, gs_sched_two_level_active(&s));
    /* warp 0 is ready again but is not in the pool */
    GS_CHECK_EQ(3, step(&s, 0xD, 0));
    /* both leave (slot order: 2 then 3); 0 and 1 come back */
    GS_CHECK_EQ(0, step(&s, 0x3, 0xC));
    GS_CHECK_EQ(0x3, gs_sched_two_level_active(&s));
    /* nothing in the pool ready: no issue even though 2 and 3 are */
    GS_CHECK_EQ(GS_SCHED_NONE, step(&s, 0xC, 0));
    GS_CHECK_EQ(1, s.steered_cycles);
    GS_CHECK_EQ(0, s.idle_cycles);
}

static void test_two_level_exit_and_barrier(void)
{
    gs_sched s;
    make(&s, GS_SCHED_TWO_LEVEL, 4, 2, NULL);
    gs_sched_warp_remove(&s, 1);         /* exits from the pool */
    GS_CHECK_EQ(0x1, gs_sched_two_level_active(&s));
    GS_CHECK_EQ(2, step(&s, 0x4, 0));    /* refilled from pending head */
    GS_CHECK_EQ(0x5, gs_sched_two_level_active(&s));
    gs_sched_warp_remove(&s, 3);         /* exits from the pending FIFO */
    gs_sched_warp_add(&s, 1, 9);         /* a new warp: the pool is full, so pending */
    gs_sched_set_blocked(&s, 0, 1);      /* barrier: 0 leaves, 1 enters */
    GS_CHECK_EQ(2, step(&s, 0x4, 0));
    GS_CHECK_EQ(0x6, gs_sched_two_level_active(&s));
    gs_sched_set_blocked(&s, 0, 0);
    GS_CHECK_EQ(1, step(&s, 0x3, 0));    /* 0 is ready but pending */
    /* 2 leaves at a barrier; 0, at the FIFO head, enters */
    gs_sched_set_blocked(&s, 2, 1);
    GS_CHECK_EQ(0, step(&s, 0x3, 0));
    GS_CHECK_EQ(0x3, gs_sched_two_level_active(&s));
}

static void test_two_level_inner_gto(void)
{
    gs_arena arena;
    gs_diag diag;
    gs_sched s;
    gs_sched_params p;
    unsigned i;
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    memset(&p, 0, sizeof p);
    p.policy = GS_SCHED_TWO_LEVEL;
    p.num_slots = 4;
    p.num_active = 3;
    p.inner_gto = 1;
    GS_CHECK_EQ(GS_OK, gs_sched_init(&s, &p, &arena, &diag));
    for (i = 0; i < 4; i++)
        gs_sched_warp_add(&s, i, i);
    GS_CHECK_EQ(0, step(&s, 0xF, 0));
    GS_CHECK_EQ(0, step(&s, 0xF, 0));
    GS_CHECK_EQ(1, step(&s, 0xE, 0));
    GS_CHECK_EQ(1, step(&s, 0xF, 0));
}

int main(void)
{
    GS_RUN(test_oldest_order);
    GS_RUN(test_oldest_after_reuse);
    GS_RUN(test_two_level_sequence);
    GS_RUN(test_two_level_exit_and_barrier);
    GS_RUN(test_two_level_inner_gto);
    return gs_check_report();
}
