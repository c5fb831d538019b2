/*
 * Execution units (src/core/exec_unit.c; seed-004 section 1.2.7, GPGPU-Sim
 * -ptx_opcode_latency_* / _initiation_*): exact issue and write-back cycles
 * for dependent chains, initiation intervals, several units, write-back port
 * conflicts, routing and parameter errors.
 */
#include "check.h"
#include "core/exec_unit.h"

static uint64_t arena_buffer[16384];

/* GTX480 latencies (gpgpusim.config): int 4,13,4,5,145,32 / 1,2,2,1,8,4. */
static void gtx480(gs_eu_params *p, unsigned sp_units, unsigned ports)
{
    static const uint32_t lat_int[6] = { 4, 13, 4, 5, 145, 32 };
    static const uint32_t ii_int[6] = { 1, 2, 2, 1, 8, 4 };
    unsigned c;
    memset(p, 0, sizeof *p);
    for (c = 0; c < GS_OPC_COUNT; c++) {
        p->latency_cycles[c] = 1;
        p->initiation_cycles[c] = 1;
    }
    for (c = 0; c < 6; c++) {
        p->latency_cycles[GS_OPC_INT_ADD + c] = lat_int[c];
        p->initiation_cycles[GS_OPC_INT_ADD + c] = ii_int[c];
    }
    p->latency_cycles[GS_OPC_DP_ADD] = 8;
    p->initiation_cycles[GS_OPC_DP_ADD] = 8;
    p->num_units[GS_UNIT_SP] = sp_units;
    p->num_units[GS_UNIT_SFU] = 1;
    p->num_units[GS_UNIT_LDST] = 1;
    p->writeback_ports = ports;
}

static void make(gs_eu *eu, const gs_eu_params *p)
{
    gs_arena arena;
    gs_diag diag;
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    GS_CHECK_EQ(GS_OK, gs_eu_init(eu, p, &arena, &diag));
}

/* N dependent ops, one warp: each issues in its producer's write-back cycle
 * (write-back is processed before issue). Returns the last write-back cycle. */
static uint64_t chain(gs_eu *eu, unsigned op_class, unsigned n, uint64_t *issue_cycles)
{
    uint64_t cycle, last_wb = 0;
    unsigned issued = 0, pending = 0;
    uint32_t tags[GS_EU_MAX_PORTS];
    for (cycle = 0; cycle < 100000 && (issued < n || pending); cycle++) {
        uint32_t done = gs_eu_writeback(eu, cycle, tags);
        if (done) {
            pending = 0;
            last_wb = cycle;
        }
        if (issued < n && !pending && gs_eu_can_accept(eu, cycle, GS_UNIT_SP, op_class)) {
            gs_eu_issue(eu, cycle, GS_UNIT_SP, op_class, issued);
            issue_cycles[issued++] = cycle;
            pending = 1;
        }
    }
    return last_wb;
}

static void test_dependent_chain(void)
{
    gs_eu_params p;
    gs_eu eu;
    uint64_t at[10];
    unsigned i;
    gtx480(&p, 1, 1);
    make(&eu, &p);
    GS_CHECK_EQ(40, chain(&eu, GS_OPC_INT_ADD, 10, at));   /* N * latency */
    for (i = 0; i < 10; i++)
        GS_CHECK_EQ(4u * i, at[i]);
    p.dispatch_cycles = 2;                                  /* fixed overhead */
    make(&eu, &p);
    GS_CHECK_EQ(60, chain(&eu, GS_OPC_INT_ADD, 10, at));   /* N * (2 + latency) */
    GS_CHECK_EQ(54, at[9]);
    make(&eu, &p);
    GS_CHECK_EQ(5 * 15, chain(&eu, GS_OPC_INT_MAX, 5, at));
}

