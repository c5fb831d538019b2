/*
 * The generic cache: one module for L1D, L2 slices, L1I and the constant
 * cache (DESIGN.md sections 3 and 7), configured by a GPGPU-Sim cache string
 * (gs_cache_config, spec/formats.md section 2.1).
 *
 * Model (GPGPU-Sim semantics, spec/seed-000-dwt-pric.md section 2.1,
 * spec/seed-004-gpgpu-arch-book.md sections 1.3.2 and 1.5.1):
 *  - tag array of n_sets x assoc lines, set chosen by the configured set-index
 *    function (base/set_index.h); a lookup touches one set only;
 *  - sector caches (type S): 4 x 32-byte sectors per line with per-sector
 *    valid / pending / dirty bits; a non-sector line is one unit (bit 0);
 *  - victims: an invalid way first (lowest index), else the choice of the
 *    cache's replacement/insertion policy (mem/cache_policy.h: LRU or FIFO
 *    by the string's letter, or one set by option) among the lines with no
 *    pending fill;
 *  - MSHRs (mem/mshr.h) with entry count and merge limit, a miss queue of the
 *    configured size holding the requests for the lower level;
 *  - allocate-on-miss (`m`: the line is reserved when the miss is taken),
 *    allocate-on-fill (`f`, and streaming `s`: the victim is chosen when the
 *    data arrives);
 *  - write policies per state space, write-allocate variants N/W/F/L.
 *
 * Outcomes of gs_cache_access: HIT, HIT_RESERVED (the line is allocated and
 * the requested sectors are pending: merged into the MSHR entry), MISS (a
 * request went to the miss queue, or merged into an MSHR entry of a line that
 * is not allocated), RESERVATION_FAIL with one of the four reasons of
 * seed-000 section 2.1. A failed access changes no state except the fail
 * statistics; the LD/ST unit retries it in a later cycle.
 *
 * Characterisation modes: UNBOUNDED (fully associative, never evicts, sized
 * by params.unbounded_max_lines: only cold misses) and BYPASS (no lines:
 * every read gets its own MSHR entry and goes below, every write goes below).
 *
 * Events (base/event.h), emitted synchronously in this fixed order: for one
 * access, the victim's EVICT, then MSHR_ALLOC or MSHR_MERGE, then the
 * access's own ACCESS outcome (also for reservation fails, which emit
 * nothing else); a fill emits EVICT (allocate-on-fill victim), FILL, then
 * MSHR_RELEASE. Invalidations by
 * write-evict are not evictions (no event; counted as invalidations).
 */
#ifndef GS_MEM_CACHE_H
#define GS_MEM_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/cachestr.h"
#include "base/event.h"
#include "base/set_index.h"
#include "base/stats.h"
#include "base/status.h"
#include "mem/cache_policy.h"
#include "mem/mem_req.h"
#include "mem/mshr.h"

#define GS_CACHE_NONE 0xFFFFFFFFu
/* GPGPU-Sim MAX_WARP_PER_SM: the streaming (`s`) merge limit when not given. */
#define GS_CACHE_STREAMING_MERGE_DEFAULT 64u
/* GPGPU-Sim MAX_DEFAULT_CACHE_SIZE_MULTIBLIER: streaming MSHR entries =
 * sets x assoc x 4 (x 4 more for sector caches), formats.md 2.1. */
#define GS_CACHE_STREAMING_MSHR_FACTOR 4u

/* Same order as gs_event_outcome (base/event.h): events carry it as is. */
typedef enum gs_cache_outcome {
    GS_CACHE_HIT = 0,
    GS_CACHE_HIT_RESERVED,
    GS_CACHE_MISS,
    GS_CACHE_RESERVATION_FAIL
} gs_cache_outcome;

/* The rows of the access breakdown: GPGPU-Sim's mem_access_type, in its
 * order and with its names (gs_cache_acc_name). L1_WR_ALLOC_R / L2_WR_ALLOC_R
 * (write-allocate fetches) and L2_WRBK_ACC exist for the names only: gpusim's
 * write-allocate fetches are part of the write's own access, and L2
 * write-backs go to DRAM, not into a cache. */
