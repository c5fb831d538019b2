/*
 * The generic cache: tag array, replacement, read path, fills, miss queue
 * and statistics (see mem/cache.h for the model; write policies are in
 * cache_write.c). Rules and their sources:
 *  - Read miss handling, seed-000 section 2.1 (Fig 4.1 steps): (1) find an
 *    allocatable line, (2) search the MSHRs / allocate an entry, (3) merge,
 *    (4) push the read into the miss queue. The fail reasons are checked in
 *    that order: LINE_ALLOC (tag miss and every way reserved, allocate-on-miss
 *    only), MSHR_MERGE (matching entry full) or MSHR_ENTRY (no free entry),
 *    then MISS_QUEUE_FULL. Decision: GPGPU-Sim's rd_miss_base checks the miss
 *    queue before the MSHRs and also for merges; we follow the thesis order
 *    and a merge needs no miss-queue slot (it sends nothing below).
 *  - A miss that replaces a dirty line needs one more miss-queue slot for the
 *    write-back (decision: GPGPU-Sim keeps one slot spare with
 *    miss_queue_full(1); we count exactly what is pushed).
 *  - HIT_RESERVED only when the line is allocated (tag match) and every
 *    requested sector is valid or pending (GPGPU-Sim probe). A merge into an
 *    MSHR entry of a line that is not allocated (allocate-on-fill, per-access
 *    no_allocate) is a MISS with `merged` set, as GPGPU-Sim counts it.
 *  - Statistics: per line, accesses = hits + pending hits + misses;
 *    reservation fails are counted apart (GPGPU-Sim cache_stats::
 *    get_sub_stats). Beside them the access breakdown by type and outcome,
 *    per 32-byte sector in a sector cache (cache.h gs_cache_status; issue 14:
 *    Accel-Sim's scale), whose data rows give GPGPU-Sim's summary.
 *  - Replacement and insertion: the policy of mem/cache_policy.h, told of
 *    every insertion, later touch, eviction and invalidation of a line.
 */
#include "mem/cache_internal.h"

#include <string.h>

#include "base/fmt.h"
#include "base/inst.h"

static uint32_t cache_pow2_at_least(uint32_t n)
{
    uint32_t p = 1;
    while (p < n && p < 0x80000000u)
        p <<= 1;
    return p;
}

static uint32_t cache_popcount(uint32_t v)
{
    uint32_t n = 0;
    for (; v != 0; v &= v - 1u)
        n++;
    return n;
}

/* ---- sizing and set-up ------------------------------------------------ */

uint32_t gs_cache_mshr_entries(const gs_cache_params *p)
{
    const gs_cache_config *cfg = &p->config;
    uint32_t n;
    if (cfg->alloc_policy != GS_ALLOC_STREAMING)
        return cfg->mshr_entries;
    /* formats.md 2.1: `s` -> MSHR entries = nset x assoc x 4 (x 4 sectors). */
    n = cfg->n_sets * cfg->assoc * GS_CACHE_STREAMING_MSHR_FACTOR;
    return cfg->sector ? n * GS_CACHE_SECTORS : n;
}

uint32_t gs_cache_mshr_merge(const gs_cache_params *p)
{
    if (p->config.alloc_policy != GS_ALLOC_STREAMING)
        return p->config.mshr_max_merge;
    return p->streaming_max_merge ? p->streaming_max_merge : GS_CACHE_STREAMING_MERGE_DEFAULT;
}

/* Ways per set the tag array holds: the string's, or more for an adaptive
 * L1 whose largest configuration has more (mem/cache_adapt.h). */
static uint32_t cache_way_stride(const gs_cache_params *p)
{
    return p->max_assoc > p->config.assoc ? p->max_assoc : p->config.assoc;
}

static uint32_t cache_line_count(const gs_cache_params *p)
{
    if (p->mode == GS_CACHE_MODE_BYPASS)
        return 0;
    if (p->mode == GS_CACHE_MODE_UNBOUNDED)
        return p->unbounded_max_lines;
    return p->config.n_sets * cache_way_stride(p);
}

/* The policy a cache runs: the option's, else the string's letter; the
 * characterisation modes never choose a victim and run `none` (0). */
static uint32_t cache_policy_kind(const gs_cache_params *p)
{
    if (p->mode != GS_CACHE_MODE_NORMAL)
        return GS_CACHE_POLICY_STRING;
    if (p->policy.kind != GS_CACHE_POLICY_STRING)
        return p->policy.kind;
    return p->config.replacement == GS_REPL_FIFO ? GS_CACHE_POLICY_FIFO : GS_CACHE_POLICY_LRU;
}

static uint32_t cache_mq_capacity(const gs_cache_params *p)
{
    return p->config.miss_queue_entries ? p->config.miss_queue_entries : 1u;
}

size_t gs_cache_arena_bytes(const gs_cache_params *p)
{
    size_t bytes = gs_arena_round((size_t)cache_line_count(p) * sizeof(gs_cache_line))
                 + gs_arena_round((size_t)cache_mq_capacity(p) * sizeof(gs_cache_miss))
                 + gs_mshr_bytes(gs_cache_mshr_entries(p), gs_cache_mshr_merge(p),
                                 p->mshr_waiter_limit)
                 + gs_cache_policy_bytes(cache_policy_kind(p), &p->policy, p->config.n_sets,
                                         cache_way_stride(p));
    if (p->mode == GS_CACHE_MODE_UNBOUNDED)
        bytes += gs_arena_round((size_t)cache_pow2_at_least(p->unbounded_max_lines)
                                * sizeof(uint32_t));
    return bytes;
}

