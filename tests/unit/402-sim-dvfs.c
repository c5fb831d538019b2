/*
 * Run-time DVFS of the clock domains (src/sim/dvfs.c; issue 25 item 4;
 * seed-003 section 5.3, Table 16's 10 us PLL lock), on gtx480's clocks
 * (core and L2 700 MHz: 1429 ps; icnt 1400 MHz: 714 ps): without a
 * schedule core edge c is at c x 1429 ps; a core change halts the SMs for
 * exactly the lock time, its cycle's edge moving to T + halt and the next
 * ones a new period apart; an L2 change moves that domain's next edge to
 * T + halt; changes at one cycle share one instant; a second change during
 * a halt cuts it short; a run ending in a halt counts only its part; a zero
 * halt; the time at each frequency and halted always sums to the run's time.
 * Voltage: with a core table (700 MHz at 1000 mV, 350 at 800) the core
 * domain's dynamic parts after a change are scaled by 0.64, rounded down
 * per interval; a domain without a table keeps its nominal energy.
 */
#include <string.h>

#include "check.h"
#include "sim/dvfs.h"

#define HALT_PS 10000000u   /* 10 us */

static gs_config cfg;
static gs_clocks clk;

static void schedule(uint32_t n, const uint32_t *domain, const uint64_t *cycle,
                     const uint32_t *khz)
{
    uint32_t i;
    gs_config_defaults(&cfg);
    cfg.dvfs_schedule.count = n;
    for (i = 0; i < n; i++) {
        cfg.dvfs_schedule.at[i].domain = domain[i];
        cfg.dvfs_schedule.at[i].cycle = cycle[i];
        cfg.dvfs_schedule.at[i].khz = khz[i];
    }
    gs_clocks_init(&clk, &cfg);
}

static uint64_t report(uint64_t end_cycle, const char *name)
{
    static unsigned char buffer[1u << 16];
    gs_stats stats;
    gs_arena arena;
    gs_diag diag;
    const gs_stat_entry *e;
    gs_arena_init(&arena, buffer, sizeof buffer);
    if (gs_stats_init(&stats, &arena, gs_clocks_stats_count(&cfg) + 1u, &diag) != GS_OK)
        return ~(uint64_t)0;
    gs_clocks_report(&clk, end_cycle, &stats);
    e = gs_stats_find(&stats, name);
    return e != NULL ? e->value : ~(uint64_t)0;
}

static void test_no_schedule(void)
{
    schedule(0, NULL, NULL, NULL);
    GS_CHECK_EQ(1429u, clk.period_ps[0]);
    GS_CHECK_EQ(714u, clk.period_ps[1]);
    GS_CHECK_EQ(~(uint64_t)0, clk.next_cycle);
    GS_CHECK_EQ(142900u, gs_clocks_core_edge_ps(&clk, 100));
    GS_CHECK_EQ(0u, gs_clocks_stats_count(&cfg));
    GS_CHECK_EQ(~(uint64_t)0, report(100, "dvfs_sim_time_ps"));   /* no statistics */
}

static void test_core_change_halts_exactly(void)
{
    static const uint32_t d[1] = { GS_DVFS_CORE }, khz[1] = { 350000 };
    static const uint64_t c[1] = { 100 };
    schedule(1, d, c, khz);
    GS_CHECK_EQ(10000u, cfg.dvfs_halt_ns);   /* the default: Table 16's PLL lock time */
    GS_CHECK_EQ(100u, clk.next_cycle);
    GS_CHECK_EQ(141471u, gs_clocks_core_edge_ps(&clk, 99));
    GS_CHECK_EQ(1, gs_clocks_apply_due(&clk, 100, NULL));
    GS_CHECK_EQ(142900u + HALT_PS, gs_clocks_core_edge_ps(&clk, 100));   /* T + halt */
    GS_CHECK_EQ(142900u + HALT_PS + 2857u, gs_clocks_core_edge_ps(&clk, 101));
    GS_CHECK_EQ(2857u, clk.period_ps[0]);
    GS_CHECK_EQ(~(uint64_t)0, clk.next_cycle);
    GS_CHECK_EQ(10428600u, report(200, "dvfs_sim_time_ps"));
    GS_CHECK_EQ(142900u, report(200, "dvfs_core_ps_at_700000khz"));
    GS_CHECK_EQ(285700u, report(200, "dvfs_core_ps_at_350000khz"));
    GS_CHECK_EQ(HALT_PS, report(200, "dvfs_core_halted_ps"));
    GS_CHECK_EQ(10428600u, report(200, "dvfs_l2_ps_at_700000khz"));   /* never changed */
    GS_CHECK_EQ(0u, report(200, "dvfs_l2_halted_ps"));
    GS_CHECK_EQ(1u, report(200, "dvfs_changes"));
    GS_CHECK_EQ(0u, report(200, "dvfs_changes_not_reached"));
}

