/*
 * Write policies of the generic cache (spec/formats.md section 2.1 write and
 * write-allocate letters; spec/seed-004-gpgpu-arch-book.md section 1.3.2
 * "Writes": global write-through without allocation, local write-back;
 * GPGPU-Sim data_cache wr_hit_* / wr_miss_* semantics).
 *
 * Write hit (every requested sector valid):
 *   B write-back     mark the sectors dirty; nothing goes below.
 *   T write-through  send the write below; the line stays (clean).
 *   E write-evict    send the write below and invalidate the sectors.
 *   L local WB / global WT: local space as B, every other space as E.
 *     Decision: GPGPU-Sim names it LOCAL_WB_GLOBAL_WT but its hit function
 *     is wr_hit_global_we_local_wb, and seed-000 Table 4.1 describes the same
 *     GTX480 L1 as "global-write-evict-local-write-back": global hits evict.
 *   R read-only: a write is a simulator bug.
 * Write miss (by the write-allocate letter):
 *   N  send the write below, allocate nothing.
 *   W  (3.x naive) send the write below AND take a read miss for the line
 *      (allocating as a read would); needs one miss-queue slot more.
 *   F  fetch-on-write: a write that covers whole sectors (whole line for a
 *      non-sector cache) allocates them valid and dirty without a fetch; a
 *      partial write takes a read miss whose fill makes the line dirty.
 *   L  lazy-fetch-on-read: allocate without a fetch; wholly written sectors
 *      become valid, every written sector dirty; a later read of a partly
 *      written sector misses and fetches. Decision: GPGPU-Sim keeps byte
 *      masks; gpusim tracks whole 32-byte sectors (full_mask from the
 *      coalescer), which gives the same fetches for sector-aligned writes.
 * Write-through with F or L (the QV100/A100 L1D `L:T:m:L:L`): the write is
 * sent below as every write-through write is, the allocated sectors stay
 * clean and a partial fetch-on-write takes the read without dirty-on-fill
 * (GPGPU-Sim wr_miss_wa_* send_write_request when WRITE_THROUGH and never
 * write back a write-through line). So a write-through cache never holds
 * dirty data, which the adaptive L1 (mem/cache_adapt.h) relies on.
 * Decision: a write to sectors whose fill is pending is sent below without
 * allocation (GPGPU-Sim treats a non-HIT write probe as a write miss and
 * cannot allocate a reserved line).
 */
#include "mem/cache_internal.h"

#include "base/inst.h"

static uint8_t cache_write_policy(const gs_cache *c, uint8_t space)
{
    if (c->cfg.write_policy == GS_WRITE_LOCAL_WB_GLOBAL_WT)
        return (uint8_t)(space == GS_SPACE_LOCAL ? GS_WRITE_BACK : GS_WRITE_EVICT);
    return c->cfg.write_policy;
}

static void cache_write_around(gs_cache *c, const gs_cache_request *rq, uint64_t cycle,
                               gs_cache_result *res)
{
    if (gs_cachei_mq_room(c) < 1u) {
        gs_cachei_fail(res, GS_CACHE_FAIL_MISS_QUEUE_FULL);
        return;
    }
    gs_cachei_push_write(c, rq, cycle, res);
    res->outcome = GS_CACHE_MISS;
}

static void cache_write_hit(gs_cache *c, const gs_cache_request *rq, uint32_t set,
                            uint32_t line, uint32_t units, uint64_t cycle,
                            gs_cache_result *res)
{
    gs_cache_line *l = &c->lines[line];
    uint8_t policy = cache_write_policy(c, rq->space);
    if (policy != GS_WRITE_BACK) {
        if (gs_cachei_mq_room(c) < 1u) {
            gs_cachei_fail(res, GS_CACHE_FAIL_MISS_QUEUE_FULL);
            return;
        }
        gs_cachei_push_write(c, rq, cycle, res);
    }
    res->outcome = GS_CACHE_HIT;
    if (policy == GS_WRITE_EVICT) {
        l->valid_mask = (uint8_t)(l->valid_mask & ~units);
        l->dirty_mask = (uint8_t)(l->dirty_mask & ~units);
        if ((l->valid_mask | l->pending_mask | l->dirty_mask) == 0) {
            gs_cachei_invalidated(c, set, line - set * c->way_stride);
            l->allocated = 0;
        }
        res->invalidated = 1;
        return;
    }
    if (policy == GS_WRITE_BACK)
        l->dirty_mask = (uint8_t)(l->dirty_mask | units);
    gs_cachei_touch(c, set, line, rq);
}

/* Units of the line the write covers completely. */
static uint32_t cache_full_units(const gs_cache *c, const gs_cache_request *rq)
{
    if (c->cfg.sector)
        return rq->full_mask & c->full_mask;
    return (rq->full_mask & c->mem_line_mask) == c->mem_line_mask ? 1u : 0u;
}

