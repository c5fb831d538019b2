/*
 * Memory partitions: sub-partitions with their L2 slice, ROP delay and
 * queues, and the DRAM channel each partition drives
 * (spec/seed-004-gpgpu-arch-book.md section 1.5; seed-002 sections 1.3, 2.1,
 * 2.5; layout in mem/partition.h). The DRAM controller itself is
 * mem/dram.c; this file is the glue around it.
 *
 * Per L2 cycle, each sub-partition with work does, in this fixed order, at
 * most one of each (seed-004 1.5.1: "processes requests in order"):
 *   1. $2i head -> reply crossbar (back-pressure: stays when the input is full);
 *   2. d2$ head -> fill the L2; the requests it releases go to $2i;
 *   3. i2$ head whose ROP delay is over -> L2 access (RESERVATION_FAIL: the
 *      same request retries next cycle, seed-000 2.1);
 *   4. L2 miss queue head -> $2d as a DRAM request (merge_count = the L2
 *      MSHR entry's merge length, kept current while it waits, seed-002 2.1);
 *   5. request crossbar output -> i2$, ready after -gpgpu_l2_rop_latency.
 * Per DRAM cycle, each channel with work takes at most one request from its
 * sub-partitions' $2d queues (round-robin), steps the controller, and moves
 * read completions to d2$. A read enters the controller only while d2$ has
 * room for it and every read already inside (the controller has no return
 * back-pressure), so nothing is ever dropped.
 *
 * Decisions (specs silent):
 *  - the ROP delay line is the i2$ queue itself (GPGPU-Sim keeps an unbounded
 *    ROP queue in front of it; we bound both by the i2$ size);
 *  - an atomic is an L2 read (no ROP cache), answered with its data;
 *  - stores are not acknowledged (no reply packet);
 *  - a write's full-sector mask is its sector mask when it carries 32 bytes
 *    per sector (the coalescer's size_bytes), else none;
 *  - perfect DRAM (seed-002 2.5): a request at the controller is at once in
 *    the return queue (d2$), up to d2$'s room, every DRAM cycle.
 */
#include "mem/partition.h"

#include <string.h>

#include "gs_limits.h"
#include "mem/dram.h"

/* ---- request FIFO ---- */

size_t gs_req_fifo_bytes(uint32_t capacity)
{
    return gs_arena_round((size_t)capacity * sizeof(gs_mem_req *)) +
           gs_arena_round((size_t)capacity * sizeof(uint64_t));
}

gs_status gs_req_fifo_init(gs_req_fifo *fifo, gs_arena *arena, uint32_t capacity)
{
    memset(fifo, 0, sizeof *fifo);
    fifo->reqs = gs_arena_alloc(arena, (size_t)capacity * sizeof(gs_mem_req *));
    fifo->ready = gs_arena_alloc(arena, (size_t)capacity * sizeof(uint64_t));
    fifo->capacity = capacity;
    return (fifo->reqs == NULL || fifo->ready == NULL) ? GS_E_ARENA : GS_OK;
}

int gs_req_fifo_full(const gs_req_fifo *fifo)
{
    return fifo->count >= fifo->capacity;
}

void gs_req_fifo_push(gs_req_fifo *fifo, gs_mem_req *req, uint64_t ready_cycle)
{
    uint32_t slot = (fifo->head + fifo->count) % fifo->capacity;
    GS_ASSERT(fifo->count < fifo->capacity);
    fifo->reqs[slot] = req;
    fifo->ready[slot] = ready_cycle;
    fifo->count++;
}

gs_mem_req *gs_req_fifo_ready(const gs_req_fifo *fifo, uint64_t now)
{
    if (fifo->count == 0 || fifo->ready[fifo->head] > now)
        return NULL;
    return fifo->reqs[fifo->head];
}

gs_mem_req *gs_req_fifo_pop(gs_req_fifo *fifo)
{
    gs_mem_req *req;
    GS_ASSERT(fifo->count > 0);
    req = fifo->reqs[fifo->head];
    fifo->head = (fifo->head + 1u) % fifo->capacity;
    fifo->count--;
    return req;
}

/* ---- set-up ---- */

/* The DRAM scheduler reads merge information: the L2s keep the MIB and
 * send dummy requests (seed-002 2.3). Not under perfect DRAM (no scheduler). */
static int uses_mib(const gs_part_params *p)
{
    return p->l2_present && !p->perfect_dram && p->dram.scheduler < GS_DSCHED_COUNT &&
           gs_dsched_table[p->dram.scheduler]->uses_mib;
}

/* The delay experiment is on (seed-002 2.5; it holds L2 fills). */
static int delays(const gs_part_params *p)
{
    return p->l2_present && p->delay_class != GS_DELAY_NONE;
}

static void dram_params_of(const gs_part_params *p, gs_dram_params *d)
{
    const gs_part_dram_cfg *c = &p->dram;
    memset(d, 0, sizeof *d);
    d->timing.nbk = c->nbk;
    d->timing.nbkgrp = c->nbkgrp;
    d->timing.t_ccd = c->t_ccd;
    d->timing.t_ccdl = c->t_ccdl;
    d->timing.t_rrd = c->t_rrd;
    d->timing.t_rcd = c->t_rcd;
    d->timing.t_ras = c->t_ras;
    d->timing.t_rp = c->t_rp;
    d->timing.t_rc = c->t_rc;
    d->timing.t_cl = c->t_cl;
    d->timing.t_wl = c->t_wl;
    d->timing.t_cdlr = c->t_cdlr;
    d->timing.t_wr = c->t_wr;
    d->timing.t_rtpl = c->t_rtpl;
    d->burst_length = c->burst_length;
    d->bus_width_bytes = c->bus_width_bytes;
    d->chips_per_channel = c->chips_per_channel;
    d->data_command_freq_ratio = c->data_command_freq_ratio;
    d->read_queue_size = c->read_queue_size;
    d->write_queue_size = c->write_queue_size;
    d->write_high_watermark = c->write_high_watermark;
    d->write_low_watermark = c->write_low_watermark;
    d->latency_cycles = c->latency_cycles;
    d->scheduler = c->scheduler;
    d->dual_bus = c->dual_bus;
    d->mib = (uint32_t)uses_mib(p);
}

gs_status gs_part_params_check(const gs_part_params *p, gs_diag *diag)
{
    gs_dram_params d;
    if (p->l2_present && p->queue_l2_icnt < gs_cache_mshr_merge(&p->l2))
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "-gpgpu_dram_partition_queues: the L2->icnt queue (%u) must hold "
                           "the L2 MSHR merge limit (%u): one fill releases that many",
                           (unsigned)p->queue_l2_icnt, (unsigned)(gs_cache_mshr_merge(&p->l2)));
    dram_params_of(p, &d);
    return gs_dram_params_check(&d, diag);
}

