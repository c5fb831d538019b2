/*
 * The crossbar (spec/seed-004-gpgpu-arch-book.md section 1.4; model and
 * rules in mem/icnt.h). Decisions on what the specs leave open (seed-004:
 * "no flit size, VC count or latency numbers are given"):
 *  - one virtual channel per port: an input's packets leave in order, and a
 *    blocked head packet blocks the packets behind it (head-of-line);
 *  - the grant reserves the packet's flits in the ejection buffer at once,
 *    so a packet in flight never finds its output full (credit flow control);
 *  - a write is acknowledged by nobody: a store needs no reply packet.
 */
#include "mem/icnt.h"

#include <string.h>

static const uint8_t debruijn_index[64] = {
    0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
    62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
    63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
    46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6
};

static uint32_t lowest_bit(uint64_t nonzero)
{
    uint64_t isolated = nonzero & (~nonzero + 1u);
    return debruijn_index[(isolated * 0x03f79d71b4cb0a89ull) >> 58];
}

uint32_t gs_bits_next(const uint64_t *words, uint32_t n, uint32_t start)
{
    uint32_t word = start / 64u;
    uint32_t n_words = (n + 63u) / 64u;
    uint64_t bits;
    if (start >= n)
        return n;
    bits = words[word] & (~0ull << (start % 64u));
    for (;;) {
        if (bits != 0) {
            uint32_t index = word * 64u + lowest_bit(bits);
            return index < n ? index : n;
        }
        if (++word >= n_words)
            return n;
        bits = words[word];
    }
}

static void bit_set(uint64_t *words, uint32_t i) { words[i / 64u] |= 1ull << (i % 64u); }
static void bit_clear(uint64_t *words, uint32_t i) { words[i / 64u] &= ~(1ull << (i % 64u)); }

gs_status gs_icnt_params_check(const gs_icnt_params *p, gs_diag *diag)
{
    if (p->n_inputs == 0 || p->n_outputs == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "crossbar needs inputs and outputs");
    if (p->flit_bytes == 0 || p->latency_cycles == 0 || p->input_speedup == 0 ||
        p->output_speedup == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "crossbar flit size, latency and speedups must be at least 1");
    if (p->input_buffer_flits == 0 || p->output_buffer_flits == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "crossbar buffers must hold at least one flit");
    return GS_OK;
}

static size_t fifo_bytes(uint32_t capacity)
{
    return gs_arena_round((size_t)capacity * sizeof(gs_icnt_packet));
}

size_t gs_icnt_bytes(const gs_icnt_params *p)
{
    size_t bytes = gs_arena_round((size_t)p->n_inputs * sizeof(gs_icnt_fifo));
    bytes += gs_arena_round((size_t)p->n_outputs * sizeof(gs_icnt_fifo));
    bytes += gs_arena_round((size_t)((p->n_inputs + 63u) / 64u) * sizeof(uint64_t));
    bytes += gs_arena_round((size_t)((p->n_outputs + 63u) / 64u) * sizeof(uint64_t));
    bytes += (size_t)p->n_inputs * fifo_bytes(p->input_buffer_flits);
    bytes += (size_t)p->n_outputs * fifo_bytes(p->output_buffer_flits);
    if (p->islip)
        bytes += 3u * gs_arena_round((size_t)p->n_outputs * sizeof(uint32_t));
    return bytes;
}

static gs_status fifos_init(gs_icnt_fifo *fifos, uint32_t n, uint32_t capacity, gs_arena *arena)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        /* A packet is at least one flit: `capacity` packets always suffice. */
        fifos[i].items = gs_arena_alloc(arena, (size_t)capacity * sizeof(gs_icnt_packet));
        if (fifos[i].items == NULL)
            return GS_E_ARENA;
        fifos[i].capacity = capacity;
    }
    return GS_OK;
}