static gs_status cache_check(gs_cache *c, const gs_cache_params *p, gs_diag *diag)
{
    gs_index_params ip;
    if (!p->config.enabled)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "a disabled cache (`none`) has no cache model; route around it");
    if (!gs_exact_log2(p->config.line_bytes, &c->line_log2))
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "cache line size %u is not a power "
                           "of two", (unsigned)p->config.line_bytes);
    if (p->mode == GS_CACHE_MODE_UNBOUNDED && p->unbounded_max_lines == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "unbounded cache mode needs a maximum footprint of at least 1 line");
    if (p->mode != GS_CACHE_MODE_NORMAL)
        return GS_OK;
    memset(&ip, 0, sizeof ip);
    ip.fn = (gs_index_fn)p->config.set_index;
    ip.n_sets = p->config.n_sets;
    ip.line_bytes = p->config.line_bytes;
    ip.poly = p->config.ipoly_poly;
    ip.hashed_bits = p->ipoly_hashed_bits;
    return gs_set_index_setup(&c->index, &ip, diag);
}

static gs_status cache_alloc(gs_cache *c, gs_arena *arena, const gs_cache_params *p,
                             gs_diag *diag)
{
    uint32_t i, buckets = cache_pow2_at_least(p->unbounded_max_lines);
    gs_status st;
    c->n_lines = cache_line_count(p);
    c->mq_capacity = cache_mq_capacity(p);
    if (c->n_lines)
        c->lines = (gs_cache_line *)gs_arena_alloc(arena, c->n_lines * sizeof(gs_cache_line));
    c->mq = (gs_cache_miss *)gs_arena_alloc(arena, c->mq_capacity * sizeof(gs_cache_miss));
    if ((c->n_lines && c->lines == NULL) || c->mq == NULL)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for a cache of %u "
                           "lines (need %u bytes)", (unsigned)c->n_lines,
                           (unsigned)gs_cache_arena_bytes(p));
    st = gs_mshr_init(&c->mshr, arena, gs_cache_mshr_entries(p), gs_cache_mshr_merge(p),
                      p->mshr_waiter_limit, diag);
    if (st == GS_OK)
        st = gs_cache_policy_init(&c->policy, arena, cache_policy_kind(p), &p->policy,
                                  p->config.n_sets, c->way_stride, diag);
    if (st != GS_OK || p->mode != GS_CACHE_MODE_UNBOUNDED)
        return st;
    c->unb_buckets = (uint32_t *)gs_arena_alloc(arena, buckets * sizeof(uint32_t));
    if (c->unb_buckets == NULL)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for an unbounded "
                           "cache of %u lines", (unsigned)c->n_lines);
    c->unb_bucket_mask = buckets - 1u;
    for (i = 0; i < buckets; i++)
        c->unb_buckets[i] = GS_CACHE_NONE;
    return GS_OK;
}

gs_status gs_cache_init(gs_cache *c, gs_arena *arena, const gs_cache_params *p,
                        gs_diag *diag)
{
    gs_status st;
    uint32_t sectors;
    memset(c, 0, sizeof *c);
    st = cache_check(c, p, diag);
    if (st != GS_OK)
        return st;
    c->cfg = p->config;
    c->way_stride = cache_way_stride(p);
    c->mode = p->mode;
    c->on_fill = (uint8_t)(p->config.alloc_policy != GS_ALLOC_ON_MISS);
    c->full_mask = p->config.sector ? (1u << GS_CACHE_SECTORS) - 1u : 1u;
    sectors = p->config.line_bytes / GS_CACHE_SECTOR_BYTES;
    sectors = sectors == 0 ? 1u : (sectors > 32u ? 32u : sectors);
    c->mem_line_mask = sectors == 32u ? 0xFFFFFFFFu : (1u << sectors) - 1u;
    return cache_alloc(c, arena, p, diag);
}

void gs_cache_set_events(gs_cache *c, const gs_event_bus *bus, unsigned level, uint32_t unit)
{
    int l2 = level == GS_LEVEL_L2;
    c->bus = bus;
    c->ev_unit = unit;
    c->ev_level = (uint8_t)level;
    c->ev_domain = (uint8_t)(l2 ? GS_DOMAIN_L2 : GS_DOMAIN_CORE);
    c->ev_access = (uint8_t)(l2 ? GS_EV_L2_ACCESS : GS_EV_L1D_ACCESS);
    c->ev_fill = (uint8_t)(l2 ? GS_EV_L2_FILL : GS_EV_L1D_FILL);
    c->ev_evict = (uint8_t)(l2 ? GS_EV_L2_EVICT : GS_EV_L1D_EVICT);
}

void gs_cache_event_init(const gs_cache *c, gs_event *ev, unsigned kind, uint64_t cycle,
                         uint16_t sm, uint16_t warp, uint32_t pc)
{
    gs_event_clear(ev, kind, c->ev_domain, cycle);
    ev->level = c->ev_level;
    ev->unit = c->ev_unit;
    ev->origin.sm = sm;
    ev->origin.warp = warp;
    ev->origin.pc = pc;
}

