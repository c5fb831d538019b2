/*
 * Set-index functions: the policy table and the parts every policy shares
 * (spec/formats.md section 2.2; DESIGN.md section 7: one const ops struct per
 * policy file, one table indexed by the enum).
 */
#include "base/set_index.h"

#include "base/fmt.h"

#include <string.h>

#define GS_INDEX_ENTRY(id, name) &gs_index_##name##_ops,
const gs_index_ops *const gs_index_ops_table[GS_INDEX_FN_COUNT] = {
    GS_INDEX_LIST(GS_INDEX_ENTRY)
};
#undef GS_INDEX_ENTRY

int gs_exact_log2(uint64_t value, uint32_t *log2)
{
    uint32_t bit = 0;
    if (value == 0 || (value & (value - 1u)) != 0)
        return 0;
    while ((value >> bit) != 1u)
        bit++;
    *log2 = bit;
    return 1;
}

gs_status gs_set_index_base(gs_set_index *index, const gs_index_params *params,
                            uint32_t min_log2, uint32_t max_log2, gs_diag *diag)
{
    const char *name = gs_index_fn_name(params->fn);
    uint32_t sets_log2 = 0, line_log2 = 0;
    if (!gs_exact_log2(params->line_bytes, &line_log2) || line_log2 > GS_LINE_LOG2_MAX)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "line size %u: must be a power of two from 1 to %u bytes",
                           (unsigned)params->line_bytes, 1u << GS_LINE_LOG2_MAX);
    if (!gs_exact_log2(params->n_sets, &sets_log2) || sets_log2 < min_log2
        || sets_log2 > max_log2)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "%u sets: the %s index needs a power of two from %u to %u sets",
                           (unsigned)params->n_sets, name, 1u << min_log2, 1u << max_log2);
    memset(index, 0, sizeof *index);
    index->fn = params->fn;
    index->n_sets = params->n_sets;
    index->sets_log2 = sets_log2;
    index->line_log2 = line_log2;
    return GS_OK;
}

gs_status gs_set_index_setup(gs_set_index *index, const gs_index_params *params,
                             gs_diag *diag)
{
    gs_status status;
    memset(index, 0, sizeof *index);
    if ((unsigned)params->fn >= (unsigned)GS_INDEX_FN_COUNT)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "set-index function %u: must be linear, xor, fermi or ipoly",
                           (unsigned)params->fn);
    status = gs_index_ops_table[params->fn]->setup(index, params, diag);
    if (status != GS_OK)
        memset(index, 0, sizeof *index);
    return status;
}

uint32_t gs_set_index_lookup(const gs_set_index *index, uint64_t addr)
{
    return gs_index_ops_table[index->fn]->lookup(index, addr);
}

int gs_index_fn_from_name(const char *name, gs_index_fn *fn)
{
    unsigned i;
    for (i = 0; i < (unsigned)GS_INDEX_FN_COUNT; i++) {
        if (strcmp(name, gs_index_ops_table[i]->name) == 0) {
            *fn = (gs_index_fn)i;
            return 1;
        }
    }
    return 0;
}

int gs_index_fn_from_letter(char letter, gs_index_fn *fn)
{
    unsigned i;
    for (i = 0; i < (unsigned)GS_INDEX_FN_COUNT; i++) {
        if (letter == gs_index_ops_table[i]->cache_letter) {
            *fn = (gs_index_fn)i;
            return 1;
        }
    }
    return 0;
}

int gs_index_fn_from_l1_bank_code(unsigned code, gs_index_fn *fn)
{
    unsigned i;
    for (i = 0; i < (unsigned)GS_INDEX_FN_COUNT; i++) {
        if (code == gs_index_ops_table[i]->l1_bank_code) {
            *fn = (gs_index_fn)i;
            return 1;
        }
    }
    return 0;
}

const char *gs_index_fn_name(gs_index_fn fn)
{
    if ((unsigned)fn >= (unsigned)GS_INDEX_FN_COUNT)
        return "unknown";
    return gs_index_ops_table[fn]->name;
}
