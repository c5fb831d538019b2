/*
 * IPOLY/PRIC tables and setup (spec/seed-000-dwt-pric.md section 2.5,
 * spec/formats.md section 2.2): the masks built in C equal the generated
 * tables; the C irreducibility test equals the generated list; the thesis's
 * Poly(37) H-matrix, masks and test vectors; reducible polynomials rejected.
 */
#include "check.h"
#include "gpusim.h"
#include "base/set_index.h"
#include "hmatrix.h"

static void test_c_masks_equal_generated_defaults(void)
{
    uint32_t m, j;
    for (m = 1; m <= 12; m++) {
        uint64_t masks[GS_IPOLY_DEGREE_MAX];
        gs_ipoly_build_masks(gs_hmatrix_defaults[m].poly, gs_hmatrix_defaults[m].hashed_bits,
                             masks);
        for (j = 0; j < GS_IPOLY_DEGREE_MAX; j++)
            GS_CHECK_EQ(gs_hmatrix_defaults[m].mask[j], masks[j]);
    }
}

static void test_default_polynomials(void)
{
    static const uint32_t want[13] = { 0, 0x3, 0x7, 0xb, 0x13, 0x25, 0x43, 0x83, 0x11b,
                                       0x203, 0x409, 0x805, 0x1009 };
    static const uint32_t bits[13] = { 0, 63, 62, 61, 13, 15, 19, 57, 56, 55, 54, 53, 52 };
    uint32_t m;
    for (m = 1; m <= 12; m++) {
        GS_CHECK_EQ(want[m], gs_ipoly_default_poly(m));
        GS_CHECK_EQ(bits[m], gs_ipoly_default_hashed_bits(m));
    }
    GS_CHECK_EQ(0, gs_ipoly_default_poly(0));
    GS_CHECK_EQ(0, gs_ipoly_default_poly(13));
}

static void test_irreducible_list_matches_c_test(void)
{
    static const uint32_t counts[13] = { 0, 2, 1, 2, 3, 6, 9, 18, 30, 56, 99, 186, 335 };
    uint32_t m, p;
    for (m = 1; m <= 12; m++) {
        uint32_t k = 0, first = gs_hmatrix_irreducible_first[m];
        GS_CHECK_EQ(counts[m], gs_hmatrix_irreducible_count[m]);
        for (p = 1u << m; p < (2u << m); p++) {
            int in_list = k < gs_hmatrix_irreducible_count[m]
                          && gs_hmatrix_irreducible[first + k] == p;
            GS_CHECK_EQ(in_list, gs_ipoly_is_irreducible(p));
            if (in_list)
                k++;
        }
        GS_CHECK_EQ(gs_hmatrix_irreducible_count[m], k);
    }
}

static void test_thesis_degree5_list(void)
{
    /* seed-000 2.5: the irreducible polynomials of degree 5 are 37 41 47 55 59 61 */
    static const uint32_t want[6] = { 37, 41, 47, 55, 59, 61 };
    uint32_t i, first = gs_hmatrix_irreducible_first[5];
    GS_CHECK_EQ(6, gs_hmatrix_irreducible_count[5]);
    for (i = 0; i < 6; i++)
        GS_CHECK_EQ(want[i], gs_hmatrix_irreducible[first + i]);
}

/* Fig 5.12 printed top to bottom: row r is A[27-r], columns I4..I0. */
static const char *const thesis_h_rows[20] = {
    "00110", "00011", "10011", "11011", "11111", "11101", "11100", "01110", "00111", "10001",
    "11010", "01101", "10100", "01010", "00101", "10000", "01000", "00100", "00010", "00001",
};

static void test_thesis_poly37_h_matrix(void)
{
    gs_set_index idx;
    gs_index_params p = { GS_INDEX_IPOLY, 32, 128, 37, 0 };
    gs_diag diag;
    uint32_t r, col;
    GS_CHECK_EQ(GS_OK, gs_set_index_setup(&idx, &p, &diag));
    GS_CHECK_EQ(15, idx.hashed_bits);   /* A[26:7]: 20 line-address bits */
    for (r = 1; r <= 20; r++) {
        uint32_t line_bit = 27u - r - 7u;   /* A[27-r] is line-address bit 20-r */
        for (col = 0; col < 5; col++) {
            uint32_t index_bit = 4u - col;
            int printed = thesis_h_rows[r - 1][col] == '1';
            GS_CHECK_EQ(printed, (int)((idx.mask[index_bit] >> line_bit) & 1u));
        }
    }
}

