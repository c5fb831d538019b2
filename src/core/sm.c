/*
 * The SM pipeline: CTA start, write-back, issue and the per-cycle order
 * (see sm.h; seed-004 sections 1.2.2 scoreboard, 1.2.3 issue, 1.2.7 units,
 * 1.6 CTAs). Fetch and decode are in sm_fetch.c.
 *
 * Memory instructions without addresses (decision, issue 7): an Accel-Sim
 * trace gives no addresses for texture / surface instructions and for
 * memory opcodes traced with mem_width 0 (trace/trace.h: access_bytes 0).
 * They cannot go through the coalescer and caches, and inventing addresses
 * would be a guess, so they take a fixed-latency path: the LD/ST issue port
 * (its initiation interval), then a perfect-memory unit of their own that
 * completes each after -gs_trace_tex_latency cycles (default 200: Accel-Sim's
 * trace.config models every texture instruction on a fixed-latency
 * specialized TEX unit, `-specialized_unit_2 1,4,200,4,4,TEX`, formats.md
 * 1.6), at most GS_LDST_PERFECT_SLOTS in flight per SM. The PTX executor
 * always reports addresses, so PTX runs never take this path. When the
 * configuration enables a specialized TEX unit (trace.config), texture
 * opcodes run on that unit instead (below) and only surface opcodes and
 * mem_width-0 memory opcodes take this path.
 *
 * Operand collector (core/opcoll.h): with -gs_operand_collector 1 issue
 * puts the instruction in a collector unit of its routed unit's kind (a copy
 * of the gs_inst: the I-buffer slot is refilled), and the unit takes it when
 * the CU dispatches (oc_dispatch_one); the stall at issue is then "collector
 * full", and a busy unit holds the CU instead of the warp, as in GPGPU-Sim,
 * whose scheduler checks only that the ID_OC stage has room.
 *
 * Units (core/exec_unit.h): an instruction issued by scheduler s goes to a
 * specialized unit when its spec_kind names an enabled one in a trace run
 * (gs_eu_spec_of), else to the LD/ST port (shared by the SM) or its ALU
 * type; under -gpgpu_sub_core_model 1 scheduler s uses only its own units.
 */
#include "core/sm_internal.h"

#include <stddef.h>
#include <string.h>

static size_t round_up(size_t bytes)
{
    return gs_arena_round(bytes);
}

size_t gs_sm_bytes(const gs_sm_params *p)
{
    size_t total = 0, slots = (size_t)p->warp_slots * GS_SM_INFLIGHT_PER_WARP;
    total += round_up(p->num_scheds * sizeof(gs_sched));                  /* schedulers */
    total += p->num_scheds * gs_sched_bytes(&p->sched);                   /* policy state */
    total += round_up(p->num_scheds * sizeof(gs_sm_view));                /* issue masks */
    total += gs_scoreboard_bytes(&p->sb);                                 /* scoreboard */
    total += gs_eu_bytes(&p->eu);                                         /* units */
    if (p->oc_enabled) {                                                  /* collector */
        total += gs_oc_bytes(&p->oc);
        total += round_up(gs_oc_units(&p->oc) * sizeof(gs_inst));
    }
    total += round_up(p->warp_slots * sizeof(gs_sm_warp));                /* warps, I-bufs */
    total += round_up(p->max_ctas * sizeof(gs_sm_cta));                   /* CTA slots */
    total += round_up(slots * sizeof(gs_sm_inflight));                    /* in flight */
    total += round_up(slots * sizeof(uint32_t));                          /* free tags */
    total += 2u * round_up((size_t)p->icache_sets * p->icache_assoc * 8u); /* I-cache */
    return total;
}

static gs_status sm_alloc(gs_sm *sm, gs_arena *arena, gs_diag *diag)
{
    const gs_sm_params *p = sm->p;
    size_t slots = (size_t)p->warp_slots * GS_SM_INFLIGHT_PER_WARP, lines;
    lines = (size_t)p->icache_sets * p->icache_assoc;
    sm->scheds = (gs_sched *)gs_arena_alloc(arena, p->num_scheds * sizeof(gs_sched));
    sm->views = (gs_sm_view *)gs_arena_alloc(arena, p->num_scheds * sizeof(gs_sm_view));
    sm->warps = (gs_sm_warp *)gs_arena_alloc(arena, p->warp_slots * sizeof(gs_sm_warp));
    sm->ctas = (gs_sm_cta *)gs_arena_alloc(arena, p->max_ctas * sizeof(gs_sm_cta));
    sm->inflight = (gs_sm_inflight *)gs_arena_alloc(arena, slots * sizeof(gs_sm_inflight));
    sm->free_tags = (uint32_t *)gs_arena_alloc(arena, slots * sizeof(uint32_t));
    sm->icache_tags = (uint64_t *)gs_arena_alloc(arena, lines * 8u);
    sm->icache_lru = (uint64_t *)gs_arena_alloc(arena, lines * 8u);
    if (!sm->scheds || !sm->views || !sm->warps || !sm->ctas || !sm->inflight ||
        !sm->free_tags || !sm->icache_tags || !sm->icache_lru)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for SM %u",
                           (unsigned)sm->id);
    return GS_OK;
}

