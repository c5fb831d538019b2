/*
 * Linear, bitwise-XOR and Fermi set indices (spec/formats.md section 2.2):
 * hand-worked values, an independent bit-by-bit Fermi reference, the policy
 * table and name lookups, and setup errors.
 */
#include "check.h"
#include "gpusim.h"
#include "base/set_index.h"

static gs_set_index make(gs_index_fn fn, uint32_t sets, uint32_t line)
{
    gs_set_index idx;
    gs_index_params p = { GS_INDEX_LINEAR, 0, 0, 0, 0 };
    p.fn = fn;
    p.n_sets = sets;
    p.line_bytes = line;
    GS_CHECK_EQ(GS_OK, gs_set_index_setup(&idx, &p, NULL));
    return idx;
}

static void test_linear(void)
{
    gs_set_index idx = make(GS_INDEX_LINEAR, 32, 128);
    gs_set_index one = make(GS_INDEX_LINEAR, 1, 128);
    GS_CHECK_EQ(5, gs_set_index_lookup(&idx, 0x3280));
    GS_CHECK_EQ(31, gs_set_index_lookup(&idx, 0xFFFFFFFFFFFFFFFFull));
    GS_CHECK_EQ(0, gs_set_index_lookup(&idx, 0x7F));
    GS_CHECK_EQ(0, gs_set_index_lookup(&one, 0xFFFFFFFFFFFFFFFFull));
}

static void test_xor(void)
{
    gs_set_index idx = make(GS_INDEX_XOR, 32, 128);
    GS_CHECK_EQ(5 ^ 3, gs_set_index_lookup(&idx, 0x3280));
    GS_CHECK_EQ(1 ^ 3, gs_set_index_lookup(&idx, (0x23u << 12) | (1u << 7)));
    GS_CHECK_EQ(31 ^ 31, gs_set_index_lookup(&idx, 0xFFFFFFFFFFFFFFFFull));
    GS_CHECK_EQ(0x13 ^ 5, gs_hash_bitwise_xor(0xF3, 5, 32));
    GS_CHECK_EQ(0, gs_hash_bitwise_xor(0xFFFF, 1, 1));
}

/* Fermi, bit by bit: lower = line bits 0..4; upper = A13 A14 A15 A17 A19 */
static unsigned fermi_reference(uint64_t addr, unsigned sets, unsigned line_log2)
{
    static const unsigned upper_bits[5] = { 13, 14, 15, 17, 19 };
    unsigned set = 0, j;
    for (j = 0; j < 5; j++) {
        unsigned lower = (unsigned)(addr >> (line_log2 + j)) & 1u;
        unsigned upper = (unsigned)(addr >> upper_bits[j]) & 1u;
        set |= (lower ^ upper) << j;
    }
    if (sets == 64)
        set |= (unsigned)((addr >> 12) & 1u) << 5;
    return set;
}

static void test_fermi_values(void)
{
    gs_set_index f32 = make(GS_INDEX_FERMI, 32, 128);
    gs_set_index f64 = make(GS_INDEX_FERMI, 64, 128);
    GS_CHECK_EQ(1, gs_set_index_lookup(&f32, 0x2000));
    GS_CHECK_EQ(8, gs_set_index_lookup(&f32, 0x20000));
    GS_CHECK_EQ(16, gs_set_index_lookup(&f32, 0x80000));
    GS_CHECK_EQ(0, gs_set_index_lookup(&f32, 0x1000));
    GS_CHECK_EQ(32, gs_set_index_lookup(&f64, 0x1000));
    GS_CHECK_EQ(0x3F, gs_set_index_lookup(&f64, 0x1F80));
    GS_CHECK_EQ(0x1F ^ 0x1F, gs_set_index_lookup(&f32, 0x000AFF80));
}

static void test_fermi_reference(void)
{
    static const unsigned lines[3] = { 5, 7, 8 };
    unsigned li, i, mismatches = 0;
    for (li = 0; li < 3; li++) {
        gs_set_index f32 = make(GS_INDEX_FERMI, 32, 1u << lines[li]);
        gs_set_index f64 = make(GS_INDEX_FERMI, 64, 1u << lines[li]);
        gs_prng prng;
        gs_prng_seed(&prng, 33u + li);
        for (i = 0; i < 100000u; i++) {
            uint64_t addr = i < 64 ? (uint64_t)1u << i : gs_prng_next(&prng);
            mismatches += fermi_reference(addr, 32, lines[li]) != gs_set_index_lookup(&f32, addr);
            mismatches += fermi_reference(addr, 64, lines[li]) != gs_set_index_lookup(&f64, addr);
        }
    }
    GS_CHECK_EQ(0, mismatches);
}

static void test_names_and_codes(void)
{
    static const char *const names[4] = { "linear", "xor", "fermi", "ipoly" };
    static const char letters[4] = { 'L', 'X', 'H', 'P' };
    static const unsigned codes[4] = { 0, 1, 3, 2 };   /* -gpgpu_l1_banks_hashing_function */
    gs_index_fn fn;
    unsigned i;
    for (i = 0; i < 4; i++) {
        GS_CHECK_STR(names[i], gs_index_fn_name((gs_index_fn)i));
        GS_CHECK(gs_index_fn_from_name(names[i], &fn) && fn == (gs_index_fn)i);
        GS_CHECK(gs_index_fn_from_letter(letters[i], &fn) && fn == (gs_index_fn)i);
        GS_CHECK(gs_index_fn_from_l1_bank_code(codes[i], &fn) && fn == (gs_index_fn)i);
    }
    GS_CHECK_EQ(0, gs_index_fn_from_name("custom", &fn));
    GS_CHECK_EQ(0, gs_index_fn_from_letter('C', &fn));
    GS_CHECK_EQ(0, gs_index_fn_from_l1_bank_code(4, &fn));
    GS_CHECK_STR("unknown", gs_index_fn_name(GS_INDEX_FN_COUNT));
}

static void test_setup_errors(void)
{
    gs_set_index idx;
    gs_diag diag;
    gs_index_params p = { GS_INDEX_FERMI, 16, 128, 0, 0 };
    GS_CHECK_EQ(GS_E_CONFIG, gs_set_index_setup(&idx, &p, &diag));
    GS_CHECK_STR("16 sets: the fermi index needs a power of two from 32 to 64 sets",
                 diag.message);
    p.fn = GS_INDEX_LINEAR;
    p.n_sets = 24;
    GS_CHECK_EQ(GS_E_CONFIG, gs_set_index_setup(&idx, &p, &diag));
    GS_CHECK_STR("24 sets: the linear index needs a power of two from 1 to 16777216 sets",
                 diag.message);
    p.fn = GS_INDEX_XOR;
    p.n_sets = 32;
    p.line_bytes = 0;
    GS_CHECK_EQ(GS_E_CONFIG, gs_set_index_setup(&idx, &p, &diag));
    p.fn = GS_INDEX_FN_COUNT;
    p.line_bytes = 128;
    GS_CHECK_EQ(GS_E_CONFIG, gs_set_index_setup(&idx, &p, &diag));
    GS_CHECK_STR("set-index function 4: must be linear, xor, fermi or ipoly", diag.message);
}

int main(void)
{
    GS_RUN(test_linear);
    GS_RUN(test_xor);
    GS_RUN(test_fermi_values);
    GS_RUN(test_fermi_reference);
    GS_RUN(test_names_and_codes);
    GS_RUN(test_setup_errors);
    return gs_check_report();
}