void gs_cachei_mshr_event(const gs_cache *c, unsigned kind, uint64_t line_addr,
                          uint64_t cycle, const gs_cache_request *rq, uint32_t value)
{
    gs_event ev;
    if (!GS_EVENT_WANTED(c->bus, kind))
        return;
    gs_cache_event_init(c, &ev, kind, cycle, rq ? rq->sm : GS_ORIGIN_NONE,
                    rq ? rq->warp : GS_ORIGIN_NONE, rq ? rq->pc : 0);
    ev.addr = line_addr;
    ev.value = value;
    gs_event_emit(c->bus, &ev);
}

/* Invalidate the lines of ways [first_way, assoc) of every set; returns the
 * allocated ones (gs_cache_set_ways has the rules). */
static uint32_t cache_drop_ways(gs_cache *c, uint32_t first_way)
{
    uint32_t set, w, dropped = 0;
    /* Only ways that ever held a line are visited: a flush of a large,
     * mostly empty L1D (a100: 384 ways) touches no untouched memory. */
    uint32_t end = c->ways_touched < c->cfg.assoc ? c->ways_touched : c->cfg.assoc;
    for (set = 0; first_way < end && set < c->cfg.n_sets; set++) {
        for (w = first_way; w < end; w++) {
            gs_cache_line *l = &c->lines[set * c->way_stride + w];
            if (l->allocated)
                gs_cachei_invalidated(c, set, w);
            dropped += l->allocated;
            c->stats.dropped_dirty += l->dirty_mask != 0;
            memset(l, 0, sizeof *l);
        }
    }
    if (first_way < c->ways_touched)
        c->ways_touched = first_way;
    return dropped;
}

uint32_t gs_cache_invalidate_all(gs_cache *c)
{
    GS_ASSERT(c->mode == GS_CACHE_MODE_NORMAL);
    return cache_drop_ways(c, 0);
}

uint32_t gs_cache_set_ways(gs_cache *c, uint32_t ways, int on_fill)
{
    uint32_t dropped;
    GS_ASSERT(c->mode == GS_CACHE_MODE_NORMAL && ways >= 1u && ways <= c->way_stride);
    dropped = cache_drop_ways(c, ways);
    c->cfg.assoc = ways;
    c->on_fill = (uint8_t)(on_fill != 0);
    return dropped;
}

static void cache_push(gs_cache *c, const gs_cache_miss *miss);

/* Queue the write-back of dirty line l below (an eviction's or a flush's):
 * its dirty sectors, as the owner's data going below. */
static void cache_push_writeback(gs_cache *c, const gs_cache_line *l, uint64_t cycle)
{
    gs_cache_miss wb;
    memset(&wb, 0, sizeof wb);
    wb.line_addr = l->line_addr;
    wb.cycle = cycle;
    wb.sector_mask = gs_cachei_mem_mask(c, l->dirty_mask);
    wb.size_bytes = c->cfg.sector ? GS_CACHE_SECTOR_BYTES * cache_popcount(l->dirty_mask)
                                  : c->cfg.line_bytes;
    wb.sm = l->owner_sm;
    wb.warp = l->owner_warp;
    wb.kind = GS_CACHE_MISS_WRITEBACK;
    cache_push(c, &wb);
    c->stats.writebacks++;
}

/* Fold the owed line in way `from_way` of `set` into `into`, a copy of the
 * same line in another way: its valid and dirty sectors become into's (the
 * data is in the cache either way; a fill into's pending sectors brings
 * nothing newer than them) and its way empties, one owed line fewer. */
static void resize_fold(gs_cache *c, uint32_t set, gs_cache_line *into, uint32_t from_way)
{
    gs_cache_line *from = &c->lines[set * c->way_stride + from_way];
    into->valid_mask |= from->valid_mask;
    into->dirty_mask |= from->dirty_mask;
    gs_cachei_invalidated(c, set, from_way);
    memset(from, 0, sizeof *from);
    c->flush_owed--;
}

/* Way `w` of `set` comes back on: its owed line is a line again, unless a
 * copy of it is in a lower way (allocated meanwhile, or taken back just
 * before); then it folds into that copy, so no set holds a line twice. */
static void resize_take_back(gs_cache *c, uint32_t set, uint32_t w)
{
    gs_cache_line *base = &c->lines[set * c->way_stride], *l = &base[w];
    uint32_t v;
    if (!l->allocated)
        return;
    for (v = 0; v < w; v++)
        if (base[v].allocated && base[v].line_addr == l->line_addr) {
            resize_fold(c, set, &base[v], w);
            return;
        }
    c->flush_owed--;
    if (w + 1u > c->ways_touched)   /* a line again: invalidations must visit it */
        c->ways_touched = w + 1u;
}

/* Line `l` in way `w` of `set` goes off with dirty data (or a fetch-on-write
 * fill that will make it dirty): owed a write-back. An older owed copy of it
 * (from an earlier shrink) folds into it, so the line is written back once,
 * with its newest data. */
static void resize_owe(gs_cache *c, uint32_t set, gs_cache_line *l)
{
    uint32_t v;
    for (v = c->cfg.assoc; v < c->flush_hi; v++) {
        gs_cache_line *older = &c->lines[set * c->way_stride + v];
        if (older->allocated && older->line_addr == l->line_addr)
            resize_fold(c, set, l, v);
    }
    l->pending_mask = 0;   /* its fill, if any, is forgotten (it caches nothing now) */
    c->flush_owed++;
}

