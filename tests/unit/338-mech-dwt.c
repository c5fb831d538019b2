/*
 * DWT-CS's decision logic (src/mech/dwt.c; seed-000 section 2.4) and
 * DWT-PRIC's order (src/mech/dwt_pric.c; section 2.6), driven through their
 * hooks with hand-made events on a 15-core, 2-scheduler, 24-warps-per-
 * scheduler machine whose schedulers are plain structs: the MPKI threshold
 * (10 misses per 1000 instructions is not thrashing, 11 is), N consecutive
 * periods anywhere (dwt) versus only the kernel's first N (dwt_pric), the
 * sampling assignment (core c at c + 1 warps), the winner with ties (the
 * lowest limit), the broadcast latency (limits change at the end of cycle
 * E + latency, not before), the second round 15..24, the per-kernel memory
 * (a relaunch reuses the limit without sampling; FIFO replacement), the
 * wake register and bus wakes, DBSA starting only after DWT-CS settled, and
 * the configuration errors.
 */
#include <string.h>

#include "mech_harness.h"
#include "mech/dwt.h"

#define SMS 15u
#define SCHEDS 2u

static gs_config cfg;
static uint64_t buf[1u << 17];
static gs_mech_hooks hooks;
static gs_sched scheds[SMS][SCHEDS];
static const gs_mech_ops *ops;
static uint64_t now;             /* the kernel's launch cycle + periods so far */

static gs_sched *sched_of(void *machine, uint32_t sm, uint32_t s)
{
    (void)machine;
    return &scheds[sm][s];
}

static gs_status setup_mech(const gs_mech_ops *mech, uint32_t latency, gs_diag *diag)
{
    gs_mech_env env;
    ops = mech;
    cfg.perfect_mem = 0;
    cfg.dwt_broadcast_latency = latency;
    memset(&env, 0, sizeof env);
    env.cfg = &cfg;
    env.n_sms = SMS;
    env.scheds_per_sm = SCHEDS;
    env.warps_per_sm = 48u;
    env.sched_of = sched_of;
    memset(buf, 0, sizeof buf);
    memset(&hooks, 0, sizeof hooks);
    memset(scheds, 0, sizeof scheds);
    GS_CHECK(mech->bytes(&cfg) <= sizeof buf);
    return mech->init(buf, &env, &hooks, diag);
}

static void defaults(void)
{
    gs_config_defaults(&cfg);
    cfg.n_clusters = SMS;
    cfg.n_cores_per_cluster = 1;
}

static void setup(const gs_mech_ops *mech, uint32_t latency)
{
    gs_diag diag;
    defaults();
    GS_CHECK_EQ(GS_OK, setup_mech(mech, latency, &diag));
}

static void emit(const gs_event *ev)
{
    hooks.sub.fn(buf, ev);
}

static void launch(uint64_t cycle, uint64_t key)
{
    gs_event ev;
    gs_event_clear(&ev, GS_EV_KERNEL_LAUNCH, GS_DOMAIN_CORE, cycle);
    ev.addr = key;
    emit(&ev);
    now = cycle;
}

static void finish(void)
{
    gs_event ev;
    gs_event_clear(&ev, GS_EV_KERNEL_FINISH, GS_DOMAIN_CORE, now);
    emit(&ev);
}

static void commit(uint32_t sm, uint32_t lanes)
{
    gs_event ev;
    gs_event_clear(&ev, GS_EV_WARP_COMMIT, GS_DOMAIN_CORE, now);
    ev.origin.sm = (uint16_t)sm;
    ev.value = lanes;
    emit(&ev);
}

static void l1(unsigned outcome, unsigned n)
{
    gs_event ev;
    unsigned i;
    gs_event_clear(&ev, GS_EV_L1D_ACCESS, GS_DOMAIN_CORE, now);
    ev.outcome = (uint8_t)outcome;
    for (i = 0; i < n; i++)
        emit(&ev);
}

/* The bus's wake: fire the register's cycle (checked to be `cycle`). */
static void wake(uint64_t cycle)
{
    gs_event ev;
    GS_CHECK_EQ(cycle, *hooks.sub.wake_at);
    gs_event_clear(&ev, GS_EV_EPOCH, GS_DOMAIN_CORE, cycle);
    ev.outcome = GS_EPOCH_BY_WAKE;
    *hooks.sub.wake_at = GS_WAKE_NONE;
    emit(&ev);
}

