/*
 * CCWS's state machine (src/mech/ccws.c; Rogers et al., MICRO 2012), driven
 * through its hooks with hand-made events on one SM of 4 warps under one
 * GTO scheduler (base score 100, K_throttle 8, so the cutoff is 400): an
 * eviction fills the owner's VTA and that warp's next miss on the line is a
 * VTA hit that raises exactly its score by K * cutoff * hits / issued (8 *
 * 400 * 1 / 100 = 32); the stack (132, 100, 100, 100) throttles the youngest
 * base warp's loads; decay by 1 a cycle restores it exactly at the cycle the
 * stack fits (score 100 + 300 = 400); the warp at the bottom of the stack
 * always loads; a second hit weighs twice; stores do not probe; a hit takes
 * the entry; exit and the kernel's end clear; the configuration errors.
 */
#include <string.h>

#include "mech_harness.h"

static gs_config cfg;
static uint64_t buf[1u << 14];
static gs_mech_hooks hooks;
static gs_sched sched;

static void defaults(void)
{
    mh_config_one_sm(&cfg, 4);
}

static gs_status setup_cfg(gs_diag *diag)
{
    gs_mech_env env;
    GS_CHECK_EQ(GS_OK, mh_one_sm(&env, &cfg, &sched, 4, diag));   /* warp 0 oldest */
    memset(buf, 0, sizeof buf);
    memset(&hooks, 0, sizeof hooks);
    GS_CHECK(gs_mech_ccws_ops.bytes(&cfg) <= sizeof buf);
    return gs_mech_ccws_ops.init(buf, &env, &hooks, diag);
}

static void emit(unsigned kind, uint64_t cycle, unsigned warp, uint64_t addr, int write,
                 unsigned outcome)
{
    gs_event ev;
    gs_event_clear(&ev, kind, GS_DOMAIN_CORE, cycle);
    ev.origin.sm = 0;
    ev.origin.warp = (uint16_t)warp;
    ev.addr = addr;
    ev.is_write = (uint8_t)write;
    ev.outcome = (uint8_t)outcome;
    if (kind == GS_EV_WARP_ISSUE)
        ev.value = 1;   /* one active lane: each issue is one thread instruction */
    if (kind == GS_EV_L1D_EVICT) {
        ev.owner_sm = 0;
        ev.owner_warp = (uint16_t)warp;
        ev.origin.sm = GS_ORIGIN_NONE;
    }
    hooks.sub.fn(buf, &ev);
}

static void start(void)
{
    gs_diag diag;
    unsigned i;
    defaults();
    GS_CHECK_EQ(GS_OK, setup_cfg(&diag));
    emit(GS_EV_KERNEL_LAUNCH, 0, 0, 0, 0, 0);
    for (i = 0; i < 100u; i++)
        emit(GS_EV_WARP_ISSUE, 1, i % 4u, 0, 0, 0);
}

static void hit(uint64_t cycle, unsigned warp, uint64_t line)
{
    emit(GS_EV_L1D_EVICT, cycle, warp, line, 0, 0);
    emit(GS_EV_L1D_ACCESS, cycle, warp, line, 0, GS_OUTCOME_MISS);
}

static void wake(uint64_t cycle)
{
    mh_wake(&hooks, buf, cycle);
}

static uint64_t stat(const char *name)
{
    return mh_stat(&gs_mech_ccws_ops, buf, name);
}

static unsigned loads(void)
{
    return (unsigned)(sched.may_load & 0xFu);
}

static void test_hit_throttles_and_decays(void)
{
    uint64_t c;
    start();
    GS_CHECK_EQ(0xFu, loads());
    hit(10, 2, 0x40);
    GS_CHECK_EQ(1u, stat("ccws_vta_inserts"));
    GS_CHECK_EQ(1u, stat("ccws_vta_hits"));
    GS_CHECK_EQ(132u, stat("ccws_score_max"));     /* 100 + 8 * 400 * 1 / 100 */
    GS_CHECK_EQ(0x7u, loads());                    /* 132 + 100 + 100 > 400 at warp 3 */
    GS_CHECK_EQ(10u, *hooks.sub.wake_at);
    for (c = 10; c < 40u; c++)
        wake(c);                                   /* at cycle 41 the score is 101 */
    GS_CHECK_EQ(0x7u, loads());
    wake(40);                                      /* 100 at cycle 42... */
    GS_CHECK_EQ(0x7u, loads());
    wake(41);                                      /* cycle 42: 132 - 32 = 100: fits */
    GS_CHECK_EQ(0xFu, loads());
    GS_CHECK_EQ(GS_WAKE_NONE, *hooks.sub.wake_at);
    GS_CHECK_EQ(32u, stat("ccws_throttled_warp_cycles"));   /* cycles 10..41 */
    GS_CHECK_EQ(2u, stat("ccws_throttle_changes"));
}

