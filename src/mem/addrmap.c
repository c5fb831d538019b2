/*
 * Address mapping (spec/formats.md section 2.3; GPGPU-Sim addrdec.cc): parse
 * -gpgpu_mem_addr_mapping, place the chip bits, and decode addresses into
 * channel, sub-partition, bank, bank group, row, column and burst. See
 * addrmap.h for the rules; each decision where GPGPU-Sim asserts or says
 * nothing is noted at its check below.
 */
#include "mem/addrmap.h"

#include "base/config.h"
#include "base/fmt.h"
#include "base/set_index.h"

#include <string.h>

#define ADDR_BITS 64u

static uint32_t popcount64(uint64_t v)
{
    uint32_t n = 0;
    while (v) {
        v &= v - 1u;
        n++;
    }
    return n;
}

static uint32_t ceil_log2(uint32_t v)
{
    uint32_t bits = 0;
    while (bits < 32u && (1ull << bits) < v)
        bits++;
    return bits;
}

static uint64_t shift_right(uint64_t v, uint32_t bits)
{
    return bits >= ADDR_BITS ? 0u : v >> bits;
}

/* Run by run rather than bit by bit (issue 15: decoded for every request):
 * for the lowest run of ones in mask, `low` is its lowest bit and `bits`
 * the run; (value & bits) / low is the run's value shifted down, and
 * `scale` (2 to the number of bits packed so far) places it. A run that
 * reaches bit 63 is the last one, so the scale's overflow there is unused. */
uint64_t gs_addrmap_extract(uint64_t mask, uint64_t value)
{
    uint64_t out = 0, scale = 1;
    while (mask != 0) {
        uint64_t low = mask & (~mask + 1u);
        uint64_t above = (mask + low) & ~mask;   /* first zero above the run; 0 past bit 63 */
        uint64_t bits = above ? above - low : ~(low - 1u);
        out += (value & bits) / low * scale;
        scale *= bits / low + 1u;
        mask &= ~bits;
    }
    return out;
}

/* Which field a mapping character feeds; -1 ignored bit, -2 separator, -3 bad. */
static int field_of(char c)
{
    switch (c) {
    case 'D': case 'd': return GS_ADDR_CHIP;
    case 'B': case 'b': return GS_ADDR_BANK;
    case 'R': case 'r': return GS_ADDR_ROW;
    case 'C': case 'c': return GS_ADDR_COL;
    case 'S': case 's': return GS_ADDR_BURST;
    case '0': return -1;
    case '.': case '|': case ' ': return -2;
    default: return -3;
    }
}

/* "dramid@<bit>;" prefix: returns the offset of the bit characters. */
static gs_status parse_dramid(const char *text, gs_addrmap_spec *spec, size_t *start,
                              gs_diag *diag)
{
    static const char prefix[] = "dramid@";
    size_t i = sizeof prefix - 1u, digits = 0;
    uint32_t bit = 0;
    *start = 0;
    spec->chip_start_bit = -1;
    if (strncmp(text, prefix, sizeof prefix - 1u) != 0)
        return GS_OK;
    while (text[i] >= '0' && text[i] <= '9' && digits < 3u) {
        bit = bit * 10u + (uint32_t)(text[i] - '0');
        i++;
        digits++;
    }
    if (digits == 0 || text[i] != ';' || bit >= ADDR_BITS)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 1, (uint32_t)i + 1u,
                           "address mapping: 'dramid@' needs a bit number 0..63 then ';'");
    spec->chip_start_bit = (int32_t)bit;
    *start = i + 1u;
    return GS_OK;
}