gs_status gs_icnt_init(gs_icnt *icnt, gs_arena *arena, const gs_icnt_params *p, gs_diag *diag)
{
    gs_status status = gs_icnt_params_check(p, diag);
    if (status != GS_OK)
        return status;
    memset(icnt, 0, sizeof *icnt);
    icnt->params = *p;
    icnt->n_words_in = (p->n_inputs + 63u) / 64u;
    icnt->n_words_out = (p->n_outputs + 63u) / 64u;
    icnt->inputs = gs_arena_alloc(arena, (size_t)p->n_inputs * sizeof(gs_icnt_fifo));
    icnt->outputs = gs_arena_alloc(arena, (size_t)p->n_outputs * sizeof(gs_icnt_fifo));
    icnt->waiting = gs_arena_alloc(arena, (size_t)icnt->n_words_in * sizeof(uint64_t));
    icnt->output_ready = gs_arena_alloc(arena, (size_t)icnt->n_words_out * sizeof(uint64_t));
    if (icnt->inputs == NULL || icnt->outputs == NULL || icnt->waiting == NULL ||
        icnt->output_ready == NULL ||
        fifos_init(icnt->inputs, p->n_inputs, p->input_buffer_flits, arena) != GS_OK ||
        fifos_init(icnt->outputs, p->n_outputs, p->output_buffer_flits, arena) != GS_OK)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for the crossbar");
    if (p->islip) {
        size_t words = (size_t)p->n_outputs * sizeof(uint32_t);
        icnt->grant_ptr = gs_arena_alloc(arena, words);
        icnt->chosen = gs_arena_alloc(arena, words);
        icnt->touched = gs_arena_alloc(arena, words);
        if (icnt->grant_ptr == NULL || icnt->chosen == NULL || icnt->touched == NULL)
            return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for the crossbar");
        memset(icnt->grant_ptr, 0, words);
        memset(icnt->chosen, 0, words);
    }
    return GS_OK;
}

uint32_t gs_icnt_flits(const gs_icnt *icnt, uint32_t data_bytes)
{
    uint32_t flit = icnt->params.flit_bytes;
    if (icnt->params.whole_packets)
        return 1u;   /* GPGPU-Sim's local crossbar: a packet a cycle, buffers in packets */
    return (GS_ICNT_HEADER_BYTES + data_bytes + flit - 1u) / flit;
}

int gs_icnt_can_push(gs_icnt *icnt, uint32_t in, uint32_t flits)
{
    const gs_icnt_fifo *f = &icnt->inputs[in];
    if (f->flits_used + flits <= icnt->params.input_buffer_flits && f->count < f->capacity)
        return 1;
    icnt->stats.push_refused++;
    return 0;
}

static gs_icnt_packet *fifo_tail(gs_icnt_fifo *f)
{
    GS_ASSERT(f->count < f->capacity);
    return &f->items[(f->head + f->count++) % f->capacity];
}

static void fifo_drop_head(gs_icnt_fifo *f)
{
    f->flits_used -= f->items[f->head].flits;
    f->head = (f->head + 1u) % f->capacity;
    f->count--;
}

void gs_icnt_push(gs_icnt *icnt, uint32_t in, uint32_t dest, gs_mem_req *req, uint32_t flits)
{
    gs_icnt_fifo *f = &icnt->inputs[in];
    gs_icnt_packet *pkt;
    GS_ASSERT(dest < icnt->params.n_outputs && flits >= 1u);
    GS_ASSERT(f->flits_used + flits <= icnt->params.input_buffer_flits);
    pkt = fifo_tail(f);
    pkt->req = req;
    pkt->dest = dest;
    pkt->flits = flits;
    pkt->ready_cycle = 0;
    f->flits_used += flits;
    if (f->count == 1u) {
        bit_set(icnt->waiting, in);
        icnt->n_waiting++;
    }
    icnt->n_queued++;
}

/* Try to send input `in`'s head packet at `now`; 1 when granted. */
static int try_grant(gs_icnt *icnt, uint32_t in, uint64_t now)
{
    gs_icnt_fifo *src = &icnt->inputs[in];
    gs_icnt_packet *head = &src->items[src->head];
    gs_icnt_fifo *dst = &icnt->outputs[head->dest];
    uint32_t flits = head->flits;
    uint64_t in_busy, out_busy;
    gs_icnt_packet *arrived;
    if (src->busy_until > now)
        return 0;
    if (dst->busy_until > now || dst->flits_used + flits > icnt->params.output_buffer_flits ||
        dst->count == dst->capacity) {
        icnt->stats.output_blocked++;
        return 0;
    }
    in_busy = (flits + icnt->params.input_speedup - 1u) / icnt->params.input_speedup;
    out_busy = (flits + icnt->params.output_speedup - 1u) / icnt->params.output_speedup;
    src->busy_until = now + in_busy;
    dst->busy_until = now + out_busy;
    arrived = fifo_tail(dst);
    *arrived = *head;
    /* The tail flit is sent in the last busy cycle and arrives `latency` later. */
    arrived->ready_cycle = now + (in_busy > out_busy ? in_busy : out_busy) - 1u +
                           icnt->params.latency_cycles;
    dst->flits_used += flits;
    bit_set(icnt->output_ready, head->dest);
    fifo_drop_head(src);
    icnt->stats.packets++;
    icnt->stats.flits += flits;
    if (src->count == 0) {
        bit_clear(icnt->waiting, in);
        icnt->n_waiting--;
    }
    return 1;
}

