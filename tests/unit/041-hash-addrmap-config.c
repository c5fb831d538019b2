/*
 * The address-mapping tables gen/addrmap.py compiled from gen/presets/ agree
 * with what the configuration loader (base/config.h) reads from the same
 * embedded presets: params and mapping string, so the generator's reading of
 * the preset (and its defaults for omitted options) cannot drift from the
 * simulator's (spec/formats.md section 2.3).
 */
#include "check.h"
#include "gpusim.h"
#include "base/config.h"
#include "mem/addrmap.h"
#include "addrmap.h"
#include "presets.h"

static gs_config cfg;

static void test_presets_agree_with_config_loader(void)
{
    unsigned i;
    for (i = 0; i < GS_ADDRMAP_PRESET_COUNT; i++) {
        const gs_addrmap_preset *entry = &gs_addrmap_presets[i];
        const gs_preset *preset = gs_preset_find(entry->name);
        gs_addrmap_params params;
        gs_addrmap map;
        gs_diag diag;
        GS_CHECK(preset != NULL);
        if (!preset)
            continue;
        gs_config_defaults(&cfg);
        GS_CHECK_EQ(GS_OK, gs_config_parse(&cfg, entry->name, preset->text, preset->length,
                                           &diag));
        GS_CHECK_EQ(GS_OK, gs_config_finish(&cfg, &diag));
        gs_addrmap_params_from_config(&cfg, &params);
        GS_CHECK(memcmp(&params, &entry->compiled.params, sizeof params) == 0);
        GS_CHECK_STR(entry->mapping, cfg.mem_addr_mapping);
        GS_CHECK_EQ(GS_OK, gs_addrmap_compile(&map, cfg.mem_addr_mapping, &params, &diag));
        GS_CHECK(memcmp(map.mask, entry->compiled.mask, sizeof map.mask) == 0);
    }
}

static void test_every_preset_is_compiled(void)
{
    unsigned i, j;
    for (i = 0; i < GS_PRESET_COUNT; i++) {
        int found = 0;
        for (j = 0; j < GS_ADDRMAP_PRESET_COUNT; j++)
            found |= strcmp(gs_presets[i].name, gs_addrmap_presets[j].name) == 0;
        GS_CHECK(found);
    }
    GS_CHECK_EQ(GS_PRESET_COUNT, GS_ADDRMAP_PRESET_COUNT);
}

static void test_gtx480_params(void)
{
    const gs_addrmap_params *p = &gs_addrmap_presets[0].compiled.params;
    GS_CHECK_STR("gtx480", gs_addrmap_presets[0].name);
    GS_CHECK_EQ(6, p->n_channels);
    GS_CHECK_EQ(2, p->n_sub_partitions);
    GS_CHECK_EQ(0, p->partition_indexing);
    GS_CHECK_EQ(16, p->n_banks);
    GS_CHECK_EQ(4, p->n_bank_groups);
    GS_CHECK_EQ(1, gs_addrmap_presets[0].compiled.gap);
}

int main(void)
{
    GS_RUN(test_presets_agree_with_config_loader);
    GS_RUN(test_every_preset_is_compiled);
    GS_RUN(test_gtx480_params);
    return gs_check_report();
}
