/*
 * Miss-status holding registers (MSHRs) of a cache (spec/seed-000-dwt-pric.md
 * section 2.1; spec/seed-004-gpgpu-arch-book.md section 1.3.2 "PRT ~ MSHR";
 * spec/formats.md section 2.1 `<mshr type>:<entries>:<max merge>`).
 *
 * An entry tracks one outstanding line (by line address): the sectors asked
 * of the lower level and not yet filled (`pending_mask`, 4 x 32-byte sectors;
 * bit 0 only for a non-sector cache) and the requests waiting on it, in
 * arrival order. `max_merge` bounds the waiters of an entry, the first one
 * included (GPGPU-Sim mshr_table::full: list size >= max merged).
 *
 * Lookup is by a chained hash of the line address (bucket count a power of
 * two >= entries), so a probe touches one short chain, never all entries
 * (DESIGN.md section 10). Several entries may hold the same line (a bypassing
 * cache gives every read its own entry); gs_mshr_find returns the oldest.
 * Free entries are handed out lowest index first and reused LIFO: the order
 * depends only on the sequence of calls (DESIGN.md section 4).
 *
 * Waiters live in one pool shared by all entries (a singly linked list per
 * entry, arrival order), sized by the number of requests that can wait at
 * once, not by entries x max_merge: an L1 with 512 entries of 64 merges would
 * otherwise reserve 32768 waiters per SM where its LD/ST unit can have at
 * most a few thousand accesses outstanding (DESIGN.md section 5: memory sized
 * from the configuration, not from a worst case that cannot occur). When the
 * pool is empty, a new entry or a merge is refused exactly like a full table
 * or a full merge list (a reservation fail of that kind), so a pool smaller
 * than entries x max_merge changes timing only when it is really exhausted.
 */
#ifndef GS_MEM_MSHR_H
#define GS_MEM_MSHR_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/status.h"

#define GS_MSHR_NONE 0xFFFFFFFFu

/* One request waiting on an entry. */
typedef struct gs_mshr_waiter {
    uint32_t token;        /* the caller's identity of the request (e.g. pool index) */
    uint32_t pc;
    uint16_t warp;         /* origin warp (SM warp slot) */
    uint16_t sm;           /* origin SM */
    uint8_t wait_mask;     /* sectors it still waits for */
    uint8_t is_write;      /* a fetch-on-write partial write (data merged at fill) */
} gs_mshr_waiter;

/* A pool node: a waiter and the next one of its entry. */
typedef struct gs_mshr_node {
    gs_mshr_waiter waiter;
    uint32_t next;         /* next waiter of the entry, or next free node */
} gs_mshr_node;

typedef struct gs_mshr_entry {
    uint64_t line_addr;
    uint64_t arrival_sum;  /* sum of the waiters' arrival cycles (seed-002 Age_MSHR) */
    uint32_t chain_next;   /* hash chain, or free list while unused */
    uint32_t set;          /* cache set of the line (fill needs it) */
    uint32_t n_waiters;
    uint32_t first_waiter, last_waiter; /* pool nodes, GS_MSHR_NONE when none */
    uint32_t merged_total; /* waiters ever added: the merge length of seed-002 2.1 */
    uint8_t pending_mask;  /* sectors requested below and not yet filled */
    uint8_t insert_on_fill;/* allocate-on-fill: insert the line when it arrives */
    uint8_t dirty_on_fill; /* fetch-on-write: the line is dirty once filled */
    uint8_t in_use;
    uint8_t insert_hint;   /* of the request that allocated it (cache policy, at fill) */
    uint8_t fill_redirected;   /* the fill goes to another target (seed-001 2.8: the
                                * translated shared-memory address field) */
    uint16_t origin_sm;    /* SM of that request */
    uint16_t n_cores;      /* distinct SMs among the waiters it holds now */
} gs_mshr_entry;

typedef struct gs_mshr {
    gs_mshr_entry *entries;
    gs_mshr_node *nodes;       /* [n_nodes] waiter pool shared by the entries */
    uint32_t *buckets;         /* chain heads, GS_MSHR_NONE when empty */
    uint32_t n_entries;
    uint32_t max_merge;
    uint32_t n_nodes;
    uint32_t free_node;        /* head of the list of released nodes */
    uint32_t fresh_node;       /* nodes [fresh_node, n_nodes) never used yet */
    uint32_t nodes_in_use, nodes_high_water;
    uint32_t bucket_mask;
    uint32_t free_head;        /* freed entries, GS_MSHR_NONE when none */
    uint32_t fresh_entry;      /* entries [fresh_entry, n_entries) never used yet */
    uint32_t in_use;
    uint32_t high_water;
    uint32_t multi_core;       /* entries in use whose waiters come from more than one SM
                                * (seed-002 2.5: inter-core locality) */
} gs_mshr;

