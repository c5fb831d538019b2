/*
 * IPOLY is a bijection on each aligned block of 2^m lines (Rau ISCA'91;
 * spec/seed-000-dwt-pric.md section 2.5): for every set count 2..4096 with the
 * default polynomial, and every irreducible polynomial up to degree 8, each
 * aligned block of 2^m consecutive lines maps onto all 2^m sets exactly once.
 * Also: power-of-two strides that defeat linear indexing spread over all sets.
 */
#include "check.h"
#include "gpusim.h"
#include "base/set_index.h"
#include "hmatrix.h"

static unsigned block_misses(const gs_set_index *idx, uint64_t block_line)
{
    static uint8_t seen[4096];
    uint32_t n = idx->n_sets, i, misses = 0;
    memset(seen, 0, sizeof seen);
    for (i = 0; i < n; i++) {
        uint64_t line = block_line * n + i;
        uint32_t set = gs_set_index_lookup(idx, line << idx->line_log2);
        if (set >= n || seen[set])
            misses++;
        else
            seen[set] = 1;
    }
    return misses;
}

static unsigned check_blocks(uint32_t poly, uint32_t m, uint32_t line_log2, unsigned blocks)
{
    gs_set_index idx;
    gs_index_params p = { GS_INDEX_IPOLY, 0, 0, 0, 0 };
    gs_prng prng;
    unsigned b, misses = 0;
    p.n_sets = 1u << m;
    p.line_bytes = 1u << line_log2;
    p.poly = poly;
    if (gs_set_index_setup(&idx, &p, NULL) != GS_OK)
        return 1000000u;
    gs_prng_seed(&prng, (uint64_t)poly * 131u + line_log2);
    for (b = 0; b < blocks; b++) {
        uint64_t block = b < 4 ? b : gs_prng_next(&prng) >> (m + line_log2);
        misses += block_misses(&idx, block);
    }
    return misses;
}

static void test_every_size_default_poly(void)
{
    uint32_t m;
    for (m = 1; m <= 12; m++) {
        GS_CHECK_EQ(0, check_blocks(0, m, 7, 64));
        GS_CHECK_EQ(0, check_blocks(0, m, 0, 16));
        GS_CHECK_EQ(0, check_blocks(0, m, 5, 16));
    }
}

static void test_every_irreducible_up_to_degree_8(void)
{
    uint32_t m, k;
    for (m = 1; m <= 8; m++) {
        for (k = 0; k < gs_hmatrix_irreducible_count[m]; k++) {
            uint32_t poly = gs_hmatrix_irreducible[gs_hmatrix_irreducible_first[m] + k];
            GS_CHECK_EQ(0, check_blocks(poly, m, 7, 8));
        }
    }
}

static void test_some_irreducibles_of_degree_12(void)
{
    uint32_t k, first = gs_hmatrix_irreducible_first[12];
    for (k = 0; k < gs_hmatrix_irreducible_count[12]; k += 37)
        GS_CHECK_EQ(0, check_blocks(gs_hmatrix_irreducible[first + k], 12, 7, 4));
}

static void test_power_of_two_strides_spread(void)
{
    /* seed-000 2.5: 32 lines at a stride of 32*2^s lines all hit one linear
     * set; with Poly(37) they hit 32 distinct sets (aligned base). */
    gs_set_index lin, pric;
    gs_index_params pl = { GS_INDEX_LINEAR, 32, 128, 0, 0 };
    gs_index_params pp = { GS_INDEX_IPOLY, 32, 128, 0, 0 };
    uint32_t s, i;
    GS_CHECK_EQ(GS_OK, gs_set_index_setup(&lin, &pl, NULL));
    GS_CHECK_EQ(GS_OK, gs_set_index_setup(&pric, &pp, NULL));
    for (s = 0; s <= 10; s++) {
        uint32_t seen = 0, linear_seen = 0;
        uint64_t stride = (uint64_t)128u << s;
        for (i = 0; i < 32; i++) {
            seen |= 1u << gs_set_index_lookup(&pric, stride * i);
            linear_seen |= 1u << gs_set_index_lookup(&lin, stride * i);
        }
        GS_CHECK_EQ(0xFFFFFFFFu, seen);
        if (s >= 5)
            GS_CHECK_EQ(1u, linear_seen);
    }
}

int main(void)
{
    GS_RUN(test_every_size_default_poly);
    GS_RUN(test_every_irreducible_up_to_degree_8);
    GS_RUN(test_some_irreducibles_of_degree_12);
    GS_RUN(test_power_of_two_strides_spread);
    return gs_check_report();
}
