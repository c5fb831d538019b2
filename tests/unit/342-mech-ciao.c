/*
 * CIAO's detection and CIAO-T's Algorithm 1 (src/mech/ciao.c; seed-001
 * sections 2.2-2.6), driven through its hooks with hand-made events on one
 * SM of 4 warps (ages 0..3) under one GTO scheduler. High epoch 1000 thread
 * instructions, low epoch 100, cutoffs 0.01 and 0.005. With 4 active warps
 * at 1000 instructions warp 0 passes the high cutoff at 3 VTA hits and not
 * at 2 (3 * 4 * 10^6 > 10^4 * 1000 > 2 * 4 * 10^6), and its interferer is
 * stalled; with 3 active warps the low cutoff holds the stall while
 * 3 * 3 * 10^6 > 5000 * instructions, so the stall ends at the low epoch of
 * 1800 and not at 1700. The interference list's 2-bit counter saturates at
 * 3 and hands over at 00 (A5); a warp never stalls itself; a trigger's exit
 * releases its stalls; a barrier arrival releases its CTA's stalled warps,
 * and a warp whose CTA waits at a barrier is not stalled (A12).
 *
 * CIAO-C and CIAO-P (isolation): warp 0's 3 hits at 1000 isolate warp 1
 * (its loads are now redirected); 3 more hits by 2000 (2.4 * 10^7 > 2 *
 * 10^7) stall it under CIAO-C, which CIAO-P never does. De-escalation runs
 * in reverse: with 3 active warps the stall holds while 1.8 * 10^7 > 5000 *
 * instructions (released at 3600, not 3500), then, 4 active again, the
 * isolation holds while 2.4 * 10^7 > 5000 * instructions (un-isolated at
 * 4800, not 4700). Two warps over the cutoff naming one interferer in one
 * epoch isolate it, and do not also stall it. Shared-memory-cache evictions
 * enter the same VTA.
 */
#include <string.h>

#include "mech_harness.h"

static gs_config cfg;
static uint64_t buf[1u << 12];
static gs_mech_hooks hooks;
static gs_sched sched;
static uint64_t line = 0x1000;

static void emit(unsigned kind, unsigned warp, uint32_t value, uint32_t cta)
{
    gs_event ev;
    gs_event_clear(&ev, kind, GS_DOMAIN_CORE, 1);
    ev.origin.sm = 0;
    ev.origin.warp = (uint16_t)warp;
    ev.origin.cta = cta;
    ev.value = value;
    hooks.sub.fn(buf, &ev);
}

/* Warp `owner` loses a line to `evictor`: the eviction, then the owner's miss. */
static void interfere(unsigned owner, unsigned evictor)
{
    gs_event ev;
    line += 0x80;
    gs_event_clear(&ev, GS_EV_L1D_EVICT, GS_DOMAIN_CORE, 1);
    ev.origin.sm = 0;
    ev.origin.warp = (uint16_t)evictor;
    ev.owner_sm = 0;
    ev.owner_warp = (uint16_t)owner;
    ev.addr = line;
    hooks.sub.fn(buf, &ev);
    gs_event_clear(&ev, GS_EV_L1D_ACCESS, GS_DOMAIN_CORE, 1);
    ev.origin.sm = 0;
    ev.origin.warp = (uint16_t)owner;
    ev.addr = line;
    ev.outcome = GS_OUTCOME_MISS;
    hooks.sub.fn(buf, &ev);
}

/* Commit `insts` thread instructions in commits of 100 lanes by warp 3
 * (the youngest: never a trigger or target below), CTA 9. */
static void commit(unsigned insts)
{
    unsigned i;
    for (i = 0; i < insts / 100u; i++)
        emit(GS_EV_WARP_COMMIT, 3, 100, 9);
}

static uint64_t stat(const char *name)
{
    return mh_stat(&gs_mech_ciao_ops, buf, name);
}

static unsigned allowed(void)
{
    return (unsigned)(sched.issue_allowed & 0xFu);
}

static unsigned variant;   /* 0 t, 1 p, 2 c */

