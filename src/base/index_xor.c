/*
 * Bitwise-XOR set index (spec/formats.md section 2.2, "Bitwise XOR", cache
 * letter X of the accel-sim fork; also memory-partition indexing 1 and DRAM
 * bank policy 1, formats.md 2.3):
 *   higher = addr >> (line_log2 + sets_log2), index = (addr >> line_log2) & (n-1),
 *   set = index ^ (higher & (n - 1)).
 */
#include "base/set_index.h"

uint32_t gs_hash_bitwise_xor(uint64_t higher, uint32_t index, uint32_t n)
{
    return (uint32_t)((index ^ higher) & (uint64_t)(n - 1u));
}

static gs_status xor_setup(gs_set_index *index, const gs_index_params *params, gs_diag *diag)
{
    return gs_set_index_base(index, params, 0, GS_SET_INDEX_LOG2_MAX, diag);
}

static uint32_t xor_lookup(const gs_set_index *index, uint64_t addr)
{
    uint64_t line = addr >> index->line_log2;
    uint64_t higher = index->sets_log2 + index->line_log2 >= 64u
                          ? 0u : addr >> (index->line_log2 + index->sets_log2);
    return gs_hash_bitwise_xor(higher, (uint32_t)(line & (index->n_sets - 1u)), index->n_sets);
}

const gs_index_ops gs_index_xor_ops = {
    "xor", 'X', 1u, xor_setup, xor_lookup
};
