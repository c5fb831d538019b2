/*
 * dbsa: Dynamically Bypassing Streaming Applications (seed-000 section 2.2,
 * the thesis's T 5.1 / 5.4 / Table 6.1). Every sampling period
 * (-gs_dbsa_period, 10K core cycles) it computes the miss rate of the L1Ds
 * and, separately, of the L2 over the period; a level whose miss rate is
 * above the threshold (-gs_dbsa_miss_threshold, 90%) is bypassed for the
 * next period, one whose miss rate is at or below it is used. While a level
 * is bypassed its controller stays on in tag-only mode: shadow tags of the
 * same geometry are looked up and updated by every bypassed request, so the
 * miss rate is still measured and the level comes back when it falls.
 * -gs_dbsa_levels picks L1, L2 or both (the study's DBSA-L1, -L2, -both).
 *
 * Decisions (seed-000 section 5.2; README "Decisions"):
 * - Scope (5.2-2): one decision per level for the whole GPU, from the
 *   counts of all L1Ds (all L2 slices) over the period: the thesis speaks of
 *   "the cache" and of applications (HS and CONV bypass L1, BLK bypasses
 *   both), and leaves fine-grained bypass as future work.
 * - What counts (5.2-3): the requests a bypass can affect, the ones the
 *   decider is asked about (base/event.h): loads of global and local data
 *   at the L1, reads at the L2. An access is a HIT, a HIT_RESERVED (an MSHR
 *   merge: the data is coming, no new miss) or a MISS (sector misses
 *   included); a miss is a MISS. Reservation fails are retried and count
 *   once, when they succeed. Stores (write-evict L1, write-back L2) and
 *   atomics always use the caches. A period without an access keeps the
 *   level's state (nothing was measured).
 * - Tag-only mode (5.2-9): the shadow tags are separate from the real
 *   arrays and follow every load the level sees, also while it is used (its
 *   HIT / MISS events), so they are warm when a bypass starts; LRU, the
 *   level's set count, associativity, line size and set-index function, on
 *   the L2 the partition address (as the L2 slices index). Decision: the
 *   real cache is not touched at either switch. gpusim's caches hold no
 *   data (values come from the functional executor), so a re-enabled L1
 *   resumes with the lines it held when the bypass began; the thesis's
 *   tag-only hardware would have to invalidate them (its tags moved on
 *   without data): a warm restart is the difference, small against a
 *   streaming phase's turnover.
 * - In-flight requests (5.2-9): the decision is made per request when the
 *   level first sees it; requests already past it (MSHR entries, misses in
 *   flight) complete as they started, their fills allocate normally.
 * - Merging (5.2-9): a bypassed L1 request takes the L1-bypass path (as a
 *   .cg load) and merges with nothing; a bypassed L2 read goes to DRAM and
 *   its reply fills nothing (base/event.h BYPASS).
 * - Dirty L2 lines (5.2-9): only reads bypass the L2; writes and atomics
 *   keep using it, so it keeps the only dirty copy and needs no flush.
 *
 * Statistics (dbsa_ prefix, only when enabled): periods, and per level the
 * periods bypassed, switches, bypassed requests, shadow hits and misses.
 *
 * The logic is a core (mech/dbsa.h) that DWT-PRIC (mech/dwt_pric.c) drives
 * with its own periods; the `dbsa` mechanism below drives it with epochs.
 */
#include "mech/dbsa.h"

#include <string.h>

#include "base/set_index.h"
#include "mem/addrmap.h"
#include "mem/cache.h"

enum { LVL_L1 = 0, LVL_L2 = 1, LVLS = 2 };

