/*
 * The on-chip crossbar, one per direction (spec/seed-004-gpgpu-arch-book.md
 * section 1.4: "cores connect to the memory partitions through a crossbar";
 * seed-000 Table 4.1 "1 crossbar/direction, 32B channel width").
 *
 * Model (stepped once per interconnect cycle, gs_icnt_cycle):
 *  - every input port has a FIFO buffer of `input_buffer_flits` flits, every
 *    output port an ejection buffer of `output_buffer_flits` flits; a sender
 *    pushes whole packets (gs_icnt_can_push / gs_icnt_push) and a full input
 *    buffer refuses: back-pressure, nothing is lost;
 *  - a packet is `flits` = ceil((GS_ICNT_HEADER_BYTES + data) / flit) flits
 *    (GPGPU-Sim mem_fetch sizes: 8 control bytes, data only on a write
 *    request or a read reply);
 *  - per cycle an input sends at most one packet and an output takes at most
 *    one; a granted packet holds both ports for ceil(flits / speedup) cycles
 *    (the per-port bandwidth) and reserves its flits in the ejection buffer at
 *    grant time (credit flow control: an output with no room refuses);
 *  - the packet can be taken out of the ejection buffer `latency` cycles after
 *    its last flit was sent: ready = grant + busy - 1 + latency;
 *  - arbitration (`islip` 0): round-robin over the inputs that hold packets,
 *    starting after the last input granted, one pointer for the whole
 *    crossbar (GPGPU-Sim's naive RR of its local crossbar). `islip` 1
 *    (-icnt_arbiter_algo 1 with -network_mode 2): one iteration of iSLIP
 *    (McKeown 1999): every output keeps its own grant pointer and grants the
 *    requesting input nearest at or after it, which then moves one past the
 *    granted input; an input requests only its head packet's output, so it
 *    never holds two grants and accepts the one it gets. Only inputs with
 *    waiting packets are visited (a bit set of non-empty inputs), so an idle
 *    crossbar costs nothing (DESIGN.md section 10; issue 5 performance).
 * Receivers take packets with gs_icnt_peek / gs_icnt_pop, comparing the
 * ready cycle with the crossbar's own clock (the last cycle stepped); the top
 * loop steps domains in a fixed order, so this is deterministic.
 */
#ifndef GS_MEM_ICNT_H
#define GS_MEM_ICNT_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/fmt.h"
#include "base/status.h"
#include "mem/mem_req.h"

/* GPGPU-Sim READ_PACKET_SIZE / WRITE_PACKET_SIZE: control bytes of a packet. */
#define GS_ICNT_HEADER_BYTES 8u

typedef struct gs_icnt_params {
    uint32_t n_inputs;
    uint32_t n_outputs;
    uint32_t flit_bytes;            /* -icnt_flit_size */
    uint32_t latency_cycles;        /* >= 1 */
    uint32_t input_buffer_flits;    /* >= largest packet */
    uint32_t output_buffer_flits;   /* >= largest packet */
    uint32_t input_speedup;         /* flits per cycle an input sends (>= 1) */
    uint32_t output_speedup;        /* flits per cycle an output takes (>= 1) */
    uint32_t whole_packets;         /* 1: every packet is one unit (-network_mode 2) */
    uint32_t islip;                 /* 1: per-output iSLIP pointers (-icnt_arbiter_algo 1) */
} gs_icnt_params;

typedef struct gs_icnt_packet {
    gs_mem_req *req;
    uint64_t ready_cycle;           /* output buffers only */
    uint32_t dest;                  /* input buffers only */
    uint32_t flits;
} gs_icnt_packet;

typedef struct gs_icnt_fifo {
    gs_icnt_packet *items;
    uint32_t capacity, head, count;
    uint32_t flits_used;            /* flits held or reserved */
    uint64_t busy_until;            /* port busy before this cycle */
} gs_icnt_fifo;

typedef struct gs_icnt_stats {
    uint64_t packets, flits;
    uint64_t push_refused;          /* input buffer full (sender back-pressure) */
    uint64_t output_blocked;        /* head packet waited: output busy or full */
    uint64_t active_cycles;         /* cycles with a packet waiting at an input */
} gs_icnt_stats;

typedef struct gs_icnt {
    gs_icnt_params params;
    gs_icnt_fifo *inputs;
    gs_icnt_fifo *outputs;
    uint64_t *waiting;              /* bit i: input i holds packets */
    uint64_t *output_ready;         /* bit o: output o holds packets */
    uint32_t n_words_in, n_words_out;
    uint32_t n_waiting;             /* inputs holding packets */
    uint32_t n_queued;              /* packets anywhere in the crossbar */
    uint32_t rr_next;               /* arbitration start */
    uint32_t *grant_ptr;            /* [n_outputs] iSLIP grant pointers (islip only) */
    uint32_t *chosen;               /* [n_outputs] this cycle's nearest requester + 1 */
    uint32_t *touched;              /* [n_outputs] outputs requested this cycle */
    uint64_t now;                   /* last cycle stepped */
    gs_icnt_stats stats;
} gs_icnt;

gs_status gs_icnt_params_check(const gs_icnt_params *params, gs_diag *diag);
size_t gs_icnt_bytes(const gs_icnt_params *params);
gs_status gs_icnt_init(gs_icnt *icnt, gs_arena *arena, const gs_icnt_params *params,
                       gs_diag *diag);

/* Flits of a packet carrying `data_bytes` of data. */
uint32_t gs_icnt_flits(const gs_icnt *icnt, uint32_t data_bytes);

/* Room for a packet of `flits` at input `in`? (counts a refusal when not) */
int gs_icnt_can_push(gs_icnt *icnt, uint32_t in, uint32_t flits);
/* Push a packet (caller checked gs_icnt_can_push). */
void gs_icnt_push(gs_icnt *icnt, uint32_t in, uint32_t dest, gs_mem_req *req, uint32_t flits);

/* One interconnect cycle: arbitration and transfers. */
void gs_icnt_cycle(gs_icnt *icnt, uint64_t cycle);

/* The packet at the head of output `out` if it has arrived, else NULL. */
gs_mem_req *gs_icnt_peek(const gs_icnt *icnt, uint32_t out);
void gs_icnt_pop(gs_icnt *icnt, uint32_t out);
/* Bit set of outputs holding packets (arrived or not), n_words_out words. */
const uint64_t *gs_icnt_output_mask(const gs_icnt *icnt);

int gs_icnt_busy(const gs_icnt *icnt);
void gs_icnt_dump(const gs_icnt *icnt, const gs_sink *sink, const char *name);

/* Lowest set bit at or after `start` in a bit set of n bits; n when none. */
uint32_t gs_bits_next(const uint64_t *words, uint32_t n, uint32_t start);

#endif
