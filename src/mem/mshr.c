/*
 * MSHR table: chained hash by line address, per-entry waiter lists in
 * arrival order (spec/seed-000-dwt-pric.md section 2.1; see mshr.h).
 */
#include "mem/mshr.h"

#include <string.h>

static uint32_t mshr_bucket_count(uint32_t entries)
{
    uint32_t n = 1;
    while (n < entries && n < 0x80000000u)
        n <<= 1;
    return n;
}

static uint32_t mshr_bucket(const gs_mshr *mshr, uint64_t line_addr)
{
    /* Fibonacci hashing of the address above the 32-byte sector offset. */
    uint64_t h = (line_addr >> 5) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> 32) & mshr->bucket_mask;
}

size_t gs_mshr_bytes(uint32_t entries, uint32_t max_merge)
{
    return gs_arena_round((size_t)entries * sizeof(gs_mshr_entry))
         + gs_arena_round((size_t)entries * max_merge * sizeof(gs_mshr_waiter))
         + gs_arena_round((size_t)mshr_bucket_count(entries) * sizeof(uint32_t));
}

gs_status gs_mshr_init(gs_mshr *mshr, gs_arena *arena, uint32_t entries, uint32_t max_merge,
                       gs_diag *diag)
{
    uint32_t i, buckets = mshr_bucket_count(entries);
    memset(mshr, 0, sizeof *mshr);
    if (entries == 0 || max_merge == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "MSHR needs at least 1 entry and 1 merge slot (got %u:%u)",
                           entries, max_merge);
    mshr->entries = (gs_mshr_entry *)gs_arena_alloc(arena, entries * sizeof(gs_mshr_entry));
    mshr->waiters = (gs_mshr_waiter *)gs_arena_alloc(
        arena, (size_t)entries * max_merge * sizeof(gs_mshr_waiter));
    mshr->buckets = (uint32_t *)gs_arena_alloc(arena, buckets * sizeof(uint32_t));
    if (mshr->entries == NULL || mshr->waiters == NULL || mshr->buckets == NULL)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                           "arena too small for %u MSHR entries of %u merges", entries,
                           max_merge);
    mshr->n_entries = entries;
    mshr->max_merge = max_merge;
    mshr->bucket_mask = buckets - 1u;
    for (i = 0; i < buckets; i++)
        mshr->buckets[i] = GS_MSHR_NONE;
    for (i = 0; i < entries; i++)
        mshr->entries[i].chain_next = (i + 1u < entries) ? i + 1u : GS_MSHR_NONE;
    mshr->free_head = 0;
    return GS_OK;
}

uint32_t gs_mshr_find(const gs_mshr *mshr, uint64_t line_addr)
{
    uint32_t i = mshr->buckets[mshr_bucket(mshr, line_addr)];
    while (i != GS_MSHR_NONE && mshr->entries[i].line_addr != line_addr)
        i = mshr->entries[i].chain_next;
    return i;
}

int gs_mshr_full(const gs_mshr *mshr)
{
    return mshr->free_head == GS_MSHR_NONE;
}

int gs_mshr_merge_full(const gs_mshr *mshr, uint32_t entry)
{
    return mshr->entries[entry].n_waiters >= mshr->max_merge;
}

uint32_t gs_mshr_alloc(gs_mshr *mshr, uint64_t line_addr, uint32_t set)
{
    uint32_t index = mshr->free_head, *link;
    gs_mshr_entry *e;
    GS_ASSERT(index != GS_MSHR_NONE);
    e = &mshr->entries[index];
    mshr->free_head = e->chain_next;
    memset(e, 0, sizeof *e);
    e->line_addr = line_addr;
    e->set = set;
    e->in_use = 1;
    e->chain_next = GS_MSHR_NONE;
    /* Append at the chain tail so gs_mshr_find returns the oldest duplicate. */
    link = &mshr->buckets[mshr_bucket(mshr, line_addr)];
    while (*link != GS_MSHR_NONE)
        link = &mshr->entries[*link].chain_next;
    *link = index;
    mshr->in_use++;
    if (mshr->in_use > mshr->high_water)
        mshr->high_water = mshr->in_use;
    return index;
}

void gs_mshr_add_waiter(gs_mshr *mshr, uint32_t entry, const gs_mshr_waiter *waiter,
                        uint64_t cycle)
{
    gs_mshr_entry *e = &mshr->entries[entry];
    GS_ASSERT(e->in_use && e->n_waiters < mshr->max_merge);
    mshr->waiters[(size_t)entry * mshr->max_merge + e->n_waiters] = *waiter;
    e->n_waiters++;
    e->merged_total++;
    e->arrival_sum += cycle;
}

static void mshr_unlink(gs_mshr *mshr, uint32_t entry)
{
    uint32_t *link = &mshr->buckets[mshr_bucket(mshr, mshr->entries[entry].line_addr)];
    while (*link != entry) {
        GS_ASSERT(*link != GS_MSHR_NONE);
        link = &mshr->entries[*link].chain_next;
    }
    *link = mshr->entries[entry].chain_next;
    mshr->entries[entry].in_use = 0;
    mshr->entries[entry].chain_next = mshr->free_head;
    mshr->free_head = entry;
    mshr->in_use--;
}

uint32_t gs_mshr_fill(gs_mshr *mshr, uint32_t entry, uint32_t filled, gs_mshr_waiter *out,
                      uint32_t capacity)
{
    gs_mshr_entry *e = &mshr->entries[entry];
    gs_mshr_waiter *list = &mshr->waiters[(size_t)entry * mshr->max_merge];
    uint32_t i, kept = 0, released = 0;
    GS_ASSERT(e->in_use);
    e->pending_mask = (uint8_t)(e->pending_mask & ~filled);
    for (i = 0; i < e->n_waiters; i++) {
        if ((list[i].wait_mask & e->pending_mask) == 0) {
            GS_ASSERT(released < capacity);
            out[released++] = list[i];
        } else {
            list[kept++] = list[i];
        }
    }
    e->n_waiters = kept;
    if (e->pending_mask == 0) {
        GS_ASSERT(kept == 0);
        mshr_unlink(mshr, entry);
    }
    return released;
}

const gs_mshr_entry *gs_mshr_entry_at(const gs_mshr *mshr, uint32_t entry)
{
    return &mshr->entries[entry];
}

const gs_mshr_waiter *gs_mshr_waiter_at(const gs_mshr *mshr, uint32_t entry, uint32_t i)
{
    return &mshr->waiters[(size_t)entry * mshr->max_merge + i];
}