typedef struct dbsa_level {
    int managed;                  /* -gs_dbsa_levels includes it */
    int bypassed;                 /* this period */
    uint32_t units, sets, ways;
    gs_set_index index;
    uint64_t *tags;               /* [units][sets][ways]: line address + 1, 0 empty */
    uint64_t *stamps;             /* [units][sets][ways]: last use, for LRU */
    uint64_t clock;               /* stamp source */
    uint64_t accesses, misses;    /* this period */
    /* statistics */
    uint64_t periods_bypassed, switches, bypassed_requests, shadow_hits, shadow_misses;
} dbsa_level;

struct gs_dbsa {
    dbsa_level lvl[LVLS];
    gs_addrmap map;               /* the L2 slices index the partition address */
    uint32_t threshold;           /* percent */
    uint64_t periods;
};

static int l1_managed(const gs_config *cfg)
{
    return cfg->dbsa_levels != GS_DBSA_L2;
}

static int l2_managed(const gs_config *cfg)
{
    return cfg->dbsa_levels != GS_DBSA_L1;
}

static size_t level_lines(const gs_cache_config *c, uint32_t units)
{
    return (size_t)units * c->n_sets * c->assoc;
}

size_t gs_dbsa_bytes(const gs_config *cfg)
{
    size_t lines = 0;
    if (l1_managed(cfg))
        lines += level_lines(&cfg->dl1, gs_config_n_sms(cfg));
    if (l2_managed(cfg))
        lines += level_lines(&cfg->dl2, gs_config_n_sub_partitions(cfg));
    return sizeof(gs_dbsa) + 2u * lines * sizeof(uint64_t);
}

/* Look the line up in unit's shadow set and update it (LRU; an empty way,
 * else the least recently used one, lowest way first); 1 on a hit. */
static int shadow_access(dbsa_level *l, uint32_t unit, uint64_t index_addr, uint64_t line_addr)
{
    uint32_t set = gs_set_index_lookup(&l->index, index_addr), w, victim = 0;
    size_t base = ((size_t)unit * l->sets + set) * l->ways;
    uint64_t tag = line_addr + 1u;
    l->clock++;
    for (w = 0; w < l->ways; w++) {
        if (l->tags[base + w] == tag) {
            l->stamps[base + w] = l->clock;
            return 1;
        }
        if (l->stamps[base + w] < l->stamps[base + victim])
            victim = w;
    }
    l->tags[base + victim] = tag;   /* an empty way has stamp 0: the oldest */
    l->stamps[base + victim] = l->clock;
    return 0;
}

static uint64_t l2_index_addr(const gs_dbsa *s, uint64_t line_addr)
{
    return gs_addrmap_partition_address(&s->map, line_addr);
}

/* Count one access of the period, and follow it in the shadow tags. */
static void count(gs_dbsa *s, unsigned lv, uint32_t unit, uint64_t addr, int miss_in_cache,
                  int from_cache)
{
    dbsa_level *l = &s->lvl[lv];
    uint64_t index_addr = lv == LVL_L2 ? l2_index_addr(s, addr) : addr;
    int hit;
    if (unit >= l->units)
        return;
    hit = shadow_access(l, unit, index_addr, addr);
    l->accesses++;
    if (from_cache) {
        l->misses += (uint64_t)miss_in_cache;
        return;
    }
    l->misses += (uint64_t)!hit;   /* tag-only mode: the shadow decides */
    if (hit)
        l->shadow_hits++;
    else
        l->shadow_misses++;
}

/* End of a sampling period: each managed level's state for the next one.
 * "if missrate > 90%: disable cache for the next period, else enable". */
void gs_dbsa_period_end(gs_dbsa *s)
{
    unsigned lv;
    s->periods++;
    for (lv = 0; lv < LVLS; lv++) {
        dbsa_level *l = &s->lvl[lv];
        int bypass;
        if (!l->managed)
            continue;
        bypass = l->bypassed;
        if (l->accesses > 0)   /* nothing measured: keep the state */
            bypass = l->misses * 100u > l->accesses * (uint64_t)s->threshold;
        if (bypass != l->bypassed)
            l->switches++;
        l->bypassed = bypass;
        l->periods_bypassed += (uint64_t)bypass;
        l->accesses = l->misses = 0;
    }
}