/* The operand collector: every CU set an instruction can be routed to
 * (gs_eu_route; a specialized-unit instruction uses its base unit's set)
 * must have collector units. */
static gs_status sm_oc_init(gs_sm *sm, gs_arena *arena, gs_diag *diag)
{
    uint8_t routed[GS_OC_GEN];
    uint32_t u, n = gs_oc_units(&sm->p->oc);
    gs_status st;
    memset(routed, 0, sizeof routed);
    for (u = 0; u < GS_UNIT_COUNT; u++)
        routed[gs_eu_route(&sm->eu, u)] = 1;
    if ((st = gs_oc_init(&sm->oc, &sm->p->oc, routed, arena, diag)) != GS_OK)
        return st;
    sm->cu_inst = (gs_inst *)gs_arena_alloc(arena, n * sizeof(gs_inst));
    if (n && !sm->cu_inst)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for SM %u",
                           (unsigned)sm->id);
    return GS_OK;
}

gs_status gs_sm_init(gs_sm *sm, uint32_t id, const gs_sm_params *p, gs_ldst *full_ldst,
                     const gs_config *cfg, gs_cta_dispatch *disp, gs_arena *arena,
                     gs_diag *diag)
{
    gs_status st;
    uint32_t i, slots = p->warp_slots * GS_SM_INFLIGHT_PER_WARP;
    memset(sm, 0, sizeof *sm);
    sm->id = id;
    sm->p = p;
    sm->disp = disp;
    sm->wake_cycle = GS_SM_NO_EVENT;
    if ((st = sm_alloc(sm, arena, diag)) != GS_OK)
        return st;
    for (i = 0; i < p->num_scheds; i++)
        if ((st = gs_sched_init(&sm->scheds[i], &p->sched, arena, diag)) != GS_OK)
            return st;
    if ((st = gs_scoreboard_init(&sm->sb, &p->sb, arena, diag)) != GS_OK ||
        (st = gs_eu_init(&sm->eu, &p->eu, arena, diag)) != GS_OK ||
        (p->oc_enabled && (st = sm_oc_init(sm, arena, diag)) != GS_OK))
        return st;
    gs_ldst_perfect_init(&sm->tex_storage, &sm->tex_port, p->tex_latency_cycles,
                         p->tex_latency_cycles);
    if (full_ldst) {
        sm->ldst = full_ldst;
    } else {
        sm->ldst = &sm->perfect_port;
        gs_ldst_perfect_init(&sm->perfect_storage, sm->ldst, cfg->l1_latency_cycles,
                             cfg->smem_latency_cycles);
    }
    /* tags handed out lowest first */
    for (i = 0; i < slots; i++)
        sm->free_tags[i] = slots - 1u - i;
    sm->num_free_tags = slots;
    return GS_OK;
}

/* ---- events (base/event.h) ---- */

void gs_sm_set_events(gs_sm *sm, gs_event_bus *bus)
{
    sm->bus = bus;
}

/* An event of warp slot w (NONE for a CTA event) at core cycle `cycle`. */
static void sm_event(const gs_sm *sm, unsigned kind, uint32_t w, uint32_t cta_id,
                     uint64_t cycle, uint32_t pc, uint32_t value, unsigned outcome)
{
    gs_event ev;
    gs_event_clear(&ev, kind, GS_DOMAIN_CORE, cycle);
    ev.unit = sm->id;
    ev.origin.sm = (uint16_t)sm->id;
    ev.origin.warp = (uint16_t)w;
    ev.origin.cta = cta_id;
    ev.origin.pc = pc;
    ev.value = value;
    ev.outcome = (uint8_t)outcome;
    gs_event_emit(sm->bus, &ev);
}

#define SM_WANTS(sm, kind) GS_EVENT_WANTED((sm)->bus, GS_EV_##kind)
#define CTA_OF(sm, w) ((sm)->ctas[(sm)->warps[w].cta_slot].cta_id)

/* ---- CTA start and warp exit ---- */

/* The LD/ST unit learns the shared memory the resident CTAs hold (the
 * shared-memory cache takes the rest: mem/smem_cache.h). Decision: it
 * shrinks when a CTA starts (its warps join) and grows when one finishes;
 * the dispatcher's count includes CTAs placed and waiting for their launch
 * latency, whose space is reserved already. */
