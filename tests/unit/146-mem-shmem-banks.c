/*
 * Shared-memory bank conflicts (src/mem/shmem.c; spec/seed-004 section 1.3.2).
 */
#include "check.h"
#include "mem/shmem.h"

static uint64_t addr[GS_WARP_SIZE];
static const gs_shmem_params fermi = { 32, 4 };

static void strided(uint64_t base, uint64_t stride)
{
    uint32_t i;
    for (i = 0; i < GS_WARP_SIZE; i++)
        addr[i] = base + stride * i;
}

static void test_conflict_free_and_broadcast(void)
{
    strided(0x100, 4);
    GS_CHECK_EQ(1, gs_shmem_cycles(&fermi, 0xFFFFFFFFu, addr, 4));
    strided(0x100, 0);                      /* every lane the same word */
    GS_CHECK_EQ(1, gs_shmem_cycles(&fermi, 0xFFFFFFFFu, addr, 4));
    strided(0, 1);                          /* bytes: 8 words, 4 lanes each */
    GS_CHECK_EQ(1, gs_shmem_cycles(&fermi, 0xFFFFFFFFu, addr, 1));
}

static void test_conflicts(void)
{
    strided(0, 8);                          /* 2-way */
    GS_CHECK_EQ(2, gs_shmem_cycles(&fermi, 0xFFFFFFFFu, addr, 4));
    strided(0, 128);                        /* 32-way: all in bank 0 */
    GS_CHECK_EQ(32, gs_shmem_cycles(&fermi, 0xFFFFFFFFu, addr, 4));
    strided(0, 132);                        /* stride 33 words: conflict-free */
    GS_CHECK_EQ(1, gs_shmem_cycles(&fermi, 0xFFFFFFFFu, addr, 4));
    addr[5] = 0;                            /* lane 5 shares lane 0's word: broadcast */
    GS_CHECK_EQ(1, gs_shmem_cycles(&fermi, 0xFFFFFFFFu, addr, 4));
    addr[5] = 128;                          /* a different word in bank 0 */
    GS_CHECK_EQ(2, gs_shmem_cycles(&fermi, 0xFFFFFFFFu, addr, 4));
}

static void test_wide_and_inactive(void)
{
    const gs_shmem_params sixteen = { 16, 4 };
    strided(0, 8);
    GS_CHECK_EQ(2, gs_shmem_cycles(&fermi, 0xFFFFFFFFu, addr, 8));
    strided(0, 16);
    GS_CHECK_EQ(4, gs_shmem_cycles(&fermi, 0xFFFFFFFFu, addr, 16));
    strided(0, 128);
    GS_CHECK_EQ(4, gs_shmem_cycles(&fermi, 0xFu, addr, 4));
    GS_CHECK_EQ(0, gs_shmem_cycles(&fermi, 0, addr, 4));
    strided(0, 4);
    GS_CHECK_EQ(2, gs_shmem_cycles(&sixteen, 0xFFFFFFFFu, addr, 4));
}

static void test_check(void)
{
    gs_shmem_params p = { 32, 4 };
    gs_diag diag;
    GS_CHECK_EQ(GS_OK, gs_shmem_check(&p, &diag));
    p.n_banks = 0;
    GS_CHECK_EQ(GS_E_CONFIG, gs_shmem_check(&p, &diag));
    p.n_banks = 32;
    p.bank_bytes = 3;
    GS_CHECK_EQ(GS_E_CONFIG, gs_shmem_check(&p, &diag));
}

int main(void)
{
    GS_RUN(test_conflict_free_and_broadcast);
    GS_RUN(test_conflicts);
    GS_RUN(test_wide_and_inactive);
    GS_RUN(test_check);
    return gs_check_report();
}
