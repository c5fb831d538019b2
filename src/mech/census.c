/*
 * census: counts every event the machine emits, by kind (DESIGN.md section
 * 7). A debugging mechanism and the extension points' own check: each count
 * equals a statistic the units keep independently (census_l1d_access
 * = L1D accesses + reservation fails, census_dram_command = the DRAM
 * commands, census_warp_commit = the committed warp instructions, ...;
 * tests/test_mech_census.py holds them side by side). It steers nothing.
 *
 * Statistics: census_<kind> for every kind of base/event.h, in list order,
 * and census_l1d_access_<outcome> / census_l2_access_<outcome> split by
 * outcome (hit, hit_reserved, miss, reservation_fail).
 */
#include "mech/mech.h"


#define CENSUS_OUTCOMES 4u

typedef struct census_state {
    uint64_t by_kind[GS_EV_COUNT];
    uint64_t l1d_outcome[CENSUS_OUTCOMES];
    uint64_t l2_outcome[CENSUS_OUTCOMES];
} census_state;

static const char *const kind_stat[GS_EV_COUNT] = {
#define CENSUS_NAME(name, text) "census_" text,
    GS_EVENT_KINDS(CENSUS_NAME)
#undef CENSUS_NAME
};

static const char *const l1d_stat[CENSUS_OUTCOMES] = {
    "census_l1d_access_hit", "census_l1d_access_hit_reserved", "census_l1d_access_miss",
    "census_l1d_access_reservation_fail"
};

static const char *const l2_stat[CENSUS_OUTCOMES] = {
    "census_l2_access_hit", "census_l2_access_hit_reserved", "census_l2_access_miss",
    "census_l2_access_reservation_fail"
};

static void census_event(void *ctx, const gs_event *ev)
{
    census_state *s = ctx;
    s->by_kind[ev->kind]++;
    if (ev->kind == GS_EV_L1D_ACCESS && ev->outcome < CENSUS_OUTCOMES)
        s->l1d_outcome[ev->outcome]++;
    if (ev->kind == GS_EV_L2_ACCESS && ev->outcome < CENSUS_OUTCOMES)
        s->l2_outcome[ev->outcome]++;
}

static size_t census_bytes(const gs_config *cfg)
{
    (void)cfg;
    return sizeof(census_state);
}

static gs_status census_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                             gs_diag *diag)
{
    (void)state;
    (void)env;
    (void)diag;
    hooks->sub.fn = census_event;
    hooks->sub.kinds = GS_EVENT_ALL & ~GS_EVENT_BIT(GS_EV_EPOCH);   /* it asks for no epochs */
    return GS_OK;
}

static uint32_t census_stats_count(const gs_config *cfg)
{
    (void)cfg;
    return GS_EV_COUNT - 1u + 2u * CENSUS_OUTCOMES;   /* every kind but EPOCH */
}

static void census_report(const void *state, gs_stats *stats)
{
    const census_state *s = state;
    uint32_t i;
    for (i = 0; i < GS_EV_COUNT; i++)
        if (i != GS_EV_EPOCH)
            gs_stats_put_count(stats, kind_stat[i], s->by_kind[i]);
    for (i = 0; i < CENSUS_OUTCOMES; i++)
        gs_stats_put_count(stats, l1d_stat[i], s->l1d_outcome[i]);
    for (i = 0; i < CENSUS_OUTCOMES; i++)
        gs_stats_put_count(stats, l2_stat[i], s->l2_outcome[i]);
}

const gs_mech_ops gs_mech_census_ops = {
    "census", "counts every event by kind (census_<kind>): a check of the event bus",
    census_bytes, census_init, census_stats_count, census_report
};
