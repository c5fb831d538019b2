/*
 * Driving one mechanism by hand in unit tests (src/mech/): read a statistic
 * its report gives, from a mechanism state the test holds.
 */
#ifndef GS_TESTS_MECH_HARNESS_H
#define GS_TESTS_MECH_HARNESS_H

#include <string.h>

#include "check.h"
#include "mech/mech.h"

/* The value of statistic `name` in ops's report of `state`; all ones when absent. */
static inline uint64_t mh_stat(const gs_mech_ops *ops, const void *state, const char *name)
{
    static unsigned char buffer[1u << 16];
    gs_stats stats;
    gs_arena arena;
    gs_diag diag;
    const gs_stat_entry *e;
    gs_arena_init(&arena, buffer, sizeof buffer);
    if (gs_stats_init(&stats, &arena, 64u, &diag) != GS_OK)
        return ~(uint64_t)0;
    ops->report(state, &stats);
    e = gs_stats_find(&stats, name);
    return e ? e->value : ~(uint64_t)0;
}

/* Defaults for one SM of `warps` warps with the memory system. */
static inline void mh_config_one_sm(gs_config *cfg, unsigned warps)
{
    gs_config_defaults(cfg);
    cfg->n_clusters = 1;
    cfg->n_cores_per_cluster = 1;
    cfg->max_threads_per_sm = warps * cfg->warp_size;
    cfg->perfect_mem = 0;
}

/* Fire the wake the mechanism asked for, which must be at `cycle`, as the
 * bus does: the register cleared, then an EPOCH by wake. */
static inline void mh_wake(const gs_mech_hooks *hooks, void *state, uint64_t cycle)
{
    gs_event ev;
    GS_CHECK_EQ(cycle, *hooks->sub.wake_at);
    *hooks->sub.wake_at = GS_WAKE_NONE;
    gs_event_clear(&ev, GS_EV_EPOCH, GS_DOMAIN_CORE, cycle);
    ev.outcome = GS_EPOCH_BY_WAKE;
    hooks->sub.fn(state, &ev);
}

/* One SM of `warps` warps (at most 64) under one GTO scheduler: the test's
 * scheduler `sched`, whose steering masks the mechanism sets (mh_sched_of
 * hands it out for every SM and scheduler), warps added in slot order with
 * ages 0, 1, ... (warp 0 the oldest); env names it for the mechanism's init. */
static gs_sched *mh_sched;

static inline gs_sched *mh_sched_of(void *machine, uint32_t sm, uint32_t s)
{
    (void)machine;
    (void)sm;
    (void)s;
    return mh_sched;
}

static inline gs_status mh_one_sm(gs_mech_env *env, const gs_config *cfg, gs_sched *sched,
                                  unsigned warps, gs_diag *diag)
{
    static unsigned char arena_mem[4096];
    gs_sched_params p;
    gs_arena arena;
    gs_status st;
    unsigned w;
    memset(env, 0, sizeof *env);
    env->cfg = cfg;
    env->n_sms = 1;
    env->scheds_per_sm = 1;
    env->warps_per_sm = warps;
    env->sched_of = mh_sched_of;
    mh_sched = sched;
    memset(&p, 0, sizeof p);
    p.policy = (uint32_t)gs_sched_policy_find("gto");
    p.num_slots = warps;
    gs_arena_init(&arena, arena_mem, sizeof arena_mem);
    if ((st = gs_sched_init(sched, &p, &arena, diag)) != GS_OK)
        return st;
    for (w = 0; w < warps; w++)
        gs_sched_warp_add(sched, w, w);
    return GS_OK;
}

#endif