static uint32_t pool_capacity(const gs_part_params *p)
{
    /* Every DRAM request sits in a $2d queue, the controller (read + write
     * queues, delay line counted against them, one per bank) or a d2$ queue. */
    uint32_t per_sub = p->queue_l2_dram + p->queue_dram_l2 + 1u +
                       (delays(p) ? GS_DELAY_HOLD_ENTRIES : 0u);   /* held fills */
    uint32_t per_chan = p->dram.read_queue_size + p->dram.write_queue_size + p->dram.nbk +
                        (uses_mib(p) ? p->dram.latency_cycles + 1u : 0u);   /* dummies */
    return p->n_channels * p->n_sub_per_channel * per_sub + p->n_channels * per_chan;
}

static size_t sub_bytes(const gs_part_params *p)
{
    size_t bytes = gs_req_fifo_bytes(p->queue_icnt_l2) + gs_req_fifo_bytes(p->queue_l2_dram) +
                   gs_req_fifo_bytes(p->queue_dram_l2) + gs_req_fifo_bytes(p->queue_l2_icnt);
    if (p->l2_present) {
        bytes += gs_cache_arena_bytes(&p->l2);
        bytes += gs_arena_round((size_t)gs_cache_mshr_entries(&p->l2) * sizeof(uint32_t));
        if (uses_mib(p))
            bytes += gs_arena_round((size_t)gs_cache_mshr_entries(&p->l2) * sizeof(gs_l2_mib));
        if (delays(p))
            bytes += gs_arena_round(GS_DELAY_HOLD_ENTRIES * sizeof(gs_mem_req *)) +
                     gs_arena_round(GS_DELAY_HOLD_ENTRIES * sizeof(uint64_t));
    }
    return bytes;
}

size_t gs_partitions_bytes(const gs_part_params *p)
{
    gs_dram_params d;
    uint32_t n_subs = p->n_channels * p->n_sub_per_channel;
    size_t bytes = gs_arena_round((size_t)n_subs * sizeof(gs_subpart));
    bytes += gs_arena_round((size_t)p->n_channels * sizeof(gs_channel));
    /* One allocation per channel (gs_partitions_init), each rounded. */
    bytes += (size_t)p->n_channels * gs_arena_round(sizeof(gs_dram));
    bytes += gs_arena_round((size_t)((n_subs + 63u) / 64u) * sizeof(uint64_t));
    bytes += gs_arena_round((size_t)((p->n_channels + 63u) / 64u) * sizeof(uint64_t));
    bytes += gs_req_pool_bytes(pool_capacity(p));
    dram_params_of(p, &d);
    bytes += (size_t)p->n_channels * gs_dram_bytes(&d);
    bytes += (size_t)n_subs * sub_bytes(p);
    if (p->l2_duel_shared)
        bytes += gs_arena_round(sizeof(gs_cache_duel));
    return bytes;
}

static gs_status sub_init(gs_partitions *parts, gs_subpart *sub, gs_arena *arena,
                          gs_diag *diag)
{
    const gs_part_params *p = &parts->params;
    gs_cache_params l2;
    if (gs_req_fifo_init(&sub->icnt_l2, arena, p->queue_icnt_l2) != GS_OK ||
        gs_req_fifo_init(&sub->l2_dram, arena, p->queue_l2_dram) != GS_OK ||
        gs_req_fifo_init(&sub->dram_l2, arena, p->queue_dram_l2) != GS_OK ||
        gs_req_fifo_init(&sub->l2_icnt, arena, p->queue_l2_icnt) != GS_OK)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for partitions");
    if (!p->l2_present)
        return GS_OK;
    sub->mshr_dram_req = gs_arena_alloc(arena, (size_t)gs_cache_mshr_entries(&p->l2) *
                                                   sizeof(uint32_t));
    if (uses_mib(p))
        sub->mib = gs_arena_alloc(arena, (size_t)gs_cache_mshr_entries(&p->l2) *
                                             sizeof(gs_l2_mib));
    if (delays(p)) {
        sub->held = gs_arena_alloc(arena, GS_DELAY_HOLD_ENTRIES * sizeof(gs_mem_req *));
        sub->held_until = gs_arena_alloc(arena, GS_DELAY_HOLD_ENTRIES * sizeof(uint64_t));
    }
    if (sub->mshr_dram_req == NULL || (uses_mib(p) && sub->mib == NULL) ||
        (delays(p) && (sub->held == NULL || sub->held_until == NULL)))
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for partitions");
    l2 = p->l2;
    l2.policy.stream = GS_CACHE_STREAM_L2(sub->id);
    l2.policy.shared_duel = parts->l2_duel;
    return gs_cache_init(&sub->l2, arena, &l2, diag);
}

gs_status gs_partitions_init(gs_partitions *parts, gs_arena *arena, const gs_part_params *p,
                             const gs_addrmap *map, gs_req_pool *sm_pool, gs_icnt *request_net,
                             gs_icnt *reply_net, gs_diag *diag)
{
    gs_dram_params d;
    gs_status st = gs_part_params_check(p, diag);
    uint32_t i;
    if (st != GS_OK)
        return st;
    memset(parts, 0, sizeof *parts);
    parts->params = *p;
    parts->map = map;
    parts->sm_pool = sm_pool;
    parts->request_net = request_net;
    parts->reply_net = reply_net;
    parts->delay_left = p->delay_requests;
    parts->n_subs = p->n_channels * p->n_sub_per_channel;
    parts->n_words_sub = (parts->n_subs + 63u) / 64u;
    parts->n_words_chan = (p->n_channels + 63u) / 64u;
    parts->subs = gs_arena_alloc(arena, (size_t)parts->n_subs * sizeof(gs_subpart));
    parts->channels = gs_arena_alloc(arena, (size_t)p->n_channels * sizeof(gs_channel));
    parts->sub_active = gs_arena_alloc(arena, (size_t)parts->n_words_sub * sizeof(uint64_t));
    parts->chan_active = gs_arena_alloc(arena, (size_t)parts->n_words_chan * sizeof(uint64_t));
    if (parts->subs == NULL || parts->channels == NULL || parts->sub_active == NULL ||
        parts->chan_active == NULL)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for partitions");
    st = gs_req_pool_init(&parts->pool, arena, pool_capacity(p), diag);
    dram_params_of(p, &d);
    for (i = 0; st == GS_OK && i < p->n_channels; i++) {
        parts->channels[i].dram = gs_arena_alloc(arena, sizeof(gs_dram));
        if (parts->channels[i].dram == NULL)
            return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for DRAM");
        st = gs_dram_init(parts->channels[i].dram, arena, &d, diag);
    }
    if (st == GS_OK && p->l2_duel_shared) {
        parts->l2_duel = gs_arena_alloc(arena, sizeof(gs_cache_duel));
        if (parts->l2_duel == NULL)
            return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for partitions");
        gs_cache_duel_init(parts->l2_duel, p->l2.policy.psel_bits);
    }
    for (i = 0; st == GS_OK && i < parts->n_subs; i++) {
        parts->subs[i].id = i;
        st = sub_init(parts, &parts->subs[i], arena, diag);
    }
    return st;
}

