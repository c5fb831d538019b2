/*
 * Shared internals of the generic cache (cache.c: lines, read path, fills,
 * miss queue; cache_write.c: write policies). Not for other modules.
 */
#ifndef GS_MEM_CACHE_INTERNAL_H
#define GS_MEM_CACHE_INTERNAL_H

#include "mem/cache.h"

/* Options of the read-miss path when a write miss uses it (write-allocate). */
typedef struct gs_cachei_read_opts {
    uint32_t extra_mq;            /* more miss-queue slots needed (the write itself) */
    uint8_t dirty_on_fill;        /* fetch-on-write: dirty once the data arrives */
    uint8_t waiter_is_write;
    uint8_t write_first;          /* push the write before the read (W) */
} gs_cachei_read_opts;

uint64_t gs_cachei_line_addr(const gs_cache *c, uint64_t addr);
uint32_t gs_cachei_set(const gs_cache *c, const gs_cache_request *rq);
uint32_t gs_cachei_units(const gs_cache *c, uint32_t sector_mask);
uint32_t gs_cachei_mem_mask(const gs_cache *c, uint32_t units);
uint32_t gs_cachei_find(const gs_cache *c, uint32_t set, uint64_t line_addr);
/* The line to (re)use for line_addr in `set` (GS_CACHE_NONE when none);
 * ctx: the request that will insert it (policy context). Changes nothing. */
uint32_t gs_cachei_victim(const gs_cache *c, uint32_t set, uint64_t line_addr,
                          const gs_cache_request *ctx);
/* Miss-queue slots the replacement of line `victim` needs (1 when dirty). */
uint32_t gs_cachei_victim_mq(const gs_cache *c, uint32_t victim);
/* Evict what line `victim` of `set` holds (policy, write-back, callback) and
 * install line_addr for the request ctx (policy on_insert; owner ctx->warp). */
void gs_cachei_replace(gs_cache *c, uint32_t set, uint32_t victim, uint64_t line_addr,
                       const gs_cache_request *ctx, uint64_t cycle, gs_cache_result *res);
/* Emit MSHR_ALLOC / MSHR_MERGE / MSHR_RELEASE with `value`. */
void gs_cachei_mshr_event(const gs_cache *c, unsigned kind, uint64_t line_addr,
                          uint64_t cycle, const gs_cache_request *rq, uint32_t value);
/* A later touch of the present line `line` of `set` by ctx (policy on_hit). */
void gs_cachei_touch(gs_cache *c, uint32_t set, uint32_t line, const gs_cache_request *ctx);
/* Way `way` of `set` is about to lose its line without a replacement. */
void gs_cachei_invalidated(gs_cache *c, uint32_t set, uint32_t way);
uint32_t gs_cachei_mq_room(const gs_cache *c);
/* Queue a read of `units` of line_addr below. */
void gs_cachei_push_read(gs_cache *c, const gs_cache_request *rq, uint64_t line_addr,
                         uint32_t units, uint64_t cycle, gs_cache_result *res);
/* Queue a write of the request's sectors below. */
void gs_cachei_push_write(gs_cache *c, const gs_cache_request *rq, uint64_t cycle,
                          gs_cache_result *res);
void gs_cachei_fail(gs_cache_result *res, gs_cache_fail why);

void gs_cachei_read(gs_cache *c, const gs_cache_request *rq, uint64_t cycle,
                    const gs_cachei_read_opts *opts, gs_cache_result *res);
void gs_cachei_write(gs_cache *c, const gs_cache_request *rq, uint64_t cycle,
                     gs_cache_result *res);

#endif
