/*
 * The published GPGPU-Sim / Accel-Sim configs (tests/configs/published, copies of
 * spec/gpgpusim-configs) load as they are, with their .icnt, and their dumps
 * load back to the same text (spec/gpgpusim-configs/README.md).
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "base/config.h"
#include "config_dump_test.h"

#define DIR "tests/configs/published/"

static gs_config cfg, again;
static char file_text[65536];

static size_t read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    size_t n = 0;
    if (f) {
        n = fread(file_text, 1, sizeof file_text - 1u, f);
        fclose(f);
    }
    file_text[n] = '\0';
    return n;
}

/* Load folder/gpgpusim.config (+ its .icnt, + trace.config when present). */
static gs_status load_folder(const char *folder, int with_trace)
{
    char path[640];
    gs_diag diag;
    gs_status st;
    size_t n;
    gs_config_defaults(&cfg);
    snprintf(path, sizeof path, DIR "%s/gpgpusim.config", folder);
    n = read_file(path);
    GS_CHECK(n > 0);
    st = gs_config_parse(&cfg, path, file_text, n, &diag);
    if (st == GS_OK && cfg.meta.inter_config_file[0]) {
        snprintf(path, sizeof path, DIR "%s/%s", folder, cfg.meta.inter_config_file);
        n = read_file(path);
        GS_CHECK(n > 0);
        st = gs_config_parse_icnt(&cfg, path, file_text, n, &diag);
    }
    if (st == GS_OK && with_trace) {
        snprintf(path, sizeof path, DIR "%s/trace.config", folder);
        n = read_file(path);
        st = gs_config_parse(&cfg, path, file_text, n, &diag);
    }
    if (st == GS_OK)
        st = gs_config_finish(&cfg, &diag);
    if (st != GS_OK)
        printf("  %s: %s\n", folder, diag.message);
    return st;
}

static void check_round_trip(void)
{
    static text_buffer a, b;
    gs_diag diag;
    dump(&cfg, &a);
    gs_config_defaults(&again);
    GS_CHECK_EQ(GS_OK, gs_config_parse(&again, "dump", a.text, a.length, &diag));
    GS_CHECK_EQ(GS_OK, gs_config_finish(&again, &diag));
    dump(&again, &b);
    GS_CHECK_STR(a.text, b.text);
    GS_CHECK_EQ(0, again.meta.n_noted);
}

static void test_gtx480(void)
{
    GS_CHECK_EQ(GS_OK, load_folder("SM2_GTX480", 0));
    GS_CHECK_EQ(15, gs_config_n_sms(&cfg));
    GS_CHECK_EQ(GS_INDEX_FERMI, cfg.dl1.set_index);
    GS_CHECK_EQ(64, cfg.dl2.n_sets);
    GS_CHECK_EQ(700000, cfg.clocks.icnt_khz);
    GS_CHECK_EQ(16, cfg.dram_timing.n_banks);
    GS_CHECK_EQ(2, cfg.dram_timing.t_rtpl);
    GS_CHECK_EQ(40, cfg.icnt.flit_size);             /* from config_fermi_islip.icnt */
    GS_CHECK_EQ(64, cfg.icnt.vc_buf_size);
    /* its 5 operand-collector lines (core/opcoll.h) and -network_mode are modelled */
    GS_CHECK_EQ(6, cfg.oc_units[0]);
    GS_CHECK_EQ(8, cfg.oc_units[1]);
    GS_CHECK_EQ(2, cfg.oc_in_ports[0]);
    GS_CHECK_EQ(16, cfg.num_reg_banks);
    GS_CHECK_EQ(26, cfg.meta.n_noted);
    GS_CHECK_EQ(28, cfg.meta.n_icnt_noted);
    check_round_trip();
}

static void test_qv100(void)
{
    GS_CHECK_EQ(GS_OK, load_folder("SM7_QV100", 1));
    GS_CHECK_EQ(80, gs_config_n_sms(&cfg));
    GS_CHECK_EQ(64, gs_config_warps_per_sm(&cfg));
    GS_CHECK_EQ(GS_SCHED_LRR, cfg.scheduler.kind);
    GS_CHECK_EQ(GS_INDEX_IPOLY, cfg.dl2.set_index);
    GS_CHECK_EQ(0x25, gs_cache_effective_poly(&cfg.dl2));
    GS_CHECK_EQ(GS_PARTITION_IPOLY, cfg.partition_indexing);
    GS_CHECK_EQ(13, cfg.pipeline_widths.count);
    GS_CHECK_EQ(850000, cfg.clocks.dram_khz);
    /* 3 adaptive-split options, -gpgpu_sub_core_model and trace.config's 11 now
     * modelled, the 7 operand-collector / register-bank / dual-issue lines, and the
     * launch latencies, perfect I/const cache, fetch throughput, local crossbar (5
     * options) and HBM dual bus */
    GS_CHECK_EQ(0, cfg.oc_specialized);
    GS_CHECK_EQ(8, cfg.oc_units[6]);
    GS_CHECK_EQ(2, cfg.reg_file_port_throughput);
    GS_CHECK_EQ(36, cfg.meta.n_noted);
    check_round_trip();
}

static void test_a100(void)
{
    GS_CHECK_EQ(GS_OK, load_folder("SM80_A100", 1));
    GS_CHECK_EQ(108, gs_config_n_sms(&cfg));
    GS_CHECK_EQ(160, gs_config_n_sub_partitions(&cfg));
    GS_CHECK_EQ(GS_INDEX_XOR, cfg.dl2.set_index);
    GS_CHECK_EQ(128, cfg.dl2.n_sets);
    GS_CHECK_EQ(1512000, cfg.clocks.l2_khz);
    GS_CHECK_EQ(6048000, cfg.clocks.dram_khz);
    GS_CHECK_EQ(22, cfg.dram_timing.t_cl);
    /* 3 adaptive-split options, -gpgpu_sub_core_model and trace.config's 13 now
     * modelled, and the same 7 + 10 as qv100 */
    GS_CHECK_EQ(32, cfg.num_reg_banks);
    GS_CHECK_EQ(35, cfg.meta.n_noted);
    check_round_trip();
}

static void test_rtx3070(void)
{
    GS_CHECK_EQ(GS_OK, load_folder("SM86_RTX3070", 1));
    GS_CHECK_EQ(46, gs_config_n_sms(&cfg));
    GS_CHECK_EQ(3500500, cfg.clocks.dram_khz);
    GS_CHECK_EQ(256, cfg.dl1.assoc);
    GS_CHECK_EQ(48, cfg.dl1.mshr_max_merge);
    GS_CHECK_EQ(78, cfg.dram_timing.t_rc);
    check_round_trip();
}

int main(void)
{
    GS_RUN(test_gtx480);
    GS_RUN(test_qv100);
    GS_RUN(test_a100);
    GS_RUN(test_rtx3070);
    return gs_check_report();
}
