/*
 * Linear set index (spec/formats.md section 2.2, "Linear"):
 * set = (addr >> line_log2) & (n_sets - 1). Any power of two, 1 set included
 * (a fully associative cache).
 */
#include "base/set_index.h"

static gs_status linear_setup(gs_set_index *index, const gs_index_params *params,
                              gs_diag *diag)
{
    return gs_set_index_base(index, params, 0, GS_SET_INDEX_LOG2_MAX, diag);
}

static uint32_t linear_lookup(const gs_set_index *index, uint64_t addr)
{
    return (uint32_t)((addr >> index->line_log2) & (uint64_t)(index->n_sets - 1u));
}

const gs_index_ops gs_index_linear_ops = {
    "linear", 'L', 0u, linear_setup, linear_lookup
};