static void test_l2_change_during_halt(void)
{
    static const uint32_t d[2] = { GS_DVFS_L2, GS_DVFS_L2 }, khz[2] = { 350000, 700000 };
    static const uint64_t c[2] = { 50, 60 };
    schedule(2, d, c, khz);
    GS_CHECK_EQ(1 << GS_DVFS_L2, gs_clocks_apply_due(&clk, 50, NULL));
    GS_CHECK_EQ(71450u + HALT_PS, clk.next_edge_ps[2]);
    GS_CHECK_EQ(2857u, clk.period_ps[2]);
    GS_CHECK_EQ(142900u, gs_clocks_core_edge_ps(&clk, 100));   /* the core is not touched */
    /* cuts the first halt short */
    GS_CHECK_EQ(1 << GS_DVFS_L2, gs_clocks_apply_due(&clk, 60, NULL));
    GS_CHECK_EQ(85740u + HALT_PS, clk.next_edge_ps[2]);
    GS_CHECK_EQ(1429u, clk.period_ps[2]);
    GS_CHECK_EQ(14290000u, report(10000, "dvfs_sim_time_ps"));
    GS_CHECK_EQ(14290u + HALT_PS, report(10000, "dvfs_l2_halted_ps"));
    GS_CHECK_EQ(71450u + 4204260u, report(10000, "dvfs_l2_ps_at_700000khz"));
    GS_CHECK_EQ(0u, report(10000, "dvfs_l2_ps_at_350000khz"));
    GS_CHECK_EQ(2u, report(10000, "dvfs_changes"));
}

static void test_end_in_halt_and_one_instant(void)
{
    static const uint32_t d[2] = { GS_DVFS_CORE, GS_DVFS_ICNT }, khz[2] = { 350000, 1000000 };
    static const uint64_t c[2] = { 5, 5 };
    static const uint32_t d1[1] = { GS_DVFS_ICNT }, khz1[1] = { 1000000 };
    static const uint64_t c1[2] = { 10, 99 };
    schedule(2, d, c, khz);
    GS_CHECK_EQ((1 << GS_DVFS_CORE) | (1 << GS_DVFS_ICNT), gs_clocks_apply_due(&clk, 5, NULL));
    GS_CHECK_EQ(7145u + HALT_PS, gs_clocks_core_edge_ps(&clk, 5));
    /* the icnt's halt starts at the same instant T = 7145 as the core's, not at the
     * core's moved edge T + halt */
    GS_CHECK_EQ(7145u + HALT_PS, clk.next_edge_ps[1]);
    GS_CHECK_EQ(1000u, clk.period_ps[1]);
    schedule(1, d1, c1, khz1);   /* the run ends at cycle 20, inside the icnt's halt */
    GS_CHECK_EQ(1 << GS_DVFS_ICNT, gs_clocks_apply_due(&clk, 10, NULL));
    GS_CHECK_EQ(28580u, report(20, "dvfs_sim_time_ps"));
    GS_CHECK_EQ(14290u, report(20, "dvfs_icnt_halted_ps"));
    GS_CHECK_EQ(14290u, report(20, "dvfs_icnt_ps_at_1400000khz"));
    GS_CHECK_EQ(0u, report(20, "dvfs_icnt_ps_at_1000000khz"));
    cfg.dvfs_schedule.count = 2;   /* a second change, past the run's end */
    cfg.dvfs_schedule.at[1] = cfg.dvfs_schedule.at[0];
    cfg.dvfs_schedule.at[1].cycle = 99;
    gs_clocks_init(&clk, &cfg);
    GS_CHECK_EQ(1 << GS_DVFS_ICNT, gs_clocks_apply_due(&clk, 10, NULL));
    GS_CHECK_EQ(1u, report(20, "dvfs_changes"));
    GS_CHECK_EQ(1u, report(20, "dvfs_changes_not_reached"));
}

static void test_zero_halt(void)
{
    static const uint32_t d[1] = { GS_DVFS_CORE }, khz[1] = { 350000 };
    static const uint64_t c[1] = { 100 };
    schedule(1, d, c, khz);
    cfg.dvfs_halt_ns = 0;
    gs_clocks_init(&clk, &cfg);
    GS_CHECK_EQ(1, gs_clocks_apply_due(&clk, 100, NULL));
    GS_CHECK_EQ(142900u, gs_clocks_core_edge_ps(&clk, 100));
    GS_CHECK_EQ(142900u + 2857u, gs_clocks_core_edge_ps(&clk, 101));
    GS_CHECK_EQ(0u, report(101, "dvfs_core_halted_ps"));
}

