/*
 * The scoreboard (seed-004 section 1.2.2): per warp, the registers written by
 * issued but not yet written-back instructions. An instruction may issue only
 * when none of its sources (RAW) and none of its destinations (WAW) is
 * pending; WAR needs no check because operands are read in order at issue.
 * Reserve at issue, release at write-back (per register, so a load's
 * registers may come back one by one).
 *
 * Each warp has a fixed number of entries (params.entries_per_warp). Decision
 * (seed-004 section 1.2.2 makes it a policy): when an instruction needs more
 * free entries than the warp has, it does not issue (GS_SB_FULL, a structural
 * stall), as the "fetch stalls" option of the book. GPGPU-Sim's scoreboard is
 * unbounded; the default of 64 entries per warp is larger than any warp's
 * in-flight writes in the studied kernels.
 *
 * The check is cheap: per warp a 64-bit summary with bit (reg % 64) set while
 * any pending register falls in that bucket; an operand whose bucket bit is
 * clear needs no search, so a free instruction costs at most 12 bit tests.
 * Only bucket hits search the warp's entry list.
 *
 * Registers flagged long-latency at reserve (global/local/texture loads) let
 * the pipeline ask gs_scoreboard_waits_long (two-level scheduling, seed-004
 * section 2.1).
 */
#ifndef GS_CORE_SCOREBOARD_H
#define GS_CORE_SCOREBOARD_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/inst.h"
#include "base/status.h"

#define GS_SB_MAX_ENTRIES 255u

typedef enum gs_sb_result {
    GS_SB_FREE = 0,   /* may issue */
    GS_SB_RAW,        /* a source register is pending */
    GS_SB_WAW,        /* a destination register is pending */
    GS_SB_FULL        /* not enough free entries for the destinations */
} gs_sb_result;

typedef struct gs_scoreboard_params {
    uint32_t num_warps;          /* warp slots of the SM */
    uint32_t entries_per_warp;   /* 1..GS_SB_MAX_ENTRIES */
} gs_scoreboard_params;

typedef struct gs_sb_warp {
    uint64_t summary;            /* bit b: some pending register r has r % 64 == b */
    uint32_t count;              /* pending entries */
    uint32_t long_count;         /* of which long-latency */
    uint8_t bucket_count[64];
} gs_sb_warp;

typedef struct gs_scoreboard {
    gs_scoreboard_params params;
    gs_sb_warp *warps;           /* [num_warps] */
    uint16_t *regs;              /* [num_warps * entries_per_warp] */
    uint8_t *is_long;            /* [num_warps * entries_per_warp] */
    uint64_t stalls_raw;         /* statistics: checks that failed, by kind */
    uint64_t stalls_waw;
    uint64_t stalls_full;
} gs_scoreboard;

size_t gs_scoreboard_bytes(const gs_scoreboard_params *params);
gs_status gs_scoreboard_init(gs_scoreboard *sb, const gs_scoreboard_params *params,
                             gs_arena *arena, gs_diag *diag);

/* Hazard check (RAW first, then WAW, then FULL); counts stalls in the stats. */
gs_sb_result gs_scoreboard_check(gs_scoreboard *sb, unsigned warp, const gs_inst *inst);
/* Reserve the destinations (the check must have returned GS_SB_FREE). A
 * destination listed twice takes one entry. */
void gs_scoreboard_reserve(gs_scoreboard *sb, unsigned warp, const gs_inst *inst,
                           int long_latency);
/* Release one pending register (write-back); it must be pending. */
void gs_scoreboard_release(gs_scoreboard *sb, unsigned warp, uint16_t reg);
/* Release every destination of an instruction. */
void gs_scoreboard_release_inst(gs_scoreboard *sb, unsigned warp, const gs_inst *inst);

int gs_scoreboard_is_pending(const gs_scoreboard *sb, unsigned warp, uint16_t reg);
/* Does a source or destination of inst wait on a long-latency register? */
int gs_scoreboard_waits_long(const gs_scoreboard *sb, unsigned warp, const gs_inst *inst);
uint32_t gs_scoreboard_pending(const gs_scoreboard *sb, unsigned warp);
/* Drop everything of a warp (its CTA ended). */
void gs_scoreboard_clear_warp(gs_scoreboard *sb, unsigned warp);

#endif
