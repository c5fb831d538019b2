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

uint32_t gs_mshr_pool_size(uint32_t entries, uint32_t max_merge, uint32_t waiter_limit)
{
    uint64_t all = (uint64_t)entries * max_merge;
    if (waiter_limit != 0 && waiter_limit < all)
        return waiter_limit;
    return all > 0xFFFFFFF0u ? 0xFFFFFFF0u : (uint32_t)all;
}

size_t gs_mshr_bytes(uint32_t entries, uint32_t max_merge, uint32_t waiter_limit)
{
    uint32_t nodes = gs_mshr_pool_size(entries, max_merge, waiter_limit);
    return gs_arena_round((size_t)entries * sizeof(gs_mshr_entry))
         + gs_arena_round((size_t)nodes * sizeof(gs_mshr_node))
         + gs_arena_round((size_t)mshr_bucket_count(entries) * sizeof(uint32_t));
}

gs_status gs_mshr_init(gs_mshr *mshr, gs_arena *arena, uint32_t entries, uint32_t max_merge,
                       uint32_t waiter_limit, gs_diag *diag)
{
    uint32_t i, buckets = mshr_bucket_count(entries), nodes;
    memset(mshr, 0, sizeof *mshr);
    if (entries == 0 || max_merge == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "MSHR needs at least 1 entry and 1 merge slot (got %u:%u)",
                           (unsigned)entries, (unsigned)max_merge);
    nodes = gs_mshr_pool_size(entries, max_merge, waiter_limit);
    mshr->entries = (gs_mshr_entry *)gs_arena_alloc(arena, entries * sizeof(gs_mshr_entry));
    mshr->nodes = (gs_mshr_node *)gs_arena_alloc(arena, (size_t)nodes * sizeof(gs_mshr_node));
    mshr->buckets = (uint32_t *)gs_arena_alloc(arena, buckets * sizeof(uint32_t));
    if (mshr->entries == NULL || mshr->nodes == NULL || mshr->buckets == NULL)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                           "arena too small for %u MSHR entries of %u merges", (unsigned)entries,
                           (unsigned)max_merge);
    mshr->n_entries = entries;
    mshr->max_merge = max_merge;
    mshr->n_nodes = nodes;
    mshr->bucket_mask = buckets - 1u;
    for (i = 0; i < buckets; i++)
        mshr->buckets[i] = GS_MSHR_NONE;
    /* Entries and nodes never used are handed out in index order after their
     * free lists are empty (the order of lists threaded 0, 1, 2, ... up
     * front), so their memory is touched only as deep as it is used. */
    mshr->free_node = GS_MSHR_NONE;
    mshr->fresh_node = 0;
    mshr->free_head = GS_MSHR_NONE;
    mshr->fresh_entry = 0;
    return GS_OK;
}

uint32_t gs_mshr_find(const gs_mshr *mshr, uint64_t line_addr)
{
    uint32_t i = mshr->buckets[mshr_bucket(mshr, line_addr)];
    while (i != GS_MSHR_NONE && mshr->entries[i].line_addr != line_addr)
        i = mshr->entries[i].chain_next;
    return i;
}

static int mshr_pool_empty(const gs_mshr *mshr)
{
    return mshr->free_node == GS_MSHR_NONE && mshr->fresh_node == mshr->n_nodes;
}

int gs_mshr_full(const gs_mshr *mshr)
{
    return (mshr->free_head == GS_MSHR_NONE && mshr->fresh_entry == mshr->n_entries) ||
           mshr_pool_empty(mshr);
}

int gs_mshr_merge_full(const gs_mshr *mshr, uint32_t entry)
{
    return mshr->entries[entry].n_waiters >= mshr->max_merge || mshr_pool_empty(mshr);
}