gs_status gs_addrmap_parse(const char *text, gs_addrmap_spec *spec, gs_diag *diag)
{
    size_t i, start;
    int ofs = (int)ADDR_BITS - 1;   /* the first bit character is bit 63 */
    gs_status status;
    memset(spec, 0, sizeof *spec);
    status = parse_dramid(text, spec, &start, diag);
    if (status != GS_OK)
        return status;
    for (i = start; text[i] != '\0'; i++) {
        int field = field_of(text[i]);
        if (field == -3)
            return gs_diag_set(diag, GS_E_CONFIG, NULL, 1, (uint32_t)i + 1u,
                               "address mapping: bad character '%c': use D B R C S 0 and "
                               "separators '.' '|' ' '", text[i]);
        if (field == -2)
            continue;
        if (ofs < 0)
            return gs_diag_set(diag, GS_E_CONFIG, NULL, 1, (uint32_t)i + 1u,
                               "address mapping: more than 64 bit characters");
        if (field >= 0)
            spec->mask[field] |= (uint64_t)1u << ofs;
        if (field == GS_ADDR_BURST)   /* S is also a column bit (GPGPU-Sim) */
            spec->mask[GS_ADDR_COL] |= (uint64_t)1u << ofs;
        ofs--;
    }
    if (ofs != -1)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 1, (uint32_t)i + 1u,
                           "address mapping: %d bit characters, need exactly 64 (MSB first)",
                           (int)ADDR_BITS - 1 - ofs);
    /* Decision: D bits and dramid@ together are ambiguous (GPGPU-Sim ORs them
     * in one mode and ignores D in the other): rejected. */
    if (spec->chip_start_bit >= 0 && spec->mask[GS_ADDR_CHIP] != 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 1, (uint32_t)start + 1u,
                           "address mapping: give the chip bits either as D or as dramid@, "
                           "not both");
    return GS_OK;
}

void gs_addrmap_params_from_config(const gs_config *cfg, gs_addrmap_params *params)
{
    memset(params, 0, sizeof *params);
    params->n_channels = cfg->n_mem;
    params->n_sub_partitions = cfg->n_sub_partition_per_mchannel;
    params->partition_indexing = cfg->partition_indexing;
    params->n_banks = cfg->dram_timing.n_banks;
    params->n_bank_groups = cfg->dram_timing.n_bank_groups;
    params->bank_indexing = cfg->dram_bank_indexing;
    params->bank_group_indexing = cfg->dram_bank_group_indexing;
}

static gs_status config_error(gs_diag *diag, const char *what)
{
    return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "%s", what);
}

/* Counts and policies, independent of the mapping string. */
static gs_status check_params(const gs_addrmap_params *p, gs_diag *diag)
{
    uint32_t log2 = 0;
    if (p->n_channels == 0)
        return config_error(diag, "-gpgpu_n_mem must be at least 1");
    /* GPGPU-Sim asserts a power-of-two sub-partition count */
    if (!gs_exact_log2(p->n_sub_partitions, &log2))
        return config_error(diag, "-gpgpu_n_sub_partition_per_mchannel must be a power of two");
    if (p->partition_indexing > 2u)
        return config_error(diag, "-gpgpu_memory_partition_indexing must be 0 (consecutive), "
                                  "1 (bitwise XOR) or 2 (IPOLY)");
    if (p->n_banks == 0 || p->n_bank_groups == 0 || p->n_banks % p->n_bank_groups != 0)
        return config_error(diag, "-gpgpu_dram_timing_opt: nbkgrp must be at least 1 and "
                                  "divide nbk");
    if (p->bank_indexing > 2u)
        return config_error(diag, "-dram_bnk_indexing_policy must be 0 (normal), 1 (XOR) or "
                                  "2 (IPOLY)");
    if (p->bank_indexing != 0 && (!gs_exact_log2(p->n_banks, &log2) || log2 == 0
                                  || log2 > GS_IPOLY_DEGREE_MAX))
        return config_error(diag, "-dram_bnk_indexing_policy 1 or 2 needs nbk a power of two "
                                  "from 2 to 4096");
    if (p->bank_group_indexing > 1u)
        return config_error(diag, "-dram_bnkgrp_indexing_policy must be 0 (higher bits) or "
                                  "1 (lower bits)");
    return GS_OK;
}

/* dramid@S with a power-of-two channel count: open chip_bits bits at S. */
static gs_status place_chip_bits(gs_addrmap *map, gs_diag *diag)
{
    uint32_t s = map->chip_start_bit, n = map->chip_bits, f;
    uint64_t low = s ? ((uint64_t)1u << s) - 1u : 0u;
    if (s + n > ADDR_BITS)
        return config_error(diag, "address mapping: dramid@ bit plus channel bits exceed 64");
    for (f = 0; f < (uint32_t)GS_ADDR_FIELD_COUNT; f++) {
        uint64_t high = map->mask[f] & ~low;
        /* Decision: GPGPU-Sim drops field bits pushed past bit 63; we refuse. */
        if (n && shift_right(high, ADDR_BITS - n) != 0)
            return config_error(diag, "address mapping: inserting the channel bits at "
                                      "dramid@ pushes a field bit past bit 63");
        map->mask[f] = (n ? high << n : high) | (map->mask[f] & low);
    }
    for (f = 0; f < n; f++)
        map->mask[GS_ADDR_CHIP] |= (uint64_t)1u << (s + f);
    return GS_OK;
}

