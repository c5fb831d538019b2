/*
 * Configuration parser, option values, overrides, whole-config checks and the
 * dump round trip (src/base/config*.c; spec/formats.md section 2).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "base/cache_policy_list.h"
#include "base/config.h"
#include "presets.h"
#include "config_dump_test.h"

static gs_config cfg_a, cfg_b;

static gs_status load(gs_config *cfg, const char *text, gs_diag *diag)
{
    gs_config_defaults(cfg);
    return gs_config_parse(cfg, "t.cfg", text, strlen(text), diag);
}

/* Load text and expect the rendered diagnostic. */
static void expect_error(const char *text, const char *want)
{
    gs_diag diag;
    char line[1024];
    gs_status st = load(&cfg_a, text, &diag);
    if (st == GS_OK)
        st = gs_config_finish(&cfg_a, &diag);
    GS_CHECK_EQ(GS_E_CONFIG, st);
    gs_diag_render(&diag, line, sizeof line);
    GS_CHECK_STR(want, line);
}

static void test_syntax(void)
{
    gs_diag diag;
    const char *text =
        "# comment\n"
        "  -gpgpu_n_clusters 8   # trailing comment\n"
        "\n"
        "-gpgpu_dram_timing_opt \"nbk=8:CCD=1:RRD=3:RCD=12:RAS=28:RP=12:RC=40:\n"
        "                        CL=12:WL=2:CDLR=3:WR=10:nbkgrp=2:CCDL=2:RTPL=3\"\n"
        "-gpgpu_n_clusters 10\n"
        "-gpgpu_clock_domains 1132.0:1132:1512.25:3500.5\n";
    GS_CHECK_EQ(GS_OK, load(&cfg_a, text, &diag));
    GS_CHECK_EQ(10, cfg_a.n_clusters);                   /* later setting wins */
    GS_CHECK_EQ(8, cfg_a.dram_timing.n_banks);
    GS_CHECK_EQ(12, cfg_a.dram_timing.t_cl);
    GS_CHECK_EQ(2, cfg_a.dram_timing.n_bank_groups);
    GS_CHECK_EQ(3, cfg_a.dram_timing.t_rtpl);
    GS_CHECK_EQ(1132000, cfg_a.clocks.core_khz);
    GS_CHECK_EQ(1512250, cfg_a.clocks.l2_khz);
    GS_CHECK_EQ(3500500, cfg_a.clocks.dram_khz);
    GS_CHECK_EQ(883, gs_config_period_ps(cfg_a.clocks.core_khz));
    GS_CHECK_EQ(6, cfg_a.meta.set_at[gs_option_find("gpgpu_n_clusters", 16)].line);
}

static void test_values(void)
{
    gs_diag diag;
    GS_CHECK_EQ(GS_OK, load(&cfg_a,
        "-gpgpu_dram_timing_opt 4:2:8:12:21:13:34:9:4:5:13\n"      /* positional, 11 fields */
        "-gpgpu_scheduler two_level_active:6:0:1\n"
        "-gpgpu_dram_partition_queues 8:16:32:64\n"
        "-ptx_opcode_latency_int 4,4,4,4,21\n", &diag));
    GS_CHECK_EQ(4, cfg_a.dram_timing.n_banks);
    GS_CHECK_EQ(13, cfg_a.dram_timing.t_wr);
    GS_CHECK_EQ(1, cfg_a.dram_timing.n_bank_groups);     /* optional ones default */
    GS_CHECK_EQ(0, cfg_a.dram_timing.t_ccdl);
    GS_CHECK_EQ(GS_SCHED_TWO_LEVEL, cfg_a.scheduler.kind);
    GS_CHECK_EQ(6, cfg_a.scheduler.num_active_warps);
    GS_CHECK_EQ(GS_PRIO_SRR, cfg_a.scheduler.outer_prio);
    GS_CHECK_EQ(32, cfg_a.partition_queues[2]);
    GS_CHECK_EQ(5, cfg_a.latency_int.count);
    GS_CHECK_EQ(21, cfg_a.latency_int.values[4]);
    GS_CHECK_EQ(GS_OK, load(&cfg_a, "-gpgpu_scheduler old\n", &diag));
    GS_CHECK_EQ(GS_SCHED_OLDEST, cfg_a.scheduler.kind);
    GS_CHECK_EQ(GS_OK, load(&cfg_a, "-gpgpu_scheduler warp_limiting:2:12\n", &diag));
    GS_CHECK_EQ(GS_SCHED_WARP_LIMITING, cfg_a.scheduler.kind);
    GS_CHECK_EQ(12, cfg_a.scheduler.limit_warps);
    GS_CHECK_EQ(GS_OK, load(&cfg_a, "-gpgpu_scheduler lrr\n", &diag));
    GS_CHECK_EQ(GS_SCHED_LRR, cfg_a.scheduler.kind);
}