static void start(void)
{
    gs_mech_env env;
    gs_diag diag;
    mh_config_one_sm(&cfg, 4);
    cfg.ciao_high_epoch = 1000;
    cfg.ciao_variant = variant;
    cfg.smem_cache = variant != 0;
    GS_CHECK_EQ(GS_OK, mh_one_sm(&env, &cfg, &sched, 4, &diag));
    memset(buf, 0, sizeof buf);
    memset(&hooks, 0, sizeof hooks);
    GS_CHECK(gs_mech_ciao_ops.bytes(&cfg) <= sizeof buf);
    GS_CHECK_EQ(GS_OK, gs_mech_ciao_ops.init(buf, &env, &hooks, &diag));
    emit(GS_EV_KERNEL_LAUNCH, 0, 1, 0);
}

static void test_cutoffs(void)
{
    start();
    interfere(0, 1);
    interfere(0, 1);
    commit(1000);                          /* 2 hits: 8 * 10^6 > 10^7 fails */
    GS_CHECK_EQ(0xFu, allowed());
    GS_CHECK_EQ(1u, stat("ciao_high_epochs"));
    GS_CHECK_EQ(10u, stat("ciao_low_epochs"));
    GS_CHECK_EQ(4u, stat("ciao_high_tested"));
    GS_CHECK_EQ(0u, stat("ciao_high_over"));
    GS_CHECK_EQ(2u, stat("ciao_vta_hits"));

    start();
    interfere(0, 1);
    interfere(0, 1);
    interfere(0, 1);
    commit(900);
    GS_CHECK_EQ(0xFu, allowed());          /* no high epoch before 1000 */
    commit(100);                           /* 3 hits: 1.2 * 10^7 > 10^7: stall warp 1 */
    GS_CHECK_EQ(0xDu, allowed());
    GS_CHECK_EQ(1u, stat("ciao_stalls"));
    commit(700);                           /* 1700: 9 * 10^6 > 8.5 * 10^6 holds it */
    GS_CHECK_EQ(0xDu, allowed());
    commit(100);                           /* 1800: 9 * 10^6 > 9 * 10^6 fails: released */
    GS_CHECK_EQ(0xFu, allowed());
    GS_CHECK_EQ(1u, stat("ciao_reactivations"));
    GS_CHECK_EQ(1u, stat("ciao_stalled_max"));
}

/* Warp 0 loses 5+ lines (above the cutoff at 1000), to the evictors given:
 * the warp it stalls is its interference list's warp. */
static unsigned stalled_after(const unsigned *evictors, unsigned n)
{
    unsigned i;
    start();
    for (i = 0; i < n; i++)
        interfere(0, evictors[i]);
    commit(1000);
    return (~allowed()) & 0xFu;
}

static void test_interference_list(void)
{
    static const unsigned keep[] = { 1, 1, 1, 2 };             /* C 0,1,2, then 1: keeps 1 */
    static const unsigned hand[] = { 1, 1, 1, 2, 2 };          /* ... then 0: hands over to 2 */
    static const unsigned sat[] = { 1, 1, 1, 1, 1, 2, 2, 2 };  /* C saturates at 3: 2,1,0 -> 2 */
    static const unsigned sat3[] = { 1, 1, 1, 1, 1, 2, 2 };    /* 2 down to 1: keeps 1 */
    static const unsigned self[] = { 0, 0, 0, 0 };             /* self-interference: no stall */
    GS_CHECK_EQ(0x2u, stalled_after(keep, 4));
    GS_CHECK_EQ(0x4u, stalled_after(hand, 5));
    GS_CHECK_EQ(0x4u, stalled_after(sat, 8));
    GS_CHECK_EQ(0x2u, stalled_after(sat3, 7));
    GS_CHECK_EQ(0x0u, stalled_after(self, 4));
    GS_CHECK_EQ(1u, stat("ciao_high_over"));   /* over, but j == i */
}

