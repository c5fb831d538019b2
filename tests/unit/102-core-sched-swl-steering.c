/*
 * Static warp limiting and the steering masks every policy honours
 * (src/core/sched.c, sched_swl.c; seed-000 section 2.3, seed-004 section 2.1
 * CCWS "may not issue L1 requests"): the limit admits exactly N warps by age,
 * barrier-blocked warps do not count, loads alone can be blocked, preferred
 * warps go first.
 */
#include "check.h"
#include "core/sched.h"

static uint64_t arena_buffer[512];

static void make(gs_sched *s, unsigned policy, unsigned slots, unsigned active)
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
        gs_sched_warp_add(s, i, 100u + i);
}

static int step(gs_sched *s, uint64_t ready, uint64_t load)
{
    gs_sched_cycle_in in;
    int pick;
    memset(&in, 0, sizeof in);
    in.ready = ready;
    in.load = load;
    pick = gs_sched_pick(s, &in);
    if (pick != GS_SCHED_NONE)
        gs_sched_issued(s, (unsigned)pick);
    return pick;
}

static void test_swl_admits_first_n(void)
{
    gs_sched s;
    make(&s, GS_SCHED_WARP_LIMITING, 4, 2);
    GS_CHECK_EQ(0x3, s.limit_mask);
    GS_CHECK_EQ(0, step(&s, 0xF, 0));
    GS_CHECK_EQ(0, step(&s, 0xF, 0));        /* GTO inside the limit */
    GS_CHECK_EQ(1, step(&s, 0xE, 0));
    GS_CHECK_EQ(GS_SCHED_NONE, step(&s, 0xC, 0));
    GS_CHECK_EQ(1, s.steered_cycles);
    gs_sched_warp_remove(&s, 0);             /* exit: warp 2 moves inside */
    GS_CHECK_EQ(0x6, s.limit_mask);
    GS_CHECK_EQ(2, step(&s, 0xC, 0));
    gs_sched_set_blocked(&s, 1, 1);          /* barrier: does not count */
    GS_CHECK_EQ(0xC, s.limit_mask);
    GS_CHECK_EQ(3, step(&s, 0x8, 0));
    gs_sched_set_blocked(&s, 1, 0);
    GS_CHECK_EQ(0x6, s.limit_mask);
    gs_sched_set_limit(&s, 1);               /* DWT-CS style change */
    GS_CHECK_EQ(0x2, s.limit_mask);
    gs_sched_set_limit(&s, 0);
    GS_CHECK_EQ(~0ull, s.limit_mask);
}

/* 8 warps, each busy 5 cycles after it issues: over 200 cycles exactly the
 * three oldest issue, and they issue whenever one of them is ready. */
static void test_swl_exactly_n_issue(void)
{
    gs_sched s;
    uint64_t busy_until[8] = { 0 };
    uint64_t issued_set = 0, cycle, issues = 0;
    make(&s, GS_SCHED_WARP_LIMITING, 8, 3);
    for (cycle = 0; cycle < 200; cycle++) {
        uint64_t ready = 0;
        unsigned w;
        int pick;
        for (w = 0; w < 8; w++)
            if (busy_until[w] <= cycle)
                ready |= (uint64_t)1u << w;
        pick = step(&s, ready, 0);
        if (pick == GS_SCHED_NONE)
            continue;
        issued_set |= (uint64_t)1u << pick;
        busy_until[pick] = cycle + 5u;
        issues++;
    }
    GS_CHECK_EQ(0x7, issued_set);
    /* 3 warps x one issue per 5 cycles: cycles 0,1,2, 5,6,7, ... 195,196,197 */
    GS_CHECK_EQ(120, issues);
}

static void test_load_blocking(void)
{
    gs_sched s;
    make(&s, GS_SCHED_GTO, 4, 0);
    gs_sched_set_may_load(&s, 0, 0);
    GS_CHECK_EQ(0xE, gs_sched_eligible(&s, &(gs_sched_cycle_in){ 0xF, 0x3, 0 }));
    GS_CHECK_EQ(1, step(&s, 0xF, 0x3));      /* warp 0's load is held back */
    gs_sched_set_may_load(&s, 1, 0);
    GS_CHECK_EQ(2, step(&s, 0xF, 0x3));      /* 1's load too; 2 is oldest left */
    GS_CHECK_EQ(0, step(&s, 0x3, 0x2));      /* warp 0's ALU op goes; 1's load not */
    gs_sched_set_may_load(&s, 0, 1);
    gs_sched_set_may_load(&s, 1, 1);
    GS_CHECK_EQ(0, step(&s, 0xF, 0xF));
}

static void test_issue_allowed_and_prefer(void)
{
    gs_sched s;
    make(&s, GS_SCHED_LRR, 4, 0);
    gs_sched_set_issue_allowed(&s, 0, 0);
    GS_CHECK_EQ(1, step(&s, 0xF, 0));
    GS_CHECK_EQ(GS_SCHED_NONE, step(&s, 0x1, 0));
    gs_sched_set_prefer(&s, 0x8);
    GS_CHECK_EQ(3, step(&s, 0xF, 0));
    GS_CHECK_EQ(3, step(&s, 0xF, 0));        /* preferred outranks rotation */
    GS_CHECK_EQ(1, step(&s, 0x7, 0));        /* not ready: the policy decides */
    gs_sched_set_issue_allowed(&s, 0, 1);
    gs_sched_set_prefer(&s, 0);
    GS_CHECK_EQ(2, step(&s, 0xF, 0));
    GS_CHECK_EQ(3, step(&s, 0xF, 0));
    GS_CHECK_EQ(0, step(&s, 0xF, 0));
}

/* A warp that leaves and whose slot is reused starts with clear steering. */
static void test_steering_reset_on_add(void)
{
    gs_sched s;
    make(&s, GS_SCHED_GTO, 2, 0);
    gs_sched_set_issue_allowed(&s, 1, 0);
    gs_sched_set_may_load(&s, 1, 0);
    gs_sched_warp_remove(&s, 1);
    gs_sched_warp_add(&s, 1, 200);
    GS_CHECK_EQ(0x3, gs_sched_eligible(&s, &(gs_sched_cycle_in){ 0x3, 0x3, 0 }));
}

int main(void)
{
    GS_RUN(test_swl_admits_first_n);
    GS_RUN(test_swl_exactly_n_issue);
    GS_RUN(test_load_blocking);
    GS_RUN(test_issue_allowed_and_prefer);
    GS_RUN(test_steering_reset_on_add);
    return gs_check_report();
}
