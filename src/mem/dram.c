/*
 * DRAM channel controller: queues, write drain, bank state machine and GDDR5
 * command timing (spec/seed-004-gpgpu-arch-book.md 1.5.4; spec/formats.md
 * 2.4; spec/seed-002-intercore-dram.md 1.1-1.3). Semantics follow
 * GPGPU-Sim's dram.cc / dram_config::init (the reference the specs point
 * to); the code is our own.
 *
 * Time is the DRAM command clock. Every constraint is kept as the absolute
 * earliest cycle a command may issue ("X at t, Y allowed at t + tXY"), which
 * is what GPGPU-Sim's count-down counters (set to tXY at issue, decremented
 * at the end of each cycle, checked for zero) amount to; an idle controller
 * therefore needs no per-cycle work.
 *
 * Timing rules (b = bank, g = its bank group, c = the channel):
 *   ACT b at t: RD b >= t+tRCD, WR b >= t+tRCDWR, PRE b >= t+tRAS,
 *               ACT b >= t+tRC, ACT any bank of c >= t+tRRD
 *   PRE b at t: ACT b >= t+tRP
 *   RD  at t:   RD/WR any bank >= t+tCCD, RD/WR in g >= t+tCCDL,
 *               WR any bank >= t+tRTW, PRE b >= t+BLc, PRE in g >= t+tRTPL,
 *               data on the bus [t+CL, t+CL+BLc), read completes at t+CL+BLc
 *   WR  at t:   RD/WR any bank >= t+tCCD, RD/WR in g >= t+tCCDL,
 *               RD any bank >= t+tWTR, PRE b >= t+tWTP,
 *               data on the bus [t+WL, t+WL+BLc), write completes at t+WL+BLc
 *   a column command also needs its burst to start at or after the end of
 *   the previous burst (the data bus carries one burst at a time).
 * with BLc = burst_length / data_command_freq_ratio (data-bus cycles of one
 * burst) and, as GPGPU-Sim derives them:
 *   tRCDWR = tRCD - (WL + 1)     (clamped at 0)
 *   tRTW   = CL + BLc + 2 - WL   (clamped at 0; 2 = bus turnaround)
 *   tWTR   = WL + BLc + tCDLR    (seed-002 1.2 maps tWTR to tCDLR this way)
 *   tWTP   = WL + BLc + tWR
 * At most one command per cycle, chosen by a round-robin over the banks that
 * serve a request, starting after the bank that issued last (seed-002 1.3).
 * With -dram_dual_bus_interface 1 (HBM, whose row and column commands travel
 * on separate buses: JESD235 "row and column command interfaces") one column
 * command (RD/WR) and one row command (ACT/PRE) per cycle, each bus with its
 * own round-robin, the column bus first; a bank issues one of the two.
 * Open-row policy: a row stays open until a request to another row of the
 * bank needs it closed (seed-002 1.3).
 */
#include "mem/dram.h"

#include <string.h>

#define GS_DSCHED_ENTRY(id, name) &gs_dsched_##name,
const gs_dsched_ops *const gs_dsched_table[GS_DSCHED_COUNT] = { GS_DSCHED_LIST(GS_DSCHED_ENTRY) };
#undef GS_DSCHED_ENTRY

gs_dsched_kind gs_dsched_find(const char *name)
{
    uint32_t i;
    for (i = 0; i < GS_DSCHED_COUNT; i++)
        if (strcmp(gs_dsched_table[i]->name, name) == 0)
            return (gs_dsched_kind)i;
    return GS_DSCHED_COUNT;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static uint32_t queue_of_kind(uint32_t req_kind)
{
    /* An atomic is a read at the DRAM (seed-004 1.5.2: the ROP does the op). */
    return req_kind == GS_REQ_WRITE ? GS_DRAM_QUEUE_WRITE : GS_DRAM_QUEUE_READ;
}

uint32_t gs_dram_lowest_bit(uint64_t mask)
{
    uint32_t index = 0;
    GS_ASSERT(mask != 0);
    while ((mask & 0xFFFFFFFFull) == 0) { mask >>= 32; index += 32; }
    while ((mask & 0xFFull) == 0) { mask >>= 8; index += 8; }
    while ((mask & 1ull) == 0) { mask >>= 1; index += 1; }
    return index;
}

/* ---- parameters ---- */

static gs_status dram_check_timing(const gs_dram_timing *t, gs_diag *diag)
{
    if (t->nbk == 0 || t->nbk > GS_DRAM_BANKS_MAX)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "-gpgpu_dram_timing_opt nbk=%u must be 1..%u", (unsigned)t->nbk,
                           GS_DRAM_BANKS_MAX);
    if (t->nbkgrp == 0 || t->nbk % t->nbkgrp != 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "-gpgpu_dram_timing_opt nbkgrp=%u must be at least 1 and divide "
                           "nbk=%u", (unsigned)t->nbkgrp, (unsigned)t->nbk);
    return GS_OK;
}

static gs_status dram_check_queues(const gs_dram_params *p, gs_diag *diag)
{
    if (p->read_queue_size == 0 || p->write_queue_size == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "DRAM read queue size %u and write queue size %u must be at least 1",
                           (unsigned)p->read_queue_size, (unsigned)p->write_queue_size);
    if (p->write_high_watermark == 0 || p->write_high_watermark > p->write_queue_size ||
        p->write_low_watermark > p->write_high_watermark)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "DRAM write watermarks %u:%u must satisfy low <= high, "
                           "1 <= high <= write queue size %u", (unsigned)p->write_high_watermark,
                           (unsigned)p->write_low_watermark, (unsigned)p->write_queue_size);
    if (p->scheduler >= GS_DSCHED_COUNT)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "-gpgpu_dram_scheduler %u is not a scheduler (0 to %u)",
                           (unsigned)p->scheduler, GS_DSCHED_COUNT - 1u);
    return GS_OK;
}

