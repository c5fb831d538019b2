/*
 * GPGPU-Sim's IPOLY equations for 16, 32 and 64 sets (spec/formats.md
 * section 2.2, hashing.cc) written out here as an independent reference, and
 * compared bit for bit with gs_set_index_lookup (defaults) and gs_hash_ipoly
 * over random and edge 64-bit addresses and line sizes.
 */
#include "check.h"
#include "gpusim.h"
#include "base/set_index.h"

#define A(i) ((unsigned)((a >> (i)) & 1u))
#define B(i) ((unsigned)((b >> (i)) & 1u))

static unsigned ref16(uint64_t a, uint64_t b)
{
    unsigned n0 = A(11) ^ A(10) ^ A(9) ^ A(8) ^ A(6) ^ A(4) ^ A(3) ^ A(0) ^ B(0);
    unsigned n1 = A(12) ^ A(8) ^ A(7) ^ A(6) ^ A(5) ^ A(3) ^ A(1) ^ A(0) ^ B(1);
    unsigned n2 = A(9) ^ A(8) ^ A(7) ^ A(6) ^ A(4) ^ A(2) ^ A(1) ^ B(2);
    unsigned n3 = A(10) ^ A(9) ^ A(8) ^ A(7) ^ A(5) ^ A(3) ^ A(2) ^ B(3);
    return n0 | n1 << 1 | n2 << 2 | n3 << 3;
}

static unsigned ref32(uint64_t a, uint64_t b)
{
    unsigned n0 = A(13) ^ A(12) ^ A(11) ^ A(10) ^ A(9) ^ A(6) ^ A(5) ^ A(3) ^ A(0) ^ B(0);
    unsigned n1 = A(14) ^ A(13) ^ A(12) ^ A(11) ^ A(10) ^ A(7) ^ A(6) ^ A(4) ^ A(1) ^ B(1);
    unsigned n2 = A(14) ^ A(10) ^ A(9) ^ A(8) ^ A(7) ^ A(6) ^ A(3) ^ A(2) ^ A(0) ^ B(2);
    unsigned n3 = A(11) ^ A(10) ^ A(9) ^ A(8) ^ A(7) ^ A(4) ^ A(3) ^ A(1) ^ B(3);
    unsigned n4 = A(12) ^ A(11) ^ A(10) ^ A(9) ^ A(8) ^ A(5) ^ A(4) ^ A(2) ^ B(4);
    return n0 | n1 << 1 | n2 << 2 | n3 << 3 | n4 << 4;
}

static unsigned ref64(uint64_t a, uint64_t b)
{
    unsigned n0 = A(18) ^ A(17) ^ A(16) ^ A(15) ^ A(12) ^ A(10) ^ A(6) ^ A(5) ^ A(0) ^ B(0);
    unsigned n1 = A(15) ^ A(13) ^ A(12) ^ A(11) ^ A(10) ^ A(7) ^ A(5) ^ A(1) ^ A(0) ^ B(1);
    unsigned n2 = A(16) ^ A(14) ^ A(13) ^ A(12) ^ A(11) ^ A(8) ^ A(6) ^ A(2) ^ A(1) ^ B(2);
    unsigned n3 = A(17) ^ A(15) ^ A(14) ^ A(13) ^ A(12) ^ A(9) ^ A(7) ^ A(3) ^ A(2) ^ B(3);
    unsigned n4 = A(18) ^ A(16) ^ A(15) ^ A(14) ^ A(13) ^ A(10) ^ A(8) ^ A(4) ^ A(3) ^ B(4);
    unsigned n5 = A(17) ^ A(16) ^ A(15) ^ A(14) ^ A(11) ^ A(9) ^ A(5) ^ A(4) ^ B(5);
    return n0 | n1 << 1 | n2 << 2 | n3 << 3 | n4 << 4 | n5 << 5;
}

