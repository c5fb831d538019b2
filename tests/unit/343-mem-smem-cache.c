/*
 * Unused shared memory as a direct-mapped cache (mem/smem_cache.h; its
 * datapath in mem/ldst_full.c; spec/seed-001-ciao.md sections 2.7-2.8;
 * issue 18 item 3).
 *
 * Part 1, the organisation on hand-made addresses: the geometry one row on
 * each side of every size step, the translation of a block to its data and
 * tag locations, hit, miss and replacement, and resizing.
 *
 * Part 2, the datapath in the memory system, with a test decider that
 * redirects warp 5's loads (REDIRECT with no redirect function: to the
 * shared-memory cache). Set-up as 322-mem-decisions.c (every clock 1000
 * MHz, L1 latency 1, ROP 7, DRAM latency 5; a load accepted at tick t
 * accesses the L1 at t+1), with -gpgpu_smem_latency 3 so that shared-memory
 * and L1D latencies differ. A reply that arrives at tick x completes an L1D
 * waiter at x + L1 and a shared-memory-cache waiter at x + SMEM.
 */
#include "memsys_harness.h"

#include "mem/memsys_internal.h"
#include "mem/smem_cache.h"

static const char *const opts[] = {
    "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5", "-gpgpu_smem_latency", "3",
    "-gpgpu_cache:dl1", "N:32:128:4,L:L:m:N:L,A:4:8,8:0,128", "-gs_smem_cache", "1", NULL
};

enum { L1 = 1, SMEM = 3, ROP = 7, DRAM_LAT = 5, TRCD = 12, CL = 12, COL2 = 3, BURST = 2 };
#define L2_ACCESS(t) ((t) + 3u + ROP)
#define ARRIVES(x) ((x) + 8u)
#define DRAM_ROW_CLOSED(p) ((p) + DRAM_LAT + TRCD + COL2 + CL + BURST)
#define COLD(t) ARRIVES(DRAM_ROW_CLOSED(L2_ACCESS(t)) + 1u)
#define ISOLATED 5u

/* ---- part 1: the organisation ---- */

static void test_geometry_steps(void)
{
    uint32_t k;
    /* 48 KB: 192 rows a group; k = 7 needs 128 data + 4 tag rows */
    GS_CHECK_EQ(256u, gs_smem_cache_blocks_for(49152u, &k));
    GS_CHECK_EQ(7u, k);
    GS_CHECK_EQ(256u, gs_smem_cache_blocks_for(132u * 256u, &k));
    GS_CHECK_EQ(128u, gs_smem_cache_blocks_for(131u * 256u, &k));
    GS_CHECK_EQ(6u, k);
    GS_CHECK_EQ(128u, gs_smem_cache_blocks_for(132u * 256u - 1u, &k));   /* whole rows */
    /* k = 8 (the 8-bit R field): 256 + 8 rows; never more */
    GS_CHECK_EQ(512u, gs_smem_cache_blocks_for(264u * 256u, &k));
    GS_CHECK_EQ(256u, gs_smem_cache_blocks_for(263u * 256u, &k));
    GS_CHECK_EQ(512u, gs_smem_cache_blocks_for(233472u, &k));
    GS_CHECK_EQ(8u, k);
    /* the smallest: 1 data row and 1 tag row a group */
    GS_CHECK_EQ(2u, gs_smem_cache_blocks_for(512u, &k));
    GS_CHECK_EQ(0u, k);
    GS_CHECK_EQ(0u, gs_smem_cache_blocks_for(511u, &k));
}

static gs_smem_cache cache;
static unsigned char cache_buffer[1u << 16];

static int cache_setup(uint32_t shmem_bytes)
{
    gs_arena arena;
    gs_diag diag;
    gs_arena_init(&arena, cache_buffer, sizeof cache_buffer);
    return gs_smem_cache_init(&cache, &arena, shmem_bytes, &diag) == GS_OK;
}

