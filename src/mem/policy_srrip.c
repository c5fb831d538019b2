/*
 * SRRIP and BRRIP: re-reference interval prediction (Jaleel, Theobald,
 * Steely, Emer, "High Performance Cache Replacement Using Re-Reference
 * Interval Prediction (RRIP)", ISCA 2010; below "the paper"). One mechanism
 * with two insertion modes, so one file (mem/cache_policy.h has the contract
 * and the helpers DRRIP shares).
 *
 * Each line holds an M-bit re-reference prediction value (RRPV; M =
 * -gs_rrip_bits, default 2 as in the paper; 0 = predicted re-referenced
 * soon, 2^M - 1 = in the distant future):
 *  - hit (any later touch of a present line, mem/cache_policy.h): RRPV 0,
 *    the paper's hit-priority variant RRIP-HP;
 *  - insertion, SRRIP: 2^M - 2 ("long"); BRRIP: 2^M - 1 ("distant"), and
 *    2^M - 2 with probability epsilon = 1 / -gs_brrip_epsilon (default 1/32,
 *    the paper's), drawn from the cache's own PRNG stream (gs_prng_below(N)
 *    == 0; mem/cache_policy.h says how streams are seeded); insert_hint 1:
 *    2^M - 1 with no draw;
 *  - victim: the paper searches the ways for RRPV 2^M - 1 from the lowest
 *    way, and when there is none increments every RRPV and searches again.
 *    gpusim does the same in one pass: the victim is the lowest replaceable
 *    way holding the largest RRPV r among replaceable ways, and every line
 *    of the set then ages by (2^M - 1) - r, saturating at 2^M - 1 (the
 *    increments all the rounds would make). Decisions: ways with a pending
 *    fill are never victims (the cache's rule, as for LRU) but age with the
 *    set, as the paper's increments touch every line; the aging is applied
 *    when the victim is really replaced (on_evict), since a victim chosen
 *    for an access that is then refused must change nothing (mem/cache.h);
 *    an invalid way is taken first (by the cache) and ages nothing.
 */
#include "mem/cache.h"

size_t gs_srrip_bytes(const gs_cache_policy_params *params, uint32_t sets, uint32_t ways)
{
    (void)params;
    return gs_arena_round((size_t)sets * ways);
}

gs_status gs_srrip_init(gs_cache_policy *p, gs_arena *arena, const gs_cache_policy_params *params,
                        gs_diag *diag)
{
    uint32_t bits = params->rrip_bits ? params->rrip_bits : GS_RRIP_BITS_DEFAULT;
    if (bits > GS_RRIP_BITS_MAX)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "%s: %u RRPV bits; at most %u",
                           p->ops->name, (unsigned)bits, (unsigned)GS_RRIP_BITS_MAX);
    p->rrpv_max = (1u << bits) - 1u;
    p->epsilon = params->brrip_epsilon ? params->brrip_epsilon : GS_BRRIP_EPSILON_DEFAULT;
    gs_prng_seed(&p->prng, gs_cache_policy_stream_seed(params->seed, params->stream));
    p->rrpv = (uint8_t *)gs_arena_alloc(arena, (size_t)p->sets * p->ways);
    if (p->rrpv == NULL)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for the %s state of "
                           "a cache of %u lines", p->ops->name, (unsigned)(p->sets * p->ways));
    return GS_OK;
}

void gs_srrip_hit(gs_cache_policy *p, uint32_t set, uint32_t way, const gs_cache_request *ctx)
{
    (void)ctx;
    p->rrpv[(size_t)set * p->ways + way] = 0;
}

void gs_srrip_insert(gs_cache_policy *p, uint32_t set, uint32_t way, const gs_cache_request *ctx,
                     int bimodal)
{
    uint32_t v = p->rrpv_max - 1u;     /* long (with M = 1: 0) */
    if (ctx->insert_hint == GS_CACHE_INSERT_LOWEST)
        v = p->rrpv_max;
    else if (bimodal && gs_prng_below(&p->prng, p->epsilon) != 0)
        v = p->rrpv_max;
    if (v == p->rrpv_max)
        p->stats.distant_inserts++;
    else
        p->stats.long_inserts++;
    p->rrpv[(size_t)set * p->ways + way] = (uint8_t)v;
}

uint32_t gs_srrip_victim(const gs_cache_policy *p, uint32_t set, const gs_cache_line *lines,
                         uint32_t ways, const gs_cache_request *ctx)
{
    const uint8_t *rrpv = p->rrpv + (size_t)set * p->ways;
    uint32_t w, best = GS_CACHE_POLICY_NONE, top = 0;
    (void)ctx;
    for (w = 0; w < ways; w++) {
        if (!gs_cache_line_replaceable(&lines[w]))
            continue;
        if (best == GS_CACHE_POLICY_NONE || rrpv[w] > top) {
            best = w;
            top = rrpv[w];
            if (top == p->rrpv_max)
                break;
        }
    }
    return best;
}

void gs_srrip_evict(gs_cache_policy *p, uint32_t set, uint32_t way, const gs_cache_request *ctx)
{
    uint8_t *rrpv = p->rrpv + (size_t)set * p->ways;
    uint32_t age = p->rrpv_max - rrpv[way], w;
    (void)ctx;
    for (w = 0; age != 0 && w < p->ways; w++)
        rrpv[w] = (uint8_t)(rrpv[w] + age > p->rrpv_max ? p->rrpv_max : rrpv[w] + age);
}

static void srrip_insert(gs_cache_policy *p, uint32_t set, uint32_t way,
                         const gs_cache_request *ctx)
{
    gs_srrip_insert(p, set, way, ctx, 0);
}

static void brrip_insert(gs_cache_policy *p, uint32_t set, uint32_t way,
                         const gs_cache_request *ctx)
{
    gs_srrip_insert(p, set, way, ctx, 1);
}

const gs_cache_policy_ops gs_cache_policy_srrip_ops = {
    "srrip", gs_srrip_bytes, gs_srrip_init, gs_srrip_hit, srrip_insert, gs_srrip_victim,
    gs_srrip_evict, NULL
};

const gs_cache_policy_ops gs_cache_policy_brrip_ops = {
    "brrip", gs_srrip_bytes, gs_srrip_init, gs_srrip_hit, brrip_insert, gs_srrip_victim,
    gs_srrip_evict, NULL
};
