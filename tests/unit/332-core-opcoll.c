/*
 * Operand collector and register-file banks (src/core/opcoll.c; seed-004
 * section 1.2.6): exact dispatch cycles for bank conflicts inside one
 * instruction and between CUs, write-back priority, no free collector unit,
 * in / out ports, naive versus swizzled bank mapping, in-order dispatch per
 * warp, the port throughput, the sub-core split and parameter errors.
 *
 * Cycle rule under test: a CU allocated at cycle t reads from t + 1; an
 * instruction whose last operand is read at cycle r dispatches at r + 1.
 */
#include "check.h"
#include "core/opcoll.h"

static uint64_t arena_buffer[4096];
static gs_oc oc;
static const uint8_t routed_sp_mem[GS_OC_GEN] = { 1, 0, 0, 0, 0, 1 };

/* Dispatches seen by the callback. */
static uint32_t n_done;
static uint32_t done_tag[16];
static uint64_t done_cycle[16];
static int unit_free = 1;

static int take(void *ctx, uint32_t cu, uint32_t tag, uint64_t cycle)
{
    (void)ctx;
    (void)cu;
    if (!unit_free)
        return 0;
    if (n_done < 16u) {
        done_tag[n_done] = tag;
        done_cycle[n_done] = cycle;
    }
    n_done++;
    return 1;
}

/* 4 SP CUs (1 in, 1 out port), 2 mem CUs, 4 banks, naive, one read per bank. */
static void params(gs_oc_params *p)
{
    memset(p, 0, sizeof *p);
    p->specialized = 1;
    p->num_cus[GS_OC_SP] = 4;
    p->in_ports[GS_OC_SP] = 1;
    p->out_ports[GS_OC_SP] = 1;
    p->num_cus[GS_OC_MEM] = 2;
    p->in_ports[GS_OC_MEM] = 1;
    p->out_ports[GS_OC_MEM] = 1;
    p->num_banks = 4;
    p->port_throughput = 1;
    p->mapping = GS_OC_MAP_NAIVE;
    p->num_scheds = 1;
}

static gs_status make(const gs_oc_params *p)
{
    gs_arena arena;
    gs_diag diag;
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    n_done = 0;
    unit_free = 1;
    return gs_oc_init(&oc, p, routed_sp_mem, &arena, &diag);
}

/* One cycle of the collector as the SM runs it: dispatch, then reads. */
static void step(uint64_t cycle)
{
    gs_oc_dispatch(&oc, cycle, take, NULL);
    gs_oc_read(&oc, cycle);
}

static void accept2(uint64_t cycle, uint32_t warp, uint32_t tag, uint16_t a, uint16_t b)
{
    uint16_t src[2];
    src[0] = a;
    src[1] = b;
    GS_CHECK(gs_oc_can_accept(&oc, cycle, GS_OC_SP, 0));
    gs_oc_accept(&oc, cycle, GS_OC_SP, 0, warp, tag, src, 2);
}

/* Fig 3.14: r1 and r5 share bank 1 of 4: the second read waits a cycle. */
static void test_same_bank_costs_a_cycle(void)
{
    gs_oc_params p;
    params(&p);
    GS_CHECK_EQ(GS_OK, make(&p));
    accept2(0, 0, 7, 1, 5);
    step(1);
    step(2);
    GS_CHECK_EQ(0, n_done);           /* one cycle before the boundary */
    step(3);
    GS_CHECK_EQ(1, n_done);
    GS_CHECK_EQ(3, done_cycle[0]);
    GS_CHECK_EQ(7, done_tag[0]);
    GS_CHECK_EQ(1, oc.st.bank_conflicts);
    GS_CHECK_EQ(2, oc.st.reads);
    GS_CHECK_EQ(0, gs_oc_busy(&oc));
}

static void test_different_banks_read_together(void)
{
    gs_oc_params p;
    params(&p);
    GS_CHECK_EQ(GS_OK, make(&p));
    accept2(0, 0, 7, 1, 2);
    step(1);
    GS_CHECK_EQ(0, n_done);
    step(2);
    GS_CHECK_EQ(1, n_done);
    GS_CHECK_EQ(2, done_cycle[0]);
    GS_CHECK_EQ(0, oc.st.bank_conflicts);
}