gs_status gs_dram_params_check(const gs_dram_params *p, gs_diag *diag)
{
    gs_status st = dram_check_timing(&p->timing, diag);
    if (st != GS_OK)
        return st;
    if (p->data_command_freq_ratio == 0 || p->burst_length == 0 ||
        p->burst_length % p->data_command_freq_ratio != 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "-gpgpu_dram_burst_length %u must be a nonzero multiple of "
                           "-dram_data_command_freq_ratio %u", (unsigned)p->burst_length,
                           (unsigned)p->data_command_freq_ratio);
    if (p->bus_width_bytes == 0 || p->chips_per_channel == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "-gpgpu_dram_buswidth %u and -gpgpu_n_mem_per_ctrlr %u must be "
                           "at least 1", (unsigned)p->bus_width_bytes,
                           (unsigned)p->chips_per_channel);
    return dram_check_queues(p, diag);
}

/* Read completions in flight at once: one RD per cycle, each due CL+BLc
 * cycles later; writes likewise with WL. */
static uint32_t read_flight_capacity(const gs_dram_params *p)
{
    return p->timing.t_cl + p->burst_length / p->data_command_freq_ratio + 1u;
}

static uint32_t write_flight_capacity(const gs_dram_params *p)
{
    return p->timing.t_wl + p->burst_length / p->data_command_freq_ratio + 1u;
}

static uint32_t entry_capacity(const gs_dram_params *p)
{
    /* waiting reads + waiting writes + one request held by each bank */
    return p->read_queue_size + p->write_queue_size + p->timing.nbk;
}

/* The delay line: what the queues can take, and with the MIB the dummies
 * beside them (at most one push a cycle, each in flight latency_cycles). */
static uint32_t delay_capacity(const gs_dram_params *p)
{
    return p->read_queue_size + p->write_queue_size + (p->mib ? p->latency_cycles + 1u : 0u);
}

size_t gs_dram_bytes(const gs_dram_params *p)
{
    const gs_dsched_ops *policy = gs_dsched_table[p->scheduler];
    uint32_t flights = read_flight_capacity(p) + write_flight_capacity(p);
    size_t bytes = 0;
    bytes += gs_arena_round(entry_capacity(p) * sizeof(gs_dram_entry));      /* entries */
    bytes += gs_arena_round(p->timing.nbk * sizeof(gs_dram_bank));          /* banks */
    bytes += gs_arena_round(p->timing.nbkgrp * sizeof(gs_dram_group));      /* groups */
    bytes += gs_arena_round((size_t)delay_capacity(p) * sizeof(gs_dram_flight)); /* delay */
    if (p->mib)
        bytes += gs_arena_round((size_t)delay_capacity(p) * sizeof(gs_mem_req *)); /* spent */
    bytes += gs_arena_round(read_flight_capacity(p) * sizeof(gs_dram_flight)); /* reads */
    bytes += gs_arena_round(write_flight_capacity(p) * sizeof(gs_dram_flight));
    bytes += gs_arena_round(flights * sizeof(gs_mem_req *));                 /* done list */
    bytes += gs_arena_round(policy->state_bytes ? policy->state_bytes(p) : 0); /* policy */
    return bytes;
}

static void derive_timing(gs_dram *ctrl)
{
    const gs_dram_params *p = &ctrl->params;
    const gs_dram_timing *t = &p->timing;
    ctrl->burst_cycles = p->burst_length / p->data_command_freq_ratio;
    /* GPGPU-Sim dram_atom_size = BL * busW * n_mem_per_ctrlr */
    ctrl->atom_bytes = p->burst_length * p->bus_width_bytes * p->chips_per_channel;
    ctrl->t_rcdwr = t->t_rcd > t->t_wl + 1u ? t->t_rcd - (t->t_wl + 1u) : 0u;
    ctrl->t_rtw = t->t_cl + ctrl->burst_cycles + GS_DRAM_RTW_TURNAROUND_CYCLES > t->t_wl
                      ? t->t_cl + ctrl->burst_cycles + GS_DRAM_RTW_TURNAROUND_CYCLES - t->t_wl
                      : 0u;
    ctrl->t_wtr = t->t_wl + ctrl->burst_cycles + t->t_cdlr;
    ctrl->t_wtp = t->t_wl + ctrl->burst_cycles + t->t_wr;
}

static void *take(gs_arena *arena, size_t bytes, int *failed)
{
    void *p = gs_arena_alloc(arena, bytes);
    if (p == NULL)
        *failed = 1;
    return p;
}

static void init_lists(gs_dram *ctrl)
{
    uint32_t i, q;
    for (i = 0; i < ctrl->n_entries; i++)
        ctrl->entries[i].chan_next = (i + 1u < ctrl->n_entries) ? i + 1u : GS_DRAM_NONE;
    ctrl->free_entry = 0;
    for (q = 0; q < 2; q++)
        ctrl->chan_head[q] = ctrl->chan_tail[q] = GS_DRAM_NONE;
    for (i = 0; i < ctrl->params.timing.nbk; i++) {
        gs_dram_bank *b = &ctrl->banks[i];
        b->open_row = GS_DRAM_ROW_NONE;
        b->current = GS_DRAM_NONE;
        for (q = 0; q < 2; q++)
            b->head[q] = b->tail[q] = GS_DRAM_NONE;
    }
}

