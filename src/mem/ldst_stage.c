/*
 * The staged LD/ST queue (mem/ldst_stage.h): a fixed pool of entries linked
 * in arrival order and in one FIFO per warp; entries are handed out lowest
 * index first and reused LIFO, so nothing depends on addresses.
 */
#include "mem/ldst_stage.h"

#include <string.h>

#include "gs_limits.h"

size_t gs_ldst_stage_bytes(uint32_t capacity)
{
    return gs_arena_round((size_t)capacity * sizeof(gs_stage_req)) +
           2u * gs_arena_round(GS_MAX_WARPS_PER_SM * sizeof(uint32_t));
}

gs_status gs_ldst_stage_init(gs_ldst_stage *st, gs_arena *arena, uint32_t capacity,
                             gs_diag *diag)
{
    uint32_t i;
    memset(st, 0, sizeof *st);
    st->entries = (gs_stage_req *)gs_arena_alloc(arena, (size_t)capacity * sizeof(gs_stage_req));
    st->warp_head = (uint32_t *)gs_arena_alloc(arena, GS_MAX_WARPS_PER_SM * sizeof(uint32_t));
    st->warp_tail = (uint32_t *)gs_arena_alloc(arena, GS_MAX_WARPS_PER_SM * sizeof(uint32_t));
    if (st->entries == NULL || st->warp_head == NULL || st->warp_tail == NULL)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for LD/ST stages");
    st->capacity = capacity;
    for (i = 0; i < capacity; i++)
        st->entries[i].younger = i + 1u < capacity ? i + 1u : GS_STAGE_NONE;   /* free list */
    st->free_head = capacity ? 0u : GS_STAGE_NONE;
    st->oldest = st->youngest = GS_STAGE_NONE;
    for (i = 0; i < GS_MAX_WARPS_PER_SM; i++)
        st->warp_head[i] = st->warp_tail[i] = GS_STAGE_NONE;
    return GS_OK;
}

uint32_t gs_ldst_stage_count(const gs_ldst_stage *st) { return st->count; }
uint32_t gs_ldst_stage_oldest(const gs_ldst_stage *st) { return st->oldest; }

uint32_t gs_ldst_stage_younger(const gs_ldst_stage *st, uint32_t entry)
{
    return st->entries[entry].younger;
}

uint32_t gs_ldst_stage_warp_head(const gs_ldst_stage *st, uint32_t warp)
{
    return warp < GS_MAX_WARPS_PER_SM ? st->warp_head[warp] : GS_STAGE_NONE;
}

uint32_t gs_ldst_stage_warp_next(const gs_ldst_stage *st, uint32_t entry)
{
    return st->entries[entry].warp_next;
}

const gs_stage_req *gs_ldst_stage_at(const gs_ldst_stage *st, uint32_t entry)
{
    return entry < st->capacity && st->entries[entry].in_use ? &st->entries[entry] : NULL;
}

int gs_ldst_stage_full(const gs_ldst_stage *st)
{
    return st->free_head == GS_STAGE_NONE;
}

uint32_t gs_ldst_stage_put(gs_ldst_stage *st, const gs_stage_req *req)
{
    uint32_t e = st->free_head;
    gs_stage_req *r;
    GS_ASSERT(e != GS_STAGE_NONE && req->warp < GS_MAX_WARPS_PER_SM);
    r = &st->entries[e];
    st->free_head = r->younger;
    *r = *req;
    r->in_use = 1;
    r->age = st->next_age++;
    r->older = st->youngest;
    r->younger = GS_STAGE_NONE;
    r->warp_next = GS_STAGE_NONE;
    if (st->youngest != GS_STAGE_NONE)
        st->entries[st->youngest].younger = e;
    else
        st->oldest = e;
    st->youngest = e;
    if (st->warp_tail[r->warp] != GS_STAGE_NONE)
        st->entries[st->warp_tail[r->warp]].warp_next = e;
    else
        st->warp_head[r->warp] = e;
    st->warp_tail[r->warp] = e;
    st->count++;
    return e;
}

/* Unlink `entry` from its warp's FIFO (it need not be the head: an owner
 * may pick any request). */
static void unlink_warp(gs_ldst_stage *st, uint32_t entry)
{
    uint32_t w = st->entries[entry].warp, prev = GS_STAGE_NONE, i = st->warp_head[w];
    while (i != entry) {
        prev = i;
        i = st->entries[i].warp_next;
    }
    if (prev == GS_STAGE_NONE)
        st->warp_head[w] = st->entries[entry].warp_next;
    else
        st->entries[prev].warp_next = st->entries[entry].warp_next;
    if (st->warp_tail[w] == entry)
        st->warp_tail[w] = prev;
}

void gs_ldst_stage_remove(gs_ldst_stage *st, uint32_t entry)
{
    gs_stage_req *r = &st->entries[entry];
    GS_ASSERT(entry < st->capacity && r->in_use);
    unlink_warp(st, entry);
    if (r->older != GS_STAGE_NONE)
        st->entries[r->older].younger = r->younger;
    else
        st->oldest = r->younger;
    if (r->younger != GS_STAGE_NONE)
        st->entries[r->younger].older = r->older;
    else
        st->youngest = r->older;
    r->in_use = 0;
    r->younger = st->free_head;
    st->free_head = entry;
    st->count--;
}