static void shared_changed(gs_sm *sm, uint64_t cycle)
{
    if (sm->ldst->ops->shared_in_use != NULL)
        sm->ldst->ops->shared_in_use(sm->ldst->state,
                                     gs_cta_sm_state(sm->disp, sm->id)->shmem_used, cycle);
}

void gs_sm_start_cta(gs_sm *sm, const gs_cta_placement *pl, void *fe_cta, uint64_t cycle)
{
    gs_sm_cta *cta = &sm->ctas[pl->cta_slot];
    uint64_t mask = pl->warp_mask;
    uint32_t k = 0, n = sm->p->num_scheds;
    GS_ASSERT(!cta->in_use);
    memset(cta, 0, sizeof *cta);
    cta->in_use = 1;
    cta->fe_cta = fe_cta;
    cta->num_warps = cta->live_warps = pl->num_warps;
    cta->warp_mask = pl->warp_mask;
    cta->cta_id = pl->cta_id;
    if (sm->resident_warps == 0)
        sm->resident_since = cycle;
    while (mask) {
        uint32_t w = gs_sched_ctz64(mask);
        gs_sm_warp *warp = &sm->warps[w];
        mask &= mask - 1u;
        memset(warp, 0, sizeof *warp - sizeof warp->ibuf);
        warp->present = 1;
        warp->cta_slot = pl->cta_slot;
        warp->cta_warp = k++;
        gs_sched_warp_add(&sm->scheds[w % n], w / n, sm->dynamic_warp_id++);
        gs_sm_update_fetch(sm, w);
        sm->resident_warps++;
        if (sm->bus != NULL)
            gs_event_bus_bind_warp(sm->bus, sm->id, w, pl->cta_id);
    }
    sm->last_progress = cycle;
    shared_changed(sm, cycle);
    if (SM_WANTS(sm, CTA_LAUNCH))
        sm_event(sm, GS_EV_CTA_LAUNCH, GS_ORIGIN_NONE, pl->cta_id, cycle, 0, pl->num_warps, 0);
}

static void check_barrier(gs_sm *sm, gs_sm_cta *cta, uint32_t id, uint64_t cycle)
{
    uint32_t expected, n = sm->p->num_scheds;
    uint64_t mask = cta->warp_mask;
    if (cta->arrived[id] == 0)
        return;
    /* exec_ctl.c's rule: a count expects ceil(count / 32) warps, none every live warp */
    expected = cta->expected_threads[id] ? (cta->expected_threads[id] + 31u) / 32u
                                         : cta->live_warps;
    if (cta->arrived[id] < expected)
        return;
    cta->arrived[id] = 0;
    while (mask) {
        uint32_t w = gs_sched_ctz64(mask);
        gs_sm_warp *warp = &sm->warps[w];
        mask &= mask - 1u;
        if (warp->present && warp->at_barrier && warp->barrier_id == id) {
            warp->at_barrier = 0;
            gs_sched_set_blocked(&sm->scheds[w % n], w / n, 0);
            if (SM_WANTS(sm, BARRIER_LEAVE))
                sm_event(sm, GS_EV_BARRIER_LEAVE, w, cta->cta_id, cycle, 0, id, 0);
        }
    }
}

static void cta_finished(gs_sm *sm, uint32_t slot, uint64_t cycle)
{
    if (SM_WANTS(sm, CTA_FINISH))
        sm_event(sm, GS_EV_CTA_FINISH, GS_ORIGIN_NONE, sm->ctas[slot].cta_id, cycle, 0,
                 sm->ctas[slot].num_warps, 0);
    sm->fe->ops->cta_finish(sm->fe, sm->ctas[slot].fe_cta);
    sm->ctas[slot].in_use = 0;
    sm->st.ctas_done++;
    gs_cta_finish(sm->disp, sm->id, slot);
    shared_changed(sm, cycle);
}

static void warp_leave(gs_sm *sm, uint32_t w, uint64_t cycle)
{
    gs_sm_warp *warp = &sm->warps[w];
    gs_sm_cta *cta = &sm->ctas[warp->cta_slot];
    gs_sm_view *view = gs_sm_view_of(sm, w);
    uint64_t bit = gs_sm_bit_of(sm, w);
    uint32_t id;
    if (SM_WANTS(sm, WARP_EXIT))
        sm_event(sm, GS_EV_WARP_EXIT, w, cta->cta_id, cycle, 0, 0, 0);
    gs_sched_warp_remove(&sm->scheds[w % sm->p->num_scheds], w / sm->p->num_scheds);
    gs_scoreboard_clear_warp(&sm->sb, w);
    warp->present = 0;
    view->has_inst &= ~bit;
    view->sb_wait &= ~bit;
    view->long_wait &= ~bit;
    view->raw_wait &= ~bit;
    view->waw_wait &= ~bit;
    view->sb_ok &= ~bit;
    view->ok_kind[warp->ok_kind] &= ~bit;   /* the slot's next warp starts at set 0 */
    gs_sm_update_fetch(sm, w);
    cta->live_warps--;
    if (--sm->resident_warps == 0)
        sm->st.active_cycles += cycle + 1u - sm->resident_since;
    for (id = 0; id < GS_INST_BARRIERS; id++)
        check_barrier(sm, cta, id, cycle);
    if (cta->live_warps == 0)
        cta_finished(sm, warp->cta_slot, cycle);
}

