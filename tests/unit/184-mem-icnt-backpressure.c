/*
 * The crossbar (mem/icnt.h; seed-004 section 1.4): flit sizing, per-port
 * bandwidth, latency, buffer depth and back-pressure (a full buffer refuses,
 * nothing is lost), round-robin arbitration over waiting inputs only, and a
 * loaded memory system with minimal crossbar buffers that still delivers
 * every request.
 */
#include "memsys_harness.h"
#include "mem/icnt.h"

static uint64_t net_buffer[1u << 14];
static gs_icnt net;
static gs_mem_req reqs[16];

static int make_net_full(uint32_t inputs, uint32_t outputs, uint32_t buffer_flits,
                         uint32_t whole_packets, uint32_t islip)
{
    gs_icnt_params p;
    gs_arena arena;
    gs_diag diag;
    memset(&p, 0, sizeof p);
    memset(reqs, 0, sizeof reqs);
    p.n_inputs = inputs;
    p.n_outputs = outputs;
    p.flit_bytes = 32;
    p.latency_cycles = 1;
    p.input_buffer_flits = buffer_flits;
    p.output_buffer_flits = buffer_flits;
    p.input_speedup = 1;
    p.output_speedup = 1;
    p.whole_packets = whole_packets;
    p.islip = islip;
    gs_arena_init(&arena, net_buffer, sizeof net_buffer);
    if (gs_icnt_init(&net, &arena, &p, &diag) != GS_OK)
        return 0;
    return arena.used_bytes == gs_icnt_bytes(&p);
}

static int make_net_mode(uint32_t inputs, uint32_t buffer_flits, uint32_t whole_packets)
{
    return make_net_full(inputs, 1, buffer_flits, whole_packets, 0);
}

static int make_net(uint32_t inputs, uint32_t buffer_flits)
{
    return make_net_mode(inputs, buffer_flits, 0);
}

static void test_flit_sizes(void)
{
    GS_CHECK(make_net(1, 8));
    GS_CHECK_EQ(1, gs_icnt_flits(&net, 0));      /* read request: 8 control bytes */
    GS_CHECK_EQ(1, gs_icnt_flits(&net, 24));     /* 8 + 24 = 32 */
    GS_CHECK_EQ(2, gs_icnt_flits(&net, 32));     /* a 32-B sector write */
    GS_CHECK_EQ(5, gs_icnt_flits(&net, 128));    /* a 128-B line reply */
}

static void test_full_input_refuses_nothing_lost(void)
{
    uint32_t i, got = 0;
    uint64_t cycle;
    GS_CHECK(make_net(1, 5));
    for (i = 0; i < 5; i++) {
        GS_CHECK(gs_icnt_can_push(&net, 0, 1));
        gs_icnt_push(&net, 0, 0, &reqs[i], 1);
    }
    GS_CHECK(!gs_icnt_can_push(&net, 0, 1));     /* 5 of 5 flits held: refused */
    GS_CHECK_EQ(1, net.stats.push_refused);
    /* One 1-flit packet per cycle: granted at c, ready at c + 1. */
    for (cycle = 0; cycle < 12; cycle++) {
        gs_mem_req *r;
        gs_icnt_cycle(&net, cycle);
        if (cycle == 0) {
            GS_CHECK(gs_icnt_can_push(&net, 0, 1));   /* one left: room again */
            gs_icnt_push(&net, 0, 0, &reqs[5], 1);
        }
        r = gs_icnt_peek(&net, 0);
        if (r != NULL) {
            GS_CHECK(r == &reqs[got]);               /* in order */
            GS_CHECK_EQ(got + 1u, cycle);            /* packet k arrives at k + 1 */
            gs_icnt_pop(&net, 0);
            got++;
        }
    }
    GS_CHECK_EQ(6, got);
    GS_CHECK(!gs_icnt_busy(&net));
    GS_CHECK_EQ(6, net.stats.packets);
}

