/*
 * The generic cache's access entry point, read path and fills (mem/cache.h;
 * spec/seed-000-dwt-pric.md section 2.1 for the miss handling and the four
 * reservation-fail reasons, in the order explained at the top of cache.c).
 */
#include "mem/cache_internal.h"

#include <string.h>

/* What a read decided before changing any state. */
typedef struct cache_read_plan {
    uint64_t line_addr;
    uint32_t set, line, victim, entry, units, missing;
} cache_read_plan;

static int cache_allocates_on_miss(const gs_cache *c, const gs_cache_request *rq)
{
    return !c->on_fill && !rq->no_allocate && c->mode != GS_CACHE_MODE_BYPASS;
}

/* Steps 1-4 of seed-000 Fig 4.1 as checks; returns GS_CACHE_FAIL_NONE when
 * the miss can be taken. */
static gs_cache_fail cache_read_check(gs_cache *c, const gs_cache_request *rq,
                                      const gs_cachei_read_opts *o, cache_read_plan *p)
{
    uint32_t valid = p->line != GS_CACHE_NONE ? c->lines[p->line].valid_mask : 0;
    uint32_t pend = 0, need;
    /* A bypassing cache never merges: every read gets its own entry. */
    p->entry = c->mode == GS_CACHE_MODE_BYPASS ? GS_MSHR_NONE
                                               : gs_mshr_find(&c->mshr, p->line_addr);
    if (p->entry != GS_MSHR_NONE)
        pend = c->mshr.entries[p->entry].pending_mask;
    p->missing = p->units & ~valid & ~pend;
    p->victim = GS_CACHE_NONE;
    if (p->entry != GS_MSHR_NONE) {
        if (gs_mshr_merge_full(&c->mshr, p->entry))
            return GS_CACHE_FAIL_MSHR_MERGE;
    } else {
        if (p->line == GS_CACHE_NONE && cache_allocates_on_miss(c, rq)) {
            p->victim = gs_cachei_victim(c, p->set, p->line_addr, rq);
            if (p->victim == GS_CACHE_NONE && c->mode != GS_CACHE_MODE_UNBOUNDED)
                return GS_CACHE_FAIL_LINE_ALLOC;
        }
        if (gs_mshr_full(&c->mshr))
            return GS_CACHE_FAIL_MSHR_ENTRY;
    }
    need = o->extra_mq + (p->missing ? 1u : 0u) + gs_cachei_victim_mq(c, p->victim);
    if (gs_cachei_mq_room(c) < need)
        return GS_CACHE_FAIL_MISS_QUEUE_FULL;
    return GS_CACHE_FAIL_NONE;
}

static void cache_read_commit(gs_cache *c, const gs_cache_request *rq, uint64_t cycle,
                              const gs_cachei_read_opts *o, cache_read_plan *p,
                              gs_cache_result *res)
{
    int found = p->line != GS_CACHE_NONE;
    gs_mshr_waiter w;
    gs_mshr_entry *e;
    uint32_t valid = found ? c->lines[p->line].valid_mask : 0;
    if (p->victim != GS_CACHE_NONE) {
        gs_cachei_replace(c, p->set, p->victim, p->line_addr, rq, cycle, res);
        p->line = p->victim;
    } else if (!found && cache_allocates_on_miss(c, rq)) {
        c->stats.unbounded_overflows++;     /* UNBOUNDED footprint full: not cached */
    }
    if (p->entry == GS_MSHR_NONE) {
        p->entry = gs_mshr_alloc(&c->mshr, p->line_addr, p->set);
        e = &c->mshr.entries[p->entry];
        e->insert_on_fill = (uint8_t)(c->on_fill && !rq->no_allocate
                                      && c->mode != GS_CACHE_MODE_BYPASS);
        e->insert_hint = rq->insert_hint;
        e->fill_redirected = (uint8_t)(rq->fill_redirected && rq->no_allocate);
        e->origin_sm = rq->sm;
    } else {
        res->merged = 1;
    }
    e = &c->mshr.entries[p->entry];
    e->pending_mask = (uint8_t)(e->pending_mask | p->missing);
    e->dirty_on_fill = (uint8_t)(e->dirty_on_fill | o->dirty_on_fill);
    if (p->line != GS_CACHE_NONE && cache_allocates_on_miss(c, rq))
        c->lines[p->line].pending_mask = (uint8_t)(c->lines[p->line].pending_mask | p->missing);
    if (found)
        gs_cachei_touch(c, p->set, p->line, rq);   /* a line just inserted is not re-touched */
    memset(&w, 0, sizeof w);
    w.token = rq->token;
    w.pc = rq->pc;
    w.warp = rq->warp;
    w.sm = rq->sm;
    w.wait_mask = (uint8_t)(p->units & ~valid);
    w.is_write = o->waiter_is_write;
    gs_mshr_add_waiter(&c->mshr, p->entry, &w, cycle);
    e = &c->mshr.entries[p->entry];
    if (res->merged)
        gs_cachei_mshr_event(c, GS_EV_MSHR_MERGE, p->line_addr, cycle, rq, e->n_waiters);
    else
        gs_cachei_mshr_event(c, GS_EV_MSHR_ALLOC, p->line_addr, cycle, rq, c->mshr.in_use);
    if (o->write_first)
        gs_cachei_push_write(c, rq, cycle, res);
}