typedef enum gs_cache_acc {
    GS_ACC_GLOBAL_R = 0, GS_ACC_LOCAL_R, GS_ACC_CONST_R, GS_ACC_TEXTURE_R, GS_ACC_GLOBAL_W,
    GS_ACC_LOCAL_W, GS_ACC_L1_WRBK, GS_ACC_L2_WRBK, GS_ACC_INST_R, GS_ACC_L1_WR_ALLOC_R,
    GS_ACC_L2_WR_ALLOC_R, GS_ACC_COUNT
} gs_cache_acc;

/* The columns: GPGPU-Sim's cache_request_status, in its order. Counted per
 * 32-byte sector in a sector cache (per line otherwise): a read's valid
 * sectors are HIT, its pending ones HIT_RESERVED, its absent ones MISS (line
 * absent) or SECTOR_MISS (line present); absent sectors that join an MSHR
 * entry of an absent line are MISS and also MSHR_HIT (GPGPU-Sim counts
 * MSHR_HIT beside the outcome). A write's sectors all take its outcome (a
 * miss on a present line: SECTOR_MISS); a reservation fail counts every
 * requested sector as RESERVATION_FAIL. TOTAL_ACCESS (printed) = HIT +
 * HIT_RESERVED + MISS + SECTOR_MISS. */
typedef enum gs_cache_status {
    GS_CST_HIT = 0, GS_CST_HIT_RESERVED, GS_CST_MISS, GS_CST_RESERVATION_FAIL,
    GS_CST_SECTOR_MISS, GS_CST_MSHR_HIT, GS_CST_COUNT
} gs_cache_status;

/* Who made an access (gs_cache_request.origin): the breakdown row of a
 * data access comes from its space and direction. */
enum { GS_CACHE_ORIGIN_DATA = 0, GS_CACHE_ORIGIN_INST = 1, GS_CACHE_ORIGIN_L1_WRITEBACK = 2 };

/* seed-000 section 2.1; GPGPU-Sim enum order. */
typedef enum gs_cache_fail {
    GS_CACHE_FAIL_NONE = 0,
    GS_CACHE_FAIL_LINE_ALLOC,      /* every way of the set reserved (LINE_ALLOC_FAIL) */
    GS_CACHE_FAIL_MISS_QUEUE_FULL, /* MISS_QUEUE_FULL */
    GS_CACHE_FAIL_MSHR_ENTRY,      /* no free MSHR entry (MSHR_ENRTY_FAIL) */
    GS_CACHE_FAIL_MSHR_MERGE,      /* matching entry has no merge slot (MSHR_MIX / MERGE) */
    GS_CACHE_FAIL_COUNT
} gs_cache_fail;

typedef enum gs_cache_mode {
    GS_CACHE_MODE_NORMAL = 0,
    GS_CACHE_MODE_UNBOUNDED,       /* fully associative, never evicts */
    GS_CACHE_MODE_BYPASS           /* no lines at all */
} gs_cache_mode;

typedef struct gs_cache_params {
    gs_cache_config config;        /* must be enabled */
    uint32_t mode;                 /* gs_cache_mode */
    uint32_t unbounded_max_lines;  /* UNBOUNDED: largest footprint in lines */
    uint32_t streaming_max_merge;  /* `s`: merge limit; 0 = GS_CACHE_STREAMING_MERGE_DEFAULT */
    uint32_t ipoly_hashed_bits;    /* IPOLY: 0 = the default for the set count */
    uint32_t mshr_waiter_limit;    /* requests that can wait at once; 0 = entries x merges */
    uint32_t max_assoc;            /* ways the tag array holds (adaptive L1, cache_adapt.h);
                                    * 0 or below config.assoc: config.assoc */
    gs_cache_policy_params policy; /* replacement/insertion policy (NORMAL mode) */
} gs_cache_params;

