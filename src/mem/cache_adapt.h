/*
 * The adaptive unified L1D / shared-memory split of Volta and later GPUs
 * (GPGPU-Sim 4 -gpgpu_adaptive_cache_config, -gpgpu_shmem_option,
 * -gpgpu_unified_l1d_size; spec/formats.md section 2.1, the SM7_QV100 note;
 * the published SM7_QV100 and SM80_A100 gpgpusim.config, "L1/shared memory
 * configuration"; CUDA Programming Guide, compute capability 7.x "shared
 * memory carve-out").
 *
 * One SM has `unified` KB of storage shared by the L1D and shared memory. At
 * each kernel launch, with the split on:
 *   need      = shared memory per CTA x CTAs per SM the occupancy allows
 *               (core/cta_dispatch.h), in bytes;
 *   carve-out = the first (smallest) -gpgpu_shmem_option with KB x 1024 >= need;
 *   L1D       = unified - carve-out, KB;
 *   ways      = L1D x 1024 / (sets x line bytes), exact.
 * The L1D keeps the cache string's set count, line size, set-index function
 * and policies (set-index hashing depends on the set count); only its way
 * count changes. The tag array is built before cycle 0 for the most ways
 * (the smallest carve-out).
 *
 * Streaming L1 (`s` allocation in the cache string): allocate on miss when
 * the kernel uses no shared memory (need 0), on fill otherwise (GPGPU-Sim
 * shader_core_config::max_cta). `m` and `f` keep their own policy.
 *
 * Decisions (specs silent or GPGPU-Sim implicit; also in the README):
 *  - ways are computed exactly in integers. GPGPU-Sim computes
 *    round(max_assoc x (1 - carve-out / unified)) in float with
 *    max_assoc = assoc x (unified / string capacity); the two agree whenever
 *    the string capacity divides the unified size and every L1D size is a
 *    whole number of ways (both published presets).
 *  - configuration check (before cycle 0, config error exit 2): the split
 *    needs an L1D (not `none`), -gpgpu_unified_l1d_size above 0, carve-outs
 *    strictly ascending, each below the unified size (an L1D of 0 ways is
 *    refused), each leaving a whole number of ways, and the largest at least
 *    -gpgpu_shmem_size (so the need of every kernel the occupancy admits has
 *    an option: the need never exceeds -gpgpu_shmem_size). The cache string's
 *    own capacity need not equal any of the sizes: with the split on, only
 *    its sets, line size and policies are used.
 *  - at a reconfiguration (way count changes between kernels) the lines of
 *    the ways that stay are kept (the L1D is not flushed between kernels in
 *    gpusim), the lines of the ways that go are invalidated; new ways start
 *    empty, as GPGPU-Sim's set_assoc leaves them. A dirty line of a removed way
 *    (write policy B, or L for local data) is dropped without its write-back:
 *    the data is never lost (device memory holds it; caches carry only
 *    timing state), only that write-back's traffic is not simulated. Such
 *    lines are counted (L1D_dirty_lines_dropped), so a run shows whether
 *    the approximation touched it. The published presets' L1D is write-
 *    through (T; its F/L write-allocate sends every write below,
 *    mem/cache_write.c) and never holds dirty data.
 *  - -gs_l1d_mode 1/2 (unbounded / bypass characterisation) replace the L1D
 *    model; the split does not apply to them (the options are still checked).
 */
#ifndef GS_MEM_CACHE_ADAPT_H
#define GS_MEM_CACHE_ADAPT_H

#include <stdint.h>

#include "base/config.h"
#include "base/status.h"

typedef struct gs_l1_split {
    uint32_t enabled;                       /* -gpgpu_adaptive_cache_config 1 */
    uint32_t unified_kb;                    /* -gpgpu_unified_l1d_size */
    uint32_t way_bytes;                     /* sets x line: one way of every set */
    uint32_t n_options;
    uint32_t option_kb[GS_CONFIG_LIST_MAX]; /* -gpgpu_shmem_option, ascending */
    uint8_t streaming;                      /* dl1 allocation `s` */
    uint8_t on_fill;                        /* dl1 allocation `f` (or `s`) */
} gs_l1_split;

/* What one kernel gets. */
typedef struct gs_l1_choice {
    uint32_t carveout_kb;                   /* shared memory of the SM */
    uint32_t l1d_kb;                        /* unified - carve-out */
    uint32_t ways;                          /* L1D ways per set */
    uint32_t on_fill;                       /* L1D allocation: 1 on fill, 0 on miss */
} gs_l1_choice;

/* The split of a configuration (enabled 0 when the option is off). */
void gs_l1_split_from_config(const gs_config *cfg, gs_l1_split *split);

/* The configuration checks above; the message has no location (the caller
 * points it at the option set last). GS_OK when the split is off. */
gs_status gs_l1_split_check(const gs_config *cfg, gs_diag *diag);

/* Ways of the largest L1D (smallest carve-out): the tag array's size. */
uint32_t gs_l1_split_max_ways(const gs_l1_split *split);

/* The carve-out for a kernel needing shmem_bytes_per_sm. GS_E_LIMIT when no
 * option is large enough (impossible after gs_l1_split_check for a kernel
 * the occupancy admits). */
gs_status gs_l1_split_choose(const gs_l1_split *split, uint64_t shmem_bytes_per_sm,
                             gs_l1_choice *choice, gs_diag *diag);

#endif
