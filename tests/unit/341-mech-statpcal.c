/*
 * statPCAL's state machine (src/mech/statpcal.c; Li et al., HPCA 2015),
 * driven through its hooks with hand-made events on one SM of 4 warps under
 * one GTO scheduler, T = 2 tokens. The clocks are equal and the memory is
 * one channel with one L2 slice, burst 8 at ratio 4 (2 DRAM cycles a burst),
 * so a 100-cycle period offers exactly 100 L2 accesses and 50 bursts: the
 * token holders are the 2 oldest warps (the others' loads no-allocate, or
 * bypass), the token passes on when a holder exits, the kernel starts at W
 * warps, and the under-use trigger fires at 49 L2 accesses and not at 50
 * (threshold 50%), at 24 bursts and not at 25, only when every watched
 * resource is under-used, never when none is watched; one warp more per
 * under-used period up to all, one fewer per busy period down to W; the
 * configuration errors.
 */
#include <string.h>

#include "mech_harness.h"

static gs_config cfg;
static uint64_t buf[1u << 10];
static gs_mech_hooks hooks;
static gs_sched sched;

static void defaults(void)
{
    mh_config_one_sm(&cfg, 4);
    cfg.n_mem = 1;
    cfg.n_sub_partition_per_mchannel = 1;
    cfg.clocks.core_khz = cfg.clocks.l2_khz = cfg.clocks.dram_khz = 1000000u;
    cfg.dram_burst_length = 8;
    cfg.dram_data_command_freq_ratio = 4;
    cfg.statpcal_tokens = 2;
    cfg.statpcal_warps = 0;
    cfg.statpcal_period = 100;
    cfg.statpcal_step = 1;
    cfg.statpcal_l2_threshold = 50;
    cfg.statpcal_dram_threshold = 0;
}

static gs_status setup_cfg(gs_diag *diag)
{
    gs_mech_env env;
    GS_CHECK_EQ(GS_OK, mh_one_sm(&env, &cfg, &sched, 4, diag));   /* warp 0 oldest */
    memset(buf, 0, sizeof buf);
    memset(&hooks, 0, sizeof hooks);
    GS_CHECK(gs_mech_statpcal_ops.bytes(&cfg) <= sizeof buf);
    return gs_mech_statpcal_ops.init(buf, &env, &hooks, diag);
}

static void emit(unsigned kind, uint64_t cycle, unsigned outcome)
{
    gs_event ev;
    gs_event_clear(&ev, kind, GS_DOMAIN_CORE, cycle);
    ev.outcome = (uint8_t)outcome;
    hooks.sub.fn(buf, &ev);
}

static void emit_n(unsigned kind, unsigned count, unsigned outcome)
{
    unsigned i;
    for (i = 0; i < count; i++)
        emit(kind, 1, outcome);
}

static void wake(uint64_t cycle)
{
    mh_wake(&hooks, buf, cycle);
}

static uint32_t decide(unsigned warp)
{
    gs_decide_in in;
    memset(&in, 0, sizeof in);
    in.level = GS_LEVEL_L1D;
    in.origin.sm = 0;
    in.origin.warp = (uint16_t)warp;
    return hooks.decider.decide(buf, &in);
}

static uint64_t stat(const char *name)
{
    return mh_stat(&gs_mech_statpcal_ops, buf, name);
}

static void start(void)
{
    gs_diag diag;
    GS_CHECK_EQ(GS_OK, setup_cfg(&diag));
    GS_CHECK_EQ(1u << GS_LEVEL_L1D, hooks.decider.levels);
    emit(GS_EV_KERNEL_LAUNCH, 0, 0);
}

static void test_tokens(void)
{
    gs_diag diag;
    defaults();
    GS_CHECK_EQ(GS_OK, setup_cfg(&diag));
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, decide(3));       /* no kernel: plain */
    emit(GS_EV_KERNEL_LAUNCH, 0, 0);
    GS_CHECK_EQ(2u, sched.limit);                    /* W = T */
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, decide(0));
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, decide(1));
    GS_CHECK_EQ(GS_DECIDE_NO_ALLOCATE, decide(2));
    GS_CHECK_EQ(GS_DECIDE_NO_ALLOCATE, decide(3));
    gs_sched_warp_remove(&sched, 0);                 /* the token passes to warp 2 */
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, decide(2));
    GS_CHECK_EQ(GS_DECIDE_NO_ALLOCATE, decide(3));
    GS_CHECK_EQ(3u, stat("statpcal_token_loads"));   /* the load before the launch: none */
    GS_CHECK_EQ(3u, stat("statpcal_nontoken_loads"));
    GS_CHECK_EQ(2u, stat("statpcal_tokens"));
    emit(GS_EV_KERNEL_FINISH, 50, 0);
    GS_CHECK_EQ(0u, sched.limit);
    GS_CHECK_EQ(GS_WAKE_NONE, *hooks.sub.wake_at);

    defaults();
    cfg.statpcal_nontoken = 1;                       /* bypass */
    cfg.statpcal_warps = 3;
    start();
    GS_CHECK_EQ(3u, sched.limit);
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, decide(1));
    GS_CHECK_EQ(GS_DECIDE_BYPASS, decide(2));
}