/* ---- write-back ---- */

static void complete(gs_sm *sm, uint32_t tag, uint64_t cycle)
{
    gs_sm_inflight *rec = &sm->inflight[tag];
    uint32_t w = rec->warp, i, j;
    gs_sm_warp *warp = &sm->warps[w];
    gs_sm_view *view = gs_sm_view_of(sm, w);
    uint64_t bit = gs_sm_bit_of(sm, w);
    for (i = 0; i < rec->num_dst; i++) {
        for (j = 0; j < i && rec->dst[j] != rec->dst[i]; j++)
            ;
        if (j < i)    /* a destination listed twice holds one entry */
            continue;
        gs_scoreboard_release(&sm->sb, w, rec->dst[i]);
        if (sm->p->oc_enabled)   /* the write takes its bank this cycle */
            gs_oc_write(&sm->oc, cycle, w, w % sm->p->num_scheds, rec->dst[i]);
    }
    view->sb_wait &= ~bit;     /* re-check the head next issue */
    view->long_wait &= ~bit;
    view->raw_wait &= ~bit;
    view->waw_wait &= ~bit;
    if (sm->bus != NULL && sm->bus->want_inst_epochs)
        sm->bus->committed_warp_insts++;
    if (SM_WANTS(sm, WARP_COMMIT))
        sm_event(sm, GS_EV_WARP_COMMIT, w, CTA_OF(sm, w), cycle, rec->pc, rec->active_lanes,
                 rec->op_class);
    sm->free_tags[sm->num_free_tags++] = tag;
    sm->last_progress = cycle;
    if (--warp->inflight == 0 && warp->exit_issued)
        warp_leave(sm, w, cycle);
}

#define SM_DONE_BATCH 32u

static void writeback(gs_sm *sm, uint64_t cycle)
{
    uint32_t tags[GS_EU_MAX_PORTS], n, i;
    gs_ldst_done done[SM_DONE_BATCH];
    if (gs_eu_in_flight(&sm->eu)) {
        n = gs_eu_writeback(&sm->eu, cycle, tags);
        for (i = 0; i < n; i++)
            complete(sm, tags[i], cycle);
    }
    do {
        n = sm->ldst->ops->completions(sm->ldst->state, cycle, done, SM_DONE_BATCH);
        for (i = 0; i < n; i++)
            complete(sm, done[i].tag, cycle);
    } while (n == SM_DONE_BATCH);
    while (sm->tex_storage.count &&
           (n = sm->tex_port.ops->completions(&sm->tex_storage, cycle, done,
                                                SM_DONE_BATCH)) > 0)
        for (i = 0; i < n; i++)
            complete(sm, done[i].tag, cycle);
    sm->ldst->ops->cycle(sm->ldst->state, cycle);
}

/* ---- issue ---- */

/* A memory instruction without addresses (see the file comment). */
static int is_addressless(const gs_inst *inst)
{
    return inst->access_bytes == 0 && inst->mem_op != GS_MEM_NONE;
}

/* The unit that takes an LD/ST-unit instruction. */
static gs_ldst *ldst_for(gs_sm *sm, const gs_inst *inst)
{
    return is_addressless(inst) ? &sm->tex_port : sm->ldst;
}

static int is_long_load(const gs_inst *inst)
{
    /* seed-004 section 2.1 (two-level): loads that leave the SM */
    return (inst->mem_op == GS_MEM_LOAD || inst->mem_op == GS_MEM_ATOMIC) &&
           (inst->space == GS_SPACE_GLOBAL || inst->space == GS_SPACE_LOCAL ||
            inst->space == GS_SPACE_TEX);
}

/* The specialized unit that runs inst (trace runs with trace.config), or 0. */
static unsigned spec_for(const gs_sm *sm, const gs_inst *inst)
{
    return inst->spec_kind ? gs_eu_spec_of(&sm->eu, inst->spec_kind) : 0u;
}

/* Can the unit of inst take it from the scheduler of warp w now (straight
 * from issue, or from its collector unit)? */
