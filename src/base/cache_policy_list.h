/*
 * The cache replacement/insertion policies, as one X-macro list (DESIGN.md
 * section 7): the option parser and --help / --dump-config of -gs_l1d_policy
 * and -gs_l2_policy (src/base/options.c) and the table of operations
 * (src/mem/cache_policy.c) all take their names from it. Adding a policy is
 * one file src/mem/policy_NAME.c defining gs_cache_policy_NAME_ops and one
 * line here. Only names live here, so the configuration layer needs nothing
 * from the memory layer above it.
 *
 * Also the defaults of the RRIP options, with their sources (Jaleel et al.,
 * "High Performance Cache Replacement Using Re-Reference Interval
 * Prediction (RRIP)", ISCA 2010; below "the RRIP paper"), and the scaled
 * DRRIP leader-set count both the configuration check and the cache use.
 */
#ifndef GS_BASE_CACHE_POLICY_LIST_H
#define GS_BASE_CACHE_POLICY_LIST_H

#include <stdint.h>

/* X(ID, name): GS_CACHE_POLICY_ID, option value "name", gs_cache_policy_name_ops. */
#define GS_CACHE_POLICY_LIST(X) \
    X(LRU, lru)                 \
    X(FIFO, fifo)               \
    X(SRRIP, srrip)             \
    X(BRRIP, brrip)             \
    X(DRRIP, drrip)

typedef enum gs_cache_policy_kind {
    GS_CACHE_POLICY_STRING = 0,   /* option value "string": the cache string's letter (L/F) */
#define GS_CACHE_POLICY_ENUM_(id, name) GS_CACHE_POLICY_##id,
    GS_CACHE_POLICY_LIST(GS_CACHE_POLICY_ENUM_)
#undef GS_CACHE_POLICY_ENUM_
    GS_CACHE_POLICY_COUNT
} gs_cache_policy_kind;

/* -gs_l2_drrip_dueling: one PSEL per L2 slice, or one for all slices. */
typedef enum gs_drrip_dueling {
    GS_DRRIP_DUEL_PER_SLICE = 0,
    GS_DRRIP_DUEL_SHARED = 1
} gs_drrip_dueling;

/* Defaults (plain numbers: options.c turns them into its default texts). */
#define GS_RRIP_BITS_DEFAULT 2          /* RRPV width M = 2 (the RRIP paper's choice) */
#define GS_RRIP_BITS_MAX 8              /* RRPVs are kept in bytes */
#define GS_BRRIP_EPSILON_DEFAULT 32     /* BRRIP inserts "long" with probability 1/32 (paper) */
#define GS_DRRIP_PSEL_BITS_DEFAULT 10   /* the paper's 10-bit PSEL */
#define GS_DRRIP_PSEL_BITS_MAX 31
#define GS_DRRIP_LEADER_SETS_MAX 65536
#define GS_DRRIP_LEADER_SETS_PAPER 32   /* per policy, in the paper's 2048-set LLC */
#define GS_DRRIP_SETS_PER_LEADER 32     /* the scaled default keeps the paper's 1 in 32 */

/* DRRIP leader sets per policy for a cache of `sets` sets: the option when
 * nonzero, else sets / 32 (the paper's proportion of 32 leaders per policy
 * in 1024+ sets) capped at the paper's 32 and at least 1. Decision: gtx480's
 * 32-set L1D and L2 slices get 1 SRRIP and 1 BRRIP leader each, keeping
 * 30 of 32 sets followers; the L2 duels across its slices by default
 * (-gs_l2_drrip_dueling shared), which gives its one PSEL 12 leaders of
 * each kind. */
static inline uint32_t gs_drrip_leader_sets(uint32_t sets, uint32_t option)
{
    uint32_t scaled = sets / GS_DRRIP_SETS_PER_LEADER;
    if (option != 0)
        return option;
    if (scaled > GS_DRRIP_LEADER_SETS_PAPER)
        return GS_DRRIP_LEADER_SETS_PAPER;
    return scaled ? scaled : 1u;
}

#endif
