/*
 * The table of cache policies built from GS_CACHE_POLICY_LIST, the common
 * set-up of a cache's policy state, and helpers shared by policy files
 * (contract in mem/cache_policy.h; DESIGN.md section 7).
 */
#include "mem/cache.h"

#include <string.h>

#include "base/fmt.h"

static const gs_cache_policy_ops *const policy_table[] = {
#define GS_CACHE_POLICY_ROW_(id, name) &gs_cache_policy_##name##_ops,
    GS_CACHE_POLICY_LIST(GS_CACHE_POLICY_ROW_)
#undef GS_CACHE_POLICY_ROW_
};

/* ---- none: the characterisation modes, which never choose a victim ---- */

static size_t none_bytes(const gs_cache_policy_params *params, uint32_t sets, uint32_t ways)
{
    (void)params;
    (void)sets;
    (void)ways;
    return 0;
}

static gs_status none_init(gs_cache_policy *p, gs_arena *arena,
                           const gs_cache_policy_params *params, gs_diag *diag)
{
    (void)p;
    (void)arena;
    (void)params;
    (void)diag;
    return GS_OK;
}

void gs_cache_policy_ignore(gs_cache_policy *p, uint32_t set, uint32_t way,
                            const gs_cache_request *ctx)
{
    (void)p;
    (void)set;
    (void)way;
    (void)ctx;
}

static uint32_t none_victim(const gs_cache_policy *p, uint32_t set, const gs_cache_line *lines,
                            uint32_t ways, const gs_cache_request *ctx)
{
    (void)p;
    (void)set;
    (void)lines;
    (void)ways;
    (void)ctx;
    return GS_CACHE_POLICY_NONE;
}

static const gs_cache_policy_ops policy_none_ops = {
    "none", none_bytes, none_init, gs_cache_policy_ignore, gs_cache_policy_ignore,
    none_victim, NULL, NULL
};

const gs_cache_policy_ops *gs_cache_policy_find(uint32_t kind)
{
    if (kind == GS_CACHE_POLICY_STRING || kind >= GS_CACHE_POLICY_COUNT)
        return NULL;
    return policy_table[kind - 1u];
}

static const gs_cache_policy_ops *policy_ops(uint32_t kind)
{
    const gs_cache_policy_ops *ops = gs_cache_policy_find(kind);
    return ops != NULL ? ops : &policy_none_ops;
}

size_t gs_cache_policy_bytes(uint32_t kind, const gs_cache_policy_params *params, uint32_t sets,
                             uint32_t ways)
{
    return policy_ops(kind)->bytes(params, sets, ways);
}

gs_status gs_cache_policy_init(gs_cache_policy *p, gs_arena *arena, uint32_t kind,
                               const gs_cache_policy_params *params, uint32_t sets,
                               uint32_t ways, gs_diag *diag)
{
    memset(p, 0, sizeof *p);
    p->ops = policy_ops(kind);
    p->kind = p->ops == &policy_none_ops ? 0u : kind;
    p->sets = sets;
    p->ways = ways;
    return p->ops->init(p, arena, params, diag);
}

/* ---- per-line stamps (LRU, FIFO) ---- */

size_t gs_cache_policy_stamp_bytes(const gs_cache_policy_params *params, uint32_t sets,
                                   uint32_t ways)
{
    (void)params;
    return gs_arena_round((size_t)sets * ways * sizeof(uint64_t));
}

gs_status gs_cache_policy_stamp_init(gs_cache_policy *p, gs_arena *arena,
                                     const gs_cache_policy_params *params, gs_diag *diag)
{
    (void)params;
    p->stamps = (uint64_t *)gs_arena_alloc(arena, (size_t)p->sets * p->ways * sizeof(uint64_t));
    if (p->stamps == NULL)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for the %s state of "
                           "a cache of %u lines", p->ops->name, (unsigned)(p->sets * p->ways));
    return GS_OK;
}