/* GPGPU-Sim's cache_config::hash_function for IPOLY */
static unsigned reference(uint64_t addr, unsigned sets_log2, unsigned line_log2)
{
    uint64_t b = (addr >> line_log2) & ((1u << sets_log2) - 1u);
    uint64_t a = addr >> (line_log2 + sets_log2);
    if (sets_log2 == 4)
        return ref16(a, b);
    return sets_log2 == 5 ? ref32(a, b) : ref64(a, b);
}

static uint64_t test_address(gs_prng *prng, unsigned i)
{
    static const uint64_t edges[] = {
        0, 1, 0x7F, 0x80, 0xFFF, 0x1000, 0xFFFFFFFFu, 0x100000000ull, 0x7FFFFFFFFFFFFFFFull,
        0x8000000000000000ull, 0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFFFFFFFF80ull, 0xAAAAAAAAAAAAAAAAull,
        0x5555555555555555ull, 0x0000000007FFFF80ull, 0x00000000FFF80000ull,
    };
    if (i < sizeof edges / sizeof edges[0])
        return edges[i];
    if (i < 64 + sizeof edges / sizeof edges[0])   /* single bits */
        return (uint64_t)1u << (i - sizeof edges / sizeof edges[0]);
    return gs_prng_next(prng);
}

static void check_size(unsigned sets_log2)
{
    static const unsigned line_log2s[] = { 0, 5, 7, 8 };
    unsigned li, i, mismatches = 0;
    for (li = 0; li < 4; li++) {
        gs_set_index idx;
        gs_index_params p = { GS_INDEX_IPOLY, 0, 0, 0, 0 };
        gs_prng prng;
        p.n_sets = 1u << sets_log2;
        p.line_bytes = 1u << line_log2s[li];
        GS_CHECK_EQ(GS_OK, gs_set_index_setup(&idx, &p, NULL));
        gs_prng_seed(&prng, 1000u + sets_log2);
        for (i = 0; i < 200000u; i++) {
            uint64_t addr = test_address(&prng, i);
            unsigned want = reference(addr, sets_log2, line_log2s[li]);
            uint64_t higher = addr >> (line_log2s[li] + sets_log2);
            uint32_t index = (uint32_t)((addr >> line_log2s[li]) & (p.n_sets - 1u));
            mismatches += want != gs_set_index_lookup(&idx, addr);
            mismatches += want != gs_hash_ipoly(higher, index, p.n_sets);
        }
    }
    GS_CHECK_EQ(0, mismatches);
}

static void test_gpgpusim_16_sets(void) { check_size(4); }
static void test_gpgpusim_32_sets(void) { check_size(5); }
static void test_gpgpusim_64_sets(void) { check_size(6); }

static void test_known_values(void)
{
    /* hand-worked: 32 sets, 128 B lines; address bit 12 is a0 -> n0 and n2 */
    gs_set_index idx;
    gs_index_params p = { GS_INDEX_IPOLY, 32, 128, 0, 0 };
    GS_CHECK_EQ(GS_OK, gs_set_index_setup(&idx, &p, NULL));
    GS_CHECK_EQ(0x25, idx.poly);
    GS_CHECK_EQ(5, gs_set_index_lookup(&idx, 0x1000));
    GS_CHECK_EQ(5 ^ 3, gs_set_index_lookup(&idx, 0x1180));
    /* a15 and above are ignored by GPGPU-Sim for 32 sets */
    GS_CHECK_EQ(0, gs_set_index_lookup(&idx, (uint64_t)1u << (12 + 15)));
    GS_CHECK_EQ(0, gs_set_index_lookup(&idx, 0xFFFFFFFFF8000000ull));
}

int main(void)
{
    GS_RUN(test_gpgpusim_16_sets);
    GS_RUN(test_gpgpusim_32_sets);
    GS_RUN(test_gpgpusim_64_sets);
    GS_RUN(test_known_values);
    return gs_check_report();
}