static void test_overrides(void)
{
    gs_diag diag;
    char line[512];
    GS_CHECK_EQ(GS_OK, load(&cfg_a, "-gpgpu_n_mem 6\n", &diag));
    GS_CHECK_EQ(GS_OK, gs_config_set_arg(&cfg_a, "-gpgpu_n_mem", "4", 1, 14, &diag));
    GS_CHECK_EQ(4, cfg_a.n_mem);
    GS_CHECK_EQ(GS_E_CONFIG, gs_config_set_arg(&cfg_a, "-gpgpu_n_mem", "x", 1, 14, &diag));
    gs_diag_render(&diag, line, sizeof line);
    GS_CHECK_STR("<command line>:1:14: error: -gpgpu_n_mem: 'x' is not an unsigned integer",
                 line);
    GS_CHECK_EQ(GS_E_CONFIG, gs_config_set_arg(&cfg_a, "-bogus", "1", 9, 16, &diag));
    gs_diag_render(&diag, line, sizeof line);
    GS_CHECK_STR("<command line>:1:9: error: unknown option -bogus", line);
    GS_CHECK_EQ(GS_E_CONFIG, gs_config_set_arg(&cfg_a, "-gpgpu_cache:dl1",
                "N:32:128:4,L:L:m:N:Q,A:32:8,8", 1, 18, &diag));
    gs_diag_render(&diag, line, sizeof line);
    GS_CHECK_STR("<command line>:1:37: error: -gpgpu_cache:dl1: unknown set index letter 'Q' "
                 "(expected one of 'LXHPC', spec/formats.md 2.1)", line);
}

static void test_error_positions(void)
{
    expect_error("-gpgpu_n_clusters 15\n  -gpgpu_foo 1\n", "t.cfg:2:3: error: unknown option "
                 "-gpgpu_foo");
    expect_error("-gpgpu_n_clusters 0\n", "t.cfg:1:19: error: -gpgpu_n_clusters: 0 is out of "
                 "range [1, 256]");
    expect_error("-gpgpu_n_clusters 300\n", "t.cfg:1:19: error: -gpgpu_n_clusters: 300 is above "
                 "the compiled maximum GS_MAX_SMS = 256 (tables/gs_limits.h)");
    expect_error("-gpgpu_dram_timing_opt \"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:\n"
                 "     CL=12:WL=4:CDLR=5:XX=12\"\n", "t.cfg:2:24: error: -gpgpu_dram_timing_opt: "
                 "unknown DRAM timing key 'XX' (nbk CCD RRD RCD RAS RP RC CL WL CDLR WR nbkgrp "
                 "CCDL RTPL)");
    expect_error("-gpgpu_n_mem 4 extra\n", "t.cfg:1:16: error: unexpected text after the value "
                 "of -gpgpu_n_mem");
    expect_error("-gpgpu_n_mem\n", "t.cfg:1:1: error: option -gpgpu_n_mem needs a value");
    expect_error("gpgpu_n_mem 4\n", "t.cfg:1:1: error: expected an option '-name value' or a "
                 "'#' comment");
}

