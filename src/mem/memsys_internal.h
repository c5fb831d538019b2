/*
 * Internals shared by memsys.c and ldst_full.c (not for other modules): the
 * layout of gs_memsys and of one SM's full LD/ST unit (seed-004 sections
 * 1.3-1.5; the contract is in mem/memsys.h and mem/ldst.h).
 */
#ifndef GS_MEM_MEMSYS_INTERNAL_H
#define GS_MEM_MEMSYS_INTERNAL_H

#include <stdint.h>

#include "base/event.h"
#include "gs_limits.h"
#include "mem/addrmap.h"
#include "mem/cache.h"
#include "mem/cache_adapt.h"
#include "mem/coalesce.h"
#include "mem/icnt.h"
#include "mem/ldst.h"
#include "mem/ldst_stage.h"
#include "mem/memsys.h"
#include "mem/partition.h"
#include "mem/req_pool.h"
#include "mem/shmem.h"
#include "mem/smem_cache.h"
#include "mem/tex_cache.h"

/* Memory instructions one LD/ST unit holds at once (accepted, not completed). */
#define GS_LDST_SLOTS 64u

typedef struct gs_ldst_slot {
    uint64_t ready_cycle;      /* latest completion of its hits and replies */
    uint64_t seq;              /* acceptance order */
    uint32_t tag, warp;
    uint32_t pending;          /* reads below whose data is not back */
    uint32_t in_stage;         /* its requests waiting in the stage */
    uint8_t issuing;           /* accesses left (at the head or staged) */
} gs_ldst_slot;

typedef struct gs_ldst_event {
    uint64_t cycle, seq;
    uint32_t slot;
} gs_ldst_event;

typedef struct gs_ldst_stats {
    uint64_t instructions, shmem_instructions, shmem_passes;
    uint64_t l1_accesses, direct_accesses, param_accesses, const_perfect_accesses;
    uint64_t reservation_stalls;      /* cycles the head waited on a RESERVATION_FAIL */
    uint64_t direct_queue_stalls;     /* cycles the head waited on the bypass queue */
    uint64_t pool_stalls;             /* cycles a request waited for a pool entry */
    uint64_t icnt_stalls;             /* cycles a request waited for the crossbar input */
    uint64_t fill_stalls;             /* cycles a reply waited to fill the L1 */
    uint64_t replies, latency_sum, latency_max;
    uint64_t instruction_fetches;     /* I-cache lines asked of the memory system */
    uint64_t fetch_queue_stalls;      /* cycles a fetch found its queue or the pool full */
    uint64_t staged;                  /* requests that went through the stage */
    uint64_t stage_holds;             /* cycles the stage's owner held every request */
    uint64_t assoc_bypasses;          /* staged loads sent around an associativity stall */
    /* the shared-memory cache (-gs_smem_cache 1; mem/smem_cache.h) */
    uint64_t smem_redirected;         /* redirected loads (accesses made) */
    uint64_t smem_hits;               /* ... found in the shared-memory cache */
    uint64_t smem_misses;             /* ... fetched from L2 into it (or merged) */
    uint64_t smem_migrations;         /* ... moved there from the L1D */
    uint64_t smem_l1_kept;            /* ... served by the L1D, which holds or awaits the line */
    uint64_t smem_fills;              /* L2 replies written into it */
    uint64_t smem_evictions;          /* valid blocks replaced by a fill or migration */
    uint64_t smem_shared_hits;        /* loads of other warps served from it (A15) */
    uint64_t smem_write_invalidations;/* blocks removed by a store or atomic (A15) */
    uint64_t smem_port_conflicts;     /* cycles an access waited for a fill's bank pass (A16) */
    uint64_t smem_flush_drops;        /* blocks dropped between kernels */
} gs_ldst_stats;

typedef struct gs_ldst_full {
    struct gs_memsys *sys;
    gs_ldst iface;
    const gs_event_bus *bus;         /* NULL: no events */
    uint32_t sm;
    uint32_t has_l1;
    gs_cache l1;
    gs_req_fifo direct;               /* L1-bypassing requests waiting for the crossbar */
    gs_req_fifo fetches;              /* instruction-line requests waiting for the crossbar */
    uint32_t fetched[GS_MAX_WARPS_PER_SM];   /* warps whose line arrived, arrival order */
    uint32_t n_fetched;
    gs_ldst_slot slots[GS_LDST_SLOTS];
    uint32_t free_slots[GS_LDST_SLOTS];
    uint32_t n_free;
    gs_ldst_event heap[GS_LDST_SLOTS];
    uint32_t heap_n;
    uint64_t next_seq;
    /* the head instruction, issuing its accesses one per cycle */
    int32_t head_slot;                /* -1: none */
    uint32_t n_reqs, next_req;
    uint32_t head_pc, head_warp;
    uint32_t shmem_passes_left;
    uint8_t head_space, head_op, head_path;
    /* After a RESERVATION_FAIL the L1 cannot change until a fill or a miss-
     * queue pop of this SM; until then a retry repeats the fail without
     * looking up the cache (identical counters and events). */
    uint8_t retry_blocked, blocked_reason;
    /* The deciders' answer for the head's current access (asked once). */
    uint8_t decided, decision;
    /* The staged path (mem/ldst_stage.h), when a mechanism owns it. */
    gs_ldst_stage stage;
    gs_stage_pick_fn pick;            /* NULL: no owner, no stage in the path */
    void *pick_ctx;
    uint32_t stage_flags;             /* GS_STAGE_* of the owner */
    gs_coalesce_req reqs[GS_COALESCE_MAX_REQS];
    /* Unused shared memory as a cache (-gs_smem_cache 1; mem/smem_cache.h). */
    gs_smem_cache smem;
    uint64_t smem_port_cycle;         /* core cycle + 1 a fill took the banks' pass (0: none) */
    gs_ldst_stats stats;
    /* Texture loads (mem/tex_cache.h); last, away from the fields every
     * cycle touches. */
    gs_tex_cache tex;                 /* zeroed when -gpgpu_tex_cache:l1 is none */
} gs_ldst_full;