static void test_voltage_scaling(void)
{
    static const uint32_t d[2] = { GS_DVFS_CORE, GS_DVFS_L2 }, khz[2] = { 350000, 350000 };
    static const uint64_t c[2] = { 100, 100 };
    const uint64_t at_change[GS_ENERGY_DYN_PARTS] = { 1000, 500, 20, 30 };
    const uint64_t at_end[GS_ENERGY_DYN_PARTS] = { 3003, 1500, 27, 39 };
    uint64_t out[GS_ENERGY_DYN_PARTS];
    schedule(2, d, c, khz);
    cfg.energy = 1;
    cfg.dvfs_vf[GS_DVFS_CORE].count = 2;
    cfg.dvfs_vf[GS_DVFS_CORE].khz[0] = 700000;
    cfg.dvfs_vf[GS_DVFS_CORE].mv[0] = 1000;
    cfg.dvfs_vf[GS_DVFS_CORE].khz[1] = 350000;
    cfg.dvfs_vf[GS_DVFS_CORE].mv[1] = 800;
    gs_clocks_init(&clk, &cfg);
    GS_CHECK_EQ(1, clk.scale_energy);
    GS_CHECK_EQ(1000u, clk.mv_nominal[GS_DVFS_CORE]);
    gs_clocks_scaled_dynamic(&clk, at_change, out);   /* nominal before any change */
    GS_CHECK_EQ(1000u, out[GS_ENERGY_DYN_CORE]);
    GS_CHECK_EQ((1 << GS_DVFS_CORE) | (1 << GS_DVFS_L2),
                gs_clocks_apply_due(&clk, 100, at_change));
    GS_CHECK_EQ(800u, clk.mv_now[GS_DVFS_CORE]);
    gs_clocks_scaled_dynamic(&clk, at_end, out);
    GS_CHECK_EQ(1000u + 1281u, out[GS_ENERGY_DYN_CORE]);   /* 2003 x 0.64 = 1281.92 */
    GS_CHECK_EQ(500u + 640u, out[GS_ENERGY_DYN_L1D]);      /* the L1D is in the core domain */
    GS_CHECK_EQ(27u, out[GS_ENERGY_DYN_ICNT]);
    GS_CHECK_EQ(39u, out[GS_ENERGY_DYN_L2]);               /* changed, but no table */
    cfg.energy = 0;   /* the energy model off: nothing to scale */
    gs_clocks_init(&clk, &cfg);
    GS_CHECK_EQ(0, clk.scale_energy);
}

/* Each memory domain's table scales its own part only: icnt at 500 mV of 1000
 * (0.25), the L2 at 1200 of 1000 (1.44). */
static void test_voltage_per_domain(void)
{
    static const uint32_t d[2] = { GS_DVFS_ICNT, GS_DVFS_L2 }, khz[2] = { 700000, 1400000 };
    static const uint64_t c[2] = { 10, 20 };
    const uint64_t at10[GS_ENERGY_DYN_PARTS] = { 5, 5, 100, 100 };
    const uint64_t at20[GS_ENERGY_DYN_PARTS] = { 9, 9, 200, 200 };
    const uint64_t end[GS_ENERGY_DYN_PARTS] = { 11, 11, 300, 300 };
    uint64_t out[GS_ENERGY_DYN_PARTS];
    gs_dvfs_vf *icnt, *l2;
    schedule(2, d, c, khz);
    cfg.energy = 1;
    icnt = &cfg.dvfs_vf[GS_DVFS_ICNT];
    l2 = &cfg.dvfs_vf[GS_DVFS_L2];
    icnt->count = l2->count = 2;
    icnt->khz[0] = 1400000;
    icnt->mv[0] = 1000;
    icnt->khz[1] = 700000;
    icnt->mv[1] = 500;
    l2->khz[0] = 700000;
    l2->mv[0] = 1000;
    l2->khz[1] = 1400000;
    l2->mv[1] = 1200;
    gs_clocks_init(&clk, &cfg);
    GS_CHECK_EQ(1 << GS_DVFS_ICNT, gs_clocks_apply_due(&clk, 10, at10));
    GS_CHECK_EQ(1 << GS_DVFS_L2, gs_clocks_apply_due(&clk, 20, at20));
    gs_clocks_scaled_dynamic(&clk, end, out);
    GS_CHECK_EQ(11u, out[GS_ENERGY_DYN_CORE]);
    GS_CHECK_EQ(11u, out[GS_ENERGY_DYN_L1D]);
    GS_CHECK_EQ(100u + 50u, out[GS_ENERGY_DYN_ICNT]);    /* 200 x 0.25 from cycle 10 */
    GS_CHECK_EQ(200u + 144u, out[GS_ENERGY_DYN_L2]);     /* 100 x 1.44 from cycle 20 */
}

int main(void)
{
    GS_RUN(test_no_schedule);
    GS_RUN(test_core_change_halts_exactly);
    GS_RUN(test_l2_change_during_halt);
    GS_RUN(test_end_in_halt_and_one_instant);
    GS_RUN(test_zero_halt);
    GS_RUN(test_voltage_scaling);
    GS_RUN(test_voltage_per_domain);
    return gs_check_report();
}
