/*
 * Address mapping by hand (spec/formats.md section 2.3): decodes worked out
 * on paper for the GTX480 (6 channels: the "gap" rule), QV100 (32 channels:
 * chip bits inserted at dramid@8) and a D-bit mapping; every partition
 * indexing and bank indexing policy; partition_address (formats.md 2.2 last
 * bullet); and every setup error.
 */
#include "check.h"
#include "gpusim.h"
#include "mem/addrmap.h"
#include "base/set_index.h"

#define GTX480 "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"
#define QV100 "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS"
#define DBITS "00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RRBBBDDD.CCCCCCCC"

static const gs_addrmap_params gtx480_params = { 6, 2, 0, 16, 4, 0, 1 };
static const gs_addrmap_params qv100_params = { 32, 2, 2, 16, 4, 0, 1 };

static gs_addr_decoded decode(const char *mapping, const gs_addrmap_params *p, uint64_t addr)
{
    gs_addrmap map;
    gs_addr_decoded d;
    gs_diag diag;
    memset(&d, 0xEE, sizeof d);
    GS_CHECK_EQ(GS_OK, gs_addrmap_compile(&map, mapping, p, &diag));
    gs_addrmap_decode(&map, addr, &d);
    return d;
}

static void test_gtx480_gap(void)
{
    /* (0x12345680 >> 8) = 0x123456 = 6 * 0x308B9: channel 0, fields from
     * 0x308B980: bank bits 8,13,14,15 = 1,1,0,1 -> 11; row bits 16..27 = 0x308 */
    gs_addr_decoded d = decode(GTX480, &gtx480_params, 0x12345680);
    GS_CHECK_EQ(0, d.channel);
    GS_CHECK_EQ(1, d.sub_partition);
    GS_CHECK_EQ(11, d.bank);
    GS_CHECK_EQ(3, d.bank_group);     /* lower bits: 11 % 4 */
    GS_CHECK_EQ(0x308, d.row);
    GS_CHECK_EQ(0xC80, d.column);
    GS_CHECK_EQ(0, d.burst);
    d = decode(GTX480, &gtx480_params, 0x500);
    GS_CHECK_EQ(5, d.channel);
    GS_CHECK_EQ(10, d.sub_partition);
    d = decode(GTX480, &gtx480_params, 0x600);   /* 6 -> channel 0, quotient 1 at bit 8 */
    GS_CHECK_EQ(0, d.channel);
    GS_CHECK_EQ(1, d.bank);
    GS_CHECK_EQ(1, d.sub_partition);
    d = decode(GTX480, &gtx480_params, 0x3F);
    GS_CHECK_EQ(0x3F, d.burst);
    GS_CHECK_EQ(0x3F, d.column);
}

static void test_qv100_inserted_chip_bits(void)
{
    /* chip bits 8..12; B at 13,17,18,19; C at 5..7,14..16; R from bit 20 */
    gs_addrmap_params linear = qv100_params;
    gs_addrmap map;
    gs_addr_decoded d;
    linear.partition_indexing = 0;
    GS_CHECK_EQ(GS_OK, gs_addrmap_compile(&map, QV100, &linear, NULL));
    GS_CHECK_EQ(0x1F00, map.mask[GS_ADDR_CHIP]);
    GS_CHECK_EQ(0xE2000, map.mask[GS_ADDR_BANK]);
    GS_CHECK_EQ(0x1C0E0 | 0x1F, map.mask[GS_ADDR_COL]);
    GS_CHECK_EQ(0x1FFF00000ull, map.mask[GS_ADDR_ROW]);
    GS_CHECK_EQ(0x2000, map.sub_partition_mask);
    d = decode(QV100, &linear, 0x6700);
    GS_CHECK_EQ(7, d.channel);
    GS_CHECK_EQ(15, d.sub_partition);
    GS_CHECK_EQ(0x100, d.column);
    GS_CHECK_EQ(1, d.bank);
    /* IPOLY over 64 sub-partitions: higher = addr >> 14 = 1 = a0 -> n0, n1 */
    d = decode(QV100, &qv100_params, 0x6700);
    GS_CHECK_EQ(12, d.sub_partition);
    GS_CHECK_EQ(6, d.channel);
    d = decode(QV100, &qv100_params, 0x2700);    /* higher 0: identity */
    GS_CHECK_EQ(15, d.sub_partition);
    GS_CHECK_EQ(7, d.channel);
}

static void test_xor_partition_and_bank_policies(void)
{
    gs_addrmap_params p = qv100_params;
    gs_addr_decoded d;
    p.partition_indexing = 1;     /* chip ^= higher & 31 */
    d = decode(QV100, &p, 0x6700);
    GS_CHECK_EQ(6, d.channel);
    GS_CHECK_EQ(13, d.sub_partition);
    p.partition_indexing = 0;
    p.bank_indexing = 1;          /* bank ^= row & 15 */
    d = decode(QV100, &p, (uint64_t)1u << 20);
    GS_CHECK_EQ(1, d.row);
    GS_CHECK_EQ(1, d.bank);
    GS_CHECK_EQ(1, d.bank_group);
    GS_CHECK_EQ(0, d.sub_partition);   /* from the bank bits before hashing */
    p.bank_group_indexing = 0;    /* higher bits: bank / (16 / 4) */
    d = decode(QV100, &p, ((uint64_t)1u << 20) | (1u << 19));
    GS_CHECK_EQ(8 ^ 1, d.bank);
    GS_CHECK_EQ(2, d.bank_group);
    p.bank_indexing = 2;          /* IPOLY 16 banks: row bit 0 = a0 -> n0, n1 */
    d = decode(QV100, &p, (uint64_t)1u << 20);
    GS_CHECK_EQ(3, d.bank);
}

