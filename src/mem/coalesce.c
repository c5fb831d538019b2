/*
 * Memory coalescer (see mem/coalesce.h for the rules and their sources).
 */
#include "mem/coalesce.h"

#include <string.h>

#include "base/set_index.h"

gs_status gs_coalesce_check(const gs_coalesce_params *p, gs_diag *diag)
{
    uint32_t log2;
    if (!gs_exact_log2(p->line_bytes, &log2) || p->line_bytes < 32u
        || p->line_bytes > GS_COALESCE_LINE_MAX)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "coalescer line size %u must be a "
                           "power of two from 32 to %u bytes", (unsigned)p->line_bytes,
                           GS_COALESCE_LINE_MAX);
    if (!gs_exact_log2(p->warp_parts, &log2) || p->warp_parts > GS_WARP_SIZE)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "warp parts %u must be a power of "
                           "two from 1 to %u", (unsigned)p->warp_parts, GS_WARP_SIZE);
    return GS_OK;
}

/* The request of line_addr among out[first, *n), appended when new. */
static gs_coalesce_req *coalesce_slot(gs_coalesce_req *out, uint32_t first, uint32_t *n,
                                      uint64_t line_addr)
{
    uint32_t i;
    /* Neighbouring lanes mostly share the line just added; lines are unique
     * in out[first, *n), so looking there first finds the same slot. */
    if (*n > first && out[*n - 1u].line_addr == line_addr)
        return &out[*n - 1u];
    for (i = first; i < *n; i++)
        if (out[i].line_addr == line_addr)
            return &out[i];
    GS_ASSERT(*n < GS_COALESCE_MAX_REQS);
    memset(&out[*n], 0, sizeof out[*n]);
    out[*n].line_addr = line_addr;
    return &out[(*n)++];
}

/* Mark bytes [offset, offset + count) of a line touched by `lane`. */
static void coalesce_mark(gs_coalesce_req *r, uint32_t lane, uint32_t offset, uint32_t count)
{
    uint32_t end = offset + count;
    r->lane_mask |= 1u << lane;
    while (offset < end) {   /* a run of bytes per 32-byte sector, not a byte at a time */
        uint32_t sector = offset / 32u, sector_end = (sector + 1u) * 32u;
        uint32_t stop = sector_end < end ? sector_end : end, len = stop - offset;
        r->byte_mask[sector] |= len == 32u ? 0xFFFFFFFFu : ((1u << len) - 1u) << (offset % 32u);
        r->sector_mask |= 1u << sector;
        offset = stop;
    }
}

static void coalesce_lane(const gs_coalesce_params *p, gs_coalesce_req *out, uint32_t first,
                          uint32_t *n, uint32_t lane, uint64_t addr, uint32_t bytes)
{
    uint64_t line_mask = (uint64_t)p->line_bytes - 1u;
    while (bytes > 0) {
        uint32_t offset = (uint32_t)(addr & line_mask);
        uint32_t piece = p->line_bytes - offset < bytes ? p->line_bytes - offset : bytes;
        coalesce_mark(coalesce_slot(out, first, n, addr & ~line_mask), lane, offset, piece);
        addr += piece;
        bytes -= piece;
    }
}

static void coalesce_finish(const gs_coalesce_params *p, gs_coalesce_req *r)
{
    uint32_t s, lo = 32u, hi = 0, span = 1u, sectors = p->line_bytes / 32u, count = 0;
    for (s = 0; s < sectors; s++) {
        if (r->byte_mask[s] == 0xFFFFFFFFu)
            r->full_mask |= 1u << s;
        if (r->sector_mask & (1u << s)) {
            lo = lo < s ? lo : s;
            hi = s;
            count++;
        }
    }
    if (p->sector) {
        r->size_bytes = 32u * count;
        return;
    }
    while (lo / span != hi / span)
        span <<= 1;
    r->size_bytes = 32u * span;
}

static void coalesce_sort(gs_coalesce_req *out, uint32_t first, uint32_t n)
{
    uint32_t i, j;
    for (i = first + 1u; i < n; i++) {
        gs_coalesce_req key = out[i];
        for (j = i; j > first && out[j - 1u].line_addr > key.line_addr; j--)
            out[j] = out[j - 1u];
        out[j] = key;
    }
}

uint32_t gs_coalesce(const gs_coalesce_params *p, uint32_t active_mask, const uint64_t *addr,
                     uint32_t access_bytes, gs_coalesce_req *out)
{
    uint32_t parts = p->warp_parts ? p->warp_parts : 1u;
    uint32_t lanes_per_part = GS_WARP_SIZE / parts, part, lane, first, i, n = 0;
    GS_ASSERT(access_bytes >= 1u && access_bytes <= p->line_bytes);
    for (part = 0; part < parts; part++) {
        first = n;
        for (lane = part * lanes_per_part; lane < (part + 1u) * lanes_per_part; lane++)
            if (active_mask & (1u << lane))
                coalesce_lane(p, out, first, &n, lane, addr[lane], access_bytes);
        for (i = first; i < n; i++)
            coalesce_finish(p, &out[i]);
        if (p->order == GS_COALESCE_ORDER_ADDRESS)
            coalesce_sort(out, first, n);
    }
    return n;
}

uint32_t gs_coalesce_inst(const gs_coalesce_params *p, const gs_inst *inst,
                          gs_coalesce_req *out)
{
    return gs_coalesce(p, inst->active_mask, inst->addr, inst->access_bytes, out);
}