/* k independent DIVs (latency 145, II 8). */
static unsigned independent(gs_eu *eu, unsigned k, uint64_t *issue_cycles, uint64_t *wb)
{
    uint64_t cycle;
    unsigned issued = 0;
    for (cycle = 0; issued < k && cycle < 1000; cycle++)
        while (issued < k && gs_eu_can_accept(eu, cycle, GS_UNIT_SP, GS_OPC_INT_DIV)) {
            wb[issued] = gs_eu_issue(eu, cycle, GS_UNIT_SP, GS_OPC_INT_DIV, issued);
            issue_cycles[issued++] = cycle;
        }
    return issued;
}

static void test_initiation_interval(void)
{
    gs_eu_params p;
    gs_eu eu;
    uint64_t at[4], wb[4];
    unsigned i;
    gtx480(&p, 1, 1);
    make(&eu, &p);
    GS_CHECK_EQ(4, independent(&eu, 4, at, wb));
    for (i = 0; i < 4; i++) {
        GS_CHECK_EQ(8u * i, at[i]);
        GS_CHECK_EQ(145u + 8u * i, wb[i]);
    }
    /* the boundary: not at cycle 31, yes at 32 */
    GS_CHECK_EQ(0, gs_eu_can_accept(&eu, 31, GS_UNIT_SP, GS_OPC_INT_DIV));
    GS_CHECK_EQ(1, gs_eu_can_accept(&eu, 32, GS_UNIT_SP, GS_OPC_INT_DIV));
    GS_CHECK_EQ(4, eu.issued[GS_UNIT_SP]);
}

static void test_two_units(void)
{
    static const uint64_t want_at[4] = { 0, 0, 8, 8 }, want_wb[4] = { 145, 145, 153, 153 };
    static const uint64_t one_port_at[4] = { 0, 1, 8, 9 };
    gs_eu_params p;
    gs_eu eu;
    uint64_t at[4], wb[4];
    uint32_t tags[2];
    unsigned i;
    gtx480(&p, 2, 2);
    make(&eu, &p);
    independent(&eu, 4, at, wb);
    for (i = 0; i < 4; i++) {
        GS_CHECK_EQ(want_at[i], at[i]);
        GS_CHECK_EQ(want_wb[i], wb[i]);
    }
    GS_CHECK_EQ(4, gs_eu_in_flight(&eu));
    for (i = 0; i < 145; i++)
        GS_CHECK_EQ(0, gs_eu_writeback(&eu, i, tags));
    GS_CHECK_EQ(2, gs_eu_writeback(&eu, 145, tags));
    GS_CHECK_EQ(0, tags[0]);                   /* issue order */
    GS_CHECK_EQ(1, tags[1]);
    GS_CHECK_EQ(2, gs_eu_in_flight(&eu));
    /* one write-back port: the second unit waits a cycle for a free port */
    gtx480(&p, 2, 1);
    make(&eu, &p);
    independent(&eu, 4, at, wb);
    for (i = 0; i < 4; i++)
        GS_CHECK_EQ(one_port_at[i], at[i]);
    GS_CHECK_EQ(1, eu.port_stalls);     /* cycle 0 only */
}

/* Different latencies colliding on one write-back cycle. */
static void test_writeback_collision(void)
{
    gs_eu_params p;
    gs_eu eu;
    gtx480(&p, 1, 1);
    make(&eu, &p);
    GS_CHECK_EQ(13, gs_eu_issue(&eu, 0, GS_UNIT_SP, GS_OPC_INT_MAX, 0));
    GS_CHECK_EQ(0, gs_eu_can_accept(&eu, 1, GS_UNIT_SP, GS_OPC_INT_ADD));  /* II 2 */
    GS_CHECK_EQ(1, gs_eu_can_accept(&eu, 8, GS_UNIT_SP, GS_OPC_INT_ADD));
    GS_CHECK_EQ(0, gs_eu_can_accept(&eu, 9, GS_UNIT_SP, GS_OPC_INT_ADD));  /* wb 13 taken */
    GS_CHECK_EQ(1, gs_eu_can_accept(&eu, 10, GS_UNIT_SP, GS_OPC_INT_ADD));
    GS_CHECK_EQ(1, eu.busy_stalls);
    GS_CHECK_EQ(1, eu.port_stalls);
}