gs_status gs_dram_init(gs_dram *ctrl, gs_arena *arena, const gs_dram_params *params,
                       gs_diag *diag)
{
    gs_status st = gs_dram_params_check(params, diag);
    int failed = 0;
    size_t state_bytes;
    if (st != GS_OK)
        return st;
    memset(ctrl, 0, sizeof *ctrl);
    ctrl->params = *params;
    ctrl->policy = gs_dsched_table[params->scheduler];
    derive_timing(ctrl);
    ctrl->n_entries = entry_capacity(params);
    ctrl->entries = (gs_dram_entry *)take(arena, ctrl->n_entries * sizeof(gs_dram_entry),
                                          &failed);
    ctrl->banks = (gs_dram_bank *)take(arena, params->timing.nbk * sizeof(gs_dram_bank),
                                       &failed);
    ctrl->groups = (gs_dram_group *)take(arena, params->timing.nbkgrp * sizeof(gs_dram_group),
                                         &failed);
    ctrl->delay.capacity = delay_capacity(params);
    if (params->mib)
        ctrl->spent = (gs_mem_req **)take(arena, ctrl->delay.capacity * sizeof(gs_mem_req *),
                                          &failed);
    ctrl->read_flight.capacity = read_flight_capacity(params);
    ctrl->write_flight.capacity = write_flight_capacity(params);
    ctrl->delay.items = (gs_dram_flight *)take(
        arena, ctrl->delay.capacity * sizeof(gs_dram_flight), &failed);
    ctrl->read_flight.items = (gs_dram_flight *)take(
        arena, ctrl->read_flight.capacity * sizeof(gs_dram_flight), &failed);
    ctrl->write_flight.items = (gs_dram_flight *)take(
        arena, ctrl->write_flight.capacity * sizeof(gs_dram_flight), &failed);
    ctrl->done = (gs_mem_req **)take(
        arena, (ctrl->read_flight.capacity + ctrl->write_flight.capacity) * sizeof(gs_mem_req *),
        &failed);
    state_bytes = ctrl->policy->state_bytes ? ctrl->policy->state_bytes(params) : 0;
    ctrl->policy_state = state_bytes ? take(arena, state_bytes, &failed) : NULL;
    if (failed)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                           "arena too small for a DRAM controller (needs %lu bytes)",
                           (unsigned long)gs_dram_bytes(params));
    init_lists(ctrl);
    if (ctrl->policy->init)
        ctrl->policy->init(ctrl->policy_state, params);
    return GS_OK;
}

/* ---- rings (delay line, completions) ---- */

static void ring_push(gs_dram_ring *ring, gs_mem_req *req, uint64_t due, uint64_t queued)
{
    gs_dram_flight *f;
    GS_ASSERT(ring->count < ring->capacity);
    f = &ring->items[(ring->head + ring->count) % ring->capacity];
    f->req = req;
    f->due_cycle = due;
    f->queued_cycle = queued;
    ring->count++;
}

static const gs_dram_flight *ring_due(const gs_dram_ring *ring, uint64_t cycle)
{
    if (ring->count == 0 || ring->items[ring->head].due_cycle > cycle)
        return NULL;
    return &ring->items[ring->head];
}

static void ring_pop(gs_dram_ring *ring)
{
    ring->head = (ring->head + 1u) % ring->capacity;
    ring->count--;
}

/* ---- accepting requests ---- */

static uint32_t queue_size(const gs_dram *ctrl, uint32_t queue)
{
    return queue == GS_DRAM_QUEUE_WRITE ? ctrl->params.write_queue_size
                                        : ctrl->params.read_queue_size;
}

int gs_dram_can_accept(const gs_dram *ctrl, uint32_t req_kind)
{
    uint32_t q = queue_of_kind(req_kind);
    /* The delay line counts against the queue it feeds, so what it holds
     * always fits when it arrives (no loss, no overflow). */
    return ctrl->queued[q] + ctrl->delay_count[q] < queue_size(ctrl, q);
}

void gs_dram_set_events(gs_dram *ctrl, const gs_event_bus *bus, uint32_t channel)
{
    ctrl->bus = bus;
    ctrl->channel = channel;
}

/* A DRAM event about `req`. For PRE, `req` is the request that needs the
 * bank and `row` the row being closed. */
static void dram_event(const gs_dram *ctrl, unsigned kind, const gs_mem_req *req,
                       uint64_t cycle, uint32_t bank, uint64_t row, unsigned outcome)
{
    gs_event ev;
    gs_event_clear(&ev, kind, GS_DOMAIN_DRAM, cycle);
    ev.level = GS_LEVEL_DRAM;
    ev.unit = ctrl->channel;
    ev.value = bank;
    ev.row = row;
    ev.outcome = (uint8_t)outcome;
    if (req != NULL) {
        ev.addr = req->line_addr;
        ev.is_write = req->kind == GS_REQ_WRITE;
        ev.origin.sm = req->origin_sm;
        ev.origin.warp = req->origin_warp;
        ev.origin.pc = req->origin_pc;
    }
    gs_event_emit(ctrl->bus, &ev);
}