/* ---- helpers ---- */

static void set_bit(uint64_t *words, uint32_t i) { words[i / 64u] |= 1ull << (i % 64u); }
static void clear_bit(uint64_t *words, uint32_t i) { words[i / 64u] &= ~(1ull << (i % 64u)); }

static void free_req(gs_partitions *parts, gs_mem_req *req)
{
    if (req->flags & GS_REQ_FROM_L2)
        gs_req_pool_free(&parts->pool, req);
    else
        gs_req_pool_free(parts->sm_pool, req);
}

static int is_read(const gs_mem_req *req)
{
    if (req->flags & GS_REQ_DUMMY)
        return 0;   /* merge information: no data comes back */
    return req->kind != GS_REQ_WRITE;
}

/* The $2d queue is read on DRAM edges, so its ready cycle is a DRAM cycle:
 * ready at once (the last DRAM cycle stepped). An L2 cycle number here made a
 * request wait until the DRAM clock's count reached the L2's, a delay that
 * grows without bound when the DRAM clock is the slower one (qv100, a100). */
static void queue_for_dram(gs_partitions *parts, gs_subpart *sub, gs_mem_req *req)
{
    gs_req_fifo_push(&sub->l2_dram, req, parts->dram_now);
    set_bit(parts->chan_active, sub->id / parts->params.n_sub_per_channel);
}

/* ---- the L2-side Merge Information Buffer (seed-002 2.3) ----
 * One entry per L2 MSHR entry (sub->mib), kept only when the DRAM scheduler
 * reads merge information. Time base (B10): DRAM cycles; a request's
 * creation time (a core cycle) is converted with the clocks, floor(t x
 * dram_khz / core_khz). The entry's read leaves the L2 with the merge
 * length and Age_MSHR so far (len x now - the sum of creation times); a
 * request that merges after that sets the entry's length, adds its own age
 * (now - its creation) and marks a dummy due. The output multiplexer sends,
 * in place of the miss queue's head, the due dummy with the largest request
 * score (the length, or for MSHR-S+A the age carried; ties: the lowest
 * entry), which resets the carried age (B8: the DRAM side adds, so each age
 * travels once). A merge before the read has left needs no dummy: the read
 * carries it (B9: fewer dummies that find nothing). Merge lengths count
 * every merged request, as the MSHR does (B4). */

static uint64_t dram_time_of(const gs_partitions *parts, uint64_t core_cycle)
{
    return core_cycle * parts->params.dram_khz / parts->params.core_khz;
}

static uint64_t age_of(const gs_partitions *parts, const gs_mem_req *req)
{
    uint64_t born = dram_time_of(parts, req->created_cycle);
    return parts->dram_now > born ? parts->dram_now - born : 0u;
}

/* A read was taken by the L2 MSHRs (a new entry, or merged). */
static void mib_note(gs_partitions *parts, gs_subpart *sub, const gs_mem_req *req,
                     int merged)
{
    uint32_t entry = gs_mshr_find(&sub->l2.mshr, req->line_addr);
    gs_l2_mib *m;
    if (entry == GS_MSHR_NONE)
        return;
    m = &sub->mib[entry];
    if (!merged) {
        sub->mib_valid -= m->valid;
        memset(m, 0, sizeof *m);
    }
    m->len = gs_mshr_entry_at(&sub->l2.mshr, entry)->merged_total;
    m->created_sum += dram_time_of(parts, req->created_cycle);
    if (!merged || sub->mshr_dram_req[entry] == 0)
        return;   /* the read has not left: it will carry this */
    m->age += age_of(parts, req);
    sub->mib_valid += !m->valid;
    m->valid = 1;
}

/* The read of `entry` leaves the L2: it carries the entry's information. */
static void mib_sent(gs_partitions *parts, gs_subpart *sub, uint32_t entry, gs_mem_req *dreq)
{
    gs_l2_mib *m = &sub->mib[entry];
    uint64_t all = (uint64_t)m->len * parts->dram_now;
    dreq->merge_count = m->len ? m->len : 1u;
    dreq->merge_age = all > m->created_sum ? all - m->created_sum : 0u;
    sub->mib_valid -= m->valid;
    m->valid = 0;
    m->age = 0;
}

/* The output multiplexer's dummy, if one is due and there is room: 1 when
 * it took this cycle's slot. */
static int mib_send_dummy(gs_partitions *parts, gs_subpart *sub)
{
    uint32_t n = gs_cache_mshr_entries(&parts->params.l2), e, best = n;
    int by_age = parts->params.dram.scheduler == GS_DSCHED_MSHR_SA;
    uint64_t best_score = 0;
    gs_addr_decoded loc;
    gs_mem_req *d;
    for (e = 0; e < n; e++) {
        const gs_l2_mib *m = &sub->mib[e];
        uint64_t score = by_age ? m->age : m->len;
        if (m->valid && (best == n || score > best_score)) {
            best = e;
            best_score = score;
        }
    }
    if (best == n || gs_req_fifo_full(&sub->l2_dram) ||
        (d = gs_req_pool_alloc(&parts->pool)) == NULL)
        return 0;
    d->line_addr = gs_mshr_entry_at(&sub->l2.mshr, best)->line_addr;
    d->kind = GS_REQ_READ;
    d->flags = GS_REQ_DUMMY | GS_REQ_FROM_L2;
    d->merge_count = sub->mib[best].len;
    d->merge_age = sub->mib[best].age;
    d->sub_partition = sub->id;
    d->created_cycle = parts->l2_now;
    gs_addrmap_decode(parts->map, d->line_addr, &loc);
    d->dram.channel = loc.channel;
    d->dram.bank = loc.bank;
    d->dram.bank_group = loc.bank_group;
    d->dram.row = loc.row;
    d->dram.column = loc.column;
    sub->mib[best].valid = 0;
    sub->mib[best].age = 0;
    sub->mib_valid--;
    sub->stats.mib_dummies++;
    queue_for_dram(parts, sub, d);
    return 1;
}

