/*
 * The SM's fetch loop (seed-004 section 1.2.1): instruction cache, fetch
 * arbitration, decode into the I-buffer through the front end (core/
 * frontend.h: the PTX executor or the trace reader); and the SM's idling
 * (which cycles can be skipped) and watchdog dump.
 *
 * Decisions:
 *  - a warp fetches only when its I-buffer is empty (GPGPU-Sim fetches for
 *    warps with an empty I-buffer) and one warp fetches per SM per cycle,
 *    round robin from one past the last warp that fetched;
 *  - a fetch decodes up to GS_SM_IBUF consecutive instructions of one
 *    I-cache line; decoding stops after a branch, barrier or exit, and when
 *    the warp finishes or waits at a barrier functionally;
 *  - I-cache: the -gpgpu_cache:il1 geometry (sets, ways, line) with LRU
 *    replacement; a miss blocks that warp's fetch until the line is filled.
 *    With the memory system (a port with fetch, mem/ldst.h) the miss is a
 *    read of the line at GS_LDST_CODE_BASE + PC through the crossbar, L2 and
 *    DRAM, as GPGPU-Sim's L1I misses are; the il1 string's MSHRs bound the
 *    lines missing at once (entries) and the warps waiting on one line
 *    (merges): a warp missing on a line already requested joins it, one
 *    that finds no room retries on a later fetch turn. With perfect memory
 *    a miss takes the fixed -gpgpu_l1_latency (icache_miss_cycles);
 *  - instruction addresses come from the front end's warp_pc: PTX
 *    instruction index times GS_PTX_INST_BYTES (8); trace PCs as traced
 *    (SASS byte offsets, 16 per instruction on sm_70+).
 */
#include "core/sm_internal.h"

#include <string.h>

void gs_sm_update_fetch(gs_sm *sm, uint32_t w)
{
    const gs_sm_warp *warp = &sm->warps[w];
    uint64_t bit = 1ull << w;
    if (warp->present && !warp->exit_decoded && !warp->func_hold && !warp->fetch_pending &&
        warp->ibuf_count == 0)
        sm->fetch_mask |= bit;
    else
        sm->fetch_mask &= ~bit;
}

void gs_sm_recheck_holds(gs_sm *sm, uint32_t cta_slot)
{
    const gs_sm_cta *cta = &sm->ctas[cta_slot];
    uint64_t mask = cta->warp_mask;
    while (mask) {
        uint32_t w = gs_sched_ctz64(mask);
        gs_sm_warp *warp = &sm->warps[w];
        mask &= mask - 1u;
        if (warp->present && warp->func_hold &&
            sm->fe->ops->warp_released(sm->fe, cta->fe_cta, warp->cta_warp)) {
            warp->func_hold = 0;
            gs_sm_update_fetch(sm, w);
        }
    }
}

/* ---- instruction cache ---- */

static int icache_access(gs_sm *sm, uint64_t line)
{
    const gs_sm_params *p = sm->p;
    uint32_t set = (uint32_t)(line % p->icache_sets), way, victim = 0;
    uint64_t *tags = sm->icache_tags + (size_t)set * p->icache_assoc;
    uint64_t *lru = sm->icache_lru + (size_t)set * p->icache_assoc;
    for (way = 0; way < p->icache_assoc; way++) {
        if (tags[way] == line + 1u) {
            lru[way] = ++sm->icache_stamp;
            return 1;
        }
        if (lru[way] < lru[victim])
            victim = way;
    }
    return 0;
}

static void icache_fill(gs_sm *sm, uint64_t line)
{
    const gs_sm_params *p = sm->p;
    uint32_t set = (uint32_t)(line % p->icache_sets), way, victim = 0;
    uint64_t *tags = sm->icache_tags + (size_t)set * p->icache_assoc;
    uint64_t *lru = sm->icache_lru + (size_t)set * p->icache_assoc;
    for (way = 0; way < p->icache_assoc; way++) {
        if (tags[way] == line + 1u)
            return;   /* another warp's miss filled it already */
        if (lru[way] < lru[victim])   /* empty ways have stamp 0: lowest way first */
            victim = way;
    }
    tags[victim] = line + 1u;
    lru[victim] = ++sm->icache_stamp;
}