int gs_dram_push(gs_dram *ctrl, gs_mem_req *req, uint64_t now)
{
    uint32_t q = queue_of_kind(req->kind);
    uint64_t due = now + ctrl->params.latency_cycles;
    if (req->flags & GS_REQ_DUMMY) {   /* merge information: no queue entry (B11) */
        GS_ASSERT(ctrl->params.mib && ctrl->delay.count < ctrl->delay.capacity);
        GS_ASSERT(due >= ctrl->last_push_due);
        ctrl->last_push_due = due;
        ring_push(&ctrl->delay, req, due, 0);
        ctrl->pending++;
        return 1;
    }
    if (!gs_dram_can_accept(ctrl, req->kind)) {
        ctrl->stats.n_refused++;
        return 0;
    }
    GS_ASSERT(req->dram.bank < ctrl->params.timing.nbk);
    GS_ASSERT(req->dram.bank_group < ctrl->params.timing.nbkgrp);
    GS_ASSERT(due >= ctrl->last_push_due);   /* pushes come in time order */
    ctrl->last_push_due = due;
    ring_push(&ctrl->delay, req, due, 0);
    ctrl->delay_count[q]++;
    ctrl->pending++;
    if (q == GS_DRAM_QUEUE_WRITE)
        ctrl->stats.n_req_wr++;
    else
        ctrl->stats.n_req_rd++;
    if (GS_EVENT_WANTED(ctrl->bus, GS_EV_DRAM_ENQUEUE))
        dram_event(ctrl, GS_EV_DRAM_ENQUEUE, req, now, req->dram.bank, req->dram.row, 0);
    return 1;
}

uint32_t gs_dram_pending(const gs_dram *ctrl)
{
    return ctrl->pending;
}

/* ---- queue lists ---- */

static void link_tail(gs_dram *ctrl, uint32_t slot)
{
    gs_dram_entry *e = &ctrl->entries[slot];
    gs_dram_bank *b = &ctrl->banks[e->bank];
    uint32_t q = e->queue;
    e->chan_prev = ctrl->chan_tail[q];
    e->chan_next = GS_DRAM_NONE;
    if (ctrl->chan_tail[q] != GS_DRAM_NONE)
        ctrl->entries[ctrl->chan_tail[q]].chan_next = slot;
    else
        ctrl->chan_head[q] = slot;
    ctrl->chan_tail[q] = slot;
    e->bank_prev = b->tail[q];
    e->bank_next = GS_DRAM_NONE;
    if (b->tail[q] != GS_DRAM_NONE)
        ctrl->entries[b->tail[q]].bank_next = slot;
    else
        b->head[q] = slot;
    b->tail[q] = slot;
    ctrl->queued[q]++;
    b->queued[q]++;
    ctrl->queued_mask[q] |= 1ull << e->bank;
}

static void unlink_entry(gs_dram *ctrl, uint32_t slot)
{
    gs_dram_entry *e = &ctrl->entries[slot];
    gs_dram_bank *b = &ctrl->banks[e->bank];
    uint32_t q = e->queue;
    if (e->chan_prev != GS_DRAM_NONE) ctrl->entries[e->chan_prev].chan_next = e->chan_next;
    else ctrl->chan_head[q] = e->chan_next;
    if (e->chan_next != GS_DRAM_NONE) ctrl->entries[e->chan_next].chan_prev = e->chan_prev;
    else ctrl->chan_tail[q] = e->chan_prev;
    if (e->bank_prev != GS_DRAM_NONE) ctrl->entries[e->bank_prev].bank_next = e->bank_next;
    else b->head[q] = e->bank_next;
    if (e->bank_next != GS_DRAM_NONE) ctrl->entries[e->bank_next].bank_prev = e->bank_prev;
    else b->tail[q] = e->bank_prev;
    ctrl->queued[q]--;
    if (--b->queued[q] == 0)
        ctrl->queued_mask[q] &= ~(1ull << e->bank);
}

/* ---- the DRAM-side Merge Information Buffer (seed-002 2.3) ----
 * One entry per queued read (the entry's mib_len and mib_age), in DRAM
 * cycles (B10: one time base, the controller's clock, where the ages grow).
 * A read arrives with the merge length and Age_MSHR its L2 MSHR entry had
 * when it left the L2 (gs_mem_req merge_count / merge_age), plus the ages
 * its requests gained in the L2->DRAM link (len x latency). Each cycle every
 * queued read's age grows by its merge length (each merged request is a
 * cycle older), saturating at 2^15 - 1. A dummy overwrites the length and
 * adds its age (the ages of the requests merged since the entry's previous
 * message, B8). */

static uint32_t mib_sat(uint64_t age, gs_dram *ctrl)
{
    if (age < GS_DRAM_MIB_AGE_MAX)
        return (uint32_t)age;
    ctrl->stats.mib_age_saturations++;
    return GS_DRAM_MIB_AGE_MAX;
}

static uint32_t mib_len_of(uint32_t merge_count)
{
    return merge_count == 0 ? 1u : merge_count > GS_DRAM_MIB_LEN_MAX ? GS_DRAM_MIB_LEN_MAX
                                                                    : merge_count;
}

/* The ages of every queued read grow to `cycle` (cycles may be skipped while
 * nothing is queued, and then nothing needs to grow). */
static void mib_grow(gs_dram *ctrl, uint64_t cycle)
{
    uint64_t dt = cycle - ctrl->mib_cycle;
    uint32_t slot;
    ctrl->mib_cycle = cycle;
    if (dt == 0)
        return;
    for (slot = ctrl->chan_head[GS_DRAM_QUEUE_READ]; slot != GS_DRAM_NONE;
         slot = ctrl->entries[slot].chan_next) {
        gs_dram_entry *e = &ctrl->entries[slot];
        if (e->mib_age < GS_DRAM_MIB_AGE_MAX)
            e->mib_age = mib_sat((uint64_t)e->mib_age + (uint64_t)e->mib_len * dt, ctrl);
    }
}

/* A dummy arrived (the demultiplexer): its read's MIB entry learns, or, with
 * no read of its line queued (served already, or not arrived: its request
 * left the L2 after the merge, B9), it is dropped. Either way it goes back
 * to the caller. The oldest queued read of the line takes it. */
