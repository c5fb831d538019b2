/*
 * The CTA (thread-block) dispatcher and occupancy (seed-004 section 1.6):
 * kernels run in launch order; the CTAs of the running kernel go to SMs
 * round-robin and keep being assigned while every per-SM resource has room:
 * thread slots (-gpgpu_shader_core_pipeline <threads>), warp slots, registers
 * (-gpgpu_shader_registers), shared memory (-gpgpu_shmem_size) and CTA slots
 * (-gpgpu_shader_cta). No preemption: a CTA keeps its resources until it ends.
 *
 * Resource rules (decisions, following GPGPU-Sim's max_cta arithmetic):
 *  - a CTA's threads are padded to whole warps: warps = ceil(threads / warp_size);
 *  - registers per thread are rounded up to a multiple of 4, and a CTA needs
 *    padded_threads * rounded_regs registers;
 *  - shared memory is taken as the kernel declares it, in bytes, unrounded;
 *  - a resource a kernel does not use (0 registers, 0 bytes) never limits it.
 * Placement rules (decisions):
 *  - each dispatch cycle visits the SMs once, starting one past the SM that
 *    last received a CTA (SM 0 first at the start), and gives each SM at most
 *    one CTA (GPGPU-Sim issue_block2core); CTAs go in linear id order;
 *  - a CTA takes the lowest free CTA slot and the lowest-numbered free warp
 *    slots of the SM (contiguous while kernels run one at a time, since all
 *    CTAs of a kernel have the same size; the mask allows any set);
 *  - kernels are serialised as in one CUDA stream: kernel k+1 starts
 *    dispatching only after every CTA of kernel k has finished.
 * A kernel whose single CTA cannot fit an empty SM is rejected at launch
 * (GS_E_LIMIT, naming the option to raise).
 */
#ifndef GS_CORE_CTA_DISPATCH_H
#define GS_CORE_CTA_DISPATCH_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/status.h"

#define GS_CTA_MAX_WARPS_PER_SM 64u
#define GS_CTA_MAX_CTAS_PER_SM 64u

typedef struct gs_cta_params {
    uint32_t num_sms;
    uint32_t warp_size;             /* -gpgpu_shader_core_pipeline <threads>:<warp> */
    uint32_t max_threads_per_sm;    /* -gpgpu_shader_core_pipeline <threads> */
    uint32_t max_ctas_per_sm;       /* -gpgpu_shader_cta */
    uint32_t registers_per_sm;      /* -gpgpu_shader_registers */
    uint32_t shmem_bytes_per_sm;    /* -gpgpu_shmem_size */
    uint32_t max_kernels;           /* capacity of the launch queue */
} gs_cta_params;

typedef struct gs_kernel_shape {
    uint32_t num_ctas;              /* grid: x * y * z */
    uint32_t threads_per_cta;       /* block: x * y * z */
    uint32_t regs_per_thread;
    uint32_t shmem_bytes_per_cta;
} gs_kernel_shape;

/* Resources, as bits of gs_occupancy.limited_by. */
enum gs_cta_resource {
    GS_CTA_RES_CTA_SLOTS = 1u << 0,
    GS_CTA_RES_THREADS = 1u << 1,   /* thread (hence warp) slots */
    GS_CTA_RES_REGISTERS = 1u << 2,
    GS_CTA_RES_SHMEM = 1u << 3
};

typedef struct gs_occupancy {
    uint32_t ctas_per_sm;           /* resident CTAs of this kernel on one SM */
    uint32_t warps_per_sm;
    uint32_t warps_per_cta;
    uint32_t regs_per_cta;          /* after rounding */
    uint32_t by_cta_slots;          /* what each resource alone allows */
    uint32_t by_threads;
    uint32_t by_registers;          /* 0xFFFFFFFF = unlimited */
    uint32_t by_shmem;
    uint32_t limited_by;            /* every resource whose bound equals ctas_per_sm */
} gs_occupancy;

/* Static occupancy of a kernel on an empty SM; GS_E_LIMIT if no CTA fits. */
gs_status gs_cta_occupancy(const gs_cta_params *params, const gs_kernel_shape *shape,
                           gs_occupancy *occ, gs_diag *diag);

typedef struct gs_cta_placement {
    uint32_t sm;
    uint32_t cta_slot;              /* SM-local CTA slot */
    uint32_t kernel;                /* launch index: 0, 1, ... */
    uint32_t cta_id;                /* linear CTA id in the grid */
    uint32_t num_warps;
    uint64_t warp_mask;             /* SM warp slots of its warps, warp 0 = lowest bit */
} gs_cta_placement;

typedef struct gs_cta_sm {
    uint32_t threads_used;          /* padded to warps */
    uint32_t regs_used;
    uint32_t shmem_used;
    uint32_t ctas_used;
    uint64_t free_warps;            /* bit w: warp slot w free */
    uint64_t free_cta_slots;
} gs_cta_sm;

typedef struct gs_cta_kernel {
    gs_kernel_shape shape;
    gs_occupancy occ;
    uint32_t next_cta;              /* next CTA id to dispatch */
    uint32_t ctas_done;
} gs_cta_kernel;

typedef struct gs_cta_dispatch {
    gs_cta_params params;
    gs_cta_sm *sms;                 /* [num_sms] */
    gs_cta_placement *resident;     /* [num_sms * max_ctas_per_sm], by CTA slot */
    gs_cta_kernel *kernels;         /* [max_kernels], in launch order */
    uint32_t num_launched;
    uint32_t running;               /* index of the kernel dispatching / running */
    uint32_t last_sm;               /* SM that last received a CTA */
    uint64_t ctas_dispatched;       /* statistics */
} gs_cta_dispatch;

size_t gs_cta_dispatch_bytes(const gs_cta_params *params);
gs_status gs_cta_dispatch_init(gs_cta_dispatch *disp, const gs_cta_params *params,
                               gs_arena *arena, gs_diag *diag);

/* Queue a kernel (load time); returns its launch index through *kernel. */
gs_status gs_cta_launch(gs_cta_dispatch *disp, const gs_kernel_shape *shape,
                        uint32_t *kernel, gs_diag *diag);
/* One dispatch cycle: places up to one CTA per SM; writes the placements to
 * out (room for num_sms) and returns how many. */
uint32_t gs_cta_dispatch_cycle(gs_cta_dispatch *disp, gs_cta_placement *out);
/* The same, placing at most `max` CTAs (-gpgpu_max_cta's budget). */
uint32_t gs_cta_dispatch_cycle_max(gs_cta_dispatch *disp, gs_cta_placement *out, uint32_t max);
/* A CTA ended: free its resources. Returns 1 when this ended its kernel. */
int gs_cta_finish(gs_cta_dispatch *disp, uint32_t sm, uint32_t cta_slot);

int gs_cta_kernel_done(const gs_cta_dispatch *disp, uint32_t kernel);
int gs_cta_all_done(const gs_cta_dispatch *disp);
const gs_cta_sm *gs_cta_sm_state(const gs_cta_dispatch *disp, uint32_t sm);

#endif
