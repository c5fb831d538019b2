/*
 * The table of cache policies built from GS_CACHE_POLICY_LIST, the common
 * set-up of a cache's policy state, and helpers shared by policy files
 * (contract in mem/cache_policy.h; DESIGN.md section 7).
 */
#include "mem/cache.h"

#include <string.h>

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
