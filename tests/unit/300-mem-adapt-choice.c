/*
 * The adaptive unified L1D / shared-memory split (mem/cache_adapt.h): the
 * carve-out chosen for a kernel's shared memory per SM and the resulting L1D
 * size and ways, on the qv100 and a100 presets (published SM7_QV100 /
 * SM80_A100 values: unified 128 / 192 KB, options 0,8,16,32,64,96 /
 * 0,8,16,32,64,164 KB, dl1 4 sets x 128 B = 512 bytes per way), the
 * occupancy coupling (need = shared memory per CTA x CTAs per SM from
 * core/cta_dispatch.h), the streaming (`s`) allocation rule, and each
 * configuration check.
 */
#include "check.h"

#include <string.h>

#include "base/config.h"
#include "core/cta_dispatch.h"
#include "sim/sim_config.h"
#include "mem/cache_adapt.h"
#include "presets.h"

static int load(gs_config *cfg, const char *preset_name, const char *const *extra)
{
    const gs_preset *preset = gs_preset_find(preset_name);
    gs_diag diag;
    uint32_t i;
    gs_config_defaults(cfg);
    if (preset == NULL ||
        gs_config_parse(cfg, preset_name, preset->text, preset->length, &diag) != GS_OK)
        return 0;
    for (i = 0; extra != NULL && extra[i] != NULL; i += 2)
        if (gs_config_set_arg(cfg, extra[i], extra[i + 1], 1, 1, &diag) != GS_OK) {
            printf("  %s: %s\n", extra[i], diag.message);
            return 0;
        }
    return gs_config_finish(cfg, &diag) == GS_OK;
}

/* Carve-out for `need` bytes; fills *c. Returns the status. */
static gs_status choose(const gs_config *cfg, uint64_t need, gs_l1_choice *c)
{
    gs_l1_split split;
    gs_diag diag;
    gs_l1_split_from_config(cfg, &split);
    return gs_l1_split_choose(&split, need, c, &diag);
}

static void test_qv100_choices(void)
{
    gs_config cfg;
    gs_l1_split split;
    gs_l1_choice c;
    GS_CHECK(load(&cfg, "qv100", NULL));
    gs_l1_split_from_config(&cfg, &split);
    GS_CHECK_EQ(1u, split.enabled);
    GS_CHECK_EQ(512u, split.way_bytes);
    GS_CHECK_EQ(256u, gs_l1_split_max_ways(&split));          /* 128 KB / 512 B */
    /* No shared memory: option 0, the whole unified storage is L1D. */
    GS_CHECK_EQ(GS_OK, choose(&cfg, 0, &c));
    GS_CHECK_EQ(0u, c.carveout_kb);
    GS_CHECK_EQ(128u, c.l1d_kb);
    GS_CHECK_EQ(256u, c.ways);
    GS_CHECK_EQ(0u, c.on_fill);                                /* `m` stays on miss */
    /* One byte: the next option, 8 KB -> 120 KB = 240 ways. */
    GS_CHECK_EQ(GS_OK, choose(&cfg, 1, &c));
    GS_CHECK_EQ(8u, c.carveout_kb);
    GS_CHECK_EQ(240u, c.ways);
    /* At the boundary 8 KB exactly, and one byte above it. */
    GS_CHECK_EQ(GS_OK, choose(&cfg, 8192, &c));
    GS_CHECK_EQ(8u, c.carveout_kb);
    GS_CHECK_EQ(GS_OK, choose(&cfg, 8193, &c));
    GS_CHECK_EQ(16u, c.carveout_kb);
    GS_CHECK_EQ(224u, c.ways);
    /* 20 KB per CTA x 3 CTAs = 60 KB -> 64 KB; L1D 64 KB = 128 ways. */
    GS_CHECK_EQ(GS_OK, choose(&cfg, 3u * 20480u, &c));
    GS_CHECK_EQ(64u, c.carveout_kb);
    GS_CHECK_EQ(64u, c.l1d_kb);
    GS_CHECK_EQ(128u, c.ways);
    /* 20 KB x 4 = 80 KB -> 96 KB; L1D 32 KB = 64 ways (the string's size). */
    GS_CHECK_EQ(GS_OK, choose(&cfg, 4u * 20480u, &c));
    GS_CHECK_EQ(96u, c.carveout_kb);
    GS_CHECK_EQ(32u, c.l1d_kb);
    GS_CHECK_EQ(64u, c.ways);
    /* Above the largest option (not admitted by the occupancy): an error. */
    GS_CHECK_EQ(GS_OK, choose(&cfg, 98304u, &c));
    GS_CHECK_EQ(GS_E_LIMIT, choose(&cfg, 98305u, &c));
}