static void test_translation(void)
{
    gs_smem_cache_loc loc;
    GS_CHECK(cache_setup(49152u));
    GS_CHECK_EQ(256u, cache.blocks);
    GS_CHECK_EQ(188u, cache.tag_off);    /* 192 rows - 4 tag rows */
    GS_CHECK_EQ(60u, cache.data_off);    /* 188 - 128 data rows */
    /* block 0x2468AD: G = 1, R = 0x123456 & 127 = 86 */
    GS_CHECK(gs_smem_cache_locate(&cache, 0x12345680u, &loc));
    GS_CHECK_EQ(86u * 2u + 1u, loc.slot);
    GS_CHECK_EQ(1u, loc.data_group);
    GS_CHECK_EQ(60u + 86u, loc.data_row);
    GS_CHECK_EQ(0u, loc.tag_group);
    GS_CHECK_EQ(188u + 2u, loc.tag_row);   /* 86 >> 5 */
    GS_CHECK_EQ(11u, loc.tag_bank);        /* (86 >> 1) & 15 */
    GS_CHECK_EQ(0u, loc.tag_half);
    /* any byte of the block, the same place; the next block, the other group */
    GS_CHECK(gs_smem_cache_locate(&cache, 0x123456FFu, &loc));
    GS_CHECK_EQ(86u * 2u + 1u, loc.slot);
    GS_CHECK(gs_smem_cache_locate(&cache, 0x12345700u, &loc));
    GS_CHECK_EQ(87u * 2u + 0u, loc.slot);
    GS_CHECK_EQ(1u, loc.tag_group);
    GS_CHECK_EQ(1u, loc.tag_half);
    /* R = 127: the last tag row, bank 15, second half */
    GS_CHECK(gs_smem_cache_locate(&cache, (uint64_t)(127u * 2u) << 7, &loc));
    GS_CHECK_EQ(188u + 3u, loc.tag_row);
    GS_CHECK_EQ(15u, loc.tag_bank);
    GS_CHECK_EQ(1u, loc.tag_half);
}

static void test_hit_miss_replace(void)
{
    uint64_t victim = 0;
    uint32_t owner = 0, victim_owner = 0;
    const uint64_t a = 0x12345680u, same_slot = a + 256u * 128u, other = a + 128u;
    GS_CHECK(cache_setup(49152u));
    GS_CHECK(!gs_smem_cache_lookup(&cache, a, &owner));
    GS_CHECK_EQ(0, gs_smem_cache_install(&cache, a, 3u, 0u, &victim, &victim_owner));
    GS_CHECK(gs_smem_cache_lookup(&cache, a + 0x7Fu, &owner));
    GS_CHECK_EQ(3u, owner);
    GS_CHECK(!gs_smem_cache_lookup(&cache, same_slot, NULL));   /* whole-address tag */
    GS_CHECK_EQ(0, gs_smem_cache_install(&cache, other, 4u, 0u, &victim, &victim_owner));
    GS_CHECK_EQ(2u, cache.valid);
    /* direct-mapped: 256 blocks further is the same slot, and replaces it */
    GS_CHECK_EQ(1, gs_smem_cache_install(&cache, same_slot, 9u, 0u, &victim, &victim_owner));
    GS_CHECK_EQ(a, victim);
    GS_CHECK_EQ(3u, victim_owner);
    GS_CHECK(!gs_smem_cache_lookup(&cache, a, NULL));
    GS_CHECK(gs_smem_cache_lookup(&cache, other, NULL));
    GS_CHECK_EQ(2u, cache.valid);
    GS_CHECK_EQ(1, gs_smem_cache_invalidate(&cache, same_slot, 0u));
    GS_CHECK_EQ(0, gs_smem_cache_invalidate(&cache, same_slot, 0u));
    GS_CHECK_EQ(1u, cache.valid);
}

/* The CTAs' shared memory grows and shrinks one row on each side of a step:
 * while k stays nothing moves; a new k drops every line. */
