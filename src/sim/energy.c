/*
 * The energy model (issue 25 item 1; seed-003 sections 6.6 and 8.1-A): energy
 * by event count, as GPUWattch and McPAT work, computed from the run's
 * counters when the statistics are reported (-gs_energy 1; off by default,
 * and then nothing here runs and no statistic changes).
 *
 *   core   = warp instructions x E_warp + thread instructions x E_thread
 *            + SMs x cycles x E_sm_leak
 *   L1D    = Eq. 25 accesses (hits + miss lookups + fills) x line words x E_l1_word
 *            + L1D way-cycles x E_l1_way_leak
 *   L2     = likewise with E_l2_word, and the L2's active way-cycles (RACR)
 *   icnt   = flits of both crossbars x E_flit
 *   DRAM   = RD/WR bursts x burst words x E_dram_word + ACTs x E_act
 *            + channels x cycles x E_dram_leak
 *
 * A word is 64 bits; cycles are core cycles; every coefficient is an option
 * in femtojoules (README "Energy model" gives each default's source), and
 * the sums are femtojoules, reported in picojoules rounded down. All
 * arithmetic is integer: a product that would pass 2^64 - 1 saturates there,
 * so the figures are the same bytes on every host. EDP and ED^2P use the
 * simulated time, the core edge after the run's last cycle (core cycles x
 * the core clock's period; with DVFS, sim/dvfs.h, the halts and changed
 * periods included): EDP in nJ x us, ED^2P in nJ x us^2, each rounded down
 * (ED^2P within one unit of the exact floor for runs under a simulated
 * second). With DVFS, a voltage table scales the dynamic parts by
 * (V / V_nominal)^2 (sim/dvfs.h), and leakage, per nominal core cycle,
 * scales by the simulated time over the nominal time of the run's cycles
 * (a slower or halted clock still leaks). energy_l2_active_permille is the
 * L2's active way-cycles over all its way-cycles (seed-003 Eq. 27, the
 * thesis's proxy for leakage), 1000 when no way was ever switched off.
 */
#include "sim/energy.h"

#include "fp/fpmath_soft.h"
#include "mem/memsys.h"

#define ENERGY_STATS 11u

uint32_t gs_energy_stats_count(const gs_config *cfg)
{
    return cfg->energy ? ENERGY_STATS : 0u;
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    return (a != 0 && b > UINT64_MAX / a) ? UINT64_MAX : a * b;
}

/* floor(a x b / d), exact over 128 bits, saturated at 2^64 - 1 (d > 0). */
uint64_t gs_energy_mul_div(uint64_t a, uint64_t b, uint64_t d)
{
    gs_u128 product = gs_u128_mul64(a, b);   /* the soft-float layer's exact product */
    uint64_t hi = product.hi, lo = product.lo;
    uint64_t q = 0, r = 0;
    int bit;
    if (hi >= d)
        return UINT64_MAX;   /* the quotient needs more than 64 bits */
    /* long division of (hi:lo) by d, one bit at a time; r < d throughout */
    r = hi;
    for (bit = 63; bit >= 0; bit--) {
        uint64_t top = r >> 63;
        r = (r << 1) | ((lo >> bit) & 1u);
        q <<= 1;
        if (top || r >= d) {
            r -= d;
            q |= 1u;
        }
    }
    return q;
}

void gs_energy_dynamic(const gs_config *cfg, const gs_energy_counts *n,
                       uint64_t out[GS_ENERGY_DYN_PARTS])
{
    const gs_memsys_energy_counts *m = &n->mem;
    out[GS_ENERGY_DYN_CORE] = sat_add(sat_mul(n->warp_insts, cfg->energy_warp_inst_fj),
                                      sat_mul(n->thread_insts, cfg->energy_thread_inst_fj));
    out[GS_ENERGY_DYN_L1D] = sat_mul(sat_mul(m->l1_accesses, m->l1_line_bytes / 8u),
                                     cfg->energy_l1_word_fj);
    out[GS_ENERGY_DYN_ICNT] = sat_mul(m->icnt_flits, cfg->energy_icnt_flit_fj);
    out[GS_ENERGY_DYN_L2] = sat_mul(sat_mul(m->l2_accesses, m->l2_line_bytes / 8u),
                                    cfg->energy_l2_word_fj);
}

