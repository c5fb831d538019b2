/*
 * Functional SIMT execution of decoded PTX (DESIGN.md section 3: "the PTX
 * front end makes [a gs_inst] by executing the instruction functionally at
 * issue"; seed-004 sections 1.2.4 SIMT stack, 1.2.7 units, 1.6 CTAs).
 *
 * The executor is warp-steppable: gs_exec_step() runs the next instruction
 * of one warp of one CTA context for its active lanes (SIMT stack mask and
 * guard predicate) and describes it in a gs_inst for the timing core. A CTA
 * context holds everything a resident CTA needs: registers (laid out warp,
 * then register slot, then lane, so a lane loop walks consecutive words),
 * predicate registers as one 32-bit lane mask per warp and slot, shared
 * memory (static + dynamic), per-thread local memory, 16 named barriers and
 * per-warp SIMT stacks. Contexts come from a pool carved from the arena; the
 * caller decides how many (the functional runner needs one, the timing
 * model one per resident CTA).
 *
 * Address spaces (decision; see devmem.h for the map): global and const
 * addresses are device addresses (module .global/.const segments are placed
 * in device memory at module load); shared addresses are offsets in the
 * CTA's shared memory; local addresses offsets in the thread's frame; param
 * addresses offsets in the launch's parameter buffer. Generic addresses in
 * the shared / local / param windows map to those spaces, all others to
 * global memory. gs_inst.addr reports space addresses, except local ones,
 * which are interleaved by thread (word w of thread t at
 * (w * threads + t) * 4) so consecutive lanes touch consecutive words.
 *
 * Errors a kernel can cause while running (out-of-bounds shared/local
 * access, trap, barrier deadlock, SIMT stack overflow, an instruction form
 * the executor does not implement, the instruction limit) are sticky: the
 * launch records the first in `fault` / `fault_diag`, stops, and returns it.
 * Nothing is ever computed with a silent default.
 */
#ifndef GS_EXEC_EXEC_H
#define GS_EXEC_EXEC_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/inst.h"
#include "base/status.h"
#include "exec/devprintf.h"
#include "exec/simt_stack.h"
#include "exec/texture.h"
#include "mem/devmem.h"
#include "ptx/ptx.h"


/* What a message tells the user to raise when a launch exceeds what the
 * contexts were sized for: the gs_host_config field (the CLI sizes these
 * from the workload's kernels, so only a program using the library sets
 * them), and the option of the per-launch safety limit (issue 20: every
 * option a message names is accepted, tests/test_hardening.py). */
#define GS_EXEC_THREADS_OPTION "gs_host_config.cta.threads"
#define GS_EXEC_REGS_OPTION "gs_host_config.cta.reg_slots"
#define GS_EXEC_PREDS_OPTION "gs_host_config.cta.pred_slots"
#define GS_EXEC_SHARED_OPTION "gs_host_config.cta.shared_bytes"
#define GS_EXEC_LOCAL_OPTION "gs_host_config.cta.local_bytes"
#define GS_EXEC_INSTS_OPTION "-gs_launch_inst_limit"

/* CUDA's launch limits (CUDA C Programming Guide, "Technical Specifications
 * per Compute Capability", 3.0 and later): grid x < 2^31, y and z <= 65535;
 * block x and y <= 1024, z <= 64, at most GS_CUDA_BLOCK_THREADS_MAX threads.
 * One table for the executor's launch check (exec.c) and the workload
 * parser (host/workload.c). Index 0, 1, 2 is x, y, z. */
extern const uint32_t gs_cuda_grid_max[3];
extern const uint32_t gs_cuda_block_max[3];
#define GS_CUDA_BLOCK_THREADS_MAX 1024u

/* The maxima one CTA context is sized for. */
typedef struct gs_exec_shape {
    uint32_t threads;        /* threads per CTA */
    uint32_t reg_slots;      /* 64-bit data register slots per thread */
    uint32_t pred_slots;     /* predicate slots per thread */
    uint32_t shared_bytes;   /* static + dynamic shared memory per CTA */
    uint32_t local_bytes;    /* local memory per thread */
    uint32_t simt_depth;     /* SIMT stack entries per warp */
} gs_exec_shape;