static void test_combinations(void)
{
    expect_error("-gpgpu_n_clusters 100\n-gpgpu_n_cores_per_cluster 3\n", "t.cfg:2:28: error: "
                 "100 clusters x 3 cores = 300 SMs is above the compiled maximum GS_MAX_SMS = "
                 "256 (tables/gs_limits.h)");
    expect_error("-ptx_opcode_latency_sfu 4\n-ptx_opcode_initiation_sfu 8\n", "t.cfg:2:28: "
                 "error: -ptx_opcode_latency_sfu entry 1 is 4, below its initiation interval 8 "
                 "in -ptx_opcode_initiation_sfu (spec/formats.md 1.6)");
    expect_error("-gpgpu_cache:dl2 S:32:128:24,L:B:m:L:P,A:192:4,32:0,32\n"
                 "-gpgpu_cache:dl2_ipoly_poly 0x21\n", "t.cfg:2:29: error: -gpgpu_cache:dl2: "
                 "IPOLY polynomial 0x21 is reducible over GF(2); the hash needs an irreducible "
                 "polynomial (spec/formats.md 2.2)");
}

static void test_defaults_are_gtx480(void)
{
    static text_buffer a, b;
    gs_diag diag;
    const gs_preset *preset = gs_preset_find("gtx480");
    GS_CHECK(preset != NULL);
    if (!preset)
        return;
    gs_config_defaults(&cfg_a);
    GS_CHECK_EQ(GS_OK, gs_config_finish(&cfg_a, &diag));
    dump(&cfg_a, &a);
    gs_config_defaults(&cfg_b);
    GS_CHECK_EQ(GS_OK, gs_config_parse(&cfg_b, "gtx480", preset->text, preset->length, &diag));
    GS_CHECK_EQ(GS_OK, gs_config_finish(&cfg_b, &diag));
    dump(&cfg_b, &b);
    GS_CHECK_STR(a.text, b.text);
    GS_CHECK_EQ(0, cfg_b.meta.n_noted);           /* the preset uses only modelled options */
    GS_CHECK_EQ(15, gs_config_n_sms(&cfg_b));
    GS_CHECK_EQ(12, gs_config_n_sub_partitions(&cfg_b));
    GS_CHECK_EQ(48, gs_config_warps_per_sm(&cfg_b));
    GS_CHECK_EQ(1400000, cfg_b.clocks.icnt_khz);
}

static void test_dump_round_trip(void)
{
    static text_buffer a, b;
    gs_diag diag;
    GS_CHECK_EQ(GS_OK, load(&cfg_a, "-gpgpu_clock_domains 1132:1132:1132:3500.5\n"
                                    "-gpgpu_scheduler two_level_active:8\n"
                                    "-gpgpu_cache:dl2 S:64:128:16,L:B:m:L:P,A:192:4,32:0,32\n"
                                    "-gpgpu_cache:dl2_ipoly_poly 0x43\n"
                                    "-gs_seed 18446744073709551615\n"
                                    "-gs_event_trace dram_row,l1d_access\n"
                                    "-gs_event_trace_sm 14\n"
                                    "-gs_event_trace_addr 4096\n"
                                    "-gs_event_trace_file out/trace.txt\n"
                                    "-gs_l1d_policy drrip\n-gs_l2_policy brrip\n"
                                    "-gs_rrip_bits 3\n-gs_brrip_epsilon 64\n"
                                    "-gs_drrip_leader_sets 2\n-gs_drrip_psel_bits 8\n"
                                    "-gs_l2_drrip_dueling per_slice\n", &diag));
    GS_CHECK_EQ(GS_OK, gs_config_finish(&cfg_a, &diag));
    GS_CHECK_EQ(GS_CACHE_POLICY_DRRIP, cfg_a.l1d_policy);
    GS_CHECK_EQ(GS_CACHE_POLICY_BRRIP, cfg_a.l2_policy);
    GS_CHECK_EQ(GS_DRRIP_DUEL_PER_SLICE, cfg_a.l2_drrip_dueling);
    dump(&cfg_a, &a);
    GS_CHECK(strstr(a.text, "-gs_event_trace l1d_access,dram_row\n-gs_event_trace_sm 14\n"
                    "-gs_event_trace_warp all\n-gs_event_trace_addr 0x1000\n"
                    "-gs_event_trace_lines 100000\n-gs_event_trace_file out/trace.txt\n")
             != NULL);
    GS_CHECK(strstr(a.text, "-gs_l1d_policy drrip\n-gs_l2_policy brrip\n-gs_rrip_bits 3\n"
                            "-gs_brrip_epsilon 64\n-gs_drrip_leader_sets 2\n"
                            "-gs_drrip_psel_bits 8\n-gs_l2_drrip_dueling per_slice\n") != NULL);
    GS_CHECK(strstr(a.text, "-gpgpu_clock_domains 1132:1132:1132:3500.5\n") != NULL);
    GS_CHECK(strstr(a.text, "-gpgpu_scheduler two_level_active:8:0:1\n") != NULL);
    GS_CHECK(strstr(a.text, "-gs_seed 18446744073709551615\n") != NULL);
    GS_CHECK_EQ(GS_OK, load(&cfg_b, a.text, &diag));
    GS_CHECK_EQ(GS_OK, gs_config_finish(&cfg_b, &diag));
    dump(&cfg_b, &b);
    GS_CHECK_STR(a.text, b.text);
}

