/*
 * Shared fixture for the DRAM controller tests (tests/unit/12x-dram-*.c):
 * one controller on a static arena, a request pool, GTX480 GDDR5 parameters
 * (spec/gpgpusim-configs/SM2_GTX480/gpgpusim.config; seed-002 Table 5.1),
 * and a cycle driver that logs every command and completion.
 */
#ifndef GS_TEST_DRAM_HARNESS_H
#define GS_TEST_DRAM_HARNESS_H

#include "check.h"
#include "base/arena.h"
#include "mem/dram.h"
#include "mem/req_pool.h"

#define H_LOG_MAX 256

/* Not every test file uses every helper. */
#if defined(__GNUC__)
#define H_UNUSED __attribute__((unused))
#else
#define H_UNUSED
#endif

typedef struct h_event {
    uint64_t cycle;
    uint32_t kind;      /* gs_dram_cmd_kind, or H_DONE */
    uint32_t bank;
    uint64_t row;
    uint32_t req;       /* pool index (H_DONE) */
} h_event;

#define H_DONE 100u

static uint64_t h_buffer[1u << 15];
static gs_arena h_arena;
static gs_dram h_dram;
static gs_req_pool h_pool;
static uint64_t h_now;                 /* next cycle to step */
static h_event h_log[H_LOG_MAX];
static uint32_t h_log_count;

/* GTX480 timing (nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:
 * CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2), BL 8, QDR (burst = 2 cycles),
 * 4-byte chips x 2 (64-byte atom), seed-002 queues 64/128 with 96/80. */
H_UNUSED static gs_dram_params h_gtx480(void)
{
    gs_dram_params p;
    memset(&p, 0, sizeof p);
    p.timing.nbk = 16;
    p.timing.nbkgrp = 4;
    p.timing.t_ccd = 2;
    p.timing.t_rrd = 6;
    p.timing.t_rcd = 12;
    p.timing.t_ras = 28;
    p.timing.t_rp = 12;
    p.timing.t_rc = 40;
    p.timing.t_cl = 12;
    p.timing.t_wl = 4;
    p.timing.t_cdlr = 5;
    p.timing.t_wr = 12;
    p.timing.t_ccdl = 3;
    p.timing.t_rtpl = 2;
    p.burst_length = 8;
    p.bus_width_bytes = 4;
    p.chips_per_channel = 2;
    p.data_command_freq_ratio = 4;
    p.read_queue_size = 64;
    p.write_queue_size = 128;
    p.write_high_watermark = 96;
    p.write_low_watermark = 80;
    p.latency_cycles = 0;
    p.scheduler = GS_DSCHED_FRFCFS;
    return p;
}

H_UNUSED static void h_setup(const gs_dram_params *p)
{
    gs_diag diag;
    gs_arena_init(&h_arena, h_buffer, sizeof h_buffer);
    GS_CHECK_EQ(GS_OK, gs_req_pool_init(&h_pool, &h_arena, 64, &diag));
    GS_CHECK_EQ(GS_OK, gs_dram_init(&h_dram, &h_arena, p, &diag));
    h_now = 0;
    h_log_count = 0;
}

/* A request of `kind` to (bank, group, row), `bytes` long. */
static gs_mem_req *h_req(uint32_t kind, uint32_t bank, uint32_t group, uint64_t row,
                         uint32_t bytes)
{
    gs_mem_req *r = gs_req_pool_alloc(&h_pool);
    GS_CHECK(r != NULL);
    r->kind = (uint8_t)kind;
    r->dram.bank = bank;
    r->dram.bank_group = group;
    r->dram.row = row;
    r->size_bytes = bytes;
    return r;
}

/* Push a 32-byte request now (before stepping cycle h_now); returns its pool index. */
H_UNUSED static uint32_t h_push(uint32_t kind, uint32_t bank, uint32_t group,
                                uint64_t row)
{
    gs_mem_req *r = h_req(kind, bank, group, row, 32);
    GS_CHECK_EQ(1, gs_dram_push(&h_dram, r, h_now));
    return r->pool_index;
}

H_UNUSED static void h_log_add(uint64_t cycle, uint32_t kind, uint32_t bank, uint64_t row,
                               uint32_t req)
{
    if (h_log_count < H_LOG_MAX) {
        h_log[h_log_count].cycle = cycle;
        h_log[h_log_count].kind = kind;
        h_log[h_log_count].bank = bank;
        h_log[h_log_count].row = row;
        h_log[h_log_count].req = req;
        h_log_count++;
    }
}

/* Step until cycle `end` (exclusive), logging commands and completions. */
H_UNUSED static void h_run_to(uint64_t end)
{
    while (h_now < end) {
        uint32_t n = gs_dram_cycle(&h_dram, h_now), i;
        for (i = 0; i < h_dram.n_cycle_cmds; i++)   /* two with -dram_dual_bus_interface */
            h_log_add(h_now, h_dram.cycle_cmds[i].kind, h_dram.cycle_cmds[i].bank,
                      h_dram.cycle_cmds[i].row, 0);
        for (i = 0; i < n; i++) {
            gs_mem_req *r = gs_dram_completed(&h_dram, i);
            h_log_add(h_now, H_DONE, r->dram.bank, r->dram.row, r->pool_index);
            gs_req_pool_free(&h_pool, r);
        }
        h_now++;
    }
}

/* Step until nothing is pending (bounded). */
H_UNUSED static void h_drain(void)
{
    uint64_t limit = h_now + 10000;
    while (gs_dram_pending(&h_dram) != 0 && h_now < limit)
        h_run_to(h_now + 1);
    GS_CHECK_EQ(0, gs_dram_pending(&h_dram));
}

/* Cycle of the n-th (0-based) logged event of `kind` on `bank` at or after
 * cycle `from`; ~0 when absent. */
H_UNUSED static uint64_t h_find(uint32_t kind, uint32_t bank, uint64_t from, uint32_t nth)
{
    uint32_t i;
    for (i = 0; i < h_log_count; i++)
        if (h_log[i].kind == kind && h_log[i].bank == bank && h_log[i].cycle >= from) {
            if (nth == 0)
                return h_log[i].cycle;
            nth--;
        }
    return ~0ull;
}

/* Completion cycle of the request with this pool index (after `from`). */
H_UNUSED static uint64_t h_done_cycle(uint32_t req, uint64_t from)
{
    uint32_t i;
    for (i = 0; i < h_log_count; i++)
        if (h_log[i].kind == H_DONE && h_log[i].req == req && h_log[i].cycle >= from)
            return h_log[i].cycle;
    return ~0ull;
}

/* Was any command issued at this cycle? */
H_UNUSED static int h_command_at(uint64_t cycle)
{
    uint32_t i;
    for (i = 0; i < h_log_count; i++)
        if (h_log[i].kind != H_DONE && h_log[i].cycle == cycle)
            return 1;
    return 0;
}

/* Open `row` in `bank` with a read and wait until everything is idle and
 * `quiet` further cycles have passed (so tRAS/tRC/tRRD are long satisfied). */
H_UNUSED static void h_open_row(uint32_t bank, uint32_t group, uint64_t row, uint64_t quiet)
{
    h_push(GS_REQ_READ, bank, group, row);
    h_drain();
    h_run_to(h_now + quiet);
}

#endif