void gs_cache_resize_ways(gs_cache *c, uint32_t ways)
{
    uint32_t set, w;
    GS_ASSERT(c->mode == GS_CACHE_MODE_NORMAL && ways >= 1u && ways <= c->way_stride);
    if (ways > c->cfg.assoc) {   /* owed lines in the ways coming back are lines again */
        uint32_t end = c->flush_hi < ways ? c->flush_hi : ways;
        for (set = 0; c->flush_owed > 0 && set < c->cfg.n_sets; set++)
            for (w = c->cfg.assoc; w < end; w++)
                resize_take_back(c, set, w);
        if (c->flush_owed == 0 || ways >= c->flush_hi)
            c->flush_hi = 0;
        c->cfg.assoc = ways;
        return;
    }
    for (set = 0; set < c->cfg.n_sets; set++) {
        uint32_t end = c->ways_touched < c->cfg.assoc ? c->ways_touched : c->cfg.assoc;
        int dirty_set = 0;
        for (w = ways; w < end; w++) {
            gs_cache_line *l = &c->lines[set * c->way_stride + w];
            uint32_t entry;
            if (!l->allocated)
                continue;
            if (l->pending_mask != 0 &&   /* fetch-on-write: dirty once its data lands */
                (entry = gs_mshr_find(&c->mshr, l->line_addr)) != GS_MSHR_NONE &&
                c->mshr.entries[entry].dirty_on_fill)
                l->dirty_mask = (uint8_t)(l->dirty_mask | l->pending_mask);
            if (l->dirty_mask != 0) {
                resize_owe(c, set, l);
                dirty_set = 1;
                continue;
            }
            gs_cachei_invalidated(c, set, w);
            memset(l, 0, sizeof *l);
        }
        c->stats.flush_dirty_sets += (uint64_t)dirty_set;
    }
    if (c->flush_owed > 0 && c->cfg.assoc > c->flush_hi)
        c->flush_hi = c->cfg.assoc;
    c->flush_set = 0;
    c->cfg.assoc = ways;
}

int gs_cache_flush_step(gs_cache *c, uint64_t cycle)
{
    uint32_t w;
    if (c->flush_owed == 0 || gs_cachei_mq_room(c) == 0)
        return 0;
    for (; c->flush_set < c->cfg.n_sets; c->flush_set++) {
        for (w = c->cfg.assoc; w < c->flush_hi; w++) {
            gs_cache_line *l = &c->lines[c->flush_set * c->way_stride + w];
            if (!l->allocated)
                continue;
            cache_push_writeback(c, l, cycle);
            c->stats.flush_writebacks++;
            gs_cachei_invalidated(c, c->flush_set, w);
            memset(l, 0, sizeof *l);
            if (--c->flush_owed == 0)
                c->flush_hi = 0;
            return 1;
        }
    }
    GS_ASSERT(0);   /* owed lines exist only in the walk's range */
    return 0;
}

/* ---- lines ------------------------------------------------------------- */

uint64_t gs_cachei_line_addr(const gs_cache *c, uint64_t addr)
{
    return addr & ~(((uint64_t)1 << c->line_log2) - 1u);
}

uint32_t gs_cachei_set(const gs_cache *c, const gs_cache_request *rq)
{
    if (c->mode != GS_CACHE_MODE_NORMAL)
        return 0;
    return gs_set_index_lookup(&c->index, rq->use_index_addr ? rq->index_addr : rq->addr);
}

uint32_t gs_cachei_units(const gs_cache *c, uint32_t sector_mask)
{
    return c->cfg.sector ? (sector_mask & c->full_mask) : 1u;
}

uint32_t gs_cachei_mem_mask(const gs_cache *c, uint32_t units)
{
    return c->cfg.sector ? units : c->mem_line_mask;
}

static uint32_t cache_unb_bucket(const gs_cache *c, uint64_t line_addr)
{
    uint64_t h = (line_addr >> c->line_log2) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> 32) & c->unb_bucket_mask;
}

/* UNBOUNDED: the slot bound to line_addr (allocated or not), or NONE. */
static uint32_t cache_unb_slot(const gs_cache *c, uint64_t line_addr)
{
    uint32_t i = c->unb_buckets[cache_unb_bucket(c, line_addr)];
    while (i != GS_CACHE_NONE && c->lines[i].line_addr != line_addr)
        i = c->lines[i].chain_next;
    return i;
}

uint32_t gs_cachei_find(const gs_cache *c, uint32_t set, uint64_t line_addr)
{
    uint32_t w, base;
    if (c->mode == GS_CACHE_MODE_UNBOUNDED) {
        w = cache_unb_slot(c, line_addr);
        return (w != GS_CACHE_NONE && c->lines[w].allocated) ? w : GS_CACHE_NONE;
    }
    if (c->mode == GS_CACHE_MODE_BYPASS)
        return GS_CACHE_NONE;
    base = set * c->way_stride;
    for (w = 0; w < c->cfg.assoc; w++) {
        const gs_cache_line *l = &c->lines[base + w];
        if (l->allocated && l->line_addr == line_addr)
            return base + w;
    }
    return GS_CACHE_NONE;
}

/* A way to (re)use: the first invalid way, else the policy's choice among
 * lines with no pending fill (GPGPU-Sim tag_array::probe); NONE when every
 * way is reserved. UNBOUNDED: the slot bound to the line, else a fresh one;
 * NONE when the footprint is full. */
