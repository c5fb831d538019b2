/*
 * Fixture for the 18x memory-system tests: a gs_memsys built from the
 * defaults (gtx480) plus overrides, stepped with all clock domains at the
 * same frequency (so one tick = one cycle of every domain, in the documented
 * order core, icnt, l2, dram), and hand-made warp memory instructions.
 * No SM pipeline: the test plays the SM, calling the LD/ST interface
 * (mem/ldst.h) in its order completions -> cycle -> accept.
 */
#ifndef GS_TEST_MEMSYS_HARNESS_H
#define GS_TEST_MEMSYS_HARNESS_H

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "base/arena.h"
#include "base/config.h"
#include "base/inst.h"
#include "mem/ldst.h"
#include "mem/memsys.h"

#define MS_MAX_SMS 4u
#define MS_MAX_DONE 256u

typedef struct ms_done {
    uint32_t sm, tag, warp;
    uint64_t cycle;
} ms_done;

typedef struct ms_fixture {
    gs_config cfg;
    void *buffer;
    gs_arena arena;
    gs_memsys *sys;
    gs_ldst *ldst[MS_MAX_SMS];
    uint32_t n_sms;
    uint64_t now;            /* the tick being run */
    ms_done done[MS_MAX_DONE];
    uint32_t n_done;
} ms_fixture;

static ms_fixture ms;

/* Defaults + the test's base overrides + `extra` ("-opt", "value", ..., NULL). */
static inline int ms_setup(const char *const *extra)
{
    static const char *const base[] = {
        "-gpgpu_n_clusters", "2", "-gpgpu_n_mem", "1",
        "-gpgpu_clock_domains", "1000:1000:1000:1000", NULL
    };
    const char *const *lists[2];
    gs_diag diag;
    size_t bytes;
    uint32_t l, i;
    if (ms.buffer != NULL)
        free(ms.buffer);
    memset(&ms, 0, sizeof ms);
    gs_config_defaults(&ms.cfg);
    lists[0] = base;
    lists[1] = extra;
    for (l = 0; l < 2; l++)
        for (i = 0; lists[l] != NULL && lists[l][i] != NULL; i += 2)
            if (gs_config_set_arg(&ms.cfg, lists[l][i], lists[l][i + 1], 1, 1, &diag) != GS_OK) {
                printf("  option %s: %s\n", lists[l][i], diag.message);
                return 0;
            }
    if (gs_config_finish(&ms.cfg, &diag) != GS_OK) {
        printf("  config: %s\n", diag.message);
        return 0;
    }
    bytes = gs_memsys_bytes(&ms.cfg);
    ms.buffer = calloc(1, bytes + 64);
    gs_arena_init(&ms.arena, ms.buffer, bytes);
    if (gs_memsys_init(&ms.sys, &ms.arena, &ms.cfg, &diag) != GS_OK) {
        printf("  memsys: %s\n", diag.message);
        return 0;
    }
    if (ms.arena.used_bytes != bytes) {
        printf("  arena used %u of %u\n", (unsigned)ms.arena.used_bytes, (unsigned)bytes);
        return 0;
    }
    ms.n_sms = ms.cfg.n_clusters * ms.cfg.n_cores_per_cluster;
    for (i = 0; i < ms.n_sms && i < MS_MAX_SMS; i++)
        ms.ldst[i] = gs_memsys_ldst(ms.sys, i);
    return 1;
}

/* Core domain, first half of tick `now`: completions, then cycle(). */
static inline void ms_core(void)
{
    gs_ldst_done out[16];
    uint32_t sm, n, i;
    for (sm = 0; sm < ms.n_sms && sm < MS_MAX_SMS; sm++) {
        n = ms.ldst[sm]->ops->completions(ms.ldst[sm]->state, ms.now, out, 16);
        for (i = 0; i < n && ms.n_done < MS_MAX_DONE; i++) {
            ms.done[ms.n_done].sm = sm;
            ms.done[ms.n_done].tag = out[i].tag;
            ms.done[ms.n_done].warp = out[i].warp;
            ms.done[ms.n_done].cycle = ms.now;
            ms.n_done++;
        }
        ms.ldst[sm]->ops->cycle(ms.ldst[sm]->state, ms.now);
    }
}

/* Second half: the other domains, then the next tick. */
static inline void ms_rest(void)
{
    gs_memsys_icnt_cycle(ms.sys, ms.now);
    gs_memsys_l2_cycle(ms.sys, ms.now);
    gs_memsys_dram_cycle(ms.sys, ms.now);
    ms.now++;
}

static inline void ms_tick(void)
{
    ms_core();
    ms_rest();
}

/* A warp memory instruction: lane i at base + i * stride (all 32 lanes). */
static inline gs_inst ms_inst(uint8_t space, uint8_t op, uint64_t base, uint64_t stride,
                              uint8_t bytes)
{
    gs_inst inst;
    uint32_t lane;
    memset(&inst, 0, sizeof inst);
    inst.active_mask = 0xFFFFFFFFu;
    inst.unit = GS_UNIT_LDST;
    inst.op_class = GS_OPC_MEM;
    inst.space = space;
    inst.mem_op = op;
    inst.access_bytes = bytes;
    inst.pc = 0x100;
    for (lane = 0; lane < GS_WARP_SIZE; lane++)
        inst.addr[lane] = base + lane * stride;
    return inst;
}

/* Run ticks until the unit of `sm` can accept, then accept at that tick
 * (after cycle(), as the pipeline does); returns the accept tick. */
static inline uint64_t ms_issue(uint32_t sm, const gs_inst *inst, uint32_t warp, uint32_t tag)
{
    for (;;) {
        ms_core();
        if (ms.ldst[sm]->ops->can_accept(ms.ldst[sm]->state, inst) == GS_LDST_OK) {
            uint64_t at = ms.now;
            ms.ldst[sm]->ops->accept(ms.ldst[sm]->state, inst, warp, tag, ms.now);
            ms_rest();
            return at;
        }
        ms_rest();
    }
}

/* Tick until tag `tag` of `sm` completes (at most `limit` ticks); its cycle
 * or ~0 when it did not. */
static inline uint64_t ms_wait(uint32_t sm, uint32_t tag, uint32_t limit)
{
    uint32_t k, i;
    for (k = 0; k <= limit; k++) {
        for (i = 0; i < ms.n_done; i++)
            if (ms.done[i].sm == sm && ms.done[i].tag == tag)
                return ms.done[i].cycle;
        ms_tick();
    }
    return ~0ull;
}

/* Tick until nothing is in flight anywhere (at most `limit` ticks). */
static inline int ms_drain(uint32_t limit)
{
    uint32_t k, sm;
    for (k = 0; k < limit; k++) {
        int idle = !gs_memsys_busy(ms.sys);
        for (sm = 0; sm < ms.n_sms && sm < MS_MAX_SMS; sm++)
            idle = idle && ms.ldst[sm]->ops->idle(ms.ldst[sm]->state);
        if (idle)
            return 1;
        ms_tick();
    }
    return 0;
}

static inline uint64_t ms_stat(const char *name)
{
    static gs_stat_entry entries[512];
    static char texts[64 * GS_STAT_TEXT_MAX];
    gs_stats stats;
    const gs_stat_entry *e;
    memset(&stats, 0, sizeof stats);
    stats.entries = entries;
    stats.text_pool = texts;
    stats.text_capacity = sizeof texts;
    stats.capacity = 512;
    gs_memsys_report(ms.sys, &stats);
    e = gs_stats_find(&stats, name);
    if (e == NULL) {
        printf("  no statistic %s\n", name);
        return ~0ull;
    }
    return e->value;
}

#endif
