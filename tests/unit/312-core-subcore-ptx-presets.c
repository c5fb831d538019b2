/*
 * The sub-core model and trace.config on PTX runs, and the presets against
 * the published configurations (core/exec_unit.h, sim/sim_config.c,
 * base/config_trace.c; spec/formats.md 1.6, 2.5).
 *
 * PTX timing as in test 160 (tests/ptx/timing, gtx480 defaults with perfect
 * memory and I-cache): a chain of 16 dependent int adds (latency 4) takes
 * 4 * 16 + 2 = 66 cycles; 16 independent muls (II 2) on the units a warp
 * may use, then 16 shared stores and ret, take L + 19 cycles with L the
 * issue cycle of the last mul.
 */
#include "timing_harness.h"
#include "presets.h"
#include "config_dump_test.h"

static th_run run;

static uint64_t cycles_of(const char *kernel, uint32_t block)
{
    return th_cycles_of(&run, kernel, 1, block);
}

/* Decision (exec_unit.h): trace.config describes trace instructions only;
 * a PTX run with every trace option set keeps the -ptx_opcode_* timing. */
static void test_trace_options_leave_ptx_alone(void)
{
    uint32_t k;
    th_config(&run.cfg);
    run.cfg.trace_int.count = 2;
    run.cfg.trace_int.values[0] = 9;
    run.cfg.trace_int.values[1] = 3;
    for (k = 0; k < 4u; k++) {
        static const char *const names[4] = { "BRA", "TEX", "TENSOR", "UDP" };
        run.cfg.spec_units[k].enabled = 1;
        run.cfg.spec_units[k].num_units = 1;
        run.cfg.spec_units[k].max_latency = 8;
        strcpy(run.cfg.spec_units[k].name, names[k]);
        run.cfg.spec_latency[k].count = 2;
        run.cfg.spec_latency[k].values[0] = 8;
        run.cfg.spec_latency[k].values[1] = 8;
    }
    GS_CHECK_EQ(4u * 16u + 2u, cycles_of("chain16", 32));
}

/* One warp of indep_mul16 with 4 schedulers and 4 SP units (4 SFUs so that
 * every unit count divides): without sub-cores two SP units alternate and
 * hide the II of 2: L = 1 + 15 = 16, 35 cycles; with sub-cores the warp's
 * scheduler owns one SP unit: L = 1 + 2 * 15 = 31, 50 cycles. */
static void test_ptx_warp_on_one_subcore(void)
{
    uint32_t sub;
    for (sub = 0; sub < 2u; sub++) {
        th_config(&run.cfg);
        run.cfg.n_sched_per_core = 4;
        run.cfg.num_sp_units = 4;
        run.cfg.num_sfu_units = 4;
        run.cfg.sub_core_model = sub;
        GS_CHECK_EQ(sub ? 31u + 19u : 16u + 19u, cycles_of("indep_mul16", 32));
    }
}

/* ---- presets = published gpgpusim.config + trace.config ---- */

static gs_status parse_file(gs_config *c, const char *path, gs_diag *diag)
{
    size_t length;
    char *text = th_read(path, &length);
    gs_status st;
    if (!text)
        return GS_E_IO;
    st = gs_config_parse(c, path, text, length, diag);
    free(text);
    return st;
}

/* The preset's effective configuration, trace.config lines included, equals
 * the published files' (tests/configs/published, copies of spec/). */
static void check_preset(const char *preset, const char *folder)
{
    static gs_config published, ours;
    static text_buffer a, b;
    const gs_preset *p = gs_preset_find(preset);
    char path[256];
    gs_diag diag;
    GS_CHECK(p != NULL);
    if (!p)
        return;
    gs_config_defaults(&ours);
    GS_CHECK_EQ(GS_OK, gs_config_parse(&ours, preset, p->text, p->length, &diag));
    GS_CHECK_EQ(GS_OK, gs_config_finish(&ours, &diag));
    gs_config_defaults(&published);
    snprintf(path, sizeof path, "tests/configs/published/%s/gpgpusim.config", folder);
    GS_CHECK_EQ(GS_OK, parse_file(&published, path, &diag));
    snprintf(path, sizeof path, "tests/configs/published/%s/trace.config", folder);
    GS_CHECK_EQ(GS_OK, parse_file(&published, path, &diag));
    GS_CHECK_EQ(GS_OK, gs_config_finish(&published, &diag));
    dump(&ours, &a);
    dump(&published, &b);
    GS_CHECK_STR(b.text, a.text);
    GS_CHECK_EQ(1u, ours.sub_core_model);
    GS_CHECK_EQ(1u, ours.spec_units[0].enabled);
    GS_CHECK_STR("BRA", ours.spec_units[0].name);
}

static void test_presets_equal_published(void)
{
    check_preset("a100", "SM80_A100");
    check_preset("qv100", "SM7_QV100");
}

int main(void)
{
    GS_RUN(test_trace_options_leave_ptx_alone);
    GS_RUN(test_ptx_warp_on_one_subcore);
    GS_RUN(test_presets_equal_published);
    return gs_check_report();
}