/* A period the driver does not let decide (DWT-PRIC while DWT-CS runs):
 * its counts go, the state stays. */
void gs_dbsa_period_skip(gs_dbsa *s)
{
    unsigned lv;
    for (lv = 0; lv < LVLS; lv++)
        s->lvl[lv].accesses = s->lvl[lv].misses = 0;
}

/* Both levels used again (a switch where one was bypassed). */
void gs_dbsa_use_caches(gs_dbsa *s)
{
    unsigned lv;
    for (lv = 0; lv < LVLS; lv++) {
        s->lvl[lv].switches += (uint64_t)s->lvl[lv].bypassed;
        s->lvl[lv].bypassed = 0;
    }
}

void gs_dbsa_observe(gs_dbsa *s, const gs_event *ev)
{
    unsigned lv;
    if (ev->kind != GS_EV_L1D_ACCESS && ev->kind != GS_EV_L2_ACCESS)
        return;
    lv = ev->kind == GS_EV_L2_ACCESS ? LVL_L2 : LVL_L1;
    if (!s->lvl[lv].managed || ev->is_write || ev->outcome == GS_OUTCOME_RESERVATION_FAIL)
        return;
    count(s, lv, ev->unit, ev->addr, ev->outcome == GS_OUTCOME_MISS, 1);
}

/* Asked per load (L1) or read (L2): a bypassed level's request goes around
 * it and is looked up in the shadow tags instead. */
uint32_t gs_dbsa_decide(void *ctx, const gs_decide_in *in)
{
    gs_dbsa *s = ctx;
    unsigned lv = in->level == GS_LEVEL_L2 ? LVL_L2 : LVL_L1;
    dbsa_level *l = &s->lvl[lv];
    if (!l->managed || !l->bypassed || in->is_write)
        return GS_DECIDE_DEFAULT;
    l->bypassed_requests++;
    count(s, lv, in->unit, in->addr, 0, 0);
    return GS_DECIDE_BYPASS;
}

static gs_status level_init(dbsa_level *l, const gs_cache_config *c, uint32_t units,
                            uint64_t **next, const char *what, gs_diag *diag)
{
    gs_index_params ip;
    size_t lines = level_lines(c, units);
    memset(&ip, 0, sizeof ip);
    ip.fn = (gs_index_fn)c->set_index;
    ip.n_sets = c->n_sets;
    ip.line_bytes = c->line_bytes;
    ip.poly = c->ipoly_poly;
    if (!c->enabled)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "dbsa: the %s is "
                           "disabled (`none`): nothing to bypass (-gs_dbsa_levels)", what);
    l->managed = 1;
    l->units = units;
    l->sets = c->n_sets;
    l->ways = c->assoc;
    l->tags = *next;
    l->stamps = *next + lines;
    *next += 2u * lines;
    return gs_set_index_setup(&l->index, &ip, diag);
}

gs_status gs_dbsa_init(gs_dbsa *s, const gs_mech_env *env, gs_diag *diag)
{
    const gs_config *cfg = env->cfg;
    uint64_t *next = (uint64_t *)(s + 1);
    gs_addrmap_params mp;
    gs_status st;
    if (cfg->perfect_mem)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "dbsa needs the memory "
                           "system (-gpgpu_perfect_mem 0)");
    if ((l1_managed(cfg) && cfg->l1d_mode != GS_CACHE_MODE_NORMAL) ||
        (l2_managed(cfg) && cfg->l2_mode != GS_CACHE_MODE_NORMAL))
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "dbsa manages normal "
                           "caches: -gs_l1d_mode / -gs_l2_mode must be 0 for the levels it "
                           "manages");
    s->threshold = cfg->dbsa_miss_threshold;
    if (l1_managed(cfg) &&
        (st = level_init(&s->lvl[LVL_L1], &cfg->dl1, env->n_sms, &next, "L1D", diag)) != GS_OK)
        return st;
    if (l2_managed(cfg)) {
        if ((st = level_init(&s->lvl[LVL_L2], &cfg->dl2, gs_config_n_sub_partitions(cfg), &next,
                             "L2", diag)) != GS_OK)
            return st;
        gs_addrmap_params_from_config(cfg, &mp);
        if ((st = gs_addrmap_compile(&s->map, cfg->mem_addr_mapping, &mp, diag)) != GS_OK)
            return st;
    }
    return GS_OK;
}