static int unit_accepts(gs_sm *sm, uint32_t w, const gs_inst *inst, uint64_t cycle)
{
    unsigned sched = w % sm->p->num_scheds, spec = spec_for(sm, inst);
    if (spec)
        return gs_eu_can_accept_spec(&sm->eu, cycle, spec, sched);
    if (inst->unit == GS_UNIT_LDST) {
        gs_ldst *port = ldst_for(sm, inst);
        return gs_eu_can_accept_from(&sm->eu, cycle, GS_UNIT_LDST, GS_OPC_MEM, sched) &&
               port->ops->can_accept(port->state, inst) == GS_LDST_OK;
    }
    return gs_eu_can_accept_from(&sm->eu, cycle, inst->unit, inst->op_class, sched);
}

/* Issue inst of warp w (unit_accepts held) under tag. */
static void unit_issue(gs_sm *sm, uint32_t w, const gs_inst *inst, uint32_t tag,
                       uint64_t cycle)
{
    unsigned sched = w % sm->p->num_scheds, spec = spec_for(sm, inst);
    if (spec) {
        gs_eu_issue_spec(&sm->eu, cycle, spec, sched, tag);
    } else if (inst->unit == GS_UNIT_LDST) {
        gs_ldst *port = ldst_for(sm, inst);
        gs_eu_issue_from(&sm->eu, cycle, GS_UNIT_LDST, GS_OPC_MEM, sched, tag);
        port->ops->accept(port->state, inst, w, tag, cycle);
    } else {
        gs_eu_issue_from(&sm->eu, cycle, inst->unit, inst->op_class, sched, tag);
    }
}

/* The collector-unit set of inst: its routed unit's (opcoll.h). */
static unsigned oc_kind(const gs_sm *sm, const gs_inst *inst)
{
    return sm->eu.route[inst->unit];   /* gs_eu_route without its call (hot) */
}

/* Can inst leave issue now: into a collector unit, or (no collector) into
 * its unit? */
static int issue_accepts(gs_sm *sm, uint32_t w, const gs_inst *inst, uint64_t cycle)
{
    if (sm->p->oc_enabled)
        return gs_oc_can_accept(&sm->oc, cycle, oc_kind(sm, inst), w % sm->p->num_scheds);
    return unit_accepts(sm, w, inst, cycle);
}

/* Issue inst of warp w under tag: into a collector unit, which keeps a copy
 * (the addresses only for the LD/ST unit), or straight into its unit. */
static void issue_to(gs_sm *sm, uint32_t w, const gs_inst *inst, uint32_t tag, uint64_t cycle)
{
    uint32_t cu;
    if (!sm->p->oc_enabled) {
        unit_issue(sm, w, inst, tag, cycle);
        return;
    }
    cu = gs_oc_accept(&sm->oc, cycle, oc_kind(sm, inst), w % sm->p->num_scheds, w, tag,
                      inst->src, inst->num_src);
    memcpy(&sm->cu_inst[cu], inst,
           inst->unit == GS_UNIT_LDST ? sizeof *inst : offsetof(gs_inst, addr));
}

/* The last unit refusal seen by one scheduler in one cycle. Within a
 * schedule_issue() call nothing issues, so a unit that refused one head refuses
 * every head with the same (specialized unit, unit, class, LD/ST port): the
 * memo answers those without asking again (same result, less work when many
 * warps wait on one busy unit, e.g. loads behind a retrying LD/ST unit). */
typedef struct unit_refusal {
    int valid;
    unsigned spec, unit, op_class;
    const gs_ldst *port;
} unit_refusal;

/* Does the unit of w's head take it now (memo: this call's last refusal,
 * or NULL)? The key is compared field by field (building it as a struct
 * first cost a store-forwarding stall per waiting warp). Used by issue
 * without the collector and by the collector's dispatch. */
static inline int unit_accepts_memo(gs_sm *sm, uint32_t w, const gs_inst *inst, uint64_t cycle,
                             unit_refusal *memo)
{
    unsigned spec;
    const gs_ldst *port;
    spec = spec_for(sm, inst);
    port = inst->unit == GS_UNIT_LDST ? ldst_for(sm, inst) : NULL;
    if (memo->valid && memo->unit == inst->unit && memo->op_class == inst->op_class &&
        memo->spec == spec && memo->port == port)
        return 0;
    if (unit_accepts(sm, w, inst, cycle))
        return 1;
    memo->valid = 1;
    memo->spec = spec;
    memo->unit = inst->unit;
    memo->op_class = inst->op_class;
    memo->port = port;
    return 0;
}

/* Can w's head leave issue now (memo: this call's last refusal, or NULL)?
 * With the collector the answer depends only on the CU set (kind). */
