/*
 * Kernel sampling (issue 15 item 3; README "Kernel sampling"): an option
 * beside exact simulation, for workloads that launch the same kernel many
 * times. Following Principal Kernel Analysis (Avalos Baddouh et al., MICRO
 * 2021), launches are grouped by a microarchitecture-independent signature
 * and only one launch per group is simulated in detail; the others run on
 * the functional executor and their cycles are projected from it.
 *
 *   Pass 1 (profile): the whole workload runs on the functional executor in
 *   a host of its own; each launch's signature is its kernel (name), block
 *   size, CTAs, and the warp instructions, thread instructions and memory
 *   warp instructions it executed. A launch joins the first group (lowest
 *   index) whose representative has the same kernel and block size and
 *   every count within -gs_sampling_tolerance percent of its own; else it
 *   starts a group and is its representative. Decision (PKA found the first
 *   launch and the centroid equally good): the representative is the
 *   group's first launch, so it is simulated before any launch projected
 *   from it.
 *   Pass 2 (timing): the workload runs again from its initial state; a
 *   representative runs under the timing model, any other launch runs
 *   functionally (device memory stays exact) and is projected:
 *   cycles = representative's cycles x its warp instructions / the
 *   representative's, rounded half up.
 *
 * The exact statistics then describe the detailed launches only; the
 * projection is reported apart, in statistics named estimate_*, and every
 * output of a sampled run says it is an estimate. The default (off) runs
 * every launch in detail. Pass 2 must launch exactly what pass 1 launched;
 * a difference is an internal error.
 */
#ifndef GS_SIM_SAMPLING_H
#define GS_SIM_SAMPLING_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/config.h"
#include "base/stats.h"
#include "base/status.h"
#include "host/host.h"
#include "sim/gpu.h"

/* Statistics gs_sampling_report adds. */
#define GS_SAMPLING_STATS 9u

typedef struct gs_launch_signature {
    uint64_t kernel_hash;      /* of the kernel's name */
    uint32_t threads_per_cta;
    uint32_t ctas;
    uint64_t warp_insts, thread_insts, mem_warp_insts;
} gs_launch_signature;

typedef struct gs_sampling {
    const gs_config *cfg;
    uint32_t capacity;          /* -gs_sampling_max_launches */
    gs_launch_signature *sig;   /* [capacity] pass 1, by launch */
    uint32_t *group_of;         /* [capacity] its group */
    uint32_t *rep_of_group;     /* [capacity] the group's representative launch */
    uint64_t *rep_cycles;       /* [capacity] by group: the representative's cycles */
    uint32_t launches, groups;  /* pass 1 */
    uint32_t next;              /* pass 2: launches seen */
    gs_gpu *gpu;
    /* pass 2 totals */
    uint64_t detailed, projected;
    uint64_t projected_cycles, projected_warp_insts, projected_thread_insts;
} gs_sampling;

size_t gs_sampling_bytes(const gs_config *cfg);
gs_status gs_sampling_init(gs_sampling *s, const gs_config *cfg, gs_gpu *gpu, gs_arena *arena,
                           gs_diag *diag);
/* Pass 1's executor (gs_host_set_executor on the profiling host; context:
 * the gs_sampling): runs the launch functionally and records it. */
gs_status gs_sampling_profile(void *context, gs_host *host, gs_exec_launch *launch,
                              gs_diag *diag);
/* Pass 2's executor (on the timing host, after gs_sim_attach). */
gs_status gs_sampling_execute(void *context, gs_host *host, gs_exec_launch *launch,
                              gs_diag *diag);
void gs_sampling_report(const gs_sampling *s, const gs_gpu *gpu, gs_stats *stats);

/* The arithmetic, for tests: whether |a - b| * 100 <= percent * max(a, b)
 * (exact, 128-bit), and round(a * b / c) half up for c > 0 (exact). */
int gs_sampling_close(uint64_t a, uint64_t b, uint32_t percent);
uint64_t gs_sampling_scale(uint64_t a, uint64_t b, uint64_t c);

#endif
