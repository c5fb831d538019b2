/*
 * Stateful, set-level replacement and insertion policies of the generic cache
 * (DESIGN.md section 7; mem/cache.h). One `const gs_cache_policy_ops` per
 * policy in its own file (policy_lru.c, policy_fifo.c, ...), registered by one
 * line of GS_CACHE_POLICY_LIST (base/cache_policy_list.h).
 *
 * A policy keeps its per-line and per-set state in the arena (sized by its
 * `bytes` term, which gs_cache_arena_bytes includes) and sees every request
 * that touches a line: the context passed to each call is the request itself
 * (gs_cache_request: origin SM, warp, PC, is_write, and insert_hint), or for
 * an allocate-on-fill insertion a request rebuilt from the MSHR entry (SM and
 * hint of the request that allocated the entry; warp, PC and kind of the
 * first request still waiting on it).
 *
 * What the cache guarantees a policy (mem/cache.c):
 *  - on_insert(set, way) when a line is installed in (set, way), after any
 *    on_evict of the line it replaces; not followed by on_hit for the same
 *    access;
 *  - on_hit(set, way) for every later touch of a present line by an access:
 *    a hit, a hit on a line whose fill is pending (HIT_RESERVED), a read or
 *    write that finds the line but misses some sectors;
 *  - victim(set, lines, ways) only when every way in use holds a line (the
 *    cache itself takes the first invalid way, lowest index first, as
 *    GPGPU-Sim's tag_array::probe); it returns a way in [0, ways) whose line
 *    is replaceable (no fill pending: gs_cache_line_replaceable), or
 *    GS_CACHE_POLICY_NONE when there is none. It must not change state: the
 *    cache may pick a victim and then refuse the access (a reservation fail
 *    changes nothing, mem/cache.h);
 *  - on_evict(set, way) (optional) when the victim it chose is actually
 *    replaced, before on_insert: the place for state changes that go with
 *    choosing a victim (RRIP aging);
 *  - on_invalidate(set, way) (optional) when a line leaves without a
 *    replacement (write-evict, flush, ways removed by the adaptive L1).
 *
 * The characterisation modes (UNBOUNDED, BYPASS) never choose a victim; they
 * get the state-less `none` policy whatever the option says.
 *
 * insert_hint (gs_cache_request): 0 = the policy's own insertion; 1 = insert
 * at the lowest priority (LRU position, FIFO head, distant RRPV), for
 * mechanisms that decide per request (DESIGN.md section 7 "insertion
 * position ... through the cache policy").
 */
#ifndef GS_MEM_CACHE_POLICY_H
#define GS_MEM_CACHE_POLICY_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/cache_policy_list.h"
#include "base/prng.h"
#include "base/stats.h"
#include "base/status.h"

#define GS_CACHE_POLICY_NONE 0xFFFFFFFFu
#define GS_CACHE_INSERT_DEFAULT 0u
#define GS_CACHE_INSERT_LOWEST 1u

struct gs_cache_line;
struct gs_cache_request;
struct gs_cache_policy_ops;

/* PRNG streams of the caches (gs_cache_policy_params.stream): each cache
 * draws from its own stream, seeded by gs_cache_policy_stream_seed, so its
 * draws depend on the configuration's seed and its own accesses only, never
 * on how many draws another cache made or in which order caches were built. */
#define GS_CACHE_STREAM_L1D(sm) ((1ull << 32) | (uint64_t)(sm))
#define GS_CACHE_STREAM_L2(slice) ((2ull << 32) | (uint64_t)(slice))

/* DRRIP set dueling: the policy selector, a saturating counter. */
typedef struct gs_cache_duel {
    uint32_t psel;
    uint32_t psel_max;             /* 2^bits - 1 */
} gs_cache_duel;

/* What a cache's policy is built from (gs_cache_params.policy). Zero fields
 * take the defaults of base/cache_policy_list.h. */
