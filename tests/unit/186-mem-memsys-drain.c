/*
 * Write-drain watermarks at system level (seed-002 section 1.3: writes wait
 * in their own queue and are served when no read waits, or in a drain that
 * starts at the high watermark and stops at the low one; mem/dram.c).
 * No L2 (-gpgpu_cache:dl2 none), so stores reach the controller directly;
 * write queue 8, watermarks 6 / 2.
 * SM 1 loads 32 lines of bank 0, each in its own row (stride 64 KiB): every
 * read is a row conflict of about tRC, so reads wait in the read queue for
 * well over a thousand DRAM cycles. SM 0 meanwhile stores N separate 32-B
 * chunks of bank 1 (N write requests of one column command each).
 *  - N = 6: the waiting writes reach the high watermark while reads wait:
 *    one drain, which serves writes until 2 are left; those wait for the
 *    reads to finish (exactly one drain entry);
 *  - N = 5: the watermark is never reached: no drain at all, the writes are
 *    served only once no read waits.
 */
#include "memsys_harness.h"

static const char *const opts[] = {
    "-gpgpu_cache:dl2", "none", "-gs_dram_write_queue_size", "8",
    "-gs_dram_write_high_watermark", "6", "-gs_dram_write_low_watermark", "2", NULL
};

static void run(uint32_t n_writes)
{
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 0x10000, 4);
    gs_inst st = ms_inst(GS_SPACE_GLOBAL, GS_MEM_STORE, 0x100, 0x200, 4);
    st.active_mask = (1u << n_writes) - 1u;
    GS_CHECK(ms_setup(opts));
    ms_issue(1, &ld, 0, 1);
    ms_issue(0, &st, 0, 2);
    GS_CHECK(ms_drain(20000));
    GS_CHECK_EQ(2, ms.n_done);
    /* 32 reads in 32 rows, then the writes share bank 1's row 0: only the
     * first write opens it. Each 128-B read is 2 RD commands. */
    GS_CHECK_EQ(33, ms_stat("dram_row_buffer_misses"));
    GS_CHECK_EQ(n_writes - 1u, ms_stat("dram_row_buffer_hits"));
    GS_CHECK_EQ(64, ms_stat("total_dram_reads"));
}

static void test_six_writes_one_drain(void)
{
    run(6);
    GS_CHECK_EQ(1, ms_stat("dram_write_drain_entries"));
    GS_CHECK_EQ(6, ms_stat("total_dram_writes"));
}

static void test_five_writes_no_drain(void)
{
    run(5);
    GS_CHECK_EQ(0, ms_stat("dram_write_drain_entries"));
    GS_CHECK_EQ(5, ms_stat("total_dram_writes"));
}

int main(void)
{
    GS_RUN(test_six_writes_one_drain);
    GS_RUN(test_five_writes_no_drain);
    return gs_check_report();
}