/* One access: a line (or its sectors) read or written by one request. */
typedef struct gs_cache_request {
    uint64_t addr;                 /* byte address; the line is addr & ~(line - 1) */
    uint64_t index_addr;           /* address hashed for the set (L2: partition address) */
    uint32_t sector_mask;          /* 32-byte sectors of the line touched (bit i) */
    uint32_t full_mask;            /* writes: sectors whose 32 bytes are all written */
    uint32_t size_bytes;           /* bytes of a write sent below; 0 = 32 per sector */
    uint32_t token;                /* caller's identity, returned by gs_cache_fill */
    uint32_t pc;
    uint32_t lanes;                /* the warp's lanes it serves (events, L1D_/L2_ACCESS value) */
    uint16_t sm;
    uint16_t warp;
    uint8_t is_write;
    uint8_t space;                 /* gs_space (base/inst.h) */
    uint8_t no_allocate;           /* per-access bypass: never allocate a line */
    uint8_t use_index_addr;        /* 0: the set comes from addr */
    uint8_t insert_hint;           /* GS_CACHE_INSERT_*: 0 the policy's own, 1 lowest priority */
    uint8_t origin;                /* GS_CACHE_ORIGIN_*: the breakdown row (statistics only) */
    uint8_t fill_redirected;       /* a read miss whose new MSHR entry fills another target
                                    * (the shared-memory cache, mem/smem_cache.h): set with
                                    * no_allocate; a merge never changes an entry's target */
} gs_cache_request;

typedef struct gs_cache_result {
    uint8_t outcome;               /* gs_cache_outcome */
    uint8_t fail;                  /* gs_cache_fail */
    uint8_t sector_miss;           /* line present, a requested sector absent */
    uint8_t merged;                /* joined an existing MSHR entry */
    uint8_t evicted;               /* a valid line was replaced */
    uint8_t writeback;             /* ... and it was dirty: a write-back was queued */
    uint8_t queued;                /* requests pushed to the miss queue */
    uint8_t invalidated;           /* write-evict removed the line */
    uint64_t victim_line;          /* when evicted */
    /* a read's units (sectors, or the line) by state, for the breakdown */
    uint8_t units_hit, units_pending, units_absent, units_mshr_hit;
} gs_cache_result;

/* A request waiting for a fill, released by gs_cache_fill. */
typedef gs_mshr_waiter gs_cache_waiter;

typedef enum gs_cache_miss_kind {
    GS_CACHE_MISS_READ = 0,
    GS_CACHE_MISS_WRITE,           /* a write sent below (through / evict / no-allocate) */
    GS_CACHE_MISS_WRITEBACK        /* dirty victim */
} gs_cache_miss_kind;

/* A miss-queue entry: what the cache asks of the level below. */
typedef struct gs_cache_miss {
    uint64_t line_addr;
    uint64_t cycle;
    uint32_t sector_mask;          /* 32-byte sectors of the line (memory view) */
    uint32_t size_bytes;
    uint32_t token;
    uint32_t pc;
    uint32_t lanes;                /* the request's lanes, carried below */
    uint16_t sm;
    uint16_t warp;
    uint8_t kind;                  /* gs_cache_miss_kind */
    uint8_t space;
} gs_cache_miss;

/* A line; replacement state is the policy's (gs_cache.policy). */
typedef struct gs_cache_line {
    uint64_t line_addr;
    uint32_t chain_next;           /* UNBOUNDED: hash chain */
    uint16_t owner_sm;             /* SM and warp whose access inserted it */
    uint16_t owner_warp;
    uint8_t allocated;             /* tag valid (some sector valid or pending) */
    uint8_t valid_mask;
    uint8_t pending_mask;          /* reserved: fill outstanding (allocate-on-miss) */
    uint8_t dirty_mask;
    uint8_t bound;                 /* UNBOUNDED: slot bound to line_addr */
} gs_cache_line;

/* A line a policy may choose as victim: no fill pending (GPGPU-Sim
 * tag_array::probe skips reserved lines). */
