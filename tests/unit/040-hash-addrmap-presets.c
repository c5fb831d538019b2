/*
 * Address mapping (spec/formats.md section 2.3): for every embedded preset,
 * the runtime parser (src/mem/addrmap.c) compiles the preset's mapping string
 * to exactly the masks gen/addrmap.py generated, reproduces the Python
 * model's decode vectors, and the digest of its decodes of
 * GS_ADDRMAP_CHECK_COUNT seeded addresses.
 */
#include "check.h"
#include "gpusim.h"
#include "mem/addrmap.h"
#include "addrmap.h"

static void test_preset_masks_match_runtime(void)
{
    unsigned i, f;
    GS_CHECK(GS_ADDRMAP_PRESET_COUNT >= 1);
    GS_CHECK_STR("gtx480", gs_addrmap_presets[0].name);
    for (i = 0; i < GS_ADDRMAP_PRESET_COUNT; i++) {
        const gs_addrmap_preset *p = &gs_addrmap_presets[i];
        gs_addrmap map;
        gs_diag diag;
        GS_CHECK_EQ(GS_OK, gs_addrmap_compile(&map, p->mapping, &p->compiled.params, &diag));
        for (f = 0; f < GS_ADDR_FIELD_COUNT; f++)
            GS_CHECK_EQ(p->compiled.mask[f], map.mask[f]);
        GS_CHECK_EQ(p->compiled.sub_partition_mask, map.sub_partition_mask);
        GS_CHECK_EQ(p->compiled.chip_start_bit, map.chip_start_bit);
        GS_CHECK_EQ(p->compiled.chip_bits, map.chip_bits);
        GS_CHECK_EQ(p->compiled.sub_bits, map.sub_bits);
        GS_CHECK_EQ(p->compiled.gap, map.gap);
        GS_CHECK(memcmp(&p->compiled.params, &map.params, sizeof map.params) == 0);
    }
}

static void test_preset_vectors(void)
{
    unsigned i, v;
    for (i = 0; i < GS_ADDRMAP_PRESET_COUNT; i++) {
        const gs_addrmap_preset *p = &gs_addrmap_presets[i];
        gs_addrmap map;
        GS_CHECK_EQ(GS_OK, gs_addrmap_compile(&map, p->mapping, &p->compiled.params, NULL));
        for (v = 0; v < GS_ADDRMAP_VECTOR_COUNT; v++) {
            const gs_addrmap_vector *want = &p->vectors[v];
            gs_addr_decoded got;
            gs_addrmap_decode(&map, want->addr, &got);
            GS_CHECK_EQ(want->channel, got.channel);
            GS_CHECK_EQ(want->sub_partition, got.sub_partition);
            GS_CHECK_EQ(want->bank, got.bank);
            GS_CHECK_EQ(want->bank_group, got.bank_group);
            GS_CHECK_EQ(want->row, got.row);
            GS_CHECK_EQ(want->column, got.column);
            GS_CHECK_EQ(want->burst, got.burst);
            GS_CHECK_EQ(want->partition_addr, gs_addrmap_partition_address(&map, want->addr));
        }
    }
}

/* gen/addrmap.py check_addresses and digest, step for step */
static uint64_t mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * 0x100000001B3ull;
}

static uint64_t runtime_digest(const gs_addrmap *map)
{
    uint64_t h = 0xCBF29CE484222325ull, state = GS_ADDRMAP_CHECK_SEED;
    uint32_t i;
    for (i = 0; i < GS_ADDRMAP_CHECK_COUNT; i++) {
        uint64_t addr;
        gs_addr_decoded d;
        if (i < 64) {
            addr = (uint64_t)1u << i;
        } else {
            addr = gs_splitmix64(&state);
            if (!(i & 1u))
                addr &= 0xFFFFFFFFFull;
        }
        gs_addrmap_decode(map, addr, &d);
        h = mix(mix(mix(mix(h, d.channel), d.sub_partition), d.bank), d.bank_group);
        h = mix(mix(mix(mix(h, d.row), d.column), d.burst),
                gs_addrmap_partition_address(map, addr));
    }
    return h;
}

static void test_preset_digests(void)
{
    unsigned i;
    for (i = 0; i < GS_ADDRMAP_PRESET_COUNT; i++) {
        const gs_addrmap_preset *p = &gs_addrmap_presets[i];
        gs_addrmap map;
        GS_CHECK_EQ(GS_OK, gs_addrmap_compile(&map, p->mapping, &p->compiled.params, NULL));
        GS_CHECK_EQ(p->check_digest, runtime_digest(&map));
    }
}

int main(void)
{
    GS_RUN(test_preset_masks_match_runtime);
    GS_RUN(test_preset_vectors);
    GS_RUN(test_preset_digests);
    return gs_check_report();
}
