/*
 * DBSA's decision logic (src/mech/dbsa.c; seed-000 section 2.2), driven
 * directly through its ops with hand-made events: a level is bypassed for
 * the period after one whose miss rate was above the threshold (90 misses in
 * 100 accesses stay cached, 91 bypass), tag-only mode measures it while
 * bypassed and brings it back, an empty period keeps the state, stores and
 * reservation fails do not count, the L2 decision sums every slice, and
 * -gs_dbsa_levels keeps a level out. Configuration errors are exact.
 */
#include <string.h>

#include "mech_harness.h"
#include "mem/cache.h"

static gs_config cfg;
static uint64_t buf[1u << 17];   /* the mechanism's state (checked against its bytes) */
static gs_mech_hooks hooks;

static gs_status setup_with(uint32_t levels, uint32_t threshold)
{
    gs_mech_env env;
    gs_diag diag;
    gs_config_defaults(&cfg);
    cfg.perfect_mem = 0;
    cfg.dbsa_levels = levels;
    cfg.dbsa_miss_threshold = threshold;
    memset(&env, 0, sizeof env);
    env.cfg = &cfg;
    env.n_sms = gs_config_n_sms(&cfg);
    memset(buf, 0, sizeof buf);
    memset(&hooks, 0, sizeof hooks);
    GS_CHECK(gs_mech_dbsa_ops.bytes(&cfg) <= sizeof buf);
    return gs_mech_dbsa_ops.init(buf, &env, &hooks, &diag);
}

static gs_status setup(uint32_t levels)
{
    return setup_with(levels, 90u);
}

static void access(unsigned kind, uint32_t unit, uint64_t addr, unsigned outcome, int write)
{
    gs_event ev;
    gs_event_clear(&ev, kind, GS_DOMAIN_CORE, 0);
    ev.unit = unit;
    ev.addr = addr;
    ev.outcome = (uint8_t)outcome;
    ev.is_write = (uint8_t)write;
    hooks.sub.fn(buf, &ev);
}

/* n accesses at the L1 of SM 0, the first `misses` of them misses. */
static void l1_period(unsigned n, unsigned misses)
{
    unsigned i;
    for (i = 0; i < n; i++)
        access(GS_EV_L1D_ACCESS, 0, 128u * i, i < misses ? GS_OUTCOME_MISS : GS_OUTCOME_HIT, 0);
}

static void epoch(void)
{
    gs_event ev;
    gs_event_clear(&ev, GS_EV_EPOCH, GS_DOMAIN_CORE, 0);
    hooks.sub.fn(buf, &ev);
}

static uint32_t ask(unsigned level, uint32_t unit, uint64_t addr)
{
    gs_decide_in in;
    memset(&in, 0, sizeof in);
    in.level = (uint8_t)level;
    in.unit = unit;
    in.addr = addr;
    return hooks.decider.decide(buf, &in);
}

static uint64_t stat(const char *name)
{
    return mh_stat(&gs_mech_dbsa_ops, buf, name);
}

static void test_hooks(void)
{
    GS_CHECK_EQ(GS_OK, setup(GS_DBSA_BOTH));
    GS_CHECK_EQ(10000u, hooks.sub.epoch_cycles);
    GS_CHECK_EQ((1u << GS_LEVEL_L1D) | (1u << GS_LEVEL_L2), hooks.decider.levels);
    GS_CHECK(hooks.sub.kinds & GS_EVENT_BIT(GS_EV_EPOCH));
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 0, 0));   /* used until measured */
}

/* "missrate > threshold": t of 100 accesses missing stays cached, t + 1 bypasses. */
static void check_boundary(uint32_t t)
{
    GS_CHECK_EQ(GS_OK, setup_with(GS_DBSA_BOTH, t));
    l1_period(100, t);
    epoch();
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 3, 4096));
    l1_period(100, t + 1u);
    epoch();
    GS_CHECK_EQ(GS_DECIDE_BYPASS, ask(GS_LEVEL_L1D, 3, 4096));
}