static int head_unit_accepts(gs_sm *sm, uint32_t w, const gs_inst *inst, uint64_t cycle,
                             unit_refusal *memo)
{
    unsigned kind;
    if (memo == NULL)
        return issue_accepts(sm, w, inst, cycle);
    if (!sm->p->oc_enabled)
        return unit_accepts_memo(sm, w, inst, cycle, memo);
    kind = oc_kind(sm, inst);
    if (memo->valid && memo->unit == kind)
        return 0;
    if (gs_oc_can_accept(&sm->oc, cycle, kind, w % sm->p->num_scheds))
        return 1;
    memo->valid = 1;
    memo->unit = kind;
    return 0;
}

/* Dispatch from a collector unit (gs_oc_dispatch_fn): ctx is an
 * oc_dispatch_ctx, whose memo answers CUs behind a unit that refused one
 * (nothing dispatches to that unit in between: the same reasoning as for
 * unit_refusal). One memo per scheduler: under the sub-core model the
 * scheduler decides which units an instruction may use. */
typedef struct oc_dispatch_ctx {
    gs_sm *sm;
    unit_refusal memo[GS_OC_MAX_SCHEDS];
} oc_dispatch_ctx;

static int oc_dispatch_one(void *ctx, uint32_t cu, uint32_t tag, uint64_t cycle)
{
    oc_dispatch_ctx *dc = (oc_dispatch_ctx *)ctx;
    gs_sm *sm = dc->sm;
    const gs_inst *inst = &sm->cu_inst[cu];
    uint32_t w = sm->inflight[tag].warp;
    int ok;
    /* The configured latencies are dependent issue-to-issue latencies as the
     * microbenchmarks behind the published configurations measure them:
     * they include the register read. So the collector's uncontended stage
     * (read the cycle after issue, dispatch the cycle after: GS_OC_STAGE_CYCLES)
     * is spent inside the latency, and only its delays beyond that (bank
     * conflicts, write-back priority, busy units, out ports) add cycles
     * (README "Operand collector"). LD/ST timing is the memory system's. */
    sm->eu.delay_credit = GS_OC_STAGE_CYCLES;
    ok = unit_accepts_memo(sm, w, inst, cycle, &dc->memo[w % sm->p->num_scheds]);
    if (ok)
        unit_issue(sm, w, inst, tag, cycle);
    sm->eu.delay_credit = 0;
    if (!ok)
        return 0;
    sm->last_progress = cycle;
    return 1;
}

/* Can the head of `w` issue now? On a scoreboard hazard the warp is parked in
 * sb_wait until one of its results is written back. view and bit are w's
 * (gs_sm_view_of, gs_sm_bit_of), which the caller knows without dividing. */
static gs_stall head_issuable(gs_sm *sm, uint32_t w, gs_sm_view *view, uint64_t bit,
                              uint64_t cycle, unit_refusal *memo)
{
    gs_sm_warp *warp = &sm->warps[w];
    const gs_inst *inst = &warp->ibuf[warp->ibuf_head];
    gs_sb_result r = GS_SB_FULL;
    if (view->sb_ok & bit)
        r = GS_SB_FREE;
    else if (warp->inflight < GS_SM_INFLIGHT_PER_WARP)
        r = gs_scoreboard_check(&sm->sb, w, inst);
    if (r == GS_SB_FREE) {
        if (!(view->sb_ok & bit) && sm->p->oc_enabled) {   /* a new head: note its set */
            view->ok_kind[warp->ok_kind] &= ~bit;
            warp->ok_kind = (uint8_t)oc_kind(sm, inst);
            view->ok_kind[warp->ok_kind] |= bit;
        }
        view->sb_ok |= bit;
    } else {
        view->sb_wait |= bit;
        if (r == GS_SB_RAW)
            view->raw_wait |= bit;
        else if (r == GS_SB_WAW)
            view->waw_wait |= bit;
        if (gs_scoreboard_waits_long(&sm->sb, w, inst))
            view->long_wait |= bit;
        return GS_STALL_SCOREBOARD;
    }
    if (head_unit_accepts(sm, w, inst, cycle, memo))
        return GS_STALL_NONE;
    return sm->p->oc_enabled ? GS_STALL_COLLECTOR : GS_STALL_UNIT;
}

static void issue_barrier(gs_sm *sm, uint32_t w, const gs_inst *inst, uint64_t cycle)
{
    gs_sm_warp *warp = &sm->warps[w];
    gs_sm_cta *cta = &sm->ctas[warp->cta_slot];
    uint32_t id = inst->barrier_id % GS_INST_BARRIERS;
    if (inst->active_mask == 0)   /* a predicated-off barrier is not executed */
        return;
    cta->arrived[id]++;
    cta->expected_threads[id] = inst->barrier_count;
    if (SM_WANTS(sm, BARRIER_ARRIVE))
        sm_event(sm, GS_EV_BARRIER_ARRIVE, w, cta->cta_id, cycle, inst->pc, id, 0);
    if (!(inst->flags & GS_INST_BAR_ARRIVE)) {
        warp->at_barrier = 1;
        warp->barrier_id = (uint8_t)id;
        gs_sched_set_blocked(&sm->scheds[w % sm->p->num_scheds], w / sm->p->num_scheds, 1);
    }
    check_barrier(sm, cta, id, cycle);
}