uint32_t gs_cachei_victim(const gs_cache *c, uint32_t set, uint64_t line_addr,
                          const gs_cache_request *ctx)
{
    uint32_t w, base;
    if (c->mode == GS_CACHE_MODE_UNBOUNDED) {
        w = cache_unb_slot(c, line_addr);
        if (w != GS_CACHE_NONE)
            return w;
        return c->unb_used < c->n_lines ? c->unb_used : GS_CACHE_NONE;
    }
    if (c->mode == GS_CACHE_MODE_BYPASS)
        return GS_CACHE_NONE;
    base = set * c->way_stride;
    for (w = 0; w < c->cfg.assoc; w++)
        if (!c->lines[base + w].allocated)
            return base + w;
    w = c->policy.ops->victim(&c->policy, set, &c->lines[base], c->cfg.assoc, ctx);
    return w == GS_CACHE_POLICY_NONE ? GS_CACHE_NONE : base + w;
}

uint32_t gs_cachei_victim_mq(const gs_cache *c, uint32_t victim)
{
    if (victim == GS_CACHE_NONE)
        return 0;
    return (c->lines[victim].allocated && c->lines[victim].dirty_mask) ? 1u : 0u;
}

static void cache_push(gs_cache *c, const gs_cache_miss *miss)
{
    GS_ASSERT(c->mq_count < c->mq_capacity);
    c->mq[(c->mq_head + c->mq_count) % c->mq_capacity] = *miss;
    c->mq_count++;
}

static void cache_evict(gs_cache *c, uint32_t victim, const gs_cache_request *by,
                        uint64_t cycle, gs_cache_result *res)
{
    gs_cache_line *l = &c->lines[victim];
    gs_event ev;
    if (l->dirty_mask) {
        cache_push_writeback(c, l, cycle);
        res->writeback = 1;
        res->queued++;
    }
    c->stats.evictions++;
    res->evicted = 1;
    res->victim_line = l->line_addr;
    if (GS_EVENT_WANTED(c->bus, c->ev_evict)) {
        gs_cache_event_init(c, &ev, c->ev_evict, cycle, by->sm, by->warp, by->pc);
        ev.addr = l->line_addr;
        ev.owner_sm = l->owner_sm;
        ev.owner_warp = l->owner_warp;
        ev.dirty = l->dirty_mask != 0;
        gs_event_emit(c->bus, &ev);
    }
}

void gs_cachei_replace(gs_cache *c, uint32_t set, uint32_t victim, uint64_t line_addr,
                       const gs_cache_request *ctx, uint64_t cycle, gs_cache_result *res)
{
    gs_cache_line *l = &c->lines[victim];
    uint32_t way = victim - set * c->way_stride;
    if (l->allocated && l->line_addr != line_addr) {
        if (c->policy.ops->on_evict != NULL)
            c->policy.ops->on_evict(&c->policy, set, way, ctx);
        cache_evict(c, victim, ctx, cycle, res);
    }
    if (c->mode == GS_CACHE_MODE_UNBOUNDED && !l->bound) {
        uint32_t b = cache_unb_bucket(c, line_addr);
        GS_ASSERT(victim == c->unb_used);
        c->unb_used++;
        l->bound = 1;
        l->chain_next = c->unb_buckets[b];
        c->unb_buckets[b] = victim;
    }
    if (c->mode == GS_CACHE_MODE_NORMAL && victim % c->way_stride + 1u > c->ways_touched)
        c->ways_touched = victim % c->way_stride + 1u;
    l->line_addr = line_addr;
    l->allocated = 1;
    l->valid_mask = 0;
    l->pending_mask = 0;
    l->dirty_mask = 0;
    l->owner_sm = ctx->sm;
    l->owner_warp = ctx->warp;
    c->policy.ops->on_insert(&c->policy, set, way, ctx);
}

void gs_cachei_touch(gs_cache *c, uint32_t set, uint32_t line, const gs_cache_request *ctx)
{
    c->policy.ops->on_hit(&c->policy, set, line - set * c->way_stride, ctx);
}

void gs_cachei_invalidated(gs_cache *c, uint32_t set, uint32_t way)
{
    if (c->policy.ops->on_invalidate != NULL)
        c->policy.ops->on_invalidate(&c->policy, set, way);
}

uint32_t gs_cachei_mq_room(const gs_cache *c)
{
    return c->mq_capacity - c->mq_count;
}

void gs_cachei_fail(gs_cache_result *res, gs_cache_fail why)
{
    res->outcome = GS_CACHE_RESERVATION_FAIL;
    res->fail = (uint8_t)why;
}

void gs_cachei_push_read(gs_cache *c, const gs_cache_request *rq, uint64_t line_addr,
                            uint32_t units, uint64_t cycle, gs_cache_result *res)
{
    gs_cache_miss m;
    memset(&m, 0, sizeof m);
    m.line_addr = line_addr;
    m.cycle = cycle;
    m.sector_mask = gs_cachei_mem_mask(c, units);
    m.size_bytes = c->cfg.sector ? GS_CACHE_SECTOR_BYTES * cache_popcount(units)
                                 : c->cfg.line_bytes;
    m.token = rq->token;
    m.pc = rq->pc;
    m.sm = rq->sm;
    m.warp = rq->warp;
    m.lanes = rq->lanes;
    m.kind = GS_CACHE_MISS_READ;
    m.space = rq->space;
    cache_push(c, &m);
    c->stats.read_requests++;
    res->queued++;
}