static void test_threshold(void)
{
    check_boundary(90u);
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L2, 0, 4096));   /* L2 decided apart */
    GS_CHECK_EQ(1u, stat("dbsa_l1_switches"));
    GS_CHECK_EQ(1u, stat("dbsa_l1_periods_bypassed"));
    GS_CHECK_EQ(2u, stat("dbsa_periods"));
    GS_CHECK_EQ(1u, stat("dbsa_l1_bypassed_requests"));
}

static void test_threshold_option(void)
{
    check_boundary(50u);
    check_boundary(0u);   /* 0%: any miss bypasses */
}

/* Tag-only mode: bypassed loads are measured in the shadow tags; reuse
 * there brings the level back at the next period's end. */
static void test_tag_only_reenables(void)
{
    uint32_t i;
    GS_CHECK_EQ(GS_OK, setup(GS_DBSA_BOTH));
    l1_period(10, 10);
    epoch();
    /* 4 distinct lines, then 16 reuses of them: 4 misses in 20 */
    for (i = 0; i < 20u; i++)
        GS_CHECK_EQ(GS_DECIDE_BYPASS, ask(GS_LEVEL_L1D, 1, 128u * (i % 4u)));
    GS_CHECK_EQ(4u, stat("dbsa_l1_shadow_misses"));
    GS_CHECK_EQ(16u, stat("dbsa_l1_shadow_hits"));
    epoch();
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 1, 0));
    GS_CHECK_EQ(2u, stat("dbsa_l1_switches"));
}

/* The shadow tags follow the cache while it is used: a line the L1 missed
 * on just before the bypass hits in tag-only mode. */
static void test_shadow_warm(void)
{
    GS_CHECK_EQ(GS_OK, setup(GS_DBSA_BOTH));
    l1_period(20, 20);   /* lines 0 .. 19 x 128 bytes at SM 0 */
    epoch();
    GS_CHECK_EQ(GS_DECIDE_BYPASS, ask(GS_LEVEL_L1D, 0, 128u * 19u));
    GS_CHECK_EQ(1u, stat("dbsa_l1_shadow_hits"));
    GS_CHECK_EQ(GS_DECIDE_BYPASS, ask(GS_LEVEL_L1D, 1, 128u * 19u));   /* another SM's */
    GS_CHECK_EQ(1u, stat("dbsa_l1_shadow_misses"));
}

/* What counts, each on a period whose decision flips if it counted wrongly:
 * stores are not counted (100 store misses + 5 load hits: 0%, would be 95%),
 * reservation fails are not (91 misses + 9 hits + 10 fails: 91%, would be
 * 82.7%), a HIT_RESERVED is an access but no miss (90 misses + 10 merges:
 * 90%, would be 100%). A period without accesses keeps the state. */
static void loads(unsigned n, unsigned outcome)
{
    unsigned i;
    for (i = 0; i < n; i++)
        access(GS_EV_L1D_ACCESS, 0, 128u * i, outcome, 0);
}

static void test_what_counts(void)
{
    unsigned i;
    GS_CHECK_EQ(GS_OK, setup(GS_DBSA_BOTH));
    for (i = 0; i < 100u; i++)
        access(GS_EV_L1D_ACCESS, 0, 128u * i, GS_OUTCOME_MISS, 1);
    loads(5, GS_OUTCOME_HIT);
    epoch();
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 0, 0));
    loads(91, GS_OUTCOME_MISS);
    loads(9, GS_OUTCOME_HIT);
    loads(10, GS_OUTCOME_RESERVATION_FAIL);
    epoch();
    GS_CHECK_EQ(GS_DECIDE_BYPASS, ask(GS_LEVEL_L1D, 0, 1u << 20));   /* a shadow miss */
    GS_CHECK_EQ(GS_OK, setup(GS_DBSA_BOTH));
    loads(90, GS_OUTCOME_MISS);
    loads(10, GS_OUTCOME_HIT_RESERVED);
    epoch();
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 0, 0));
}

