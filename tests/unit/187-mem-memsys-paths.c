/*
 * The LD/ST unit's other paths and the characterisation modes (mem/ldst_full.c
 * header; issue 5): shared-memory bank conflicts (seed-004 1.3.2), atomics at
 * the L2 (1.5.2), .cg loads bypassing the L1, no L1 at all, an unbounded L1
 * (only cold misses), a bypassed L2, and the L1 events reaching the SM's
 * events (base/event.h). Latency terms: 180-mem-memsys-latency.c.
 */
#include "memsys_harness.h"

enum { L1 = 1, ROP = 7, SMEM = 1 };

static const char *const opts[] = {
    "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5", NULL
};

static uint64_t run(uint32_t sm, const gs_inst *inst, uint32_t tag, uint64_t *t)
{
    *t = ms_issue(sm, inst, 0, tag);
    return ms_wait(sm, tag, 3000);
}

static void test_shared_bank_conflicts(void)
{
    gs_inst free_inst = ms_inst(GS_SPACE_SHARED, GS_MEM_LOAD, 0x0, 4, 4);
    gs_inst conflict = ms_inst(GS_SPACE_SHARED, GS_MEM_LOAD, 0x0, 128, 4);
    uint64_t t, done;
    GS_CHECK(ms_setup(opts));
    done = run(0, &free_inst, 1, &t);
    GS_CHECK_EQ(t + 1u + SMEM, done);            /* one pass at t+1 */
    /* Stride 128 B: all 32 words in bank 0, 32 distinct words: 32 passes,
     * t+1 .. t+32, data SMEM after the last. */
    done = run(0, &conflict, 2, &t);
    GS_CHECK_EQ(t + 32u + SMEM, done);
    GS_CHECK_EQ(31, ms_stat("gpgpu_n_shmem_bkconflict"));
    GS_CHECK_EQ(0, ms_stat("icnt_req_packets"));
}

static void test_atomic_at_l2(void)
{
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 4, 4);
    gs_inst atom = ms_inst(GS_SPACE_GLOBAL, GS_MEM_ATOMIC, 0x0, 4, 4);
    uint64_t t, done;
    GS_CHECK(ms_setup(opts));
    run(1, &ld, 1, &t);                          /* the L2 holds line 0 now */
    GS_CHECK(ms_drain(100));
    atom.active_mask = 1u;                       /* one lane: a 32-B transaction */
    done = run(0, &atom, 2, &t);
    /* Request 8 + 32 B = 2 flits: granted t+2, arrives t+4; L2 access at
     * t+4+R (x); reply 2 flits: into the crossbar x+1, granted x+2, arrives
     * x+4, taken by the SM at x+5, done L1 later. */
    GS_CHECK_EQ(t + 4u + ROP + 5u + L1, done);
    GS_CHECK_EQ(1, ms_stat("L2_atomics"));
    GS_CHECK_EQ(1, ms_stat("L1D_total_cache_accesses"));   /* SM 1's load only */
    GS_CHECK_EQ(1, ms_stat("ldst_l1_bypass_accesses"));
}

static void test_cg_load_bypasses_l1(void)
{
    gs_inst cg = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 4, 4);
    uint64_t t, first, second;
    cg.cache_op = GS_CACHE_CG;
    GS_CHECK(ms_setup(opts));
    first = run(0, &cg, 1, &t);
    first -= t;
    second = run(0, &cg, 2, &t);
    second -= t;
    GS_CHECK_EQ(54, first);                      /* the cold row-closed path (180) */
    GS_CHECK_EQ(11u + ROP + L1, second);         /* an L2 hit: never an L1 hit */
    GS_CHECK_EQ(0, ms_stat("L1D_total_cache_accesses"));
    GS_CHECK_EQ(2, ms_stat("ldst_l1_bypass_accesses"));
}

