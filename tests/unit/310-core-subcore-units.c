/*
 * The sub-core model and the trace-timing switch of the execution units
 * (src/core/exec_unit.h; -gpgpu_sub_core_model, spec/formats.md 2.5;
 * Accel-Sim trace.config, formats.md 1.6): exact issue counts.
 *
 * Setup: 4 schedulers; INT_ADD latency 4, initiation interval (II) 2; one
 * issue attempt per scheduler per cycle over cycles 0..9 (10 cycles).
 *  - sub-core on, 4 SP units: scheduler s owns SP unit s only, so a lone
 *    scheduler issues every II = 2 cycles: cycles 0,2,4,6,8 = 5 issues;
 *    four schedulers each own a unit: 4 x 5 = 20 issues (4x);
 *  - sub-core off: a lone scheduler takes unit 0 then 1 then 0 ... and
 *    issues every cycle: 10; four schedulers share 4 units of II 2, i.e. 2
 *    issues per cycle: 20.
 */
#include "check.h"
#include "core/exec_unit.h"

static uint64_t arena_buffer[8192];

static gs_eu eu;

static gs_status make(uint32_t sub_core, uint32_t sp_units, uint32_t scheds)
{
    gs_arena arena;
    gs_diag diag;
    gs_eu_params p;
    unsigned c;
    memset(&p, 0, sizeof p);
    for (c = 0; c < GS_OPC_COUNT; c++)
        p.latency_cycles[c] = p.initiation_cycles[c] = 1;
    p.latency_cycles[GS_OPC_MEM] = 0;
    p.latency_cycles[GS_OPC_INT_ADD] = 4;
    p.initiation_cycles[GS_OPC_INT_ADD] = 2;
    p.num_units[GS_UNIT_SP] = sp_units;
    p.num_units[GS_UNIT_LDST] = 1;
    p.writeback_ports = 16;
    p.sub_core = sub_core;
    p.num_scheds = scheds;
    p.num_spec = 1;                       /* a BRA unit: 4 units, latency 6, II 3 */
    p.spec[0].kind = GS_SPEC_BRA;
    p.spec[0].num_units = 4;
    p.spec[0].latency_cycles = 6;
    p.spec[0].initiation_cycles = 3;
    p.trace_latency_cycles[GS_OPC_INT_ADD] = 7;   /* trace table: INT 7,3 */
    p.trace_initiation_cycles[GS_OPC_INT_ADD] = 3;
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    return gs_eu_init(&eu, &p, &arena, &diag);
}

/* Issues in cycles 0..9 by the schedulers in `mask`, one attempt each per cycle. */
static uint32_t issues(uint32_t mask)
{
    uint32_t n = 0, tags[16];
    uint64_t cycle;
    unsigned s;
    for (cycle = 0; cycle < 10u; cycle++) {
        gs_eu_writeback(&eu, cycle, tags);
        for (s = 0; s < 4u; s++)
            if ((mask >> s & 1u) &&
                gs_eu_can_accept_from(&eu, cycle, GS_UNIT_SP, GS_OPC_INT_ADD, s)) {
                gs_eu_issue_from(&eu, cycle, GS_UNIT_SP, GS_OPC_INT_ADD, s, n);
                n++;
            }
    }
    return n;
}

static void test_sub_core_on_splits_the_units(void)
{
    GS_CHECK_EQ(GS_OK, make(1, 4, 4));
    GS_CHECK_EQ(5u, issues(0x1u));            /* one scheduler: its single unit, II 2 */
    GS_CHECK_EQ(GS_OK, make(1, 4, 4));
    GS_CHECK_EQ(5u, issues(0x4u));            /* scheduler 2 alike (unit 2) */
    GS_CHECK_EQ(GS_OK, make(1, 4, 4));
    GS_CHECK_EQ(20u, issues(0xFu));           /* four schedulers: 4x */
    GS_CHECK_EQ(GS_OK, make(1, 8, 4));
    GS_CHECK_EQ(10u, issues(0x1u));           /* 8 units: scheduler 0 owns units 0 and 4 */
}

static void test_sub_core_off_shares_the_units(void)
{
    GS_CHECK_EQ(GS_OK, make(0, 4, 4));
    GS_CHECK_EQ(10u, issues(0x1u));
    GS_CHECK_EQ(GS_OK, make(0, 4, 4));
    GS_CHECK_EQ(20u, issues(0xFu));
}

/* Scheduler 1 busy on its unit leaves scheduler 0's unit free; the LD/ST port
 * is one port for the whole SM even under the sub-core model. */