/* A register named twice is one read: no conflict with itself. */
static void test_repeated_register_read_once(void)
{
    gs_oc_params p;
    params(&p);
    GS_CHECK_EQ(GS_OK, make(&p));
    accept2(0, 0, 7, 3, 3);
    step(1);
    step(2);
    GS_CHECK_EQ(2, done_cycle[0]);
    GS_CHECK_EQ(1, oc.st.reads);
}

/* An instruction without register sources dispatches the next cycle. */
static void test_no_sources(void)
{
    gs_oc_params p;
    params(&p);
    GS_CHECK_EQ(GS_OK, make(&p));
    gs_oc_accept(&oc, 0, GS_OC_SP, 0, 0, 1, NULL, 0);
    step(1);
    GS_CHECK_EQ(1, n_done);
    GS_CHECK_EQ(1, done_cycle[0]);
}

/* Write-back takes bank 1 at cycle 1 (r5 of a 4-bank file): r1's read waits. */
static void test_writeback_has_priority(void)
{
    gs_oc_params p;
    uint16_t r1 = 1;
    params(&p);
    GS_CHECK_EQ(GS_OK, make(&p));
    gs_oc_accept(&oc, 0, GS_OC_SP, 0, 0, 1, &r1, 1);
    gs_oc_write(&oc, 1, 0, 0, 5);
    step(1);
    step(2);
    GS_CHECK_EQ(0, n_done);
    step(3);
    GS_CHECK_EQ(3, done_cycle[0]);
    GS_CHECK_EQ(1, oc.st.wb_conflicts);
    /* a write to another bank (r6: bank 2) costs nothing */
    GS_CHECK_EQ(GS_OK, make(&p));
    gs_oc_accept(&oc, 10, GS_OC_SP, 0, 0, 1, &r1, 1);
    gs_oc_write(&oc, 11, 0, 0, 6);
    step(11);
    step(12);
    GS_CHECK_EQ(12, done_cycle[0]);
    GS_CHECK_EQ(0, oc.st.wb_conflicts);
}

/* 2 SP CUs, 2 in ports: the third instruction finds no CU until one
 * dispatches; with 1 in port the second waits for the next cycle. */
static void test_no_free_collector_unit(void)
{
    gs_oc_params p;
    params(&p);
    p.num_cus[GS_OC_SP] = 2;
    p.in_ports[GS_OC_SP] = 2;
    GS_CHECK_EQ(GS_OK, make(&p));
    accept2(0, 0, 1, 0, 1);
    accept2(0, 1, 2, 2, 3);
    GS_CHECK(!gs_oc_can_accept(&oc, 0, GS_OC_SP, 0));
    GS_CHECK_EQ(1, oc.st.full_refusals);
    step(1);
    GS_CHECK(!gs_oc_can_accept(&oc, 1, GS_OC_SP, 0));
    step(2);                            /* out port 1: the older leaves */
    GS_CHECK_EQ(1, n_done);
    GS_CHECK_EQ(1, done_tag[0]);
    GS_CHECK(gs_oc_can_accept(&oc, 2, GS_OC_SP, 0));
    /* the mem set is separate (specialized) */
    GS_CHECK(gs_oc_can_accept(&oc, 0, GS_OC_MEM, 0));
    params(&p);
    GS_CHECK_EQ(GS_OK, make(&p));
    accept2(5, 0, 1, 0, 1);
    GS_CHECK(!gs_oc_can_accept(&oc, 5, GS_OC_SP, 0));   /* one in port */
    GS_CHECK(gs_oc_can_accept(&oc, 6, GS_OC_SP, 0));
}

