/*
 * The L1 texture cache of one SM: tag array ahead of the data array,
 * fragment FIFO, miss FIFO and reorder buffer (seed-004 section 1.3.3; the
 * machine and the decisions are in mem/tex_cache.h).
 */
#include "mem/tex_cache.h"

#include <string.h>

#include "base/bits.h"


size_t gs_tex_cache_bytes(const gs_tex_cache_params *params)
{
    const gs_cache_config *c = &params->config;
    return gs_arena_round((size_t)c->n_sets * c->assoc * sizeof(gs_tex_line))
         + gs_arena_round((size_t)c->mshr_entries * sizeof(gs_tex_fragment))
         + gs_arena_round((size_t)c->mshr_max_merge * sizeof(gs_tex_miss))
         + gs_arena_round((size_t)c->miss_queue_entries);
}

gs_status gs_tex_cache_init(gs_tex_cache *tc, gs_arena *arena, const gs_tex_cache_params *params,
                            gs_diag *diag)
{
    const gs_cache_config *c = &params->config;
    gs_index_params ip;
    gs_status st;
    size_t n_lines = (size_t)c->n_sets * c->assoc;
    memset(tc, 0, sizeof *tc);
    memset(&ip, 0, sizeof ip);
    ip.fn = (gs_index_fn)c->set_index;
    ip.n_sets = c->n_sets;
    ip.line_bytes = c->line_bytes;
    ip.poly = c->ipoly_poly;
    st = gs_set_index_setup(&tc->index, &ip, diag);
    if (st != GS_OK)
        return st;
    tc->n_sets = c->n_sets;
    tc->assoc = c->assoc;
    tc->line_bytes = c->line_bytes;
    tc->line_mask = c->line_bytes <= GS_CACHE_SECTOR_BYTES
                    ? 1u : (1u << (c->line_bytes / GS_CACHE_SECTOR_BYTES)) - 1u;
    tc->sector = c->sector;
    tc->lru = (uint8_t)(c->replacement == GS_REPL_LRU);
    tc->fragment_entries = c->mshr_entries;
    tc->miss_entries = c->mshr_max_merge;
    tc->rob_entries = c->miss_queue_entries;
    tc->lines = gs_arena_alloc(arena, n_lines * sizeof(gs_tex_line));
    tc->fragments = gs_arena_alloc(arena, (size_t)tc->fragment_entries * sizeof(gs_tex_fragment));
    tc->misses = gs_arena_alloc(arena, (size_t)tc->miss_entries * sizeof(gs_tex_miss));
    tc->rob_arrived = gs_arena_alloc(arena, tc->rob_entries);
    if (tc->lines == NULL || tc->fragments == NULL || tc->misses == NULL ||
        tc->rob_arrived == NULL)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for texture caches");
    memset(tc->lines, 0, n_lines * sizeof(gs_tex_line));
    memset(tc->fragments, 0, (size_t)tc->fragment_entries * sizeof(gs_tex_fragment));
    memset(tc->misses, 0, (size_t)tc->miss_entries * sizeof(gs_tex_miss));
    memset(tc->rob_arrived, 0, tc->rob_entries);
    return GS_OK;
}

/* The line of the set holding line_addr, or the way to replace among the
 * lines no queued fragment reads: an invalid one first, else the smallest
 * stamp (LRU: least recently used; FIFO: oldest allocation), the lowest way
 * on ties; NULL when there is none. *found tells which. */
static gs_tex_line *lookup(gs_tex_cache *tc, uint64_t line_addr, int *found)
{
    gs_tex_line *set = &tc->lines[(size_t)gs_set_index_lookup(&tc->index, line_addr) * tc->assoc];
    gs_tex_line *victim = NULL;
    uint32_t w;
    for (w = 0; w < tc->assoc; w++)
        if (set[w].sectors != 0 && set[w].line_addr == line_addr) {
            *found = 1;
            return &set[w];
        }
    *found = 0;
    for (w = 0; w < tc->assoc; w++) {
        if (set[w].queued != 0)
            continue;
        if (set[w].sectors == 0)
            return &set[w];
        if (victim == NULL || set[w].stamp < victim->stamp)
            victim = &set[w];
    }
    return victim;
}

