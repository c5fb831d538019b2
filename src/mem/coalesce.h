/*
 * The memory coalescer of the LD/ST unit (spec/seed-004-gpgpu-arch-book.md
 * section 1.3.1; spec/seed-000-dwt-pric.md section 1 "fewest 128B line
 * requests, up to 32 from one warp instruction"; GPGPU-Sim
 * memory_coalescing_arch semantics for Fermi and later).
 *
 * A warp's per-lane accesses (address, bytes per lane with the vector width
 * included, active mask) become one request per distinct cache line, with the
 * 32-byte sectors of the line it touches (the unit of a sector cache and of
 * the L2/DRAM), the lanes it serves and the sectors it covers completely
 * (for fetch-on-write / lazy-fetch decisions). A lane whose access crosses a
 * line boundary (a misaligned address) touches both lines.
 *
 * Order (fixed): by the first lane that touches the line (within each
 * sub-warp when warp_parts > 1), or, with GS_COALESCE_ORDER_ADDRESS, by
 * ascending line address, which is GPGPU-Sim's std::map order.
 * Decisions (documented in the notes/README):
 *  - gpusim issues one request per line with a sector mask; GPGPU-Sim's
 *    sector mode (Maxwell+) makes one access per 32-byte segment instead.
 *  - size_bytes, the transaction size below: sector caches 32 x sectors;
 *    non-sector caches the smallest aligned 32/64/128... byte block holding
 *    every touched sector (GPGPU-Sim memory_coalescing_arch_reduce_and_send
 *    for 4..16-byte accesses).
 *  - GPGPU-Sim splits local accesses wider than 4 bytes into 4-byte pieces at
 *    interleaved addresses; the front end gives one address per lane, so a
 *    local vector access is treated like a global one.
 */
#ifndef GS_MEM_COALESCE_H
#define GS_MEM_COALESCE_H

#include <stdint.h>

#include "base/inst.h"
#include "base/status.h"

/* 32 lanes, each crossing at most one line boundary. */
#define GS_COALESCE_MAX_REQS (2u * GS_WARP_SIZE)
#define GS_COALESCE_LINE_MAX 256u      /* largest line tracked byte by byte */

typedef enum gs_coalesce_order {
    GS_COALESCE_ORDER_FIRST_LANE = 0,
    GS_COALESCE_ORDER_ADDRESS
} gs_coalesce_order;

typedef struct gs_coalesce_params {
    uint32_t line_bytes;     /* power of two, 32 .. GS_COALESCE_LINE_MAX */
    uint32_t warp_parts;     /* -gpgpu_mem_warp_parts style sub-warps (1, 2, 4, ...) */
    uint8_t sector;          /* sector cache: size_bytes counts sectors */
    uint8_t order;           /* gs_coalesce_order */
} gs_coalesce_params;

typedef struct gs_coalesce_req {
    uint64_t line_addr;
    uint32_t lane_mask;      /* lanes served by this request */
    uint32_t sector_mask;    /* 32-byte sectors touched */
    uint32_t full_mask;      /* sectors whose 32 bytes are all touched */
    uint32_t size_bytes;     /* transaction size below (see above) */
    uint32_t byte_mask[GS_COALESCE_LINE_MAX / 32u];   /* bytes touched, 32 per word */
} gs_coalesce_req;

/* GS_E_CONFIG (with a message) when the parameters cannot work. */
gs_status gs_coalesce_check(const gs_coalesce_params *params, gs_diag *diag);

/* Coalesce; returns the number of requests written to out[] (capacity
 * GS_COALESCE_MAX_REQS). access_bytes must be 1 .. line_bytes. */
uint32_t gs_coalesce(const gs_coalesce_params *params, uint32_t active_mask,
                     const uint64_t *addr, uint32_t access_bytes, gs_coalesce_req *out);

/* The same for a warp instruction (active_mask, addr, access_bytes). */
uint32_t gs_coalesce_inst(const gs_coalesce_params *params, const gs_inst *inst,
                          gs_coalesce_req *out);

#endif