static inline int gs_cache_line_replaceable(const gs_cache_line *line)
{
    return line->pending_mask == 0;
}

typedef struct gs_cache_stats {
    uint64_t reads, writes;        /* accesses by kind (reservation fails excluded) */
    uint64_t hits, pending_hits, misses, sector_misses;
    uint64_t fails[GS_CACHE_FAIL_COUNT];    /* [0] = all reservation fails */
    uint64_t mshr_merges, evictions, writebacks, invalidations;
    uint64_t read_requests, write_requests, fills, unbounded_overflows;
    uint64_t dropped_dirty;        /* dirty lines dropped by a reconfiguration or a flush */
    uint64_t flush_writebacks;     /* write-backs of lines in ways switched off
                                    * (gs_cache_resize_ways; also in writebacks) */
    uint64_t flush_dirty_sets;     /* sets holding such lines, summed over resizes */
    /* per access type and status, per sector (sector caches) or line */
    uint64_t breakdown[GS_ACC_COUNT][GS_CST_COUNT];
} gs_cache_stats;

/* GPGPU-Sim's per-cache summary (cache_sub_stats) over the data rows (every
 * row but INST_ACC_R): accesses = HIT + HIT_RESERVED + MISS + SECTOR_MISS,
 * misses = MISS + SECTOR_MISS, pending hits = HIT_RESERVED. */
typedef struct gs_cache_totals {
    uint64_t accesses, hits, pending_hits, misses, sector_misses, reservation_fails;
    uint64_t reads, writes;
} gs_cache_totals;

typedef struct gs_cache {
    gs_cache_config cfg;
    gs_cache_policy policy;
    gs_set_index index;
    gs_cache_line *lines;
    uint32_t *unb_buckets;         /* UNBOUNDED: hash heads */
    gs_cache_miss *mq;             /* miss-queue ring */
    gs_mshr mshr;
    const gs_event_bus *bus;       /* events (gs_cache_set_events); NULL = none */
    uint32_t ev_unit;              /* SM id (L1) or slice (L2) in the events */
    uint8_t ev_access, ev_fill, ev_evict, ev_level, ev_domain;
    gs_cache_stats stats;
    uint32_t mode;
    uint32_t n_lines;
    uint32_t way_stride;           /* ways per set in lines[]; cfg.assoc of them are in use */
    uint32_t ways_touched;         /* NORMAL: 1 + highest way any set has allocated since the
                                    * last drop (ways above it hold nothing) */
    uint32_t flush_hi;             /* ways [cfg.assoc, flush_hi) may hold lines owed a
                                    * write-back (gs_cache_resize_ways) */
    uint32_t flush_owed;           /* such lines */
    uint32_t flush_set;            /* the flush walk's next set */
    uint32_t unb_used, unb_bucket_mask;
    uint32_t line_log2;
    uint32_t full_mask;            /* all units of a line: 0xF sector, 0x1 normal */
    uint32_t mem_line_mask;        /* 32-byte sectors a whole-line read asks below */
    uint32_t mq_capacity, mq_head, mq_count;
    uint8_t on_fill;               /* f or s */
} gs_cache;

/* The MSHR sizes actually used (streaming `s` overrides the string). */
uint32_t gs_cache_mshr_entries(const gs_cache_params *params);
uint32_t gs_cache_mshr_merge(const gs_cache_params *params);

/* Arena bytes gs_cache_init takes (DESIGN.md section 5). (gs_cache_bytes in
 * base/cachestr.h is the capacity of the cache string.) */
size_t gs_cache_arena_bytes(const gs_cache_params *params);

/* Set up; GS_E_CONFIG for a disabled config or a bad set-index setup,
 * GS_E_ARENA when the arena is too small. */
gs_status gs_cache_init(gs_cache *cache, gs_arena *arena, const gs_cache_params *params,
                        gs_diag *diag);

/* Emit this cache's events on `bus` as `level` (GS_LEVEL_L1D: L1D_* kinds in
 * core cycles; GS_LEVEL_L2: L2_* kinds in L2 cycles), unit = SM or slice. */
