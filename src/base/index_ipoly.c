/*
 * IPOLY / PRIC set index: set = L(x) mod P(x) over GF(2), P irreducible of
 * degree m = log2(sets) (Rau ISCA'91; spec/seed-000-dwt-pric.md section 2.5;
 * GPGPU-Sim ipoly_hash_function, spec/formats.md section 2.2).
 *
 * L is the line address (addr >> line_log2) restricted to its low
 * m + hashed_bits bits. Set bit j = parity(L & mask[j]) where mask[j] holds
 * the line-address bits i with bit j of (x^i mod P) set: the columns of the
 * thesis's H-matrix. Default masks come from tables/hmatrix.c (gen/hmatrix.py);
 * any other polynomial or bit range is built at setup by the same algorithm
 * (gs_ipoly_build_masks), and unit test 030 checks the two agree.
 *
 * Decision (seed-000 section 5.2 item 11, "address width"): address bits above
 * the hashed range are ignored, as GPGPU-Sim does for 16/32/64 sets; sizes
 * GPGPU-Sim lacks hash the whole line address by default (hashed_bits 64 - m).
 */
#include "base/set_index.h"

#include "hmatrix.h"

#include <string.h>

uint32_t gs_ipoly_degree(uint32_t poly)
{
    uint32_t d = 0;
    while (poly >> (d + 1u))
        d++;
    return d;
}

/* a(x) mod b(x) over GF(2); b != 0. */
static uint32_t poly_mod(uint32_t a, uint32_t b)
{
    uint32_t db = gs_ipoly_degree(b);
    while (a != 0 && gs_ipoly_degree(a) >= db)
        a ^= b << (gs_ipoly_degree(a) - db);
    return a;
}

int gs_ipoly_is_irreducible(uint32_t poly)
{
    uint32_t d = gs_ipoly_degree(poly), divisor;
    if (poly < 2u || d > 31u)
        return 0;
    /* a reducible P has a factor of degree 1 .. d/2: try every one */
    for (divisor = 2u; divisor < (1u << (d / 2u + 1u)); divisor++)
        if (poly_mod(poly, divisor) == 0)
            return 0;
    return 1;
}

uint32_t gs_ipoly_default_poly(uint32_t degree)
{
    if (degree < GS_IPOLY_DEGREE_MIN || degree > GS_IPOLY_DEGREE_MAX)
        return 0;
    return gs_hmatrix_defaults[degree].poly;
}

uint32_t gs_ipoly_default_hashed_bits(uint32_t degree)
{
    if (degree < GS_IPOLY_DEGREE_MIN || degree > GS_IPOLY_DEGREE_MAX)
        return 0;
    return gs_hmatrix_defaults[degree].hashed_bits;
}

void gs_ipoly_build_masks(uint32_t poly, uint32_t hashed_bits, uint64_t *masks)
{
    uint32_t m = gs_ipoly_degree(poly), row = 1u, i, j;
    memset(masks, 0, GS_IPOLY_DEGREE_MAX * sizeof masks[0]);
    for (i = 0; i < m + hashed_bits && i < 64u; i++) {
        /* row = x^i mod P: H-matrix row of line-address bit i */
        for (j = 0; j < m && j < GS_IPOLY_DEGREE_MAX; j++)
            if ((row >> j) & 1u)
                masks[j] |= (uint64_t)1u << i;
        row <<= 1;
        if ((row >> m) & 1u)
            row ^= poly;
    }
}

static uint32_t parity64(uint64_t v)
{
    v ^= v >> 32;
    v ^= v >> 16;
    v ^= v >> 8;
    v ^= v >> 4;
    v ^= v >> 2;
    v ^= v >> 1;
    return (uint32_t)(v & 1u);
}

uint32_t gs_ipoly_apply(const uint64_t *masks, uint32_t degree, uint64_t line_addr)
{
    uint32_t set = 0, j;
    for (j = 0; j < degree; j++)
        set |= parity64(line_addr & masks[j]) << j;
    return set;
}

uint32_t gs_hash_ipoly(uint64_t higher, uint32_t index, uint32_t n)
{
    uint32_t m = 0;
    uint64_t line;
    if (!gs_exact_log2(n, &m) || m < GS_IPOLY_DEGREE_MIN || m > GS_IPOLY_DEGREE_MAX)
        return index;   /* callers validate n at setup; see gs_set_index_base */
    line = (higher << m) | (uint64_t)(index & (n - 1u));
    return gs_ipoly_apply(gs_hmatrix_defaults[m].mask, m, line);
}

static gs_status ipoly_choose(gs_set_index *index, const gs_index_params *params,
                              gs_diag *diag)
{
    uint32_t m = index->sets_log2;
    uint32_t poly = params->poly ? params->poly : gs_ipoly_default_poly(m);
    uint32_t bits = params->hashed_bits ? params->hashed_bits : gs_ipoly_default_hashed_bits(m);
    if (gs_ipoly_degree(poly) != m)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "polynomial 0x%x: %u sets need an irreducible polynomial of degree "
                           "%u (0x%x..0x%x)", (unsigned)poly, (unsigned)index->n_sets,
                           (unsigned)m, 1u << m, (2u << m) - 1u);
    if (!gs_ipoly_is_irreducible(poly))
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "polynomial 0x%x is reducible over GF(2): IPOLY needs an irreducible "
                           "polynomial", (unsigned)poly);
    if (m + bits > 64u)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "hashed bits %u: at most %u line-address bits above a %u-bit index",
                           (unsigned)bits, 64u - (unsigned)m, (unsigned)m);
    index->poly = poly;
    index->hashed_bits = bits;
    return GS_OK;
}

static gs_status ipoly_setup(gs_set_index *index, const gs_index_params *params,
                             gs_diag *diag)
{
    gs_status status = gs_set_index_base(index, params, GS_IPOLY_DEGREE_MIN,
                                         GS_IPOLY_DEGREE_MAX, diag);
    if (status == GS_OK)
        status = ipoly_choose(index, params, diag);
    if (status == GS_OK)
        gs_ipoly_build_masks(index->poly, index->hashed_bits, index->mask);
    return status;
}

static uint32_t ipoly_lookup(const gs_set_index *index, uint64_t addr)
{
    return gs_ipoly_apply(index->mask, index->sets_log2, addr >> index->line_log2);
}

const gs_index_ops gs_index_ipoly_ops = {
    "ipoly", 'P', 2u, ipoly_setup, ipoly_lookup
};