static void mib_apply(gs_dram *ctrl, gs_mem_req *dummy)
{
    uint32_t slot;
    ctrl->stats.mib_dummies++;
    for (slot = ctrl->chan_head[GS_DRAM_QUEUE_READ]; slot != GS_DRAM_NONE;
         slot = ctrl->entries[slot].chan_next) {
        gs_dram_entry *e = &ctrl->entries[slot];
        if (e->req->line_addr != dummy->line_addr)
            continue;   /* (dummies never take a queue entry) */
        e->mib_len = mib_len_of(dummy->merge_count);
        e->mib_age = mib_sat((uint64_t)e->mib_age + dummy->merge_age +
                             (uint64_t)e->mib_len * ctrl->params.latency_cycles, ctrl);
        ctrl->stats.mib_matched++;
        break;
    }
    ctrl->spent[ctrl->n_spent++] = dummy;
    ctrl->pending--;
}

/* Move requests whose L2->DRAM delay has passed into their queue. */
static void admit_due(gs_dram *ctrl, uint64_t cycle)
{
    const gs_dram_flight *f;
    while ((f = ring_due(&ctrl->delay, cycle)) != NULL) {
        gs_mem_req *req = f->req;
        uint32_t slot = ctrl->free_entry;
        gs_dram_entry *e;
        if (req->flags & GS_REQ_DUMMY) {
            ring_pop(&ctrl->delay);
            mib_apply(ctrl, req);
            continue;
        }
        GS_ASSERT(slot != GS_DRAM_NONE);
        e = &ctrl->entries[slot];
        ctrl->free_entry = e->chan_next;
        ring_pop(&ctrl->delay);
        e->req = req;
        e->row = req->dram.row;
        e->bank = req->dram.bank;
        e->group = req->dram.bank_group;
        e->queue = queue_of_kind(req->kind);
        e->seq = ctrl->next_seq++;
        e->queued_cycle = cycle;
        e->columns_left = req->size_bytes > ctrl->atom_bytes
                              ? (req->size_bytes + ctrl->atom_bytes - 1u) / ctrl->atom_bytes
                              : 1u;
        ctrl->delay_count[e->queue]--;
        e->mib_len = mib_len_of(req->merge_count);
        e->mib_age = ctrl->params.mib
                         ? mib_sat(req->merge_age +
                                   (uint64_t)e->mib_len * ctrl->params.latency_cycles, ctrl)
                         : 0u;
        link_tail(ctrl, slot);
        if (ctrl->policy->on_enqueue)
            ctrl->policy->on_enqueue(ctrl->policy_state, ctrl, e->queue, slot);
    }
}

/* ---- policy accessors ---- */

uint32_t gs_dram_queue_first(const gs_dram *ctrl, uint32_t queue)
{
    return ctrl->chan_head[queue];
}

uint32_t gs_dram_bank_first(const gs_dram *ctrl, uint32_t bank, uint32_t queue)
{
    return ctrl->banks[bank].head[queue];
}

const gs_dram_entry *gs_dram_entry_at(const gs_dram *ctrl, uint32_t slot)
{
    GS_ASSERT(slot < ctrl->n_entries);
    return &ctrl->entries[slot];
}

uint64_t gs_dram_free_banks(const gs_dram *ctrl, uint32_t queue)
{
    return ctrl->queued_mask[queue] & ~ctrl->busy_mask;
}

uint64_t gs_dram_open_row(const gs_dram *ctrl, uint32_t bank)
{
    return ctrl->banks[bank].open_row;
}

void gs_dram_note_reorder(gs_dram *ctrl)
{
    ctrl->stats.mib_reorders++;
}

void gs_dram_assign(gs_dram *ctrl, uint32_t slot)
{
    gs_dram_entry *e = &ctrl->entries[slot];
    gs_dram_bank *b = &ctrl->banks[e->bank];
    uint64_t waited = ctrl->now - e->queued_cycle;
    GS_ASSERT(b->current == GS_DRAM_NONE);
    unlink_entry(ctrl, slot);
    b->current = slot;
    ctrl->busy_mask |= 1ull << e->bank;
    /* Row-buffer outcome as seen when the bank takes the request. */
    if (b->open_row == e->row)
        ctrl->stats.row_hits++;
    else
        ctrl->stats.row_misses++;
    if (GS_EVENT_WANTED(ctrl->bus, GS_EV_DRAM_ROW))
        dram_event(ctrl, GS_EV_DRAM_ROW, e->req, ctrl->now, e->bank, e->row,
                   b->open_row == e->row ? 0u : 1u);
    ctrl->stats.queue_lat_sum += waited;
    ctrl->stats.queue_lat_max = max_u64(ctrl->stats.queue_lat_max, waited);
}

/* ---- read/write arbitration (seed-002 1.3, ambiguity B16) ---- */

static void choose_queue(gs_dram *ctrl)
{
    uint32_t writes = ctrl->queued[GS_DRAM_QUEUE_WRITE];
    /* Drain starts when the write queue holds high-watermark requests and
     * stops when it is down to the low watermark. Outside drain mode reads
     * go first, and writes are served whenever no read is waiting (seed-002
     * 1.3 "also when the read request queue is empty"); a read arriving then
     * takes over again (our decision on B16). */
    if (!ctrl->draining && writes >= ctrl->params.write_high_watermark) {
        ctrl->draining = 1;
        ctrl->stats.n_drain_entries++;
    } else if (ctrl->draining && writes <= ctrl->params.write_low_watermark) {
        ctrl->draining = 0;
    }
    if (ctrl->draining)
        ctrl->stats.drain_cycles++;
    ctrl->serving_queue = (ctrl->draining || ctrl->queued[GS_DRAM_QUEUE_READ] == 0)
                              ? GS_DRAM_QUEUE_WRITE
                              : GS_DRAM_QUEUE_READ;
}

