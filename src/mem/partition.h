/*
 * Memory partitions (spec/seed-004-gpgpu-arch-book.md section 1.5; seed-002
 * sections 1.2-1.3 and 2.1; seed-000 Table 4.1): one DRAM channel per
 * partition, `n_sub` sub-partitions per channel, each with an L2 slice
 * (generic cache, mem/cache.h) behind the ROP, and the queues between the
 * crossbar, the L2 and the DRAM controller (-gpgpu_dram_partition_queues
 * icnt->L2 : L2->dram : dram->L2 : L2->icnt).
 *
 *   request crossbar output s ──> i2$ queue (ROP delay -gpgpu_l2_rop_latency)
 *     ──> L2 slice s ──hit──> $2i queue ──> reply crossbar input s
 *              └─miss─> L2 miss queue ──> $2d queue ──> DRAM controller
 *     DRAM read data ──> d2$ queue ──> fill L2 ──> $2i (the waiting requests)
 *
 * This header includes neither base/config.h nor mem/dram.h: memsys.c
 * (config side) fills the neutral gs_part_params below and partition.c
 * (DRAM side) converts it, so the partition does not depend on the layout
 * of gs_config.
 *
 * Each sub-partition and channel is stepped only while it has work (bit sets
 * of active units): idle partitions cost nothing (DESIGN.md section 10).
 */
#ifndef GS_MEM_PARTITION_H
#define GS_MEM_PARTITION_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/fmt.h"
#include "base/stats.h"
#include "base/status.h"
#include "mem/addrmap.h"
#include "mem/cache.h"
#include "mem/dsched.h"
#include "mem/icnt.h"
#include "mem/mem_req.h"
#include "mem/req_pool.h"

/* Request from the partition's own pool (an L2 miss or write-back to DRAM),
 * as opposed to a request an SM made. A gpusim-private flag bit of gs_mem_req. */
#define GS_REQ_FROM_L2 (1u << 15)

/* DRAM settings in neutral form (see the header comment). */
typedef struct gs_part_dram_cfg {
    uint32_t nbk, nbkgrp, t_ccd, t_ccdl, t_rrd, t_rcd, t_ras, t_rp, t_rc, t_cl, t_wl, t_cdlr,
        t_wr, t_rtpl;
    uint32_t burst_length, bus_width_bytes, chips_per_channel, data_command_freq_ratio;
    uint32_t read_queue_size, write_queue_size, write_high_watermark, write_low_watermark;
    uint32_t latency_cycles;          /* DRAM cycles */
    uint32_t scheduler;
    uint32_t dual_bus;                /* -dram_dual_bus_interface */
} gs_part_dram_cfg;

typedef struct gs_part_params {
    uint32_t n_channels;
    uint32_t n_sub_per_channel;
    uint32_t l2_present;              /* 0: -gpgpu_cache:dl2 none */
    gs_cache_params l2;
    uint32_t l2_duel_shared;          /* DRRIP L2: one PSEL for all slices */
    uint32_t rop_latency_cycles;      /* L2 cycles */
    uint32_t queue_icnt_l2, queue_l2_dram, queue_dram_l2, queue_l2_icnt;
    uint32_t perfect_dram;            /* seed-002 2.5: zero latency at the controller */
    uint32_t core_khz, dram_khz;      /* clocks: core-cycle timestamps to DRAM cycles */
    uint32_t intercore_stats;         /* -gs_intercore_stats: seed-002 5.1-8's L2 MSHR
                                       * classification and merge-length histogram */
    uint32_t delay_class;             /* -gs_delay_class: gs_delay_class */
    uint32_t delay_cycles;            /* -gs_delay_cycles: L2 cycles a chosen fill waits */
    uint32_t delay_requests;          /* -gs_delay_requests: fills delayed in all */
    gs_part_dram_cfg dram;
} gs_part_params;

