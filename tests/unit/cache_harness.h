/*
 * Fixture for the 14x cache tests: builds a gs_cache from a GPGPU-Sim cache
 * string in a static arena, and short helpers for reads, writes and fills.
 */
#ifndef GS_TEST_CACHE_HARNESS_H
#define GS_TEST_CACHE_HARNESS_H

#include <string.h>

#include "check.h"
#include "base/arena.h"
#include "base/cachestr.h"
#include "base/inst.h"
#include "mem/cache.h"

static uint64_t ch_buffer[1u << 20];    /* 8 MiB */
static gs_arena ch_arena;

/* Parse `text` and set up `c` in `mode` with the policy parameters `policy`
 * (NULL: all defaults) in `arena` over buffer[bytes]; returns 1 when it
 * worked and took exactly gs_cache_arena_bytes. */
static inline int ch_make_in(gs_cache *c, gs_arena *arena, void *buffer, size_t bytes,
                             const char *text, uint32_t mode, uint32_t unbounded_lines,
                             const gs_cache_policy_params *policy)
{
    gs_cache_params p;
    gs_cache_error e;
    gs_diag diag;
    memset(&p, 0, sizeof p);
    if (!gs_cache_parse(&p.config, text, strlen(text), &e)) {
        printf("  cache string %s: %s\n", text, e.message);
        return 0;
    }
    p.mode = mode;
    p.unbounded_max_lines = unbounded_lines;
    if (policy != NULL)
        p.policy = *policy;
    gs_arena_init(arena, buffer, bytes);
    if (gs_cache_init(c, arena, &p, &diag) != GS_OK) {
        printf("  cache init: %s\n", diag.message);
        return 0;
    }
    if (arena->used_bytes != gs_cache_arena_bytes(&p)) {
        printf("  arena bytes %u != %u\n", (unsigned)arena->used_bytes,
               (unsigned)gs_cache_arena_bytes(&p));
        return 0;
    }
    return 1;
}

/* The same in the harness's arena with the default policy parameters. */
static inline int ch_make(gs_cache *c, const char *text, uint32_t mode, uint32_t unbounded_lines)
{
    return ch_make_in(c, &ch_arena, ch_buffer, sizeof ch_buffer, text, mode, unbounded_lines,
                      NULL);
}

static inline gs_cache_request ch_req(uint64_t addr, uint32_t sectors, int is_write,
                                      uint32_t space, uint32_t token, uint32_t warp)
{
    gs_cache_request r;
    memset(&r, 0, sizeof r);
    r.addr = addr;
    r.sector_mask = sectors;
    r.full_mask = is_write ? sectors : 0;
    r.is_write = (uint8_t)is_write;
    r.space = (uint8_t)space;
    r.token = token;
    r.warp = (uint16_t)warp;
    return r;
}

/* Read of all 4 sectors, global space; returns the outcome. */
static inline uint32_t ch_read(gs_cache *c, uint64_t addr, uint32_t token, uint64_t cycle)
{
    gs_cache_request r = ch_req(addr, 0xF, 0, GS_SPACE_GLOBAL, token, token);
    return gs_cache_access(c, &r, cycle).outcome;
}

static inline uint32_t ch_write(gs_cache *c, uint64_t addr, uint32_t space, uint64_t cycle)
{
    gs_cache_request r = ch_req(addr, 0xF, 1, space, 0, 0);
    return gs_cache_access(c, &r, cycle).outcome;
}

/* Fill all sectors; returns the number of waiters released. */
static inline uint32_t ch_fill(gs_cache *c, uint64_t line, gs_cache_waiter *out, uint64_t cycle)
{
    uint32_t n = 0;
    if (!gs_cache_fill(c, line, 0xF, cycle, out, 64, &n))
        return 0xFFFFu;
    return n;
}

/* Drain the miss queue; returns how many entries were popped. */
static inline uint32_t ch_drain(gs_cache *c)
{
    gs_mem_req r;
    uint32_t n = 0;
    while (gs_cache_miss_pop(c, &r))
        n++;
    return n;
}

#define CH_HIT GS_CACHE_HIT
#define CH_HR GS_CACHE_HIT_RESERVED
#define CH_MISS GS_CACHE_MISS
#define CH_FAIL GS_CACHE_RESERVATION_FAIL

#endif
