/*
 * The L1 texture cache of one SM (spec/seed-004-gpgpu-arch-book.md section
 * 1.3.3, after Igehy et al. 1998; issue 22 item 3): a tag array that runs
 * ahead of the data array by a memory round trip, a fragment FIFO between
 * them, a miss-request FIFO towards the crossbar, and a reorder buffer that
 * writes returning lines into the data array in the order of their misses.
 * This file is the organisation; the LD/ST unit (mem/ldst_full.c) routes
 * texture loads here, sends the miss FIFO's head into the crossbar, hands
 * replies back and completes a fragment when it leaves the FIFO.
 *
 * The machine, per access (one cache line of one coalesced texture load):
 *  - the tag array is looked up and updated at once: a miss allocates its
 *    line (replacing the LRU or oldest line of its set, invalid lines
 *    first, lowest way on ties) and marks the sectors it asks for valid, so
 *    a later access to the same line is a tag hit even before the data is
 *    there. No MSHR is needed: the later access sits behind the miss in the
 *    fragment FIFO and reaches the data array after the fill;
 *  - a line holds its data-array slot while any fragment that will read it
 *    is in the FIFO (decision: the slot is promised to those fragments, so
 *    replacing it would hand them another line's data; GPGPU-Sim's texture
 *    cache replaces such lines). A miss whose set has no line free of
 *    queued fragments cannot allocate;
 *  - a miss puts one request (the whole line, or with a sector cache the
 *    missing sectors) into the miss FIFO and takes the next reorder-buffer
 *    entry; a hit needs neither (decision: GPGPU-Sim refuses hits too while
 *    either is full);
 *  - every access, hit or miss, appends one fragment to the fragment FIFO;
 *    a miss's fragment names its reorder-buffer entry;
 *  - no room (fragment FIFO full; for a miss also no replaceable line in
 *    the set, or the miss FIFO or the reorder buffer full): a reservation
 *    fail, nothing changes, the access is retried next cycle;
 *  - a reply marks its reorder-buffer entry arrived; each cycle the oldest
 *    entry, once arrived, writes its line into the data array (one line a
 *    cycle, the data array's write port) and leaves, whether or not its
 *    fragment has reached the FIFO head (decision: GPGPU-Sim frees the entry
 *    with its fragment);
 *  - each cycle the fragment at the FIFO head leaves when its data is in
 *    the data array (a hit at once, a miss when its entry has left the
 *    reorder buffer): the data array read and the texture filter follow
 *    (the LD/ST unit's l1 latency). Fragments leave in order, one a cycle,
 *    so hits behind a miss wait for it: hits and misses see about the same
 *    latency (1.3.3).
 * Geometry from -gpgpu_tex_cache:l1 (spec/formats.md 2.1): sets, ways,
 * line (32 to 256 bytes; texture loads are coalesced into these lines), the
 * type (N whole lines, S 32-byte sectors) and LRU or FIFO replacement.
 * Decision: with the texture FIFO MSHR types (F, T) the three counts name
 * the fragment FIFO (the MSHR entry count), the miss FIFO (the merge count)
 * and the reorder buffer (the miss-queue count), as GPGPU-Sim reads them;
 * the result FIFO field is read and not modelled (completions have no
 * write-back port limit in this LD/ST unit, as for the L1D). Checked in
 * mem/memsys.c: read-only (R), allocate on miss (m), a texture FIFO MSHR
 * type. Lines are never dirty; every line is dropped when a kernel starts
 * after the first (texture data is not coherent with stores, so the cache
 * is invalidated at launch). Reservation fails are counted each cycle an
 * access is refused (GPGPU-Sim's L1T_ counters leave them out). The cache
 * emits no events: the mechanisms observe the L1D and the L2.
 */
#ifndef GS_MEM_TEX_CACHE_H
#define GS_MEM_TEX_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/cachestr.h"
#include "base/set_index.h"
#include "base/status.h"

typedef struct gs_tex_cache_params {
    gs_cache_config config;       /* enabled, F or T MSHR type (checked by the caller) */
} gs_tex_cache_params;

/* Why an access could not be taken (reservation fails). */
typedef enum gs_tex_fail {
    GS_TEX_FAIL_NONE = 0,
    GS_TEX_FAIL_FRAGMENT_FIFO,
    GS_TEX_FAIL_LINE,             /* every line of the set has fragments queued */
    GS_TEX_FAIL_MISS_FIFO,
    GS_TEX_FAIL_ROB,
    GS_TEX_FAIL_COUNT
} gs_tex_fail;

