/*
 * The GPU's clock domains and their run-time frequency changes (DVFS; see
 * sim/dvfs.h for the timing rules: seed-003 section 5.3 and Table 16).
 */
#include "sim/dvfs.h"

#include <string.h>

#include "base/fmt.h"

static const char *const domain_name[GS_DVFS_DOMAINS] = { "core", "icnt", "l2" };

/* The domain of each of the energy model's dynamic parts. */
static const uint32_t part_domain[GS_ENERGY_DYN_PARTS] = {
    GS_DVFS_CORE, GS_DVFS_CORE, GS_DVFS_ICNT, GS_DVFS_L2
};

/* The domain's voltage at khz (a config check made sure the table has it);
 * without a table, 0: nominal everywhere. */
static uint32_t mv_at(const gs_dvfs_vf *vf, uint32_t khz)
{
    uint32_t i;
    for (i = 0; i < vf->count; i++)
        if (vf->khz[i] == khz)
            return vf->mv[i];
    return 0;
}

/* x (femtojoules at the nominal voltage) at mv: x x mv^2 / nominal^2, down. */
static uint64_t at_voltage(uint64_t x, uint32_t mv, uint32_t nominal)
{
    if (mv == nominal)
        return x;
    return gs_energy_mul_div(x, (uint64_t)mv * mv, (uint64_t)nominal * nominal);
}

void gs_clocks_init(gs_clocks *clk, const gs_config *cfg)
{
    uint32_t d;
    memset(clk, 0, sizeof *clk);
    clk->period_ps[0] = gs_config_period_ps(cfg->clocks.core_khz);
    clk->period_ps[1] = gs_config_period_ps(cfg->clocks.icnt_khz);
    clk->period_ps[2] = gs_config_period_ps(cfg->clocks.l2_khz);
    clk->period_ps[3] = gs_config_period_ps(cfg->clocks.dram_khz);
    clk->schedule = &cfg->dvfs_schedule;
    clk->next_cycle = cfg->dvfs_schedule.count ? cfg->dvfs_schedule.at[0].cycle : ~(uint64_t)0;
    clk->halt_ps = (uint64_t)cfg->dvfs_halt_ns * 1000u;
    clk->vf = cfg->dvfs_vf;
    clk->nominal_khz[GS_DVFS_CORE] = cfg->clocks.core_khz;
    clk->nominal_khz[GS_DVFS_ICNT] = cfg->clocks.icnt_khz;
    clk->nominal_khz[GS_DVFS_L2] = cfg->clocks.l2_khz;
    for (d = 0; d < GS_DVFS_DOMAINS; d++) {
        clk->mv_nominal[d] = clk->mv_now[d] = mv_at(&cfg->dvfs_vf[d], clk->nominal_khz[d]);
        if (cfg->energy && cfg->dvfs_vf[d].count)
            clk->scale_energy = 1;
    }
}

/* Domain d changes to khz at instant t: its time so far is accounted, then
 * it halts for halt_ps. A change during a halt cuts that halt short. Its
 * dynamic energy since its last change is scaled by the voltage it ran at. */
static void account_change(gs_clocks *clk, uint32_t d, uint32_t khz, uint64_t t,
                           const uint64_t *dyn_now)
{
    uint64_t *run = clk->cur[d] ? &clk->change_ps[clk->cur[d] - 1u] : &clk->nominal_ps[d];
    uint32_t p;
    for (p = 0; dyn_now != NULL && p < GS_ENERGY_DYN_PARTS; p++)
        if (part_domain[p] == d) {
            uint64_t add = at_voltage(dyn_now[p] - clk->dyn_mark[p], clk->mv_now[d],
                                      clk->mv_nominal[d]);
            clk->dyn_scaled[p] = clk->dyn_scaled[p] > UINT64_MAX - add ? UINT64_MAX
                                                                       : clk->dyn_scaled[p] + add;
            clk->dyn_mark[p] = dyn_now[p];
        }
    if (clk->vf[d].count)
        clk->mv_now[d] = mv_at(&clk->vf[d], khz);
    if (t >= clk->since_ps[d])
        *run += t - clk->since_ps[d];
    else
        clk->halted_ps[d] -= clk->since_ps[d] - t;
    clk->halted_ps[d] += clk->halt_ps;
    clk->since_ps[d] = t + clk->halt_ps;
    clk->cur[d] = clk->next + 1u;   /* the change being applied */
}