/* No dramid@: the D bits are the chip (GPGPU-Sim asserts a power of two). */
static gs_status use_d_bits(gs_addrmap *map, gs_diag *diag)
{
    uint64_t d = map->mask[GS_ADDR_CHIP];
    if (map->gap)
        return config_error(diag, "address mapping: without dramid@, -gpgpu_n_mem must be a "
                                  "power of two");
    /* Decision: the D bits must select exactly n_channels channels. */
    if (popcount64(d) != map->chip_bits)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "address mapping: %u D bits select %llu channels but -gpgpu_n_mem "
                           "is %u", (unsigned)popcount64(d),
                           (unsigned long long)1u << popcount64(d),
                           (unsigned)map->params.n_channels);
    /* Decision: GPGPU-Sim shifts by ADDR_CHIP_S = -1 here; we start at the lowest D bit. */
    while (d && !((d >> map->chip_start_bit) & 1u))
        map->chip_start_bit++;
    return GS_OK;
}

/* The sub-partition is the low log2(n_sub) bank bits (GPGPU-Sim). */
static gs_status find_sub_partition_bits(gs_addrmap *map, gs_diag *diag)
{
    uint64_t bank = map->mask[GS_ADDR_BANK];
    uint32_t taken = 0, bit;
    if (popcount64(bank) < map->sub_bits)
        return config_error(diag, "address mapping: fewer B bits than the sub-partition bits "
                                  "(log2 -gpgpu_n_sub_partition_per_mchannel)");
    /* Decision: bank numbers must fit the banks DRAM has (GPGPU-Sim indexes past them). */
    if (popcount64(bank) > 31u || (1ull << popcount64(bank)) > map->params.n_banks)
        return config_error(diag, "address mapping: the B bits select more banks than nbk "
                                  "in -gpgpu_dram_timing_opt");
    for (bit = 0; bit < ADDR_BITS && taken < map->sub_bits; bit++) {
        if ((bank >> bit) & 1u) {
            map->sub_partition_mask |= (uint64_t)1u << bit;
            taken++;
        }
    }
    return GS_OK;
}

gs_status gs_addrmap_setup(gs_addrmap *map, const gs_addrmap_spec *spec,
                           const gs_addrmap_params *params, gs_diag *diag)
{
    gs_status status = check_params(params, diag);
    memset(map, 0, sizeof *map);
    if (status != GS_OK)
        return status;
    map->params = *params;
    memcpy(map->mask, spec->mask, sizeof map->mask);
    gs_exact_log2(params->n_sub_partitions, &map->sub_bits);
    map->chip_bits = ceil_log2(params->n_channels);
    map->gap = (params->n_channels & (params->n_channels - 1u)) != 0;
    /* GPGPU-Sim asserts bitwise-XOR partition indexing without a gap */
    if (map->gap && params->partition_indexing == 1u)
        status = config_error(diag, "-gpgpu_memory_partition_indexing 1 (bitwise XOR) needs a "
                                    "power-of-two -gpgpu_n_mem");
    else if (spec->chip_start_bit < 0)
        status = use_d_bits(map, diag);
    else {
        map->chip_start_bit = (uint32_t)spec->chip_start_bit;
        if (!map->gap)
            status = place_chip_bits(map, diag);
    }
    if (status == GS_OK)
        status = find_sub_partition_bits(map, diag);
    if (status != GS_OK)
        memset(map, 0, sizeof *map);
    return status;
}

gs_status gs_addrmap_compile(gs_addrmap *map, const char *text,
                             const gs_addrmap_params *params, gs_diag *diag)
{
    gs_addrmap_spec spec;
    gs_status status = gs_addrmap_parse(text, &spec, diag);
    if (status != GS_OK) {
        memset(map, 0, sizeof *map);
        return status;
    }
    return gs_addrmap_setup(map, &spec, params, diag);
}

static uint32_t next_power_of_two(uint32_t v)
{
    return 1u << ceil_log2(v);
}

/* The address the fields are read from, the chip, and the bits above chip
 * and sub-partition (GPGPU-Sim's rest_of_addr_high_bits). */