typedef struct gs_cache_policy_params {
    uint32_t kind;                 /* gs_cache_policy_kind; STRING: the string's letter */
    uint32_t rrip_bits;            /* RRIP: RRPV bits M */
    uint32_t brrip_epsilon;        /* BRRIP: long insertion with probability 1 / this */
    uint32_t leader_sets;          /* DRRIP: leader sets per policy (gs_drrip_leader_sets) */
    uint32_t psel_bits;            /* DRRIP: PSEL width */
    uint64_t seed;                 /* the configuration's -gs_seed */
    uint64_t stream;               /* this cache's stream (GS_CACHE_STREAM_*) */
    gs_cache_duel *shared_duel;    /* DRRIP: a PSEL shared with other caches (set up by
                                    * gs_cache_duel_init); NULL: the cache's own */
} gs_cache_policy_params;

/* Counters of the non-default policies (printed only for them). */
typedef struct gs_cache_policy_stats {
    uint64_t long_inserts;         /* RRIP: inserted with RRPV 2^M - 2 */
    uint64_t distant_inserts;      /* RRIP: inserted with RRPV 2^M - 1 */
    uint64_t srrip_leader_misses;  /* DRRIP: insertions into SRRIP leader sets */
    uint64_t brrip_leader_misses;  /* DRRIP: insertions into BRRIP leader sets */
    uint64_t psel_switches;        /* DRRIP: the followers' policy changed */
} gs_cache_policy_stats;

typedef struct gs_cache_policy {
    const struct gs_cache_policy_ops *ops;
    uint32_t kind;                 /* resolved (never STRING); 0 for `none` */
    uint32_t sets;
    uint32_t ways;                 /* lines per set in the state arrays (the way stride) */
    uint64_t clock;                /* LRU/FIFO: +1 per stamp given */
    uint64_t *stamps;              /* LRU/FIFO: per line, [set * ways + way] */
    uint8_t *rrpv;                 /* RRIP: per line */
    uint8_t *leader;               /* DRRIP: per set, GS_DRRIP_FOLLOWER / _SRRIP / _BRRIP */
    uint32_t rrpv_max;             /* RRIP: 2^M - 1 */
    uint32_t epsilon;              /* BRRIP: the denominator */
    gs_prng prng;                  /* BRRIP/DRRIP: this cache's stream */
    gs_cache_duel *duel;           /* DRRIP: &own_duel or the shared one */
    gs_cache_duel own_duel;
    gs_cache_policy_stats stats;
    /* sums of several caches (gs_cache_policy_accumulate) */
    uint32_t duels, duels_brrip;   /* distinct PSELs; those whose followers run BRRIP */
} gs_cache_policy;

#define GS_DRRIP_FOLLOWER 0u
#define GS_DRRIP_LEADER_SRRIP 1u
#define GS_DRRIP_LEADER_BRRIP 2u

typedef struct gs_cache_policy_ops {
    const char *name;
    /* Arena bytes of the state for sets x ways lines. */
    size_t (*bytes)(const gs_cache_policy_params *params, uint32_t sets, uint32_t ways);
    /* Take that state from the arena (zero-filled) and set its starting
     * values; GS_E_CONFIG for parameters it cannot work with. */
    gs_status (*init)(gs_cache_policy *p, gs_arena *arena, const gs_cache_policy_params *params,
                      gs_diag *diag);
    void (*on_hit)(gs_cache_policy *p, uint32_t set, uint32_t way,
                   const struct gs_cache_request *ctx);
    void (*on_insert)(gs_cache_policy *p, uint32_t set, uint32_t way,
                      const struct gs_cache_request *ctx);
    /* lines: the set's first line; ways: the ways in use. */
    uint32_t (*victim)(const gs_cache_policy *p, uint32_t set, const struct gs_cache_line *lines,
                       uint32_t ways, const struct gs_cache_request *ctx);
    void (*on_evict)(gs_cache_policy *p, uint32_t set, uint32_t way,
                     const struct gs_cache_request *ctx);           /* optional */
    void (*on_invalidate)(gs_cache_policy *p, uint32_t set, uint32_t way);   /* optional */
} gs_cache_policy_ops;

#define GS_CACHE_POLICY_EXTERN_(id, name) \
    extern const gs_cache_policy_ops gs_cache_policy_##name##_ops;
GS_CACHE_POLICY_LIST(GS_CACHE_POLICY_EXTERN_)
#undef GS_CACHE_POLICY_EXTERN_