static void test_l2_trigger(void)
{
    defaults();
    start();
    GS_CHECK_EQ(99u, *hooks.sub.wake_at);
    emit_n(GS_EV_L2_ACCESS, 49, GS_OUTCOME_MISS);
    emit_n(GS_EV_L2_ACCESS, 10, GS_OUTCOME_RESERVATION_FAIL);   /* retries: not counted */
    wake(99);
    GS_CHECK_EQ(1u, stat("statpcal_underused_periods"));
    GS_CHECK_EQ(3u, sched.limit);                    /* 49 < 50% of 100: one more warp */
    GS_CHECK_EQ(49u, stat("statpcal_l2_use_pct_sum"));
    GS_CHECK_EQ(199u, *hooks.sub.wake_at);
    emit_n(GS_EV_L2_ACCESS, 50, GS_OUTCOME_HIT);
    wake(199);
    GS_CHECK_EQ(1u, stat("statpcal_underused_periods"));
    GS_CHECK_EQ(2u, sched.limit);                    /* 50 is not below: one back */
    wake(299);
    wake(399);
    wake(499);
    GS_CHECK_EQ(4u, sched.limit);                    /* never above the 4 warps */
    GS_CHECK_EQ(2u, stat("statpcal_reactivated_max"));
    GS_CHECK_EQ(1u + 0u + 1u + 2u + 2u, stat("statpcal_reactivated_warp_periods"));
    GS_CHECK_EQ(5u, stat("statpcal_periods"));
    emit(GS_EV_KERNEL_LAUNCH, 500, 0);               /* a new kernel starts at W */
    GS_CHECK_EQ(2u, sched.limit);
    GS_CHECK_EQ(599u, *hooks.sub.wake_at);
}

static void test_dram_trigger(void)
{
    defaults();
    cfg.statpcal_l2_threshold = 0;
    cfg.statpcal_dram_threshold = 50;
    start();
    emit_n(GS_EV_DRAM_COMMAND, 24, 3);               /* RD: 48 of 100 bus cycles */
    emit_n(GS_EV_DRAM_COMMAND, 30, 1);               /* ACT: no data */
    wake(99);
    GS_CHECK_EQ(3u, sched.limit);
    GS_CHECK_EQ(48u, stat("statpcal_dram_use_pct_sum"));
    emit_n(GS_EV_DRAM_COMMAND, 24, 4);               /* WR */
    emit_n(GS_EV_DRAM_COMMAND, 1, 3);                /* 25 bursts: 50 cycles, not below */
    wake(199);
    GS_CHECK_EQ(2u, sched.limit);

    defaults();                                      /* both watched: both must be low */
    cfg.statpcal_dram_threshold = 50;
    start();
    emit_n(GS_EV_DRAM_COMMAND, 25, 3);
    wake(99);
    GS_CHECK_EQ(2u, sched.limit);
    GS_CHECK_EQ(0u, stat("statpcal_underused_periods"));
    emit_n(GS_EV_DRAM_COMMAND, 24, 3);
    emit_n(GS_EV_L2_ACCESS, 49, GS_OUTCOME_HIT);
    wake(199);
    GS_CHECK_EQ(3u, sched.limit);

    defaults();                                      /* none watched: static */
    cfg.statpcal_l2_threshold = 0;
    start();
    wake(99);
    GS_CHECK_EQ(2u, sched.limit);
    GS_CHECK_EQ(1u, stat("statpcal_periods"));
    GS_CHECK_EQ(0u, stat("statpcal_underused_periods"));
}

static void test_errors(void)
{
    gs_diag diag;
    defaults();
    cfg.statpcal_tokens = 3;
    cfg.statpcal_warps = 2;
    GS_CHECK_EQ(GS_E_CONFIG, setup_cfg(&diag));
    GS_CHECK_STR("-gs_statpcal_warps 2 is below -gs_statpcal_tokens 3 (token holders are "
                 "among the warps that issue; 0 means as many as the tokens)", diag.message);
    defaults();
    cfg.statpcal_tokens = 5;
    GS_CHECK_EQ(GS_E_CONFIG, setup_cfg(&diag));
    GS_CHECK_STR("-gs_statpcal_tokens 5 is above the 4 warps a scheduler has (4 warps per SM, "
                 "1 schedulers)", diag.message);
    defaults();
    cfg.perfect_mem = 1;
    GS_CHECK_EQ(GS_E_CONFIG, setup_cfg(&diag));
}

int main(void)
{
    GS_RUN(test_tokens);
    GS_RUN(test_l2_trigger);
    GS_RUN(test_dram_trigger);
    GS_RUN(test_errors);
    return gs_check_report();
}
