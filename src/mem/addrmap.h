/*
 * Address mapping: byte address -> memory channel (chip), sub-partition, DRAM
 * bank, bank group, row, column and burst; and the partition address the L2
 * set index hashes. Follows GPGPU-Sim's addrdec.cc as described in
 * spec/formats.md section 2.3 (and 2.2, last bullet, for partition_address).
 *
 * Mapping string (-gpgpu_mem_addr_mapping): `[dramid@<bit>;]<64 bit chars>`,
 * most significant bit first: D chip, B bank, R row, C column, S burst (also
 * column), 0 an ignored bit; `.`, `|` and spaces are separators. Lower case
 * is accepted as GPGPU-Sim does.
 *
 * With dramid@S the string describes the address without the chip bits:
 *  - power-of-two channel count n: ceil(log2 n) chip bits are inserted at bit
 *    S, every field bit at or above S moves up by that many bits;
 *  - otherwise ("gap"): chip = (addr >> S) % n, and the fields are read from
 *    ((addr >> S) / n) << S | (addr & (2^S - 1)).
 * Sub-partition = chip * n_sub + (bank & (n_sub - 1)) (the low bank bits),
 * unless partition indexing (-gpgpu_memory_partition_indexing) re-hashes it:
 *  0 consecutive; 1 bitwise XOR of the chip with the bits above chip and
 *  sub-partition bits; 2 IPOLY over nextPowerOf2(n) * n_sub sub-partitions,
 *  taken % (n * n_sub) for a non-power-of-two n.
 * The DRAM bank then follows -dram_bnk_indexing_policy (0 as decoded, 1 XOR
 * with the low row bits, 2 IPOLY with the row bits) and its bank group
 * -dram_bnkgrp_indexing_policy (0 higher bank bits: bank / (nbk / nbkgrp),
 * 1 lower bank bits: bank % nbkgrp).
 *
 * Decisions where GPGPU-Sim asserts or is silent are written at each check in
 * addrmap.c and listed in the README.
 */
#ifndef GS_MEM_ADDRMAP_H
#define GS_MEM_ADDRMAP_H

#include <stdint.h>

#include "base/status.h"

typedef enum gs_addr_field {
    GS_ADDR_CHIP = 0,   /* D */
    GS_ADDR_BANK,       /* B */
    GS_ADDR_ROW,        /* R */
    GS_ADDR_COL,        /* C and S */
    GS_ADDR_BURST,      /* S */
    GS_ADDR_FIELD_COUNT
} gs_addr_field;

/* A parsed mapping string, before the chip bits are placed. */
typedef struct gs_addrmap_spec {
    int32_t chip_start_bit;                /* dramid@N; -1 when absent */
    uint64_t mask[GS_ADDR_FIELD_COUNT];
} gs_addrmap_spec;

/* The configuration values the mapping depends on. */
typedef struct gs_addrmap_params {
    uint32_t n_channels;           /* -gpgpu_n_mem */
    uint32_t n_sub_partitions;     /* -gpgpu_n_sub_partition_per_mchannel */
    uint32_t partition_indexing;   /* -gpgpu_memory_partition_indexing: 0 1 2 */
    uint32_t n_banks;              /* nbk of -gpgpu_dram_timing_opt */
    uint32_t n_bank_groups;        /* nbkgrp */
    uint32_t bank_indexing;        /* -dram_bnk_indexing_policy: 0 1 2 */
    uint32_t bank_group_indexing;  /* -dram_bnkgrp_indexing_policy: 0 1 */
} gs_addrmap_params;

/* A compiled mapping: plain data, no pointers. */
typedef struct gs_addrmap {
    gs_addrmap_params params;
    uint64_t mask[GS_ADDR_FIELD_COUNT];    /* final masks (chip bits placed) */
    uint64_t sub_partition_mask;           /* the low log2(n_sub) bank bits */
    uint32_t chip_start_bit;               /* first chip bit */
    uint32_t chip_bits;                    /* ceil(log2 n_channels) */
    uint32_t sub_bits;                     /* log2 n_sub_partitions */
    uint32_t gap;                          /* 1: n_channels not a power of two */
} gs_addrmap;

typedef struct gs_addr_decoded {
    uint32_t channel;          /* memory channel (chip) */
    uint32_t sub_partition;    /* global: channel * n_sub + local */
    uint32_t bank;             /* as the DRAM uses it (after bank indexing) */
    uint32_t bank_group;
    uint64_t row;
    uint64_t column;
    uint64_t burst;
} gs_addr_decoded;

/* The params of a loaded configuration (base/config.h). */
struct gs_config;
void gs_addrmap_params_from_config(const struct gs_config *cfg, gs_addrmap_params *params);

/* Parse a mapping string (GS_E_CONFIG with the 1-based column in diag). */
gs_status gs_addrmap_parse(const char *text, gs_addrmap_spec *spec, gs_diag *diag);

/* Check params against the spec and compile (GS_E_CONFIG; diag without a
 * location: the caller may point it at the option). */
gs_status gs_addrmap_setup(gs_addrmap *map, const gs_addrmap_spec *spec,
                           const gs_addrmap_params *params, gs_diag *diag);

/* Parse + setup in one call. */
gs_status gs_addrmap_compile(gs_addrmap *map, const char *text,
                             const gs_addrmap_params *params, gs_diag *diag);

void gs_addrmap_decode(const gs_addrmap *map, uint64_t addr, gs_addr_decoded *out);

/* The address with the chip and sub-partition bits removed (GPGPU-Sim
 * partition_address); the L2 set index hashes this (formats.md 2.2). */
uint64_t gs_addrmap_partition_address(const gs_addrmap *map, uint64_t addr);

/* Gather the bits of value selected by mask, lowest first (pext). */
uint64_t gs_addrmap_extract(uint64_t mask, uint64_t value);

#endif
