/*
 * Scoreboard: per-warp pending-write registers, RAW/WAW stall, reserve at
 * issue, release at write-back (seed-004 section 1.2.2). See scoreboard.h.
 */
#include "core/scoreboard.h"

#include <string.h>

#define SB_NOT_FOUND 0xFFFFFFFFu

size_t gs_scoreboard_bytes(const gs_scoreboard_params *params)
{
    size_t entries = (size_t)params->num_warps * params->entries_per_warp;
    return gs_arena_round(params->num_warps * sizeof(gs_sb_warp))
           + gs_arena_round(entries * sizeof(uint16_t)) + gs_arena_round(entries);
}

gs_status gs_scoreboard_init(gs_scoreboard *sb, const gs_scoreboard_params *params,
                             gs_arena *arena, gs_diag *diag)
{
    size_t entries = (size_t)params->num_warps * params->entries_per_warp;
    memset(sb, 0, sizeof *sb);
    if (params->num_warps == 0 || params->entries_per_warp == 0
        || params->entries_per_warp > GS_SB_MAX_ENTRIES)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "scoreboard: %u entries per warp for %u warps; entries must be "
                           "1..%u and warps at least 1", (unsigned)params->entries_per_warp,
                           (unsigned)params->num_warps, GS_SB_MAX_ENTRIES);
    sb->params = *params;
    sb->warps = (gs_sb_warp *)gs_arena_alloc(arena, params->num_warps * sizeof(gs_sb_warp));
    sb->regs = (uint16_t *)gs_arena_alloc(arena, entries * sizeof(uint16_t));
    sb->is_long = (uint8_t *)gs_arena_alloc(arena, entries);
    if (!sb->warps || !sb->regs || !sb->is_long)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                           "arena too small for the scoreboard (%u bytes)",
                           (unsigned)gs_scoreboard_bytes(params));
    return GS_OK;
}

static uint64_t sb_bucket_bit(uint16_t reg)
{
    return (uint64_t)1u << (reg & 63u);
}

/* Entry index of reg in the warp's list, or SB_NOT_FOUND (bucket test first). */
static uint32_t sb_find(const gs_scoreboard *sb, unsigned warp, uint16_t reg)
{
    const gs_sb_warp *w = &sb->warps[warp];
    const uint16_t *regs = sb->regs + (size_t)warp * sb->params.entries_per_warp;
    uint32_t i;
    if (reg == GS_REG_NONE || !(w->summary & sb_bucket_bit(reg)))
        return SB_NOT_FOUND;
    for (i = 0; i < w->count; i++)
        if (regs[i] == reg)
            return i;
    return SB_NOT_FOUND;
}

int gs_scoreboard_is_pending(const gs_scoreboard *sb, unsigned warp, uint16_t reg)
{
    GS_ASSERT(warp < sb->params.num_warps);
    return sb_find(sb, warp, reg) != SB_NOT_FOUND;
}

/* Distinct destination registers of inst (duplicates take one entry). */
static uint32_t sb_distinct_dsts(const gs_inst *inst)
{
    uint32_t i, j, n = 0;
    for (i = 0; i < inst->num_dst; i++) {
        int seen = inst->dst[i] == GS_REG_NONE;
        for (j = 0; j < i && !seen; j++)
            seen = inst->dst[j] == inst->dst[i];
        n += seen ? 0u : 1u;
    }
    return n;
}

gs_sb_result gs_scoreboard_check(gs_scoreboard *sb, unsigned warp, const gs_inst *inst)
{
    const gs_sb_warp *w;
    uint32_t i;
    GS_ASSERT(warp < sb->params.num_warps);
    GS_ASSERT(inst->num_src <= GS_INST_MAX_SRC && inst->num_dst <= GS_INST_MAX_DST);
    w = &sb->warps[warp];
    if (w->count != 0) {
        for (i = 0; i < inst->num_src; i++)
            if (sb_find(sb, warp, inst->src[i]) != SB_NOT_FOUND) {
                sb->stalls_raw++;
                return GS_SB_RAW;
            }
        for (i = 0; i < inst->num_dst; i++)
            if (sb_find(sb, warp, inst->dst[i]) != SB_NOT_FOUND) {
                sb->stalls_waw++;
                return GS_SB_WAW;
            }
    }
    if (w->count + sb_distinct_dsts(inst) > sb->params.entries_per_warp) {
        sb->stalls_full++;
        return GS_SB_FULL;
    }
    return GS_SB_FREE;
}

