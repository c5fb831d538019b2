/*
 * One DRAM channel controller with GDDR5 bank/bank-group timing
 * (spec/seed-004-gpgpu-arch-book.md section 1.5.4; spec/formats.md section
 * 2.4; spec/seed-002-intercore-dram.md sections 1.1 to 1.3). GPGPU-Sim's
 * dram.cc is the reference for the semantics; the code is our own.
 *
 *   push ──> L2->DRAM delay line (-dram_latency) ──> read queue / write queue
 *        ──> scheduler policy (mem/dsched.h) assigns a request to a free bank
 *        ──> per-bank command sequence PRE / ACT / RD|WR (one command per
 *            cycle, round-robin over banks) ──> data bus ──> completion list
 *
 * Every time below is in DRAM command-clock cycles, the unit of
 * -gpgpu_dram_timing_opt. The controller is stepped with
 * gs_dram_cycle(ctrl, cycle) once per command clock, with increasing cycle
 * numbers; a controller with nothing pending returns at once (DESIGN.md
 * section 10), and cycles may be skipped while gs_dram_pending() is 0.
 * The timing rules, with their sources, are in dram.c and in the README
 * section "Timing model".
 */
#ifndef GS_MEM_DRAM_H
#define GS_MEM_DRAM_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/stats.h"
#include "base/status.h"
#include "mem/dsched.h"
#include "base/event.h"
#include "mem/mem_req.h"

#define GS_DRAM_BANKS_MAX 64u         /* banks per channel (one 64-bit mask) */
#define GS_DRAM_NONE 0xFFFFFFFFu      /* no entry / no bank */
#define GS_DRAM_ROW_NONE 0xFFFFFFFFFFFFFFFFull  /* bank precharged: no open row */
#define GS_DRAM_QUEUE_READ 0u
#define GS_DRAM_QUEUE_WRITE 1u
/* GPGPU-Sim dram_config::init: tRTW = CL + BL/ratio + 2 - WL; the 2 is the
 * read-to-write data-bus turnaround in command cycles. */
#define GS_DRAM_RTW_TURNAROUND_CYCLES 2u

/* -gpgpu_dram_timing_opt (formats.md 2.4), DRAM command-clock cycles. */
typedef struct gs_dram_timing {
    uint32_t nbk;       /* banks per channel */
    uint32_t nbkgrp;    /* bank groups (1 = none) */
    uint32_t t_ccd;     /* column to column, any banks (tCCDS with bank groups) */
    uint32_t t_ccdl;    /* column to column, same bank group (0 = none) */
    uint32_t t_rrd;     /* ACT to ACT, different banks */
    uint32_t t_rcd;     /* ACT to RD, same bank (WR: tRCD - (WL + 1), see dram.c) */
    uint32_t t_ras;     /* ACT to PRE, same bank */
    uint32_t t_rp;      /* PRE to ACT, same bank */
    uint32_t t_rc;      /* ACT to ACT, same bank */
    uint32_t t_cl;      /* RD to first data */
    uint32_t t_wl;      /* WR to first data */
    uint32_t t_cdlr;    /* last write data in to RD (write-to-read turnaround) */
    uint32_t t_wr;      /* last write data in to PRE (write recovery) */
    uint32_t t_rtpl;    /* RD to PRE, same bank group (0 = none) */
} gs_dram_timing;

typedef struct gs_dram_params {
    gs_dram_timing timing;
    uint32_t burst_length;             /* -gpgpu_dram_burst_length (beats) */
    uint32_t bus_width_bytes;          /* -gpgpu_dram_buswidth (per chip) */
    uint32_t chips_per_channel;        /* -gpgpu_n_mem_per_ctrlr */
    uint32_t data_command_freq_ratio;  /* -dram_data_command_freq_ratio */
    uint32_t read_queue_size;          /* waiting reads (and atomics) */
    uint32_t write_queue_size;         /* waiting writes */
    uint32_t write_high_watermark;     /* enter write drain at >= this many */
    uint32_t write_low_watermark;      /* leave write drain at <= this many */
    uint32_t latency_cycles;           /* L2->DRAM delay line (-dram_latency) */
    uint32_t scheduler;                /* gs_dsched_kind */
    uint32_t dual_bus;                 /* -dram_dual_bus_interface: separate row and
                                          column command buses (HBM) */
    uint32_t mib;                      /* the DRAM-side Merge Information Buffer
                                          (seed-002 2.3): the scheduler reads it */
} gs_dram_params;

/* The DRAM-side MIB's widths (seed-002 2.3-2.4): a 4-bit merge length for at
 * most 16 merges, a 15-bit age saturating at 2^15 - 1. */
#define GS_DRAM_MIB_LEN_MAX 16u
#define GS_DRAM_MIB_AGE_MAX 32767u

/* A request the controller holds, from queue entry until its last column
 * command (then it moves to the completion ring and the entry is freed). */
