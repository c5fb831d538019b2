/* DRAM command timing at every boundary: the command issues exactly at the
 * boundary cycle and not one cycle before (mem/dram.c header; GTX480 GDDR5
 * values from spec/gpgpusim-configs/SM2_GTX480/gpgpusim.config). */
#include "dram_harness.h"

enum { ACT = GS_DRAM_CMD_ACT, PRE = GS_DRAM_CMD_PRE, RD = GS_DRAM_CMD_RD, WR = GS_DRAM_CMD_WR };

static void test_derived_values(void)
{
    gs_dram_params p = h_gtx480();
    h_setup(&p);
    GS_CHECK_EQ(2, h_dram.burst_cycles);     /* BL 8 / QDR 4 */
    GS_CHECK_EQ(64, h_dram.atom_bytes);      /* 8 beats x 4 B x 2 chips */
    GS_CHECK_EQ(7, h_dram.t_rcdwr);          /* 12 - (4 + 1) */
    GS_CHECK_EQ(12, h_dram.t_rtw);           /* 12 + 2 + 2 - 4 */
    GS_CHECK_EQ(11, h_dram.t_wtr);           /* 4 + 2 + 5 */
    GS_CHECK_EQ(18, h_dram.t_wtp);           /* 4 + 2 + 12 */
}

static void test_trcd_read(void)
{
    gs_dram_params p = h_gtx480();
    uint32_t r;
    h_setup(&p);
    r = h_push(GS_REQ_READ, 0, 0, 1);
    h_drain();
    GS_CHECK_EQ(0, h_find(ACT, 0, 0, 0));
    GS_CHECK(!h_command_at(11));
    GS_CHECK_EQ(12, h_find(RD, 0, 0, 0));
    GS_CHECK_EQ(26, h_done_cycle(r, 0));     /* 12 + CL 12 + burst 2 */
}

static void test_trcd_write_uses_trcdwr(void)
{
    gs_dram_params p = h_gtx480();
    uint32_t w;
    h_setup(&p);
    w = h_push(GS_REQ_WRITE, 0, 0, 1);
    h_drain();
    GS_CHECK_EQ(0, h_find(ACT, 0, 0, 0));
    GS_CHECK(!h_command_at(6));
    GS_CHECK_EQ(7, h_find(WR, 0, 0, 0));
    GS_CHECK_EQ(13, h_done_cycle(w, 0));     /* 7 + WL 4 + burst 2 */
}

static void test_trp_precharge_to_activate(void)
{
    gs_dram_params p = h_gtx480();
    uint64_t t;
    h_setup(&p);
    h_open_row(0, 0, 1, 50);
    t = h_now;
    h_push(GS_REQ_READ, 0, 0, 2);
    h_drain();
    GS_CHECK_EQ(t, h_find(PRE, 0, t, 0));
    GS_CHECK(!h_command_at(t + 11));
    GS_CHECK_EQ(t + 12, h_find(ACT, 0, t, 0));
    GS_CHECK_EQ(t + 24, h_find(RD, 0, t, 0));
}

static void test_tras_activate_to_precharge(void)
{
    gs_dram_params p = h_gtx480();
    h_setup(&p);
    h_push(GS_REQ_READ, 0, 0, 1);
    h_run_to(1);
    h_push(GS_REQ_READ, 0, 0, 2);
    h_drain();
    GS_CHECK_EQ(12, h_find(RD, 0, 0, 0));
    GS_CHECK(!h_command_at(27));
    GS_CHECK_EQ(28, h_find(PRE, 0, 0, 0));   /* tRAS 28 after ACT at 0 */
    GS_CHECK_EQ(40, h_find(ACT, 0, 1, 0));
}

static void test_trc_activate_to_activate(void)
{
    gs_dram_params p = h_gtx480();
    p.timing.t_ras = 10;
    p.timing.t_rp = 5;
    p.timing.t_rc = 30;
    h_setup(&p);
    h_push(GS_REQ_READ, 0, 0, 1);
    h_run_to(1);
    h_push(GS_REQ_READ, 0, 0, 2);
    h_drain();
    GS_CHECK_EQ(12, h_find(RD, 0, 0, 0));
    GS_CHECK_EQ(14, h_find(PRE, 0, 0, 0));   /* RD + burst (tRAS 10 passed) */
    GS_CHECK(!h_command_at(29));             /* tRP alone would allow 19 */
    GS_CHECK_EQ(30, h_find(ACT, 0, 1, 0));
}

static void test_trrd_between_banks(void)
{
    gs_dram_params p = h_gtx480();
    h_setup(&p);
    h_push(GS_REQ_READ, 0, 0, 1);
    h_push(GS_REQ_READ, 1, 1, 1);
    h_drain();
    GS_CHECK_EQ(0, h_find(ACT, 0, 0, 0));
    GS_CHECK(!h_command_at(5));
    GS_CHECK_EQ(6, h_find(ACT, 1, 0, 0));
    GS_CHECK_EQ(12, h_find(RD, 0, 0, 0));
    GS_CHECK_EQ(18, h_find(RD, 1, 0, 0));
}