/* The I-cache line of warp w's next instruction; 0 after a front-end fault
 * (recorded in sm->fault). */
static int warp_line(gs_sm *sm, uint32_t w, uint64_t *line)
{
    const gs_sm_warp *warp = &sm->warps[w];
    uint32_t pc;
    if (!sm->fe->ops->warp_pc(sm->fe, sm->ctas[warp->cta_slot].fe_cta, warp->cta_warp, &pc)) {
        sm->fault = sm->fe->fault;
        return 0;
    }
    *line = (uint64_t)pc / sm->p->icache_line_bytes;
    return 1;
}

/* A line that came from the memory system: fill it and release every warp
 * waiting on it. */
static void complete_memory_fills(gs_sm *sm, uint64_t cycle)
{
    uint32_t leaders[GS_MAX_WARPS_PER_SM], n, k;
    n = sm->ldst->ops->fetched(sm->ldst->state, cycle, leaders, GS_MAX_WARPS_PER_SM);
    for (k = 0; k < n; k++) {
        uint64_t line = sm->warps[leaders[k]].fill_line, mask = sm->miss_mask;
        icache_fill(sm, line);
        while (mask) {
            uint32_t w = gs_sched_ctz64(mask);
            gs_sm_warp *warp = &sm->warps[w];
            mask &= mask - 1u;
            if (warp->fill_line != line)
                continue;
            warp->fetch_pending = 0;
            warp->fetch_leader = 0;
            sm->miss_mask &= ~(1ull << w);
            gs_sm_update_fetch(sm, w);
        }
    }
}

/* Send warp w's miss on `line` below or join a request for it; 0 when the
 * I-cache MSHRs or the port have no room (the warp retries later). */
static int miss_to_memory(gs_sm *sm, uint32_t w, uint64_t line, uint64_t cycle)
{
    const gs_sm_params *p = sm->p;
    gs_sm_warp *warp = &sm->warps[w];
    uint64_t mask = sm->miss_mask;
    uint32_t lines = 0, waiting = 0;
    while (mask) {
        const gs_sm_warp *other = &sm->warps[gs_sched_ctz64(mask)];
        mask &= mask - 1u;
        if (other->fill_line == line)
            waiting++;
        else
            lines += other->fetch_leader;
    }
    if (waiting > 0) {
        if (p->icache_mshr_merge && waiting >= p->icache_mshr_merge)
            return 0;
    } else {
        if (p->icache_mshr_entries && lines >= p->icache_mshr_entries)
            return 0;
        if (!sm->ldst->ops->fetch(sm->ldst->state,
                                  GS_LDST_CODE_BASE + line * p->icache_line_bytes,
                                  p->icache_line_bytes, w, cycle))
            return 0;
        warp->fetch_leader = 1;
    }
    warp->fill_line = line;
    warp->fill_cycle = GS_SM_NO_EVENT;
    return 1;
}

static void complete_fills(gs_sm *sm, uint64_t cycle)
{
    uint64_t mask = sm->miss_mask, next = GS_SM_NO_EVENT;
    while (mask) {
        uint32_t w = gs_sched_ctz64(mask);
        gs_sm_warp *warp = &sm->warps[w];
        mask &= mask - 1u;
        if (warp->fill_cycle <= cycle) {
            icache_fill(sm, warp->fill_line);
            warp->fetch_pending = 0;
            sm->miss_mask &= ~(1ull << w);
            gs_sm_update_fetch(sm, w);
        } else if (warp->fill_cycle < next) {
            next = warp->fill_cycle;
        }
    }
    sm->next_fill = next;
}

/* ---- decode: the front end runs (PTX) or reads (trace) the instruction ---- */