uint32_t gs_dbsa_levels(const gs_config *cfg)
{
    return (l1_managed(cfg) ? 1u << GS_LEVEL_L1D : 0u) | (l2_managed(cfg) ? 1u << GS_LEVEL_L2 : 0u);
}

#define LEVEL_STATS 5u

uint32_t gs_dbsa_stats_count(const gs_config *cfg)
{
    return 1u + LEVEL_STATS * (uint32_t)(l1_managed(cfg) + l2_managed(cfg));
}

void gs_dbsa_report(const gs_dbsa *s, gs_stats *stats)
{
    static const char *const prefix[LVLS] = { "dbsa_l1", "dbsa_l2" };
    char name[GS_STAT_NAME_MAX];
    unsigned lv;
    gs_stats_put_count(stats, "dbsa_periods", s->periods);
    for (lv = 0; lv < LVLS; lv++) {
        const dbsa_level *l = &s->lvl[lv];
        if (!l->managed)
            continue;
        gs_fmt(name, sizeof name, "%s_periods_bypassed", prefix[lv]);
        gs_stats_put_count(stats, name, l->periods_bypassed);
        gs_fmt(name, sizeof name, "%s_switches", prefix[lv]);
        gs_stats_put_count(stats, name, l->switches);
        gs_fmt(name, sizeof name, "%s_bypassed_requests", prefix[lv]);
        gs_stats_put_count(stats, name, l->bypassed_requests);
        gs_fmt(name, sizeof name, "%s_shadow_hits", prefix[lv]);
        gs_stats_put_count(stats, name, l->shadow_hits);
        gs_fmt(name, sizeof name, "%s_shadow_misses", prefix[lv]);
        gs_stats_put_count(stats, name, l->shadow_misses);
    }
}

/* ---- the `dbsa` mechanism: periods are epochs of -gs_dbsa_period cycles ---- */

static void dbsa_event(void *ctx, const gs_event *ev)
{
    if (ev->kind == GS_EV_EPOCH)
        gs_dbsa_period_end(ctx);
    else
        gs_dbsa_observe(ctx, ev);
}

static gs_status dbsa_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                           gs_diag *diag)
{
    gs_status st;
    if ((st = gs_dbsa_init(state, env, diag)) != GS_OK)
        return st;
    hooks->sub.fn = dbsa_event;
    hooks->sub.kinds = GS_EVENT_BIT(GS_EV_EPOCH) | GS_EVENT_BIT(GS_EV_L1D_ACCESS) |
                       GS_EVENT_BIT(GS_EV_L2_ACCESS);
    hooks->sub.epoch_cycles = env->cfg->dbsa_period;
    hooks->decider.levels = gs_dbsa_levels(env->cfg);
    hooks->decider.decide = gs_dbsa_decide;
    return GS_OK;
}

static void dbsa_report(const void *state, gs_stats *stats)
{
    gs_dbsa_report(state, stats);
}

const gs_mech_ops gs_mech_dbsa_ops = {
    "dbsa", "seed-000 DBSA: bypass the L1D and/or L2 for a period after one whose miss rate "
    "was above the threshold, measuring it in tag-only mode meanwhile",
    gs_dbsa_bytes, dbsa_init, gs_dbsa_stats_count, dbsa_report
};
