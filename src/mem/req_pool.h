/*
 * The memory-request pool (DESIGN.md sections 3 and 5): a fixed array of
 * gs_mem_req from the arena with a LIFO free list threaded through
 * `pool_next`. Allocation returns NULL when every request is in use; that is
 * back-pressure for the caller (retry next cycle), never an error. The order
 * in which requests are handed out depends only on the sequence of
 * allocations and frees, so it is the same on every host.
 */
#ifndef GS_MEM_REQ_POOL_H
#define GS_MEM_REQ_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/status.h"
#include "mem/mem_req.h"

#define GS_REQ_POOL_NONE 0xFFFFFFFFu

typedef struct gs_req_pool {
    gs_mem_req *reqs;
    uint32_t capacity;
    uint32_t free_head;        /* freed requests, GS_REQ_POOL_NONE when none */
    uint32_t fresh;            /* requests [fresh, capacity) never used yet */
    uint32_t in_use;
    uint32_t high_water;       /* largest in_use seen */
    uint64_t n_alloc;          /* successful allocations */
    uint64_t n_refused;        /* allocations refused because the pool was full */
} gs_req_pool;

/* Arena bytes gs_req_pool_init takes for `capacity` requests. */
size_t gs_req_pool_bytes(uint32_t capacity);

/* GS_E_ARENA when the arena is too small; capacity 0 is GS_E_CONFIG. */
gs_status gs_req_pool_init(gs_req_pool *pool, gs_arena *arena, uint32_t capacity,
                           gs_diag *diag);

/* A zeroed request (merge_count 1), or NULL when the pool is full. */
gs_mem_req *gs_req_pool_alloc(gs_req_pool *pool);

/* Give a request back; freeing one twice is a simulator bug (GS_ASSERT). */
void gs_req_pool_free(gs_req_pool *pool, gs_mem_req *req);

#endif
