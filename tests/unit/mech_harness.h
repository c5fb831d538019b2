/*
 * Driving one mechanism by hand in unit tests (src/mech/): read a statistic
 * its report gives, from a mechanism state the test holds.
 */
#ifndef GS_TESTS_MECH_HARNESS_H
#define GS_TESTS_MECH_HARNESS_H

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

#endif
