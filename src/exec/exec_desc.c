/*
 * The gs_inst a step hands the timing core (DESIGN.md section 3; base/inst.h):
 * PC, active mask, unit and latency class, scoreboard register ids,
 * barrier / exit / branch flags and the next PC. Memory fields are filled by
 * exec_mem.c, barrier fields by exec_ctl.c. Scoreboard ids were computed at
 * load time (ptx_sbid.c: registers as written, before storage reuse).
 */
#include <string.h>

#include "exec/exec_int.h"

static uint16_t control_flags(const gs_ptx_inst *inst)
{
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_BRA: case GS_PTX_OP_CALL: return GS_INST_BRANCH;
    case GS_PTX_OP_RET: case GS_PTX_OP_EXIT: return GS_INST_EXIT;
    case GS_PTX_OP_MEMBAR: return GS_INST_MEMBAR;
    case GS_PTX_OP_BAR:
        return (uint16_t)(GS_INST_BARRIER |
                          (inst->mode == GS_PTX_BAR_ARRIVE ? GS_INST_BAR_ARRIVE : 0u));
    default: return 0;
    }
}

void gs_exec_describe(const gs_x *x, gs_inst *out)
{
    const gs_ptx_inst *inst = x->inst;
    out->pc = x->pc * GS_PTX_INST_BYTES;
    out->active_mask = x->active;
    out->flags = x->returned ? (uint16_t)GS_INST_BRANCH : control_flags(inst);
    out->unit = inst->unit;
    out->op_class = inst->op_class;
    out->num_dst = inst->num_sb_dst;
    out->num_src = inst->num_sb_src;
    memcpy(out->dst, inst->sb_dst, sizeof out->dst);
    memcpy(out->src, inst->sb_src, sizeof out->src);
    out->next_pc = x->warp->stack.depth ? gs_simt_pc(&x->warp->stack) * GS_PTX_INST_BYTES
                                        : (x->pc + 1u) * GS_PTX_INST_BYTES;
}
