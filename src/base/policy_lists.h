/*
 * The lists of policies the configuration names (DESIGN.md section 7; issue
 * 12 item 7): one X-macro per policy kind. Each policy is one file in the
 * layer that models it, with one `const` ops named after its list entry;
 * that layer builds its table from the list (core/sched.c, mem/dram.c,
 * base/set_index.c), and the configuration parses, prints in --help and
 * dumps the names from the same list (base/config_value.c). Adding a policy
 * is its file plus one line here. Cache replacement/insertion policies have
 * their list in base/cache_policy_list.h, mechanisms in base/mech_list.h.
 */
#ifndef GS_BASE_POLICY_LISTS_H
#define GS_BASE_POLICY_LISTS_H

/* Warp schedulers, -gpgpu_scheduler (spec/formats.md 2.5):
 * X(ID, option name, ops gs_sched_<ops>_ops, ":arguments" syntax or "").
 * The arguments of two_level_active and warp_limiting are GPGPU-Sim's. */
#define GS_SCHED_LIST(X)                                         \
    X(LRR, lrr, lrr, "")                                         \
    X(GTO, gto, gto, "")                                         \
    X(OLDEST, oldest, oldest, "")                                \
    X(TWO_LEVEL, two_level_active, two_level, ":N[:i:o]")        \
    X(WARP_LIMITING, warp_limiting, swl, ":2:N")

typedef enum gs_sched_kind {
#define GS_SCHED_ENUM(id, name, ops, args) GS_SCHED_##id,
    GS_SCHED_LIST(GS_SCHED_ENUM)
#undef GS_SCHED_ENUM
    GS_SCHED_KIND_COUNT
} gs_sched_kind;

/* DRAM request schedulers, -gpgpu_dram_scheduler (spec/formats.md 2.4):
 * X(ID, name); the position is GPGPU-Sim's number (0 FIFO, 1 FR-FCFS), which
 * stays a valid spelling; ops gs_dsched_<name>. */
#define GS_DSCHED_LIST(X) \
    X(FIFO, fifo)         \
    X(FRFCFS, frfcfs)     \
    X(MSHR_M, mshr_m)     \
    X(MSHR_S, mshr_s)     \
    X(MSHR_SA, mshr_sa)

typedef enum gs_dsched_kind {
#define GS_DSCHED_ENUM(id, name) GS_DSCHED_##id,
    GS_DSCHED_LIST(GS_DSCHED_ENUM)
#undef GS_DSCHED_ENUM
    GS_DSCHED_COUNT
} gs_dsched_kind;

/* Cache set-index functions (spec/formats.md 2.2): X(ID, name); the cache-
 * string letter and the L1-bank hashing number are in each gs_<name> ops
 * (base/set_index.h). */
#define GS_INDEX_LIST(X) \
    X(LINEAR, linear)    \
    X(XOR, xor)          \
    X(FERMI, fermi)      \
    X(IPOLY, ipoly)

typedef enum gs_index_fn {
#define GS_INDEX_ENUM(id, name) GS_INDEX_##id,
    GS_INDEX_LIST(GS_INDEX_ENUM)
#undef GS_INDEX_ENUM
    GS_INDEX_FN_COUNT
} gs_index_fn;

#endif
