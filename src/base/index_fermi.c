/*
 * Fermi set-index hash (Nugteren et al., HPCA 2014), GPGPU-Sim's cache letter
 * H; exact formula from spec/formats.md section 2.2. Only 32 or 64 sets:
 *   lower = (addr >> line_log2) & 0x1F
 *   upper = address bits 13,14,15,17,19 packed into 5 bits
 *   set   = lower ^ upper; with 64 sets, address bit 12 becomes set bit 5.
 * The upper bits are absolute address bits, whatever the line size: that is
 * GPGPU-Sim's formula, kept as is.
 */
#include "base/set_index.h"

static gs_status fermi_setup(gs_set_index *index, const gs_index_params *params,
                             gs_diag *diag)
{
    return gs_set_index_base(index, params, 5u, 6u, diag);
}

static uint32_t fermi_lookup(const gs_set_index *index, uint64_t addr)
{
    uint64_t lower = (addr >> index->line_log2) & 0x1Fu;
    uint64_t upper = ((addr & 0xE000u) >> 13) | ((addr & 0x20000u) >> 14)
                     | ((addr & 0x80000u) >> 15);
    uint64_t set = lower ^ upper;
    if (index->n_sets == 64u)
        set |= (addr & 0x1000u) >> 7;
    return (uint32_t)set;
}

const gs_index_ops gs_index_fermi_ops = {
    "fermi", 'H', 3u, fermi_setup, fermi_lookup
};
