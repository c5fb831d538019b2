/*
 * Regression (memfix, the qv100 bfs watchdog): the L2->DRAM ($2d) queue is
 * read on DRAM clock edges, so the cycle at which an entry is ready must be a
 * DRAM cycle (mem/partition.c queue_for_dram; seed-004 section 1.5 clock
 * domains). It used to be stamped with the L2 cycle: with the DRAM clock
 * slower than the L2's (qv100 850 vs 1132 MHz, a100), a request made at L2
 * cycle L waited until the DRAM cycle count reached L, a delay growing with
 * the run's length until the watchdog fired with requests in $2d and none in
 * DRAM.
 *
 * Set-up: memsys_harness.h (gtx480 defaults, 2 SMs, 1 channel x 2
 * sub-partitions) with -gpgpu_clock_domains 1000:1000:1000:500: core, icnt
 * and L2 step every tick, the DRAM every second tick (DRAM cycle = tick / 2,
 * after the L2 in a shared tick, the top loop's order). A load's latency must
 * not depend on when it is made: a row miss at tick 0 and a row hit after
 * 4000 idle ticks take exactly the path's cycles (both accepted on an even
 * tick, same DRAM phase).
 */
#include "memsys_harness.h"

/*
 * Cold load of 0x0 accepted at tick 0 (180's path with R = 7):
 *   L2 access at tick 0 + 3 + 7 = 10; miss -> $2d at L2 cycle 10; DRAM
 *   cycle 5 runs at tick 10 after the L2, so the read enters the controller
 *   at DRAM cycle p = 5; -dram_latency 10 core cycles = 5 DRAM cycles; bank 0
 *   precharged: data done at p + 5 + tRCD 12 + 3 (2nd RD) + CL 12 + burst 2
 *   = DRAM cycle 39 = tick 78; L2 fill at 79; reply done 79 + 8 + L1 1 = 88.
 * 0x80 (row 0 of bank 0, left open) at tick 4000: the same without tRCD,
 *   12 DRAM cycles = 24 ticks less: 64.
 */
#define FIRST_LATENCY 88u
#define ROW_HIT_LATENCY (FIRST_LATENCY - 24u)


static const char *const slow_dram_opts[] = {
    "-gpgpu_clock_domains", "1000:1000:1000:500", "-gpgpu_l2_rop_latency", "7",
    "-dram_latency", "10", NULL
};

/* One tick with the DRAM at half the other clocks. */
static void slow_rest(void)
{
    gs_memsys_icnt_cycle(ms.sys, ms.now);
    gs_memsys_l2_cycle(ms.sys, ms.now);
    if (ms.now % 2u == 0)
        gs_memsys_dram_cycle(ms.sys, ms.now / 2u);
    ms.now++;
}

static int done_seen(uint32_t tag, uint64_t *cycle)
{
    uint32_t i;
    for (i = 0; i < ms.n_done; i++)
        if (ms.done[i].sm == 0 && ms.done[i].tag == tag) {
            *cycle = ms.done[i].cycle;
            return 1;
        }
    return 0;
}

/* Accept a load of `addr` on SM 0 at the current (even) tick; its latency in
 * ticks, or ~0 when it has not completed within `limit` ticks. */
static uint64_t cold_load_latency(uint64_t addr, uint32_t tag, uint32_t limit)
{
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, addr, 4, 4);
    uint64_t at, done;
    uint32_t k;
    ms_core();
    if (ms.ldst[0]->ops->can_accept(ms.ldst[0]->state, &ld) != GS_LDST_OK)
        return ~0ull;
    at = ms.now;
    ms.ldst[0]->ops->accept(ms.ldst[0]->state, &ld, 0, tag, ms.now);
    slow_rest();
    for (k = 0; k < limit; k++) {
        ms_core();
        slow_rest();
        if (done_seen(tag, &done))
            return done - at;
    }
    return ~0ull;
}

static void idle_ticks(uint32_t n)
{
    uint32_t k;
    for (k = 0; k < n; k++) {
        ms_core();
        slow_rest();
    }
}

static void test_latency_independent_of_time(void)
{
    uint64_t first, later;
    GS_CHECK(ms_setup(slow_dram_opts));
    first = cold_load_latency(0x0, 1, 1000);
    GS_CHECK_EQ(FIRST_LATENCY, first);
    idle_ticks(4000u - (uint32_t)ms.now);
    GS_CHECK_EQ(4000, ms.now);
    GS_CHECK_EQ(0, gs_memsys_busy(ms.sys));
    /* Before the fix this load waited ~4000 ticks in $2d (never within 1000). */
    later = cold_load_latency(0x80, 2, 1000);
    GS_CHECK_EQ(ROW_HIT_LATENCY, later);
    GS_CHECK_EQ(4, ms_stat("total_dram_reads"));   /* 2 lines x 2 RD of 64 B */
}

int main(void)
{
    GS_RUN(test_latency_independent_of_time);
    return gs_check_report();
}
