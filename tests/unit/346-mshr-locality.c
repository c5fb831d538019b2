/*
 * Seed 002's per-cycle classification of an L2 MSHR table (mem/mshr.h
 * gs_mshr_class_of, gs_mshr_locality_*; seed-002 section 2.5, B12) on a
 * hand-made history: idle while no entry is in use, no inter-core locality
 * while no entry holds requests of two SMs, locality while one does (B4:
 * same-SM merges do not count). The
 * owner counts lazily before it steps a cycle (mem/partition.c sub_cycle),
 * so a cycle counts in the class the table has at its end, skipped cycles
 * included. A partial (sector) fill that leaves one waiter ends the
 * locality; the counts up to the end of a run come without changing the
 * accumulator.
 */
#include "check.h"
#include "base/arena.h"
#include "mem/mshr.h"

static unsigned char buffer[1u << 16];
static gs_arena arena;
static gs_mshr mshr;
static gs_mshr_locality acc;
static gs_mshr_waiter out[16];

static void make(void)
{
    gs_diag diag;
    gs_arena_init(&arena, buffer, sizeof buffer);
    GS_CHECK_EQ(GS_OK, gs_mshr_init(&mshr, &arena, 4, 16, 0, &diag));
    acc.cycles[GS_MSHR_IDLE] = acc.cycles[GS_MSHR_NO_LOCALITY] = 0;
    acc.cycles[GS_MSHR_LOCALITY] = acc.since = 0;
}

/* A request of SM `sm` waits on `entry`. */
static void add_from(uint32_t entry, uint32_t token, uint16_t sm, uint8_t wait_mask)
{
    gs_mshr_waiter w;
    w.token = token;
    w.pc = 0;
    w.warp = (uint16_t)token;
    w.sm = sm;
    w.wait_mask = wait_mask;
    w.is_write = 0;
    gs_mshr_add_waiter(&mshr, entry, &w, token);
}

/* A request of SM `token`. */
static void add(uint32_t entry, uint32_t token, uint8_t wait_mask)
{
    add_from(entry, token, (uint16_t)token, wait_mask);
}

/* The owner is about to step cycle `now`. */
static void at(uint64_t now)
{
    gs_mshr_locality_advance(&acc, gs_mshr_class_of(&mshr), now);
}

static void test_history(void)
{
    uint32_t a, b;
    uint64_t end[GS_MSHR_CLASSES];
    make();
    GS_CHECK_EQ(GS_MSHR_IDLE, gs_mshr_class_of(&mshr));
    at(10);                                       /* cycles 0-9 idle */
    a = gs_mshr_alloc(&mshr, 0x1000, 0);
    mshr.entries[a].pending_mask = 0xF;
    add(a, 1, 0xF);                               /* core 1's miss */
    GS_CHECK_EQ(GS_MSHR_NO_LOCALITY, gs_mshr_class_of(&mshr));
    at(15);                                       /* 10-14 no locality */
    add(a, 2, 0xF);                               /* core 2 merges: length 2 */
    GS_CHECK_EQ(GS_MSHR_LOCALITY, gs_mshr_class_of(&mshr));
    GS_CHECK_EQ(1, mshr.multi_core);
    at(16);                                       /* 15 locality */
    b = gs_mshr_alloc(&mshr, 0x2000, 1);
    mshr.entries[b].pending_mask = 0xF;
    add(b, 3, 0xF);
    GS_CHECK_EQ(GS_MSHR_LOCALITY, gs_mshr_class_of(&mshr));   /* a still has two */
    at(22);                                       /* 16-21 locality */
    GS_CHECK_EQ(2, gs_mshr_fill(&mshr, a, 0xF, out, 16));
    GS_CHECK_EQ(GS_MSHR_NO_LOCALITY, gs_mshr_class_of(&mshr));
    GS_CHECK_EQ(0, mshr.multi_core);
    at(30);                                       /* 22-29 no locality */
    GS_CHECK_EQ(1, gs_mshr_fill(&mshr, b, 0xF, out, 16));
    GS_CHECK_EQ(GS_MSHR_IDLE, gs_mshr_class_of(&mshr));
    GS_CHECK_EQ(10, acc.cycles[GS_MSHR_IDLE]);
    GS_CHECK_EQ(13, acc.cycles[GS_MSHR_NO_LOCALITY]);
    GS_CHECK_EQ(7, acc.cycles[GS_MSHR_LOCALITY]);
    gs_mshr_locality_until(&acc, gs_mshr_class_of(&mshr), 40, end);   /* 30-39 idle */
    GS_CHECK_EQ(20, end[GS_MSHR_IDLE]);
    GS_CHECK_EQ(13, end[GS_MSHR_NO_LOCALITY]);
    GS_CHECK_EQ(7, end[GS_MSHR_LOCALITY]);
    GS_CHECK_EQ(10, acc.cycles[GS_MSHR_IDLE]);   /* unchanged */
    GS_CHECK_EQ(30, acc.since);
}