static void test_routing_and_ldst(void)
{
    gs_eu_params p;
    gs_eu eu;
    gtx480(&p, 2, 2);
    make(&eu, &p);
    GS_CHECK_EQ(GS_UNIT_SFU, gs_eu_route(&eu, GS_UNIT_DP));   /* no DP units */
    GS_CHECK_EQ(GS_UNIT_SP, gs_eu_route(&eu, GS_UNIT_INT));
    GS_CHECK_EQ(GS_UNIT_SP, gs_eu_route(&eu, GS_UNIT_BRANCH));
    GS_CHECK_EQ(GS_UNIT_LDST, gs_eu_route(&eu, GS_UNIT_LDST));
    /* DP on the single SFU: II 8 blocks SFU work too */
    GS_CHECK_EQ(8, gs_eu_issue(&eu, 0, GS_UNIT_DP, GS_OPC_DP_ADD, 0));
    GS_CHECK_EQ(0, gs_eu_can_accept(&eu, 7, GS_UNIT_SFU, GS_OPC_SFU));
    GS_CHECK_EQ(1, gs_eu_can_accept(&eu, 8, GS_UNIT_SFU, GS_OPC_SFU));
    GS_CHECK_EQ(GS_EU_NO_WRITEBACK, gs_eu_issue(&eu, 0, GS_UNIT_LDST, GS_OPC_MEM, 1));
    GS_CHECK_EQ(0, gs_eu_can_accept(&eu, 0, GS_UNIT_LDST, GS_OPC_MEM));
    GS_CHECK_EQ(1, gs_eu_can_accept(&eu, 1, GS_UNIT_LDST, GS_OPC_MEM));
    GS_CHECK_EQ(1, gs_eu_in_flight(&eu));     /* the LD/ST op is not tracked here */
    p.num_units[GS_UNIT_DP] = 1;
    make(&eu, &p);
    GS_CHECK_EQ(GS_UNIT_DP, gs_eu_route(&eu, GS_UNIT_DP));
}

static void test_bad_params(void)
{
    gs_arena arena;
    gs_diag diag;
    gs_eu_params p;
    gs_eu eu;
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    gtx480(&p, 0, 1);
    GS_CHECK_EQ(GS_E_CONFIG, gs_eu_init(&eu, &p, &arena, &diag));
    GS_CHECK_STR("-gpgpu_num_sp_units must be at least 1 (an SM needs SP and LD/ST units)",
                 diag.message);
    gtx480(&p, 17, 1);
    GS_CHECK_EQ(GS_E_LIMIT, gs_eu_init(&eu, &p, &arena, &diag));
    GS_CHECK_STR("-gpgpu_num_sp_units 17 is above the maximum 16", diag.message);
    gtx480(&p, 1, 1);
    p.initiation_cycles[GS_OPC_INT_DIV] = 0;
    GS_CHECK_EQ(GS_E_CONFIG, gs_eu_init(&eu, &p, &arena, &diag));
    GS_CHECK_STR("op class 4: latency and initiation interval must be at least 1 cycle "
                 "(-ptx_opcode_latency_* / _initiation_*)", diag.message);
    gtx480(&p, 1, 1);
    p.latency_cycles[GS_OPC_DP_DIV] = 9000;
    GS_CHECK_EQ(GS_E_LIMIT, gs_eu_init(&eu, &p, &arena, &diag));
    GS_CHECK_STR("instruction latency 9000 cycles is above the maximum 8191", diag.message);
}

int main(void)
{
    GS_RUN(test_dependent_chain);
    GS_RUN(test_initiation_interval);
    GS_RUN(test_two_units);
    GS_RUN(test_writeback_collision);
    GS_RUN(test_routing_and_ldst);
    GS_RUN(test_bad_params);
    return gs_check_report();
}
