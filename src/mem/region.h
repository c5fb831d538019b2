/*
 * The running kernel's memory regions (seed-003 section 6.1): "a linear
 * memory space allocated for a memory object of a GPU kernel, which is
 * mapped from the host code" (cudaMalloc, then passed as a kernel argument).
 * The driver gives each a region id (4 bits: at most 16 per kernel), its
 * start and size; every memory request carries its region id. sim/ fills
 * the table at each launch, before the KERNEL_LAUNCH event:
 *  - PTX runs: each 8-byte kernel parameter whose value lies inside a device
 *    allocation (mem/devmem.h's log) names that allocation, in parameter
 *    order; two parameters into one allocation are one region;
 *  - Accel-Sim traces (no parameters): the MemcpyHtoD ranges of the kernel
 *    list so far, in order, a repeated range once (the objects the host
 *    copied in).
 * Decision: objects past the 16th are counted (`unlisted`) and belong to no
 * region, as does an address outside every region (module globals, local
 * memory): a region mechanism leaves such requests alone. The request
 * carries its id through an address-range lookup here, the translation-time
 * tagging of section 6.1.
 */
#ifndef GS_MEM_REGION_H
#define GS_MEM_REGION_H

#include <stdint.h>

#define GS_REGIONS_MAX 16u
#define GS_REGION_NONE 0xFFu

typedef struct gs_region {
    uint64_t base;
    uint64_t bytes;
} gs_region;

typedef struct gs_regions {
    gs_region r[GS_REGIONS_MAX];
    uint32_t count;
    uint32_t unlisted;     /* objects of this kernel past GS_REGIONS_MAX */
} gs_regions;

void gs_regions_clear(gs_regions *regions);
/* Add the object [base, base + bytes): a repeat of a listed base is
 * ignored, one past the table counts as unlisted. */
void gs_regions_add(gs_regions *regions, uint64_t base, uint64_t bytes);
/* The id (index) of the region holding addr, or GS_REGION_NONE. */
uint32_t gs_region_of(const gs_regions *regions, uint64_t addr);

#endif
