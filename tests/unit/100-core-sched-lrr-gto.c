/*
 * Warp schedulers LRR and GTO (src/core/sched*.c; seed-004 section 1.2.3,
 * spec/formats.md section 2.5): exact issue orders on a hand-made readiness
 * pattern, the bit helpers, and the warp-to-scheduler split.
 */
#include "check.h"
#include "core/sched.h"

static uint64_t arena_buffer[512];

static void make(gs_sched *s, unsigned policy, unsigned slots, const uint64_t *ages)
{
    gs_arena arena;
    gs_diag diag;
    gs_sched_params p;
    unsigned i;
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    memset(&p, 0, sizeof p);
    p.policy = policy;
    p.num_slots = slots;
    p.num_active = 2;
    GS_CHECK_EQ(GS_OK, gs_sched_init(s, &p, &arena, &diag));
    for (i = 0; i < slots; i++)
        gs_sched_warp_add(s, i, ages ? ages[i] : i);
}

/* Run the scheduler over per-cycle ready masks, issuing what it picks. */
static void run(gs_sched *s, const uint64_t *ready, unsigned cycles, int *picks)
{
    unsigned c;
    for (c = 0; c < cycles; c++) {
        gs_sched_cycle_in in;
        memset(&in, 0, sizeof in);
        in.ready = ready[c];
        picks[c] = gs_sched_pick(s, &in);
        if (picks[c] != GS_SCHED_NONE)
            gs_sched_issued(s, (unsigned)picks[c]);
    }
}

/* 4 warps; warp 0 stalls at cycles 3-4, warp 1 at 5-6, warp 2 at 6. */
static const uint64_t pattern[8] = { 0xF, 0xF, 0xF, 0xE, 0xE, 0xD, 0x9, 0xF };

static void test_gto_order(void)
{
    static const int want[8] = { 0, 0, 0, 1, 1, 0, 0, 0 };
    gs_sched s;
    int picks[8], i;
    make(&s, GS_SCHED_GTO, 4, NULL);
    run(&s, pattern, 8, picks);
    for (i = 0; i < 8; i++)
        GS_CHECK_EQ(want[i], picks[i]);
    GS_CHECK_EQ(8, s.issued_count);
}

static void test_lrr_order(void)
{
    static const int want[8] = { 0, 1, 2, 3, 1, 2, 3, 0 };
    gs_sched s;
    int picks[8], i;
    make(&s, GS_SCHED_LRR, 4, NULL);
    run(&s, pattern, 8, picks);
    for (i = 0; i < 8; i++)
        GS_CHECK_EQ(want[i], picks[i]);
}

/* GTO's "oldest" is by dynamic warp id, not slot: slot 3 launched first. */
static void test_gto_oldest_by_age(void)
{
    static const uint64_t ages[4] = { 7, 5, 6, 4 };
    static const uint64_t ready[5] = { 0xF, 0x7, 0x5, 0x5, 0xD };
    static const int want[5] = { 3, 1, 2, 2, 2 };
    gs_sched s;
    int picks[5], i;
    make(&s, GS_SCHED_GTO, 4, ages);
    run(&s, ready, 5, picks);
    for (i = 0; i < 5; i++)
        GS_CHECK_EQ(want[i], picks[i]);
}

static void test_idle_and_absent(void)
{
    static const uint64_t ready[3] = { 0x0, 0x30, 0x2 };
    gs_sched s;
    int picks[3];
    make(&s, GS_SCHED_LRR, 4, NULL);
    run(&s, ready, 3, picks);
    GS_CHECK_EQ(GS_SCHED_NONE, picks[0]);
    GS_CHECK_EQ(GS_SCHED_NONE, picks[1]);    /* slots 4, 5 hold no warp */
    GS_CHECK_EQ(1, picks[2]);
    GS_CHECK_EQ(2, s.idle_cycles);
    gs_sched_warp_remove(&s, 1);
    run(&s, ready + 2, 1, picks);
    GS_CHECK_EQ(GS_SCHED_NONE, picks[0]);    /* an exited warp never issues */
}

static void test_bit_helpers(void)
{
    unsigned i;
    for (i = 0; i < 64; i++) {
        GS_CHECK_EQ(i, gs_sched_ctz64((uint64_t)1u << i));
        GS_CHECK_EQ(i, gs_sched_ctz64(~(uint64_t)0 << i));
    }
    GS_CHECK_EQ(64, gs_sched_popcount64(~(uint64_t)0));
    GS_CHECK_EQ(3, gs_sched_popcount64(0x8000000000000101ull));
    GS_CHECK_EQ(5, gs_sched_next_cyclic(0x21, 2, 8));
    GS_CHECK_EQ(0, gs_sched_next_cyclic(0x21, 6, 8));
    GS_CHECK_EQ(0, gs_sched_next_cyclic(0x21, 8, 8));   /* start past the end wraps */
    GS_CHECK_EQ(63, gs_sched_next_cyclic(0x8000000000000000ull, 63, 64));
}

static void test_warp_split(void)
{
    /* GPGPU-Sim: SM warp i -> scheduler i % n; local slot i / n */
    GS_CHECK_EQ(1, gs_sched_of_warp(5, 2));
    GS_CHECK_EQ(2, gs_sched_local_slot(5, 2));
    GS_CHECK_EQ(3, gs_sched_of_warp(47, 4));
    GS_CHECK_EQ(11, gs_sched_local_slot(47, 4));
}

static void test_policy_table(void)
{
    GS_CHECK_EQ(GS_SCHED_LRR, gs_sched_policy_find("lrr"));
    GS_CHECK_EQ(GS_SCHED_GTO, gs_sched_policy_find("gto"));
    GS_CHECK_EQ(GS_SCHED_OLDEST, gs_sched_policy_find("oldest"));
    GS_CHECK_EQ(GS_SCHED_TWO_LEVEL, gs_sched_policy_find("two_level_active"));
    GS_CHECK_EQ(GS_SCHED_WARP_LIMITING, gs_sched_policy_find("warp_limiting"));
    GS_CHECK_EQ((unsigned long long)-1, (unsigned long long)gs_sched_policy_find("gt"));
}

static void test_bad_params(void)
{
    gs_arena arena;
    gs_diag diag;
    gs_sched s;
    gs_sched_params p;
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    memset(&p, 0, sizeof p);
    p.policy = GS_SCHED_GTO;
    p.num_slots = 65;
    GS_CHECK_EQ(GS_E_LIMIT, gs_sched_init(&s, &p, &arena, &diag));
    GS_CHECK_STR("a warp scheduler supervises 65 warps; the maximum is 64 "
                 "(raise -gpgpu_num_sched_per_core)", diag.message);
    p.num_slots = 8;
    p.policy = GS_SCHED_WARP_LIMITING;
    GS_CHECK_EQ(GS_E_CONFIG, gs_sched_init(&s, &p, &arena, &diag));
    GS_CHECK_STR("-gpgpu_scheduler warp_limiting: the warp count must be at least 1",
                 diag.message);
}

int main(void)
{
    GS_RUN(test_gto_order);
    GS_RUN(test_lrr_order);
    GS_RUN(test_gto_oldest_by_age);
    GS_RUN(test_idle_and_absent);
    GS_RUN(test_bit_helpers);
    GS_RUN(test_warp_split);
    GS_RUN(test_policy_table);
    GS_RUN(test_bad_params);
    return gs_check_report();
}