/* ---- L2 steps (mem/partition.h order) ---- */

static void step_reply_out(gs_partitions *parts, gs_subpart *sub)
{
    gs_mem_req *req = gs_req_fifo_ready(&sub->l2_icnt, parts->l2_now);
    uint32_t flits;
    if (req == NULL)
        return;
    flits = gs_icnt_flits(parts->reply_net, req->size_bytes);
    if (!gs_icnt_can_push(parts->reply_net, sub->id, flits)) {
        sub->stats.l2_stall_icnt++;
        return;
    }
    gs_req_fifo_pop(&sub->l2_icnt);
    gs_icnt_push(parts->reply_net, sub->id, req->origin_sm, req, flits);
}

/* Room in $2i for what a fill of `line` releases. */
static int fill_has_room(const gs_subpart *sub, uint64_t line)
{
    uint32_t entry = gs_mshr_find(&sub->l2.mshr, line);
    uint32_t waiters = 0;
    if (entry != GS_MSHR_NONE)
        waiters = gs_mshr_entry_at(&sub->l2.mshr, entry)->n_waiters;
    return sub->l2_icnt.capacity - sub->l2_icnt.count >= waiters;
}

/* The reply `dreq` leaves the fill stage: from the hold (index `held`) or
 * the head of d2$ (held == GS_DELAY_HOLD_ENTRIES). */
static void take_reply(gs_subpart *sub, uint32_t held)
{
    if (held == GS_DELAY_HOLD_ENTRIES) {
        gs_req_fifo_pop(&sub->dram_l2);
        return;
    }
    sub->n_held--;   /* keep the hold in arrival order */
    memmove(&sub->held[held], &sub->held[held + 1u], (sub->n_held - held) * sizeof sub->held[0]);
    memmove(&sub->held_until[held], &sub->held_until[held + 1u],
            (sub->n_held - held) * sizeof sub->held_until[0]);
}

static void fill_l2(gs_partitions *parts, gs_subpart *sub, gs_mem_req *dreq, uint32_t held)
{
    uint32_t merged = 0;
    gs_cache_waiter waiters[GS_MAX_MSHR_MERGE];
    uint32_t released = 0, i, entry;
    if (!fill_has_room(sub, dreq->line_addr)) {
        sub->stats.l2_stall_fill++;
        return;
    }
    entry = gs_mshr_find(&sub->l2.mshr, dreq->line_addr);
    if (entry != GS_MSHR_NONE)
        merged = gs_mshr_entry_at(&sub->l2.mshr, entry)->merged_total;
    if (!gs_cache_fill(&sub->l2, dreq->line_addr, dreq->sector_mask, parts->l2_now, waiters,
                       GS_MAX_MSHR_MERGE, &released)) {
        sub->stats.l2_stall_fill++;
        return;
    }
    if (entry != GS_MSHR_NONE && sub->mshr_dram_req[entry] == dreq->pool_index + 1u) {
        sub->mshr_dram_req[entry] = 0;
        if (sub->mib != NULL && !gs_mshr_entry_at(&sub->l2.mshr, entry)->in_use) {
            /* the entry is free: nothing due, and nothing left for its next line (an
             * entry a write-allocate fetch takes is never noted by a read) */
            sub->mib_valid -= sub->mib[entry].valid;
            memset(&sub->mib[entry], 0, sizeof sub->mib[entry]);
        }
    }
    if (parts->params.intercore_stats && entry != GS_MSHR_NONE && merged != 0 &&
        !gs_mshr_entry_at(&sub->l2.mshr, entry)->in_use)   /* the entry's merge length */
        sub->stats.merge_hist[(merged < GS_MERGE_HIST_BINS ? merged : GS_MERGE_HIST_BINS) - 1u]++;
    take_reply(sub, held);
    gs_req_pool_free(&parts->pool, dreq);
    for (i = 0; i < released; i++) {
        /* Write waiters (write-allocate fetches) need no reply: the write was done. */
        if (!waiters[i].is_write)
            gs_req_fifo_push(&sub->l2_icnt, &parts->sm_pool->reqs[waiters[i].token],
                             parts->l2_now);
    }
}

/* The delay experiment (seed-002 2.5, Fig. 1.1b; B13): the d2$ head `req`
 * is held -gs_delay_cycles when it is of the chosen class, the experiment
 * has requests left and the hold has room. The class is the L2 MSHR
 * entry's when the reply arrives: locality when it holds requests of more
 * than one SM (as the classifier, mem/mshr.h). Holding takes no cycle of
 * the fill stage (it is the experiment's instrument, not the hardware's). */
static int delay_holds(gs_partitions *parts, gs_subpart *sub, gs_mem_req *req)
{
    uint32_t entry, want;
    if (parts->delay_left == 0 || (req->flags & GS_REQ_BYPASS_L2))
        return 0;
    entry = gs_mshr_find(&sub->l2.mshr, req->line_addr);
    if (entry == GS_MSHR_NONE)
        return 0;
    want = gs_mshr_entry_at(&sub->l2.mshr, entry)->n_cores > 1u ? GS_DELAY_LOCALITY
                                                                 : GS_DELAY_NO_LOCALITY;
    if (want != parts->params.delay_class)
        return 0;
    if (sub->n_held == GS_DELAY_HOLD_ENTRIES) {
        sub->stats.delay_hold_full++;
        return 0;
    }
    gs_req_fifo_pop(&sub->dram_l2);
    sub->held[sub->n_held] = req;
    sub->held_until[sub->n_held++] = parts->l2_now + parts->params.delay_cycles;
    sub->stats.delayed++;
    parts->delay_left--;
    return 1;
}

static void step_fill(gs_partitions *parts, gs_subpart *sub)
{
    gs_mem_req *req = NULL;
    uint32_t held = GS_DELAY_HOLD_ENTRIES, i;
    for (i = 0; i < sub->n_held && req == NULL; i++)   /* the oldest held one that is due */
        if (sub->held_until[i] <= parts->l2_now) {
            req = sub->held[i];
            held = i;
        }
    if (req == NULL) {
        req = gs_req_fifo_ready(&sub->dram_l2, parts->l2_now);
        while (req != NULL && sub->held != NULL && delay_holds(parts, sub, req))
            req = gs_req_fifo_ready(&sub->dram_l2, parts->l2_now);
    }
    if (req == NULL)
        return;
    if (parts->params.l2_present && !(req->flags & GS_REQ_BYPASS_L2)) {
        fill_l2(parts, sub, req, held);
        return;
    }
    if (gs_req_fifo_full(&sub->l2_icnt)) {
        sub->stats.l2_stall_reply_full++;
        return;
    }
    gs_req_fifo_pop(&sub->dram_l2);
    gs_req_fifo_push(&sub->l2_icnt, req, parts->l2_now);
}