/* The operations of a kind (GS_CACHE_POLICY_STRING and unknown kinds: NULL). */
const gs_cache_policy_ops *gs_cache_policy_find(uint32_t kind);

/* Arena bytes and set-up of a cache's policy: `kind` resolved by the cache,
 * 0 = `none` (no state). */
size_t gs_cache_policy_bytes(uint32_t kind, const gs_cache_policy_params *params, uint32_t sets,
                             uint32_t ways);
gs_status gs_cache_policy_init(gs_cache_policy *p, gs_arena *arena, uint32_t kind,
                               const gs_cache_policy_params *params, uint32_t sets,
                               uint32_t ways, gs_diag *diag);

/* The seed of a cache's PRNG stream: seed XOR splitmix64(stream), i.e. the
 * first splitmix64 output from state `stream`, mixed into the configuration
 * seed; gs_prng_seed expands it. */
uint64_t gs_cache_policy_stream_seed(uint64_t seed, uint64_t stream);

/* A DRRIP PSEL of `bits` (0: the default) at its starting value; for one
 * shared by several caches (params.shared_duel). */
void gs_cache_duel_init(gs_cache_duel *duel, uint32_t bits);
/* 1 when the duel's followers run BRRIP (PSEL's most significant bit). */
int gs_cache_duel_brrip(const gs_cache_duel *duel);

/* Add c's policy counters into sum (a report of several caches of a level). */
void gs_cache_policy_accumulate(gs_cache_policy *sum, const gs_cache_policy *c);
/* Statistics of the non-default policies under `prefix`; nothing for LRU/FIFO. */
void gs_cache_policy_report(const gs_cache_policy *p, gs_stats *stats, const char *prefix);

/* For the policy files (which also see gs_cache_line_replaceable, mem/cache.h),
 * each with the signature of the operation it can serve as.
 * Per-line 64-bit stamps from a clock (LRU, FIFO): bytes, set-up, insertion
 * (stamp 0 with insert_hint 1, else the next clock value), and the victim:
 * the replaceable way with the smallest stamp, lowest way on ties. */
size_t gs_cache_policy_stamp_bytes(const gs_cache_policy_params *params, uint32_t sets,
                                   uint32_t ways);
gs_status gs_cache_policy_stamp_init(gs_cache_policy *p, gs_arena *arena,
                                     const gs_cache_policy_params *params, gs_diag *diag);
void gs_cache_policy_stamp_insert(gs_cache_policy *p, uint32_t set, uint32_t way,
                                  const struct gs_cache_request *ctx);
uint32_t gs_cache_policy_oldest(const gs_cache_policy *p, uint32_t set,
                                const struct gs_cache_line *lines, uint32_t ways,
                                const struct gs_cache_request *ctx);
/* A touch the policy does not react to. */
void gs_cache_policy_ignore(gs_cache_policy *p, uint32_t set, uint32_t way,
                            const struct gs_cache_request *ctx);

/* The SRRIP mechanism (policy_srrip.c), shared by SRRIP, BRRIP and DRRIP:
 * one RRPV byte per line; a hit sets 0; the victim is the lowest replaceable
 * way with the largest RRPV, and its eviction ages the set so that this
 * largest value becomes 2^M - 1. gs_srrip_insert inserts as SRRIP
 * (bimodal 0) or BRRIP (bimodal 1). */
size_t gs_srrip_bytes(const gs_cache_policy_params *params, uint32_t sets, uint32_t ways);
gs_status gs_srrip_init(gs_cache_policy *p, gs_arena *arena, const gs_cache_policy_params *params,
                        gs_diag *diag);
void gs_srrip_hit(gs_cache_policy *p, uint32_t set, uint32_t way,
                  const struct gs_cache_request *ctx);
void gs_srrip_insert(gs_cache_policy *p, uint32_t set, uint32_t way,
                     const struct gs_cache_request *ctx, int bimodal);
uint32_t gs_srrip_victim(const gs_cache_policy *p, uint32_t set,
                         const struct gs_cache_line *lines, uint32_t ways,
                         const struct gs_cache_request *ctx);
void gs_srrip_evict(gs_cache_policy *p, uint32_t set, uint32_t way,
                    const struct gs_cache_request *ctx);

#endif
