/*
 * DRRIP: dynamic RRIP by set dueling between SRRIP and BRRIP (Jaleel et al.,
 * ISCA 2010, "the RRIP paper"; set dueling from Qureshi, Jaleel, Patt,
 * Steely, Emer, "Adaptive Insertion Policies for High Performance Caching",
 * ISCA 2007, "the DIP paper"). Hits, victims and aging are SRRIP's
 * (policy_srrip.c); only the insertion is dynamic.
 *
 *  - Leader sets: L per policy (-gs_drrip_leader_sets; 0 = the scaled default
 *    of base/cache_policy_list.h, 32 for 1024+ sets as in the paper). The
 *    formula is below (drrip_leader_of); the rest are followers.
 *  - PSEL: a saturating counter of P bits (-gs_drrip_psel_bits, default the
 *    paper's 10). The DIP paper's convention: a miss in an SRRIP leader set
 *    increments PSEL, a miss in a BRRIP leader set decrements it; followers
 *    insert as BRRIP while PSEL's most significant bit is 1, else as SRRIP.
 *    Decision: "a miss" is an insertion into the set (the misses the policy
 *    governs; a miss that allocates nothing, a write around the cache or a
 *    merge into a pending line, does not count); leaders count with
 *    insert_hint 1 too (the miss happened; only the RRPV follows the hint).
 *  - Decision: PSEL starts at 2^(P-1) - 1, the top of its lower half: while
 *    it has not saturated, followers run BRRIP exactly when the SRRIP leaders
 *    have missed more than the BRRIP leaders, ties going to SRRIP, the
 *    paper's baseline.
 *  - A PSEL may be shared by several caches (params.shared_duel: the L2
 *    slices with -gs_l2_drrip_dueling shared); each slice keeps its own
 *    leader sets by the same formula.
 */
#include "mem/cache.h"

/* Leader sets (the DIP paper's complement-select, generalised): the S sets
 * form L constituencies of K = S / L consecutive sets; in constituency
 * c = set / K, the set at offset (set % K) == c % K leads for SRRIP and the
 * set at offset K - 1 - (c % K) (the complement of c in log2 K bits) leads
 * for BRRIP. For the paper's sizes (S = 1024, L = K = 32) this is DIP's
 * "offset bits equal the constituency bits / their complement". S and L are
 * powers of two with 2L <= S, so K is even and the two leaders differ. */
static uint8_t drrip_leader_of(uint32_t set, uint32_t k)
{
    uint32_t c = (set / k) % k, offset = set % k;
    if (offset == c)
        return (uint8_t)GS_DRRIP_LEADER_SRRIP;
    if (offset == k - 1u - c)
        return (uint8_t)GS_DRRIP_LEADER_BRRIP;
    return (uint8_t)GS_DRRIP_FOLLOWER;
}

static size_t drrip_bytes(const gs_cache_policy_params *params, uint32_t sets, uint32_t ways)
{
    return gs_srrip_bytes(params, sets, ways) + gs_arena_round(sets);
}

static gs_status drrip_check(const gs_cache_policy *p, const gs_cache_policy_params *params,
                             uint32_t leaders, gs_diag *diag)
{
    if (leaders == 0 || (leaders & (leaders - 1u)) != 0 || (p->sets & (p->sets - 1u)) != 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "drrip: %u leader sets per policy "
                           "and %u sets must be powers of two", (unsigned)leaders,
                           (unsigned)p->sets);
    if (2u * leaders > p->sets)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "drrip: %u leader sets per policy "
                           "need at least %u sets; the cache has %u", (unsigned)leaders,
                           (unsigned)(2u * leaders), (unsigned)p->sets);
    if (params->psel_bits > GS_DRRIP_PSEL_BITS_MAX)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "drrip: %u PSEL bits; at most %u",
                           (unsigned)params->psel_bits, (unsigned)GS_DRRIP_PSEL_BITS_MAX);
    return GS_OK;
}

static gs_status drrip_init(gs_cache_policy *p, gs_arena *arena,
                            const gs_cache_policy_params *params, gs_diag *diag)
{
    uint32_t leaders = gs_drrip_leader_sets(p->sets, params->leader_sets), set;
    gs_status st = drrip_check(p, params, leaders, diag);
    if (st == GS_OK)
        st = gs_srrip_init(p, arena, params, diag);
    if (st != GS_OK)
        return st;
    p->leader = (uint8_t *)gs_arena_alloc(arena, p->sets);
    if (p->leader == NULL)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for the drrip "
                           "leader sets of a cache of %u sets", (unsigned)p->sets);
    for (set = 0; set < p->sets; set++)
        p->leader[set] = drrip_leader_of(set, p->sets / leaders);
    p->duel = params->shared_duel != NULL ? params->shared_duel : &p->own_duel;
    if (params->shared_duel == NULL)
        gs_cache_duel_init(&p->own_duel, params->psel_bits);
    return GS_OK;
}

/* One leader miss: PSEL up (SRRIP leader) or down (BRRIP leader), saturating. */
static void drrip_vote(gs_cache_policy *p, int srrip_missed)
{
    gs_cache_duel *d = p->duel;
    int before = gs_cache_duel_brrip(d);
    if (srrip_missed && d->psel < d->psel_max)
        d->psel++;
    else if (!srrip_missed && d->psel > 0)
        d->psel--;
    p->stats.psel_switches += gs_cache_duel_brrip(d) != before;
}

static void drrip_insert(gs_cache_policy *p, uint32_t set, uint32_t way,
                         const gs_cache_request *ctx)
{
    uint32_t kind = p->leader[set];
    int bimodal;
    if (kind == GS_DRRIP_LEADER_SRRIP) {
        p->stats.srrip_leader_misses++;
        drrip_vote(p, 1);
        bimodal = 0;
    } else if (kind == GS_DRRIP_LEADER_BRRIP) {
        p->stats.brrip_leader_misses++;
        drrip_vote(p, 0);
        bimodal = 1;
    } else {
        bimodal = gs_cache_duel_brrip(p->duel);
    }
    gs_srrip_insert(p, set, way, ctx, bimodal);
}

const gs_cache_policy_ops gs_cache_policy_drrip_ops = {
    "drrip", drrip_bytes, drrip_init, gs_srrip_hit, drrip_insert, gs_srrip_victim,
    gs_srrip_evict, NULL
};
