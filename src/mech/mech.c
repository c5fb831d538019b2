/*
 * The table of mechanism ops, built from the one list (base/mech_list.h),
 * and the sizes of the enabled ones (mech/mech.h).
 */
#include "mech/mech.h"

#define GS_MECH_ENTRY(name) &gs_mech_##name##_ops,
const gs_mech_ops *const gs_mech_table[GS_MECH_ID_COUNT] = { GS_MECH_LIST(GS_MECH_ENTRY) };
#undef GS_MECH_ENTRY

size_t gs_mech_bytes(const gs_config *cfg)
{
    size_t total = 0;
    uint32_t k;
    for (k = 0; k < GS_MECH_ID_COUNT; k++)
        if (GS_CONFIG_MECH_ON(cfg, k) && gs_mech_table[k]->bytes != NULL)
            total += gs_arena_round(gs_mech_table[k]->bytes(cfg));
    return total;
}

uint32_t gs_mech_stats_count(const gs_config *cfg)
{
    uint32_t k, total = 0;
    for (k = 0; k < GS_MECH_ID_COUNT; k++)
        if (GS_CONFIG_MECH_ON(cfg, k) && gs_mech_table[k]->stats_count != NULL)
            total += gs_mech_table[k]->stats_count(cfg);
    return total;
}