/* One 10K-cycle period with 1000 thread instructions (on core 0) and
 * `misses` L1D misses, ended by its wake. */
static void period(unsigned misses)
{
    commit(0, 1000u);
    l1(GS_OUTCOME_MISS, misses);
    now += 10000u;
    wake(now - 1u);
}

/* A period with nothing committed (sampling counts stay as set). */
static void idle_period(void)
{
    now += 10000u;
    wake(now - 1u);
}

static uint32_t limit(uint32_t sm)
{
    GS_CHECK_EQ(scheds[sm][0].limit, scheds[sm][1].limit);
    return scheds[sm][0].limit;
}

static uint64_t stat(const char *name)
{
    return mh_stat(ops, buf, name);
}

static void check_all_limits(uint32_t want)
{
    uint32_t sm;
    for (sm = 0; sm < SMS; sm++)
        GS_CHECK_EQ(want, limit(sm));
}

/* "MPKI > 10": 10 misses per 1000 instructions is not thrashing, 11 is;
 * hits, merges and reservation fails are not misses. */
static void test_threshold(void)
{
    setup(&gs_mech_dwt_ops, 32u);
    GS_CHECK_EQ(GS_WAKE_NONE, *hooks.sub.wake_at);
    launch(100u, 7u);
    GS_CHECK_EQ(10099u, *hooks.sub.wake_at);   /* periods count from the launch */
    l1(GS_OUTCOME_HIT, 50u);
    l1(GS_OUTCOME_HIT_RESERVED, 50u);
    l1(GS_OUTCOME_RESERVATION_FAIL, 50u);
    period(10u);
    period(10u);
    period(10u);
    GS_CHECK_EQ(3u, stat("dwt_periods"));
    GS_CHECK_EQ(0u, stat("dwt_thrashing_periods"));
    period(11u);
    period(11u);
    GS_CHECK_EQ(0u, stat("dwt_detections"));
    period(11u);
    GS_CHECK_EQ(1u, stat("dwt_detections"));
    GS_CHECK_EQ(3u, stat("dwt_thrashing_periods"));
}

/* Standalone: any N consecutive thrashing periods; a quiet one breaks the
 * run, an empty one (nothing committed) is not examined. */
static void test_detect_any(void)
{
    setup(&gs_mech_dwt_ops, 32u);
    launch(0u, 7u);
    period(20u);
    period(20u);
    period(5u);     /* breaks the run */
    period(20u);
    now += 10000u;
    wake(now - 1u);  /* empty: neither breaks nor extends */
    period(20u);
    GS_CHECK_EQ(0u, stat("dwt_detections"));
    GS_CHECK_EQ(5u, stat("dwt_periods"));
    period(20u);
    GS_CHECK_EQ(1u, stat("dwt_detections"));
    GS_CHECK_EQ(1u, stat("dwt_sampling_rounds"));
}

/* Sampling: the decision at the end of cycle E reaches the cores at the end
 * of E + latency; core c runs at c + 1 warps per scheduler; the coordinator
 * picks the limit with the most instructions, the lowest on a tie; the
 * limit holds to the kernel's end and is lifted there. */
