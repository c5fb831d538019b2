/*
 * Unloaded latency of one load through the whole memory system (issue 5
 * tests; seed-004 sections 1.3-1.5; model in mem/ldst_full.c, mem/icnt.h,
 * mem/partition.c, DRAM rules in mem/dram.c): an L1 hit, an L2 hit, a DRAM
 * row hit, a DRAM row miss (bank precharged) and a row conflict each take
 * exactly the sum of the configured path.
 *
 * Set-up (memsys_harness.h): gtx480 defaults, 2 SMs, 1 channel x 2
 * sub-partitions, every clock at 1000 MHz so one tick is one cycle of each
 * domain (core, icnt, l2, dram in that order). Options used below:
 *   L1 = -gpgpu_l1_latency 1, R = -gpgpu_l2_rop_latency 7, D = -dram_latency 5
 *   (core cycles = DRAM cycles here), crossbar latency 1 (no .icnt keys),
 *   flit 32 B: a read request is ceil(8 / 32) = 1 flit, a reply carries the
 *   128-B line: ceil((8 + 128) / 32) = 5 flits.
 *   DRAM (gtx480 timing): tRCD 12, tRP 12, CL 12, tCCD 2, tCCDL 3; burst
 *   8 / ratio 4 = 2 bus cycles; atom 8 x 4 B x 2 chips = 64 B, so a 128-B
 *   line takes 2 RD commands, the second max(tCCD, tCCDL) = 3 after the
 *   first (same bank, same group).
 * A load accepted at tick t (after the unit's cycle) makes its L1 access at
 * t+1.
 */
#include "memsys_harness.h"

static const char *const latency_opts[] = {
    "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5", NULL
};

enum { L1 = 1, ROP = 7, DRAM_LAT = 5, TRCD = 12, TRP = 12, CL = 12, COL2 = 3, BURST = 2 };

/*
 * From the accept tick t to the L2 access (an L1 miss):
 *   t+1 L1 miss -> miss queue; t+2 into the request crossbar, granted at
 *   t+2, 1 flit, arrives 1 later (t+3); the L2 takes it at t+3 into the ROP
 *   queue, accessed at t+3+R.
 */
#define L2_ACCESS(t) ((t) + 3u + ROP)
/*
 * From the cycle x a reply enters the L2->icnt queue to the completion:
 *   x+1 into the reply crossbar input, granted x+2, 5 flits busy until x+6,
 *   arrives x+7 (last flit x+6 + latency 1); the SM's core step of tick x+7
 *   runs before the crossbar's, so the L1 takes it at x+8, fills and
 *   completes L1 later.
 */
#define REPLY_DONE(x) ((x) + 8u + L1)
/*
 * A DRAM read pushed at DRAM cycle p (the L2 miss queue -> $2d -> controller
 * in the same tick as the miss) is schedulable at p+D; its data is complete
 * at last RD + CL + BURST; the L2 takes the fill one cycle later and queues
 * the reply: x = completion + 1.
 */
#define DRAM_ROW_HIT(p) ((p) + DRAM_LAT + COL2 + CL + BURST)
#define DRAM_ROW_CLOSED(p) ((p) + DRAM_LAT + TRCD + COL2 + CL + BURST)
#define DRAM_ROW_CONFLICT(p) ((p) + DRAM_LAT + TRP + TRCD + COL2 + CL + BURST)

static uint64_t load_latency(uint32_t sm, uint64_t addr, uint32_t tag, uint64_t *accepted)
{
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, addr, 4, 4);
    *accepted = ms_issue(sm, &ld, 0, tag);
    return ms_wait(sm, tag, 2000);
}

static void test_load_latency_per_path(void)
{
    uint64_t t, done;
    GS_CHECK(ms_setup(latency_opts));
    /* Cold line 0x0: L1 miss, L2 miss, bank 0 precharged (ACT, RD, RD). */
    done = load_latency(0, 0x0, 1, &t);
    GS_CHECK_EQ(0, t);
    GS_CHECK_EQ(REPLY_DONE(DRAM_ROW_CLOSED(L2_ACCESS(t)) + 1u), done);   /* 54 */
    /* 0x80: same DRAM row (bank 0, row 0), another line: a row-buffer hit. */
    done = load_latency(0, 0x80, 2, &t);
    GS_CHECK_EQ(REPLY_DONE(DRAM_ROW_HIT(L2_ACCESS(t)) + 1u), done);
    /* 0x0 again on SM 0: an L1 hit. */
    done = load_latency(0, 0x0, 3, &t);
    GS_CHECK_EQ(t + 1u + L1, done);
    /* 0x0 on SM 1: its L1 is cold, the L2 hits and answers at once. */
    done = load_latency(1, 0x0, 4, &t);
    GS_CHECK_EQ(REPLY_DONE(L2_ACCESS(t)), done);
    /* 0x10000: bank 0, row 1 while row 0 is open: PRE, ACT, RD, RD. */
    done = load_latency(0, 0x10000, 5, &t);
    GS_CHECK_EQ(REPLY_DONE(DRAM_ROW_CONFLICT(L2_ACCESS(t)) + 1u), done);
    GS_CHECK(ms_drain(1000));
    GS_CHECK_EQ(1, ms_stat("dram_row_buffer_hits"));
    GS_CHECK_EQ(2, ms_stat("dram_row_buffer_misses"));
    GS_CHECK_EQ(3, ms_stat("L2_total_cache_misses"));
    GS_CHECK_EQ(1, ms_stat("L2_total_cache_hits"));
    GS_CHECK_EQ(1, ms_stat("L1D_total_cache_hits"));
    GS_CHECK_EQ(4, ms_stat("L1D_total_cache_misses"));
}

/* With the latencies changed, every sum moves by exactly the change. */
static void test_latency_follows_options(void)
{
    static const char *const opts[] = {
        "-gpgpu_l2_rop_latency", "20", "-dram_latency", "5", "-gpgpu_l1_latency", "4", NULL
    };
    uint64_t t, done;
    GS_CHECK(ms_setup(opts));
    done = load_latency(0, 0x0, 1, &t);
    /* 3 + 20 to the L2; row closed 5+12+3+12+2; fill +1; reply 8; L1 4. */
    GS_CHECK_EQ(t + 3u + 20u + 34u + 1u + 8u + 4u, done);
    done = load_latency(0, 0x0, 2, &t);
    GS_CHECK_EQ(t + 1u + 4u, done);
}

/* Perfect DRAM (seed-002 2.5): the controller answers at once. */
static void test_perfect_dram_latency(void)
{
    static const char *const opts[] = {
        "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5", "-gs_perfect_dram", "1", NULL
    };
    uint64_t t, done;
    GS_CHECK(ms_setup(opts));
    done = load_latency(0, 0x0, 1, &t);
    /* The miss reaches d2$ in the tick of the L2 access; the fill is next cycle. */
    GS_CHECK_EQ(REPLY_DONE(L2_ACCESS(t) + 1u), done);
    GS_CHECK_EQ(0, ms_stat("total_dram_reads"));
}

int main(void)
{
    GS_RUN(test_load_latency_per_path);
    GS_RUN(test_latency_follows_options);
    GS_RUN(test_perfect_dram_latency);
    return gs_check_report();
}