static void test_exit_and_barrier(void)
{
    static const unsigned one[] = { 1, 1, 1 };
    GS_CHECK_EQ(0x2u, stalled_after(one, 3));
    gs_sched_warp_remove(&sched, 0);           /* the trigger exits: warp 1 runs again */
    emit(GS_EV_WARP_EXIT, 0, 0, 9);
    GS_CHECK_EQ(0xFu, allowed());
    GS_CHECK_EQ(1u, stat("ciao_exit_releases"));

    GS_CHECK_EQ(0x2u, stalled_after(one, 3));
    emit(GS_EV_WARP_COMMIT, 1, 0, 7);          /* warps 1 and 2 are CTA 7 */
    emit(GS_EV_WARP_COMMIT, 2, 0, 7);
    gs_sched_set_blocked(&sched, 2, 1);        /* warp 2 waits for warp 1: released */
    emit(GS_EV_BARRIER_ARRIVE, 2, 0, 7);
    GS_CHECK_EQ(0xFu, allowed());
    GS_CHECK_EQ(1u, stat("ciao_barrier_releases"));

    start();                                   /* CTA 7 waits at a barrier: no stall */
    emit(GS_EV_WARP_COMMIT, 1, 0, 7);
    gs_sched_set_blocked(&sched, 2, 1);
    emit(GS_EV_BARRIER_ARRIVE, 2, 0, 7);
    interfere(0, 1);
    interfere(0, 1);
    interfere(0, 1);
    commit(1000);
    GS_CHECK_EQ(0xFu, allowed());
    GS_CHECK_EQ(1u, stat("ciao_barrier_refusals"));
    gs_sched_set_blocked(&sched, 2, 0);        /* it left: the next epoch stalls warp 1 */
    interfere(0, 1);                           /* 6 hits: 2.4 * 10^7 > 2 * 10^7 at 2000 */
    interfere(0, 1);
    interfere(0, 1);
    commit(1000);
    GS_CHECK_EQ(0xDu, allowed());
}

static void test_errors(void)
{
    gs_mech_env env;
    gs_diag diag;
    mh_config_one_sm(&cfg, 4);
    cfg.ciao_variant = 2;
    GS_CHECK_EQ(GS_OK, mh_one_sm(&env, &cfg, &sched, 4, &diag));
    GS_CHECK_EQ(GS_E_CONFIG, gs_mech_ciao_ops.init(buf, &env, &hooks, &diag));
    GS_CHECK_STR("-gs_ciao_variant c: CIAO-C isolates warps into the unused shared memory used "
                 "as a cache: add -gs_smem_cache 1", diag.message);
    cfg.smem_cache = 1;
    GS_CHECK_EQ(GS_OK, gs_mech_ciao_ops.init(buf, &env, &hooks, &diag));
    cfg.ciao_variant = 0;
    cfg.perfect_mem = 1;
    GS_CHECK_EQ(GS_E_CONFIG, gs_mech_ciao_ops.init(buf, &env, &hooks, &diag));
}

/* Three interferences of warp 1 with warp 0, then `insts` instructions. */
static void three_hits_then(unsigned insts)
{
    interfere(0, 1);
    interfere(0, 1);
    interfere(0, 1);
    commit(insts);
}

/* Does the decider send warp `warp`'s loads to the shared-memory cache? */
static int isolated(unsigned warp)
{
    gs_decide_in in;
    if (hooks.decider.decide == NULL)
        return 0;
    memset(&in, 0, sizeof in);
    in.level = GS_LEVEL_L1D;
    in.origin.sm = 0;
    in.origin.warp = (uint16_t)warp;
    return hooks.decider.decide(buf, &in) == GS_DECIDE_REDIRECT;
}