static void test_own_units_and_shared_ldst(void)
{
    GS_CHECK_EQ(GS_OK, make(1, 4, 4));
    gs_eu_issue_from(&eu, 0, GS_UNIT_SP, GS_OPC_INT_ADD, 1, 0);
    GS_CHECK_EQ(0, gs_eu_can_accept_from(&eu, 1, GS_UNIT_SP, GS_OPC_INT_ADD, 1));
    GS_CHECK_EQ(1, gs_eu_can_accept_from(&eu, 1, GS_UNIT_SP, GS_OPC_INT_ADD, 0));
    GS_CHECK_EQ(1, gs_eu_can_accept_from(&eu, 2, GS_UNIT_SP, GS_OPC_INT_ADD, 1));
    gs_eu_issue_from(&eu, 5, GS_UNIT_LDST, GS_OPC_MEM, 3, 1);
    GS_CHECK_EQ(0, gs_eu_can_accept_from(&eu, 5, GS_UNIT_LDST, GS_OPC_MEM, 0));
    GS_CHECK_EQ(1, gs_eu_can_accept_from(&eu, 6, GS_UNIT_LDST, GS_OPC_MEM, 0));
}

/* Unit counts that do not divide among the schedulers are refused. */
static void test_uneven_units_refused(void)
{
    GS_CHECK_EQ(GS_E_CONFIG, make(1, 2, 4));
    GS_CHECK_EQ(GS_E_CONFIG, make(1, 6, 4));
    GS_CHECK_EQ(GS_OK, make(0, 2, 4));       /* without sub-cores any count works */
}

/* Before gs_eu_use_trace_timing (PTX runs): the -ptx_opcode_* table and no
 * specialized unit. After: the trace table (INT 7,3) and the BRA unit, which
 * under sub-cores gives scheduler 2 its unit 2: issues at 0, 3, 6, 9 (II 3),
 * written back 6 cycles later. */
static void test_trace_timing_switch(void)
{
    uint32_t tags[16];
    GS_CHECK_EQ(GS_OK, make(1, 4, 4));
    GS_CHECK_EQ(4u, gs_eu_delay(&eu, GS_OPC_INT_ADD));
    GS_CHECK_EQ(0u, gs_eu_spec_of(&eu, GS_SPEC_BRA));
    gs_eu_use_trace_timing(&eu);
    GS_CHECK_EQ(7u, gs_eu_delay(&eu, GS_OPC_INT_ADD));
    GS_CHECK_EQ(1u, gs_eu_spec_of(&eu, GS_SPEC_BRA));
    GS_CHECK_EQ(0u, gs_eu_spec_of(&eu, GS_SPEC_TEX));
    GS_CHECK_EQ(6u, gs_eu_issue_spec(&eu, 0, 1, 2, 40));
    GS_CHECK_EQ(0, gs_eu_can_accept_spec(&eu, 2, 1, 2));
    GS_CHECK_EQ(1, gs_eu_can_accept_spec(&eu, 2, 1, 1));   /* scheduler 1: unit 1 */
    GS_CHECK_EQ(1, gs_eu_can_accept_spec(&eu, 3, 1, 2));
    GS_CHECK_EQ(9u, gs_eu_issue_spec(&eu, 3, 1, 2, 41));
    GS_CHECK_EQ(0u, gs_eu_writeback(&eu, 5, tags));
    GS_CHECK_EQ(1u, gs_eu_writeback(&eu, 6, tags));
    GS_CHECK_EQ(40u, tags[0]);
    /* INT_ADD now II 3: scheduler 0 issues at 0, refused at 1 and 2, again at 3 */
    GS_CHECK_EQ(7u, gs_eu_issue_from(&eu, 0, GS_UNIT_SP, GS_OPC_INT_ADD, 0, 42));
    GS_CHECK_EQ(0, gs_eu_can_accept_from(&eu, 2, GS_UNIT_SP, GS_OPC_INT_ADD, 0));
    GS_CHECK_EQ(1, gs_eu_can_accept_from(&eu, 3, GS_UNIT_SP, GS_OPC_INT_ADD, 0));
}

int main(void)
{
    GS_RUN(test_sub_core_on_splits_the_units);
    GS_RUN(test_sub_core_off_shares_the_units);
    GS_RUN(test_own_units_and_shared_ldst);
    GS_RUN(test_uneven_units_refused);
    GS_RUN(test_trace_timing_switch);
    return gs_check_report();
}
