/*
 * The front-end interface of the timing core (DESIGN.md section 3: "the
 * core sees no difference" between the PTX executor and the Accel-Sim trace
 * reader; section 7: one const operations struct per implementation).
 *
 * The SM pipeline (src/core/sm*.c) and the GPU loop (src/sim/gpu_run.c) talk
 * to the instruction source only through these operations:
 *   - cta_start: the dispatcher placed a CTA (the launch shape and its
 *     per-CTA resources were fixed when the kernel was queued); the front end
 *     makes its state for it and hands back an opaque handle;
 *   - warp_pc: the byte address of a warp's next instruction (the fetch
 *     stage's I-cache line), without consuming it;
 *   - warp_step: decode the warp's next instruction into a gs_inst and say
 *     what the warp does next (more instructions, held at a functional
 *     barrier, finished, or a fault);
 *   - warp_released: a held warp may decode again (functional barriers);
 *   - cta_finish: every warp of the CTA left the SM;
 *   - kernel_end: every CTA of the kernel finished (final checks).
 * Implementations: src/sim/frontend_ptx.c (the PTX executor runs the
 * instruction at decode) and src/sim/frontend_trace.c (the next trace line
 * is read at decode). Kernel iteration lives at the GPU level: the host API
 * hook for PTX launches (gs_sim_execute), the trace kernel list for traces
 * (gs_sim_run_trace, gpu_trace.c).
 *
 * A fault (PTX runtime error, malformed trace line) is sticky: the front end
 * records the first in `fault` / `fault_diag` and returns GS_FE_FAULT; the
 * GPU loop stops and returns it.
 */
#ifndef GS_CORE_FRONTEND_H
#define GS_CORE_FRONTEND_H

#include <stdint.h>

#include "base/inst.h"
#include "base/status.h"
#include "core/cta_dispatch.h"

/* What a warp does after the instruction warp_step returned. */
typedef enum gs_fe_next {
    GS_FE_READY = 0,    /* more instructions follow */
    GS_FE_HELD,         /* waits at a functional barrier: no decode until released */
    GS_FE_DONE,         /* that was its last instruction */
    GS_FE_FAULT         /* a fault was recorded (gs_frontend.fault) */
} gs_fe_next;

struct gs_frontend;

typedef struct gs_frontend_ops {
    const char *name;
    gs_status (*cta_start)(struct gs_frontend *fe, const gs_cta_placement *pl, void **cta,
                           gs_diag *diag);
    /* 1 and *pc_bytes set, or 0 after recording a fault. */
    int (*warp_pc)(struct gs_frontend *fe, void *cta, uint32_t warp, uint32_t *pc_bytes);
    gs_fe_next (*warp_step)(struct gs_frontend *fe, void *cta, uint32_t warp, gs_inst *inst,
                            uint64_t cycle);
    int (*warp_released)(struct gs_frontend *fe, void *cta, uint32_t warp);
    void (*cta_finish)(struct gs_frontend *fe, void *cta);
    gs_status (*kernel_end)(struct gs_frontend *fe, gs_diag *diag);
} gs_frontend_ops;

typedef struct gs_frontend {
    const gs_frontend_ops *ops;
    void *state;                  /* the implementation's */
    gs_status fault;              /* first fault seen at decode (sticky) */
    gs_diag fault_diag;
} gs_frontend;

#endif