void gs_cache_set_events(gs_cache *cache, const gs_event_bus *bus, unsigned level,
                         uint32_t unit);
/* An event of this cache (its level, unit and clock) with origin (sm, warp, pc). */
void gs_cache_event_init(const gs_cache *cache, gs_event *event, unsigned kind,
                         uint64_t cycle, uint16_t sm, uint16_t warp, uint32_t pc);

/* Adaptive L1 (mem/cache_adapt.h): from now on use `ways` (1..way_stride)
 * ways of every set (the set count, line size and set-index function do not
 * change) and allocate lines on fill (on_fill 1) or on miss (0). Lines in
 * ways that go out of use are invalidated: one with a fill pending is simply
 * forgotten (its MSHR entry still serves the waiters, without caching the
 * data); one with dirty data is dropped without a write-back and counted in
 * stats.dropped_dirty (mem/cache_adapt.h). Ways that come into use are
 * empty. Returns the number of allocated lines dropped. NORMAL mode only. */
uint32_t gs_cache_set_ways(gs_cache *cache, uint32_t ways, int on_fill);

/* Way resizing with a flush (GREEN's RACR, seed-003 section 6.3; the L2):
 * from now on use `ways` (1..way_stride) ways of every set, the highest
 * ways off first ("which ways": decided, the highest-index ones). Ways that
 * go off lose their clean lines at once (as gs_cache_set_ways; a pending
 * fill is forgotten); their dirty lines stay, out of every lookup, owed a
 * write-back that gs_cache_flush_step sends below, one per call. Ways that
 * come back on find their owed lines still there (the way was never powered
 * down: the flush of that line is cancelled) and are otherwise empty.
 * Counts the sets that hold owed dirty lines (the per-set dirty bit vector's
 * set bits) in stats.flush_dirty_sets. NORMAL mode only. */
void gs_cache_resize_ways(gs_cache *cache, uint32_t ways);
/* Queue the next owed write-back (walk: set ascending, way ascending) when
 * the miss queue has room: 1 when one was queued. The walk skips sets
 * without owed lines at no cost, as the dirty bit vector lets hardware do. */
int gs_cache_flush_step(gs_cache *cache, uint64_t cycle);
/* Lines still owed a write-back. */
static inline uint32_t gs_cache_flush_owed(const gs_cache *cache)
{
    return cache->flush_owed;
}

/* Invalidate every line (GPGPU-Sim's cache invalidate between kernels,
 * -gpgpu_flush_l1_cache), by the same rules as lines of removed ways above.
 * Returns the number of allocated lines dropped. NORMAL mode only. */
uint32_t gs_cache_invalidate_all(gs_cache *cache);

/* A reservation fail decided without an access (the LD/ST unit repeating a
 * blocked one): counted as gs_cache_access counts one, fail statistics only. */
void gs_cache_count_fail(gs_cache *cache, const gs_cache_request *request, unsigned reason);

/* One access at `cycle` (see the outcomes above). */
gs_cache_result gs_cache_access(gs_cache *cache, const gs_cache_request *request,
                                uint64_t cycle);

/* The reply for `sectors` (memory view, bit i = 32-byte sector i; ignored
 * for a non-sector cache) of line_addr. Returns 0 (nothing done; retry) when
 * an allocate-on-fill eviction needs a miss-queue slot for its write-back and
 * the queue is full; else 1, with the waiters now served in out[] in arrival
 * order (*released of them; capacity >= gs_cache_mshr_merge). A fill with no
 * MSHR entry for the line is a simulator bug. */
int gs_cache_fill(gs_cache *cache, uint64_t line_addr, uint32_t sectors, uint64_t cycle,
                  gs_cache_waiter *out, uint32_t capacity, uint32_t *released);