void gs_scoreboard_reserve(gs_scoreboard *sb, unsigned warp, const gs_inst *inst,
                           int long_latency)
{
    gs_sb_warp *w = &sb->warps[warp];
    size_t base = (size_t)warp * sb->params.entries_per_warp;
    uint32_t i;
    GS_ASSERT(warp < sb->params.num_warps);
    for (i = 0; i < inst->num_dst; i++) {
        uint16_t reg = inst->dst[i];
        if (reg == GS_REG_NONE || sb_find(sb, warp, reg) != SB_NOT_FOUND)
            continue;
        GS_ASSERT(w->count < sb->params.entries_per_warp);
        sb->regs[base + w->count] = reg;
        sb->is_long[base + w->count] = (uint8_t)(long_latency ? 1 : 0);
        w->count++;
        w->long_count += long_latency ? 1u : 0u;
        w->bucket_count[reg & 63u]++;
        w->summary |= sb_bucket_bit(reg);
    }
}

void gs_scoreboard_release(gs_scoreboard *sb, unsigned warp, uint16_t reg)
{
    gs_sb_warp *w = &sb->warps[warp];
    size_t base = (size_t)warp * sb->params.entries_per_warp;
    uint32_t at = sb_find(sb, warp, reg);
    uint32_t last;
    GS_ASSERT(at != SB_NOT_FOUND);
    last = w->count - 1u;
    w->long_count -= sb->is_long[base + at];
    sb->regs[base + at] = sb->regs[base + last];       /* order does not matter */
    sb->is_long[base + at] = sb->is_long[base + last];
    w->count = last;
    if (--w->bucket_count[reg & 63u] == 0)
        w->summary &= ~sb_bucket_bit(reg);
}

void gs_scoreboard_release_inst(gs_scoreboard *sb, unsigned warp, const gs_inst *inst)
{
    uint32_t i;
    for (i = 0; i < inst->num_dst; i++)
        if (inst->dst[i] != GS_REG_NONE && sb_find(sb, warp, inst->dst[i]) != SB_NOT_FOUND)
            gs_scoreboard_release(sb, warp, inst->dst[i]);
}

static int sb_is_long_reg(const gs_scoreboard *sb, unsigned warp, uint16_t reg)
{
    uint32_t at = sb_find(sb, warp, reg);
    return at != SB_NOT_FOUND && sb->is_long[(size_t)warp * sb->params.entries_per_warp + at];
}

int gs_scoreboard_waits_long(const gs_scoreboard *sb, unsigned warp, const gs_inst *inst)
{
    uint32_t i;
    GS_ASSERT(warp < sb->params.num_warps);
    if (sb->warps[warp].long_count == 0)
        return 0;
    for (i = 0; i < inst->num_src; i++)
        if (sb_is_long_reg(sb, warp, inst->src[i]))
            return 1;
    for (i = 0; i < inst->num_dst; i++)
        if (sb_is_long_reg(sb, warp, inst->dst[i]))
            return 1;
    return 0;
}

uint32_t gs_scoreboard_pending(const gs_scoreboard *sb, unsigned warp)
{
    GS_ASSERT(warp < sb->params.num_warps);
    return sb->warps[warp].count;
}

void gs_scoreboard_clear_warp(gs_scoreboard *sb, unsigned warp)
{
    GS_ASSERT(warp < sb->params.num_warps);
    memset(&sb->warps[warp], 0, sizeof sb->warps[warp]);
}