static void test_sampling_and_ties(void)
{
    uint32_t sm;
    setup(&gs_mech_dwt_ops, 32u);
    launch(0u, 7u);
    period(20u);
    period(20u);
    period(20u);                  /* detection at the end of cycle 29999 */
    GS_CHECK_EQ(30031u, *hooks.sub.wake_at);
    check_all_limits(0);
    wake(30031u);
    for (sm = 0; sm < SMS; sm++)
        GS_CHECK_EQ(sm + 1u, limit(sm));
    GS_CHECK_EQ(39999u, *hooks.sub.wake_at);
    for (sm = 0; sm < SMS; sm++)
        commit(sm, 100u);
    commit(4, 7u);                /* limit 5 */
    commit(9, 7u);                /* limit 10: the same count */
    commit(12, 6u);
    now = 40000u;
    wake(39999u);
    wake(49999u);
    GS_CHECK_EQ(2u, stat("dwt_sampling_periods"));
    for (sm = 0; sm < SMS; sm++)
        GS_CHECK_EQ(sm + 1u, limit(sm));   /* still sampling */
    wake(59999u);                 /* the round ends */
    GS_CHECK_EQ(60031u, *hooks.sub.wake_at);
    GS_CHECK_EQ(1u, limit(0));
    wake(60031u);
    check_all_limits(5u);
    GS_CHECK_EQ(5u, stat("dwt_last_limit"));
    GS_CHECK_EQ(1u, stat("dwt_kernels_throttled"));
    GS_CHECK_EQ(69999u, *hooks.sub.wake_at);   /* periods go on (DWT-PRIC's DBSA) */
    now = 60000u;
    period(50u);                  /* no more detection in this kernel */
    GS_CHECK_EQ(1u, stat("dwt_detections"));
    finish();
    check_all_limits(0);
    GS_CHECK_EQ(GS_WAKE_NONE, *hooks.sub.wake_at);
}

static void detect_and_enter_sampling(uint64_t launch_cycle, uint64_t key)
{
    launch(launch_cycle, key);
    period(20u);
    period(20u);
    period(20u);
}

/* The highest limit of round 1 (15) wins: round 2 tests 15..24 on cores
 * 0..9 and 15..19 again on cores 10..14; the best average per core wins. */
static void test_second_round(void)
{
    uint32_t sm;
    setup(&gs_mech_dwt_ops, 0u);   /* no latency: decisions act at the period's end */
    detect_and_enter_sampling(0u, 9u);
    GS_CHECK_EQ(15u, limit(14));
    commit(14, 500u);
    now = 60000u;
    wake(39999u);
    wake(49999u);
    wake(59999u);
    GS_CHECK_EQ(2u, stat("dwt_sampling_rounds"));
    for (sm = 0; sm < 10u; sm++)
        GS_CHECK_EQ(15u + sm, limit(sm));
    for (sm = 10; sm < SMS; sm++)
        GS_CHECK_EQ(5u + sm, limit(sm));
    commit(2, 300u);    /* limit 17: 300 + 300 on two cores, average 300 */
    commit(12, 300u);
    commit(9, 299u);    /* limit 24 alone: 299 */
    commit(0, 301u);    /* limit 15: 301 + 0 on two cores: average 150 */
    wake(69999u);
    wake(79999u);
    wake(89999u);
    check_all_limits(17u);
    GS_CHECK_EQ(17u, stat("dwt_last_limit"));
    GS_CHECK_EQ(6u, stat("dwt_sampling_periods"));
}

/* The winner is remembered per kernel name: a relaunch detects again and
 * applies it without sampling; another kernel samples; with one entry the
 * newest kernel replaces the oldest. */
static void test_memo(void)
{
    defaults();
    cfg.dwt_memo_entries = 1;
    {
        gs_diag diag;
        GS_CHECK_EQ(GS_OK, setup_mech(&gs_mech_dwt_ops, 0u, &diag));
    }
    detect_and_enter_sampling(0u, 0xAAu);
    commit(3, 10u);
    idle_period();
    idle_period();
    idle_period();
    check_all_limits(4u);
    finish();
    detect_and_enter_sampling(200000u, 0xAAu);
    check_all_limits(4u);
    GS_CHECK_EQ(1u, stat("dwt_memo_hits"));
    GS_CHECK_EQ(1u, stat("dwt_sampling_rounds"));
    finish();
    detect_and_enter_sampling(400000u, 0xBBu);   /* new: samples, then replaces 0xAA */
    GS_CHECK_EQ(2u, stat("dwt_sampling_rounds"));
    commit(1, 10u);
    idle_period();
    idle_period();
    idle_period();
    check_all_limits(2u);
    finish();
    detect_and_enter_sampling(600000u, 0xAAu);
    GS_CHECK_EQ(3u, stat("dwt_sampling_rounds"));
    GS_CHECK_EQ(1u, stat("dwt_memo_hits"));
    finish();                      /* an unfinished round is dropped: nothing remembered */
    check_all_limits(0);
    detect_and_enter_sampling(800000u, 0xBBu);
    GS_CHECK_EQ(2u, stat("dwt_memo_hits"));
    check_all_limits(2u);
}

