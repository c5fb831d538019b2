/*
 * The shared memory the resident CTAs leave unused, used as a direct-mapped
 * cache of global (and local) 128-byte blocks for the requests a mechanism
 * redirects there (CIAO's isolated warps: spec/seed-001-ciao.md sections 2.7
 * and 2.8; issue 18 item 3). This file is the organisation: geometry,
 * address translation, tags and owners. The datapath (routing, the shared
 * MSHRs, fills, migration, bank-port use) is the LD/ST unit's
 * (mem/ldst_full.c).
 *
 * Organisation (seed-001 2.7; decisions A1, A2, A14 of section 5.2):
 *  - A1: bank rows are 8 bytes (Sec. IV-B): the 32 banks form 2 groups of
 *    16, so one row of one group is 16 x 8 B = 128 B, one data block, and a
 *    row across both groups is 256 B. The cache needs 32 banks and 128-byte
 *    blocks (the configuration check says so).
 *  - A2: one cache per SM, shared by all its isolated warps, in the space
 *    the resident CTAs leave unused (its size follows them; the paper's
 *    per-CTA SMMT entries only reserve that space).
 *  - A14, translation of block address blk = addr >> 7:
 *        G = blk & 1, R = (blk >> 1) & (2^k - 1)      (slot = R << 1 | G)
 *        data: group G,  row data_off + R, banks 0..15
 *        tag:  group !G, row tag_off + (R >> 5), bank (R >> 1) & 15,
 *              half R & 1 (two 31-bit tags per 8-byte bank row)
 *    k is the largest value with 2^k data rows and ceil(2^k / 32) tag rows
 *    in one group's unused rows, and k <= 8 (the paper's 8-bit row field and
 *    mask): a power-of-two mask, so a 48 KB unused space (192 rows a group)
 *    holds 2 x 128 blocks = 32 KB of data and 2 x 4 tag rows. The CTAs'
 *    shared memory sits at the bottom (their bytes rounded up to whole
 *    256-byte rows); the cache at the top: tag_off = rows - ceil(2^k / 32),
 *    data_off = tag_off - 2^k. A tag holds the whole block address (25 bits
 *    for 32-bit addresses, [D] in 2.7), so no size change can make a false
 *    hit.
 *  - Resizing (a CTA launches or finishes): while k stays, nothing moves.
 *    A new k moves both offset registers, so every block would have another
 *    row: all lines are dropped. Lines are never dirty (stores write through
 *    and invalidate: mem/ldst_full.c), so a drop loses no data, and a drop
 *    is not an eviction by a warp (no victim-tag event).
 */
#ifndef GS_MEM_SMEM_CACHE_H
#define GS_MEM_SMEM_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/status.h"

#define GS_SMEM_CACHE_BLOCK_BYTES 128u
#define GS_SMEM_CACHE_ROW_BYTES 256u       /* 32 banks x 8 bytes: both groups */
#define GS_SMEM_CACHE_GROUP_BANKS 16u
#define GS_SMEM_CACHE_TAGS_PER_ROW 32u     /* 16 banks x 2 tags */
#define GS_SMEM_CACHE_ROW_BITS_MAX 8u      /* the 8-bit R field and mask */
#define GS_SMEM_CACHE_NONE 0xFFFFFFFFu

/* Where a block lives (gs_smem_cache_locate). */
typedef struct gs_smem_cache_loc {
    uint32_t slot;                      /* R << 1 | G: the line index */
    uint32_t data_group, data_row;
    uint32_t tag_group, tag_row, tag_bank, tag_half;
} gs_smem_cache_loc;

typedef struct gs_smem_cache_line {
    uint64_t block;                     /* block address + 1; 0 = invalid */
    uint16_t owner_warp;                /* the WID field: warp whose fill brought it */
    uint16_t reserved16;
    uint32_t reserved32;
} gs_smem_cache_line;

typedef struct gs_smem_cache_stats {
    uint64_t resizes;                   /* geometry changes */
    uint64_t resize_drops;              /* lines dropped by them */
    uint64_t blocks_max;                /* the most blocks it ever had */
    uint64_t block_cycles;              /* blocks x core cycles, summed at each resize */
    uint64_t valid_cycles;              /* lines valid x core cycles, likewise */
} gs_smem_cache_stats;

typedef struct gs_smem_cache {
    gs_smem_cache_line *lines;          /* [capacity_blocks] */
    uint32_t shmem_bytes;               /* shared memory per SM */
    uint32_t capacity_blocks;           /* blocks with no CTA resident */
    uint32_t row_bits;                  /* k */
    uint32_t blocks;                    /* 2^(k+1), or 0: no cache now */
    uint32_t data_off, tag_off;         /* the offset registers, in rows */
    uint32_t valid;                     /* lines valid now */
    uint64_t since;                     /* core cycle of the last accounting */
    gs_smem_cache_stats stats;
} gs_smem_cache;

/* Blocks a cache has in `free_bytes` of unused shared memory, and its k
 * (0 blocks when even 2 blocks and their tag row do not fit). */
uint32_t gs_smem_cache_blocks_for(uint32_t free_bytes, uint32_t *row_bits);

size_t gs_smem_cache_bytes(uint32_t shmem_bytes);
/* An empty cache over `shmem_bytes` with no CTA resident. */
gs_status gs_smem_cache_init(gs_smem_cache *c, gs_arena *arena, uint32_t shmem_bytes,
                             gs_diag *diag);

/* The resident CTAs now use `used_bytes` (core cycle `now`): the geometry
 * follows; returns the lines dropped. */
uint32_t gs_smem_cache_resize(gs_smem_cache *c, uint32_t used_bytes, uint64_t now);

/* Where the block of byte address `addr` would live; 0 when there is no
 * cache now. */
int gs_smem_cache_locate(const gs_smem_cache *c, uint64_t addr, gs_smem_cache_loc *loc);

/* 1 when the block of `addr` is held (its owner in *owner when non-NULL). */
int gs_smem_cache_lookup(const gs_smem_cache *c, uint64_t addr, uint32_t *owner);

/* Put the block of `addr`, brought by warp `owner`, in its slot at core
 * cycle `now` (the utilisation sums count valid lines per cycle). Returns 1
 * when it replaced another valid block (its byte address and owner in
 * *victim and *victim_owner); 0 otherwise, also when there is no cache
 * now (nothing stored). */
int gs_smem_cache_install(gs_smem_cache *c, uint64_t addr, uint32_t owner, uint64_t now,
                          uint64_t *victim, uint32_t *victim_owner);

/* Remove the block of `addr` at core cycle `now`; 1 when it was held. */
int gs_smem_cache_invalidate(gs_smem_cache *c, uint64_t addr, uint64_t now);

/* Remove every line at core cycle `now` (a flush between kernels); returns
 * how many. */
uint32_t gs_smem_cache_invalidate_all(gs_smem_cache *c, uint64_t now);

/* Close the utilisation sums at core cycle `now` (before a report). */
void gs_smem_cache_account(gs_smem_cache *c, uint64_t now);

#endif