static void test_a100_ways(void)
{
    static const uint32_t need_kb[6] = { 0, 8, 16, 32, 64, 164 };
    static const uint32_t ways[6] = { 384, 368, 352, 320, 256, 56 };
    gs_config cfg;
    gs_l1_choice c;
    uint32_t i;
    GS_CHECK(load(&cfg, "a100", NULL));
    for (i = 0; i < 6u; i++) {
        GS_CHECK_EQ(GS_OK, choose(&cfg, need_kb[i] * 1024u, &c));
        GS_CHECK_EQ(need_kb[i], c.carveout_kb);
        GS_CHECK_EQ(192u - need_kb[i], c.l1d_kb);
        GS_CHECK_EQ(ways[i], c.ways);
    }
}

/* need = shared memory per CTA x CTAs per SM the occupancy allows. */
static uint32_t carveout_for(const gs_config *cfg, uint32_t threads, uint32_t regs,
                             uint32_t shmem, uint32_t *ctas)
{
    gs_cta_params p;
    gs_kernel_shape ks;
    gs_occupancy occ;
    gs_l1_choice c;
    gs_diag diag;
    gs_cta_params_from_config(cfg, &p);
    memset(&ks, 0, sizeof ks);
    ks.num_ctas = 1000;
    ks.threads_per_cta = threads;
    ks.regs_per_thread = regs;
    ks.shmem_bytes_per_cta = shmem;
    if (gs_cta_occupancy(&p, &ks, &occ, &diag) != GS_OK)
        return 0xFFFFu;
    *ctas = occ.ctas_per_sm;
    if (choose(cfg, (uint64_t)shmem * occ.ctas_per_sm, &c) != GS_OK)
        return 0xFFFFu;
    return c.carveout_kb;
}

static void test_occupancy_coupling(void)
{
    gs_config cfg;
    uint32_t ctas = 0;
    GS_CHECK(load(&cfg, "a100", NULL));
    /* 256 threads, 32 regs, 20 KB: 8 CTAs (shared memory 164/20, threads, regs
     * all allow 8) x 20 KB = 160 KB -> 164 KB. */
    GS_CHECK_EQ(164u, carveout_for(&cfg, 256, 32, 20480, &ctas));
    GS_CHECK_EQ(8u, ctas);
    /* 1024 threads: 2 CTAs (thread slots) x 20 KB = 40 KB -> 64 KB. */
    GS_CHECK_EQ(64u, carveout_for(&cfg, 1024, 32, 20480, &ctas));
    GS_CHECK_EQ(2u, ctas);
    /* 128 threads, 4 KB: 16 CTAs (thread slots; 32 CTA slots) x 4 KB = 64 KB. */
    GS_CHECK_EQ(64u, carveout_for(&cfg, 128, 16, 4096, &ctas));
    GS_CHECK_EQ(16u, ctas);
    /* 64 threads, 1 KB, 32 CTAs (CTA slots) = 32 KB exactly -> 32 KB. */
    GS_CHECK_EQ(32u, carveout_for(&cfg, 64, 16, 1024, &ctas));
    GS_CHECK_EQ(32u, ctas);
    /* No shared memory -> 0 whatever the occupancy. */
    GS_CHECK_EQ(0u, carveout_for(&cfg, 256, 32, 0, &ctas));
}

static void test_streaming_rule(void)
{
    static const char *const streaming[] = {
        "-gpgpu_cache:dl1", "S:4:128:64,L:T:s:N:L,A:512:8,16:0,32", NULL
    };
    static const char *const on_fill[] = {
        "-gpgpu_cache:dl1", "S:4:128:64,L:T:f:N:L,A:512:8,16:0,32", NULL
    };
    gs_config cfg;
    gs_l1_choice c;
    GS_CHECK(load(&cfg, "qv100", streaming));
    GS_CHECK_EQ(GS_OK, choose(&cfg, 0, &c));
    GS_CHECK_EQ(0u, c.on_fill);          /* no shared memory: on miss */
    GS_CHECK_EQ(GS_OK, choose(&cfg, 1, &c));
    GS_CHECK_EQ(1u, c.on_fill);          /* some: on fill */
    GS_CHECK(load(&cfg, "qv100", on_fill));
    GS_CHECK_EQ(GS_OK, choose(&cfg, 0, &c));
    GS_CHECK_EQ(1u, c.on_fill);          /* `f` is not streaming: stays on fill */
}