/* Two waiters on different sectors: the first sector's fill releases one,
 * leaving one: no locality any more, the entry still in use. */
static void test_partial_fill_ends_locality(void)
{
    uint32_t a;
    make();
    a = gs_mshr_alloc(&mshr, 0x1000, 0);
    mshr.entries[a].pending_mask = 0x3;
    add(a, 1, 0x1);
    add(a, 2, 0x2);
    GS_CHECK_EQ(GS_MSHR_LOCALITY, gs_mshr_class_of(&mshr));
    GS_CHECK_EQ(1, gs_mshr_fill(&mshr, a, 0x1, out, 16));
    GS_CHECK_EQ(GS_MSHR_NO_LOCALITY, gs_mshr_class_of(&mshr));
    GS_CHECK_EQ(0, mshr.multi_core);
    GS_CHECK_EQ(1, gs_mshr_fill(&mshr, a, 0x2, out, 16));
    GS_CHECK_EQ(GS_MSHR_IDLE, gs_mshr_class_of(&mshr));
}

/* Requests of one SM merged in an entry (a thread's atomics to the words of
 * a line reach the L2 unmerged) are not inter-core locality; a second SM's
 * makes it so, and a fill that leaves only one SM's ends it. */
static void test_same_core_merges(void)
{
    uint32_t a;
    make();
    a = gs_mshr_alloc(&mshr, 0x1000, 0);
    mshr.entries[a].pending_mask = 0x3;
    add_from(a, 1, 7, 0x1);
    add_from(a, 2, 7, 0x1);
    add_from(a, 3, 7, 0x2);
    GS_CHECK_EQ(GS_MSHR_NO_LOCALITY, gs_mshr_class_of(&mshr));
    GS_CHECK_EQ(1, mshr.entries[a].n_cores);
    add_from(a, 4, 9, 0x1);
    GS_CHECK_EQ(GS_MSHR_LOCALITY, gs_mshr_class_of(&mshr));
    GS_CHECK_EQ(2, mshr.entries[a].n_cores);
    add_from(a, 5, 9, 0x2);
    GS_CHECK_EQ(2, mshr.entries[a].n_cores);
    GS_CHECK_EQ(3, gs_mshr_fill(&mshr, a, 0x1, out, 16));   /* SM 7's two and SM 9's first */
    GS_CHECK_EQ(2, mshr.entries[a].n_cores);                 /* 3 (SM 7) and 5 (SM 9) kept */
    GS_CHECK_EQ(GS_MSHR_LOCALITY, gs_mshr_class_of(&mshr));
    GS_CHECK_EQ(2, gs_mshr_fill(&mshr, a, 0x2, out, 16));
    GS_CHECK_EQ(GS_MSHR_IDLE, gs_mshr_class_of(&mshr));
    GS_CHECK_EQ(0, mshr.multi_core);
}

/* Advancing twice to the same cycle, or to an earlier one, counts nothing. */
static void test_no_double_count(void)
{
    make();
    at(5);
    at(5);
    at(3);
    GS_CHECK_EQ(5, acc.cycles[GS_MSHR_IDLE]);
    GS_CHECK_EQ(0, acc.cycles[GS_MSHR_NO_LOCALITY] + acc.cycles[GS_MSHR_LOCALITY]);
}

int main(void)
{
    GS_RUN(test_history);
    GS_RUN(test_partial_fill_ends_locality);
    GS_RUN(test_same_core_merges);
    GS_RUN(test_no_double_count);
    return gs_check_report();
}
