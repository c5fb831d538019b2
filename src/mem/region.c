/*
 * The running kernel's memory regions (mem/region.h; seed-003 section 6.1).
 */
#include "mem/region.h"

#include <string.h>

void gs_regions_clear(gs_regions *regions)
{
    memset(regions, 0, sizeof *regions);
}

void gs_regions_add(gs_regions *regions, uint64_t base, uint64_t bytes)
{
    uint32_t i;
    for (i = 0; i < regions->count; i++)
        if (regions->r[i].base == base)
            return;
    if (regions->count == GS_REGIONS_MAX) {
        regions->unlisted++;
        return;
    }
    regions->r[regions->count].base = base;
    regions->r[regions->count++].bytes = bytes;
}

/* Linear: at most 16 entries, and the first match wins when two trace
 * ranges overlap (the older copy). */
uint32_t gs_region_of(const gs_regions *regions, uint64_t addr)
{
    uint32_t i;
    for (i = 0; i < regions->count; i++)
        if (addr >= regions->r[i].base && addr - regions->r[i].base < regions->r[i].bytes)
            return i;
    return GS_REGION_NONE;
}
