/*
 * PTX front end of the timing core (sim/frontend_ptx.h, core/frontend.h;
 * DESIGN.md section 3: the PTX front end makes the gs_inst by executing the
 * instruction functionally; seed-004 section 1.2.4 for the SIMT stack).
 *
 * Each resident CTA has a functional context (the contexts of SM s are
 * ctx[s * ctx_per_sm + CTA slot], carved per launch by gpu.c). The CTA id
 * comes from the dispatcher's linear id (x fastest). PTX instruction
 * addresses are the instruction index times GS_PTX_INST_BYTES.
 */
#include "sim/frontend_ptx.h"

#include <string.h>

static gs_status ptx_cta_start(gs_frontend *fe, const gs_cta_placement *pl, void **cta,
                               gs_diag *diag)
{
    gs_fe_ptx *st = (gs_fe_ptx *)fe->state;
    const gs_exec_launch *launch = st->launch;
    gs_exec_cta *ctx = &st->ctx[pl->sm * st->ctx_per_sm + pl->cta_slot];
    gs_dim3 id;
    (void)diag;
    GS_ASSERT(pl->cta_slot < st->ctx_per_sm);
    id.x = pl->cta_id % launch->grid.x;
    id.y = (pl->cta_id / launch->grid.x) % launch->grid.y;
    id.z = pl->cta_id / (launch->grid.x * launch->grid.y);
    gs_exec_cta_start(ctx, st->launch, id);
    ctx->smid = pl->sm;
    ctx->clock_external = 1;   /* %clock reads the timing model's cycle */
    *cta = ctx;
    return GS_OK;
}

static int ptx_warp_pc(gs_frontend *fe, void *cta, uint32_t warp, uint32_t *pc_bytes)
{
    const gs_exec_cta *ctx = (const gs_exec_cta *)cta;
    (void)fe;
    *pc_bytes = gs_simt_pc(&ctx->warps[warp].stack) * GS_PTX_INST_BYTES;
    return 1;
}

static void prefill_exit(gs_inst *inst, uint32_t pc_index)
{
    /* what an implicit exit (running off the end, exec.c) looks like: gs_exec_step
     * does not describe it, so the entry keeps these fields */
    inst->pc = inst->next_pc = pc_index * GS_PTX_INST_BYTES;
    inst->active_mask = 0;
    inst->flags = GS_INST_EXIT;
    inst->unit = GS_UNIT_BRANCH;
    inst->op_class = GS_OPC_CONTROL;
    inst->space = inst->mem_op = 0;
    inst->num_dst = inst->num_src = 0;
    inst->barrier_id = inst->barrier_count = 0;
}

static gs_fe_next ptx_warp_step(gs_frontend *fe, void *cta, uint32_t warp, gs_inst *inst,
                                uint64_t cycle)
{
    gs_exec_cta *ctx = (gs_exec_cta *)cta;
    const gs_exec_warp *ew = &ctx->warps[warp];
    prefill_exit(inst, gs_simt_pc(&ew->stack));
    ctx->clock = cycle;
    gs_exec_step(ctx, warp, inst);
    if (ctx->launch->fault != GS_OK) {
        fe->fault = ctx->launch->fault;
        fe->fault_diag = ctx->launch->fault_diag;
        return GS_FE_FAULT;
    }
    if (ew->state == GS_WARP_EXITED)
        return GS_FE_DONE;
    return ew->state == GS_WARP_BARRIER ? GS_FE_HELD : GS_FE_READY;
}

static int ptx_warp_released(gs_frontend *fe, void *cta, uint32_t warp)
{
    (void)fe;
    return ((const gs_exec_cta *)cta)->warps[warp].state == GS_WARP_READY;
}

static void ptx_cta_finish(gs_frontend *fe, void *cta)
{
    (void)fe;
    (void)cta;   /* the context is reused by the next CTA of its slot */
}

static gs_status ptx_kernel_end(gs_frontend *fe, gs_diag *diag)
{
    return gs_devmem_fault_status(((gs_fe_ptx *)fe->state)->launch->mem, diag);
}

const gs_frontend_ops gs_fe_ptx_ops = {
    "ptx", ptx_cta_start, ptx_warp_pc, ptx_warp_step, ptx_warp_released, ptx_cta_finish,
    ptx_kernel_end
};

void gs_fe_ptx_bind(gs_frontend *fe, gs_fe_ptx *state, gs_exec_launch *launch,
                    gs_exec_cta *ctx, uint32_t ctx_per_sm)
{
    state->launch = launch;
    state->ctx = ctx;
    state->ctx_per_sm = ctx_per_sm;
    fe->ops = &gs_fe_ptx_ops;
    fe->state = state;
    fe->fault = GS_OK;
    memset(&fe->fault_diag, 0, sizeof fe->fault_diag);
}