static uint32_t unit_count(uint32_t units)
{
    uint32_t n = 0;
    for (; units != 0; units &= units - 1u)
        n++;
    return n;
}

/* The breakdown's view of a read about to be committed (cache.h
 * gs_cache_status): valid units hit, pending ones (the line's or the MSHR
 * entry's) are reserved hits, the rest are absent; absent units of an
 * absent line that join an existing MSHR entry are also MSHR hits. */
static void read_units(const gs_cache *c, const cache_read_plan *p, int found,
                       gs_cache_result *res)
{
    uint32_t valid = found ? c->lines[p->line].valid_mask : 0;
    res->units_hit = (uint8_t)unit_count(p->units & valid);
    res->units_absent = (uint8_t)unit_count(p->missing);
    res->units_pending = (uint8_t)unit_count(p->units & ~valid & ~p->missing);
    if (!found && p->entry != GS_MSHR_NONE) {
        /* an absent line: its pending units are misses too (GPGPU-Sim probes
         * the tag array only), and every unit is an MSHR hit */
        res->units_absent = (uint8_t)(res->units_absent + res->units_pending);
        res->units_mshr_hit = res->units_absent;
        res->units_pending = 0;
    }
}

void gs_cachei_read(gs_cache *c, const gs_cache_request *rq, uint64_t cycle,
                    const gs_cachei_read_opts *o, gs_cache_result *res)
{
    cache_read_plan p;
    gs_cache_fail why;
    int found;
    memset(&p, 0, sizeof p);
    p.line_addr = gs_cachei_line_addr(c, rq->addr);
    p.set = gs_cachei_set(c, rq);
    p.units = gs_cachei_units(c, rq->sector_mask);
    GS_ASSERT(p.units != 0);
    p.line = gs_cachei_find(c, p.set, p.line_addr);
    found = p.line != GS_CACHE_NONE;
    if (found && (p.units & ~c->lines[p.line].valid_mask) == 0 && o->extra_mq == 0) {
        gs_cachei_touch(c, p.set, p.line, rq);
        res->outcome = GS_CACHE_HIT;
        res->units_hit = (uint8_t)unit_count(p.units);
        return;
    }
    why = cache_read_check(c, rq, o, &p);
    if (why != GS_CACHE_FAIL_NONE) {
        gs_cachei_fail(res, why);
        return;
    }
    read_units(c, &p, found, res);
    cache_read_commit(c, rq, cycle, o, &p, res);
    if (p.missing)
        gs_cachei_push_read(c, rq, p.line_addr, p.missing, cycle, res);
    res->sector_miss = (uint8_t)(found && p.missing != 0);
    res->outcome = (uint8_t)((found && p.missing == 0) ? GS_CACHE_HIT_RESERVED : GS_CACHE_MISS);
}