static void test_thesis_poly37_masks_and_equations(void)
{
    /* Fig 5.13 (seed-000 2.5) as masks over L = A[26:7], and the C-ready masks */
    static const uint64_t want37[5] = { 0x7cd21, 0xf9a42, 0x8f9a4, 0x1f348, 0x3e690 };
    static const uint64_t want55[5] = { 0xbece1, 0xc3522, 0x386a4, 0x70d48, 0x5f670 };
    static const int eq0[] = { 25, 24, 23, 22, 21, 18, 17, 15, 12, 7, -1 };
    gs_set_index a, b;
    gs_index_params p37 = { GS_INDEX_IPOLY, 32, 128, 37, 0 };
    gs_index_params p55 = { GS_INDEX_IPOLY, 32, 128, 55, 0 };
    uint64_t eq_mask = 0;
    uint32_t j;
    int i;
    GS_CHECK_EQ(GS_OK, gs_set_index_setup(&a, &p37, NULL));
    GS_CHECK_EQ(GS_OK, gs_set_index_setup(&b, &p55, NULL));
    for (j = 0; j < 5; j++) {
        GS_CHECK_EQ(want37[j], a.mask[j]);
        GS_CHECK_EQ(want55[j], b.mask[j]);
    }
    for (i = 0; eq0[i] >= 0; i++)
        eq_mask |= (uint64_t)1u << (eq0[i] - 7);
    GS_CHECK_EQ(eq_mask, a.mask[0]);
}

static void test_thesis_vectors(void)
{
    /* seed-000 2.5 test vectors: addr -> sequential / PRIC37 / PRIC55 */
    static const uint64_t v[8][4] = {
        { 0x0, 0, 0, 0 }, { 0x80, 1, 1, 1 }, { 0xF80, 31, 31, 31 }, { 0x1000, 0, 5, 23 },
        { 0x2000, 0, 10, 25 }, { 0x3000, 0, 15, 14 }, { 0x7FFFF80, 31, 24, 16 },
        { 0x5A5A5A5, 11, 2, 7 },
    };
    gs_set_index lin, a, b;
    gs_index_params pl = { GS_INDEX_LINEAR, 32, 128, 0, 0 };
    gs_index_params p37 = { GS_INDEX_IPOLY, 32, 128, 37, 0 };
    gs_index_params p55 = { GS_INDEX_IPOLY, 32, 128, 55, 0 };
    unsigned i;
    GS_CHECK_EQ(GS_OK, gs_set_index_setup(&lin, &pl, NULL));
    GS_CHECK_EQ(GS_OK, gs_set_index_setup(&a, &p37, NULL));
    GS_CHECK_EQ(GS_OK, gs_set_index_setup(&b, &p55, NULL));
    for (i = 0; i < 8; i++) {
        GS_CHECK_EQ(v[i][1], gs_set_index_lookup(&lin, v[i][0]));
        GS_CHECK_EQ(v[i][2], gs_set_index_lookup(&a, v[i][0]));
        GS_CHECK_EQ(v[i][3], gs_set_index_lookup(&b, v[i][0]));
    }
}

