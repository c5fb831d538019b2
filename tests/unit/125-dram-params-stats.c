/* DRAM controller parameter checks (one-line errors naming the option) and
 * the statistics report (GPGPU-Sim names, integer ratios). */
#include "dram_harness.h"
#include "base/stats.h"

static void expect_error(const gs_dram_params *p, const char *message)
{
    gs_diag diag;
    memset(&diag, 0, sizeof diag);
    GS_CHECK_EQ(GS_E_CONFIG, gs_dram_params_check(p, &diag));
    GS_CHECK_STR(message, diag.message);
}

static void test_params_errors(void)
{
    gs_dram_params p = h_gtx480();
    GS_CHECK_EQ(GS_OK, gs_dram_params_check(&p, NULL));
    p.timing.nbkgrp = 3;
    expect_error(&p, "-gpgpu_dram_timing_opt nbkgrp=3 must be at least 1 and divide nbk=16");
    p = h_gtx480();
    p.timing.nbk = 65;
    expect_error(&p, "-gpgpu_dram_timing_opt nbk=65 must be 1..64");
    p = h_gtx480();
    p.burst_length = 6;
    expect_error(&p, "-gpgpu_dram_burst_length 6 must be a nonzero multiple of "
                     "-dram_data_command_freq_ratio 4");
    p = h_gtx480();
    p.bus_width_bytes = 0;
    expect_error(&p, "-gpgpu_dram_buswidth 0 and -gpgpu_n_mem_per_ctrlr 2 must be at least 1");
    p = h_gtx480();
    p.read_queue_size = 0;
    expect_error(&p, "DRAM read queue size 0 and write queue size 128 must be at least 1");
    p = h_gtx480();
    p.write_low_watermark = 97;
    expect_error(&p, "DRAM write watermarks 96:97 must satisfy low <= high, "
                     "1 <= high <= write queue size 128");
    p = h_gtx480();
    p.write_high_watermark = 129;
    p.write_low_watermark = 80;
    expect_error(&p, "DRAM write watermarks 129:80 must satisfy low <= high, "
                     "1 <= high <= write queue size 128");
    p = h_gtx480();
    p.scheduler = GS_DSCHED_COUNT;
    expect_error(&p, "-gpgpu_dram_scheduler 5 is not a scheduler (0 to 4)");
}

static void test_arena_sizing(void)
{
    gs_dram_params p = h_gtx480();
    gs_arena a;
    gs_dram d;
    gs_diag diag;
    size_t need = gs_dram_bytes(&p);
    gs_arena_init(&a, h_buffer, sizeof h_buffer);
    GS_CHECK_EQ(GS_OK, gs_dram_init(&d, &a, &p, &diag));
    GS_CHECK_EQ(need, a.used_bytes);
    gs_arena_init(&a, h_buffer, need - 16);
    GS_CHECK_EQ(GS_E_ARENA, gs_dram_init(&d, &a, &p, &diag));
    p.timing.nbkgrp = 0;
    GS_CHECK_EQ(GS_E_CONFIG, gs_dram_init(&d, &a, &p, &diag));
}

static gs_stat_entry stat_storage[64];
static char stat_texts[64 * GS_STAT_TEXT_MAX];

static const char *value_of(const gs_stats *s, const char *name)
{
    static char text[64];
    const gs_stat_entry *e = gs_stats_find(s, name);
    if (e == NULL)
        return "(missing)";
    gs_stats_value_text(e, text, sizeof text);
    return text;
}

static void test_report(void)
{
    gs_dram_params p = h_gtx480();
    gs_stats s;
    h_setup(&p);
    h_push(GS_REQ_READ, 0, 0, 1);      /* ACT 0, RD 12, done 26 */
    h_push(GS_REQ_READ, 0, 0, 2);      /* PRE 28, ACT 40, RD 52, done 66 */
    h_run_to(70);
    memset(&s, 0, sizeof s);
    s.entries = stat_storage;
    s.text_pool = stat_texts;
    s.text_capacity = sizeof stat_texts;
    s.capacity = 64;
    gs_dram_report(&h_dram, &s, "dram0.", 70);
    GS_CHECK_EQ(GS_DRAM_REPORT_ENTRIES - 3u, s.count);   /* the MIB's 3 only with it */
    GS_CHECK_STR("70", value_of(&s, "dram0.n_cmd"));
    GS_CHECK_STR("65", value_of(&s, "dram0.n_nop"));
    GS_CHECK_STR("53", value_of(&s, "dram0.n_activity"));   /* cycles 0..52 */
    GS_CHECK_STR("2", value_of(&s, "dram0.n_act"));
    GS_CHECK_STR("1", value_of(&s, "dram0.n_pre"));
    GS_CHECK_STR("2", value_of(&s, "dram0.n_rd"));
    GS_CHECK_STR("0", value_of(&s, "dram0.n_wr"));
    GS_CHECK_STR("2", value_of(&s, "dram0.n_req"));
    GS_CHECK_STR("0", value_of(&s, "dram0.row_hits"));
    GS_CHECK_STR("2", value_of(&s, "dram0.row_misses"));
    GS_CHECK_STR("1.0000", value_of(&s, "dram0.row_locality"));
    GS_CHECK_STR("4", value_of(&s, "dram0.bwutil_cycles"));
    GS_CHECK_STR("0.0571", value_of(&s, "dram0.bw_util"));  /* 4 / 70 */
    GS_CHECK_STR("13", value_of(&s, "dram0.queue_lat_max")); /* assigned at 13 */
    GS_CHECK_STR("6.5000", value_of(&s, "dram0.queue_lat_avg"));
    GS_CHECK_STR("66", value_of(&s, "dram0.access_lat_max"));
    GS_CHECK_STR("46.0000", value_of(&s, "dram0.access_lat_avg"));
    GS_CHECK_STR("2", value_of(&s, "dram0.n_completed"));
    GS_CHECK_STR("0", value_of(&s, "dram0.write_drain_entries"));
}

static void collect(void *context, const char *text, size_t length)
{
    char *out = (char *)context;
    size_t n = strlen(out);
    memcpy(out + n, text, length);
    out[n + length] = '\0';
}

static void test_watchdog_dump(void)
{
    gs_dram_params p = h_gtx480();
    static char out[1024];
    gs_sink sink;
    sink.write = collect;
    sink.context = out;
    h_setup(&p);
    h_push(GS_REQ_READ, 0, 0, 1);
    h_push(GS_REQ_READ, 0, 0, 2);
    h_push(GS_REQ_WRITE, 3, 3, 9);
    h_run_to(5);
    out[0] = '\0';
    gs_dram_dump(&h_dram, &sink, "dram0");
    GS_CHECK_STR("dram0: cycle 4, 3 pending: 0 in the delay line, 1 reads and 1 writes queued, "
                 "0 reads and 0 writes in flight\n"
                 "dram0 bank 0: row 1, needs RD (bank allows it at cycle 12), "
                 "1 column command(s) left\n", out);
}

int main(void)
{
    GS_RUN(test_watchdog_dump);
    GS_RUN(test_params_errors);
    GS_RUN(test_arena_sizing);
    GS_RUN(test_report);
    return gs_check_report();
}