static void issue_head(gs_sm *sm, uint32_t w, uint64_t cycle)
{
    gs_sm_warp *warp = &sm->warps[w];
    uint32_t slot = warp->ibuf_head;
    const gs_inst *inst = &warp->ibuf[slot];
    uint32_t tag, i;
    gs_sm_inflight *rec;
    GS_ASSERT(sm->num_free_tags > 0);
    tag = sm->free_tags[--sm->num_free_tags];
    rec = &sm->inflight[tag];
    rec->warp = w;
    rec->pc = inst->pc;
    rec->active_lanes = gs_sched_popcount64(inst->active_mask);
    rec->op_class = inst->op_class;
    rec->num_dst = inst->num_dst;
    for (i = 0; i < inst->num_dst; i++)
        rec->dst[i] = inst->dst[i];
    if (inst->num_dst)
        gs_scoreboard_reserve(&sm->sb, w, inst, is_long_load(inst));
    if (SM_WANTS(sm, WARP_ISSUE))
        sm_event(sm, GS_EV_WARP_ISSUE, w, CTA_OF(sm, w), cycle, inst->pc, rec->active_lanes,
                 inst->op_class);
    issue_to(sm, w, inst, tag, cycle);
    warp->inflight++;
    gs_sm_view_of(sm, w)->sb_ok &= ~gs_sm_bit_of(sm, w);   /* new head, new reservations */
    sm->st.warp_insts++;
    sm->st.thread_insts += rec->active_lanes;
    if (inst->flags & GS_INST_BARRIER)
        issue_barrier(sm, w, inst, cycle);
    if (warp->ibuf_final[slot])
        warp->exit_issued = 1;
    warp->ibuf_head = (uint8_t)((slot + 1u) % GS_SM_IBUF);
    warp->ibuf_count--;
    sm->last_progress = cycle;
}

/* The execution unit kind of inst (-gpgpu_dual_issue_diff_exec_units). */
static unsigned exec_kind(const gs_sm *sm, const gs_inst *inst)
{
    unsigned spec = spec_for(sm, inst);
    return spec ? GS_UNIT_COUNT + spec : gs_eu_route(&sm->eu, inst->unit);
}

/* May w issue its next head in the cycle it issued one of unit kind `last`?
 * With -gpgpu_dual_issue_diff_exec_units 1 (GPGPU-Sim's scheduler_unit) only
 * to another kind of unit. */
static int may_issue_again(gs_sm *sm, uint32_t w, unsigned last, uint64_t cycle)
{
    const gs_sm_warp *warp = &sm->warps[w];
    if (warp->ibuf_count == 0 || warp->at_barrier)
        return 0;
    if (sm->p->dual_issue_diff && exec_kind(sm, &warp->ibuf[warp->ibuf_head]) == last)
        return 0;
    return head_issuable(sm, w, gs_sm_view_of(sm, w), gs_sm_bit_of(sm, w), cycle, NULL) ==
           GS_STALL_NONE;
}

/* Issue the picked warp's head and, up to the per-warp limit, the next ones. */
static void issue_warp(gs_sm *sm, uint32_t w, uint64_t cycle)
{
    gs_sm_warp *warp = &sm->warps[w];
    uint32_t issued = 0;
    unsigned last = 0;
    do {
        if (sm->p->dual_issue_diff && sm->p->max_issue_per_warp > 1u)   /* only then needed */
            last = exec_kind(sm, &warp->ibuf[warp->ibuf_head]);
        issue_head(sm, w, cycle);
        issued++;
    } while (issued < sm->p->max_issue_per_warp && may_issue_again(sm, w, last, cycle));
    if (warp->ibuf_count == 0)
        gs_sm_view_of(sm, w)->has_inst &= ~gs_sm_bit_of(sm, w);
    gs_sm_update_fetch(sm, w);
}

static gs_stall classify(const gs_sm_view *view, const gs_sched *sched, uint64_t ready,
                         gs_stall unit_busy)
{
    uint64_t present = sched->present;
    if (ready)
        return GS_STALL_THROTTLED;
    if (unit_busy != GS_STALL_NONE)   /* unit busy, or no collector unit */
        return unit_busy;
    if (view->sb_wait & ~view->long_wait & present)
        return GS_STALL_SCOREBOARD;
    if (view->long_wait & present)
        return GS_STALL_MEMORY;
    if (sched->blocked & present)
        return GS_STALL_BARRIER;
    return GS_STALL_NO_INST;
}