typedef enum gs_tex_outcome {
    GS_TEX_HIT = 0,
    GS_TEX_MISS,                  /* the line was absent */
    GS_TEX_SECTOR_MISS,           /* the line was present, a sector absent (S type) */
    GS_TEX_RESERVATION_FAIL
} gs_tex_outcome;

typedef struct gs_tex_line {
    uint64_t line_addr;
    uint64_t stamp;               /* LRU: last use; FIFO: allocation */
    uint32_t queued;              /* fragments in the FIFO that read it: not replaceable */
    uint8_t sectors;              /* valid 32-byte units; 0 = invalid line */
} gs_tex_line;

typedef struct gs_tex_fragment {
    uint32_t token;               /* the caller's (its LD/ST slot) */
    uint32_t line;                /* the line it reads (index into lines) */
    uint64_t wait_drained;        /* leaves once this many ROB entries have: 0 for a hit */
} gs_tex_fragment;

/* A request waiting in the miss FIFO for the crossbar. */
typedef struct gs_tex_miss {
    uint64_t line_addr;
    uint64_t cycle;               /* of the access that missed */
    uint32_t sector_mask;         /* 32-byte sectors asked for */
    uint32_t size_bytes;          /* the line, or 32 per sector (S type) */
    uint32_t rob_entry;           /* its reorder-buffer slot */
    uint32_t warp, pc, lanes;
} gs_tex_miss;

typedef struct gs_tex_cache_stats {
    uint64_t accesses, hits, misses, sector_misses;
    uint64_t fails[GS_TEX_FAIL_COUNT];
    uint64_t data_wait_cycles;    /* cycles the FIFO head waited for its line */
    uint64_t lines_dropped;       /* valid lines invalidated at kernel starts */
} gs_tex_cache_stats;

typedef struct gs_tex_cache {
    gs_set_index index;
    uint32_t n_sets, assoc, line_bytes;
    uint32_t line_mask;           /* every 32-byte unit of a line (1 for lines of 32 bytes) */
    uint8_t sector, lru;
    gs_tex_line *lines;           /* n_sets x assoc, set-major */
    uint64_t clock;               /* stamps */
    gs_tex_fragment *fragments;   /* ring */
    uint32_t fragment_entries, fragment_head, fragment_count;
    gs_tex_miss *misses;          /* ring */
    uint32_t miss_entries, miss_head, miss_count;
    uint8_t *rob_arrived;         /* ring of rob_entries, indexed by sequence % entries */
    uint32_t rob_entries;
    uint64_t rob_allocated, rob_drained;   /* sequence counters */
    gs_tex_cache_stats stats;
} gs_tex_cache;

/* One access: the line and its wanted sectors, for the token's fragment. */
typedef struct gs_tex_access {
    uint64_t line_addr;
    uint64_t cycle;
    uint32_t sector_mask;         /* 32-byte units touched (not 0) */
    uint32_t token, warp, pc, lanes;
} gs_tex_access;

size_t gs_tex_cache_bytes(const gs_tex_cache_params *params);
gs_status gs_tex_cache_init(gs_tex_cache *tc, gs_arena *arena, const gs_tex_cache_params *params,
                            gs_diag *diag);

/* The tag lookup and, unless it fails, the fragment (and miss) it makes;
 * *fail names the full queue of a reservation fail. */
gs_tex_outcome gs_tex_cache_access(gs_tex_cache *tc, const gs_tex_access *access,
                                   gs_tex_fail *fail);

/* The miss FIFO's head (NULL when empty), and its removal once sent. */
const gs_tex_miss *gs_tex_cache_miss_peek(const gs_tex_cache *tc);
void gs_tex_cache_miss_pop(gs_tex_cache *tc);

/* The reply for reorder-buffer entry rob_entry has arrived. */
void gs_tex_cache_reply(gs_tex_cache *tc, uint32_t rob_entry);

/* One cycle of the data side: the oldest arrived reorder-buffer entry
 * fills the data array, then the FIFO head leaves if its data is there.
 * Returns 1 and sets *token when a fragment left. Invariant the LD/ST unit
 * relies on to skip the call: a reorder-buffer entry not yet drained
 * belongs to a miss whose fragment is still queued, so with no fragment
 * queued there is nothing to do. */
int gs_tex_cache_cycle(gs_tex_cache *tc, uint32_t *token);

/* Drop every line (kernel start); returns how many were valid. What is in
 * flight still completes: the FIFOs and the reorder buffer do not depend on
 * the tags. */
uint32_t gs_tex_cache_invalidate_all(gs_tex_cache *tc);

/* Nothing queued or in flight. */
int gs_tex_cache_idle(const gs_tex_cache *tc);

#endif