void gs_cache_policy_stamp_insert(gs_cache_policy *p, uint32_t set, uint32_t way,
                                  const gs_cache_request *ctx)
{
    p->stamps[(size_t)set * p->ways + way] =
        ctx->insert_hint == GS_CACHE_INSERT_LOWEST ? 0u : ++p->clock;
}

uint32_t gs_cache_policy_oldest(const gs_cache_policy *p, uint32_t set,
                                const gs_cache_line *lines, uint32_t ways,
                                const gs_cache_request *ctx)
{
    const uint64_t *stamp = p->stamps + (size_t)set * p->ways;
    uint32_t w, best = GS_CACHE_POLICY_NONE;
    uint64_t best_stamp = 0;
    (void)ctx;
    for (w = 0; w < ways; w++) {
        if (!gs_cache_line_replaceable(&lines[w]))
            continue;
        if (best == GS_CACHE_POLICY_NONE || stamp[w] < best_stamp) {
            best = w;
            best_stamp = stamp[w];
        }
    }
    return best;
}

/* ---- PRNG streams, DRRIP duels, statistics ---- */

uint64_t gs_cache_policy_stream_seed(uint64_t seed, uint64_t stream)
{
    uint64_t state = stream;
    return seed ^ gs_splitmix64(&state);
}

void gs_cache_duel_init(gs_cache_duel *duel, uint32_t bits)
{
    uint32_t b = bits ? bits : GS_DRRIP_PSEL_BITS_DEFAULT;
    duel->psel_max = (uint32_t)(((uint64_t)1 << b) - 1u);
    duel->psel = duel->psel_max >> 1;     /* 2^(P-1) - 1: policy_drrip.c */
}

int gs_cache_duel_brrip(const gs_cache_duel *duel)
{
    return duel->psel > (duel->psel_max >> 1);
}

void gs_cache_policy_accumulate(gs_cache_policy *sum, const gs_cache_policy *c)
{
    sum->kind = c->kind;
    sum->stats.long_inserts += c->stats.long_inserts;
    sum->stats.distant_inserts += c->stats.distant_inserts;
    sum->stats.srrip_leader_misses += c->stats.srrip_leader_misses;
    sum->stats.brrip_leader_misses += c->stats.brrip_leader_misses;
    sum->stats.psel_switches += c->stats.psel_switches;
    /* A shared PSEL is the same pointer in every cache: count it once. */
    if (c->duel != NULL && c->duel != sum->duel) {
        sum->duel = c->duel;
        sum->duels++;
        sum->duels_brrip += (uint32_t)gs_cache_duel_brrip(c->duel);
    }
}

static void policy_put(gs_stats *stats, const char *prefix, const char *name, uint64_t value)
{
    char full[GS_STAT_NAME_MAX];
    gs_fmt(full, sizeof full, "%s%s", prefix, name);
    gs_stats_put_count(stats, full, value);
}

void gs_cache_policy_report(const gs_cache_policy *p, gs_stats *stats, const char *prefix)
{
    if (p->kind != GS_CACHE_POLICY_SRRIP && p->kind != GS_CACHE_POLICY_BRRIP
        && p->kind != GS_CACHE_POLICY_DRRIP)
        return;
    policy_put(stats, prefix, "rrip_long_inserts", p->stats.long_inserts);
    policy_put(stats, prefix, "rrip_distant_inserts", p->stats.distant_inserts);
    if (p->kind != GS_CACHE_POLICY_DRRIP)
        return;
    policy_put(stats, prefix, "drrip_srrip_leader_misses", p->stats.srrip_leader_misses);
    policy_put(stats, prefix, "drrip_brrip_leader_misses", p->stats.brrip_leader_misses);
    policy_put(stats, prefix, "drrip_psel_switches", p->stats.psel_switches);
    policy_put(stats, prefix, "drrip_duels", p->duels);
    policy_put(stats, prefix, "drrip_duels_brrip", p->duels_brrip);
    if (p->duels == 1u)
        policy_put(stats, prefix, "drrip_psel", p->duel->psel);
}
