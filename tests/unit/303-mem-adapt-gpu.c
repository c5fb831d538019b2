/*
 * The adaptive L1D split driven by real kernel launches (sim/gpu.c
 * gs_sim_queue_kernel -> mem/memsys.h gs_memsys_kernel_start; rules in
 * mem/cache_adapt.h): Accel-Sim trace kernels of a given shape on the a100
 * and qv100 presets, full memory system; the carve-out follows the trace
 * header's shared memory per CTA times the CTAs per SM the occupancy allows
 * (kernel_ctas_per_sm), and the L1D size and ways follow.
 */
#include "trace_timing_harness.h"

#include "presets.h"

static tt_run run;
static tt_text text;

static int preset_config(gs_config *cfg, const char *name)
{
    const gs_preset *preset = gs_preset_find(name);
    gs_diag diag;
    gs_config_defaults(cfg);
    if (preset == NULL || gs_config_parse(cfg, name, preset->text, preset->length, &diag) ||
        gs_config_finish(cfg, &diag))
        return 0;
    cfg->perfect_icache = 1;
    return 1;
}

/* 8 CTAs of `block` threads, one EXIT per warp. */
static void exit_kernel(uint32_t block, uint32_t shmem, uint32_t nregs)
{
    uint32_t b, w;
    tt_header(&text, 8, block, shmem, nregs);
    for (b = 0; b < 8u; b++) {
        tt_block(&text, b);
        for (w = 0; w < (block + 31u) / 32u; w++) {
            tt_warp(&text, w, 1);
            tt_inst(&text, 0, "0 EXIT 0 0 0");
        }
        tt_end_block(&text);
    }
}

typedef struct expect {
    uint32_t block, shmem, nregs;
    uint32_t ctas_per_sm, carveout_kb, l1d_kb, ways;
} expect;

static void check_kernel(const char *preset, const expect *e)
{
    gs_status st;
    GS_CHECK(preset_config(&run.cfg, preset));
    exit_kernel(e->block, e->shmem, e->nregs);
    if (strcmp(preset, "qv100") == 0) {       /* a Volta trace: binary version 70 */
        char *v = strstr(text.kernel, "-binary version = 80");
        GS_CHECK(v != NULL);
        if (v != NULL)
            v[strlen("-binary version = ")] = '7';
    }
    st = tt_simulate(&run, &text);
    tt_report(&run, st);
    GS_CHECK_EQ(GS_OK, st);
    if (st == GS_OK) {
        GS_CHECK_EQ(e->ctas_per_sm, tt_stat(&run, "kernel_ctas_per_sm"));
        GS_CHECK_EQ(e->carveout_kb, tt_stat(&run, "L1D_shmem_carveout_kb"));
        GS_CHECK_EQ(e->l1d_kb, tt_stat(&run, "L1D_capacity_kb"));
        GS_CHECK_EQ(e->ways, tt_stat(&run, "L1D_ways"));
        GS_CHECK_EQ(1u, tt_stat(&run, "L1D_adaptive_kernels"));
        GS_CHECK_EQ(text.lines, tt_stat(&run, "gpgpu_n_tot_w_icount"));
    }
    tt_free(&run);
}

static void test_a100_kernels(void)
{
    /* block, shmem, regs -> CTAs/SM, carve-out, L1D KB, ways (4 sets x 128 B). */
    static const expect cases[] = {
        { 256, 0, 32, 8, 0, 192, 384 },          /* no shared memory: all L1D */
        { 256, 20480, 32, 8, 164, 28, 56 },      /* 8 x 20 KB = 160 KB -> 164 */
        { 1024, 20480, 32, 2, 64, 128, 256 },    /* 2 x 20 KB = 40 KB -> 64 */
        { 64, 256, 16, 32, 8, 184, 368 },        /* 32 x 256 B = 8 KB exactly -> 8 */
        { 64, 257, 16, 32, 16, 176, 352 },       /* 32 x 257 B > 8 KB -> 16 */
    };
    uint32_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_kernel("a100", &cases[i]);
}

static void test_qv100_kernels(void)
{
    static const expect cases[] = {
        { 256, 0, 32, 8, 0, 128, 256 },
        { 256, 12288, 32, 8, 96, 32, 64 },       /* 8 x 12 KB = 96 KB -> 96 */
        { 512, 12288, 32, 4, 64, 64, 128 },      /* 4 x 12 KB = 48 KB -> 64 */
    };
    uint32_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_kernel("qv100", &cases[i]);
}

int main(void)
{
    GS_RUN(test_a100_kernels);
    GS_RUN(test_qv100_kernels);
    return gs_check_report();
}