/* Bank of r of warp w: naive r mod NB, swizzled (r + w) mod NB. */
static void test_bank_mapping(void)
{
    gs_oc_params p;
    params(&p);
    p.num_banks = 16;
    GS_CHECK_EQ(GS_OK, make(&p));
    GS_CHECK_EQ(1, gs_oc_bank(&oc, 3, 0, 1));
    GS_CHECK_EQ(1, gs_oc_bank(&oc, 3, 0, 17));
    p.mapping = GS_OC_MAP_SWIZZLED;
    GS_CHECK_EQ(GS_OK, make(&p));
    GS_CHECK_EQ(4, gs_oc_bank(&oc, 3, 0, 1));
    GS_CHECK_EQ(2, gs_oc_bank(&oc, 3, 0, 15));
}

/* Warps 0 and 1 both read r0 in the same cycle (2 out ports): naive puts
 * both in bank 0 (the younger waits a cycle); swizzled in banks 0 and 1. */
static void test_swizzle_separates_warps(void)
{
    gs_oc_params p;
    uint16_t r0 = 0;
    unsigned m;
    for (m = 0; m < 2u; m++) {
        params(&p);
        p.mapping = m ? GS_OC_MAP_SWIZZLED : GS_OC_MAP_NAIVE;
        p.in_ports[GS_OC_SP] = 2;
        p.out_ports[GS_OC_SP] = 2;
        GS_CHECK_EQ(GS_OK, make(&p));
        gs_oc_accept(&oc, 0, GS_OC_SP, 0, 0, 1, &r0, 1);
        gs_oc_accept(&oc, 0, GS_OC_SP, 0, 1, 2, &r0, 1);
        step(1);
        step(2);
        step(3);
        GS_CHECK_EQ(2, n_done);
        GS_CHECK_EQ(2, done_cycle[0]);
        GS_CHECK_EQ(m ? 2u : 3u, done_cycle[1]);
        GS_CHECK_EQ(m ? 0u : 1u, oc.st.bank_conflicts);
    }
}

/* WAR policy: the younger instruction of warp 0 (ready at 2) waits for the
 * older one (same-bank pair, ready at 3); another warp's does not. */
static void test_in_order_dispatch_per_warp(void)
{
    gs_oc_params p;
    uint16_t r2 = 2;
    uint32_t warp;
    for (warp = 0; warp < 2u; warp++) {
        params(&p);
        p.in_ports[GS_OC_SP] = 2;
        p.out_ports[GS_OC_SP] = 2;
        GS_CHECK_EQ(GS_OK, make(&p));
        accept2(0, 0, 1, 1, 5);
        gs_oc_accept(&oc, 0, GS_OC_SP, 0, warp, 2, &r2, 1);
        step(1);
        step(2);
        step(3);
        GS_CHECK_EQ(2, n_done);
        GS_CHECK_EQ(warp ? 2u : 1u, done_tag[0]);
        GS_CHECK_EQ(warp ? 2u : 3u, warp ? done_cycle[0] : done_cycle[1]);
        GS_CHECK_EQ(3, warp ? done_cycle[1] : done_cycle[0]);
    }
}

/* Three ready CUs, 2 out ports: two leave at cycle 2, the third at 3. */
static void test_out_ports(void)
{
    gs_oc_params p;
    params(&p);
    p.in_ports[GS_OC_SP] = 3;
    p.out_ports[GS_OC_SP] = 2;
    GS_CHECK_EQ(GS_OK, make(&p));
    gs_oc_accept(&oc, 0, GS_OC_SP, 0, 0, 1, NULL, 0);
    gs_oc_accept(&oc, 0, GS_OC_SP, 0, 1, 2, NULL, 0);
    gs_oc_accept(&oc, 0, GS_OC_SP, 0, 2, 3, NULL, 0);
    step(1);
    GS_CHECK_EQ(2, n_done);
    step(2);
    GS_CHECK_EQ(3, n_done);
    GS_CHECK_EQ(2, done_cycle[2]);
    GS_CHECK_EQ(3, done_tag[2]);
}

/* A refused dispatch (unit busy) is retried each cycle, and counted. */
static void test_unit_refusal_retries(void)
{
    gs_oc_params p;
    params(&p);
    GS_CHECK_EQ(GS_OK, make(&p));
    gs_oc_accept(&oc, 0, GS_OC_SP, 0, 0, 1, NULL, 0);
    unit_free = 0;
    step(1);
    step(2);
    unit_free = 1;
    step(3);
    GS_CHECK_EQ(1, n_done);
    GS_CHECK_EQ(3, done_cycle[0]);
    GS_CHECK_EQ(2, oc.st.dispatch_stalls);
}