/* DWT-PRIC (first N only) on PRIC's L1D: the kernel's first N periods must
 * all thrash; a quiet one among them ends detection for the kernel. DBSA
 * decides only on periods that began with DWT-CS settled. */
static void l2_reads(unsigned n, unsigned misses)
{
    gs_event ev;
    unsigned i;
    gs_event_clear(&ev, GS_EV_L2_ACCESS, GS_DOMAIN_L2, now);
    for (i = 0; i < n; i++) {
        ev.addr = 128u * i;
        ev.outcome = (uint8_t)(i < misses ? GS_OUTCOME_MISS : GS_OUTCOME_HIT);
        emit(&ev);
    }
}

static uint32_t ask_l2(void)
{
    gs_decide_in in;
    memset(&in, 0, sizeof in);
    in.level = GS_LEVEL_L2;
    return hooks.decider.decide(buf, &in);
}

static void setup_pric(uint32_t latency)
{
    gs_diag diag;
    defaults();
    cfg.dl1.set_index = GS_INDEX_IPOLY;
    GS_CHECK_EQ(GS_OK, setup_mech(&gs_mech_dwt_pric_ops, latency, &diag));
}

static void test_pric_first_n(void)
{
    setup_pric(32u);
    launch(0u, 1u);
    period(20u);
    period(5u);
    period(20u);
    period(20u);
    period(20u);
    period(20u);   /* would detect in standalone dwt: 4 consecutive */
    GS_CHECK_EQ(0u, stat("dwt_detections"));
    GS_CHECK_EQ(3u, stat("dwt_periods"));   /* only the first N are examined */
    finish();
    launch(100000u, 1u);
    period(20u);
    period(20u);
    period(20u);
    GS_CHECK_EQ(1u, stat("dwt_detections"));
}

static void test_pric_dbsa_after_dwt(void)
{
    setup_pric(0u);
    launch(0u, 1u);
    l2_reads(100u, 100u);
    period(5u);                     /* quiet: detection not over yet (1 of 3) */
    l2_reads(100u, 100u);
    period(5u);
    l2_reads(100u, 100u);
    period(5u);                     /* the 3rd: DWT-CS settles with no limit */
    GS_CHECK_EQ(0u, stat("dbsa_periods"));
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask_l2());
    l2_reads(100u, 91u);
    period(5u);                     /* the first whole settled period: DBSA decides */
    GS_CHECK_EQ(1u, stat("dbsa_periods"));
    GS_CHECK_EQ(GS_DECIDE_BYPASS, ask_l2());
    finish();
    launch(100000u, 2u);            /* a new kernel: both caches used, DBSA waits */
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask_l2());
    GS_CHECK_EQ(2u, stat("dbsa_l2_switches"));
}

/* While sampling, DBSA stays off; it starts in the period after the limit. */
static void test_pric_dbsa_after_sampling(void)
{
    setup_pric(0u);
    detect_and_enter_sampling(0u, 3u);
    l2_reads(100u, 100u);
    idle_period();
    idle_period();
    l2_reads(100u, 100u);
    idle_period();                  /* the round ends: limit applied */
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask_l2());
    GS_CHECK_EQ(0u, stat("dbsa_periods"));
    l2_reads(100u, 100u);
    period(0u);
    GS_CHECK_EQ(GS_DECIDE_BYPASS, ask_l2());
}

/* The bus keeps a subscriber's wake register: fired at the end of its cycle
 * (late ones with their own cycle), cleared first, and the next due cycle
 * bounds clock jumps. */
static uint64_t bus_wake;
static uint64_t bus_seen[4];
static unsigned bus_count;

static void bus_fn(void *ctx, const gs_event *ev)
{
    (void)ctx;
    if (bus_count < 4u)
        bus_seen[bus_count] = ev->cycle * 10u + ev->outcome;
    bus_count++;
    if (ev->cycle == 5u)
        bus_wake = 12u;   /* the next one, from the handler */
}