static void test_icnt(void)
{
    gs_diag diag;
    char line[512];
    const char *icnt = "// comment\nflit_size = 40; \nvc_buf_size = 64;\n"
                       "topology = fly;\npacket_size ={{1,2},{10,20}};\ntopology = fly;\n";
    gs_config_defaults(&cfg_a);
    GS_CHECK_EQ(GS_OK, gs_config_parse_icnt(&cfg_a, "x.icnt", icnt, strlen(icnt), &diag));
    GS_CHECK_EQ(40, cfg_a.icnt.flit_size);
    GS_CHECK_EQ(64, cfg_a.icnt.vc_buf_size);
    GS_CHECK_EQ(2, cfg_a.meta.n_icnt_noted);             /* topology once, packet_size */
    GS_CHECK_STR("packet_size", cfg_a.meta.icnt_noted[1]);
    GS_CHECK_EQ(GS_E_CONFIG, gs_config_parse_icnt(&cfg_a, "x.icnt", "k = 3\n", 6, &diag));
    gs_diag_render(&diag, line, sizeof line);
    GS_CHECK_STR("x.icnt:1:6: error: missing ';' after the value of an interconnect key", line);
    GS_CHECK_EQ(GS_E_CONFIG, gs_config_parse_icnt(&cfg_a, "x.icnt", "num_vcs = many;", 15,
                                                  &diag));
    gs_diag_render(&diag, line, sizeof line);
    GS_CHECK_STR("x.icnt:1:11: error: -gs_icnt_num_vcs: 'many' is not an unsigned integer "
                 "(interconnect key num_vcs)", line);
}

static void test_notes_once(void)
{
    gs_diag diag;
    GS_CHECK_EQ(GS_OK, load(&cfg_a, "-visualizer_enabled 0\n-gpgpu_simd_model 1\n"
                                    "-visualizer_enabled 1\n", &diag));
    GS_CHECK_EQ(2, cfg_a.meta.n_noted);
    GS_CHECK_STR("visualizer_enabled", gs_options[cfg_a.meta.noted[0]].name);
    expect_error("-visualizer_enabled yes\n", "t.cfg:1:21: error: -visualizer_enabled: 'yes' "
                 "is not an integer");
}

int main(void)
{
    GS_RUN(test_syntax);
    GS_RUN(test_values);
    GS_RUN(test_overrides);
    GS_RUN(test_error_positions);
    GS_RUN(test_combinations);
    GS_RUN(test_defaults_are_gtx480);
    GS_RUN(test_dump_round_trip);
    GS_RUN(test_icnt);
    GS_RUN(test_notes_once);
    return gs_check_report();
}