/* -gpgpu_reg_file_port_throughput 2: the same-bank pair reads in one cycle. */
static void test_port_throughput(void)
{
    gs_oc_params p;
    params(&p);
    p.port_throughput = 2;
    GS_CHECK_EQ(GS_OK, make(&p));
    accept2(0, 0, 7, 1, 5);
    step(1);
    step(2);
    GS_CHECK_EQ(1, n_done);
    GS_CHECK_EQ(2, done_cycle[0]);
    GS_CHECK_EQ(0, oc.st.bank_conflicts);
}

/* Sub-core model, 4 schedulers, 16 banks, 8 generic CUs with 8 ports:
 * scheduler s owns banks 4s..4s+3, CUs s and s + 4, 2 in ports. */
static void test_sub_core_split(void)
{
    gs_oc_params p;
    params(&p);
    p.specialized = 0;
    p.num_cus[GS_OC_GEN] = 8;
    p.in_ports[GS_OC_GEN] = 8;
    p.out_ports[GS_OC_GEN] = 8;
    p.num_banks = 16;
    p.mapping = GS_OC_MAP_SWIZZLED;
    p.sub_core = 1;
    p.num_scheds = 4;
    GS_CHECK_EQ(GS_OK, make(&p));
    GS_CHECK_EQ(4, gs_oc_bank(&oc, 5, 1, 3));     /* (3 + 5) mod 4 + 4 */
    GS_CHECK_EQ(15, gs_oc_bank(&oc, 2, 3, 1));    /* (1 + 2) mod 4 + 12 */
    GS_CHECK_EQ(1, gs_oc_accept(&oc, 0, GS_OC_SP, 1, 1, 1, NULL, 0));
    GS_CHECK_EQ(5, gs_oc_accept(&oc, 0, GS_OC_SP, 1, 5, 2, NULL, 0));
    GS_CHECK(!gs_oc_can_accept(&oc, 1, GS_OC_SP, 1));
    GS_CHECK(gs_oc_can_accept(&oc, 1, GS_OC_SP, 2));
}

static void test_parameter_errors(void)
{
    gs_oc_params p;
    params(&p);
    p.num_cus[GS_OC_SP] = 0;                      /* SP has no CU, no generic one */
    GS_CHECK_EQ(GS_E_CONFIG, make(&p));
    p.num_cus[GS_OC_GEN] = 2;                     /* generic CUs without out ports */
    p.in_ports[GS_OC_GEN] = 1;
    GS_CHECK_EQ(GS_E_CONFIG, make(&p));
    p.out_ports[GS_OC_GEN] = 1;
    GS_CHECK_EQ(GS_OK, make(&p));
    params(&p);
    p.num_banks = 0;
    GS_CHECK_EQ(GS_E_CONFIG, make(&p));
    params(&p);
    p.sub_core = 1;
    p.num_scheds = 4;                             /* 2 mem CUs for 4 sub-cores */
    GS_CHECK_EQ(GS_E_CONFIG, make(&p));
    params(&p);
    p.num_cus[GS_OC_SP] = 63;
    GS_CHECK_EQ(GS_E_LIMIT, make(&p));
}

int main(void)
{
    GS_RUN(test_same_bank_costs_a_cycle);
    GS_RUN(test_different_banks_read_together);
    GS_RUN(test_repeated_register_read_once);
    GS_RUN(test_no_sources);
    GS_RUN(test_writeback_has_priority);
    GS_RUN(test_no_free_collector_unit);
    GS_RUN(test_bank_mapping);
    GS_RUN(test_swizzle_separates_warps);
    GS_RUN(test_in_order_dispatch_per_warp);
    GS_RUN(test_out_ports);
    GS_RUN(test_unit_refusal_retries);
    GS_RUN(test_port_throughput);
    GS_RUN(test_sub_core_split);
    GS_RUN(test_parameter_errors);
    return gs_check_report();
}
