/*
 * The scheduler, scoreboard and execution units driven together in the SM
 * cycle order the pipeline will use (write-back -> scoreboard release ->
 * readiness -> scheduler pick -> issue; src/core/sched.h, scoreboard.h,
 * exec_unit.h): exact issue cycles for dependent chains and for independent
 * streams under GTO and LRR.
 */
#include "check.h"
#include "core/exec_unit.h"
#include "core/sched.h"
#include "core/scoreboard.h"

#define WARPS 4u
#define PER_WARP 3u

static uint64_t arena_buffer[4096];

typedef struct mini_sm {
    gs_sched sched;
    gs_scoreboard sb;
    gs_eu eu;
    gs_inst prog[WARPS][PER_WARP];
    unsigned next[WARPS];
    unsigned issue_warp[WARPS * PER_WARP];
    uint64_t issue_cycle[WARPS * PER_WARP];
    unsigned issued;
    uint64_t last_writeback;
} mini_sm;

static void make(mini_sm *m, unsigned policy, int dependent)
{
    gs_arena arena;
    gs_diag diag;
    gs_sched_params sp = { 0, WARPS, 0, 0 };
    gs_scoreboard_params bp = { WARPS, 8 };
    gs_eu_params ep;
    unsigned w, i, c;
    memset(m, 0, sizeof *m);
    memset(&ep, 0, sizeof ep);
    for (c = 0; c < GS_OPC_COUNT; c++)
        ep.latency_cycles[c] = ep.initiation_cycles[c] = 1;
    ep.latency_cycles[GS_OPC_INT_ADD] = 4;
    ep.num_units[GS_UNIT_SP] = 1;
    ep.num_units[GS_UNIT_LDST] = 1;
    ep.writeback_ports = 1;
    sp.policy = policy;
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    GS_CHECK_EQ(GS_OK, gs_sched_init(&m->sched, &sp, &arena, &diag));
    GS_CHECK_EQ(GS_OK, gs_scoreboard_init(&m->sb, &bp, &arena, &diag));
    GS_CHECK_EQ(GS_OK, gs_eu_init(&m->eu, &ep, &arena, &diag));
    for (w = 0; w < WARPS; w++) {
        gs_sched_warp_add(&m->sched, w, w);
        for (i = 0; i < PER_WARP; i++) {
            gs_inst *in = &m->prog[w][i];
            in->unit = GS_UNIT_SP;
            in->op_class = GS_OPC_INT_ADD;
            in->num_dst = 1;
            in->dst[0] = (uint16_t)(i + 1u);          /* r(i+1) = r(i) + r(i) */
            in->num_src = 1;
            in->src[0] = (uint16_t)(dependent ? i : 100u);
        }
    }
}

static void cycle(mini_sm *m, uint64_t now)
{
    uint32_t tags[1], n, k;
    gs_sched_cycle_in in;
    unsigned w;
    int pick;
    n = gs_eu_writeback(&m->eu, now, tags);             /* 1. write-back */
    for (k = 0; k < n; k++) {
        unsigned warp = tags[k] / 16u, index = tags[k] % 16u;
        gs_scoreboard_release_inst(&m->sb, warp, &m->prog[warp][index]);
        m->last_writeback = now;
    }
    memset(&in, 0, sizeof in);                          /* 2. readiness */
    for (w = 0; w < WARPS; w++) {
        const gs_inst *inst = &m->prog[w][m->next[w]];
        if (m->next[w] < PER_WARP && gs_scoreboard_check(&m->sb, w, inst) == GS_SB_FREE
            && gs_eu_can_accept(&m->eu, now, inst->unit, inst->op_class))
            in.ready |= (uint64_t)1u << w;
    }
    pick = gs_sched_pick(&m->sched, &in);               /* 3. pick, 4. issue */
    if (pick == GS_SCHED_NONE)
        return;
    w = (unsigned)pick;
    gs_scoreboard_reserve(&m->sb, w, &m->prog[w][m->next[w]], 0);
    gs_eu_issue(&m->eu, now, GS_UNIT_SP, GS_OPC_INT_ADD, w * 16u + m->next[w]);
    gs_sched_issued(&m->sched, w);
    m->issue_warp[m->issued] = w;
    m->issue_cycle[m->issued++] = now;
    m->next[w]++;
}

static void run(mini_sm *m)
{
    uint64_t now;
    for (now = 0; now < 200; now++)
        cycle(m, now);
}

/* Dependent chains: every warp issues each 4 cycles; GTO and LRR agree. */
static void test_dependent_chains(void)
{
    static const unsigned want_warp[12] = { 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3 };
    static const uint64_t want_cycle[12] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 };
    static mini_sm m;
    unsigned policy, i;
    for (policy = GS_SCHED_LRR; policy <= GS_SCHED_GTO; policy++) {
        make(&m, policy, 1);
        run(&m);
        GS_CHECK_EQ(12, m.issued);
        for (i = 0; i < 12; i++) {
            GS_CHECK_EQ(want_warp[i], m.issue_warp[i]);
            GS_CHECK_EQ(want_cycle[i], m.issue_cycle[i]);
        }
        GS_CHECK_EQ(15, m.last_writeback);           /* 11 + latency 4 */
        /* waiting warps checked each cycle: 1+2+3 (cycles 1-3), 3 x 4 (4-7), 3+2+1 */
        GS_CHECK_EQ(24, m.sb.stalls_raw);
    }
}

/* Independent instructions: GTO drains one warp, LRR interleaves. */
static void test_independent_streams(void)
{
    static const unsigned gto[12] = { 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3 };
    static const unsigned lrr[12] = { 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3 };
    static mini_sm m;
    unsigned i;
    make(&m, GS_SCHED_GTO, 0);
    run(&m);
    for (i = 0; i < 12; i++) {
        GS_CHECK_EQ(gto[i], m.issue_warp[i]);
        GS_CHECK_EQ(i, m.issue_cycle[i]);
    }
    make(&m, GS_SCHED_LRR, 0);
    run(&m);
    for (i = 0; i < 12; i++)
        GS_CHECK_EQ(lrr[i], m.issue_warp[i]);
    GS_CHECK_EQ(15, m.last_writeback);
}

int main(void)
{
    GS_RUN(test_dependent_chains);
    GS_RUN(test_independent_streams);
    return gs_check_report();
}