uint32_t gs_mshr_alloc(gs_mshr *mshr, uint64_t line_addr, uint32_t set)
{
    uint32_t index = mshr->free_head, *link;
    gs_mshr_entry *e;
    if (index != GS_MSHR_NONE) {
        mshr->free_head = mshr->entries[index].chain_next;
    } else {
        GS_ASSERT(mshr->fresh_entry < mshr->n_entries);
        index = mshr->fresh_entry++;
    }
    e = &mshr->entries[index];
    memset(e, 0, sizeof *e);
    e->line_addr = line_addr;
    e->set = set;
    e->in_use = 1;
    e->chain_next = GS_MSHR_NONE;
    e->first_waiter = GS_MSHR_NONE;
    e->last_waiter = GS_MSHR_NONE;
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

/* Does a waiter of `e` come from SM `sm`? */
static int entry_has_sm(const gs_mshr *mshr, const gs_mshr_entry *e, uint16_t sm)
{
    uint32_t node;
    for (node = e->first_waiter; node != GS_MSHR_NONE; node = mshr->nodes[node].next)
        if (mshr->nodes[node].waiter.sm == sm)
            return 1;
    return 0;
}

/* Distinct SMs among the waiters of `e` (at most max_merge of them). */
static uint32_t distinct_sms(const gs_mshr *mshr, const gs_mshr_entry *e)
{
    uint32_t node, seen, n = 0;
    for (node = e->first_waiter; node != GS_MSHR_NONE; node = mshr->nodes[node].next) {
        for (seen = e->first_waiter; seen != node; seen = mshr->nodes[seen].next)
            if (mshr->nodes[seen].waiter.sm == mshr->nodes[node].waiter.sm)
                break;
        n += seen == node;
    }
    return n;
}

void gs_mshr_add_waiter(gs_mshr *mshr, uint32_t entry, const gs_mshr_waiter *waiter,
                        uint64_t cycle)
{
    gs_mshr_entry *e = &mshr->entries[entry];
    uint32_t node = mshr->free_node;
    GS_ASSERT(e->in_use && e->n_waiters < mshr->max_merge && !mshr_pool_empty(mshr));
    if (node != GS_MSHR_NONE)
        mshr->free_node = mshr->nodes[node].next;
    else
        node = mshr->fresh_node++;
    if (e->n_waiters == 0) {
        e->n_cores = 1;
    } else if (!entry_has_sm(mshr, e, waiter->sm) && ++e->n_cores == 2u) {
        mshr->multi_core++;
    }
    mshr->nodes[node].waiter = *waiter;
    mshr->nodes[node].next = GS_MSHR_NONE;
    if (e->last_waiter == GS_MSHR_NONE)
        e->first_waiter = node;
    else
        mshr->nodes[e->last_waiter].next = node;
    e->last_waiter = node;
    if (++mshr->nodes_in_use > mshr->nodes_high_water)
        mshr->nodes_high_water = mshr->nodes_in_use;
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
    uint32_t node, next, kept = 0, released = 0, *link = &e->first_waiter;
    GS_ASSERT(e->in_use);
    e->pending_mask = (uint8_t)(e->pending_mask & ~filled);
    e->last_waiter = GS_MSHR_NONE;
    for (node = e->first_waiter; node != GS_MSHR_NONE; node = next) {
        gs_mshr_node *n = &mshr->nodes[node];
        next = n->next;
        if ((n->waiter.wait_mask & e->pending_mask) == 0) {
            GS_ASSERT(released < capacity);
            out[released++] = n->waiter;
            n->next = mshr->free_node;      /* back to the pool, LIFO */
            mshr->free_node = node;
            mshr->nodes_in_use--;
        } else {
            *link = node;                   /* kept, in arrival order */
            link = &n->next;
            e->last_waiter = node;
            kept++;
        }
    }
    *link = GS_MSHR_NONE;
    e->n_waiters = kept;
    if (e->n_cores > 1u) {   /* count the distinct SMs of the waiters kept */
        mshr->multi_core--;
        e->n_cores = (uint16_t)distinct_sms(mshr, e);
        mshr->multi_core += e->n_cores > 1u;
    } else if (kept == 0) {
        e->n_cores = 0;
    }
    if (e->pending_mask == 0) {
        GS_ASSERT(kept == 0);
        mshr_unlink(mshr, entry);
    }
    return released;
}

gs_mshr_class gs_mshr_class_of(const gs_mshr *mshr)
{
    if (mshr->in_use == 0)
        return GS_MSHR_IDLE;
    return mshr->multi_core != 0 ? GS_MSHR_LOCALITY : GS_MSHR_NO_LOCALITY;
}

void gs_mshr_locality_advance(gs_mshr_locality *acc, gs_mshr_class now_class, uint64_t now)
{
    if (now > acc->since) {   /* never backwards: a cycle counts once */
        acc->cycles[now_class] += now - acc->since;
        acc->since = now;
    }
}

void gs_mshr_locality_until(const gs_mshr_locality *acc, gs_mshr_class c, uint64_t end,
                            uint64_t out[GS_MSHR_CLASSES])
{
    uint32_t i;
    for (i = 0; i < GS_MSHR_CLASSES; i++)
        out[i] = acc->cycles[i];
    if (end > acc->since)
        out[c] += end - acc->since;
}

const gs_mshr_entry *gs_mshr_entry_at(const gs_mshr *mshr, uint32_t entry)
{
    return &mshr->entries[entry];
}

const gs_mshr_waiter *gs_mshr_waiter_at(const gs_mshr *mshr, uint32_t entry, uint32_t i)
{
    uint32_t node = mshr->entries[entry].first_waiter;
    GS_ASSERT(i < mshr->entries[entry].n_waiters);
    while (i-- > 0)
        node = mshr->nodes[node].next;
    return &mshr->nodes[node].waiter;
}