/* The breakdown (cache.h gs_cache_status): per sector in a sector cache. */
static void count_units(gs_cache *c, const gs_cache_request *rq, const gs_cache_result *res)
{
    uint64_t *row = c->stats.breakdown[gs_cache_acc_of(rq)];
    uint32_t n = unit_count(gs_cachei_units(c, rq->sector_mask));
    if (res->outcome == GS_CACHE_RESERVATION_FAIL) {
        row[GS_CST_RESERVATION_FAIL] += n;
    } else if (rq->is_write) {
        if (res->outcome == GS_CACHE_HIT)
            row[GS_CST_HIT] += n;
        else if (res->outcome == GS_CACHE_HIT_RESERVED)
            row[GS_CST_HIT_RESERVED] += n;
        else
            row[res->sector_miss ? GS_CST_SECTOR_MISS : GS_CST_MISS] += n;
    } else {
        row[GS_CST_HIT] += res->units_hit;
        row[GS_CST_HIT_RESERVED] += res->units_pending;
        /* absent units of a present line are sector misses */
        row[res->outcome == GS_CACHE_MISS && res->sector_miss ? GS_CST_SECTOR_MISS
                                                               : GS_CST_MISS] +=
            res->units_absent;
        row[GS_CST_MSHR_HIT] += res->units_mshr_hit;
    }
}

static void cache_count(gs_cache *c, const gs_cache_request *rq, const gs_cache_result *res)
{
    gs_cache_stats *s = &c->stats;
    count_units(c, rq, res);
    if (res->outcome == GS_CACHE_RESERVATION_FAIL) {
        s->fails[GS_CACHE_FAIL_NONE]++;
        s->fails[res->fail]++;
        return;
    }
    if (rq->is_write)
        s->writes++;
    else
        s->reads++;
    if (res->outcome == GS_CACHE_HIT)
        s->hits++;
    else if (res->outcome == GS_CACHE_HIT_RESERVED)
        s->pending_hits++;
    else
        s->misses++;
    s->sector_misses += res->sector_miss;
    s->mshr_merges += res->merged;
    s->invalidations += res->invalidated;
}

void gs_cache_count_fail(gs_cache *c, const gs_cache_request *rq, unsigned reason)
{
    gs_cache_result res;
    memset(&res, 0, sizeof res);
    res.outcome = GS_CACHE_RESERVATION_FAIL;
    res.fail = (uint8_t)reason;
    cache_count(c, rq, &res);
}

gs_cache_result gs_cache_access(gs_cache *c, const gs_cache_request *rq, uint64_t cycle)
{
    static const gs_cachei_read_opts plain_read = { 0, 0, 0, 0 };
    gs_cache_result res;
    memset(&res, 0, sizeof res);
    if (rq->is_write)
        gs_cachei_write(c, rq, cycle, &res);
    else
        gs_cachei_read(c, rq, cycle, &plain_read, &res);
    cache_count(c, rq, &res);
    if (GS_EVENT_WANTED(c->bus, c->ev_access)) {
        gs_event ev;
        gs_cache_event_init(c, &ev, c->ev_access, cycle, rq->sm, rq->warp, rq->pc);
        ev.addr = gs_cachei_line_addr(c, rq->addr);
        ev.outcome = res.outcome;
        ev.fail = res.fail;
        ev.is_write = rq->is_write;
        ev.sector_miss = res.sector_miss;
        ev.value = rq->lanes;
        gs_event_emit(c->bus, &ev);
    }
    return res;
}

/* ---- fills ------------------------------------------------------------- */

/* The request an allocate-on-fill insertion is made for (the policy's
 * context and the line's owner): the first waiting request's warp, PC and
 * kind, the SM and insert hint of the request that allocated the entry. */
static void cache_fill_request(const gs_cache *c, const gs_mshr_entry *e, gs_cache_request *rq)
{
    memset(rq, 0, sizeof *rq);
    rq->addr = e->line_addr;
    rq->sm = e->origin_sm;
    rq->insert_hint = e->insert_hint;
    if (e->n_waiters) {
        const gs_mshr_waiter *w = gs_mshr_waiter_at(&c->mshr,
                                                    (uint32_t)(e - c->mshr.entries), 0);
        rq->token = w->token;
        rq->pc = w->pc;
        rq->warp = w->warp;
        rq->is_write = w->is_write;
    }
}