void gs_cachei_push_write(gs_cache *c, const gs_cache_request *rq, uint64_t cycle,
                          gs_cache_result *res)
{
    gs_cache_miss m;
    memset(&m, 0, sizeof m);
    m.line_addr = gs_cachei_line_addr(c, rq->addr);
    m.cycle = cycle;
    m.sector_mask = rq->sector_mask;
    m.size_bytes = rq->size_bytes ? rq->size_bytes
                                  : GS_CACHE_SECTOR_BYTES * cache_popcount(rq->sector_mask);
    m.token = rq->token;
    m.pc = rq->pc;
    m.sm = rq->sm;
    m.warp = rq->warp;
    m.lanes = rq->lanes;
    m.kind = GS_CACHE_MISS_WRITE;
    m.space = rq->space;
    cache_push(c, &m);
    c->stats.write_requests++;
    res->queued++;
}

/* ---- miss queue, probes, statistics ---------------------------------- */

uint32_t gs_cache_miss_count(const gs_cache *c)
{
    return c->mq_count;
}

const gs_cache_miss *gs_cache_miss_peek(const gs_cache *c)
{
    return c->mq_count ? &c->mq[c->mq_head] : NULL;
}

int gs_cache_miss_pop(gs_cache *c, gs_mem_req *req)
{
    const gs_cache_miss *m = gs_cache_miss_peek(c);
    uint32_t entry;
    if (m == NULL)
        return 0;
    req->line_addr = m->line_addr;
    req->sector_mask = m->sector_mask;
    req->size_bytes = m->size_bytes;
    req->kind = (uint8_t)(m->kind == GS_CACHE_MISS_READ ? GS_REQ_READ : GS_REQ_WRITE);
    req->space = m->space;
    req->flags = (uint16_t)(m->kind == GS_CACHE_MISS_WRITEBACK ? GS_REQ_WRITEBACK : 0);
    req->origin_sm = m->sm;
    req->origin_warp = m->warp;
    req->origin_lanes = m->lanes;
    req->origin_pc = m->pc;
    req->created_cycle = m->cycle;
    req->merge_count = 1;
    if (m->kind == GS_CACHE_MISS_READ && c->mode != GS_CACHE_MODE_BYPASS) {
        entry = gs_mshr_find(&c->mshr, m->line_addr);
        if (entry != GS_MSHR_NONE && c->mshr.entries[entry].merged_total > 0)
            req->merge_count = c->mshr.entries[entry].merged_total;
    }
    c->mq_head = (c->mq_head + 1u) % c->mq_capacity;
    c->mq_count--;
    return 1;
}

uint32_t gs_cache_mshr_merges(const gs_cache *c, uint64_t line_addr)
{
    uint32_t entry = gs_mshr_find(&c->mshr, gs_cachei_line_addr(c, line_addr));
    return entry == GS_MSHR_NONE ? 0 : c->mshr.entries[entry].merged_total;
}

uint32_t gs_cache_set_of(const gs_cache *c, uint64_t addr)
{
    gs_cache_request rq;
    memset(&rq, 0, sizeof rq);
    rq.addr = addr;
    return gs_cachei_set(c, &rq);
}

uint32_t gs_cache_find(const gs_cache *c, uint64_t addr)
{
    uint64_t la = gs_cachei_line_addr(c, addr);
    return gs_cachei_find(c, gs_cache_set_of(c, addr), la);
}

/* Where a line is headed (mem/cache.h). */
gs_cache_holding gs_cache_holding_of(const gs_cache *c, uint64_t addr)
{
    uint64_t la = gs_cachei_line_addr(c, addr);
    uint32_t line, entry;
    if (c->mode != GS_CACHE_MODE_NORMAL)
        return GS_CACHE_HOLDS_NONE;
    line = gs_cachei_find(c, gs_cache_set_of(c, addr), la);
    if (line != GS_CACHE_NONE) {
        const gs_cache_line *l = &c->lines[line];
        if (l->pending_mask == 0 && l->dirty_mask == 0 && l->valid_mask == c->full_mask)
            return GS_CACHE_HOLDS_CLEAN;
        return GS_CACHE_HOLDS_BUSY;
    }
    entry = gs_mshr_find(&c->mshr, la);
    if (entry == GS_MSHR_NONE)
        return GS_CACHE_HOLDS_NONE;
    if (c->mshr.entries[entry].insert_on_fill)
        return GS_CACHE_HOLDS_BUSY;
    return c->mshr.entries[entry].fill_redirected ? GS_CACHE_HOLDS_REDIRECTED_FILL
                                                  : GS_CACHE_HOLDS_PASSING_FILL;
}

int gs_cache_take_line(gs_cache *c, uint64_t addr, uint32_t *owner_warp)
{
    uint32_t set, line;
    gs_cache_line *l;
    if (c->mode != GS_CACHE_MODE_NORMAL)
        return 0;
    set = gs_cache_set_of(c, addr);
    line = gs_cachei_find(c, set, gs_cachei_line_addr(c, addr));
    if (line == GS_CACHE_NONE)
        return 0;
    l = &c->lines[line];
    if (l->pending_mask != 0 || l->dirty_mask != 0 || l->valid_mask != c->full_mask)
        return 0;   /* not CLEAN (gs_cache_holding_of) */
    *owner_warp = l->owner_warp;
    gs_cachei_invalidated(c, set, line - set * c->way_stride);
    memset(l, 0, sizeof *l);
    return 1;
}

