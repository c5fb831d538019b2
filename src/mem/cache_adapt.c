/*
 * The adaptive unified L1D / shared-memory split: the configuration check and
 * the per-kernel choice of carve-out and L1D ways (rules and decisions in
 * mem/cache_adapt.h; GPGPU-Sim 4 shader_core_config::max_cta semantics,
 * spec/formats.md section 2.1).
 */
#include "mem/cache_adapt.h"

#include <string.h>

void gs_l1_split_from_config(const gs_config *cfg, gs_l1_split *split)
{
    uint32_t i;
    memset(split, 0, sizeof *split);
    split->enabled = cfg->adaptive_cache_config;
    split->unified_kb = cfg->unified_l1d_kb;
    split->way_bytes = cfg->dl1.n_sets * cfg->dl1.line_bytes;
    split->n_options = cfg->shmem_option_kb.count;
    for (i = 0; i < split->n_options && i < GS_CONFIG_LIST_MAX; i++)
        split->option_kb[i] = cfg->shmem_option_kb.values[i];
    split->streaming = (uint8_t)(cfg->dl1.alloc_policy == GS_ALLOC_STREAMING);
    split->on_fill = (uint8_t)(cfg->dl1.alloc_policy != GS_ALLOC_ON_MISS);
}

static gs_status split_check_option(const gs_l1_split *s, uint32_t i, gs_diag *diag)
{
    uint32_t kb = s->option_kb[i];
    if (i > 0 && kb <= s->option_kb[i - 1u])
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "-gpgpu_shmem_option must be strictly "
                           "ascending (%u KB after %u KB)", (unsigned)kb,
                           (unsigned)(s->option_kb[i - 1u]));
    if (kb >= s->unified_kb)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "-gpgpu_shmem_option %u KB leaves no "
                           "L1D in -gpgpu_unified_l1d_size %u KB (each carve-out must be below "
                           "it)", (unsigned)kb, (unsigned)s->unified_kb);
    if (((uint64_t)(s->unified_kb - kb) * 1024u) % s->way_bytes != 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "L1D of %u KB (unified %u KB - "
                           "carve-out %u KB) is not a whole number of %u-byte ways (sets x "
                           "line of -gpgpu_cache:dl1)", (unsigned)(s->unified_kb - kb),
                           (unsigned)s->unified_kb, (unsigned)kb,
                           (unsigned)s->way_bytes);
    return GS_OK;
}

gs_status gs_l1_split_check(const gs_config *cfg, gs_diag *diag)
{
    gs_l1_split s;
    uint32_t i;
    gs_status st;
    gs_l1_split_from_config(cfg, &s);
    if (!s.enabled)
        return GS_OK;
    if (!cfg->dl1.enabled)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "-gpgpu_adaptive_cache_config 1 needs "
                           "an L1D (-gpgpu_cache:dl1 is none)");
    if (s.unified_kb == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "-gpgpu_adaptive_cache_config 1 needs "
                           "-gpgpu_unified_l1d_size above 0 KB");
    if (s.n_options == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "-gpgpu_adaptive_cache_config 1 needs "
                           "at least one -gpgpu_shmem_option");
    for (i = 0; i < s.n_options; i++)
        if ((st = split_check_option(&s, i, diag)) != GS_OK)
            return st;
    if ((uint64_t)s.option_kb[s.n_options - 1u] * 1024u < cfg->shmem_bytes)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "the largest -gpgpu_shmem_option (%u "
                           "KB) is below -gpgpu_shmem_size (%u bytes): a kernel could need a "
                           "carve-out no option gives", (unsigned)(s.option_kb[s.n_options - 1u]),
                           (unsigned)cfg->shmem_bytes);
    return GS_OK;
}

static uint32_t split_ways(const gs_l1_split *s, uint32_t carveout_kb)
{
    return (uint32_t)(((uint64_t)(s->unified_kb - carveout_kb) * 1024u) / s->way_bytes);
}

uint32_t gs_l1_split_max_ways(const gs_l1_split *split)
{
    return split_ways(split, split->option_kb[0]);
}

gs_status gs_l1_split_choose(const gs_l1_split *split, uint64_t shmem_bytes_per_sm,
                             gs_l1_choice *choice, gs_diag *diag)
{
    uint32_t i;
    memset(choice, 0, sizeof *choice);
    for (i = 0; i < split->n_options; i++) {
        if ((uint64_t)split->option_kb[i] * 1024u < shmem_bytes_per_sm)
            continue;
        choice->carveout_kb = split->option_kb[i];
        choice->l1d_kb = split->unified_kb - choice->carveout_kb;
        choice->ways = split_ways(split, choice->carveout_kb);
        /* GPGPU-Sim max_cta: a streaming L1 allocates on miss only when the
         * whole unified storage may serve as L1 (no shared memory used). */
        choice->on_fill = split->streaming ? (shmem_bytes_per_sm != 0) : split->on_fill;
        return GS_OK;
    }
    return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0, "a kernel needs %llu bytes of shared "
                       "memory per SM, above the largest -gpgpu_shmem_option (%u KB)",
                       (unsigned long long)shmem_bytes_per_sm,
                       (unsigned)(split->option_kb[split->n_options - 1u]));
}