/* The line a fill completes, choosing (allocate-on-fill) a victim; returns 0
 * when that victim's write-back finds the miss queue full. */
static int cache_fill_line(gs_cache *c, const gs_mshr_entry *e, uint64_t cycle,
                           uint32_t *line)
{
    uint32_t victim;
    gs_cache_request rq;
    gs_cache_result res;
    *line = gs_cachei_find(c, e->set, e->line_addr);
    if (*line != GS_CACHE_NONE || !e->insert_on_fill)
        return 1;
    cache_fill_request(c, e, &rq);
    victim = gs_cachei_victim(c, e->set, e->line_addr, &rq);
    if (victim == GS_CACHE_NONE) {
        /* On fill no line is ever reserved, so only an UNBOUNDED cache whose
         * footprint is full gets here: the data is not cached. */
        GS_ASSERT(c->mode == GS_CACHE_MODE_UNBOUNDED);
        c->stats.unbounded_overflows++;
        return 1;
    }
    if (gs_cachei_mq_room(c) < gs_cachei_victim_mq(c, victim))
        return 0;
    memset(&res, 0, sizeof res);
    gs_cachei_replace(c, e->set, victim, e->line_addr, &rq, cycle, &res);
    *line = victim;
    return 1;
}

/* FILL with the origin of the entry's first waiter (the request that missed). */
static void fill_events(const gs_cache *c, const gs_mshr_entry *e, uint64_t line_addr,
                        uint32_t filled, uint64_t cycle)
{
    const gs_mshr_waiter *first;
    gs_event ev;
    if (!GS_EVENT_WANTED(c->bus, c->ev_fill))
        return;
    first = e->n_waiters ? gs_mshr_waiter_at(&c->mshr, (uint32_t)(e - c->mshr.entries), 0)
                         : NULL;
    gs_cache_event_init(c, &ev, c->ev_fill, cycle, first ? first->sm : GS_ORIGIN_NONE,
                    first ? first->warp : GS_ORIGIN_NONE, first ? first->pc : 0);
    ev.addr = line_addr;
    ev.value = gs_cachei_mem_mask(c, filled);
    gs_event_emit(c->bus, &ev);
}

int gs_cache_fill(gs_cache *c, uint64_t line_addr, uint32_t sectors, uint64_t cycle,
                  gs_cache_waiter *out, uint32_t capacity, uint32_t *released)
{
    uint32_t entry = gs_mshr_find(&c->mshr, line_addr), line, filled;
    const gs_mshr_entry *e;
    *released = 0;
    GS_ASSERT(entry != GS_MSHR_NONE);
    e = &c->mshr.entries[entry];
    filled = gs_cachei_units(c, sectors) & e->pending_mask;
    if (!cache_fill_line(c, e, cycle, &line))
        return 0;
    if (line != GS_CACHE_NONE) {
        gs_cache_line *l = &c->lines[line];
        l->valid_mask = (uint8_t)(l->valid_mask | filled);
        l->pending_mask = (uint8_t)(l->pending_mask & ~filled);
        if (e->dirty_on_fill)
            l->dirty_mask = (uint8_t)(l->dirty_mask | filled);
    }
    c->stats.fills++;
    fill_events(c, e, line_addr, filled, cycle);
    *released = gs_mshr_fill(&c->mshr, entry, filled, out, capacity);
    if (*released != 0 && GS_EVENT_WANTED(c->bus, GS_EV_MSHR_RELEASE)) {
        gs_cache_request first;   /* RELEASE names the first waiter released */
        memset(&first, 0, sizeof first);
        first.sm = out[0].sm;
        first.warp = out[0].warp;
        first.pc = out[0].pc;
        gs_cachei_mshr_event(c, GS_EV_MSHR_RELEASE, line_addr, cycle, &first, *released);
    }
    return 1;
}