/* One kernel launch: what the host API hands an executor. */
typedef struct gs_exec_launch {
    const gs_ptx_module *module;
    const gs_ptx_kernel *kernel;
    gs_devmem *mem;
    gs_dim3 grid, block;
    uint32_t dynamic_shared_bytes;
    uint64_t global_base;    /* device address of the module's .global segment */
    uint64_t const_base;     /* device address of the module's .const segment */
    const uint8_t *params;   /* kernel->param_bytes, little-endian */
    uint32_t grid_id;        /* %gridid */
    uint32_t num_sms;        /* %nsmid (>= 1) */
    uint64_t warp_inst_limit;    /* 0 = no limit (functional runner watchdog) */
    int (*stop_poll)(void *context);   /* NULL, or asked every 4096 warp instructions and
                                        * before each CTA: non-zero stops the launch with
                                        * GS_E_INTERRUPTED (interrupt-safe runs) */
    void *stop_context;
    gs_devprintf_buffer *printf_buffer;   /* where vprintf's output goes (devprintf.h);
                                           * NULL: nowhere, as a buffer of 0 bytes */
    uint64_t grid_workspace;  /* a cooperative launch's grid-sync workspace
                               * (device address, read through %envreg1/2;
                               * exec.c sreg_value): non-zero makes the
                               * functional runner run all CTAs at once;
                               * 0 for an ordinary launch */
    const gs_tex_desc *textures;   /* the texture and surface objects a handle
                                    * names (handle h: textures[h - 1]; a free
                                    * entry has dims 0), the host's table */
    uint32_t num_textures;
    /* results */
    uint64_t warp_insts;     /* warp instructions executed */
    uint64_t thread_insts;   /* sum of active lanes over them */
    uint64_t mem_warp_insts; /* of them, loads, stores and atomics (not of .param):
                              * part of a launch's signature (sim/sampling.h) */
    gs_status fault;         /* first kernel fault, GS_OK if none */
    gs_diag fault_diag;
} gs_exec_launch;

typedef enum gs_warp_state {
    GS_WARP_READY = 0,
    GS_WARP_BARRIER,         /* waiting at bar.sync / bar.red */
    GS_WARP_EXITED
} gs_warp_state;

/* One device-function call in progress (exec_ctl.c, ptx_link.c): the SIMT
 * depth just after the call pushed the callee's entry, and the caller's
 * frame base to restore when it returns. A call always pushes one SIMT
 * entry, so simt_depth frames per warp always suffice. */
typedef struct gs_exec_call {
    uint16_t simt_depth;
    uint16_t function;       /* the callee's index in kernel->linked, with
                              * GS_EXEC_CALL_SPILLED when the call saved the
                              * calling lanes' copy of its registers */
    uint32_t caller_frame;
} gs_exec_call;
#define GS_EXEC_CALL_SPILLED 0x8000u

typedef struct gs_exec_warp {
    gs_simt_stack stack;
    gs_exec_call *calls;     /* stack.capacity of them */
    uint32_t num_calls;      /* calls in progress */
    uint32_t frame_base;     /* the running function's frame in local memory
                              * (0: the kernel's own) */
    uint32_t valid_mask;     /* lanes that exist in this warp */
    uint8_t state;           /* gs_warp_state */
    uint8_t barrier_id;
    uint8_t red_kind;        /* bar.red waiting: 0 none, else its boolop / POPC */
    uint32_t red_dst;        /* bar.red destination slot */
    uint32_t red_mask;       /* bar.red: active lanes at arrival */
    uint64_t insts;          /* warp instructions executed */
} gs_exec_warp;

typedef struct gs_exec_barrier {
    uint32_t arrived_warps;
    uint32_t count_threads;  /* 0 = all live warps of the CTA */
    uint32_t popc;           /* bar.red.popc accumulator */
    uint8_t all_true;        /* bar.red.and accumulator */
    uint8_t any_true;        /* bar.red.or accumulator */
} gs_exec_barrier;