/* Grant, in index order, the waiting inputs in [from, to). */
static void arbitrate_range(gs_icnt *icnt, uint32_t from, uint32_t to, uint64_t now,
                            uint32_t *last)
{
    uint32_t in;
    for (in = gs_bits_next(icnt->waiting, to, from); in < to;
         in = gs_bits_next(icnt->waiting, to, in + 1u))
        if (try_grant(icnt, in, now))
            *last = in;
}

/* One iSLIP iteration (see icnt.h): each output requested by a free input
 * grants the requester nearest at or after its pointer; the losers count as
 * blocked, as with the round robin. */
static void arbitrate_islip(gs_icnt *icnt, uint64_t now)
{
    uint32_t n = icnt->params.n_inputs, in, k, n_touched = 0;
    for (in = gs_bits_next(icnt->waiting, n, 0); in < n;
         in = gs_bits_next(icnt->waiting, n, in + 1u)) {
        const gs_icnt_fifo *src = &icnt->inputs[in];
        uint32_t out = src->items[src->head].dest, ptr = icnt->grant_ptr[out];
        uint32_t c = icnt->chosen[out];
        if (src->busy_until > now)
            continue;   /* still sending its last packet: no request */
        if (c == 0)
            icnt->touched[n_touched++] = out;
        else {
            icnt->stats.output_blocked++;   /* one of the two loses */
            if ((c - 1u + n - ptr) % n <= (in + n - ptr) % n)
                continue;
        }
        icnt->chosen[out] = in + 1u;
    }
    for (k = 0; k < n_touched; k++) {
        uint32_t out = icnt->touched[k];
        uint32_t winner = icnt->chosen[out] - 1u;
        icnt->chosen[out] = 0;
        if (try_grant(icnt, winner, now))
            icnt->grant_ptr[out] = (winner + 1u) % n;
    }
}

void gs_icnt_cycle(gs_icnt *icnt, uint64_t cycle)
{
    uint32_t n = icnt->params.n_inputs;
    uint32_t start = icnt->rr_next, last = n;
    icnt->now = cycle;
    if (icnt->n_waiting == 0)
        return;
    icnt->stats.active_cycles++;
    if (icnt->params.islip) {
        arbitrate_islip(icnt, cycle);
        return;
    }
    /* The waiting inputs once each, cyclically from rr_next. */
    arbitrate_range(icnt, start, n, cycle, &last);
    arbitrate_range(icnt, 0, start, cycle, &last);
    if (last < n)
        icnt->rr_next = (last + 1u) % n;
}

gs_mem_req *gs_icnt_peek(const gs_icnt *icnt, uint32_t out)
{
    const gs_icnt_fifo *f = &icnt->outputs[out];
    if (f->count == 0 || f->items[f->head].ready_cycle > icnt->now)
        return NULL;
    return f->items[f->head].req;
}

void gs_icnt_pop(gs_icnt *icnt, uint32_t out)
{
    gs_icnt_fifo *f = &icnt->outputs[out];
    GS_ASSERT(f->count > 0);
    fifo_drop_head(f);
    icnt->n_queued--;
    if (f->count == 0)
        bit_clear(icnt->output_ready, out);
}

const uint64_t *gs_icnt_output_mask(const gs_icnt *icnt)
{
    return icnt->output_ready;
}

int gs_icnt_busy(const gs_icnt *icnt)
{
    return icnt->n_queued != 0;
}

void gs_icnt_dump(const gs_icnt *icnt, const gs_sink *sink, const char *name)
{
    uint32_t i;
    gs_sink_printf(sink, "%s: cycle %llu, %u packets queued, %u inputs waiting\n", name,
                   (unsigned long long)icnt->now, (unsigned)icnt->n_queued,
                   (unsigned)icnt->n_waiting);
    for (i = gs_bits_next(icnt->waiting, icnt->params.n_inputs, 0); i < icnt->params.n_inputs;
         i = gs_bits_next(icnt->waiting, icnt->params.n_inputs, i + 1u)) {
        const gs_icnt_fifo *f = &icnt->inputs[i];
        gs_sink_printf(sink, "  in %u: %u packets, %u flits, head to %u\n", (unsigned)i,
                       (unsigned)f->count,
                       (unsigned)f->flits_used, (unsigned)f->items[f->head].dest);
    }
    for (i = gs_bits_next(icnt->output_ready, icnt->params.n_outputs, 0);
         i < icnt->params.n_outputs;
         i = gs_bits_next(icnt->output_ready, icnt->params.n_outputs, i + 1u)) {
        const gs_icnt_fifo *f = &icnt->outputs[i];
        gs_sink_printf(sink, "  out %u: %u packets, %u flits, head ready at %llu\n", (unsigned)i,
                       (unsigned)f->count, (unsigned)f->flits_used,
                       (unsigned long long)f->items[f->head].ready_cycle);
    }
}