static void l2_request_of(const gs_partitions *parts, const gs_mem_req *req,
                          gs_cache_request *r)
{
    uint32_t sectors = req->sector_mask, n_sectors = 0;
    memset(r, 0, sizeof *r);
    while (sectors != 0) {
        n_sectors += sectors & 1u;
        sectors >>= 1;
    }
    r->addr = req->line_addr;
    r->index_addr = gs_addrmap_partition_address(parts->map, req->line_addr);
    r->use_index_addr = 1;
    r->sector_mask = req->sector_mask;
    r->is_write = req->kind == GS_REQ_WRITE;
    r->full_mask = (r->is_write && req->size_bytes >= n_sectors * 32u) ? req->sector_mask : 0;
    r->size_bytes = req->size_bytes;
    r->token = req->pool_index;
    r->pc = req->origin_pc;
    r->sm = req->origin_sm;
    r->warp = req->origin_warp;
    r->lanes = req->origin_lanes;
    r->space = req->space;
    r->no_allocate = (uint8_t)((req->flags & GS_REQ_L2_NO_ALLOCATE) != 0);
    r->insert_hint = (uint8_t)((req->flags & GS_REQ_L2_INSERT_LOW) ? GS_CACHE_INSERT_LOWEST : 0);
    /* the breakdown row (cache.h gs_cache_acc): fetches and L1 write-backs by origin */
    if (req->flags & GS_REQ_INSTRUCTION)
        r->origin = GS_CACHE_ORIGIN_INST;
    else if (req->flags & GS_REQ_WRITEBACK)
        r->origin = GS_CACHE_ORIGIN_L1_WRITEBACK;
}

/* Ask the deciders once about an SM's read at this slice (base/event.h):
 * the answer stays in the request's flags while it waits here. */
static void decide_l2(const gs_partitions *parts, const gs_subpart *sub, gs_mem_req *req)
{
    gs_decide_in in;
    uint32_t redirector, answer;
    memset(&in, 0, sizeof in);
    in.cycle = parts->l2_now;
    in.addr = req->line_addr;
    in.origin.sm = req->origin_sm;
    in.origin.warp = req->origin_warp;
    in.origin.sched = GS_ORIGIN_NONE;
    in.origin.cta = GS_ORIGIN_NO_CTA;
    in.origin.pc = req->origin_pc;
    in.unit = sub->id;
    in.level = GS_LEVEL_L2;
    in.space = req->space;
    answer = gs_event_decide(parts->bus, &in, &redirector);
    req->flags |= GS_REQ_L2_DECIDED;
    if (answer & GS_DECIDE_BYPASS)
        req->flags |= GS_REQ_BYPASS_L2;
    if (answer & GS_DECIDE_NO_ALLOCATE)
        req->flags |= GS_REQ_L2_NO_ALLOCATE;
    if (answer & GS_DECIDE_INSERT_LOW)
        req->flags |= GS_REQ_L2_INSERT_LOW;
}

/* A read the deciders sent past the L2: to DRAM, 1 when queued. */
static int bypass_l2(gs_partitions *parts, gs_subpart *sub)
{
    if (gs_req_fifo_full(&sub->l2_dram)) {
        sub->stats.l2_stall_dram_full++;
        return 0;
    }
    queue_for_dram(parts, sub, gs_req_fifo_pop(&sub->icnt_l2));
    return 1;
}

static void step_access(gs_partitions *parts, gs_subpart *sub)
{
    gs_mem_req *req = gs_req_fifo_ready(&sub->icnt_l2, parts->l2_now);
    gs_cache_request r;
    gs_cache_result res;
    if (req == NULL)
        return;
    if (!parts->params.l2_present) {
        if (gs_req_fifo_full(&sub->l2_dram)) {
            sub->stats.l2_stall_dram_full++;
            return;
        }
        queue_for_dram(parts, sub, gs_req_fifo_pop(&sub->icnt_l2));
        return;
    }
    if (req->kind == GS_REQ_READ && !(req->flags & (GS_REQ_INSTRUCTION | GS_REQ_L2_DECIDED)) &&
        GS_DECIDE_WANTED(parts->bus, GS_LEVEL_L2))
        decide_l2(parts, sub, req);
    if (req->flags & GS_REQ_BYPASS_L2) {
        bypass_l2(parts, sub);
        return;
    }
    if (is_read(req) && gs_req_fifo_full(&sub->l2_icnt)) {
        sub->stats.l2_stall_reply_full++;   /* a hit would have nowhere to go */
        return;
    }
    l2_request_of(parts, req, &r);
    res = gs_cache_access(&sub->l2, &r, parts->l2_now);
    if (res.outcome == GS_CACHE_RESERVATION_FAIL)
        return;   /* retried next cycle */
    gs_req_fifo_pop(&sub->icnt_l2);
    sub->stats.atomics += req->kind == GS_REQ_ATOMIC;
    if (!is_read(req))
        free_req(parts, req);
    else if (res.outcome == GS_CACHE_HIT)
        gs_req_fifo_push(&sub->l2_icnt, req, parts->l2_now);
    else if (sub->mib != NULL)
        mib_note(parts, sub, req, res.merged || res.outcome == GS_CACHE_HIT_RESERVED);
}