typedef struct gs_exec_cta {
    gs_exec_launch *launch;
    const gs_ptx_kernel *kernel;
    gs_exec_shape shape;     /* capacity */
    gs_dim3 ctaid;
    uint32_t num_threads, num_warps, live_warps;
    uint32_t reg_slots;      /* kernel's slots (row stride) */
    uint32_t pred_slots;
    uint32_t shared_bytes;   /* this launch's static + dynamic */
    uint32_t local_bytes;    /* this kernel's frame */
    uint64_t *regs;          /* [warp][slot][lane] */
    uint32_t *preds;         /* [warp][slot] lane masks */
    uint8_t *shared;
    uint8_t *local;          /* [thread][local_bytes] */
    gs_exec_warp *warps;
    gs_simt_entry *stack_storage;
    gs_exec_call *call_storage;
    gs_exec_barrier barriers[GS_INST_BARRIERS];
    uint32_t smid;           /* %smid (the timing model sets it) */
    uint8_t clock_external;  /* %clock reads `clock` (timing) else warp_insts */
    uint64_t clock;
    uint64_t warp_insts;     /* executed by this CTA */
} gs_exec_cta;

/* Arena bytes for `count` contexts of a shape. */
size_t gs_exec_pool_bytes(const gs_exec_shape *shape, uint32_t count);   /* SIZE_MAX if
                                                         * it does not fit a size_t */
/* Carve `count` contexts into ctas[0..count-1]. */
gs_status gs_exec_pool_init(gs_exec_cta *ctas, uint32_t count, const gs_exec_shape *shape,
                            gs_arena *arena, gs_diag *diag);

/* The smallest shape that runs `launch` (simt_depth left 0 for the caller). */
void gs_exec_shape_for(const gs_exec_launch *launch, gs_exec_shape *shape);
/* GS_E_LIMIT naming the option to raise when `launch` does not fit `shape`;
 * GS_E_PTX when the kernel is not an .entry or the block is empty. */
gs_status gs_exec_check_launch(const gs_exec_shape *shape, const gs_exec_launch *launch,
                               gs_diag *diag);

/* Make `cta` the CTA `ctaid` of `launch`: registers, predicates, shared and
 * local memory zeroed, every warp at instruction 0 with its lanes active. */
void gs_exec_cta_start(gs_exec_cta *cta, gs_exec_launch *launch, gs_dim3 ctaid);

/* Execute the next instruction of warp `warp` (must be GS_WARP_READY) and,
 * when out is not NULL, describe it there. */
void gs_exec_step(gs_exec_cta *cta, uint32_t warp, gs_inst *out);

static inline int gs_exec_cta_done(const gs_exec_cta *cta)
{
    return cta->live_warps == 0;
}

/* Functional run (`--functional`): every CTA in grid order (x fastest), one
 * at a time in `cta`; inside a CTA the lowest-index ready warp runs until it
 * waits at a barrier or exits, then the next, round robin. Returns the
 * launch's fault (GS_OK when it ran to completion). */
gs_status gs_exec_run_kernel(gs_exec_launch *launch, gs_exec_cta *cta, gs_diag *diag);

/* A cooperative launch (launch->grid_workspace non-zero) on the functional
 * executor: all its CTAs at once on `ctas` (count contexts; a grid of more
 * CTAs is GS_E_LIMIT naming GS_EXEC_COOPERATIVE_OPTION), their warps in
 * turns of at most GS_EXEC_COOPERATIVE_SLICE warp instructions, so that a
 * CTA spinning at a grid sync lets the others reach it. */
gs_status gs_exec_run_cooperative(gs_exec_launch *launch, gs_exec_cta *ctas, uint32_t count,
                                  gs_diag *diag);
#define GS_EXEC_COOPERATIVE_SLICE 64u
#define GS_EXEC_COOPERATIVE_OPTION "gs_host_config.cooperative_ctas"
/* The most CTAs a cooperative launch may have: far above what any GPU
 * holds at once (an H100's 132 SMs x 32 CTAs are 4224). It bounds the
 * count of contexts; their bytes saturate (gs_exec_pool_bytes), so a run
 * too large for the host is refused when its arena cannot be had. */
#define GS_EXEC_COOPERATIVE_CTAS_MAX 65536u

#endif