static uint64_t split_address(const gs_addrmap *map, uint64_t addr, uint32_t *chip,
                              uint64_t *higher)
{
    uint32_t s = map->chip_start_bit;
    uint64_t upper, low_bits;
    if (!map->gap) {
        *chip = (uint32_t)gs_addrmap_extract(map->mask[GS_ADDR_CHIP], addr);
        *higher = shift_right(addr, s + map->chip_bits + map->sub_bits);
        return addr;
    }
    upper = addr >> s;
    low_bits = s ? addr & (((uint64_t)1u << s) - 1u) : 0u;
    *chip = (uint32_t)(upper % map->params.n_channels);
    *higher = upper / map->params.n_channels;
    return (s ? *higher << s : *higher) | low_bits;
}

static void index_partition(const gs_addrmap *map, uint64_t higher, uint32_t bank_bits,
                            gs_addr_decoded *out)
{
    uint32_t n_sub = map->params.n_sub_partitions;
    uint32_t local = bank_bits & (n_sub - 1u);
    uint32_t sub;
    switch (map->params.partition_indexing) {
    case 1:   /* bitwise XOR of the chip with the higher bits */
        out->channel = gs_hash_bitwise_xor(higher, out->channel, map->params.n_channels);
        break;
    case 2:   /* IPOLY over nextPowerOf2(n) * n_sub, then % (n * n_sub) */
        sub = out->channel * n_sub + local;
        {
            uint32_t bank_set_num = next_power_of_two(map->params.n_channels) * n_sub;
            /* Decision: GPGPU-Sim asserts unless bank_set_num is 16, 32 or 64; we
             * use our default polynomial for every size 2..4096 (1: nothing to hash). */
            sub = bank_set_num > 1u ? gs_hash_ipoly(higher, sub, bank_set_num) : 0u;
        }
        if (map->gap)
            sub %= map->params.n_channels * n_sub;
        out->channel = sub / n_sub;
        out->sub_partition = sub;
        return;
    default:  /* consecutive */
        break;
    }
    out->sub_partition = out->channel * n_sub + local;
}

static void index_bank(const gs_addrmap *map, uint32_t bank_bits, gs_addr_decoded *out)
{
    const gs_addrmap_params *p = &map->params;
    switch (p->bank_indexing) {
    case 1:   /* XOR with the low row bits (GPGPU-Sim BITWISE_XORING_BK_INDEX) */
        out->bank = gs_hash_bitwise_xor(out->row, bank_bits, p->n_banks);
        break;
    case 2:   /* IPOLY with the row bits (GPGPU-Sim IPOLY_BK_INDEX) */
        out->bank = gs_hash_ipoly(out->row, bank_bits, p->n_banks);
        break;
    default:
        out->bank = bank_bits;
        break;
    }
    /* Decision (formats.md 2.3 says only "0 higher bits, 1 lower bits"): the
     * bank group is the high or the low part of the bank number. */
    if (p->bank_group_indexing == 1u)
        out->bank_group = out->bank % p->n_bank_groups;
    else
        out->bank_group = out->bank / (p->n_banks / p->n_bank_groups);
}

void gs_addrmap_decode(const gs_addrmap *map, uint64_t addr, gs_addr_decoded *out)
{
    uint64_t higher = 0;
    uint32_t chip = 0, bank_bits;
    uint64_t fields = split_address(map, addr, &chip, &higher);
    memset(out, 0, sizeof *out);
    out->channel = chip;
    bank_bits = (uint32_t)gs_addrmap_extract(map->mask[GS_ADDR_BANK], fields);
    out->row = gs_addrmap_extract(map->mask[GS_ADDR_ROW], fields);
    out->column = gs_addrmap_extract(map->mask[GS_ADDR_COL], fields);
    out->burst = gs_addrmap_extract(map->mask[GS_ADDR_BURST], fields);
    index_partition(map, higher, bank_bits, out);
    index_bank(map, bank_bits, out);
}

uint64_t gs_addrmap_partition_address(const gs_addrmap *map, uint64_t addr)
{
    uint32_t chip = 0;
    uint64_t higher = 0;
    if (!map->gap)
        return gs_addrmap_extract(~(map->mask[GS_ADDR_CHIP] | map->sub_partition_mask), addr);
    /* gap: the address with the chip "digit" divided out, then the sub-partition bits */
    return gs_addrmap_extract(~map->sub_partition_mask, split_address(map, addr, &chip, &higher));
}
