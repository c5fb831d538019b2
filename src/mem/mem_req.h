/*
 * The memory request (DESIGN.md section 3): what flows from the LD/ST unit
 * through L1D, the crossbar and the L2 slice to the DRAM controller and back.
 *
 * Requests live in a fixed pool with a free list (mem/req_pool.h); a full
 * pool is back-pressure, not an error. Units pass `gs_mem_req *` along and
 * never order anything by pointer value (DESIGN.md section 4): `pool_index`
 * is the stable identity to use where an order or a tie-break is needed.
 *
 * DRAM scheduling information (spec/seed-002-intercore-dram.md sections 2.1
 * to 2.3): `merge_count` is the L2 MSHR merge length (1 = no inter-core
 * locality; raw merges, the reading of seed-002 B4), `merge_age` the summed
 * age Age_MSHR of the merged requests, kept in the request so a DRAM
 * scheduler policy can read them beside the origin fields.
 */
#ifndef GS_MEM_MEM_REQ_H
#define GS_MEM_MEM_REQ_H

#include <stdint.h>

/* What the request does. An atomic is a read at the DRAM (the L2's ROP unit
 * performs the operation, seed-004 section 1.5.2). */
typedef enum gs_req_kind {
    GS_REQ_READ = 0,
    GS_REQ_WRITE = 1,
    GS_REQ_ATOMIC = 2
} gs_req_kind;

enum gs_req_flag {
    GS_REQ_BYPASS_L1 = 1u << 0,    /* skip L1D allocation (.cg, policy bypass) */
    GS_REQ_BYPASS_L2 = 1u << 1,    /* a decider sent it from the L2 slice to DRAM */
    GS_REQ_REDIRECTED = 1u << 2,   /* steered elsewhere by a mechanism (e.g. CIAO) */
    GS_REQ_WRITEBACK = 1u << 3,    /* an L2 eviction of dirty data, not a core store */
    GS_REQ_INSTRUCTION = 1u << 4,  /* instruction fetch */
    GS_REQ_L2_DECIDED = 1u << 5,   /* the L2's deciders were asked (base/event.h) */
    GS_REQ_L2_NO_ALLOCATE = 1u << 6,
    GS_REQ_L2_INSERT_LOW = 1u << 7,
    GS_REQ_DUMMY = 1u << 8,        /* seed-002 2.3: merge information for a queued read, no data */
    GS_REQ_TEXTURE = 1u << 9       /* a texture-cache miss (mem/tex_cache.h): the reply fills it */
};

/* The DRAM location the address mapping (mem/addrmap.h) decoded; filled
 * before the request reaches the DRAM controller. */
typedef struct gs_dram_loc {
    uint32_t channel;
    uint32_t bank;
    uint32_t bank_group;
    uint32_t reserved;
    uint64_t row;
    uint64_t column;
} gs_dram_loc;

typedef struct gs_mem_req {
    uint64_t line_addr;        /* byte address of the (aligned) line */
    uint32_t sector_mask;      /* bit i: 32-byte sector i of the line is wanted */
    uint32_t size_bytes;       /* bytes moved to or from DRAM */
    uint8_t kind;              /* gs_req_kind */
    uint8_t space;             /* gs_space (base/inst.h) */
    uint16_t flags;            /* gs_req_flag bits */
    uint16_t origin_sm;
    uint16_t origin_warp;
    uint32_t origin_lanes;     /* the lanes of the access that made it (0: none) */
    uint32_t origin_pc;        /* the instruction that made it */
    uint32_t sub_partition;    /* the L2 slice it belongs to */
    uint64_t created_cycle;    /* core cycle the LD/ST unit made it (seed-002 Eq. 4.1) */
    uint32_t merge_count;      /* L2 MSHR merge length, >= 1 (seed-002 2.1) */
    uint32_t pool_index;       /* stable identity; set by the pool, read-only */
    uint64_t merge_age;        /* Age_MSHR (seed-002 Eq. 4.2), scheduler-defined unit */
    gs_dram_loc dram;          /* where it lives in DRAM */
    uint32_t pool_next;        /* free-list link, owned by the pool */
    uint32_t pool_in_use;      /* 1 while allocated (double-free check) */
} gs_mem_req;

#endif