int gs_cache_fill_redirected(const gs_cache *c, uint64_t line_addr)
{
    uint32_t entry = gs_mshr_find(&c->mshr, line_addr);
    return entry != GS_MSHR_NONE && c->mshr.entries[entry].fill_redirected;
}

const gs_cache_line *gs_cache_line_at(const gs_cache *c, uint32_t index)
{
    GS_ASSERT(index < c->n_lines);
    return &c->lines[index];
}

static void cache_put(gs_stats *stats, const char *prefix, const char *name, uint64_t value)
{
    char full[GS_STAT_NAME_MAX];
    gs_fmt(full, sizeof full, "%s%s", prefix, name);
    gs_stats_put_count(stats, full, value);
}

void gs_cache_accumulate(gs_cache *sum, const gs_cache *c)
{
    const gs_cache_stats *s = &c->stats;
    uint32_t f, a;
    sum->stats.reads += s->reads;
    sum->stats.writes += s->writes;
    sum->stats.hits += s->hits;
    sum->stats.pending_hits += s->pending_hits;
    sum->stats.misses += s->misses;
    sum->stats.sector_misses += s->sector_misses;
    for (f = 0; f < GS_CACHE_FAIL_COUNT; f++)
        sum->stats.fails[f] += s->fails[f];
    for (a = 0; a < GS_ACC_COUNT; a++)
        for (f = 0; f < GS_CST_COUNT; f++)
            sum->stats.breakdown[a][f] += s->breakdown[a][f];
    sum->stats.mshr_merges += s->mshr_merges;
    sum->stats.evictions += s->evictions;
    sum->stats.writebacks += s->writebacks;
    sum->stats.invalidations += s->invalidations;
    sum->stats.read_requests += s->read_requests;
    sum->stats.write_requests += s->write_requests;
    sum->stats.fills += s->fills;
    sum->stats.unbounded_overflows += s->unbounded_overflows;
    sum->stats.flush_writebacks += s->flush_writebacks;
    sum->stats.flush_dirty_sets += s->flush_dirty_sets;
    if (c->mshr.high_water > sum->mshr.high_water)
        sum->mshr.high_water = c->mshr.high_water;
    gs_cache_policy_accumulate(&sum->policy, &c->policy);
}

static const char *const acc_names[GS_ACC_COUNT] = {
    "GLOBAL_ACC_R", "LOCAL_ACC_R", "CONST_ACC_R", "TEXTURE_ACC_R", "GLOBAL_ACC_W",
    "LOCAL_ACC_W", "L1_WRBK_ACC", "L2_WRBK_ACC", "INST_ACC_R", "L1_WR_ALLOC_R",
    "L2_WR_ALLOC_R"
};

static const char *const status_names[GS_CST_COUNT] = {
    "HIT", "HIT_RESERVED", "MISS", "RESERVATION_FAIL", "SECTOR_MISS", "MSHR_HIT"
};

const char *gs_cache_acc_name(unsigned acc)
{
    GS_ASSERT(acc < GS_ACC_COUNT);
    return acc_names[acc];
}

const char *gs_cache_status_name(unsigned status)
{
    GS_ASSERT(status < GS_CST_COUNT);
    return status_names[status];
}

unsigned gs_cache_acc_of(const gs_cache_request *rq)
{
    if (rq->origin == GS_CACHE_ORIGIN_INST)
        return GS_ACC_INST_R;
    if (rq->origin == GS_CACHE_ORIGIN_L1_WRITEBACK)
        return GS_ACC_L1_WRBK;
    switch (rq->space) {
    case GS_SPACE_LOCAL:
        return rq->is_write ? GS_ACC_LOCAL_W : GS_ACC_LOCAL_R;
    case GS_SPACE_CONST:
    case GS_SPACE_PARAM:
        return rq->is_write ? GS_ACC_GLOBAL_W : GS_ACC_CONST_R;
    case GS_SPACE_TEX:
        return rq->is_write ? GS_ACC_GLOBAL_W : GS_ACC_TEXTURE_R;
    default:
        return rq->is_write ? GS_ACC_GLOBAL_W : GS_ACC_GLOBAL_R;
    }
}

/* HIT + HIT_RESERVED + MISS + SECTOR_MISS (GPGPU-Sim's TOTAL_ACCESS: MSHR_HIT
 * is already among the misses, reservation fails are not accesses). */
static uint64_t row_total(const uint64_t *row)
{
    return row[GS_CST_HIT] + row[GS_CST_HIT_RESERVED] + row[GS_CST_MISS] +
           row[GS_CST_SECTOR_MISS];
}

uint64_t gs_cache_all_accesses(const gs_cache_stats *s)
{
    uint64_t n = 0;
    uint32_t a;
    for (a = 0; a < GS_ACC_COUNT; a++)
        n += row_total(s->breakdown[a]);
    return n;
}