/* ---- command issue ---- */

static int can_issue_column(const gs_dram *ctrl, const gs_dram_bank *b,
                            const gs_dram_entry *e, uint64_t cycle)
{
    const gs_dram_group *g = &ctrl->groups[e->group];
    const gs_dram_timing *t = &ctrl->params.timing;
    if (cycle < ctrl->col_ok || cycle < g->col_ok)
        return 0;                                   /* tCCD, tCCDL */
    if (e->queue == GS_DRAM_QUEUE_READ)
        return cycle >= b->rd_ok && cycle >= ctrl->rd_ok &&   /* tRCD, tWTR */
               cycle + t->t_cl >= ctrl->bus_free;
    return cycle >= b->wr_ok && cycle >= ctrl->wr_ok &&       /* tRCDWR, tRTW */
           cycle + t->t_wl >= ctrl->bus_free;
}

/* The bank's last column command for its request: the request leaves the
 * bank (which keeps its row open) and waits for its data on a ring. */
static void finish_request(gs_dram *ctrl, gs_dram_bank *b, uint32_t bank, uint64_t data_end)
{
    uint32_t slot = b->current;
    gs_dram_entry *e = &ctrl->entries[slot];
    gs_dram_ring *ring = e->queue == GS_DRAM_QUEUE_READ ? &ctrl->read_flight
                                                        : &ctrl->write_flight;
    ring_push(ring, e->req, data_end, e->queued_cycle);
    b->current = GS_DRAM_NONE;
    ctrl->busy_mask &= ~(1ull << bank);
    e->req = NULL;
    e->chan_next = ctrl->free_entry;
    ctrl->free_entry = slot;
}

static void issue_column(gs_dram *ctrl, gs_dram_bank *b, uint32_t bank, uint64_t cycle)
{
    gs_dram_entry *e = &ctrl->entries[b->current];
    gs_dram_group *g = &ctrl->groups[e->group];
    const gs_dram_timing *t = &ctrl->params.timing;
    uint64_t data_start;
    ctrl->col_ok = cycle + t->t_ccd;
    g->col_ok = cycle + t->t_ccdl;
    if (e->queue == GS_DRAM_QUEUE_READ) {
        ctrl->wr_ok = max_u64(ctrl->wr_ok, cycle + ctrl->t_rtw);
        b->pre_ok = max_u64(b->pre_ok, cycle + ctrl->burst_cycles);  /* GPGPU-Sim RTPc */
        g->pre_ok = max_u64(g->pre_ok, cycle + t->t_rtpl);
        data_start = cycle + t->t_cl;
        ctrl->stats.n_rd++;
    } else {
        ctrl->rd_ok = max_u64(ctrl->rd_ok, cycle + ctrl->t_wtr);
        b->pre_ok = max_u64(b->pre_ok, cycle + ctrl->t_wtp);
        data_start = cycle + t->t_wl;
        ctrl->stats.n_wr++;
    }
    ctrl->bus_free = data_start + ctrl->burst_cycles;
    ctrl->stats.busy_data_cycles += ctrl->burst_cycles;
    if (--e->columns_left == 0)
        finish_request(ctrl, b, bank, ctrl->bus_free);
}

static void issue_activate(gs_dram *ctrl, gs_dram_bank *b, uint64_t row, uint64_t cycle)
{
    const gs_dram_timing *t = &ctrl->params.timing;
    b->open_row = row;
    b->rd_ok = cycle + t->t_rcd;
    b->wr_ok = cycle + ctrl->t_rcdwr;
    b->pre_ok = max_u64(b->pre_ok, cycle + t->t_ras);
    b->act_ok = max_u64(b->act_ok, cycle + t->t_rc);
    ctrl->act_ok = cycle + t->t_rrd;
    ctrl->stats.n_act++;
}

static void issue_precharge(gs_dram *ctrl, gs_dram_bank *b, uint64_t cycle)
{
    b->open_row = GS_DRAM_ROW_NONE;
    b->act_ok = max_u64(b->act_ok, cycle + ctrl->params.timing.t_rp);
    ctrl->stats.n_pre++;
}

static void record_command(gs_dram *ctrl, uint32_t kind, uint32_t bank, uint64_t row,
                           uint64_t cycle, const gs_mem_req *req)
{
    ctrl->last_cmd.cycle = cycle;
    ctrl->last_cmd.kind = kind;
    ctrl->last_cmd.bank = bank;
    ctrl->last_cmd.row = row;
    if (ctrl->n_cycle_cmds < 2u)
        ctrl->cycle_cmds[ctrl->n_cycle_cmds++] = ctrl->last_cmd;
    if (GS_EVENT_WANTED(ctrl->bus, GS_EV_DRAM_COMMAND))
        dram_event(ctrl, GS_EV_DRAM_COMMAND, req, cycle, bank, row, kind);
}

/* Which command buses a pass may use (dual bus: one pass per bus). */
#define DRAM_BUS_ROW 1u   /* ACT, PRE */
#define DRAM_BUS_COL 2u   /* RD, WR */

/* Issue the next command the bank's request needs, if it travels on one of
 * `buses` and its timing allows. */
