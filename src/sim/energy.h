/*
 * The energy model by event count (sim/energy.c; issue 25 item 1): per-unit
 * energy, the total, EDP and ED^2P from a run's counters, in integers.
 */
#ifndef GS_SIM_ENERGY_H
#define GS_SIM_ENERGY_H

#include <stdint.h>

#include "base/config.h"
#include "base/stats.h"
#include "mem/memsys.h"

/* The dynamic parts a DVFS domain's voltage scales (sim/dvfs.h): the SMs'
 * instructions and the L1D in the core domain, the crossbar, the L2. */
enum { GS_ENERGY_DYN_CORE = 0, GS_ENERGY_DYN_L1D, GS_ENERGY_DYN_ICNT, GS_ENERGY_DYN_L2,
       GS_ENERGY_DYN_PARTS };

/* What the model counts: the SMs' part and the memory system's. */
typedef struct gs_energy_counts {
    uint64_t cycles;            /* core cycles of the run */
    uint64_t time_ps;           /* the run's simulated time (sim/dvfs.h: the edge after
                                 * its last cycle; cycles x the core period without DVFS) */
    uint64_t nominal_ps;        /* cycles x the nominal core period; when time_ps differs
                                 * (DVFS), leakage scales by time_ps / nominal_ps (0: never) */
    uint64_t sms;
    uint64_t warp_insts;        /* committed warp instructions */
    uint64_t thread_insts;      /* committed thread instructions (active lanes) */
    gs_memsys_energy_counts mem;   /* zero with -gpgpu_perfect_mem 1 */
    int scaled;                 /* 1: dyn_fj replaces the nominal dynamic parts (DVFS with a
                                 * voltage-frequency table: each part x (V / V_nominal)^2) */
    uint64_t dyn_fj[GS_ENERGY_DYN_PARTS];
} gs_energy_counts;

/* Femtojoules per unit (leakage included), their leakage part, the total;
 * the simulated time in ps; EDP in nJ x us and ED^2P in nJ x us^2. */
typedef struct gs_energy {
    uint64_t core, l1d, l2, icnt, dram, leakage, total;
    uint64_t time_ps, edp, ed2p;
    uint64_t l2_active_permille;   /* seed-003 Eq. 27: the L2's active ways over the run */
} gs_energy;

void gs_energy_compute(const gs_config *cfg, const gs_energy_counts *counts, gs_energy *out);
/* The dynamic parts at the nominal voltage, femtojoules (saturating). */
void gs_energy_dynamic(const gs_config *cfg, const gs_energy_counts *counts,
                       uint64_t out[GS_ENERGY_DYN_PARTS]);
/* floor(a x b / d) over 128 bits, saturated at 2^64 - 1 (d > 0). */
uint64_t gs_energy_mul_div(uint64_t a, uint64_t b, uint64_t d);

/* Statistics entries (0 with -gs_energy 0) and the report (energy_*). */
uint32_t gs_energy_stats_count(const gs_config *cfg);
void gs_energy_report(const gs_config *cfg, const gs_energy_counts *counts, gs_stats *stats);

#endif