/* Two row hits in banks 0 and 1, pushed together; bank 1 in `group1`. */
static void column_pair(uint32_t ccd, uint32_t ccdl, uint32_t group1, uint64_t gap)
{
    gs_dram_params p = h_gtx480();
    uint64_t t;
    p.timing.t_ccd = ccd;
    p.timing.t_ccdl = ccdl;
    h_setup(&p);
    h_push(GS_REQ_READ, 0, 0, 1);
    h_push(GS_REQ_READ, 1, group1, 1);
    h_drain();
    h_run_to(h_now + 50);
    t = h_now;
    h_push(GS_REQ_READ, 0, 0, 1);
    h_push(GS_REQ_READ, 1, group1, 1);
    h_drain();
    GS_CHECK_EQ(t, h_find(RD, 0, t, 0));
    GS_CHECK(!h_command_at(t + gap - 1));
    GS_CHECK_EQ(t + gap, h_find(RD, 1, t, 0));
}

static void test_tccd_across_bank_groups(void)
{
    column_pair(2, 3, 1, 2);                 /* GTX480: tCCD (tCCDS) = 2 */
    column_pair(4, 5, 1, 4);                 /* tCCD above the 2-cycle burst */
}

static void test_tccdl_within_bank_group(void)
{
    column_pair(2, 3, 0, 3);                 /* GTX480: tCCDL = 3 */
    column_pair(4, 5, 0, 5);
    column_pair(4, 0, 0, 4);                 /* no bank groups: tCCD alone */
}

static void test_tccdl_same_bank_two_columns(void)
{
    gs_dram_params p = h_gtx480();
    gs_mem_req *r;
    uint32_t id;
    uint64_t t;
    h_setup(&p);
    h_open_row(0, 0, 1, 50);
    t = h_now;
    r = h_req(GS_REQ_READ, 0, 0, 1, 128);    /* two 64-byte atoms */
    id = r->pool_index;
    GS_CHECK_EQ(1, gs_dram_push(&h_dram, r, h_now));
    h_drain();
    GS_CHECK_EQ(t, h_find(RD, 0, t, 0));
    GS_CHECK(!h_command_at(t + 2));
    GS_CHECK_EQ(t + 3, h_find(RD, 0, t, 1));
    GS_CHECK_EQ(t + 3 + 14, h_done_cycle(id, t));   /* last RD + CL + burst */
}

/* Banks 0 (group 0) and 1 (group 1) with row 1 open and idle. */
static uint64_t two_open_banks(const gs_dram_params *p)
{
    h_setup(p);
    h_push(GS_REQ_READ, 0, 0, 1);
    h_push(GS_REQ_READ, 1, 1, 1);
    h_drain();
    h_run_to(h_now + 50);
    return h_now;
}

static void test_write_to_read_turnaround(void)
{
    gs_dram_params p = h_gtx480();
    uint64_t t = two_open_banks(&p);
    h_push(GS_REQ_WRITE, 0, 0, 1);
    h_run_to(t + 1);
    h_push(GS_REQ_READ, 1, 1, 1);
    h_drain();
    GS_CHECK_EQ(t, h_find(WR, 0, t, 0));
    GS_CHECK(!h_command_at(t + 10));
    GS_CHECK_EQ(t + 11, h_find(RD, 1, t, 0));   /* WL 4 + burst 2 + tCDLR 5 */
}

static void test_read_to_write_turnaround(void)
{
    gs_dram_params p = h_gtx480();
    uint64_t t = two_open_banks(&p);
    h_push(GS_REQ_READ, 0, 0, 1);
    h_run_to(t + 1);
    h_push(GS_REQ_WRITE, 1, 1, 1);
    h_drain();
    GS_CHECK_EQ(t, h_find(RD, 0, t, 0));
    GS_CHECK(!h_command_at(t + 11));
    GS_CHECK_EQ(t + 12, h_find(WR, 1, t, 0));   /* CL 12 + burst 2 + 2 - WL 4 */
}

static void test_twr_before_precharge(void)
{
    gs_dram_params p = h_gtx480();
    uint64_t t;
    h_setup(&p);
    h_open_row(0, 0, 1, 50);
    t = h_now;
    h_push(GS_REQ_WRITE, 0, 0, 1);
    h_run_to(t + 1);
    h_push(GS_REQ_READ, 0, 0, 2);
    h_drain();
    GS_CHECK_EQ(t, h_find(WR, 0, t, 0));
    GS_CHECK(!h_command_at(t + 17));
    GS_CHECK_EQ(t + 18, h_find(PRE, 0, t, 0));  /* WL 4 + burst 2 + tWR 12 */
}

/* RD in bank 0 (group 0) at t, then a row conflict in bank 1 of `group1`. */
static void read_then_conflict(uint32_t rtpl, uint32_t group1, uint64_t gap)
{
    gs_dram_params p = h_gtx480();
    uint64_t t;
    p.timing.t_rtpl = rtpl;
    h_setup(&p);
    h_push(GS_REQ_READ, 0, 0, 1);
    h_push(GS_REQ_READ, 1, group1, 1);
    h_drain();
    h_run_to(h_now + 50);
    t = h_now;
    h_push(GS_REQ_READ, 0, 0, 1);
    h_run_to(t + 1);
    h_push(GS_REQ_READ, 1, group1, 2);
    h_drain();
    GS_CHECK_EQ(t, h_find(RD, 0, t, 0));
    if (gap > 1)
        GS_CHECK(!h_command_at(t + gap - 1));
    GS_CHECK_EQ(t + gap, h_find(PRE, 1, t, 0));
}