static void test_full_output_blocks_grants(void)
{
    uint64_t cycle;
    uint32_t i;
    GS_CHECK(make_net(1, 2));
    for (i = 0; i < 2; i++)
        gs_icnt_push(&net, 0, 0, &reqs[i], 1);
    gs_icnt_cycle(&net, 0);
    gs_icnt_cycle(&net, 1);          /* ejection buffer now holds 2 of 2 flits */
    GS_CHECK(gs_icnt_can_push(&net, 0, 1));
    gs_icnt_push(&net, 0, 0, &reqs[2], 1);
    for (cycle = 2; cycle < 6; cycle++)
        gs_icnt_cycle(&net, cycle);  /* receiver takes nothing: no grant */
    GS_CHECK_EQ(4, net.stats.output_blocked);
    GS_CHECK_EQ(2, net.stats.packets);
    GS_CHECK(gs_icnt_peek(&net, 0) == &reqs[0]);
    gs_icnt_pop(&net, 0);
    gs_icnt_cycle(&net, 6);          /* room for one flit: granted, ready at 7 */
    GS_CHECK_EQ(3, net.stats.packets);
    GS_CHECK(gs_icnt_peek(&net, 0) == &reqs[1]);
    gs_icnt_pop(&net, 0);
    GS_CHECK(gs_icnt_peek(&net, 0) == NULL);
    gs_icnt_cycle(&net, 7);
    GS_CHECK(gs_icnt_peek(&net, 0) == &reqs[2]);
}

static void test_bandwidth_and_round_robin(void)
{
    uint64_t cycle;
    uint32_t order[4], n = 0;
    GS_CHECK(make_net(2, 10));
    gs_icnt_push(&net, 0, 0, &reqs[0], 5);       /* 5 flits: ports busy 5 cycles */
    gs_icnt_push(&net, 0, 0, &reqs[1], 1);
    gs_icnt_push(&net, 1, 0, &reqs[2], 1);
    gs_icnt_push(&net, 1, 0, &reqs[3], 1);
    for (cycle = 0; cycle < 20 && n < 4; cycle++) {
        gs_mem_req *r;
        gs_icnt_cycle(&net, cycle);
        while ((r = gs_icnt_peek(&net, 0)) != NULL) {
            order[n++] = (uint32_t)(r - reqs);
            if (r == &reqs[0])
                GS_CHECK_EQ(5, cycle);           /* granted 0, last flit 4, +1 */
            gs_icnt_pop(&net, 0);
        }
    }
    /* Input 0 at 0 (output busy to 4), then input 1 at 5, input 0 at 6, input 1 at 7. */
    GS_CHECK_EQ(4, n);
    GS_CHECK_EQ(0, order[0]);
    GS_CHECK_EQ(2, order[1]);
    GS_CHECK_EQ(1, order[2]);
    GS_CHECK_EQ(3, order[3]);
    GS_CHECK_EQ(8, net.stats.active_cycles);     /* cycles 0..7 only */
    gs_icnt_cycle(&net, 100);
    GS_CHECK_EQ(8, net.stats.active_cycles);     /* an idle crossbar does no work */
}

/* -network_mode 2 (GPGPU-Sim's local crossbar): every packet is one unit,
 * so a 128-B line reply holds the ports one cycle, not five, and a
 * 2-packet buffer holds two replies. */
static void test_whole_packets(void)
{
    uint64_t cycle;
    uint32_t n = 0;
    GS_CHECK(make_net_mode(1, 2, 1));
    GS_CHECK_EQ(1, gs_icnt_flits(&net, 128));
    GS_CHECK(gs_icnt_can_push(&net, 0, gs_icnt_flits(&net, 128)));
    gs_icnt_push(&net, 0, 0, &reqs[0], gs_icnt_flits(&net, 128));
    gs_icnt_push(&net, 0, 0, &reqs[1], gs_icnt_flits(&net, 128));
    GS_CHECK(!gs_icnt_can_push(&net, 0, 1));     /* 2 of 2 packets */
    for (cycle = 0; cycle < 4; cycle++) {
        gs_icnt_cycle(&net, cycle);
        if (gs_icnt_peek(&net, 0) != NULL) {
            GS_CHECK_EQ(n + 1u, cycle);              /* granted at n, ready at n + 1 */
            gs_icnt_pop(&net, 0);
            n++;
        }
    }
    GS_CHECK_EQ(2, n);
}