typedef struct gs_dram_entry {
    gs_mem_req *req;
    uint64_t row;
    uint64_t seq;              /* arrival order into the queues: the age */
    uint64_t queued_cycle;     /* cycle it left the delay line */
    uint32_t bank;
    uint32_t group;
    uint32_t queue;            /* GS_DRAM_QUEUE_READ / _WRITE */
    uint32_t columns_left;     /* column commands still to issue */
    uint32_t chan_prev, chan_next;   /* channel-wide age list of its queue */
    uint32_t bank_prev, bank_next;   /* the bank's age list of its queue */
    uint32_t mib_len;          /* MIB (reads, params.mib): merge length 1..16 */
    uint32_t mib_age;          /* ... Age_MSHR in DRAM cycles, saturating */
} gs_dram_entry;

/* Per bank: open row, the request being served, earliest cycle for each
 * command (absolute cycles, so idle cycles cost nothing). */
typedef struct gs_dram_bank {
    uint64_t open_row;         /* GS_DRAM_ROW_NONE when precharged */
    uint64_t act_ok, rd_ok, wr_ok, pre_ok;
    uint32_t current;          /* entry being served, GS_DRAM_NONE when free */
    uint32_t head[2], tail[2]; /* age lists per queue */
    uint32_t queued[2];
} gs_dram_bank;

typedef struct gs_dram_group {
    uint64_t col_ok;           /* tCCDL */
    uint64_t pre_ok;           /* tRTPL */
} gs_dram_group;

typedef struct gs_dram_flight {
    gs_mem_req *req;
    uint64_t due_cycle;
    uint64_t queued_cycle;
} gs_dram_flight;

typedef struct gs_dram_ring {
    gs_dram_flight *items;
    uint32_t capacity, head, count;
} gs_dram_ring;

/* The last command issued (for traces, tests and the watchdog's dump). */
typedef enum gs_dram_cmd_kind {
    GS_DRAM_CMD_NONE = 0, GS_DRAM_CMD_ACT, GS_DRAM_CMD_PRE, GS_DRAM_CMD_RD, GS_DRAM_CMD_WR
} gs_dram_cmd_kind;

typedef struct gs_dram_cmd {
    uint64_t cycle;
    uint64_t row;              /* row opened (ACT) or accessed (RD/WR) */
    uint32_t kind;             /* gs_dram_cmd_kind */
    uint32_t bank;
} gs_dram_cmd;

typedef struct gs_dram_counters {
    uint64_t n_activity;       /* cycles with a request queued or held by a bank */
    uint64_t n_act, n_pre, n_rd, n_wr;        /* commands */
    uint64_t n_req_rd, n_req_wr;              /* requests accepted */
    uint64_t n_refused;                       /* pushes refused (queue full) */
    uint64_t row_hits, row_misses;            /* at assignment to the bank */
    uint64_t busy_data_cycles;                /* data-bus cycles carrying data */
    uint64_t queue_lat_sum, queue_lat_max;    /* queue entry -> bank */
    uint64_t access_lat_sum, access_lat_max;  /* queue entry -> completion */
    uint64_t n_completed;
    uint64_t n_drain_entries;                 /* times write drain started */
    uint64_t drain_cycles;                    /* cycles in write-drain mode */
    uint64_t mib_dummies;                     /* dummy requests that arrived (params.mib) */
    uint64_t mib_matched;                     /* ... that found their queued read */
    uint64_t mib_age_saturations;             /* ages that reached GS_DRAM_MIB_AGE_MAX */
    uint64_t mib_reorders;                    /* reads a MIB scheduler chose where FR-FCFS
                                               * would have chosen another */
} gs_dram_counters;

typedef struct gs_dram {
    gs_dram_params params;
    const gs_dsched_ops *policy;
    void *policy_state;
    /* derived timing (dram.c, derive_timing) */
    uint32_t burst_cycles, atom_bytes;
    uint32_t t_rcdwr, t_rtw, t_wtr, t_wtp;
    /* entries: read + write queue sizes + one per bank */
    gs_dram_entry *entries;
    uint32_t n_entries, free_entry;
    uint32_t chan_head[2], chan_tail[2], queued[2];
    uint64_t next_seq;
    gs_dram_bank *banks;
    gs_dram_group *groups;
    uint64_t queued_mask[2];   /* banks with waiting requests, per queue */
    uint64_t busy_mask;        /* banks serving a request */
    uint32_t rr_bank;          /* round-robin start for the next command */
    uint32_t rr_row_bank;      /* same, row bus (dual bus only) */
    /* channel-wide earliest cycles */
    uint64_t act_ok, col_ok, rd_ok, wr_ok, bus_free;
    int draining;
    uint32_t serving_queue;    /* queue chosen this cycle */
    /* delay line, completion rings, this cycle's completions */
    gs_dram_ring delay;
    uint32_t delay_count[2];
    gs_dram_ring read_flight, write_flight;
    gs_mem_req **done;        /* this cycle's completions */
    uint32_t n_done;
    gs_mem_req **spent;       /* this cycle's arrived dummies (the caller frees them) */
    uint32_t n_spent;
    uint64_t mib_cycle;       /* the last cycle the MIB's ages were accumulated to */
    int started;
    uint64_t last_push_due;
    uint32_t pending;          /* requests anywhere in the controller */
    uint64_t now;
    gs_dram_cmd last_cmd;
    gs_dram_cmd cycle_cmds[2]; /* this cycle's commands: column bus first (dual bus) */
    uint32_t n_cycle_cmds;
    const gs_event_bus *bus;   /* events (gs_dram_set_events); NULL = none */
    gs_dram_schedule_fn owner; /* a mechanism's scheduler in the policy's place; NULL: none */
    void *owner_ctx;
    uint32_t channel;          /* this controller's index in the events */
    gs_dram_counters stats;
} gs_dram;