static void test_no_l1(void)
{
    static const char *const none[] = {
        "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5", "-gpgpu_cache:dl1", "none", NULL
    };
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 4, 4);
    uint64_t t, done;
    GS_CHECK(ms_setup(none));
    run(0, &ld, 1, &t);
    done = run(0, &ld, 2, &t);
    GS_CHECK_EQ(t + 11u + ROP + L1, done);       /* L2 hit, as the .cg load */
    GS_CHECK_EQ(2, ms_stat("ldst_l1_bypass_accesses"));
    GS_CHECK_EQ(1, ms_stat("L2_total_cache_hits"));
}

static void test_unbounded_l1_only_cold_misses(void)
{
    static const char *const unb[] = { "-gs_l1d_mode", "1", NULL };
    uint32_t pass, k, tag = 0;
    GS_CHECK(ms_setup(unb));
    /* The 8 lines that thrash a linear 4-way set (185) miss only once. */
    for (pass = 0; pass < 2; pass++)
        for (k = 0; k < 8; k++) {
            gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, k * 0x1000u, 0, 4);
            ms_issue(0, &ld, 0, tag++);
            GS_CHECK(ms_drain(3000));
        }
    GS_CHECK_EQ(8, ms_stat("L1D_total_cache_misses"));
    GS_CHECK_EQ(8, ms_stat("L1D_total_cache_hits"));
}

static void test_bypassed_l2(void)
{
    static const char *const byp[] = { "-gs_l2_mode", "2", NULL };
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 4, 4);
    uint64_t t;
    GS_CHECK(ms_setup(byp));
    run(0, &ld, 1, &t);
    run(1, &ld, 2, &t);
    GS_CHECK(ms_drain(3000));
    /* The second SM's read goes to DRAM again: 2 lines x 2 RD commands. */
    GS_CHECK_EQ(4, ms_stat("total_dram_reads"));
    GS_CHECK_EQ(0, ms_stat("L2_total_cache_hits"));
}

/* ---- events ---- */

static uint32_t outcome_count[4];
static uint32_t last_warp;

static void count_access(void *ctx, const gs_event *event)
{
    (void)ctx;
    outcome_count[event->outcome]++;
    last_warp = event->origin.warp;
}

static void test_l1_events_reach_the_bus(void)
{
    static const char *const small[] = {
        "-gpgpu_cache:dl1", "N:32:128:4,L:L:m:N:L,A:1:8,8:0,128", NULL
    };
    static gs_event_bus bus;
    gs_event_sub sub;
    gs_inst two = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 0x80, 4);
    gs_diag diag;
    GS_CHECK(ms_setup(small));
    memset(outcome_count, 0, sizeof outcome_count);
    gs_event_bus_init(&bus);
    memset(&sub, 0, sizeof sub);
    sub.fn = count_access;
    sub.name = "counter";
    sub.kinds = GS_EVENT_BIT(GS_EV_L1D_ACCESS);
    GS_CHECK_EQ(GS_OK, gs_event_subscribe(&bus, &sub, &diag));
    gs_memsys_set_events(ms.sys, &bus);
    two.active_mask = 0x3u;                      /* two lines, one MSHR entry */
    ms_issue(0, &two, 5, 1);
    GS_CHECK(ms_wait(0, 1, 3000) != ~0ull);
    two.active_mask = 0x1u;
    ms_issue(0, &two, 6, 2);
    GS_CHECK(ms_wait(0, 2, 3000) != ~0ull);
    GS_CHECK_EQ(2, outcome_count[GS_OUTCOME_MISS]);
    GS_CHECK_EQ(1, outcome_count[GS_OUTCOME_HIT]);
    GS_CHECK_EQ(ms_stat("L1D_total_cache_reservation_fails"),
                outcome_count[GS_OUTCOME_RESERVATION_FAIL]);
    GS_CHECK(outcome_count[GS_OUTCOME_RESERVATION_FAIL] > 0);
    GS_CHECK_EQ(6, last_warp);
}

int main(void)
{
    GS_RUN(test_shared_bank_conflicts);
    GS_RUN(test_atomic_at_l2);
    GS_RUN(test_cg_load_bypasses_l1);
    GS_RUN(test_no_l1);
    GS_RUN(test_unbounded_l1_only_cold_misses);
    GS_RUN(test_bypassed_l2);
    GS_RUN(test_l1_events_reach_the_bus);
    return gs_check_report();
}
