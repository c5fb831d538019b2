/*
 * RESERVATION_FAIL stalls the LD/ST unit and the same access retries every
 * cycle until the resource frees (seed-000 section 2.1; mem/ldst_full.c
 * step 3). Set-up and latency terms: 180-mem-memsys-latency.c.
 */
#include "memsys_harness.h"

enum { L1 = 1, ROP = 7 };

/* An L1 with only 2 MSHR entries (merge 8, miss queue 8). */
static const char *const opts[] = {
    "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5",
    "-gpgpu_cache:dl1", "N:32:128:4,L:L:m:N:L,A:2:8,8:0,128", NULL
};

static gs_inst three_lines(void)
{
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 0x80, 4);
    ld.active_mask = 0x7u;    /* lines 0x0, 0x80, 0x100: three requests */
    return ld;
}

static void test_mshr_entry_fail_retries(void)
{
    gs_inst ld = three_lines();
    uint64_t t, done, fails_before, stalls_before;
    GS_CHECK(ms_setup(opts));
    /* Warm the L2 with the three lines through SM 1, then empty everything. */
    ms_issue(1, &ld, 0, 99);
    GS_CHECK(ms_drain(2000));
    fails_before = ms_stat("L1D_cache_fail_mshr_entry");
    stalls_before = ms_stat("ldst_reservation_fail_stalls");
    t = ms_issue(0, &ld, 0, 1);
    done = ms_wait(0, 1, 2000);
    /* t+1 line 0x0 misses (entry 1), t+2 line 0x80 misses (entry 2), from
     * t+3 line 0x100 fails (no free entry) every cycle until line 0x0's L2
     * hit comes back: L2 access at t+3+R, reply taken by the L1 at
     * (t+3+R)+8, before the head's access of that cycle, which then succeeds.
     * Fails: t+3 .. t+10+R, i.e. 8+R cycles. */
    GS_CHECK_EQ(8u + ROP, ms_stat("L1D_cache_fail_mshr_entry") - fails_before);
    GS_CHECK_EQ(8u + ROP, ms_stat("ldst_reservation_fail_stalls") - stalls_before);
    /* Line 0x100, accessed at a = t+11+R, is an L2 hit on sub-partition 1:
     * its L2 access at a+2+R, done at a + 2 + R + 8 + L1 (no other traffic
     * in its way). */
    GS_CHECK_EQ(t + 11u + ROP + 2u + ROP + 8u + L1, done);
    GS_CHECK(ms_drain(100));
}

/*
 * MISS_QUEUE_FULL: a 1-entry L1 miss queue behind a crossbar whose input and
 * ejection buffers hold one 5-flit packet each (-gs_icnt_input_buffer_size 5;
 * the ejection buffer defaults to the same). A global store covering four
 * whole lines writes each line through (write-evict, no allocate): four
 * 128-B writes of ceil((8 + 128) / 32) = 5 flits, lines 0x0 and 0x80 to
 * sub-partition 0, 0x100 and 0x180 to sub-partition 1.
 *   t+1 write 0 -> queue;
 *   t+2 write 0 enters the crossbar and is granted (both ports busy 5 cycles,
 *       to t+6; it arrives at t+7 and fills sub 0's ejection buffer until the
 *       L2 takes it at t+7, after the crossbar's step); write 1 -> queue;
 *   t+3 write 1 enters the input buffer; write 2 -> queue;
 *   t+4..t+8 write 2 cannot enter the full input buffer (write 1 is granted
 *       only at t+8, when sub 0's ejection buffer is free) and write 3 fails
 *       MISS_QUEUE_FULL: 5 fails;
 *   t+9 write 2 enters, write 3 is taken: the store completes at t+9+L1.
 * Crossbar stalls: write 2 at t+4..t+8 (5), write 3 at t+10..t+13 until
 * write 2 is granted at t+13 (input port busy with write 1 until then): 9.
 */
static void test_miss_queue_full_fail(void)
{
    static const char *const q1[] = {
        "-gpgpu_cache:dl1", "N:32:128:4,L:L:m:N:L,A:32:8,1:0,128",
        "-gs_icnt_input_buffer_size", "5", NULL
    };
    gs_inst st = ms_inst(GS_SPACE_GLOBAL, GS_MEM_STORE, 0x0, 16, 16);
    uint64_t t;
    GS_CHECK(ms_setup(q1));
    t = ms_issue(0, &st, 0, 1);
    GS_CHECK_EQ(t + 9u + L1, ms_wait(0, 1, 100));
    GS_CHECK_EQ(5, ms_stat("L1D_cache_fail_miss_queue_full"));
    GS_CHECK_EQ(5, ms_stat("L1D_total_cache_reservation_fails"));
    GS_CHECK(ms_drain(2000));
    GS_CHECK_EQ(9, ms_stat("ldst_icnt_stalls"));
    GS_CHECK_EQ(4, ms_stat("L2_total_cache_write_accesses"));
}

int main(void)
{
    GS_RUN(test_mshr_entry_fail_retries);
    GS_RUN(test_miss_queue_full_fail);
    return gs_check_report();
}
