/*
 * Unused shared memory as a direct-mapped block cache: geometry, translation
 * and tags (mem/smem_cache.h has the model and the decisions; spec/seed-001-
 * ciao.md sections 2.7 and 5.2 A1, A2, A14).
 */
#include "mem/smem_cache.h"

#include <string.h>

static uint32_t tag_rows(uint32_t data_rows)
{
    return (data_rows + GS_SMEM_CACHE_TAGS_PER_ROW - 1u) / GS_SMEM_CACHE_TAGS_PER_ROW;
}

/* The offset registers for k: the tag rows at the top of shared memory, the
 * 2^k data rows right below them, so the CTAs (from the bottom) never reach
 * the cache and nothing moves while k stays. */
static void place(gs_smem_cache *c, uint32_t blocks)
{
    uint32_t rows = c->shmem_bytes / GS_SMEM_CACHE_ROW_BYTES, data = blocks / 2u;
    c->blocks = blocks;
    c->tag_off = blocks ? rows - tag_rows(data) : 0u;
    c->data_off = blocks ? c->tag_off - data : 0u;
}

uint32_t gs_smem_cache_blocks_for(uint32_t free_bytes, uint32_t *row_bits)
{
    uint32_t rows = free_bytes / GS_SMEM_CACHE_ROW_BYTES;   /* per group */
    uint32_t k = GS_SMEM_CACHE_ROW_BITS_MAX + 1u;
    while (k-- > 0) {
        uint32_t data = 1u << k;
        if (data + tag_rows(data) <= rows) {
            *row_bits = k;
            return data * 2u;
        }
    }
    *row_bits = 0;
    return 0;
}

size_t gs_smem_cache_bytes(uint32_t shmem_bytes)
{
    uint32_t k;
    return (size_t)gs_smem_cache_blocks_for(shmem_bytes, &k) * sizeof(gs_smem_cache_line);
}

gs_status gs_smem_cache_init(gs_smem_cache *c, gs_arena *arena, uint32_t shmem_bytes,
                             gs_diag *diag)
{
    memset(c, 0, sizeof *c);
    c->shmem_bytes = shmem_bytes;
    c->capacity_blocks = gs_smem_cache_blocks_for(shmem_bytes, &c->row_bits);
    if (c->capacity_blocks != 0) {
        c->lines = gs_arena_alloc(arena, gs_smem_cache_bytes(shmem_bytes));
        if (c->lines == NULL)
            return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                               "arena too small for the shared-memory caches");
    }
    place(c, c->capacity_blocks);
    c->stats.blocks_max = c->blocks;
    return GS_OK;
}

static uint32_t smem_slot_of(const gs_smem_cache *c, uint64_t block)
{
    uint32_t g = (uint32_t)(block & 1u);
    uint32_t r = (uint32_t)(block >> 1) & ((1u << c->row_bits) - 1u);
    return r << 1 | g;
}

int gs_smem_cache_locate(const gs_smem_cache *c, uint64_t addr, gs_smem_cache_loc *loc)
{
    uint64_t block = addr / GS_SMEM_CACHE_BLOCK_BYTES;
    uint32_t r, g;
    if (c->blocks == 0)
        return 0;
    loc->slot = smem_slot_of(c, block);
    r = loc->slot >> 1;
    g = loc->slot & 1u;
    loc->data_group = g;
    loc->data_row = c->data_off + r;
    loc->tag_group = g ^ 1u;
    loc->tag_row = c->tag_off + (r >> 5);
    loc->tag_bank = (r >> 1) & (GS_SMEM_CACHE_GROUP_BANKS - 1u);
    loc->tag_half = r & 1u;
    return 1;
}

void gs_smem_cache_account(gs_smem_cache *c, uint64_t now)
{
    if (now <= c->since)
        return;
    c->stats.block_cycles += (uint64_t)c->blocks * (now - c->since);
    c->stats.valid_cycles += (uint64_t)c->valid * (now - c->since);
    c->since = now;
}

uint32_t gs_smem_cache_resize(gs_smem_cache *c, uint32_t used_bytes, uint64_t now)
{
    /* Whole rows: the CTAs' last, partly used row is not the cache's. */
    uint32_t used_rows = (used_bytes + GS_SMEM_CACHE_ROW_BYTES - 1u) / GS_SMEM_CACHE_ROW_BYTES;
    uint32_t rows = c->shmem_bytes / GS_SMEM_CACHE_ROW_BYTES;
    uint32_t k, blocks, dropped;
    blocks = gs_smem_cache_blocks_for(used_rows >= rows ? 0u
                                      : (rows - used_rows) * GS_SMEM_CACHE_ROW_BYTES, &k);
    if (blocks == c->blocks)
        return 0;
    /* A new k moves both offset registers: every block now has another row,
     * so the lines are dropped (they are clean: nothing is lost; the
     * utilisation sums are closed there). */
    dropped = gs_smem_cache_invalidate_all(c, now);
    c->row_bits = k;
    place(c, blocks);
    c->stats.resizes++;
    c->stats.resize_drops += dropped;
    if (blocks > c->stats.blocks_max)
        c->stats.blocks_max = blocks;
    return dropped;
}

int gs_smem_cache_lookup(const gs_smem_cache *c, uint64_t addr, uint32_t *owner)
{
    uint64_t block = addr / GS_SMEM_CACHE_BLOCK_BYTES;
    const gs_smem_cache_line *l;
    if (c->blocks == 0 || c->valid == 0)
        return 0;
    l = &c->lines[smem_slot_of(c, block)];
    if (l->block != block + 1u)
        return 0;
    if (owner != NULL)
        *owner = l->owner_warp;
    return 1;
}

int gs_smem_cache_install(gs_smem_cache *c, uint64_t addr, uint32_t owner, uint64_t now,
                          uint64_t *victim, uint32_t *victim_owner)
{
    uint64_t block = addr / GS_SMEM_CACHE_BLOCK_BYTES;
    gs_smem_cache_line *l;
    int replaced;
    if (c->blocks == 0)
        return 0;
    l = &c->lines[smem_slot_of(c, block)];
    replaced = l->block != 0 && l->block != block + 1u;
    if (replaced) {
        *victim = (l->block - 1u) * GS_SMEM_CACHE_BLOCK_BYTES;
        *victim_owner = l->owner_warp;
    } else if (l->block == 0) {
        gs_smem_cache_account(c, now);
        c->valid++;
    }
    l->block = block + 1u;
    l->owner_warp = (uint16_t)owner;
    return replaced;
}

int gs_smem_cache_invalidate(gs_smem_cache *c, uint64_t addr, uint64_t now)
{
    uint64_t block = addr / GS_SMEM_CACHE_BLOCK_BYTES;
    gs_smem_cache_line *l;
    if (c->blocks == 0 || c->valid == 0)
        return 0;
    l = &c->lines[smem_slot_of(c, block)];
    if (l->block != block + 1u)
        return 0;
    gs_smem_cache_account(c, now);
    memset(l, 0, sizeof *l);
    c->valid--;
    return 1;
}

uint32_t gs_smem_cache_invalidate_all(gs_smem_cache *c, uint64_t now)
{
    uint32_t dropped = c->valid;
    gs_smem_cache_account(c, now);
    if (c->capacity_blocks != 0)
        memset(c->lines, 0, (size_t)c->capacity_blocks * sizeof *c->lines);
    c->valid = 0;
    return dropped;
}