int gs_clocks_apply_due(gs_clocks *clk, uint64_t cycle, const uint64_t *dyn_now)
{
    int changed = 0;
    uint64_t t = gs_clocks_core_edge_ps(clk, cycle);   /* one instant for all of them */
    while (clk->next_cycle <= cycle) {
        const gs_dvfs_change *ch = &clk->schedule->at[clk->next];
        uint64_t period = gs_config_period_ps(ch->khz);
        account_change(clk, ch->domain, ch->khz, t, dyn_now);
        changed |= 1 << ch->domain;
        if (ch->domain == GS_DVFS_CORE) {
            clk->core_base_ps = t + clk->halt_ps;   /* this cycle's edge, after the halt */
            clk->core_base_cycle = cycle;
            clk->period_ps[0] = period;
        } else {   /* icnt 1, l2 2: edges at or after t cancelled */
            clk->next_edge_ps[ch->domain] = t + clk->halt_ps;
            clk->period_ps[ch->domain] = period;
        }
        clk->applied++;
        clk->next++;
        clk->next_cycle = clk->next < clk->schedule->count ? clk->schedule->at[clk->next].cycle
                                                           : ~(uint64_t)0;
    }
    return changed;
}

void gs_clocks_scaled_dynamic(const gs_clocks *clk, const uint64_t *dyn_now, uint64_t *out)
{
    uint32_t p;
    for (p = 0; p < GS_ENERGY_DYN_PARTS; p++) {
        uint32_t d = part_domain[p];
        uint64_t tail = at_voltage(dyn_now[p] - clk->dyn_mark[p], clk->mv_now[d],
                                   clk->mv_nominal[d]);
        out[p] = clk->dyn_scaled[p] > UINT64_MAX - tail ? UINT64_MAX : clk->dyn_scaled[p] + tail;
    }
}

uint32_t gs_clocks_stats_count(const gs_config *cfg)
{
    /* per domain its halt and at most the nominal and one per change */
    return cfg->dvfs_schedule.count ? 3u + GS_DVFS_DOMAINS * 2u + cfg->dvfs_schedule.count : 0u;
}

void gs_clocks_report(const gs_clocks *clk, uint64_t end_cycle, gs_stats *stats)
{
    char name[GS_STAT_NAME_MAX];
    uint64_t end = gs_clocks_core_edge_ps(clk, end_cycle);
    uint32_t d, i, j;
    if (clk->schedule == NULL || clk->schedule->count == 0)
        return;
    gs_stats_put_count(stats, "dvfs_changes", clk->applied);
    gs_stats_put_count(stats, "dvfs_changes_not_reached", clk->schedule->count - clk->next);
    gs_stats_put_count(stats, "dvfs_sim_time_ps", end);
    for (d = 0; d < GS_DVFS_DOMAINS; d++) {
        /* the current frequency's time runs to the end; a halt past it is cut */
        uint64_t halted = clk->halted_ps[d];
        uint64_t tail = end > clk->since_ps[d] ? end - clk->since_ps[d] : 0u;
        if (end < clk->since_ps[d])
            halted -= clk->since_ps[d] - end;
        gs_fmt(name, sizeof name, "dvfs_%s_halted_ps", domain_name[d]);
        gs_stats_put_count(stats, name, halted);
        /* each frequency the domain ran at, in the order first set: the nominal
         * (setting 0), then the applied changes' (setting i + 1) */
        for (i = 0; i <= clk->next; i++) {
            uint32_t khz = i ? clk->schedule->at[i - 1u].khz : clk->nominal_khz[d];
            uint64_t ps = 0;
            if (i && clk->schedule->at[i - 1u].domain != d)
                continue;
            for (j = 0; j < i; j++)   /* a frequency set before: already reported */
                if ((j ? clk->schedule->at[j - 1u].domain == d &&
                         clk->schedule->at[j - 1u].khz == khz : clk->nominal_khz[d] == khz))
                    break;
            if (j < i)
                continue;
            for (j = 0; j <= clk->next; j++) {
                if (j && clk->schedule->at[j - 1u].domain != d)
                    continue;
                if ((j ? clk->schedule->at[j - 1u].khz : clk->nominal_khz[d]) != khz)
                    continue;
                ps += j ? clk->change_ps[j - 1u] : clk->nominal_ps[d];
                if (j == clk->cur[d])
                    ps += tail;
            }
            gs_fmt(name, sizeof name, "dvfs_%s_ps_at_%ukhz", domain_name[d], (unsigned)khz);
            gs_stats_put_count(stats, name, ps);
        }
    }
}
