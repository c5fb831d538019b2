/*
 * The GPU's clock domains in integer picoseconds, with frequencies that
 * change at run time: DVFS (issue 25 item 4; seed-003 section 5.3, whose
 * DyFR changes the GPU's and the L3/NoC's frequencies each period, and
 * Table 16's PLL lock time of 10 us). README "DVFS".
 *
 * Edges. Core cycle c has its edge at core_base_ps + (c - core_base_cycle)
 * x P_core (without a change: c x P_core); each memory domain keeps its next
 * edge and adds its period after each. Before core cycle c, every memory
 * edge earlier than c's edge runs, in time order (sim/gpu.h).
 *
 * A change (-gs_dvfs_schedule DOMAIN@CYCLE=MHZ) is applied at the start of
 * core cycle CYCLE, after the memory edges before that cycle's edge ran; its
 * instant T is that edge's time. The changed domain halts for
 * -gs_dvfs_halt_ns (the PLL relocks): it has no edge in [T, T + halt), its
 * first edge at the new frequency is at T + halt and the next ones a new
 * period apart. A core change moves cycle CYCLE itself to T + halt (the SMs
 * stand still while the memory domains keep their edges); an icnt or L2
 * change cancels that domain's edges at or after T. Changes at one cycle
 * apply in the schedule's order, which a config keeps sorted by cycle, then
 * domain (core, icnt, l2): the order is fixed whatever the option's order.
 * The DRAM clock is the devices' command clock, whose timings are in its
 * cycles: it is not a DVFS domain (seed-003's "memory controllers" domain
 * is the L2/NoC side here).
 *
 * Time-based accounting: the time each domain ran at each frequency and the
 * time it was halted, and the run's simulated time (the edge of the cycle
 * after the last), which the energy model and the bandwidth statistics use.
 *
 * Voltage (-gs_dvfs_<domain>_vf MHZ:MV,...): with the energy model on, a
 * domain with a table has its dynamic energy scaled by (V / V_nominal)^2,
 * dynamic power being C V^2 f: the energy of each event is C V^2, and f sets
 * only how many events fit in a second (sim/energy.h's parts: the SMs'
 * instructions and the L1D in the core domain, the crossbar, the L2). Each
 * interval between two changes of a domain is scaled by its voltage, the
 * result rounded down once per interval. Leakage stays per cycle and the
 * DRAM is not scaled. A domain halted for the PLL lock draws no dynamic
 * energy (it has no events).
 */
#ifndef GS_SIM_DVFS_H
#define GS_SIM_DVFS_H

#include <stdint.h>

#include "base/config.h"
#include "base/stats.h"
#include "sim/energy.h"

typedef struct gs_clocks {
    uint64_t period_ps[4];        /* core, icnt, l2, dram: now */
    uint64_t next_edge_ps[4];     /* the memory domains' next edge (index 1..3) */
    uint64_t core_base_ps;        /* core edge c: core_base_ps + (c - core_base_cycle) x P_core */
    uint64_t core_base_cycle;
    /* DVFS; without a schedule next_cycle is ~0 and nothing below changes */
    const gs_dvfs_schedule *schedule;
    uint32_t next;                /* the schedule's next change */
    uint64_t next_cycle;          /* its core cycle (~0: none left) */
    uint64_t halt_ps;
    uint64_t applied;
    uint64_t halted_ps[GS_DVFS_DOMAINS];
    uint64_t since_ps[GS_DVFS_DOMAINS];   /* the domain runs at its setting from here */
    uint32_t cur[GS_DVFS_DOMAINS];        /* its setting: 0 nominal, i + 1 change i */
    /* time run at each setting to since_ps (the report sums them by frequency) */
    uint64_t nominal_ps[GS_DVFS_DOMAINS], change_ps[GS_DVFS_MAX_CHANGES];
    /* voltage scaling of the energy model's dynamic parts (scale_energy: -gs_energy 1
     * and a table for some domain); the parts' nominal femtojoules at each domain's
     * last change (mark) and the scaled ones before it */
    int scale_energy;
    const gs_dvfs_vf *vf;          /* [GS_DVFS_DOMAINS] */
    uint32_t mv_nominal[GS_DVFS_DOMAINS], mv_now[GS_DVFS_DOMAINS];
    uint32_t nominal_khz[GS_DVFS_DOMAINS];
    uint64_t dyn_mark[GS_ENERGY_DYN_PARTS], dyn_scaled[GS_ENERGY_DYN_PARTS];
} gs_clocks;

void gs_clocks_init(gs_clocks *clk, const gs_config *cfg);

/* The time of core cycle `cycle`'s edge (cycle >= core_base_cycle); inline:
 * the cycle loop asks it every cycle. */
static inline uint64_t gs_clocks_core_edge_ps(const gs_clocks *clk, uint64_t cycle)
{
    return clk->core_base_ps + (cycle - clk->core_base_cycle) * clk->period_ps[0];
}

/* Apply the changes due at core cycle `cycle` (next_cycle <= cycle): the
 * set of domains changed, bit GS_DVFS_<domain>. A core change moved the
 * cycle's edge later: the memory edges before the new one must run before
 * the cycle does. dyn_now: the energy model's nominal dynamic parts now,
 * when scale_energy (else NULL). */
int gs_clocks_apply_due(gs_clocks *clk, uint64_t cycle, const uint64_t *dyn_now);

/* The dynamic parts scaled by each interval's voltage, given them now at the
 * nominal voltage (scale_energy only). */
void gs_clocks_scaled_dynamic(const gs_clocks *clk, const uint64_t *dyn_now, uint64_t *out);

/* The statistics (dvfs_ prefix; only with a schedule), the run ending at
 * core cycle end_cycle's edge. */
uint32_t gs_clocks_stats_count(const gs_config *cfg);
void gs_clocks_report(const gs_clocks *clk, uint64_t end_cycle, gs_stats *stats);

#endif