gs_tex_outcome gs_tex_cache_access(gs_tex_cache *tc, const gs_tex_access *a, gs_tex_fail *fail)
{
    int found;
    gs_tex_line *line = lookup(tc, a->line_addr, &found);
    /* a normal cache fetches the whole line; a sector cache what is absent */
    uint32_t want = tc->sector ? (a->sector_mask & tc->line_mask) : tc->line_mask;
    uint32_t missing = found ? want & ~(uint32_t)line->sectors : want;
    gs_tex_fragment *f;
    GS_ASSERT(want != 0);
    if (tc->fragment_count == tc->fragment_entries)
        *fail = GS_TEX_FAIL_FRAGMENT_FIFO;
    else if (line == NULL)
        *fail = GS_TEX_FAIL_LINE;
    else if (missing != 0 && tc->miss_count == tc->miss_entries)
        *fail = GS_TEX_FAIL_MISS_FIFO;
    else if (missing != 0 && tc->rob_allocated - tc->rob_drained == tc->rob_entries)
        *fail = GS_TEX_FAIL_ROB;
    else
        *fail = GS_TEX_FAIL_NONE;
    if (*fail != GS_TEX_FAIL_NONE) {
        tc->stats.fails[*fail]++;
        return GS_TEX_RESERVATION_FAIL;
    }
    tc->stats.accesses++;
    tc->clock++;
    if (!found) {   /* the tag array runs ahead: the line is allocated now */
        line->line_addr = a->line_addr;
        line->sectors = 0;
        line->stamp = tc->clock;
    }
    if (tc->lru)
        line->stamp = tc->clock;
    f = &tc->fragments[(tc->fragment_head + tc->fragment_count++) % tc->fragment_entries];
    f->token = a->token;
    f->line = (uint32_t)(line - tc->lines);
    f->wait_drained = 0;
    line->queued++;
    if (missing == 0) {
        tc->stats.hits++;
        return GS_TEX_HIT;
    }
    {
        gs_tex_miss *m = &tc->misses[(tc->miss_head + tc->miss_count++) % tc->miss_entries];
        uint32_t entry = (uint32_t)(tc->rob_allocated % tc->rob_entries);
        tc->rob_arrived[entry] = 0;
        m->line_addr = a->line_addr;
        m->cycle = a->cycle;
        m->sector_mask = missing;
        m->size_bytes = tc->sector ? GS_CACHE_SECTOR_BYTES * (uint32_t)gs_popcount32(missing)
                                   : tc->line_bytes;
        m->rob_entry = entry;
        m->warp = a->warp;
        m->pc = a->pc;
        m->lanes = a->lanes;
        f->wait_drained = ++tc->rob_allocated;
    }
    line->sectors = (uint8_t)(line->sectors | missing);
    tc->stats.misses++;
    if (found) {
        tc->stats.sector_misses++;
        return GS_TEX_SECTOR_MISS;
    }
    return GS_TEX_MISS;
}

const gs_tex_miss *gs_tex_cache_miss_peek(const gs_tex_cache *tc)
{
    return tc->miss_count == 0 ? NULL : &tc->misses[tc->miss_head];
}

void gs_tex_cache_miss_pop(gs_tex_cache *tc)
{
    GS_ASSERT(tc->miss_count > 0);
    tc->miss_head = (tc->miss_head + 1u) % tc->miss_entries;
    tc->miss_count--;
}

void gs_tex_cache_reply(gs_tex_cache *tc, uint32_t rob_entry)
{
    GS_ASSERT(rob_entry < tc->rob_entries && !tc->rob_arrived[rob_entry]);
    tc->rob_arrived[rob_entry] = 1;
}

int gs_tex_cache_cycle(gs_tex_cache *tc, uint32_t *token)
{
    const gs_tex_fragment *head;
    if (tc->rob_drained < tc->rob_allocated) {   /* the data array's write port */
        uint32_t entry = (uint32_t)(tc->rob_drained % tc->rob_entries);
        if (tc->rob_arrived[entry]) {
            tc->rob_arrived[entry] = 0;
            tc->rob_drained++;
        }
    }
    if (tc->fragment_count == 0)
        return 0;
    head = &tc->fragments[tc->fragment_head];
    if (head->wait_drained > tc->rob_drained) {
        tc->stats.data_wait_cycles++;
        return 0;
    }
    *token = head->token;
    GS_ASSERT(tc->lines[head->line].queued > 0);
    tc->lines[head->line].queued--;
    tc->fragment_head = (tc->fragment_head + 1u) % tc->fragment_entries;
    tc->fragment_count--;
    return 1;
}

uint32_t gs_tex_cache_invalidate_all(gs_tex_cache *tc)
{
    uint32_t dropped = 0;
    size_t i, n = (size_t)tc->n_sets * tc->assoc;
    for (i = 0; i < n; i++) {
        if (tc->lines[i].sectors != 0)
            dropped++;
        tc->lines[i].sectors = 0;
    }
    tc->stats.lines_dropped += dropped;
    return dropped;
}

int gs_tex_cache_idle(const gs_tex_cache *tc)
{
    return tc->fragment_count == 0 && tc->miss_count == 0 && tc->rob_drained == tc->rob_allocated;
}