static void test_reducible_and_bad_polys_rejected(void)
{
    static const uint32_t reducible[] = { 0x21, 0x3f, 0x2d, 0x11, 0x33, 0x24 };
    gs_set_index idx;
    gs_diag diag;
    unsigned i;
    for (i = 0; i < sizeof reducible / sizeof reducible[0]; i++) {
        gs_index_params p = { GS_INDEX_IPOLY, 32, 128, 0, 0 };
        p.poly = reducible[i];
        GS_CHECK_EQ(GS_E_CONFIG, gs_set_index_setup(&idx, &p, &diag));
        GS_CHECK_EQ(0, idx.n_sets);
    }
    GS_CHECK_STR("polynomial 0x21 is reducible over GF(2): IPOLY needs an irreducible "
                 "polynomial", (gs_set_index_setup(&idx, &(gs_index_params){
                     GS_INDEX_IPOLY, 32, 128, 0x21, 0 }, &diag), diag.message));
    {
        gs_index_params p = { GS_INDEX_IPOLY, 32, 128, 0x13, 0 };   /* degree 4, 32 sets */
        GS_CHECK_EQ(GS_E_CONFIG, gs_set_index_setup(&idx, &p, &diag));
        GS_CHECK_STR("polynomial 0x13: 32 sets need an irreducible polynomial of degree 5 "
                     "(0x20..0x3f)", diag.message);
    }
    GS_CHECK_EQ(0, gs_ipoly_is_irreducible(0));
    GS_CHECK_EQ(0, gs_ipoly_is_irreducible(1));
    GS_CHECK_EQ(1, gs_ipoly_is_irreducible(2));      /* x */
    GS_CHECK_EQ(0, gs_ipoly_is_irreducible(0x5));    /* x^2+1 = (x+1)^2 */
    GS_CHECK_EQ(1, gs_ipoly_is_irreducible(0x1009)); /* x^12+x^3+1 */
    GS_CHECK_EQ(0, gs_ipoly_is_irreducible(0x1001)); /* x^12+1 */
}

static void test_set_count_and_bits_limits(void)
{
    gs_set_index idx;
    gs_diag diag;
    gs_index_params p = { GS_INDEX_IPOLY, 8192, 128, 0, 0 };
    GS_CHECK_EQ(GS_E_CONFIG, gs_set_index_setup(&idx, &p, &diag));
    GS_CHECK_STR("8192 sets: the ipoly index needs a power of two from 2 to 4096 sets",
                 diag.message);
    p.n_sets = 1;
    GS_CHECK_EQ(GS_E_CONFIG, gs_set_index_setup(&idx, &p, &diag));
    p.n_sets = 48;
    GS_CHECK_EQ(GS_E_CONFIG, gs_set_index_setup(&idx, &p, &diag));
    p.n_sets = 32;
    p.hashed_bits = 60;
    GS_CHECK_EQ(GS_E_CONFIG, gs_set_index_setup(&idx, &p, &diag));
    GS_CHECK_STR("hashed bits 60: at most 59 line-address bits above a 5-bit index",
                 diag.message);
    p.hashed_bits = 59;
    GS_CHECK_EQ(GS_OK, gs_set_index_setup(&idx, &p, &diag));
    p.line_bytes = 96;
    GS_CHECK_EQ(GS_E_CONFIG, gs_set_index_setup(&idx, &p, &diag));
    GS_CHECK_STR("line size 96: must be a power of two from 1 to 65536 bytes", diag.message);
}

static void test_full_range_is_true_residue(void)
{
    /* hashed_bits = 64 - m: the set is the residue of the whole line address */
    gs_set_index idx;
    gs_index_params p = { GS_INDEX_IPOLY, 128, 1, 0, 0 };
    GS_CHECK_EQ(GS_OK, gs_set_index_setup(&idx, &p, NULL));
    GS_CHECK_EQ(0x83, idx.poly);
    /* x^7 mod (x^7+x+1) = x+1; x^63 = x^(63 mod 127)... checked by long division:
     * x^8 = x^2+x, x^14 = (x+1)^2 = x^2+1 */
    GS_CHECK_EQ(0x3, gs_set_index_lookup(&idx, (uint64_t)1u << 7));
    GS_CHECK_EQ(0x6, gs_set_index_lookup(&idx, (uint64_t)1u << 8));
    GS_CHECK_EQ(0x5, gs_set_index_lookup(&idx, (uint64_t)1u << 14));
    GS_CHECK_EQ(0x5 ^ 0x3 ^ 0x11, gs_set_index_lookup(&idx, 0x4091u));
}

int main(void)
{
    GS_RUN(test_c_masks_equal_generated_defaults);
    GS_RUN(test_default_polynomials);
    GS_RUN(test_irreducible_list_matches_c_test);
    GS_RUN(test_thesis_degree5_list);
    GS_RUN(test_thesis_poly37_h_matrix);
    GS_RUN(test_thesis_poly37_masks_and_equations);
    GS_RUN(test_thesis_vectors);
    GS_RUN(test_reducible_and_bad_polys_rejected);
    GS_RUN(test_set_count_and_bits_limits);
    GS_RUN(test_full_range_is_true_residue);
    return gs_check_report();
}