static void test_bus_wake(void)
{
    gs_event_bus bus;
    gs_event_sub sub;
    gs_diag diag;
    gs_event_bus_init(&bus);
    memset(&sub, 0, sizeof sub);
    sub.fn = bus_fn;
    sub.name = "wake";
    sub.wake_at = &bus_wake;
    sub.epoch_cycles = 10u;
    bus_wake = GS_WAKE_NONE;
    GS_CHECK_EQ(GS_OK, gs_event_subscribe(&bus, &sub, &diag));
    GS_CHECK(bus.want_epochs);
    GS_CHECK_EQ(9u, gs_event_next_due(&bus));
    bus_wake = 5u;
    GS_CHECK_EQ(5u, gs_event_next_due(&bus));
    gs_event_end_cycle(&bus, 4u);
    GS_CHECK_EQ(0u, bus_count);
    gs_event_end_cycle(&bus, 5u);
    GS_CHECK_EQ(1u, bus_count);
    GS_CHECK_EQ(5u * 10u + GS_EPOCH_BY_WAKE, bus_seen[0]);
    GS_CHECK_EQ(9u, gs_event_next_due(&bus));
    gs_event_end_cycle(&bus, 20u);   /* late, in cycle order: epoch 9, wake 12, epoch 19 */
    GS_CHECK_EQ(4u, bus_count);
    GS_CHECK_EQ(9u * 10u + GS_EPOCH_BY_CYCLES, bus_seen[1]);
    GS_CHECK_EQ(12u * 10u + GS_EPOCH_BY_WAKE, bus_seen[2]);
    GS_CHECK_EQ(19u * 10u + GS_EPOCH_BY_CYCLES, bus_seen[3]);
    GS_CHECK_EQ(GS_WAKE_NONE, bus_wake);
    GS_CHECK_EQ(29u, gs_event_next_due(&bus));
}

static void check_error(const gs_mech_ops *mech, const char *want)
{
    gs_diag diag;
    GS_CHECK_EQ(GS_E_CONFIG, setup_mech(mech, cfg.dwt_broadcast_latency, &diag));
    GS_CHECK_STR(want, diag.message);
}

static void test_errors(void)
{
    defaults();
    cfg.dwt_period = 32u;
    cfg.dwt_broadcast_latency = 32u;
    check_error(&gs_mech_dwt_ops, "-gs_dwt_broadcast_latency 32 must be below -gs_dwt_period "
                "32 (a decision arrives within its period)");
    defaults();
    cfg.mechanisms.mask = 1u << GS_MECH_ID_dwt_pric;
    check_error(&gs_mech_dwt_ops, "dwt_pric includes DWT-CS: enable dwt or "
                "dwt_pric, not both");
    defaults();
    cfg.mechanisms.mask = 1u << GS_MECH_ID_dbsa;
    cfg.dl1.set_index = GS_INDEX_IPOLY;
    check_error(&gs_mech_dwt_pric_ops, "dwt_pric includes DBSA: enable dbsa "
                "or dwt_pric, not both");
    defaults();
    check_error(&gs_mech_dwt_pric_ops, "dwt_pric indexes the L1D with PRIC: the "
                "-gpgpu_cache:dl1 string's set index must be P (I-Poly; "
                "examples/configs/seed000-pric.cfg sets it)");
    defaults();
    cfg.perfect_mem = 1;
    {
        gs_diag diag;
        gs_mech_env env;
        memset(&env, 0, sizeof env);
        env.cfg = &cfg;
        env.n_sms = SMS;
        env.scheds_per_sm = SCHEDS;
        env.warps_per_sm = 48u;
        GS_CHECK_EQ(GS_E_CONFIG, gs_mech_dwt_ops.init(buf, &env, &hooks, &diag));
        GS_CHECK_STR("dwt measures the L1D's misses: it needs the memory system "
                     "(-gpgpu_perfect_mem 0) and an L1D (-gpgpu_cache:dl1 not `none`)",
                     diag.message);
    }
}

int main(void)
{
    GS_RUN(test_threshold);
    GS_RUN(test_detect_any);
    GS_RUN(test_sampling_and_ties);
    GS_RUN(test_second_round);
    GS_RUN(test_memo);
    GS_RUN(test_pric_first_n);
    GS_RUN(test_pric_dbsa_after_dwt);
    GS_RUN(test_pric_dbsa_after_sampling);
    GS_RUN(test_bus_wake);
    GS_RUN(test_errors);
    return gs_check_report();
}