/* The delay experiment of seed-002 2.5 (Fig. 1.1b): which DRAM replies wait
 * -gs_delay_cycles at the L2 before they fill it. A reply is of the
 * locality class when its L2 MSHR entry holds requests of more than one SM
 * then (mem/mshr.h gs_mshr_class). */
typedef enum gs_delay_class {
    GS_DELAY_NONE = 0,
    GS_DELAY_LOCALITY,
    GS_DELAY_NO_LOCALITY
} gs_delay_class;

/* Replies a sub-partition holds back at once in the delay experiment; one
 * due when the hold is full fills undelayed (counted). */
#define GS_DELAY_HOLD_ENTRIES 16u
/* Merge-length histogram bins: 1..15, and 16 or more (seed 002's 4-bit length). */
#define GS_MERGE_HIST_BINS 16u

/* The L2-side Merge Information Buffer (seed-002 2.3), one entry per L2 MSHR
 * entry, when the DRAM scheduler reads merge information: */
typedef struct gs_l2_mib {
    uint64_t created_sum;             /* the merged requests' creation times, DRAM cycles */
    uint64_t age;                     /* ages merged since the entry's last message (B8) */
    uint32_t len;                     /* merge length (the MSHR entry's merged total) */
    uint32_t valid;                   /* a dummy is due */
} gs_l2_mib;

/* A bounded FIFO of requests with the cycle each becomes ready. */
typedef struct gs_req_fifo {
    gs_mem_req **reqs;
    uint64_t *ready;
    uint32_t capacity, head, count;
} gs_req_fifo;

struct gs_dram;

typedef struct gs_subpart_stats {
    uint64_t l2_stall_reply_full;     /* $2i full: an L2 hit waited */
    uint64_t l2_stall_dram_full;      /* $2d full: the L2 miss queue waited */
    uint64_t l2_stall_icnt;           /* reply crossbar input full */
    uint64_t l2_stall_fill;           /* a fill waited (room for replies, miss queue) */
    uint64_t atomics;
    uint64_t mib_dummies;             /* dummy requests sent (the MIB) */
    uint64_t delayed;                 /* fills the delay experiment held back */
    uint64_t delay_hold_full;         /* fills of the class not held: the hold was full */
    uint64_t merge_hist[GS_MERGE_HIST_BINS];   /* freed L2 MSHR entries by merge length */
} gs_subpart_stats;

typedef struct gs_subpart {
    uint32_t id;
    gs_cache l2;
    gs_req_fifo icnt_l2, l2_dram, dram_l2, l2_icnt;
    uint32_t reads_in_dram;           /* reads of this sub-partition inside the controller */
    uint32_t *mshr_dram_req;          /* L2 MSHR entry -> DRAM request pool index + 1 */
    gs_l2_mib *mib;                   /* [L2 MSHR entries] with the MIB, else NULL */
    uint32_t mib_valid;               /* its entries with a dummy due */
    gs_mshr_locality locality;        /* -gs_intercore_stats: L2 MSHR cycles by class */
    gs_mem_req **held;                /* [GS_DELAY_HOLD_ENTRIES] delayed fills, or NULL */
    uint64_t *held_until;             /* the L2 cycle each may fill */
    uint32_t n_held;
    gs_subpart_stats stats;
} gs_subpart;

typedef struct gs_channel_stats {
    uint64_t push_stalls;             /* a $2d head waited: controller queue full */
} gs_channel_stats;

typedef struct gs_channel {
    struct gs_dram *dram;
    uint32_t rr_sub;                  /* round-robin over the channel's sub-partitions */
    gs_channel_stats stats;
} gs_channel;