static void step_miss_out(gs_partitions *parts, gs_subpart *sub)
{
    gs_mem_req *dreq;
    gs_addr_decoded loc;
    uint32_t entry;
    if (sub->mib_valid != 0 && mib_send_dummy(parts, sub))
        return;   /* dummies have strict priority over the miss queue (B11: one slot) */
    if (!parts->params.l2_present || gs_cache_miss_count(&sub->l2) == 0)
        return;
    if (gs_req_fifo_full(&sub->l2_dram)) {
        sub->stats.l2_stall_dram_full++;
        return;
    }
    dreq = gs_req_pool_alloc(&parts->pool);
    if (dreq == NULL)
        return;   /* back-pressure: the pool drains as DRAM completes */
    gs_cache_miss_pop(&sub->l2, dreq);
    dreq->flags |= GS_REQ_FROM_L2;
    gs_addrmap_decode(parts->map, dreq->line_addr, &loc);
    dreq->sub_partition = sub->id;
    dreq->dram.channel = loc.channel;
    dreq->dram.bank = loc.bank;
    dreq->dram.bank_group = loc.bank_group;
    dreq->dram.row = loc.row;
    dreq->dram.column = loc.column;
    if (is_read(dreq)) {
        entry = gs_mshr_find(&sub->l2.mshr, dreq->line_addr);
        if (entry != GS_MSHR_NONE) {
            sub->mshr_dram_req[entry] = dreq->pool_index + 1u;
            if (sub->mib != NULL)
                mib_sent(parts, sub, entry, dreq);
        }
    }
    queue_for_dram(parts, sub, dreq);
}

static void step_accept(gs_partitions *parts, gs_subpart *sub)
{
    gs_mem_req *req = gs_icnt_peek(parts->request_net, sub->id);
    if (req == NULL || gs_req_fifo_full(&sub->icnt_l2))
        return;
    gs_icnt_pop(parts->request_net, sub->id);
    gs_req_fifo_push(&sub->icnt_l2, req,
                     parts->l2_now + parts->params.rop_latency_cycles);
}

static int sub_has_work(const gs_partitions *parts, const gs_subpart *sub)
{
    return sub->icnt_l2.count || sub->dram_l2.count || sub->l2_icnt.count || sub->mib_valid ||
           sub->n_held ||
           (parts->params.l2_present && (gs_cache_miss_count(&sub->l2) != 0 ||
                                         gs_cache_flush_owed(&sub->l2) != 0));
}

static void sub_cycle(gs_partitions *parts, gs_subpart *sub)
{
    if (parts->params.intercore_stats && parts->params.l2_present)
        gs_mshr_locality_advance(&sub->locality, gs_mshr_class_of(&sub->l2.mshr), parts->l2_now);
    step_reply_out(parts, sub);
    step_fill(parts, sub);
    step_access(parts, sub);
    /* Ways switched off flush one owed dirty line per L2 cycle into the miss
     * queue, after the cycle's demand access took its slots
     * (gs_partitions_l2_resize). */
    if (parts->params.l2_present && gs_cache_flush_owed(&sub->l2) != 0)
        gs_cache_flush_step(&sub->l2, parts->l2_now);
    step_miss_out(parts, sub);
    step_accept(parts, sub);
    if (sub_has_work(parts, sub))
        set_bit(parts->sub_active, sub->id);
    else
        clear_bit(parts->sub_active, sub->id);
}

void gs_partitions_set_events(gs_partitions *parts, const gs_event_bus *bus)
{
    uint32_t i;
    parts->bus = bus;
    for (i = 0; i < parts->n_subs; i++)
        if (parts->params.l2_present)
            gs_cache_set_events(&parts->subs[i].l2, bus, GS_LEVEL_L2, i);
    for (i = 0; i < parts->params.n_channels; i++)
        gs_dram_set_events(parts->channels[i].dram, bus, i);
}

void gs_partitions_l2_resize(gs_partitions *parts, uint32_t ways)
{
    uint32_t i;
    GS_ASSERT(parts->params.l2_present);
    for (i = 0; i < parts->n_subs; i++) {
        gs_cache_resize_ways(&parts->subs[i].l2, ways);
        if (sub_has_work(parts, &parts->subs[i]))
            set_bit(parts->sub_active, i);
    }
}

void gs_partitions_set_dram_owner(gs_partitions *parts, gs_dram_schedule_fn schedule,
                                  void *ctx)
{
    uint32_t i;
    for (i = 0; i < parts->params.n_channels; i++) {
        parts->channels[i].dram->owner = schedule;
        parts->channels[i].dram->owner_ctx = ctx;
    }
}

void gs_partitions_l2_cycle(gs_partitions *parts, uint64_t l2_cycle)
{
    const uint64_t *arrived = gs_icnt_output_mask(parts->request_net);
    uint32_t w;
    parts->l2_now = l2_cycle;
    parts->l2_cycles_stepped++;
    /* Only sub-partitions with queued work or packets at their crossbar port. */
    for (w = 0; w < parts->n_words_sub; w++) {
        uint64_t bits = parts->sub_active[w] | arrived[w];
        while (bits != 0) {
            uint64_t one = bits & (~bits + 1u);
            uint32_t index = w * 64u + gs_bits_next(&one, 64u, 0);
            bits ^= one;
            if (index < parts->n_subs)
                sub_cycle(parts, &parts->subs[index]);
        }
    }
}

/* ---- DRAM side ---- */

/* Perfect DRAM: every request at the controller is served at once. */
static void perfect_dram_sub(gs_partitions *parts, gs_subpart *sub)
{
    gs_mem_req *req;
    while ((req = gs_req_fifo_ready(&sub->l2_dram, parts->dram_now)) != NULL) {
        if (is_read(req) && gs_req_fifo_full(&sub->dram_l2))
            return;
        gs_req_fifo_pop(&sub->l2_dram);
        if (is_read(req)) {
            gs_req_fifo_push(&sub->dram_l2, req, parts->l2_now);
            set_bit(parts->sub_active, sub->id);
        } else {
            free_req(parts, req);
        }
    }
}

/* Offer one $2d head of the channel's sub-partitions to the controller. */
static void push_one(gs_partitions *parts, uint32_t chan_index)
{
    gs_channel *chan = &parts->channels[chan_index];
    uint32_t n = parts->params.n_sub_per_channel, k;
    for (k = 0; k < n; k++) {
        uint32_t local = (chan->rr_sub + k) % n;
        gs_subpart *sub = &parts->subs[chan_index * n + local];
        gs_mem_req *req = gs_req_fifo_ready(&sub->l2_dram, parts->dram_now);
        if (req == NULL)
            continue;
        if (is_read(req) && sub->reads_in_dram + sub->dram_l2.count >= sub->dram_l2.capacity)
            continue;   /* no room for its data yet */
        if (!gs_dram_push(chan->dram, req, parts->dram_now)) {
            chan->stats.push_stalls++;
            continue;
        }
        gs_req_fifo_pop(&sub->l2_dram);
        sub->reads_in_dram += is_read(req) ? 1u : 0u;
        chan->rr_sub = (local + 1u) % n;
        return;
    }
}