/* Waiter pool size: waiter_limit when it is nonzero and smaller than
 * entries x max_merge (which is never exceeded), else entries x max_merge. */
uint32_t gs_mshr_pool_size(uint32_t entries, uint32_t max_merge, uint32_t waiter_limit);
/* Arena bytes gs_mshr_init takes. */
size_t gs_mshr_bytes(uint32_t entries, uint32_t max_merge, uint32_t waiter_limit);

/* entries and max_merge must be >= 1 (GS_E_CONFIG); GS_E_ARENA when too small. */
gs_status gs_mshr_init(gs_mshr *mshr, gs_arena *arena, uint32_t entries, uint32_t max_merge,
                       uint32_t waiter_limit, gs_diag *diag);

/* The oldest entry holding line_addr, or GS_MSHR_NONE. */
uint32_t gs_mshr_find(const gs_mshr *mshr, uint64_t line_addr);
/* 1 when no entry is free, or no waiter node for its first request. */
int gs_mshr_full(const gs_mshr *mshr);
/* 1 when the entry has no free merge slot, or the waiter pool is empty. */
int gs_mshr_merge_full(const gs_mshr *mshr, uint32_t entry);

/* Take a free entry for line_addr (caller checked gs_mshr_full). */
uint32_t gs_mshr_alloc(gs_mshr *mshr, uint64_t line_addr, uint32_t set);
/* Append a waiter (caller checked gs_mshr_merge_full). */
void gs_mshr_add_waiter(gs_mshr *mshr, uint32_t entry, const gs_mshr_waiter *waiter,
                        uint64_t cycle);

/* A fill of `filled` sectors: clears them from pending, moves every waiter
 * whose wait_mask no longer meets pending to out[] in arrival order (at most
 * `capacity`; GS_ASSERT), and frees the entry when nothing is pending.
 * Returns the number of waiters released. */
uint32_t gs_mshr_fill(gs_mshr *mshr, uint32_t entry, uint32_t filled, gs_mshr_waiter *out,
                      uint32_t capacity);

/* Seed-002 2.5's classification of an MSHR table, cycle by cycle, for the
 * HIL/LIL classes (gs_mshr_locality_*): idle (no entry in use), no
 * inter-core locality (no entry holds requests of two SMs) or inter-core
 * locality (one does). Decision (B4, for this measure): the thesis's
 * "merge length > 1" stands for requests of different cores, since its L1
 * MSHRs merge a core's own; here stores and atomics reach the L2 unmerged,
 * and a thread's atomics to the words of one line would otherwise count as
 * locality, so the classifier counts distinct SMs. The MIB's merge length
 * (what the schedulers read) counts every merged request. */
typedef enum gs_mshr_class {
    GS_MSHR_IDLE = 0,
    GS_MSHR_NO_LOCALITY,
    GS_MSHR_LOCALITY,
    GS_MSHR_CLASSES
} gs_mshr_class;

/* Cycles counted per class. The table changes only in the cycles its owner
 * steps, so the owner counts lazily: before stepping cycle `now` it calls
 * gs_mshr_locality_advance with the table's class, which counts the cycles
 * since the last call (that cycle and the skipped ones after it, all ending
 * in that state) and starts the next span at `now`. */
typedef struct gs_mshr_locality {
    uint64_t cycles[GS_MSHR_CLASSES];
    uint64_t since;            /* first cycle not yet counted */
} gs_mshr_locality;

gs_mshr_class gs_mshr_class_of(const gs_mshr *mshr);
void gs_mshr_locality_advance(gs_mshr_locality *acc, gs_mshr_class now_class, uint64_t now);
/* The counts as if advanced to `end` (exclusive) in class `c`: acc unchanged. */
void gs_mshr_locality_until(const gs_mshr_locality *acc, gs_mshr_class c, uint64_t end,
                            uint64_t out[GS_MSHR_CLASSES]);

/* Read access for schedulers and tests. */
const gs_mshr_entry *gs_mshr_entry_at(const gs_mshr *mshr, uint32_t entry);
/* The i-th waiter of the entry in arrival order (walks the list: O(i)). */
const gs_mshr_waiter *gs_mshr_waiter_at(const gs_mshr *mshr, uint32_t entry, uint32_t i);

#endif