/* Check the parameters (GS_E_CONFIG naming the option and rule broken). */
gs_status gs_dram_params_check(const gs_dram_params *params, gs_diag *diag);

/* Arena bytes gs_dram_init takes (params must pass gs_dram_params_check). */
size_t gs_dram_bytes(const gs_dram_params *params);

gs_status gs_dram_init(gs_dram *ctrl, gs_arena *arena, const gs_dram_params *params,
                       gs_diag *diag);

/* Can a request of this kind be pushed now? (queue + delay line below size) */
int gs_dram_can_accept(const gs_dram *ctrl, uint32_t req_kind);

/* Offer a request at DRAM cycle `now` (the cycle about to be stepped). It
 * becomes schedulable in gs_dram_cycle(now + latency_cycles). Returns 1 when
 * taken, 0 when its queue is full (back-pressure: nothing is lost, retry).
 * A dummy (GS_REQ_DUMMY, params.mib only) shares the delay line but takes no
 * queue entry: on arrival its merge length overwrites, and its age adds to,
 * the MIB entry of the queued read of its line (seed-002 2.3; none queued:
 * dropped, B9), and it is handed back through gs_dram_spent. */
int gs_dram_push(gs_dram *ctrl, gs_mem_req *req, uint64_t now);

/* Step one DRAM command clock. Returns the number of requests completed in
 * this cycle: reads whose data has arrived, then writes whose data has been
 * written; read them with gs_dram_completed(ctrl, i) before the next step. */
uint32_t gs_dram_cycle(gs_dram *ctrl, uint64_t cycle);
gs_mem_req *gs_dram_completed(const gs_dram *ctrl, uint32_t index);
/* Dummy requests (GS_REQ_DUMMY) that arrived in this step, after their
 * merge information went into the MIB: the caller frees them. */
uint32_t gs_dram_spent_count(const gs_dram *ctrl);
gs_mem_req *gs_dram_spent(const gs_dram *ctrl, uint32_t index);

/* Requests anywhere in the controller (delay line, queues, banks, in flight). */
uint32_t gs_dram_pending(const gs_dram *ctrl);

/* Export counters as `<prefix>name` counts and ratios (GPGPU-Sim names where
 * they exist); total_cycles is the number of DRAM cycles of the run. */
void gs_dram_report(const gs_dram *ctrl, gs_stats *stats, const char *prefix,
                    uint64_t total_cycles);
/* Entries gs_dram_report adds (for sizing the registry). */
#define GS_DRAM_REPORT_ENTRIES 26u

/* What the controller waits for, for the watchdog dump (DESIGN.md section 8):
 * one line for the channel, one per bank serving a request. */
void gs_dram_dump(const gs_dram *ctrl, const gs_sink *sink, const char *name);

/* ---- for scheduler policies (mem/dsched.h) ---- */
uint32_t gs_dram_queue_first(const gs_dram *ctrl, uint32_t queue);   /* oldest */
uint32_t gs_dram_bank_first(const gs_dram *ctrl, uint32_t bank, uint32_t queue);
const gs_dram_entry *gs_dram_entry_at(const gs_dram *ctrl, uint32_t slot);
/* Banks that serve nothing now and have requests waiting in `queue`. */
uint64_t gs_dram_free_banks(const gs_dram *ctrl, uint32_t queue);
uint64_t gs_dram_open_row(const gs_dram *ctrl, uint32_t bank);
/* Hand a waiting request to its (free) bank. */
void gs_dram_assign(gs_dram *ctrl, uint32_t slot);
/* A policy chose a read FR-FCFS would not have (statistics: mib_reorders). */
void gs_dram_note_reorder(gs_dram *ctrl);

/* Lowest set bit index of a nonzero mask (portable, no builtins). */
uint32_t gs_dram_lowest_bit(uint64_t mask);

/* "ACT", "PRE", "RD", "WR" for a gs_dram_cmd ("none" for none, "?" past the list). */
const char *gs_dram_command_name(uint32_t kind);

/* Emit DRAM_ENQUEUE / DRAM_ROW / DRAM_COMMAND / DRAM_COMPLETE (in DRAM
 * cycles) on `bus` as channel `channel`. */
void gs_dram_set_events(gs_dram *ctrl, const gs_event_bus *bus, uint32_t channel);

#endif