/* How the head instruction's accesses go. */
enum { GS_PATH_L1 = 0, GS_PATH_DIRECT, GS_PATH_SHARED, GS_PATH_FIXED, GS_PATH_TEX };

struct gs_memsys {
    uint32_t n_sms;
    uint32_t n_subs;
    uint32_t l1_latency_cycles;
    uint32_t l1_hit_extra_cycles;   /* -gs_l1d_index_latency when the L1D index is hashed */
    uint32_t smem_latency_cycles;
    uint32_t direct_queue_entries;
    uint32_t stage_entries;           /* -gs_ldst_stage_entries: 0 = no stage */
    const char *dram_owner;           /* mechanism taking the DRAM choice, or NULL */
    const char *stage_owner;          /* mechanism owning the staged LD/ST path, or NULL */
    gs_cache_params l1_params;
    uint32_t l1_present;
    gs_tex_cache_params tex_params;   /* config.enabled: texture loads go to a texture cache */
    uint32_t perfect_const;          /* -gpgpu_perfect_inst_const_cache: constant loads hit */
    uint32_t smem_cache_on;          /* -gs_smem_cache: unused shared memory caches blocks */
    uint32_t shmem_bytes;            /* -gpgpu_shmem_size */
    gs_shmem_params shmem;
    gs_coalesce_params coalesce;
    gs_coalesce_params tex_coalesce;  /* texture loads, into the texture cache's lines */
    gs_addrmap map;
    gs_req_pool sm_pool;
    uint32_t *req_slot;               /* sm_pool index -> LD/ST slot (L1-bypassing requests)
                                       * or reorder-buffer entry (texture misses) */
    gs_icnt request_net;              /* SM -> sub-partition */
    gs_icnt reply_net;                /* sub-partition -> SM */
    gs_partitions parts;
    gs_ldst_full *ldst;               /* n_sms */
    /* adaptive L1D / shared-memory split (mem/cache_adapt.h) */
    gs_l1_split split;
    uint32_t split_applies;           /* on, and the L1D is a normal cache */
    gs_l1_choice split_now;           /* the running kernel's */
    uint32_t split_reconfigs;         /* launches that changed the way count */
    uint32_t split_l1d_kb_min, split_l1d_kb_max;
    uint64_t split_lines_dropped;     /* L1D lines invalidated by reconfigurations */
    /* -gpgpu_flush_l1_cache: every L1D invalidated between kernels */
    uint32_t flush_applies;           /* on, and the L1D is a normal cache */
    uint32_t kernels_started;         /* gs_memsys_kernel_start calls so far */
    uint64_t flushes, flush_lines_dropped;
    uint64_t core_cycles_seen;        /* highest core cycle + 1 with an active SM (the top
                                       * loop's gs_memsys_core_cycle_seen) */
    uint64_t icnt_cycles_stepped;
    /* L2 ways in use over time (gs_memsys_l2_resize), the one record of it: the
     * energy model's leakage and GREEN's Eq. 26/27 read it */
    uint32_t l2_ways_now;             /* 0: never resized (all ways) */
    uint64_t l2_ways_since;           /* core cycle l2_ways_now began */
    uint64_t *l2_cycles_at;           /* [assoc + 1]: core cycles at each way count before
                                       * l2_ways_since, in the resizer's state (NULL: no
                                       * resizer; all ways on throughout) */
};

/* ldst_full.c */
size_t gs_ldst_full_bytes(const gs_memsys *sys);
gs_status gs_ldst_full_init(gs_ldst_full *unit, gs_memsys *sys, uint32_t sm, gs_arena *arena,
                            gs_diag *diag);
void gs_ldst_full_set_events(gs_ldst_full *unit, const gs_event_bus *bus);
void gs_ldst_full_dump(const gs_ldst_full *unit, const gs_sink *sink);
extern const gs_ldst_ops gs_ldst_full_ops;

#endif
