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
    X(FIFO, fifo)

typedef enum gs_cache_policy_kind {
    GS_CACHE_POLICY_STRING = 0,   /* option value "string": the cache string's letter (L/F) */
#define GS_CACHE_POLICY_ENUM_(id, name) GS_CACHE_POLICY_##id,
    GS_CACHE_POLICY_LIST(GS_CACHE_POLICY_ENUM_)
#undef GS_CACHE_POLICY_ENUM_
    GS_CACHE_POLICY_COUNT
} gs_cache_policy_kind;

#endif