/* A second VTA hit weighs twice (hits / issued doubled): 100 + 64 throttles two. */
static void test_second_hit_and_order(void)
{
    start();
    hit(10, 1, 0x80);
    hit(10, 3, 0xC0);                              /* 132 for warp 1, then 164 for warp 3 */
    GS_CHECK_EQ(164u, stat("ccws_score_max"));
    /* stack: 3 (164), 1 (132), 0 (100) = 396, 2 (100) = 496 > 400 */
    GS_CHECK_EQ(0xBu, loads());
}

/* The bottom of the stack always loads, even alone above the cutoff. */
static void test_top_warp_always_loads(void)
{
    gs_diag diag;
    defaults();
    GS_CHECK_EQ(GS_OK, setup_cfg(&diag));
    emit(GS_EV_KERNEL_LAUNCH, 0, 0, 0, 0, 0);
    emit(GS_EV_WARP_ISSUE, 1, 0, 0, 0, 0);
    hit(5, 0, 0x40);                               /* 8 * 400 * 1 / 1 = 3200 */
    GS_CHECK_EQ(3300u, stat("ccws_score_max"));
    GS_CHECK_EQ(0x1u, loads());
}

/* Stores do not probe; a hit takes the entry; hits, misses of others miss. */
static void test_probe_rules(void)
{
    start();
    emit(GS_EV_L1D_EVICT, 10, 2, 0x40, 0, 0);
    emit(GS_EV_L1D_ACCESS, 10, 2, 0x40, 1, GS_OUTCOME_MISS);   /* a store */
    emit(GS_EV_L1D_ACCESS, 10, 1, 0x40, 0, GS_OUTCOME_MISS);   /* another warp */
    emit(GS_EV_L1D_ACCESS, 10, 2, 0x40, 0, GS_OUTCOME_HIT);    /* not a miss */
    GS_CHECK_EQ(0u, stat("ccws_vta_hits"));
    emit(GS_EV_L1D_ACCESS, 10, 2, 0x40, 0, GS_OUTCOME_MISS);
    emit(GS_EV_L1D_ACCESS, 11, 2, 0x40, 0, GS_OUTCOME_MISS);   /* the entry is gone */
    GS_CHECK_EQ(1u, stat("ccws_vta_hits"));
}

/* An exiting warp takes its score and VTA; the kernel's end lifts throttling. */
static void test_exit_and_kernel_end(void)
{
    start();
    hit(10, 2, 0x40);
    GS_CHECK_EQ(0x7u, loads());
    emit(GS_EV_L1D_EVICT, 10, 2, 0x80, 0, 0);
    gs_sched_warp_remove(&sched, 2);
    emit(GS_EV_WARP_EXIT, 11, 2, 0, 0, 0);       /* 3 warps at 100: fits 300 */
    GS_CHECK_EQ(0xFu, loads() | 0x4u);
    gs_sched_warp_add(&sched, 2, 9);
    emit(GS_EV_L1D_ACCESS, 12, 2, 0x80, 0, GS_OUTCOME_MISS);   /* VTA cleared at exit */
    GS_CHECK_EQ(1u, stat("ccws_vta_hits"));
    hit(13, 0, 0x100);
    GS_CHECK(loads() != 0xFu);
    emit(GS_EV_KERNEL_FINISH, 14, 0, 0, 0, 0);
    GS_CHECK_EQ(0xFu, loads());
    GS_CHECK_EQ(GS_WAKE_NONE, *hooks.sub.wake_at);
}

static void test_errors(void)
{
    gs_diag diag;
    defaults();
    cfg.ccws_vta_entries = 12;
    GS_CHECK_EQ(GS_E_CONFIG, setup_cfg(&diag));
    GS_CHECK_STR("-gs_ccws_vta_entries 12 is not a multiple of -gs_ccws_vta_ways 8 (sets of "
                 "equal ways)", diag.message);
    defaults();
    cfg.perfect_mem = 1;
    GS_CHECK_EQ(GS_E_CONFIG, setup_cfg(&diag));
    GS_CHECK_STR("ccws watches the L1D's evictions and misses: it needs the memory system "
                 "(-gpgpu_perfect_mem 0) and an L1D (-gpgpu_cache:dl1 not `none`)",
                 diag.message);
}

int main(void)
{
    GS_RUN(test_hit_throttles_and_decays);
    GS_RUN(test_second_hit_and_order);
    GS_RUN(test_top_warp_always_loads);
    GS_RUN(test_probe_rules);
    GS_RUN(test_exit_and_kernel_end);
    GS_RUN(test_errors);
    return gs_check_report();
}