typedef struct gs_partitions {
    gs_part_params params;
    const gs_addrmap *map;
    gs_req_pool *sm_pool;             /* requests the SMs made (tokens in the L2 MSHRs) */
    gs_req_pool pool;                 /* the partitions' own DRAM requests */
    gs_icnt *request_net;             /* SM -> sub-partition */
    gs_icnt *reply_net;               /* sub-partition -> SM */
    gs_subpart *subs;
    gs_channel *channels;
    gs_cache_duel *l2_duel;           /* the slices' shared DRRIP PSEL (l2_duel_shared) */
    uint32_t n_subs;
    uint64_t *sub_active;             /* sub-partitions with queued work */
    uint64_t *chan_active;            /* channels with queued work */
    uint32_t n_words_sub, n_words_chan;
    uint64_t l2_now, dram_now;
    uint64_t l2_cycles_stepped, dram_cycles_stepped;
    uint32_t in_flight;               /* requests anywhere in the partitions */
    uint32_t delay_left;              /* fills the delay experiment may still hold */
    const gs_event_bus *bus;          /* events and decisions; NULL = none */
} gs_partitions;

gs_status gs_part_params_check(const gs_part_params *params, gs_diag *diag);
size_t gs_partitions_bytes(const gs_part_params *params);
gs_status gs_partitions_init(gs_partitions *parts, gs_arena *arena,
                             const gs_part_params *params, const gs_addrmap *map,
                             gs_req_pool *sm_pool, gs_icnt *request_net, gs_icnt *reply_net,
                             gs_diag *diag);

/* Emit the L2 slices' and DRAM channels' events on `bus` (NULL: none). */
void gs_partitions_set_events(gs_partitions *parts, const gs_event_bus *bus);

/* Every channel's request choice to `schedule` (mem/dsched.h). */
/* Every L2 slice uses `ways` ways from now on, switched-off ways flushing
 * their dirty lines (gs_cache_resize_ways); L2 present only. */
void gs_partitions_l2_resize(gs_partitions *parts, uint32_t ways);

void gs_partitions_set_dram_owner(gs_partitions *parts, gs_dram_schedule_fn schedule,
                                  void *ctx);

/* Clock steps (the top loop's fixed order: core, icnt, l2, dram). */
void gs_partitions_l2_cycle(gs_partitions *parts, uint64_t l2_cycle);
void gs_partitions_dram_cycle(gs_partitions *parts, uint64_t dram_cycle);
int gs_partitions_busy(const gs_partitions *parts);

/* Aggregates for the report (dram counters summed over channels). */
typedef struct gs_dram_totals {
    uint64_t reads, writes, row_hits, row_misses, acts, busy_data_cycles;
    uint64_t access_lat_sum, access_lat_max, completed, refused, drain_entries;
} gs_dram_totals;
void gs_partitions_dram_totals(const gs_partitions *parts, gs_dram_totals *out);
void gs_partitions_report(const gs_partitions *parts, gs_stats *stats);
/* The L2 slices' counters summed into *out (zero without an L2). */
void gs_partitions_l2_stats(const gs_partitions *parts, gs_cache_stats *out);
/* Entries gs_partitions_report adds. */
#define GS_PART_REPORT_ENTRIES 64u
void gs_partitions_dump(const gs_partitions *parts, const gs_sink *sink);

/* The DRAM controller of a channel, for tests (mem/dram.h; opaque here). */
const struct gs_dram *gs_partitions_dram(const gs_partitions *parts, uint32_t channel);

/* FIFO helpers shared with the LD/ST unit. */
size_t gs_req_fifo_bytes(uint32_t capacity);
gs_status gs_req_fifo_init(gs_req_fifo *fifo, gs_arena *arena, uint32_t capacity);
int gs_req_fifo_full(const gs_req_fifo *fifo);
void gs_req_fifo_push(gs_req_fifo *fifo, gs_mem_req *req, uint64_t ready_cycle);
/* Head if ready at `now`, else NULL. */
gs_mem_req *gs_req_fifo_ready(const gs_req_fifo *fifo, uint64_t now);
gs_mem_req *gs_req_fifo_pop(gs_req_fifo *fifo);

#endif
