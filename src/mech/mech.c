/*
 * The mechanism list (mech/mech.h): lookup by name and the selection that
 * -gs_mechanisms makes.
 */
#include "mech/mech.h"

#include <string.h>

#define GS_MECH_ENTRY(name) &gs_mech_##name##_ops,
const gs_mech_ops *const gs_mech_table[] = { GS_MECH_LIST(GS_MECH_ENTRY) };
#undef GS_MECH_ENTRY
const uint32_t gs_mech_count = (uint32_t)(sizeof gs_mech_table / sizeof gs_mech_table[0]);

int gs_mech_find(const char *name, size_t length)
{
    uint32_t i;
    for (i = 0; i < gs_mech_count; i++)
        if (strlen(gs_mech_table[i]->name) == length &&
            memcmp(gs_mech_table[i]->name, name, length) == 0)
            return (int)i;
    return -1;
}

static gs_status select_error(const gs_config *cfg, gs_diag *diag, const char *what,
                              const char *name, size_t length)
{
    char known[GS_CONFIG_TEXT_MAX], which[GS_CONFIG_TEXT_MAX];
    size_t used = 0;
    uint32_t i;
    known[0] = '\0';
    memcpy(which, name, length);     /* length < GS_CONFIG_TEXT_MAX: the option's bound */
    which[length] = '\0';
    for (i = 0; i < gs_mech_count && used < sizeof known; i++)
        used += gs_fmt(known + used, sizeof known - used, "%s%s", i ? ", " : "",
                       gs_mech_table[i]->name);
    return gs_config_error_at(cfg, gs_option_find("gs_mechanisms", 13u), diag,
                              "-gs_mechanisms: %s mechanism '%s' (known: %s)", what, which,
                              known);
}

gs_status gs_mech_select(const gs_config *cfg, uint32_t *ids, uint32_t *count, gs_diag *diag)
{
    const char *t = cfg->mechanisms;
    uint8_t chosen[GS_MECH_LIST_MAX];
    size_t start = 0, i, n = strlen(t);
    uint32_t k;
    *count = 0;
    if (strcmp(t, "none") == 0)
        return GS_OK;
    memset(chosen, 0, sizeof chosen);
    for (i = 0; i <= n; i++) {
        int index;
        if (i < n && t[i] != ',')
            continue;
        index = gs_mech_find(t + start, i - start);
        if (index < 0)
            return select_error(cfg, diag, "unknown", t + start, i - start);
        if (chosen[index])
            return select_error(cfg, diag, "repeated", t + start, i - start);
        chosen[index] = 1;
        start = i + 1u;
    }
    for (k = 0; k < gs_mech_count; k++)      /* list order, whatever the option's */
        if (chosen[k] && *count < GS_MECH_ENABLED_MAX)
            ids[(*count)++] = k;
    return GS_OK;
}

size_t gs_mech_bytes(const gs_config *cfg)
{
    uint32_t ids[GS_MECH_ENABLED_MAX], n, i;
    size_t total = 0;
    gs_diag diag;
    if (gs_mech_select(cfg, ids, &n, &diag) != GS_OK)
        return 0;
    for (i = 0; i < n; i++)
        total += gs_arena_round(gs_mech_table[ids[i]]->bytes(cfg));
    return total;
}

uint32_t gs_mech_stats_count(const gs_config *cfg)
{
    uint32_t ids[GS_MECH_ENABLED_MAX], n, i, total = 0;
    gs_diag diag;
    if (gs_mech_select(cfg, ids, &n, &diag) != GS_OK)
        return 0;
    for (i = 0; i < n; i++)
        total += gs_mech_table[ids[i]]->stats_count(cfg);
    return total;
}
