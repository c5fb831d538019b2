/*
 * Per-request decisions of the memory system (base/event.h "decisions";
 * mem/ldst_full.c decide_l1, mem/partition.c decide_l2): a test decider
 * bypasses every other L1 load, bypasses the L2, allocates nothing, inserts
 * at the LRU position or redirects one warp's loads, and each changes the
 * latency of a load by exactly the cycles of the path it now takes.
 *
 * Set-up and latency terms as in 180-mem-memsys-latency.c: gtx480 defaults,
 * 2 SMs, 1 channel x 2 sub-partitions, every clock 1000 MHz (one tick = one
 * cycle of each domain), L1 latency 1, ROP 7, DRAM latency 5, crossbar 1,
 * gtx480 DRAM timing. A load accepted at tick t accesses the L1 at t+1.
 * L1 hit: t + 1 + L1. L2 hit: REPLY_DONE(L2_ACCESS(t)) = t + 19. The L1 is
 * a 4-way 32-set LRU cache with linear indexing here, so lines 4 KB apart
 * share a set.
 */
#include "memsys_harness.h"

static const char *const opts[] = {
    "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5",
    "-gpgpu_cache:dl1", "N:32:128:4,L:L:m:N:L,A:4:8,8:0,128", NULL
};

enum { L1 = 1, ROP = 7, DRAM_LAT = 5, TRCD = 12, TRP = 12, CL = 12, COL2 = 3, BURST = 2 };
#define L2_ACCESS(t) ((t) + 3u + ROP)
#define REPLY_DONE(x) ((x) + 8u + L1)
#define DRAM_ROW_HIT(p) ((p) + DRAM_LAT + COL2 + CL + BURST)
#define DRAM_ROW_CLOSED(p) ((p) + DRAM_LAT + TRCD + COL2 + CL + BURST)

typedef struct test_decider {
    uint32_t asked_l1, asked_l2;
    uint32_t l1_answer_odd;    /* answer for the 2nd, 4th, ... L1 question */
    uint32_t l1_answer;        /* answer for the others */
    uint32_t l2_answer;
    uint32_t redirect_warp;    /* loads of this warp are redirected (0xFFFF: none) */
    uint32_t redirect_cycles;  /* served this many cycles after the question */
    uint32_t redirected;
    gs_decide_in last;
} test_decider;

static test_decider td;
static gs_event_bus bus;

static uint32_t decide(void *ctx, const gs_decide_in *in)
{
    test_decider *d = ctx;
    d->last = *in;
    if (in->level == GS_LEVEL_L2)
        return d->asked_l2++, d->l2_answer;
    if (in->origin.warp == d->redirect_warp)
        return d->asked_l1++, GS_DECIDE_REDIRECT;
    return (d->asked_l1++ % 2u) ? d->l1_answer_odd : d->l1_answer;
}

static uint64_t redirect(void *ctx, const gs_decide_in *in)
{
    test_decider *d = ctx;
    d->redirected++;
    return in->cycle + d->redirect_cycles;
}

static int setup(uint32_t levels)
{
    gs_decider dec;
    gs_diag diag;
    if (!ms_setup(opts))
        return 0;
    memset(&td, 0, sizeof td);
    td.redirect_warp = 0xFFFFu;
    gs_event_bus_init(&bus);
    memset(&dec, 0, sizeof dec);
    dec.name = "test";
    dec.levels = levels;
    dec.decide = decide;
    dec.redirect = redirect;
    dec.ctx = &td;
    if (gs_event_add_decider(&bus, &dec, &diag) != GS_OK)
        return 0;
    gs_memsys_set_events(ms.sys, &bus);
    return 1;
}

static uint64_t load(uint32_t sm, uint64_t addr, uint32_t warp, uint32_t tag, uint64_t *t)
{
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, addr, 4, 4);
    *t = ms_issue(sm, &ld, warp, tag);
    return ms_wait(sm, tag, 2000);
}

/* Every other L1 question answered BYPASS: the second load of a line the
 * L1 holds goes to the L2 (an L2 hit) instead of hitting. */