/* Decode one instruction of warp w into its I-buffer; 0 = stop decoding. */
static int decode_one(gs_sm *sm, uint32_t w, uint64_t line, uint64_t cycle)
{
    gs_sm_warp *warp = &sm->warps[w];
    gs_sm_cta *cta = &sm->ctas[warp->cta_slot];
    uint32_t slot = (warp->ibuf_head + warp->ibuf_count) % GS_SM_IBUF;
    gs_inst *inst = &warp->ibuf[slot];
    gs_fe_next next = sm->fe->ops->warp_step(sm->fe, cta->fe_cta, warp->cta_warp, inst, cycle);
    uint64_t next_line;
    warp->ibuf_count++;
    warp->ibuf_final[slot] = next == GS_FE_DONE;
    if (next == GS_FE_FAULT) {
        sm->fault = sm->fe->fault;
        return 0;
    }
    if (next == GS_FE_DONE)
        warp->exit_decoded = 1;
    else if (next == GS_FE_HELD)
        warp->func_hold = 1;
    if (next == GS_FE_DONE || (inst->flags & GS_INST_BARRIER))
        gs_sm_recheck_holds(sm, warp->cta_slot);   /* may have released a barrier */
    if (next != GS_FE_READY || (inst->flags & (GS_INST_BRANCH | GS_INST_BARRIER |
                                               GS_INST_EXIT)))
        return 0;
    if (sm->p->perfect_icache)
        return 1;
    return warp_line(sm, w, &next_line) && next_line == line;
}

static void decode(gs_sm *sm, uint32_t w, uint64_t line, uint64_t cycle)
{
    gs_sm_warp *warp = &sm->warps[w];
    gs_sm_view *view = gs_sm_view_of(sm, w);
    uint64_t bit = gs_sm_bit_of(sm, w);
    while (warp->ibuf_count < GS_SM_IBUF && decode_one(sm, w, line, cycle))
        ;
    view->has_inst |= bit;
    view->sb_wait &= ~bit;
    view->long_wait &= ~bit;
    view->raw_wait &= ~bit;
    view->waw_wait &= ~bit;
    view->sb_ok &= ~bit;        /* the head may be new */
    gs_sm_update_fetch(sm, w);
}

void gs_sm_fetch(gs_sm *sm, uint64_t cycle)
{
    uint32_t w;
    uint64_t line = 0;
    if (sm->miss_mask && sm->ldst->ops->fetched != NULL)
        complete_memory_fills(sm, cycle);
    else if (sm->miss_mask && cycle >= sm->next_fill)
        complete_fills(sm, cycle);
    if (!sm->fetch_mask)
        return;
    w = gs_sched_next_cyclic(sm->fetch_mask, sm->fetch_rr, sm->p->warp_slots);
    sm->fetch_rr = (w + 1u) % sm->p->warp_slots;
    sm->st.fetches++;
    if (!sm->p->perfect_icache) {
        if (!warp_line(sm, w, &line))
            return;
        if (!icache_access(sm, line)) {
            gs_sm_warp *warp = &sm->warps[w];
            if (sm->ldst->ops->fetch != NULL) {
                if (!miss_to_memory(sm, w, line, cycle)) {
                    sm->st.icache_miss_retries++;
                    return;
                }
            } else {
                warp->fill_cycle = cycle + sm->p->icache_miss_cycles;
                warp->fill_line = line;
                if (warp->fill_cycle < sm->next_fill || sm->miss_mask == 0)
                    sm->next_fill = warp->fill_cycle;
            }
            sm->st.icache_misses++;
            warp->fetch_pending = 1;
            sm->miss_mask |= 1ull << w;
            gs_sm_update_fetch(sm, w);
            return;
        }
        sm->st.icache_hits++;
    }
    decode(sm, w, line, cycle);
}

/* ---- idling: cycles in which nothing can change ---- */

/* The next cycle after `cycle` with an execution-unit write-back. */
static uint64_t eu_next_writeback(const gs_eu *eu, uint64_t cycle)
{
    uint64_t c;
    if (eu->in_flight == 0)
        return GS_SM_NO_EVENT;
    for (c = cycle + 1u; c <= cycle + eu->wheel_size; c++) {
        uint32_t slot = (uint32_t)(c & (eu->wheel_size - 1u));
        if (eu->wheel_count[slot] && eu->wheel_cycle[slot] == c)
            return c;
    }
    return cycle + 1u;   /* not reached: every entry lies within one wheel turn */
}