static int try_bank(gs_dram *ctrl, uint32_t bank, uint64_t cycle, uint32_t buses)
{
    gs_dram_bank *b = &ctrl->banks[bank];
    const gs_dram_entry *e = &ctrl->entries[b->current];
    uint64_t row = e->row;
    const gs_mem_req *req = e->req;
    if (b->open_row == row) {
        uint32_t kind = e->queue == GS_DRAM_QUEUE_READ ? GS_DRAM_CMD_RD : GS_DRAM_CMD_WR;
        if (!(buses & DRAM_BUS_COL) || !can_issue_column(ctrl, b, e, cycle))
            return 0;
        issue_column(ctrl, b, bank, cycle);        /* may free the entry */
        record_command(ctrl, kind, bank, row, cycle, req);
    } else if (!(buses & DRAM_BUS_ROW)) {
        return 0;
    } else if (b->open_row == GS_DRAM_ROW_NONE) {
        if (cycle < b->act_ok || cycle < ctrl->act_ok)          /* tRP, tRC, tRRD */
            return 0;
        issue_activate(ctrl, b, row, cycle);
        record_command(ctrl, GS_DRAM_CMD_ACT, bank, row, cycle, req);
    } else {
        if (cycle < b->pre_ok || cycle < ctrl->groups[e->group].pre_ok)  /* tRAS, tWTP, tRTPL */
            return 0;
        record_command(ctrl, GS_DRAM_CMD_PRE, bank, b->open_row, cycle, req);
        issue_precharge(ctrl, b, cycle);
    }
    return 1;
}

/* One command on `buses`: banks in `candidates` serving a request,
 * round-robin from the bank after the one that issued last on them
 * (seed-002 1.3); the bank that issued, or nbk. */
static uint32_t issue_on(gs_dram *ctrl, uint64_t cycle, uint64_t candidates, uint32_t buses,
                         uint32_t *rr)
{
    uint64_t below = (1ull << *rr) - 1u;
    uint64_t order[2];
    uint32_t part;
    order[0] = candidates & ~below;
    order[1] = candidates & below;
    for (part = 0; part < 2; part++) {
        uint64_t mask = order[part];
        while (mask != 0) {
            uint32_t bank = gs_dram_lowest_bit(mask);
            mask &= mask - 1u;
            if (try_bank(ctrl, bank, cycle, buses)) {
                *rr = (bank + 1u) % ctrl->params.timing.nbk;
                return bank;
            }
        }
    }
    return ctrl->params.timing.nbk;
}

static void issue_commands(gs_dram *ctrl, uint64_t cycle)
{
    uint32_t bank;
    if (!ctrl->params.dual_bus) {
        (void)issue_on(ctrl, cycle, ctrl->busy_mask, DRAM_BUS_ROW | DRAM_BUS_COL,
                       &ctrl->rr_bank);
        return;
    }
    bank = issue_on(ctrl, cycle, ctrl->busy_mask, DRAM_BUS_COL, &ctrl->rr_bank);
    (void)issue_on(ctrl, cycle, ctrl->busy_mask & ~(bank < 64u ? 1ull << bank : 0u),
                   DRAM_BUS_ROW, &ctrl->rr_row_bank);
}

/* ---- completions and the cycle ---- */

static void complete_ring(gs_dram *ctrl, gs_dram_ring *ring, uint64_t cycle)
{
    const gs_dram_flight *f;
    while ((f = ring_due(ring, cycle)) != NULL) {
        uint64_t latency = cycle - f->queued_cycle;
        ctrl->done[ctrl->n_done++] = f->req;
        ctrl->stats.access_lat_sum += latency;
        ctrl->stats.access_lat_max = max_u64(ctrl->stats.access_lat_max, latency);
        ctrl->stats.n_completed++;
        ctrl->pending--;
        if (GS_EVENT_WANTED(ctrl->bus, GS_EV_DRAM_COMPLETE))
            dram_event(ctrl, GS_EV_DRAM_COMPLETE, f->req, cycle, f->req->dram.bank,
                       f->req->dram.row, 0);
        ring_pop(ring);
    }
}

uint32_t gs_dram_cycle(gs_dram *ctrl, uint64_t cycle)
{
    GS_ASSERT(!ctrl->started || cycle > ctrl->now);
    ctrl->started = 1;
    ctrl->now = cycle;
    ctrl->n_done = 0;
    ctrl->n_spent = 0;
    ctrl->n_cycle_cmds = 0;
    if (ctrl->pending == 0) {
        ctrl->mib_cycle = cycle;
        return 0;                         /* idle: nothing can change */
    }
    complete_ring(ctrl, &ctrl->read_flight, cycle);
    complete_ring(ctrl, &ctrl->write_flight, cycle);
    if (ctrl->params.mib)
        mib_grow(ctrl, cycle);            /* the queued reads, before this cycle's arrivals */
    admit_due(ctrl, cycle);
    if (ctrl->queued[0] + ctrl->queued[1] == 0 && ctrl->busy_mask == 0)
        return ctrl->n_done;
    ctrl->stats.n_activity++;
    choose_queue(ctrl);
    if (gs_dram_free_banks(ctrl, ctrl->serving_queue) != 0) {
        if (ctrl->owner != NULL)   /* a mechanism has taken the choice */
            ctrl->owner(ctrl->owner_ctx, ctrl, ctrl->serving_queue);
        else
            ctrl->policy->schedule(ctrl->policy_state, ctrl, ctrl->serving_queue);
    }
    issue_commands(ctrl, cycle);
    return ctrl->n_done;
}

uint32_t gs_dram_spent_count(const gs_dram *ctrl)
{
    return ctrl->n_spent;
}

gs_mem_req *gs_dram_spent(const gs_dram *ctrl, uint32_t index)
{
    GS_ASSERT(index < ctrl->n_spent);
    return ctrl->spent[index];
}

gs_mem_req *gs_dram_completed(const gs_dram *ctrl, uint32_t index)
{
    GS_ASSERT(index < ctrl->n_done);
    return ctrl->done[index];
}