/* Tag-only measurements keep a bypass; a period without any access keeps it too. */
static void test_empty_period_keeps_state(void)
{
    GS_CHECK_EQ(GS_OK, setup(GS_DBSA_BOTH));
    loads(10, GS_OUTCOME_MISS);
    epoch();
    /* one bypassed load of a line never seen: a shadow miss, 100%: still bypassed */
    GS_CHECK_EQ(GS_DECIDE_BYPASS, ask(GS_LEVEL_L1D, 0, 1u << 20));
    epoch();
    GS_CHECK_EQ(2u, stat("dbsa_l1_periods_bypassed"));
    epoch();   /* empty: nothing measured, the state stays */
    epoch();
    GS_CHECK_EQ(4u, stat("dbsa_l1_periods_bypassed"));
    GS_CHECK_EQ(1u, stat("dbsa_l1_switches"));
    GS_CHECK_EQ(GS_DECIDE_BYPASS, ask(GS_LEVEL_L1D, 0, 1u << 21));
}

/* The L2's decision sums every slice: misses spread over 12 slices. */
static void test_l2_global(void)
{
    unsigned i;
    GS_CHECK_EQ(GS_OK, setup(GS_DBSA_BOTH));
    for (i = 0; i < 120u; i++)
        access(GS_EV_L2_ACCESS, i % 12u, 256u * i, i < 110u ? GS_OUTCOME_MISS : GS_OUTCOME_HIT,
               0);
    epoch();
    GS_CHECK_EQ(GS_DECIDE_BYPASS, ask(GS_LEVEL_L2, 5, 0));
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 5, 0));
    GS_CHECK_EQ(1u, stat("dbsa_l2_bypassed_requests"));
}

static void test_levels_option(void)
{
    unsigned i;
    GS_CHECK_EQ(GS_OK, setup(GS_DBSA_L1));
    GS_CHECK_EQ(1u << GS_LEVEL_L1D, hooks.decider.levels);
    for (i = 0; i < 50u; i++)
        access(GS_EV_L2_ACCESS, 0, 128u * i, GS_OUTCOME_MISS, 0);
    l1_period(10, 10);
    epoch();
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L2, 0, 0));
    GS_CHECK_EQ(GS_DECIDE_BYPASS, ask(GS_LEVEL_L1D, 0, 0));
    GS_CHECK_EQ(~(uint64_t)0, stat("dbsa_l2_switches"));   /* not reported */
    GS_CHECK_EQ(GS_OK, setup(GS_DBSA_L2));
    GS_CHECK_EQ(1u << GS_LEVEL_L2, hooks.decider.levels);
}

static void test_config_errors(void)
{
    gs_mech_env env;
    gs_diag diag;
    gs_config_defaults(&cfg);
    memset(&env, 0, sizeof env);
    env.cfg = &cfg;
    env.n_sms = gs_config_n_sms(&cfg);
    cfg.perfect_mem = 1;
    GS_CHECK_EQ(GS_E_CONFIG, gs_mech_dbsa_ops.init(buf, &env, &hooks, &diag));
    GS_CHECK(strstr(diag.message, "-gpgpu_perfect_mem 0") != NULL);
    cfg.perfect_mem = 0;
    cfg.l1d_mode = GS_CACHE_MODE_BYPASS;
    GS_CHECK_EQ(GS_E_CONFIG, gs_mech_dbsa_ops.init(buf, &env, &hooks, &diag));
    GS_CHECK(strstr(diag.message, "-gs_l1d_mode") != NULL);
    cfg.dbsa_levels = GS_DBSA_L2;   /* the L1D is not managed: its mode is free */
    memset(buf, 0, sizeof buf);
    GS_CHECK_EQ(GS_OK, gs_mech_dbsa_ops.init(buf, &env, &hooks, &diag));
}

int main(void)
{
    GS_RUN(test_hooks);
    GS_RUN(test_threshold);
    GS_RUN(test_threshold_option);
    GS_RUN(test_tag_only_reenables);
    GS_RUN(test_shadow_warm);
    GS_RUN(test_what_counts);
    GS_RUN(test_empty_period_keeps_state);
    GS_RUN(test_l2_global);
    GS_RUN(test_levels_option);
    GS_RUN(test_config_errors);
    return gs_check_report();
}