static void test_d_bits_mapping(void)
{
    gs_addrmap_params p = { 8, 1, 0, 8, 1, 0, 0 };
    gs_addr_decoded d = decode(DBITS, &p, 0x0F00);
    GS_CHECK_EQ(7, d.channel);
    GS_CHECK_EQ(1, d.bank);
    GS_CHECK_EQ(7, d.sub_partition);
    GS_CHECK_EQ(0, d.bank_group);
    p.partition_indexing = 1;     /* higher = addr >> (8 + 3 + 0): bank bit 11 = 1 */
    d = decode(DBITS, &p, 0x0F00);
    GS_CHECK_EQ(6, d.channel);
}

static void test_partition_address(void)
{
    gs_addrmap gtx, qv;
    gs_set_index l2;
    gs_index_params lp = { GS_INDEX_LINEAR, 32, 128, 0, 0 };
    GS_CHECK_EQ(GS_OK, gs_addrmap_compile(&gtx, GTX480, &gtx480_params, NULL));
    GS_CHECK_EQ(GS_OK, gs_addrmap_compile(&qv, QV100, &qv100_params, NULL));
    GS_CHECK_EQ(0x1845C80, gs_addrmap_partition_address(&gtx, 0x12345680));
    GS_CHECK_EQ(0, gs_addrmap_partition_address(&gtx, 0x600));
    GS_CHECK_EQ(0xFF, gs_addrmap_partition_address(&gtx, 0x5FF));
    GS_CHECK_EQ(0x100, gs_addrmap_partition_address(&qv, 0x6700));
    GS_CHECK_EQ(0xFFF, gs_addrmap_partition_address(&qv, 0x3FFFF));   /* 18 - 6 bits */
    /* the L2 set index hashes the partition address: 0x6700 -> line 2 */
    GS_CHECK_EQ(GS_OK, gs_set_index_setup(&l2, &lp, NULL));
    GS_CHECK_EQ(2, gs_set_index_lookup(&l2, gs_addrmap_partition_address(&qv, 0x6700)));
    GS_CHECK_EQ(14, gs_set_index_lookup(&l2, 0x6700));
}

static void expect_error(const char *mapping, const gs_addrmap_params *p, const char *msg)
{
    gs_addrmap map;
    gs_diag diag;
    GS_CHECK_EQ(GS_E_CONFIG, gs_addrmap_compile(&map, mapping, p, &diag));
    GS_CHECK_STR(msg, diag.message);
    GS_CHECK_EQ(0, map.params.n_channels);
}

static void test_errors(void)
{
    gs_addrmap_params p = gtx480_params;
    expect_error("dramid@8;0000X000", &p, "address mapping: bad character 'X': use D B R C S 0 "
                 "and separators '.' '|' ' '");
    expect_error("dramid@8;RRRR.CCCC", &p,
                 "address mapping: 8 bit characters, need exactly 64 (MSB first)");
    expect_error("dramid@;0", &p,
                 "address mapping: 'dramid@' needs a bit number 0..63 then ';'");
    expect_error("dramid@64;0", &p,
                 "address mapping: 'dramid@' needs a bit number 0..63 then ';'");
    expect_error("dramid@8;" DBITS, &p, "address mapping: give the chip bits either as D or as "
                 "dramid@, not both");
    expect_error(DBITS, &p,
                 "address mapping: without dramid@, -gpgpu_n_mem must be a power of two");
    p.n_channels = 4;
    expect_error(DBITS, &p, "address mapping: 3 D bits select 8 channels but -gpgpu_n_mem is 4");
    p = gtx480_params;
    p.partition_indexing = 1;
    expect_error(GTX480, &p, "-gpgpu_memory_partition_indexing 1 (bitwise XOR) needs a "
                 "power-of-two -gpgpu_n_mem");
    p = gtx480_params;
    p.n_sub_partitions = 3;
    expect_error(GTX480, &p, "-gpgpu_n_sub_partition_per_mchannel must be a power of two");
    p = gtx480_params;
    p.n_banks = 8;
    p.n_bank_groups = 4;
    expect_error(GTX480, &p, "address mapping: the B bits select more banks than nbk in "
                 "-gpgpu_dram_timing_opt");
    p = gtx480_params;
    p.n_bank_groups = 3;
    expect_error(GTX480, &p, "-gpgpu_dram_timing_opt: nbkgrp must be at least 1 and divide nbk");
    p = gtx480_params;
    p.n_sub_partitions = 32;
    expect_error(GTX480, &p, "address mapping: fewer B bits than the sub-partition bits "
                 "(log2 -gpgpu_n_sub_partition_per_mchannel)");
    p = qv100_params;
    expect_error("dramid@8;R0000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB."
                 "CCCSSSSS", &p, "address mapping: inserting the channel bits at dramid@ pushes "
                 "a field bit past bit 63");
    p.partition_indexing = 3;
    expect_error(QV100, &p, "-gpgpu_memory_partition_indexing must be 0 (consecutive), 1 "
                 "(bitwise XOR) or 2 (IPOLY)");
    p = qv100_params;
    p.n_channels = 0;
    expect_error(QV100, &p, "-gpgpu_n_mem must be at least 1");
}

int main(void)
{
    GS_RUN(test_gtx480_gap);
    GS_RUN(test_qv100_inserted_chip_bits);
    GS_RUN(test_xor_partition_and_bank_policies);
    GS_RUN(test_d_bits_mapping);
    GS_RUN(test_partition_address);
    GS_RUN(test_errors);
    return gs_check_report();
}
