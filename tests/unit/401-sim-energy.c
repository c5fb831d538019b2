/*
 * The energy model's sums (src/sim/energy.c; issue 25 item 1) on hand-made
 * counts, every term checked by hand: the core, L1D, L2, crossbar and DRAM
 * energy with their leakage, the total, the simulated time, EDP and ED^2P;
 * leakage for the simulated time when DVFS changed it from the nominal;
 * saturation at 2^64 - 1; the 128-bit multiply-divide exactly (products
 * past 2^64, and a quotient past it saturating); the report's names and
 * its absence with -gs_energy 0.
 */
#include <string.h>

#include "check.h"
#include "sim/energy.h"

static gs_config cfg;

static void coefficients(void)
{
    gs_config_defaults(&cfg);
    cfg.energy = 1;
    cfg.energy_warp_inst_fj = 10;
    cfg.energy_thread_inst_fj = 3;
    cfg.energy_l1_word_fj = 7;
    cfg.energy_l2_word_fj = 11;
    cfg.energy_icnt_flit_fj = 5;
    cfg.energy_dram_word_fj = 1000;
    cfg.energy_dram_act_fj = 200;
    cfg.energy_sm_leak_fj = 2;
    cfg.energy_l1_way_leak_fj = 1;
    cfg.energy_l2_way_leak_fj = 4;
    cfg.energy_dram_leak_fj = 6;
}

static void counts(gs_energy_counts *n)
{
    memset(n, 0, sizeof *n);
    n->cycles = 1000;
    n->time_ps = 1000000;        /* 1000 cycles at 1 GHz: 1 us */
    n->sms = 2;
    n->warp_insts = 50;
    n->thread_insts = 1600;
    n->mem.l1_accesses = 30;     /* hits + miss lookups + fills */
    n->mem.l1_line_bytes = 128;  /* 16 words */
    n->mem.l1_way_cycles = 8000; /* 2 SMs x 4 ways x 1000 cycles */
    n->mem.l2_accesses = 12;
    n->mem.l2_line_bytes = 64;   /* 8 words */
    n->mem.l2_way_cycles = 20000;
    n->mem.l2_ways = 32;         /* 2 slices x 16 ways: 20000 of 32000 way-cycles */
    n->mem.icnt_flits = 90;
    n->mem.dram_bursts = 9;
    n->mem.dram_burst_bytes = 32;   /* 4 words */
    n->mem.dram_acts = 3;
    n->mem.dram_channels = 2;
}

static void test_sums(void)
{
    gs_energy_counts n;
    gs_energy e;
    coefficients();
    counts(&n);
    gs_energy_compute(&cfg, &n, &e);
    /* core: 50 x 10 + 1600 x 3 + 2 SMs x 1000 cycles x 2 = 500 + 4800 + 4000 */
    GS_CHECK_EQ(9300u, e.core);
    /* L1D: 30 x 16 words x 7 + 8000 x 1 = 3360 + 8000 */
    GS_CHECK_EQ(11360u, e.l1d);
    /* L2: 12 x 8 x 11 + 20000 x 4 = 1056 + 80000 */
    GS_CHECK_EQ(81056u, e.l2);
    GS_CHECK_EQ(450u, e.icnt);                          /* 90 x 5 */
    /* DRAM: 9 x 4 x 1000 + 3 x 200 + 2 channels x 1000 x 6 = 36000 + 600 + 12000 */
    GS_CHECK_EQ(48600u, e.dram);
    GS_CHECK_EQ(4000u + 8000u + 80000u + 12000u, e.leakage);
    GS_CHECK_EQ(9300u + 11360u + 81056u + 450u + 48600u, e.total);
    GS_CHECK_EQ(1000000u, e.time_ps);
    /* EDP = 150766 fJ x 10^6 ps / 10^12 = 0.150766 nJ x us: 0 (rounded down) */
    GS_CHECK_EQ(0u, e.edp);
    GS_CHECK_EQ(0u, e.ed2p);
    GS_CHECK_EQ(625u, e.l2_active_permille);            /* 20000 x 1000 / 32000 */
    /* 1 ms instead (1000 us): the SM and DRAM leakage x 1000 (the way-cycles are
     * counts of their own); EDP = total / 10^6 nJ x 1000 us, rounded down;
     * ED^2P = EDP x 1000 us */
    n.cycles = 1000000;
    n.time_ps = 1000000000;
    gs_energy_compute(&cfg, &n, &e);
    GS_CHECK_EQ(500u + 4800u + 4000000u + 3360u + 8000u + 1056u + 80000u + 450u +
                36000u + 600u + 12000000u, e.total);
    GS_CHECK_EQ(16134u, e.edp);                        /* 16134766 fJ / 10^6 x 1000 */
    GS_CHECK_EQ(16134766u, e.ed2p);                    /* 16.134766 nJ x 10^6 us^2 */
    /* DVFS: 1000 cycles that took 3 us instead of their nominal 1 us leak for 3 us */
    counts(&n);
    n.nominal_ps = 1000000;
    n.time_ps = 3000000;
    gs_energy_compute(&cfg, &n, &e);
    GS_CHECK_EQ(12000u + 24000u + 240000u + 36000u, e.leakage);
    GS_CHECK_EQ(500u + 4800u + 12000u, e.core);
    n.time_ps = 1000000;   /* the nominal time: nothing scales */
    gs_energy_compute(&cfg, &n, &e);
    GS_CHECK_EQ(4000u + 8000u + 80000u + 12000u, e.leakage);
}