void gs_energy_compute(const gs_config *cfg, const gs_energy_counts *n, gs_energy *e)
{
    const gs_memsys_energy_counts *m = &n->mem;
    uint64_t burst_words = m->dram_burst_bytes / 8u;
    uint64_t leak_sm = sat_mul(sat_mul(n->sms, n->cycles), cfg->energy_sm_leak_fj);
    uint64_t leak_l1 = sat_mul(m->l1_way_cycles, cfg->energy_l1_way_leak_fj);
    uint64_t leak_l2 = sat_mul(m->l2_way_cycles, cfg->energy_l2_way_leak_fj);
    uint64_t leak_dram = sat_mul(sat_mul(m->dram_channels, n->cycles), cfg->energy_dram_leak_fj);
    uint64_t nominal[GS_ENERGY_DYN_PARTS];
    if (n->nominal_ps != 0 && n->time_ps != n->nominal_ps) {
        /* leakage is power x time: the coefficients are per nominal core cycle, and a
         * run whose clocks changed (halts included) leaks for its simulated time */
        leak_sm = gs_energy_mul_div(leak_sm, n->time_ps, n->nominal_ps);
        leak_l1 = gs_energy_mul_div(leak_l1, n->time_ps, n->nominal_ps);
        leak_l2 = gs_energy_mul_div(leak_l2, n->time_ps, n->nominal_ps);
        leak_dram = gs_energy_mul_div(leak_dram, n->time_ps, n->nominal_ps);
    }
    const uint64_t *dyn = n->scaled ? n->dyn_fj : nominal;
    gs_energy_dynamic(cfg, n, nominal);
    e->core = sat_add(dyn[GS_ENERGY_DYN_CORE], leak_sm);
    e->l1d = sat_add(dyn[GS_ENERGY_DYN_L1D], leak_l1);
    e->l2 = sat_add(dyn[GS_ENERGY_DYN_L2], leak_l2);
    e->icnt = dyn[GS_ENERGY_DYN_ICNT];
    e->dram = sat_add(sat_add(sat_mul(sat_mul(m->dram_bursts, burst_words),
                                      cfg->energy_dram_word_fj),
                              sat_mul(m->dram_acts, cfg->energy_dram_act_fj)), leak_dram);
    e->leakage = sat_add(sat_add(leak_sm, leak_l1), sat_add(leak_l2, leak_dram));
    e->total = sat_add(sat_add(sat_add(e->core, e->l1d), sat_add(e->l2, e->icnt)), e->dram);
    e->time_ps = n->time_ps;
    /* EDP: fJ x ps / 10^12 = nJ x us. ED^2P: (fJ x ps / 10^6) x ps / 10^12 = nJ x
     * us^2, the first quotient's floor costing less than t / 10^12 < 1 unit for a
     * run under a second */
    e->edp = gs_energy_mul_div(e->total, e->time_ps, 1000000000000ull);
    e->ed2p = gs_energy_mul_div(gs_energy_mul_div(e->total, e->time_ps, 1000000u), e->time_ps,
                                1000000000000ull);
    e->l2_active_permille = (m->l2_ways && n->cycles)
        ? gs_energy_mul_div(m->l2_way_cycles, 1000u, sat_mul(m->l2_ways, n->cycles)) : 0u;
}

void gs_energy_report(const gs_config *cfg, const gs_energy_counts *counts, gs_stats *stats)
{
    gs_energy e;
    if (!cfg->energy)
        return;
    gs_energy_compute(cfg, counts, &e);
    /* picojoules, each rounded down from the femtojoule sums (a study's
     * collector holds values up to 1.8 x 10^13: 18 J in pJ) */
    gs_stats_put_count(stats, "energy_core_pj", e.core / 1000u);
    gs_stats_put_count(stats, "energy_l1d_pj", e.l1d / 1000u);
    gs_stats_put_count(stats, "energy_l2_pj", e.l2 / 1000u);
    gs_stats_put_count(stats, "energy_icnt_pj", e.icnt / 1000u);
    gs_stats_put_count(stats, "energy_dram_pj", e.dram / 1000u);
    gs_stats_put_count(stats, "energy_leakage_pj", e.leakage / 1000u);
    gs_stats_put_count(stats, "energy_total_pj", e.total / 1000u);
    gs_stats_put_count(stats, "energy_time_ps", e.time_ps);
    gs_stats_put_count(stats, "energy_edp_nj_us", e.edp);
    gs_stats_put_count(stats, "energy_ed2p_nj_us2", e.ed2p);
    gs_stats_put_count(stats, "energy_l2_active_permille", e.l2_active_permille);
}
