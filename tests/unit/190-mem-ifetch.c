/*
 * Instruction fetch through the memory system (mem/ldst.h fetch/fetched;
 * mem/ldst_full.c unit_fetch): an I-cache miss is a read of the instruction
 * line at GS_LDST_CODE_BASE + PC through the crossbar, L2 and DRAM, and each
 * path takes exactly the sum of the configured latencies.
 *
 * Set-up as tests/unit/180-mem-memsys-latency.c (memsys_harness.h, every
 * clock 1000 MHz, -gpgpu_l2_rop_latency 7, -dram_latency 5, crossbar latency
 * 1, 32-byte flits, gtx480 DRAM timing). The SM asks in its fetch stage,
 * after the LD/ST unit's cycle, so here the fetch is asked at tick t after
 * ms_core():
 *   t+1 the unit sends it into the request crossbar (1 flit), arrives t+2,
 *   the L2 takes it into the ROP queue and accesses it at t+2+R (one tick
 *   before a load's L1 miss would: no L1D on the way);
 *   the reply leaves the L2 at x: x+1 into the reply crossbar, granted x+2,
 *   a 128-byte line is ceil((8 + 128) / 32) = 5 flits, busy until x+6,
 *   arrives x+7; the unit takes it in the core step of x+8 and the SM fills
 *   its I-cache in that cycle (no L1D fill).
 */
#include "memsys_harness.h"

static const char *const latency_opts[] = {
    "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5", NULL
};

enum { ROP = 7, DRAM_LAT = 5, TRCD = 12, CL = 12, COL2 = 3, BURST = 2 };

#define L2_ACCESS(t) ((t) + 2u + ROP)
#define FETCHED(x) ((x) + 8u)
/* 64 bytes = 2 sectors: ceil((8 + 64) / 32) = 3 flits, busy until x+4. */
#define FETCHED_HALF(x) ((x) + 6u)
/* As test 180: a read pushed at DRAM cycle p, row closed (ACT, RD, RD). */
#define DRAM_ROW_CLOSED(p) ((p) + DRAM_LAT + TRCD + COL2 + CL + BURST)

/* Ask for `bytes` of instructions at code offset `pc` for `warp` of `sm`;
 * returns the tick the line arrived (~0 if not within 2000), *asked the
 * tick of the request. */
static uint64_t fetch_latency(uint32_t sm, uint32_t pc, uint32_t bytes, uint32_t warp,
                              uint64_t *asked)
{
    uint32_t k, got[4];
    ms_core();
    *asked = ms.now;
    GS_CHECK(ms.ldst[sm]->ops->fetch(ms.ldst[sm]->state, GS_LDST_CODE_BASE + pc, bytes, warp,
                                     ms.now));
    ms_rest();
    for (k = 0; k < 2000u; k++) {
        uint64_t now;
        ms_core();
        now = ms.now;
        if (ms.ldst[sm]->ops->fetched(ms.ldst[sm]->state, now, got, 4) == 1u) {
            GS_CHECK_EQ(warp, got[0]);
            ms_rest();
            return now;
        }
        ms_rest();
    }
    return ~0ull;
}

static void test_fetch_latency_per_path(void)
{
    uint64_t t, done;
    GS_CHECK(ms_setup(latency_opts));
    /* Cold code line: L2 miss, DRAM row closed; the fill 1 after the data. */
    done = fetch_latency(0, 0, 128, 3, &t);
    GS_CHECK_EQ(FETCHED(DRAM_ROW_CLOSED(L2_ACCESS(t)) + 1u), done);
    /* The same line from SM 1: an L2 hit answered at once. */
    done = fetch_latency(1, 0, 128, 5, &t);
    GS_CHECK_EQ(FETCHED(L2_ACCESS(t)), done);
    /* A 64-byte I-cache line at offset 64: sectors 2 and 3, a shorter reply. */
    done = fetch_latency(1, 64, 64, 6, &t);
    GS_CHECK_EQ(FETCHED_HALF(L2_ACCESS(t)), done);
    GS_CHECK(ms_drain(1000));
    GS_CHECK_EQ(3u, ms_stat("ldst_instruction_fetches"));
    GS_CHECK_EQ(1u, ms_stat("L2_total_line_misses"));
    GS_CHECK_EQ(0u, ms_stat("L2_total_cache_misses"));     /* fetches are not data (issue 14) */
    GS_CHECK_EQ(0u, ms_stat("L1D_total_cache_misses"));    /* the L1D never sees them */
}

/* The per-SM fetch queue holds one request per warp slot; the request pool
 * is sized for it (mem/memsys.c), so every warp of an SM can miss at once. */
static void test_every_warp_can_miss(void)
{
    uint32_t w, got[GS_MAX_WARPS_PER_SM], n = 0, k;
    GS_CHECK(ms_setup(latency_opts));
    ms_core();
    for (w = 0; w < GS_MAX_WARPS_PER_SM; w++)
        GS_CHECK(ms.ldst[0]->ops->fetch(ms.ldst[0]->state, GS_LDST_CODE_BASE + w * 128u,
                                        128, w, ms.now));
    GS_CHECK_EQ(0, ms.ldst[0]->ops->fetch(ms.ldst[0]->state, GS_LDST_CODE_BASE, 128, 0,
                                          ms.now));   /* the 65th waits */
    ms_rest();
    for (k = 0; k < 20000u && n < GS_MAX_WARPS_PER_SM; k++) {
        ms_core();
        n += ms.ldst[0]->ops->fetched(ms.ldst[0]->state, ms.now, got + n,
                                      GS_MAX_WARPS_PER_SM - n);
        ms_rest();
    }
    GS_CHECK_EQ(GS_MAX_WARPS_PER_SM, n);
    GS_CHECK_EQ(1u, ms_stat("ldst_fetch_queue_stalls"));
}

int main(void)
{
    GS_RUN(test_fetch_latency_per_path);
    GS_RUN(test_every_warp_can_miss);
    return gs_check_report();
}