static void test_saturation(void)
{
    gs_energy_counts n;
    gs_energy e;
    coefficients();
    counts(&n);
    cfg.energy_thread_inst_fj = 0xFFFFFFFFu;
    n.thread_insts = UINT64_MAX / 2u;
    gs_energy_compute(&cfg, &n, &e);
    GS_CHECK_EQ(UINT64_MAX, e.core);
    GS_CHECK_EQ(UINT64_MAX, e.total);
    GS_CHECK_EQ(11360u, e.l1d);                        /* the others unaffected */
}

static void test_mul_div(void)
{
    GS_CHECK_EQ(6u, gs_energy_mul_div(4, 3, 2));
    GS_CHECK_EQ(1u, gs_energy_mul_div(2, 3, 4));       /* rounded down */
    /* (2^63 + 1) x 6 / 4: the product needs 66 bits */
    GS_CHECK_EQ(0xC000000000000001ull, gs_energy_mul_div(0x8000000000000001ull, 6u, 4u));
    GS_CHECK_EQ(0xFFFFFFFFFFFFFFFEull, gs_energy_mul_div(UINT64_MAX, UINT64_MAX - 1u, UINT64_MAX));
    GS_CHECK_EQ(12345678901234567ull, gs_energy_mul_div(12345678901234567ull, 1000000007ull,
                                                          1000000007ull));
    GS_CHECK_EQ(UINT64_MAX, gs_energy_mul_div(UINT64_MAX, 2u, 1u));   /* quotient too large */
    GS_CHECK_EQ(0x8000000000000000ull, gs_energy_mul_div(1ull << 40, 1ull << 40, 1ull << 17));
}

static void test_report(void)
{
    static unsigned char buffer[1u << 14];
    gs_energy_counts n;
    gs_stats stats;
    gs_arena arena;
    gs_diag diag;
    const gs_stat_entry *e;
    coefficients();
    counts(&n);
    GS_CHECK_EQ(11u, gs_energy_stats_count(&cfg));
    gs_arena_init(&arena, buffer, sizeof buffer);
    GS_CHECK_EQ(GS_OK, gs_stats_init(&stats, &arena, 16u, &diag));
    gs_energy_report(&cfg, &n, &stats);
    GS_CHECK((e = gs_stats_find(&stats, "energy_total_pj")) != NULL);
    GS_CHECK_EQ(150u, e->value);                       /* 150766 fJ */
    GS_CHECK((e = gs_stats_find(&stats, "energy_l2_pj")) != NULL);
    GS_CHECK_EQ(81u, e->value);                        /* 81056 fJ */
    GS_CHECK((e = gs_stats_find(&stats, "energy_l2_active_permille")) != NULL);
    GS_CHECK_EQ(625u, e->value);
    cfg.energy = 0;
    GS_CHECK_EQ(0u, gs_energy_stats_count(&cfg));
    gs_arena_init(&arena, buffer, sizeof buffer);
    GS_CHECK_EQ(GS_OK, gs_stats_init(&stats, &arena, 16u, &diag));
    gs_energy_report(&cfg, &n, &stats);
    GS_CHECK(gs_stats_find(&stats, "energy_total_pj") == NULL);
}

int main(void)
{
    GS_RUN(test_sums);
    GS_RUN(test_saturation);
    GS_RUN(test_mul_div);
    GS_RUN(test_report);
    return gs_check_report();
}