/* F (whole write) and L: the line is (made) present, nothing fetched; under
 * write-through the write also goes below and the line stays clean. */
static void cache_write_allocate(gs_cache *c, const gs_cache_request *rq, uint32_t set,
                                 uint32_t line, uint32_t valid_add, uint64_t cycle,
                                 gs_cache_result *res)
{
    uint64_t line_addr = gs_cachei_line_addr(c, rq->addr);
    uint32_t units = gs_cachei_units(c, rq->sector_mask), victim;
    int found = line != GS_CACHE_NONE;
    gs_cache_line *l;
    uint32_t through = cache_write_policy(c, rq->space) == GS_WRITE_THROUGH ? 1u : 0u;
    res->sector_miss = (uint8_t)(line != GS_CACHE_NONE);
    if (line != GS_CACHE_NONE && gs_cachei_mq_room(c) < through) {
        gs_cachei_fail(res, GS_CACHE_FAIL_MISS_QUEUE_FULL);
        return;
    }
    if (line == GS_CACHE_NONE) {
        victim = gs_cachei_victim(c, set, line_addr, rq);
        if (victim == GS_CACHE_NONE && c->mode == GS_CACHE_MODE_UNBOUNDED) {
            c->stats.unbounded_overflows++;
            cache_write_around(c, rq, cycle, res);
            return;
        }
        if (victim == GS_CACHE_NONE) {
            gs_cachei_fail(res, GS_CACHE_FAIL_LINE_ALLOC);
            return;
        }
        if (gs_cachei_mq_room(c) < gs_cachei_victim_mq(c, victim) + through) {
            gs_cachei_fail(res, GS_CACHE_FAIL_MISS_QUEUE_FULL);
            return;
        }
        gs_cachei_replace(c, set, victim, line_addr, rq, cycle, res);
        line = victim;
    }
    l = &c->lines[line];
    l->valid_mask = (uint8_t)(l->valid_mask | valid_add);
    if (through)
        gs_cachei_push_write(c, rq, cycle, res);
    else
        l->dirty_mask = (uint8_t)(l->dirty_mask | units);
    if (found)
        gs_cachei_touch(c, set, line, rq);   /* a line just inserted is not re-touched */
    res->outcome = GS_CACHE_MISS;
}

static void cache_write_miss(gs_cache *c, const gs_cache_request *rq, uint32_t set,
                             uint32_t line, uint32_t units, uint64_t cycle,
                             gs_cache_result *res)
{
    static const gs_cachei_read_opts naive = { 1, 0, 1, 1 };
    static const gs_cachei_read_opts fetch = { 0, 1, 1, 0 };
    uint32_t full = cache_full_units(c, rq);
    uint32_t entry = gs_mshr_find(&c->mshr, gs_cachei_line_addr(c, rq->addr));
    int pending = (line != GS_CACHE_NONE && (c->lines[line].pending_mask & units))
                  || (entry != GS_MSHR_NONE && (c->mshr.entries[entry].pending_mask & units));
    if (pending || rq->no_allocate || c->cfg.write_alloc == GS_WA_NONE) {
        cache_write_around(c, rq, cycle, res);
        return;
    }
    if (c->cfg.write_alloc == GS_WA_WRITE_ALLOCATE) {
        gs_cachei_read(c, rq, cycle, &naive, res);
        return;
    }
    if (c->cfg.write_alloc == GS_WA_FETCH_ON_WRITE) {
        if ((units & ~full) == 0)
            cache_write_allocate(c, rq, set, line, units, cycle, res);
        else if (cache_write_policy(c, rq->space) == GS_WRITE_THROUGH)
            gs_cachei_read(c, rq, cycle, &naive, res);    /* the write goes below now */
        else
            gs_cachei_read(c, rq, cycle, &fetch, res);
        return;
    }
    cache_write_allocate(c, rq, set, line, units & full, cycle, res);   /* lazy fetch on read */
}

void gs_cachei_write(gs_cache *c, const gs_cache_request *rq, uint64_t cycle,
                     gs_cache_result *res)
{
    uint32_t units = gs_cachei_units(c, rq->sector_mask), line, set;
    GS_ASSERT(c->cfg.write_policy != GS_WRITE_READ_ONLY);
    GS_ASSERT(units != 0);
    if (c->mode == GS_CACHE_MODE_BYPASS) {
        cache_write_around(c, rq, cycle, res);
        return;
    }
    set = gs_cachei_set(c, rq);
    line = gs_cachei_find(c, set, gs_cachei_line_addr(c, rq->addr));
    if (line != GS_CACHE_NONE && (units & ~c->lines[line].valid_mask) == 0)
        cache_write_hit(c, rq, set, line, units, cycle, res);
    else
        cache_write_miss(c, rq, set, line, units, cycle, res);
}
