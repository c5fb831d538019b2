/*
 * DRAM request-scheduler policies (DESIGN.md section 7; spec/formats.md
 * section 2.4 `-gpgpu_dram_scheduler`; spec/seed-004-gpgpu-arch-book.md
 * section 1.5.3; spec/seed-002-intercore-dram.md sections 1.3 and 2.2).
 *
 * A policy decides which queued request each free bank serves next; the
 * controller (mem/dram.c) owns the queues, the banks and all timing. Once per
 * active DRAM cycle the controller picks the queue to serve (reads, or writes
 * while draining) and calls `schedule` with it; the policy calls
 * gs_dram_assign() for each request it picks. It sees the queues through the
 * read-only accessors of mem/dram.h: per-bank and channel-wide age-ordered
 * lists, each entry's bank/row and its gs_mem_req (merge_count, merge_age,
 * origin), and each bank's open row. Per-policy state (a scoreboard of row
 * scores, say, for seed-002's MSHR-S) comes from the arena: `state_bytes`
 * before cycle 0, `init` once; `on_enqueue` lets a policy observe arrivals.
 *
 * The enum values are the numbers `-gpgpu_dram_scheduler` takes (0 FIFO,
 * 1 FR-FCFS; names are accepted too); a new policy is one file plus one line
 * in GS_DSCHED_LIST (base/policy_lists.h), from which gs_dsched_table
 * (mem/dram.c) and the option's names come.
 */
#ifndef GS_MEM_DSCHED_H
#define GS_MEM_DSCHED_H

#include <stddef.h>
#include <stdint.h>

#include "base/policy_lists.h"

struct gs_dram;
struct gs_dram_params;


typedef struct gs_dsched_ops {
    const char *name;    /* "fifo", "frfcfs" */
    /* Nonzero: it reads the Merge Information Buffer (seed-002 2.3): the L2s
     * send dummy requests and the controller keeps each read's merge length
     * and age (gs_dram_entry mib_len / mib_age). */
    uint32_t uses_mib;
    /* Arena bytes of per-controller state (0 for none) and its set-up. */
    size_t (*state_bytes)(const struct gs_dram_params *params);
    void (*init)(void *state, const struct gs_dram_params *params);
    /* A request entered queue `queue` (GS_DRAM_QUEUE_READ / _WRITE) in
     * entry `slot`; may be NULL. */
    void (*on_enqueue)(void *state, struct gs_dram *ctrl, uint32_t queue, uint32_t slot);
    /* Assign requests of queue `queue` to free banks with gs_dram_assign(). */
    void (*schedule)(void *state, struct gs_dram *ctrl, uint32_t queue);
} gs_dsched_ops;

#define GS_DSCHED_DECLARE(id, name) extern const gs_dsched_ops gs_dsched_##name;
GS_DSCHED_LIST(GS_DSCHED_DECLARE)
#undef GS_DSCHED_DECLARE

/* A mechanism that takes the DRAM scheduler's choice (mem/memsys.h
 * gs_memsys_set_dram_owner) schedules like a policy: it assigns requests of
 * queue `queue` to free banks with gs_dram_assign(), seeing the queues through
 * mem/dram.h's accessors; `ctx` is its state. The controller keeps the timing
 * and issues the commands. */
typedef void (*gs_dram_schedule_fn)(void *ctx, struct gs_dram *ctrl, uint32_t queue);

/* Indexed by gs_dsched_kind. */
extern const gs_dsched_ops *const gs_dsched_table[GS_DSCHED_COUNT];

/* FR-FCFS's choice for `queue` (the MIB schedulers serve the write queue
 * with it). */
void gs_dsched_frfcfs_schedule(void *state, struct gs_dram *ctrl, uint32_t queue);
/* The request FR-FCFS would serve next in `bank` (the oldest to the open row,
 * else the oldest): the MIB schedulers count where they differ. */
uint32_t gs_dsched_frfcfs_pick(const struct gs_dram *ctrl, uint32_t bank, uint32_t queue);

/* The kind named `name` ("fifo" / "frfcfs"), or GS_DSCHED_COUNT. */
gs_dsched_kind gs_dsched_find(const char *name);

#endif