static void test_bypass_every_other_l1_load(void)
{
    uint64_t t, done;
    GS_CHECK(setup(1u << GS_LEVEL_L1D));
    td.l1_answer_odd = GS_DECIDE_BYPASS;
    done = load(0, 0x0, 3, 1, &t);                          /* question 0: cold miss */
    GS_CHECK_EQ(REPLY_DONE(DRAM_ROW_CLOSED(L2_ACCESS(t)) + 1u), done);
    done = load(0, 0x0, 3, 2, &t);                          /* question 1: bypassed */
    GS_CHECK_EQ(REPLY_DONE(L2_ACCESS(t)), done);
    done = load(0, 0x0, 3, 3, &t);                          /* question 2: an L1 hit */
    GS_CHECK_EQ(t + 1u + L1, done);
    GS_CHECK_EQ(3u, td.asked_l1);
    GS_CHECK_EQ(0x0u, td.last.addr);
    GS_CHECK_EQ(3u, td.last.origin.warp);
    GS_CHECK_EQ(1u, ms_stat("L1D_total_cache_misses"));     /* the bypass never looked */
    GS_CHECK_EQ(2u, ms_stat("L1D_total_cache_accesses"));
}

/* NO_ALLOCATE at the L1: the miss fills no line, so the next load of the
 * line misses again and is an L2 hit. */
static void test_no_allocate(void)
{
    uint64_t t, done;
    GS_CHECK(setup(1u << GS_LEVEL_L1D));
    td.l1_answer = GS_DECIDE_NO_ALLOCATE;
    done = load(0, 0x0, 0, 1, &t);
    GS_CHECK_EQ(REPLY_DONE(DRAM_ROW_CLOSED(L2_ACCESS(t)) + 1u), done);
    td.l1_answer = td.l1_answer_odd = GS_DECIDE_DEFAULT;
    done = load(0, 0x0, 0, 2, &t);
    GS_CHECK_EQ(REPLY_DONE(L2_ACCESS(t)), done);
    done = load(0, 0x0, 0, 3, &t);                          /* now allocated: a hit */
    GS_CHECK_EQ(t + 1u + L1, done);
}

/* INSERT_LOW: five lines of one set (4 ways). With the fifth inserted at the
 * LRU position, the sixth evicts it, and the first line stays: a hit. */
static void test_insert_at_lru(void)
{
    uint64_t t, done;
    uint32_t i;
    GS_CHECK(setup(1u << GS_LEVEL_L1D));
    for (i = 0; i < 4u; i++)                                /* lines 0, 4K, 8K, 12K */
        load(0, 0x1000u * i, 0, 1u + i, &t);
    td.l1_answer = td.l1_answer_odd = GS_DECIDE_INSERT_LOW;
    load(0, 0x4000, 0, 5, &t);                              /* evicts line 0 (LRU) */
    td.l1_answer = td.l1_answer_odd = GS_DECIDE_DEFAULT;
    load(0, 0x5000, 0, 6, &t);                              /* evicts 0x4000, not 4K */
    done = load(0, 0x1000, 0, 7, &t);
    GS_CHECK_EQ(t + 1u + L1, done);                         /* 4K survived */
    done = load(0, 0x4000, 0, 8, &t);
    GS_CHECK_EQ(REPLY_DONE(L2_ACCESS(t)), done);            /* 0x4000 went first */
}

/* Without the hint the same string evicts 4K at the sixth load. */
static void test_insert_default_for_comparison(void)
{
    uint64_t t, done;
    uint32_t i;
    GS_CHECK(setup(1u << GS_LEVEL_L1D));
    for (i = 0; i < 6u; i++)
        load(0, 0x1000u * i, 0, 1u + i, &t);
    done = load(0, 0x1000, 0, 7, &t);
    GS_CHECK_EQ(REPLY_DONE(L2_ACCESS(t)), done);
    done = load(0, 0x4000, 0, 8, &t);
    GS_CHECK_EQ(t + 1u + L1, done);
}