void gs_cache_totals_of(const gs_cache_stats *s, gs_cache_totals *t)
{
    uint32_t a;
    memset(t, 0, sizeof *t);
    for (a = 0; a < GS_ACC_COUNT; a++) {
        const uint64_t *row = s->breakdown[a];
        uint64_t total = row_total(row);
        if (a == GS_ACC_INST_R)
            continue;   /* instruction fetches are not data (issue 14) */
        t->accesses += total;
        t->hits += row[GS_CST_HIT];
        t->pending_hits += row[GS_CST_HIT_RESERVED];
        t->misses += row[GS_CST_MISS] + row[GS_CST_SECTOR_MISS];
        t->sector_misses += row[GS_CST_SECTOR_MISS];
        t->reservation_fails += row[GS_CST_RESERVATION_FAIL];
        if (a == GS_ACC_GLOBAL_W || a == GS_ACC_LOCAL_W || a == GS_ACC_L1_WRBK ||
            a == GS_ACC_L2_WRBK)
            t->writes += total;
        else
            t->reads += total;
    }
}

void gs_cache_report_breakdown(const gs_cache_stats *s, gs_stats *out, const char *name)
{
    char full[GS_STAT_NAME_MAX];
    uint32_t a, st;
    gs_stats_set_indent(out, 1);
    for (a = 0; a < GS_ACC_COUNT; a++) {
        const uint64_t *row = s->breakdown[a];
        if (a != GS_ACC_GLOBAL_R && a != GS_ACC_GLOBAL_W &&
            row_total(row) + row[GS_CST_RESERVATION_FAIL] == 0)
            continue;
        for (st = 0; st < GS_CST_COUNT; st++) {
            gs_fmt(full, sizeof full, "%s[%s][%s]", name, acc_names[a], status_names[st]);
            gs_stats_put_count(out, full, row[st]);
        }
        gs_fmt(full, sizeof full, "%s[%s][TOTAL_ACCESS]", name, acc_names[a]);
        gs_stats_put_count(out, full, row_total(row));
    }
    gs_stats_set_indent(out, 0);
}

void gs_cache_report(const gs_cache *c, gs_stats *stats, const char *prefix)
{
    const gs_cache_stats *s = &c->stats;
    uint64_t accesses = s->hits + s->pending_hits + s->misses;
    char full[GS_STAT_NAME_MAX];
    gs_cache_totals t;
    gs_cache_totals_of(s, &t);
    /* GPGPU-Sim's summary, per sector, data only */
    cache_put(stats, prefix, "total_cache_accesses", t.accesses);
    cache_put(stats, prefix, "total_cache_read_accesses", t.reads);
    cache_put(stats, prefix, "total_cache_write_accesses", t.writes);
    cache_put(stats, prefix, "total_cache_hits", t.hits);
    cache_put(stats, prefix, "total_cache_pending_hits", t.pending_hits);
    cache_put(stats, prefix, "total_cache_misses", t.misses);
    cache_put(stats, prefix, "total_cache_sector_misses", t.sector_misses);
    gs_fmt(full, sizeof full, "%stotal_cache_miss_rate", prefix);
    gs_stats_put_ratio(stats, full, t.misses, t.accesses, 4);
    cache_put(stats, prefix, "total_cache_reservation_fails", t.reservation_fails);
    /* gpusim's line-level counts: one per access of a line, fetches included */
    cache_put(stats, prefix, "total_line_accesses", accesses);
    cache_put(stats, prefix, "total_line_read_accesses", s->reads);
    cache_put(stats, prefix, "total_line_write_accesses", s->writes);
    cache_put(stats, prefix, "total_line_hits", s->hits);
    cache_put(stats, prefix, "total_line_pending_hits", s->pending_hits);
    cache_put(stats, prefix, "total_line_misses", s->misses);
    cache_put(stats, prefix, "total_line_sector_misses", s->sector_misses);
    gs_fmt(full, sizeof full, "%stotal_line_miss_rate", prefix);
    gs_stats_put_ratio(stats, full, s->misses, accesses, 4);
    cache_put(stats, prefix, "total_line_reservation_fails", s->fails[GS_CACHE_FAIL_NONE]);
    /* Reservation fails by reason. Seed 002's three L2 reasons (B2, README "Decisions"):
     * 1 "the line has been reserved by another request but not filled" is line_alloc (every
     * line of the set reserved), 2 miss_queue_full, 3 mshr_entry; mshr_merge_entry (an entry's
     * merges all taken) is a fourth. */
    cache_put(stats, prefix, "cache_fail_line_alloc", s->fails[GS_CACHE_FAIL_LINE_ALLOC]);
    cache_put(stats, prefix, "cache_fail_miss_queue_full",
              s->fails[GS_CACHE_FAIL_MISS_QUEUE_FULL]);
    cache_put(stats, prefix, "cache_fail_mshr_entry", s->fails[GS_CACHE_FAIL_MSHR_ENTRY]);
    cache_put(stats, prefix, "cache_fail_mshr_merge_entry", s->fails[GS_CACHE_FAIL_MSHR_MERGE]);
    cache_put(stats, prefix, "cache_mshr_merges", s->mshr_merges);
    cache_put(stats, prefix, "cache_mshr_high_water", c->mshr.high_water);
    cache_put(stats, prefix, "cache_evictions", s->evictions);
    cache_put(stats, prefix, "cache_writebacks", s->writebacks);
    cache_put(stats, prefix, "cache_invalidations", s->invalidations);
    cache_put(stats, prefix, "cache_read_requests", s->read_requests);
    cache_put(stats, prefix, "cache_write_requests", s->write_requests);
    cache_put(stats, prefix, "cache_fills", s->fills);
    cache_put(stats, prefix, "cache_unbounded_overflows", s->unbounded_overflows);
    gs_cache_policy_report(&c->policy, stats, prefix);
}
