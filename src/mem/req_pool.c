/*
 * Memory-request pool with a free list (DESIGN.md sections 3 and 5).
 */
#include "mem/req_pool.h"

#include <string.h>

size_t gs_req_pool_bytes(uint32_t capacity)
{
    return gs_arena_round((size_t)capacity * sizeof(gs_mem_req));
}

gs_status gs_req_pool_init(gs_req_pool *pool, gs_arena *arena, uint32_t capacity,
                           gs_diag *diag)
{
    memset(pool, 0, sizeof *pool);
    pool->free_head = GS_REQ_POOL_NONE;
    if (capacity == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "memory-request pool capacity must be at least 1");
    pool->reqs = (gs_mem_req *)gs_arena_alloc(arena, (size_t)capacity * sizeof(gs_mem_req));
    if (pool->reqs == NULL)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                           "arena too small for a pool of %u memory requests", (unsigned)capacity);
    pool->capacity = capacity;
    /* Requests never used are handed out in index order once the free list
     * is empty (fresh), so the first allocation gets index 0, the order is
     * that of a list threaded 0, 1, 2, ... up front, and the pool's memory
     * is touched only as deep as it is used (issue 15: an empty run's RSS). */
    pool->free_head = GS_REQ_POOL_NONE;
    pool->fresh = 0;
    return GS_OK;
}

gs_mem_req *gs_req_pool_alloc(gs_req_pool *pool)
{
    gs_mem_req *req;
    uint32_t index = pool->free_head;
    if (index != GS_REQ_POOL_NONE) {
        pool->free_head = pool->reqs[index].pool_next;
    } else if (pool->fresh < pool->capacity) {
        index = pool->fresh++;
    } else {
        pool->n_refused++;
        return NULL;
    }
    req = &pool->reqs[index];
    memset(req, 0, sizeof *req);
    req->pool_index = index;
    req->pool_next = GS_REQ_POOL_NONE;
    req->pool_in_use = 1;
    req->merge_count = 1;
    pool->in_use++;
    if (pool->in_use > pool->high_water)
        pool->high_water = pool->in_use;
    pool->n_alloc++;
    return req;
}

void gs_req_pool_free(gs_req_pool *pool, gs_mem_req *req)
{
    GS_ASSERT(req != NULL);
    GS_ASSERT(req->pool_index < pool->capacity && &pool->reqs[req->pool_index] == req);
    GS_ASSERT(req->pool_in_use);
    req->pool_in_use = 0;
    req->pool_next = pool->free_head;
    pool->free_head = req->pool_index;
    pool->in_use--;
}