static void test_trtpl_same_group(void)
{
    read_then_conflict(5, 0, 5);
}

static void test_trtpl_other_group_does_not_wait(void)
{
    read_then_conflict(5, 1, 1);
}

static void test_read_to_precharge_same_bank_is_burst(void)
{
    gs_dram_params p = h_gtx480();
    uint64_t t;
    p.timing.t_rtpl = 0;
    h_setup(&p);
    h_open_row(0, 0, 1, 50);
    t = h_now;
    h_push(GS_REQ_READ, 0, 0, 1);
    h_run_to(t + 1);
    h_push(GS_REQ_READ, 0, 0, 2);
    h_drain();
    GS_CHECK_EQ(t, h_find(RD, 0, t, 0));
    GS_CHECK(!h_command_at(t + 1));
    GS_CHECK_EQ(t + 2, h_find(PRE, 0, t, 0));   /* RD + BL/ratio */
}

static void test_data_bus_serialises_bursts(void)
{
    gs_dram_params p = h_gtx480();
    uint64_t t;
    p.timing.t_ccd = 1;
    p.timing.t_ccdl = 0;
    p.data_command_freq_ratio = 2;           /* burst = 4 command cycles */
    t = two_open_banks(&p);
    h_push(GS_REQ_READ, 0, 0, 1);
    h_push(GS_REQ_READ, 1, 1, 1);
    h_drain();
    GS_CHECK_EQ(t, h_find(RD, 0, t, 0));
    GS_CHECK(!h_command_at(t + 3));          /* tCCD 1 alone would allow t + 1 */
    GS_CHECK_EQ(t + 4, h_find(RD, 1, t, 0));
}

static void test_one_command_per_cycle(void)
{
    gs_dram_params p = h_gtx480();
    uint32_t i;
    p.timing.t_rrd = 0;
    h_setup(&p);
    for (i = 0; i < 4; i++)
        h_push(GS_REQ_READ, i, i % 4, 1);
    h_drain();
    for (i = 0; i < 4; i++)
        GS_CHECK_EQ(i, h_find(ACT, i, 0, 0));   /* banks in index order, one a cycle */
}

/* Bank 0 has row 1 open and a read to it (a column command), bank 1 a read
 * to a closed bank (an activate), bank 2 too; the round-robin starts at
 * bank 1. One command bus: ACT 1 at t, ACT 2 at t + 1, RD 0 at t + 2.
 * -dram_dual_bus_interface 1: RD 0 and ACT 1 both at t (one on each bus),
 * ACT 2 at t + 1 (still one row command a cycle). */
static void dual_bus_case(uint32_t dual)
{
    gs_dram_params p = h_gtx480();
    uint64_t t;
    p.timing.t_rrd = 0;
    p.dual_bus = dual;
    h_setup(&p);
    h_open_row(0, 0, 1, 50);
    t = h_now;
    h_push(GS_REQ_READ, 0, 0, 1);
    h_push(GS_REQ_READ, 1, 1, 5);
    h_push(GS_REQ_READ, 2, 2, 5);
    h_drain();
    GS_CHECK_EQ(t, h_find(ACT, 1, t, 0));
    GS_CHECK_EQ(dual ? t : t + 2u, h_find(RD, 0, t, 0));
    GS_CHECK_EQ(t + 1u, h_find(ACT, 2, t, 0));
}

static void test_single_command_bus(void)
{
    dual_bus_case(0);
}

static void test_dual_command_bus(void)
{
    dual_bus_case(1);
}

int main(void)
{
    GS_RUN(test_derived_values);
    GS_RUN(test_single_command_bus);
    GS_RUN(test_dual_command_bus);
    GS_RUN(test_trcd_read);
    GS_RUN(test_trcd_write_uses_trcdwr);
    GS_RUN(test_trp_precharge_to_activate);
    GS_RUN(test_tras_activate_to_precharge);
    GS_RUN(test_trc_activate_to_activate);
    GS_RUN(test_trrd_between_banks);
    GS_RUN(test_tccd_across_bank_groups);
    GS_RUN(test_tccdl_within_bank_group);
    GS_RUN(test_tccdl_same_bank_two_columns);
    GS_RUN(test_write_to_read_turnaround);
    GS_RUN(test_read_to_write_turnaround);
    GS_RUN(test_twr_before_precharge);
    GS_RUN(test_trtpl_same_group);
    GS_RUN(test_trtpl_other_group_does_not_wait);
    GS_RUN(test_read_to_precharge_same_bank_is_burst);
    GS_RUN(test_data_bus_serialises_bursts);
    GS_RUN(test_one_command_per_cycle);
    return gs_check_report();
}