/* The hazard of a cycle classify() called SCOREBOARD or MEMORY (sm.h
 * gs_dependency). */
static gs_dependency dependency_of(const gs_sm_view *view, const gs_sched *sched)
{
    uint64_t waiting = view->sb_wait & sched->present;
    if (view->last_stall != GS_STALL_SCOREBOARD && view->last_stall != GS_STALL_MEMORY)
        return GS_DEPENDENCY_NONE;
    if (waiting & view->raw_wait)
        return GS_DEPENDENCY_RAW;
    return waiting & view->waw_wait ? GS_DEPENDENCY_WAW : GS_DEPENDENCY_NONE;
}

static int schedule_issue(gs_sm *sm, uint32_t s, uint64_t cycle)
{
    gs_sched *sched = &sm->scheds[s];
    gs_sm_view *view = &sm->views[s];
    uint32_t n = sm->p->num_scheds;
    uint64_t cand = view->has_inst & ~view->sb_wait & ~sched->blocked;
    gs_sched_cycle_in in;
    gs_stall unit_busy = GS_STALL_NONE;
    int pick;
    unit_refusal memo;
    memo.valid = 0;
    in.ready = in.load = 0;
    while (cand) {
        uint32_t l = gs_sched_ctz64(cand), w = l * n + s;
        gs_stall why = head_issuable(sm, w, view, 1ull << l, cycle, &memo);
        cand &= cand - 1u;
        if (why == GS_STALL_NONE) {
            const gs_sm_warp *warp = &sm->warps[w];
            in.ready |= 1ull << l;
            if (warp->ibuf[warp->ibuf_head].mem_op == GS_MEM_LOAD)
                in.load |= 1ull << l;
        } else if (why == GS_STALL_UNIT || why == GS_STALL_COLLECTOR) {
            unit_busy = why;
            /* Nothing enters a collector unit during this loop, so the set
             * that refused this head (memo.unit) refuses every head of that
             * set that passed the scoreboard: drop them unasked. Asking
             * would change nothing but the memo (the same stall, the same
             * scoreboard bits), so the result is identical. */
            if (why == GS_STALL_COLLECTOR)
                cand &= ~(view->sb_ok & view->ok_kind[memo.unit]);
        }
    }
    in.long_wait = view->long_wait;
    pick = gs_sched_pick(sched, &in);
    if (pick == GS_SCHED_NONE) {
        view->last_stall = (uint8_t)classify(view, sched, in.ready, unit_busy);
        view->last_dependency = (uint8_t)dependency_of(view, sched);
        sm->st.stall[view->last_stall]++;
        sm->st.dependency[view->last_dependency]++;
        return 0;
    }
    issue_warp(sm, (uint32_t)pick * n + s, cycle);
    gs_sched_issued(sched, (unsigned)pick);
    view->last_stall = GS_STALL_NONE;
    view->last_dependency = GS_DEPENDENCY_NONE;
    return 1;
}

static void issue(gs_sm *sm, uint64_t cycle)
{
    uint32_t s;
    int any = 0;
    for (s = 0; s < sm->p->num_scheds; s++) {
        if (sm->scheds[s].num_present == 0) {
            sm->views[s].last_stall = GS_STALL_IDLE;
            sm->views[s].last_dependency = GS_DEPENDENCY_NONE;
            sm->st.stall[GS_STALL_IDLE]++;
            continue;
        }
        any |= schedule_issue(sm, s, cycle);
    }
    if (any)
        sm->st.issue_cycles++;
}

void gs_sm_cycle(gs_sm *sm, uint64_t cycle)
{
    uint32_t i;
    writeback(sm, cycle);
    if (gs_oc_busy(&sm->oc)) {   /* register read (opcoll.h): dispatch, then reads */
        oc_dispatch_ctx dc;
        uint32_t s;
        dc.sm = sm;
        for (s = 0; s < sm->p->num_scheds; s++)
            dc.memo[s].valid = 0;
        gs_oc_dispatch(&sm->oc, cycle, oc_dispatch_one, &dc);
        gs_oc_read(&sm->oc, cycle);
    }
    issue(sm, cycle);
    for (i = 0; i < sm->p->fetch_throughput; i++)
        gs_sm_fetch(sm, cycle);
}

int gs_sm_drained(const gs_sm *sm)
{
    return sm->resident_warps == 0 && gs_eu_in_flight(&sm->eu) == 0 &&
           sm->ldst->ops->idle(sm->ldst->state) && sm->tex_storage.count == 0;
}