/* ---- watchdog dump ---- */

static const char *const command_names[] = {"none", "ACT", "PRE", "RD", "WR"};

const char *gs_dram_command_name(uint32_t kind)
{
    return kind < sizeof command_names / sizeof command_names[0] ? command_names[kind] : "?";
}

/* The command bank b's request needs next and the earliest cycle the bank
 * itself allows it (channel and group limits are printed separately). */
static void dump_bank(const gs_dram *ctrl, const gs_sink *sink, const char *name, uint32_t bank)
{
    const gs_dram_bank *b = &ctrl->banks[bank];
    const gs_dram_entry *e = &ctrl->entries[b->current];
    uint32_t cmd;
    uint64_t ok;
    if (b->open_row == e->row) {
        cmd = e->queue == GS_DRAM_QUEUE_READ ? GS_DRAM_CMD_RD : GS_DRAM_CMD_WR;
        ok = e->queue == GS_DRAM_QUEUE_READ ? b->rd_ok : b->wr_ok;
    } else if (b->open_row == GS_DRAM_ROW_NONE) {
        cmd = GS_DRAM_CMD_ACT;
        ok = b->act_ok;
    } else {
        cmd = GS_DRAM_CMD_PRE;
        ok = b->pre_ok;
    }
    gs_sink_printf(sink, "%s bank %u: row %llu, needs %s (bank allows it at cycle %llu), "
                   "%u column command(s) left\n", name, (unsigned)bank, (unsigned long long)e->row,
                   command_names[cmd], (unsigned long long)ok, (unsigned)e->columns_left);
}

void gs_dram_dump(const gs_dram *ctrl, const gs_sink *sink, const char *name)
{
    uint64_t busy = ctrl->busy_mask;
    gs_sink_printf(sink, "%s: cycle %llu, %u pending: %u in the delay line, %u reads and "
                   "%u writes queued, %u reads and %u writes in flight%s\n", name,
                   (unsigned long long)ctrl->now, (unsigned)ctrl->pending,
                   (unsigned)ctrl->delay.count,
                   (unsigned)ctrl->queued[GS_DRAM_QUEUE_READ],
                   (unsigned)ctrl->queued[GS_DRAM_QUEUE_WRITE],
                   (unsigned)ctrl->read_flight.count, (unsigned)ctrl->write_flight.count,
                   ctrl->draining ? ", draining writes" : "");
    while (busy != 0) {
        uint32_t bank = gs_dram_lowest_bit(busy);
        busy &= busy - 1u;
        dump_bank(ctrl, sink, name, bank);
    }
}

/* ---- statistics ---- */

static void put_count(gs_stats *stats, const char *prefix, const char *name, uint64_t value)
{
    char full[GS_STAT_NAME_MAX];
    gs_fmt(full, sizeof full, "%s%s", prefix, name);
    gs_stats_put_count(stats, full, value);
}

static void put_ratio(gs_stats *stats, const char *prefix, const char *name, uint64_t num,
                      uint64_t den)
{
    char full[GS_STAT_NAME_MAX];
    gs_fmt(full, sizeof full, "%s%s", prefix, name);
    gs_stats_put_ratio(stats, full, num, den, 4);
}

void gs_dram_report(const gs_dram *ctrl, gs_stats *stats, const char *prefix,
                    uint64_t total_cycles)
{
    const gs_dram_counters *c = &ctrl->stats;
    uint64_t commands = c->n_act + c->n_pre + c->n_rd + c->n_wr;
    uint64_t assigned = c->row_hits + c->row_misses;
    put_count(stats, prefix, "n_cmd", total_cycles);
    put_count(stats, prefix, "n_nop", total_cycles > commands ? total_cycles - commands : 0);
    put_count(stats, prefix, "n_activity", c->n_activity);
    put_count(stats, prefix, "n_act", c->n_act);
    put_count(stats, prefix, "n_pre", c->n_pre);
    put_count(stats, prefix, "n_rd", c->n_rd);
    put_count(stats, prefix, "n_wr", c->n_wr);
    put_count(stats, prefix, "n_req", c->n_req_rd + c->n_req_wr);
    put_count(stats, prefix, "n_req_rd", c->n_req_rd);
    put_count(stats, prefix, "n_req_wr", c->n_req_wr);
    put_count(stats, prefix, "n_req_refused", c->n_refused);
    put_count(stats, prefix, "row_hits", c->row_hits);
    put_count(stats, prefix, "row_misses", c->row_misses);
    put_ratio(stats, prefix, "row_locality", assigned, c->n_act);
    put_count(stats, prefix, "bwutil_cycles", c->busy_data_cycles);
    put_ratio(stats, prefix, "bw_util", c->busy_data_cycles, total_cycles);
    put_count(stats, prefix, "queue_lat_max", c->queue_lat_max);
    put_ratio(stats, prefix, "queue_lat_avg", c->queue_lat_sum, assigned);
    put_count(stats, prefix, "access_lat_max", c->access_lat_max);
    put_ratio(stats, prefix, "access_lat_avg", c->access_lat_sum, c->n_completed);
    put_count(stats, prefix, "n_completed", c->n_completed);
    put_count(stats, prefix, "write_drain_entries", c->n_drain_entries);
    put_count(stats, prefix, "write_drain_cycles", c->drain_cycles);
    if (!ctrl->params.mib)
        return;   /* a run without the MIB keeps its bytes */
    put_count(stats, prefix, "mib_dummies", c->mib_dummies);
    put_count(stats, prefix, "mib_dummies_matched", c->mib_matched);
    put_count(stats, prefix, "mib_age_saturations", c->mib_age_saturations);
}