static void test_isolate_then_stall_then_release(void)
{
    variant = 2;
    start();
    GS_CHECK(hooks.decider.redirect == NULL);   /* the LD/ST unit's shared-memory cache */
    three_hits_then(900);
    GS_CHECK(!isolated(1));
    commit(100);                               /* 1000: isolate warp 1, no stall */
    GS_CHECK(isolated(1));
    GS_CHECK(!isolated(0) && !isolated(2));
    GS_CHECK_EQ(0xFu, allowed());
    GS_CHECK_EQ(1u, stat("ciao_isolations"));
    three_hits_then(900);                      /* 1900: isolation holds, no stall yet */
    GS_CHECK(isolated(1));
    GS_CHECK_EQ(0xFu, allowed());
    commit(100);                               /* 2000: isolated and again: stall */
    GS_CHECK_EQ(0xDu, allowed());
    GS_CHECK(isolated(1));
    GS_CHECK_EQ(1u, stat("ciao_stalls"));
    commit(1500);                              /* 3500: 1.8 * 10^7 > 1.75 * 10^7 */
    GS_CHECK_EQ(0xDu, allowed());
    commit(100);                               /* 3600: reactivated, still isolated */
    GS_CHECK_EQ(0xFu, allowed());
    GS_CHECK(isolated(1));
    commit(1100);                              /* 4700: 2.4 * 10^7 > 2.35 * 10^7 */
    GS_CHECK(isolated(1));
    commit(100);                               /* 4800: back to the L1D */
    GS_CHECK(!isolated(1));
    GS_CHECK_EQ(1u, stat("ciao_unisolations"));
    GS_CHECK_EQ(1u, stat("ciao_reactivations"));
    GS_CHECK_EQ(1u, stat("ciao_isolated_max"));

    variant = 2;                               /* two triggers, one interferer, one epoch */
    start();
    interfere(2, 1);
    interfere(2, 1);
    interfere(2, 1);
    three_hits_then(1000);                     /* warps 0 and 2 both over: isolate only */
    GS_CHECK(isolated(1));
    GS_CHECK_EQ(0xFu, allowed());
    GS_CHECK_EQ(2u, stat("ciao_high_over"));
    GS_CHECK_EQ(0u, stat("ciao_stalls"));

    variant = 1;                               /* CIAO-P: the same, never a stall */
    start();
    three_hits_then(1000);
    GS_CHECK(isolated(1));
    three_hits_then(1000);
    GS_CHECK_EQ(0xFu, allowed());
    GS_CHECK_EQ(0u, stat("ciao_stalls"));
    GS_CHECK_EQ(2u, stat("ciao_high_over"));
    commit(2700);                              /* 4700: 2.4 * 10^7 > 2.35 * 10^7 */
    GS_CHECK(isolated(1));
    commit(100);
    GS_CHECK(!isolated(1));

    variant = 0;                               /* CIAO-T: stalls, never isolates */
    start();
    GS_CHECK(hooks.decider.decide == NULL);
    three_hits_then(1000);
    GS_CHECK_EQ(0xDu, allowed());
    GS_CHECK_EQ(~0ull, stat("ciao_isolations"));   /* not reported under t */
}

/* The trigger exits: the warp it isolated returns to the L1D at once; a
 * shared-memory-cache eviction is a VTA entry like an L1D one. */
static void test_isolation_exit_and_shared_vta(void)
{
    gs_event ev;
    variant = 1;
    start();
    three_hits_then(1000);
    GS_CHECK(isolated(1));
    gs_sched_warp_remove(&sched, 0);
    emit(GS_EV_WARP_EXIT, 0, 0, 9);
    GS_CHECK(!isolated(1));
    start();
    gs_event_clear(&ev, GS_EV_SMEM_CACHE_EVICT, GS_DOMAIN_CORE, 1);
    ev.origin.sm = 0;
    ev.origin.warp = 2;
    ev.owner_sm = 0;
    ev.owner_warp = 0;
    ev.addr = 0x8000;
    hooks.sub.fn(buf, &ev);
    GS_CHECK_EQ(1u, stat("ciao_vta_inserts"));
    gs_event_clear(&ev, GS_EV_L1D_ACCESS, GS_DOMAIN_CORE, 1);
    ev.origin.sm = 0;
    ev.origin.warp = 0;
    ev.addr = 0x8000;
    ev.outcome = GS_OUTCOME_MISS;
    hooks.sub.fn(buf, &ev);
    GS_CHECK_EQ(1u, stat("ciao_vta_hits"));
    variant = 0;
}

int main(void)
{
    GS_RUN(test_cutoffs);
    GS_RUN(test_interference_list);
    GS_RUN(test_exit_and_barrier);
    GS_RUN(test_errors);
    GS_RUN(test_isolate_then_stall_then_release);
    GS_RUN(test_isolation_exit_and_shared_vta);
    return gs_check_report();
}