/* REDIRECT one warp's loads: the decider serves them in 3 cycles; the L1
 * and everything below never see them. Another warp's load is unchanged. */
static void test_redirect_one_warp(void)
{
    uint64_t t, done;
    GS_CHECK(setup(1u << GS_LEVEL_L1D));
    td.redirect_warp = 5;
    td.redirect_cycles = 3;
    done = load(0, 0x0, 5, 1, &t);
    GS_CHECK_EQ(t + 1u + 3u, done);                         /* asked at t+1 */
    GS_CHECK_EQ(1u, td.redirected);
    GS_CHECK_EQ(0u, ms_stat("L1D_total_cache_accesses"));
    GS_CHECK_EQ(0u, ms_stat("L2_total_cache_accesses"));
    done = load(0, 0x0, 6, 2, &t);                          /* warp 6: a cold miss */
    GS_CHECK_EQ(REPLY_DONE(DRAM_ROW_CLOSED(L2_ACCESS(t)) + 1u), done);
}

/* BYPASS at the L2: a line the L2 holds is read from DRAM (an open row:
 * a row hit) and the L2 is not filled. */
static void test_l2_bypass(void)
{
    uint64_t t, done;
    GS_CHECK(setup(1u << GS_LEVEL_L2));
    done = load(0, 0x0, 0, 1, &t);                          /* fills the L2 */
    GS_CHECK_EQ(REPLY_DONE(DRAM_ROW_CLOSED(L2_ACCESS(t)) + 1u), done);
    td.l2_answer = GS_DECIDE_BYPASS;
    done = load(1, 0x0, 0, 2, &t);                          /* SM 1: L1 cold */
    GS_CHECK_EQ(REPLY_DONE(DRAM_ROW_HIT(L2_ACCESS(t)) + 1u), done);
    td.l2_answer = GS_DECIDE_DEFAULT;
    done = load(0, 0x80, 0, 3, &t);                         /* the L2 still works */
    GS_CHECK_EQ(REPLY_DONE(DRAM_ROW_HIT(L2_ACCESS(t)) + 1u), done);
    GS_CHECK_EQ(3u, td.asked_l2);
    GS_CHECK_EQ(GS_LEVEL_L2, td.last.level);
    GS_CHECK_EQ(0x80u, td.last.addr);
    GS_CHECK_EQ(2u, ms_stat("L2_total_cache_accesses"));    /* the bypass never looked */
    GS_CHECK_EQ(2u, ms_stat("L2_cache_fills"));
}

/* NO_ALLOCATE at the L2: a cold miss fills no L2 line, so SM 1's load of
 * the same line misses the L2 again (a DRAM row hit) instead of hitting. */
static void test_l2_no_allocate(void)
{
    uint64_t t, done;
    GS_CHECK(setup(1u << GS_LEVEL_L2));
    td.l2_answer = GS_DECIDE_NO_ALLOCATE;
    done = load(0, 0x0, 0, 1, &t);
    GS_CHECK_EQ(REPLY_DONE(DRAM_ROW_CLOSED(L2_ACCESS(t)) + 1u), done);
    td.l2_answer = GS_DECIDE_DEFAULT;
    done = load(1, 0x0, 0, 2, &t);
    GS_CHECK_EQ(REPLY_DONE(DRAM_ROW_HIT(L2_ACCESS(t)) + 1u), done);
    done = load(0, 0x0, 0, 3, &t);       /* SM 0's L1 has it: only the L2 did not allocate */
    GS_CHECK_EQ(t + 1u + L1, done);
    GS_CHECK_EQ(2u, ms_stat("L2_total_cache_misses"));      /* loads 1 and 2 */
}

int main(void)
{
    GS_RUN(test_bypass_every_other_l1_load);
    GS_RUN(test_no_allocate);
    GS_RUN(test_insert_at_lru);
    GS_RUN(test_insert_default_for_comparison);
    GS_RUN(test_redirect_one_warp);
    GS_RUN(test_l2_bypass);
    GS_RUN(test_l2_no_allocate);
    return gs_check_report();
}