static void collect_completions(gs_partitions *parts, gs_channel *chan, uint32_t done)
{
    uint32_t i;
    for (i = 0; i < done; i++) {
        gs_mem_req *req = gs_dram_completed(chan->dram, i);
        gs_subpart *sub = &parts->subs[req->sub_partition];
        if (!is_read(req)) {
            free_req(parts, req);
            continue;
        }
        GS_ASSERT(sub->reads_in_dram > 0);
        sub->reads_in_dram--;
        gs_req_fifo_push(&sub->dram_l2, req, parts->l2_now);
        set_bit(parts->sub_active, sub->id);
    }
}

static int chan_has_work(const gs_partitions *parts, uint32_t chan_index)
{
    uint32_t n = parts->params.n_sub_per_channel, k;
    if (gs_dram_pending(parts->channels[chan_index].dram) != 0)
        return 1;
    for (k = 0; k < n; k++)
        if (parts->subs[chan_index * n + k].l2_dram.count != 0)
            return 1;
    return 0;
}

static void channel_cycle(gs_partitions *parts, uint32_t chan_index)
{
    gs_channel *chan = &parts->channels[chan_index];
    uint32_t n = parts->params.n_sub_per_channel, k;
    if (parts->params.perfect_dram) {
        for (k = 0; k < n; k++)
            perfect_dram_sub(parts, &parts->subs[chan_index * n + k]);
    } else {
        push_one(parts, chan_index);
        if (gs_dram_pending(chan->dram) != 0) {
            uint32_t i;
            collect_completions(parts, chan, gs_dram_cycle(chan->dram, parts->dram_now));
            for (i = 0; i < gs_dram_spent_count(chan->dram); i++)   /* dummies, delivered */
                free_req(parts, gs_dram_spent(chan->dram, i));
        }
    }
    if (!chan_has_work(parts, chan_index))
        clear_bit(parts->chan_active, chan_index);
}

void gs_partitions_dram_cycle(gs_partitions *parts, uint64_t dram_cycle)
{
    uint32_t c;
    parts->dram_now = dram_cycle;
    parts->dram_cycles_stepped++;
    for (c = gs_bits_next(parts->chan_active, parts->params.n_channels, 0);
         c < parts->params.n_channels;
         c = gs_bits_next(parts->chan_active, parts->params.n_channels, c + 1u))
        channel_cycle(parts, c);
}

int gs_partitions_busy(const gs_partitions *parts)
{
    uint32_t w;
    if (parts->pool.in_use != 0)
        return 1;
    for (w = 0; w < parts->n_words_sub; w++)
        if (parts->sub_active[w] != 0)
            return 1;
    for (w = 0; w < parts->n_words_chan; w++)
        if (parts->chan_active[w] != 0)
            return 1;
    return 0;
}

const struct gs_dram *gs_partitions_dram(const gs_partitions *parts, uint32_t channel)
{
    return parts->channels[channel].dram;
}

/* ---- statistics and dump ---- */

void gs_partitions_dram_totals(const gs_partitions *parts, gs_dram_totals *out)
{
    uint32_t c;
    memset(out, 0, sizeof *out);
    for (c = 0; c < parts->params.n_channels; c++) {
        const gs_dram_counters *s = &parts->channels[c].dram->stats;
        out->reads += s->n_rd;
        out->writes += s->n_wr;
        out->row_hits += s->row_hits;
        out->row_misses += s->row_misses;
        out->acts += s->n_act;
        out->busy_data_cycles += s->busy_data_cycles;
        out->access_lat_sum += s->access_lat_sum;
        if (s->access_lat_max > out->access_lat_max)
            out->access_lat_max = s->access_lat_max;
        out->completed += s->n_completed;
        out->refused += s->n_refused;
        out->drain_entries += s->n_drain_entries;
    }
}

/* The L2 slices' counters summed (MSHR high water: the largest). */
static void l2_aggregate(const gs_partitions *parts, gs_cache *sum)
{
    uint32_t i;
    memset(sum, 0, sizeof *sum);
    for (i = 0; i < parts->n_subs; i++) {
        gs_cache_accumulate(sum, &parts->subs[i].l2);
    }
}

void gs_partitions_l2_stats(const gs_partitions *parts, gs_cache_stats *out)
{
    gs_cache sum;
    memset(out, 0, sizeof *out);
    if (!parts->params.l2_present)
        return;
    l2_aggregate(parts, &sum);
    *out = sum.stats;
}

/* The Merge Information Buffers (seed-002 2.3): dummies the L2s sent, those
 * that reached a controller and those that found their queued read there
 * (the rest arrived after it was served, or before it arrived: B9), and the
 * ages that reached the 15-bit ceiling. */
static void report_mib(const gs_partitions *parts, gs_stats *stats)
{
    uint64_t sent = 0, arrived = 0, matched = 0, saturated = 0, reorders = 0;
    uint32_t i;
    for (i = 0; i < parts->n_subs; i++)
        sent += parts->subs[i].stats.mib_dummies;
    for (i = 0; i < parts->params.n_channels; i++) {
        const gs_dram_counters *s = &parts->channels[i].dram->stats;
        arrived += s->mib_dummies;
        matched += s->mib_matched;
        saturated += s->mib_age_saturations;
        reorders += s->mib_reorders;
    }
    gs_stats_put_count(stats, "mib_dummies_sent", sent);
    gs_stats_put_count(stats, "mib_dummies_arrived", arrived);
    gs_stats_put_count(stats, "mib_dummies_matched", matched);
    gs_stats_put_count(stats, "mib_age_saturations", saturated);
    /* the reads served in another order than FR-FCFS's: per decision, the
     * read FR-FCFS would have given the bank was not the one chosen */
    gs_stats_put_count(stats, "mib_reorders", reorders);
}

/* -gs_intercore_stats (seed-002 2.5 and 5.1-8): sub-partition-cycles of the
 * L2 MSHR tables by class, summed over the sub-partitions, and the share of
 * the busy ones (not idle) with inter-core locality, the HIL/LIL measure
 * (B12: the denominator is the non-idle cycles, summed over the 12 tables;
 * a study calls a workload HIL above 10%); and the merge length of every
 * L2 MSHR entry when it was freed (the requests it took in all). */
