/*
 * The studies' mechanisms as modules (DESIGN.md section 7; issue 12 item 2).
 *
 * A mechanism watches events (base/event.h) and steers decisions: warp
 * eligibility and priority through the schedulers' steering masks
 * (core/sched.h), and per-request L1/L2 bypass, allocation, insertion and
 * redirection through a decider (base/event.h). Each mechanism is
 * one file (or folder) with one `const gs_mech_ops`, registered by one line
 * in GS_MECH_LIST below; `-gs_mechanisms name[,name...]` enables them, in
 * list order whatever the order given (so the event order never depends on
 * how a user spelled the option). Its state comes from the arena, sized by
 * its bytes(cfg) term before cycle 0; its statistics carry its name as
 * prefix and appear only when it is enabled, so a run without it keeps its
 * bytes.
 */
#ifndef GS_MECH_MECH_H
#define GS_MECH_MECH_H

#include <stddef.h>
#include <stdint.h>

#include "base/config.h"
#include "base/event.h"
#include "base/mech_list.h"
#include "base/stats.h"
#include "base/status.h"
#include "core/sched.h"
#include "mem/dsched.h"
#include "mem/region.h"
#include "mem/ldst_stage.h"

/* What a mechanism is given at init: the configuration, the machine's
 * shape and the warp schedulers it may steer. */
typedef struct gs_mech_env {
    const gs_config *cfg;
    uint32_t n_sms;
    uint32_t scheds_per_sm;
    uint32_t warps_per_sm;
    /* Scheduler s of SM sm (its steering masks: gs_sched_set_issue_allowed,
     * gs_sched_set_may_load, gs_sched_set_prefer, gs_sched_set_limit). */
    gs_sched *(*sched_of)(void *machine, uint32_t sm, uint32_t s);
    void *machine;
    /* The running kernel's memory regions (mem/region.h), filled before each
     * KERNEL_LAUNCH event. */
    const gs_regions *regions;
    /* The memory system below the SMs (NULL with -gpgpu_perfect_mem 1), for
     * mechanisms that reconfigure it (L2 way resizing, mem/memsys.h). */
    struct gs_memsys *memsys;
    /* The GPU's core cycle counter (the next cycle to run): what a report reads
     * to close an interval a capped or interrupted kernel left open. */
    const uint64_t *core_cycle;
} gs_mech_env;

/* Columns a mechanism adds to the time-series samples (-gs_sample_cycles S;
 * sim/gpu_samples.c, the --samples-csv file): counters that only grow, whose
 * per-period increases the CSV shows after the GPU's own columns. The
 * mechanism keeps its rows in its own state (sized from the configuration,
 * at most GS_MECH_MAX_SAMPLES, as the GPU's table): take(ctx, i) records
 * sample i when the GPU records its own (a clock jump that passes several
 * sample cycles takes each, with equal values), value(ctx, i, c) reads
 * column c of sample i, or of the counters now with GS_MECH_SAMPLE_NOW (the
 * CSV's last row, at the run's end). */
#define GS_MECH_MAX_SAMPLES 1024u
#define GS_MECH_SAMPLE_NOW 0xFFFFFFFFu
typedef struct gs_mech_samples {
    uint32_t columns;            /* 0: none */
    void (*name)(const void *ctx, uint32_t column, char *buf, size_t size);
    void (*take)(void *ctx, uint32_t sample);
    uint64_t (*value)(const void *ctx, uint32_t sample, uint32_t column);
} gs_mech_samples;

/* What a mechanism hooks into the machine at init (either may stay empty):
 * its event subscription and its per-request decider (base/event.h). The
 * caller sets ctx and name of both to the mechanism's state and name. */
typedef struct gs_mech_hooks {
    gs_event_sub sub;           /* fn NULL: subscribes to nothing */
    gs_decider decider;         /* decide NULL: decides nothing */
    gs_stage_pick_fn stage_pick;   /* non-NULL: it owns the staged LD/ST path (hold,
                                    * reorder; mem/ldst_stage.h), ctx = its state */
    uint32_t stage_flags;          /* GS_STAGE_* requests with stage_pick */
    gs_dram_schedule_fn dram_schedule;   /* non-NULL: it takes every DRAM channel's
                                          * request choice (mem/dsched.h) */
    gs_mech_samples samples;       /* columns 0: adds none */
} gs_mech_hooks;

typedef struct gs_mech_ops {
    const char *name;           /* -gs_mechanisms name; statistics prefix */
    const char *summary;        /* one line: what it does (gpusim --list-mechanisms) */
    size_t (*bytes)(const gs_config *cfg);    /* arena bytes of its state; NULL: none */
    /* Set up the zeroed state and fill *hooks (event kinds and epochs, the
     * decider's levels and functions). */
    gs_status (*init)(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                      gs_diag *diag);
    uint32_t (*stats_count)(const gs_config *cfg);   /* entries report adds; NULL: 0 */
    void (*report)(const void *state, gs_stats *stats);   /* NULL: no statistics */
} gs_mech_ops;

/* The list is GS_MECH_LIST (base/mech_list.h); a mechanism's ops are
 * gs_mech_<name>_ops, indexed by gs_mech_id. */
#define GS_MECH_DECLARE(name) extern const gs_mech_ops gs_mech_##name##_ops;
GS_MECH_LIST(GS_MECH_DECLARE)
#undef GS_MECH_DECLARE

extern const gs_mech_ops *const gs_mech_table[GS_MECH_ID_COUNT];

/* The configuration holds a 32-bit set of them. */
#define GS_MECH_ENABLED_MAX 32u

/* Arena bytes and statistics entries of the enabled mechanisms. */
size_t gs_mech_bytes(const gs_config *cfg);
uint32_t gs_mech_stats_count(const gs_config *cfg);

#endif