static void test_resize(void)
{
    uint64_t victim;
    uint32_t victim_owner;
    GS_CHECK(cache_setup(49152u));
    (void)gs_smem_cache_install(&cache, 0x1000u, 1u, 0u, &victim, &victim_owner);
    (void)gs_smem_cache_install(&cache, 0x2080u, 2u, 4u, &victim, &victim_owner);
    /* 60 rows used leave 132: k = 7 still, lines stay where they were */
    GS_CHECK_EQ(0u, gs_smem_cache_resize(&cache, 60u * 256u, 10u));
    GS_CHECK_EQ(256u, cache.blocks);
    GS_CHECK_EQ(60u, cache.data_off);
    GS_CHECK(gs_smem_cache_lookup(&cache, 0x1000u, NULL));
    GS_CHECK_EQ(0u, cache.stats.resizes);
    /* one byte more takes a 61st row: 131 left, k = 6, both lines dropped */
    GS_CHECK_EQ(2u, gs_smem_cache_resize(&cache, 60u * 256u + 1u, 20u));
    GS_CHECK_EQ(128u, cache.blocks);
    GS_CHECK_EQ(190u, cache.tag_off);
    GS_CHECK_EQ(126u, cache.data_off);
    GS_CHECK(!gs_smem_cache_lookup(&cache, 0x1000u, NULL));
    GS_CHECK_EQ(0u, cache.valid);
    GS_CHECK_EQ(1u, cache.stats.resizes);
    GS_CHECK_EQ(2u, cache.stats.resize_drops);
    /* the CTA finishes: k = 7 again */
    (void)gs_smem_cache_install(&cache, 0x1000u, 1u, 26u, &victim, &victim_owner);
    GS_CHECK_EQ(1u, gs_smem_cache_resize(&cache, 0u, 30u));
    GS_CHECK_EQ(256u, cache.blocks);
    GS_CHECK_EQ(2u, cache.stats.resizes);
    /* all of it used: no cache, nothing stored */
    GS_CHECK_EQ(0u, gs_smem_cache_resize(&cache, 49152u, 40u));
    GS_CHECK_EQ(0u, cache.blocks);
    GS_CHECK_EQ(0, gs_smem_cache_install(&cache, 0x1000u, 1u, 40u, &victim, &victim_owner));
    GS_CHECK(!gs_smem_cache_lookup(&cache, 0x1000u, NULL));
    GS_CHECK_EQ(256u, cache.stats.blocks_max);
    /* utilisation sums, closed at every change: 256 blocks for 20 cycles
     * (1 valid for 4, 2 for 16), 128 for 10 (none valid), 256 for 10 (1 valid
     * from cycle 26 to 30) */
    GS_CHECK_EQ(256u * 20u + 128u * 10u + 256u * 10u, cache.stats.block_cycles);
    GS_CHECK_EQ(1u * 4u + 2u * 16u + 0u * 10u + 1u * 4u, cache.stats.valid_cycles);
}

/* ---- part 2: the datapath ---- */

static gs_event_bus bus;
static uint32_t evictions, last_owner, last_evictor;
static uint64_t last_victim;

static uint32_t redirect_isolated(void *ctx, const gs_decide_in *in)
{
    (void)ctx;
    return in->origin.warp == ISOLATED ? (uint32_t)GS_DECIDE_REDIRECT : 0u;
}

static void on_event(void *ctx, const gs_event *ev)
{
    (void)ctx;
    if (ev->kind != GS_EV_SMEM_CACHE_EVICT)
        return;
    evictions++;
    last_victim = ev->addr;
    last_owner = ev->owner_warp;
    last_evictor = ev->origin.warp;
}

static int setup(const char *const *extra)
{
    gs_decider dec;
    gs_event_sub sub;
    gs_diag diag;
    const char *list[32];
    uint32_t n = 0, i;
    for (i = 0; opts[i] != NULL; i++)
        list[n++] = opts[i];
    for (i = 0; extra != NULL && extra[i] != NULL; i++)
        list[n++] = extra[i];
    list[n] = NULL;
    if (!ms_setup(list))
        return 0;
    evictions = 0;
    gs_event_bus_init(&bus);
    memset(&dec, 0, sizeof dec);
    dec.name = "isolate";
    dec.levels = 1u << GS_LEVEL_L1D;
    dec.decide = redirect_isolated;
    if (gs_event_add_decider(&bus, &dec, &diag) != GS_OK)
        return 0;
    memset(&sub, 0, sizeof sub);
    sub.fn = on_event;
    sub.name = "watch";
    sub.kinds = GS_EVENT_BIT(GS_EV_SMEM_CACHE_EVICT);
    if (gs_event_subscribe(&bus, &sub, &diag) != GS_OK)
        return 0;
    gs_memsys_set_events(ms.sys, &bus);
    return 1;
}

static uint64_t load(uint64_t addr, uint32_t warp, uint32_t tag, uint64_t *t)
{
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, addr, 4, 4);
    *t = ms_issue(0, &ld, warp, tag);
    return ms_wait(0, tag, 2000);
}

/* A redirected miss takes an L1D MSHR entry and fills the shared-memory
 * cache (SMEM after the reply, not L1); the next redirected load hits there
 * (the L1D tag check, then one shared-memory access), and the L1D never got
 * the line: another warp's load is served from shared memory (A15). */