static uint64_t min_u64(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

uint64_t gs_sm_quiet_until(gs_sm *sm, uint64_t cycle)
{
    uint32_t s;
    uint64_t wake;
    if (!sm->p->allow_sleep || sm->fetch_mask || sm->fault != GS_OK ||
        sm->ldst->ops->quiet_until == NULL)
        return GS_SM_NO_EVENT;
    for (s = 0; s < sm->p->num_scheds; s++) {
        const gs_sm_view *view = &sm->views[s];
        if (view->has_inst & ~view->sb_wait & ~sm->scheds[s].blocked)
            return GS_SM_NO_EVENT;   /* a warp may issue (or retry a busy unit) */
        /* A scheduler that issued this cycle counts that as its stall; the
         * next cycle's is another, so only a cycle without an issue repeats
         * (gs_sm_skip counts each skipped cycle as the last one). */
        if (view->last_stall == GS_STALL_NONE)
            return GS_SM_NO_EVENT;
    }
    if (gs_oc_busy(&sm->oc))
        return GS_SM_NO_EVENT;   /* operands being read / waiting to dispatch */
    wake = eu_next_writeback(&sm->eu, cycle);
    wake = min_u64(wake, sm->ldst->ops->quiet_until(sm->ldst->state, cycle));
    wake = min_u64(wake, gs_ldst_perfect_next_event(&sm->tex_storage));
    if (sm->miss_mask && sm->ldst->ops->fetched == NULL)   /* fixed-latency I-cache fills;
                                                           * fills from below arrive */
        wake = min_u64(wake, sm->next_fill);
    if (sm->bus != NULL && sm->bus->count != 0)
        return GS_SM_NO_EVENT;   /* subscribers see (and steer) every cycle */
    return wake == GS_SM_NO_EVENT ? GS_SM_NO_EVENT - 1u : wake;   /* NO_EVENT-1: never */
}

int gs_sm_input_arrived(const gs_sm *sm)
{
    return sm->ldst->ops->arrived != NULL && sm->ldst->ops->arrived(sm->ldst->state);
}

void gs_sm_skip(gs_sm *sm, uint64_t from, uint64_t to)
{
    uint64_t cycles = to - from - 1u;
    uint32_t s;
    if (to <= from + 1u)
        return;
    for (s = 0; s < sm->p->num_scheds; s++) {
        sm->st.stall[sm->views[s].last_stall] += cycles;
        sm->st.dependency[sm->views[s].last_dependency] += cycles;
    }
}

/* ---- watchdog dump ---- */

static const char *const stall_names[GS_STALL_COUNT] = {
    "issued", "idle", "unit busy", "scoreboard", "memory", "barrier", "no instruction",
    "throttled", "collector full"
};

void gs_sm_dump(const gs_sm *sm, const gs_sink *sink)
{
    uint32_t w;
    gs_sink_printf(sink, "SM %u: %u warps resident, %u in flight in the units, LD/ST %s\n",
                   (unsigned)sm->id, (unsigned)sm->resident_warps,
                   (unsigned)gs_eu_in_flight(&sm->eu),
                   sm->ldst->ops->idle(sm->ldst->state) ? "idle" : "busy");
    if (gs_oc_busy(&sm->oc))
        gs_sink_printf(sink, "  operand collector: %u of %u units hold an instruction\n",
                       (unsigned)gs_oc_busy(&sm->oc), (unsigned)sm->oc.total_cus);
    for (w = 0; w < sm->p->warp_slots; w++) {
        const gs_sm_warp *warp = &sm->warps[w];
        const gs_sm_view *view = &sm->views[w % sm->p->num_scheds];
        if (!warp->present)
            continue;
        gs_sink_printf(sink, "  warp %u (CTA slot %u warp %u): %s%s%s, %u in flight, "
                       "scheduler %u last: %s\n", (unsigned)w, (unsigned)warp->cta_slot,
                       (unsigned)warp->cta_warp,
                       warp->at_barrier ? "waits at barrier" :
                       warp->ibuf_count ? "has an instruction" : "I-buffer empty",
                       warp->func_hold ? ", held at a functional barrier" : "",
                       warp->exit_issued ? ", exiting" : "", (unsigned)warp->inflight,
                       (unsigned)(w % sm->p->num_scheds), stall_names[view->last_stall]);
    }
}