/* gs_l1_split_check on qv100 + overrides (pairs, NULL-ended): 1 when it
 * fails with `text` in its message. */
static int fails_with(const char *const *extra, const char *text)
{
    gs_config cfg;
    gs_diag diag;
    if (!load(&cfg, "qv100", extra))
        return 0;
    memset(&diag, 0, sizeof diag);
    if (gs_l1_split_check(&cfg, &diag) != GS_E_CONFIG) {
        printf("  %s %s: no error\n", extra[0], extra[1]);
        return 0;
    }
    if (strstr(diag.message, text) == NULL) {
        printf("  %s %s: %s\n", extra[0], extra[1], diag.message);
        return 0;
    }
    return 1;
}

static int check_fails(const char *opt, const char *value, const char *text)
{
    const char *extra[3];
    extra[0] = opt;
    extra[1] = value;
    extra[2] = NULL;
    return fails_with(extra, text);
}

static int check_passes(const char *opt, const char *value)
{
    const char *extra[3];
    gs_config cfg;
    gs_diag diag;
    extra[0] = opt;
    extra[1] = value;
    extra[2] = NULL;
    return load(&cfg, "qv100", extra) && gs_l1_split_check(&cfg, &diag) == GS_OK;
}

static void test_config_checks(void)
{
    static const char *const odd_ways[] = {
        "-gpgpu_cache:dl1", "S:32:128:8,L:T:m:L:L,A:512:8,16:0,32",
        "-gpgpu_shmem_option", "0,1,96", NULL
    };
    gs_config cfg;
    gs_diag diag;
    GS_CHECK(load(&cfg, "qv100", NULL));
    GS_CHECK_EQ(GS_OK, gs_l1_split_check(&cfg, &diag));
    GS_CHECK(load(&cfg, "gtx480", NULL));
    GS_CHECK_EQ(GS_OK, gs_l1_split_check(&cfg, &diag));      /* off: nothing checked */
    GS_CHECK(check_fails("-gpgpu_shmem_option", "0,16,8,96", "strictly ascending (8 KB after"));
    GS_CHECK(check_fails("-gpgpu_shmem_option", "0,8,8,96", "strictly ascending"));
    GS_CHECK(check_fails("-gpgpu_shmem_option", "0,96,128", "128 KB leaves no L1D"));
    /* 32 sets x 128 B = 4 KB per way: 127 KB is not whole ways (4 sets x
     * 128 B = 512 B divides every whole KB). */
    GS_CHECK(fails_with(odd_ways, "L1D of 127 KB (unified 128 KB - carve-out 1 KB) is not a "
                        "whole number of 4096-byte ways"));
    GS_CHECK(check_fails("-gpgpu_shmem_option", "0,8,64", "largest -gpgpu_shmem_option (64 KB) "
                         "is below -gpgpu_shmem_size (98304 bytes)"));
    GS_CHECK(check_fails("-gpgpu_unified_l1d_size", "0", "above 0 KB"));
    /* A write-back L1D is accepted (dirty lines of removed ways are counted,
     * mem/cache_adapt.h): e.g. GPGPU-Sim's older QV100 string L:L:s:N:L. */
    GS_CHECK(check_passes("-gpgpu_cache:dl1", "S:4:128:64,L:B:m:L:L,A:512:8,16:0,32"));
    GS_CHECK(check_passes("-gpgpu_cache:dl1", "S:4:128:64,L:L:s:N:L,A:512:8,16:0,32"));
    GS_CHECK(check_fails("-gpgpu_cache:dl1", "none", "needs an L1D"));
}

int main(void)
{
    GS_RUN(test_qv100_choices);
    GS_RUN(test_a100_ways);
    GS_RUN(test_occupancy_coupling);
    GS_RUN(test_streaming_rule);
    GS_RUN(test_config_checks);
    return gs_check_report();
}