static void test_miss_fill_hit(void)
{
    uint64_t t, done;
    GS_CHECK(setup(NULL));
    done = load(0x0, ISOLATED, 1, &t);
    GS_CHECK_EQ(COLD(t) + SMEM, done);
    GS_CHECK_EQ(1u, ms_stat("smem_cache_misses"));
    GS_CHECK_EQ(1u, ms_stat("smem_cache_fills"));
    GS_CHECK_EQ(1u, ms_stat("L1D_total_cache_misses"));   /* the L1D's tag check and MSHR */
    GS_CHECK_EQ(GS_CACHE_NONE, gs_cache_find(&ms.sys->ldst[0].l1, 0x0));
    done = load(0x0, ISOLATED, 2, &t);
    GS_CHECK_EQ(t + 1u + L1 + SMEM, done);
    GS_CHECK_EQ(1u, ms_stat("smem_cache_hits"));
    done = load(0x0, 0, 3, &t);                             /* not redirected */
    GS_CHECK_EQ(t + 1u + L1 + SMEM, done);
    GS_CHECK_EQ(1u, ms_stat("smem_cache_shared_hits"));
    GS_CHECK_EQ(1u, ms_stat("L1D_total_cache_accesses"));   /* neither went to the L1D */
    GS_CHECK_EQ(3u, ms_stat("smem_cache_redirected") + ms_stat("smem_cache_shared_hits"));
}

/* A line in the L1D migrates when a redirected warp asks for it: the L1D
 * gives it up, the shared-memory cache takes it (owner: the redirected
 * warp), one cycle more than a hit for the response-queue hop. */
static void test_migration(void)
{
    uint64_t t, done;
    uint32_t owner = 0;
    GS_CHECK(setup(NULL));
    done = load(0x0, 0, 1, &t);
    GS_CHECK_EQ(COLD(t) + L1, done);
    GS_CHECK(gs_cache_find(&ms.sys->ldst[0].l1, 0x0) != GS_CACHE_NONE);
    done = load(0x0, ISOLATED, 2, &t);
    GS_CHECK_EQ(t + 1u + L1 + SMEM + 1u, done);
    GS_CHECK_EQ(1u, ms_stat("smem_cache_migrations"));
    GS_CHECK_EQ(GS_CACHE_NONE, gs_cache_find(&ms.sys->ldst[0].l1, 0x0));   /* one copy */
    GS_CHECK(gs_smem_cache_lookup(&ms.sys->ldst[0].smem, 0x0, &owner));
    GS_CHECK_EQ(ISOLATED, owner);
    GS_CHECK_EQ(0u, ms_stat("smem_cache_fills"));
}

/* A redirected load of a line the L1D is still filling stays with the L1D
 * (one copy): it merges there and completes with the L1D's fill. */
static void test_line_filling_in_l1d_stays(void)
{
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 4, 4);
    uint64_t t0, t1, d0, d1;
    GS_CHECK(setup(NULL));
    t0 = ms_issue(0, &ld, 0, 1);
    t1 = ms_issue(0, &ld, ISOLATED, 2);
    d0 = ms_wait(0, 1, 2000);
    d1 = ms_wait(0, 2, 2000);
    GS_CHECK_EQ(t0 + 1u, t1);
    GS_CHECK_EQ(COLD(t0) + L1, d0);
    GS_CHECK_EQ(d0, d1);
    GS_CHECK_EQ(1u, ms_stat("smem_cache_l1d_kept"));
    GS_CHECK(gs_cache_find(&ms.sys->ldst[0].l1, 0x0) != GS_CACHE_NONE);
    GS_CHECK(!gs_smem_cache_lookup(&ms.sys->ldst[0].smem, 0x0, NULL));
}

/* A store to a block held in shared memory removes it there (the cache is
 * never dirty); the next redirected load misses again. */
static void test_store_invalidates(void)
{
    gs_inst st = ms_inst(GS_SPACE_GLOBAL, GS_MEM_STORE, 0x0, 4, 4);
    uint64_t t, done;
    GS_CHECK(setup(NULL));
    (void)load(0x0, ISOLATED, 1, &t);
    (void)ms_issue(0, &st, 0, 2);
    GS_CHECK(ms_drain(2000));
    GS_CHECK_EQ(1u, ms_stat("smem_cache_write_invalidations"));
    GS_CHECK(!gs_smem_cache_lookup(&ms.sys->ldst[0].smem, 0x0, NULL));
    done = load(0x0, ISOLATED, 3, &t);
    GS_CHECK(done > t + 1u + L1 + SMEM);   /* below the SM again */
    GS_CHECK_EQ(2u, ms_stat("smem_cache_misses"));
}

/* A block 256 blocks further maps to the same slot: its fill replaces the
 * first and names the owner and the evicting warp for the victim tags. */