/* Inputs 0 and 1 each send two packets to output 0, input 2 two to output
 * 1. One round-robin pointer (after input 2, back to 0) lets input 0 win
 * output 0 twice before input 1: order 0, 1, 2, 3. iSLIP: output 0's own
 * pointer moves past input 0 after its grant, so input 1 wins next: 0, 2,
 * 1, 3. Either way one packet a cycle leaves output 0. */
static void arrival_order(uint32_t islip, uint32_t *order)
{
    uint64_t cycle;
    uint32_t n = 0;
    GS_CHECK(make_net_full(3, 2, 4, 1, islip));
    gs_icnt_push(&net, 0, 0, &reqs[0], 1);
    gs_icnt_push(&net, 0, 0, &reqs[1], 1);
    gs_icnt_push(&net, 1, 0, &reqs[2], 1);
    gs_icnt_push(&net, 1, 0, &reqs[3], 1);
    gs_icnt_push(&net, 2, 1, &reqs[4], 1);
    gs_icnt_push(&net, 2, 1, &reqs[5], 1);
    for (cycle = 0; cycle < 8; cycle++) {
        gs_mem_req *r;
        gs_icnt_cycle(&net, cycle);
        if ((r = gs_icnt_peek(&net, 0)) != NULL) {
            GS_CHECK_EQ(n + 1u, cycle);
            order[n++] = (uint32_t)(r - reqs);
            gs_icnt_pop(&net, 0);
        }
        if (gs_icnt_peek(&net, 1) != NULL)
            gs_icnt_pop(&net, 1);
    }
    GS_CHECK_EQ(4, n);
}

static void test_round_robin_versus_islip(void)
{
    uint32_t order[4];
    arrival_order(0, order);
    GS_CHECK_EQ(0, order[0]);
    GS_CHECK_EQ(1, order[1]);
    GS_CHECK_EQ(2, order[2]);
    GS_CHECK_EQ(3, order[3]);
    arrival_order(1, order);
    GS_CHECK_EQ(0, order[0]);
    GS_CHECK_EQ(2, order[1]);
    GS_CHECK_EQ(1, order[2]);
    GS_CHECK_EQ(3, order[3]);
}

/* 2 SMs x 32 divergent lines each through 5-flit buffers: all complete. */
static void test_loaded_system_loses_nothing(void)
{
    static const char *const tiny[] = { "-gs_icnt_input_buffer_size", "5", NULL };
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 0x80, 4);
    uint32_t k;
    GS_CHECK(ms_setup(tiny));
    for (k = 0; k < 4; k++) {
        ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x10000u * k, 0x80, 4);
        ms_issue(k % 2u, &ld, k, k);
    }
    GS_CHECK(ms_drain(20000));
    GS_CHECK_EQ(4, ms.n_done);
    GS_CHECK_EQ(128, ms_stat("mem_replies"));
    GS_CHECK_EQ(128, ms_stat("icnt_req_packets"));
    GS_CHECK_EQ(128u * 5u, ms_stat("icnt_reply_flits"));
    GS_CHECK(ms_stat("icnt_reply_output_blocked") > 0);
}

int main(void)
{
    GS_RUN(test_flit_sizes);
    GS_RUN(test_whole_packets);
    GS_RUN(test_round_robin_versus_islip);
    GS_RUN(test_full_input_refuses_nothing_lost);
    GS_RUN(test_full_output_blocks_grants);
    GS_RUN(test_bandwidth_and_round_robin);
    GS_RUN(test_loaded_system_loses_nothing);
    return gs_check_report();
}
