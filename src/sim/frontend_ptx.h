/*
 * The PTX executor as the timing core's front end (core/frontend.h): the
 * instruction is executed functionally at decode (gs_exec_step) and
 * described in the gs_inst the core schedules (DESIGN.md section 3).
 */
#ifndef GS_SIM_FRONTEND_PTX_H
#define GS_SIM_FRONTEND_PTX_H

#include "core/frontend.h"
#include "exec/exec.h"

typedef struct gs_fe_ptx {
    gs_exec_launch *launch;
    gs_exec_cta *ctx;             /* [n_sms * ctx_per_sm]: context of SM s, slot k */
    uint32_t ctx_per_sm;
} gs_fe_ptx;

extern const gs_frontend_ops gs_fe_ptx_ops;

/* Make fe run `launch` with the contexts carved for it. */
void gs_fe_ptx_bind(gs_frontend *fe, gs_fe_ptx *state, gs_exec_launch *launch,
                    gs_exec_cta *ctx, uint32_t ctx_per_sm);

#endif