static void report_intercore(const gs_partitions *parts, gs_stats *stats)
{
    static const char *const class_stat[GS_MSHR_CLASSES] = {
        "L2_mshr_cycles_idle", "L2_mshr_cycles_no_locality", "L2_mshr_cycles_locality"
    };
    uint64_t total[GS_MSHR_CLASSES] = { 0, 0, 0 }, hist[GS_MERGE_HIST_BINS];
    uint64_t end = parts->l2_cycles_stepped ? parts->l2_now + 1u : 0u;
    uint32_t i, c;
    char name[48];
    memset(hist, 0, sizeof hist);
    for (i = 0; i < parts->n_subs; i++) {
        const gs_subpart *sub = &parts->subs[i];
        uint64_t cycles[GS_MSHR_CLASSES];
        gs_mshr_locality_until(&sub->locality, gs_mshr_class_of(&sub->l2.mshr), end, cycles);
        for (c = 0; c < GS_MSHR_CLASSES; c++)
            total[c] += cycles[c];
        for (c = 0; c < GS_MERGE_HIST_BINS; c++)
            hist[c] += sub->stats.merge_hist[c];
    }
    for (c = 0; c < GS_MSHR_CLASSES; c++)
        gs_stats_put_count(stats, class_stat[c], total[c]);
    gs_stats_put_ratio(stats, "L2_mshr_locality_fraction", total[GS_MSHR_LOCALITY],
                       total[GS_MSHR_LOCALITY] + total[GS_MSHR_NO_LOCALITY], 4);
    for (c = 0; c < GS_MERGE_HIST_BINS; c++) {
        if (c + 1u < GS_MERGE_HIST_BINS)
            gs_fmt(name, sizeof name, "L2_mshr_merge_length_%u", (unsigned)(c + 1u));
        else
            gs_fmt(name, sizeof name, "L2_mshr_merge_length_%u_or_more", (unsigned)(c + 1u));
        gs_stats_put_count(stats, name, hist[c]);
    }
}

/* The delay experiment: fills held back, and those of the class that found
 * the hold full. */
static void report_delay(const gs_partitions *parts, gs_stats *stats)
{
    uint64_t delayed = 0, full = 0;
    uint32_t i;
    for (i = 0; i < parts->n_subs; i++) {
        delayed += parts->subs[i].stats.delayed;
        full += parts->subs[i].stats.delay_hold_full;
    }
    gs_stats_put_count(stats, "delay_fills_delayed", delayed);
    gs_stats_put_count(stats, "delay_hold_full", full);
}

void gs_partitions_report(const gs_partitions *parts, gs_stats *stats)
{
    gs_cache sum;
    gs_dram_totals t;
    uint64_t stall_dram = 0, stall_icnt = 0, stall_reply = 0, stall_fill = 0, atomics = 0;
    uint64_t push_stalls = 0, n_cmd = parts->dram_cycles_stepped * parts->params.n_channels;
    uint32_t i;
    if (parts->params.l2_present) {
        l2_aggregate(parts, &sum);
        gs_cache_report(&sum, stats, "L2_");
    }
    for (i = 0; i < parts->n_subs; i++) {
        stall_dram += parts->subs[i].stats.l2_stall_dram_full;
        stall_icnt += parts->subs[i].stats.l2_stall_icnt;
        stall_reply += parts->subs[i].stats.l2_stall_reply_full;
        stall_fill += parts->subs[i].stats.l2_stall_fill;
        atomics += parts->subs[i].stats.atomics;
    }
    for (i = 0; i < parts->params.n_channels; i++)
        push_stalls += parts->channels[i].stats.push_stalls;
    gs_stats_put_count(stats, "L2_atomics", atomics);
    gs_stats_put_count(stats, "gpu_stall_dramfull", stall_dram + push_stalls);
    gs_stats_put_count(stats, "L2_stall_reply_queue_full", stall_reply);
    gs_stats_put_count(stats, "L2_stall_fill", stall_fill);
    gs_stats_put_count(stats, "L2_stall_icnt_full", stall_icnt);
    gs_partitions_dram_totals(parts, &t);
    gs_stats_put_count(stats, "total_dram_reads", t.reads);
    gs_stats_put_count(stats, "total_dram_writes", t.writes);
    /* GPGPU-Sim's spelling of the same two counts (Accel-Sim's get_stats.py reads it) */
    gs_stats_put_count(stats, "total dram reads", t.reads);
    gs_stats_put_count(stats, "total dram writes", t.writes);
    gs_stats_put_count(stats, "dram_activates", t.acts);
    gs_stats_put_count(stats, "dram_row_buffer_hits", t.row_hits);
    gs_stats_put_count(stats, "dram_row_buffer_misses", t.row_misses);
    gs_stats_put_ratio(stats, "dram_row_buffer_locality", t.row_hits + t.row_misses,
                       t.acts, 4);
    gs_stats_put_ratio(stats, "dram_bw_util", t.busy_data_cycles, n_cmd, 4);
    gs_stats_put_ratio(stats, "dram_access_latency_avg", t.access_lat_sum, t.completed, 2);
    gs_stats_put_count(stats, "dram_access_latency_max", t.access_lat_max);
    gs_stats_put_count(stats, "dram_queue_refused", t.refused);
    gs_stats_put_count(stats, "dram_write_drain_entries", t.drain_entries);
    if (parts->subs[0].mib != NULL)   /* only with the MIB: other runs keep their bytes */
        report_mib(parts, stats);
    if (parts->params.intercore_stats && parts->params.l2_present)
        report_intercore(parts, stats);
    if (delays(&parts->params))
        report_delay(parts, stats);
}

void gs_partitions_dump(const gs_partitions *parts, const gs_sink *sink)
{
    uint32_t i;
    char name[32];
    for (i = 0; i < parts->n_subs; i++) {
        const gs_subpart *sub = &parts->subs[i];
        if (!sub_has_work(parts, sub) && sub->reads_in_dram == 0 &&
            (!parts->params.l2_present || sub->l2.mshr.in_use == 0))
            continue;
        gs_sink_printf(sink, "sub-partition %u: i2$ %u, $2d %u, d2$ %u, $2i %u, "
                       "reads in DRAM %u, L2 MSHRs %u, L2 miss queue %u\n", (unsigned)i,
                       (unsigned)sub->icnt_l2.count, (unsigned)sub->l2_dram.count,
                       (unsigned)sub->dram_l2.count,
                       (unsigned)sub->l2_icnt.count, (unsigned)sub->reads_in_dram,
                       (unsigned)(parts->params.l2_present ? sub->l2.mshr.in_use : 0u),
                       (unsigned)(parts->params.l2_present ? gs_cache_miss_count(&sub->l2) : 0u));
    }
    for (i = 0; i < parts->params.n_channels; i++) {
        if (gs_dram_pending(parts->channels[i].dram) == 0)
            continue;
        gs_fmt(name, sizeof name, "dram[%u]", (unsigned)i);
        gs_dram_dump(parts->channels[i].dram, sink, name);
    }
}