/* Miss queue, oldest first. */
uint32_t gs_cache_miss_count(const gs_cache *cache);
const gs_cache_miss *gs_cache_miss_peek(const gs_cache *cache);
/* Remove the oldest miss and fill the non-pool fields of *req (line_addr,
 * sector_mask, size, kind, space, flags, origin, created_cycle, merge_count
 * and merge_age of a read's MSHR entry). Returns 0 when the queue is empty. */
int gs_cache_miss_pop(gs_cache *cache, gs_mem_req *req);

/* Merge length of the oldest MSHR entry of a line (0 when none): seed-002. */
uint32_t gs_cache_mshr_merges(const gs_cache *cache, uint64_t line_addr);

/* Where the line of `addr` is, or is headed, for a router that keeps one
 * copy of it (the shared-memory cache, mem/ldst_full.c): */
typedef enum gs_cache_holding {
    GS_CACHE_HOLDS_NONE = 0,       /* not here and not coming */
    GS_CACHE_HOLDS_CLEAN,          /* a whole, valid, clean line with no fill pending */
    GS_CACHE_HOLDS_BUSY,           /* present but partial, dirty or filling, or an MSHR
                                    * entry will insert it on fill */
    GS_CACHE_HOLDS_REDIRECTED_FILL,/* an MSHR entry fetches it for another target */
    GS_CACHE_HOLDS_PASSING_FILL    /* an MSHR entry fetches it without caching it */
} gs_cache_holding;
gs_cache_holding gs_cache_holding_of(const gs_cache *cache, uint64_t addr);

/* Move a CLEAN line out (invalidate it, the policy told; no eviction event:
 * the block lives on elsewhere), its owner warp in *owner_warp. 0 (nothing
 * done) unless gs_cache_holding_of is CLEAN. */
int gs_cache_take_line(gs_cache *cache, uint64_t addr, uint32_t *owner_warp);

/* 1 when the oldest MSHR entry of line_addr fills another target
 * (gs_cache_request.fill_redirected). */
int gs_cache_fill_redirected(const gs_cache *cache, uint64_t line_addr);

/* State probes for tests and the watchdog dump. */
uint32_t gs_cache_set_of(const gs_cache *cache, uint64_t addr);
/* Line index holding line_addr (GS_CACHE_NONE when absent). */
uint32_t gs_cache_find(const gs_cache *cache, uint64_t addr);
const gs_cache_line *gs_cache_line_at(const gs_cache *cache, uint32_t index);

/* Statistics with GPGPU-Sim-like names under `prefix` ("l1d_", "l2_"). */
/* Add c's counters into sum (MSHR high water: the larger), for reports
 * that total several caches of one level (all L1Ds, all L2 slices). */
void gs_cache_accumulate(gs_cache *sum, const gs_cache *c);

/* The statistics of one level: GPGPU-Sim's summary per sector
 * (`<prefix>total_cache_*`, data only), gpusim's line-level counts
 * (`<prefix>total_line_*`, every access), then the cache_* counters. */
void gs_cache_report(const gs_cache *cache, gs_stats *stats, const char *prefix);

/* GPGPU-Sim's names of the breakdown rows and columns. */
const char *gs_cache_acc_name(unsigned acc);
const char *gs_cache_status_name(unsigned status);
/* The breakdown row of a request. */
unsigned gs_cache_acc_of(const gs_cache_request *request);
void gs_cache_totals_of(const gs_cache_stats *stats, gs_cache_totals *totals);
/* TOTAL_ACCESS over every row, instruction fetches included (L2_BW). */
uint64_t gs_cache_all_accesses(const gs_cache_stats *stats);
/* `\t<name>[ROW][STATUS] = N` entries (indented, as GPGPU-Sim prints them),
 * rows GLOBAL_ACC_R and GLOBAL_ACC_W always, other rows when they had an
 * access, each with its TOTAL_ACCESS column. */
#define GS_CACHE_BREAKDOWN_STATS (GS_ACC_COUNT * (GS_CST_COUNT + 1u))
void gs_cache_report_breakdown(const gs_cache_stats *stats, gs_stats *out, const char *name);

#endif