static void test_eviction_event(void)
{
    uint64_t t;
    GS_CHECK(setup(NULL));
    (void)load(0x0, ISOLATED, 1, &t);
    (void)load(0x0 + 128u, ISOLATED, 2, &t);
    GS_CHECK_EQ(0u, evictions);   /* block 1: slot 1 */
    (void)load(0x0 + 256u * 128u, ISOLATED, 3, &t);
    GS_CHECK_EQ(1u, evictions);
    GS_CHECK_EQ(0x0u, last_victim);
    GS_CHECK_EQ(ISOLATED, last_owner);
    GS_CHECK_EQ(ISOLATED, last_evictor);
    GS_CHECK_EQ(1u, ms_stat("smem_cache_evictions"));
}

/* Capacity follows the CTAs: shared memory in use one row on each side of
 * the 256-block step, and a CTA finishing brings the size back; a new size
 * drops the lines. */
static void test_capacity_follows_ctas(void)
{
    gs_ldst *u;
    uint64_t t, done;
    GS_CHECK(setup(NULL));
    u = ms.ldst[0];
    (void)load(0x0, ISOLATED, 1, &t);
    u->ops->shared_in_use(u->state, 60u * 256u, ms.now);   /* 132 rows left: k = 7 */
    GS_CHECK_EQ(0u, ms_stat("smem_cache_resizes"));
    done = load(0x0, ISOLATED, 2, &t);
    GS_CHECK_EQ(t + 1u + L1 + SMEM, done);                 /* still there */
    u->ops->shared_in_use(u->state, 61u * 256u, ms.now);   /* a CTA starts: 128 blocks */
    GS_CHECK_EQ(1u, ms_stat("smem_cache_resizes"));
    GS_CHECK_EQ(1u, ms_stat("smem_cache_resize_drops"));
    GS_CHECK_EQ(128u, ms.sys->ldst[0].smem.blocks);
    u->ops->shared_in_use(u->state, 0u, ms.now);            /* it finishes */
    GS_CHECK_EQ(256u, ms.sys->ldst[0].smem.blocks);
    GS_CHECK_EQ(2u, ms_stat("smem_cache_resizes"));
    done = load(0x0, ISOLATED, 3, &t);
    GS_CHECK(done > t + 1u + L1 + SMEM);                    /* a miss: dropped */
    GS_CHECK_EQ(2u, ms_stat("smem_cache_misses"));
}

/* A16: a fill written into shared memory takes that cycle's bank pass; a
 * shared-memory instruction whose pass falls there waits one cycle. */
static void test_fill_takes_the_bank_pass(void)
{
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 4, 4);
    gs_inst sh = ms_inst(GS_SPACE_SHARED, GS_MEM_LOAD, 0x0, 4, 4);
    uint64_t t, fill, s_at, done;
    GS_CHECK(setup(NULL));
    t = ms_issue(0, &ld, ISOLATED, 1);
    fill = COLD(t);   /* the reply arrives and is written in this tick */
    while (ms.now + 1u < fill)
        ms_tick();
    s_at = ms_issue(0, &sh, 0, 2);   /* accepted at fill - 1: its pass is at `fill` */
    GS_CHECK_EQ(fill - 1u, s_at);
    done = ms_wait(0, 2, 100);
    GS_CHECK_EQ(s_at + 1u + 1u + SMEM, done);   /* one pass, one cycle late */
    GS_CHECK_EQ(1u, ms_stat("smem_cache_port_conflicts"));
    GS_CHECK_EQ(fill + SMEM, ms_wait(0, 1, 100));
}

/* Without -gs_smem_cache a REDIRECT to it is declined: plain L1D loads. */
static void test_declined_without_cache(void)
{
    static const char *const off[] = { "-gs_smem_cache", "0", NULL };
    uint64_t t, done;
    GS_CHECK(setup(off));
    done = load(0x0, ISOLATED, 1, &t);
    GS_CHECK_EQ(COLD(t) + L1, done);
    done = load(0x0, ISOLATED, 2, &t);
    GS_CHECK_EQ(t + 1u + L1, done);
    GS_CHECK_EQ(~0ull, ms_stat("smem_cache_hits"));   /* no such statistic */
}

int main(void)
{
    GS_RUN(test_geometry_steps);
    GS_RUN(test_translation);
    GS_RUN(test_hit_miss_replace);
    GS_RUN(test_resize);
    GS_RUN(test_miss_fill_hit);
    GS_RUN(test_migration);
    GS_RUN(test_line_filling_in_l1d_stays);
    GS_RUN(test_store_invalidates);
    GS_RUN(test_eviction_event);
    GS_RUN(test_capacity_follows_ctas);
    GS_RUN(test_fill_takes_the_bank_pass);
    GS_RUN(test_declined_without_cache);
    if (ms.buffer != NULL)
        free(ms.buffer);
    return gs_check_report();
}
