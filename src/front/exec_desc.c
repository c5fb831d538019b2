/*
 * The gs_inst a step hands the timing core (DESIGN.md section 3; core/inst.h):
 * PC, active mask, unit and latency class, scoreboard register ids,
 * barrier / exit / branch flags and the next PC. Memory fields are filled by
 * exec_mem.c, barrier fields by exec_ctl.c. Scoreboard ids follow ptx.h:
 * data slot s -> s, predicate slot p -> num_reg_slots + p.
 */
#include "exec_int.h"

typedef struct gs_id_list {
    uint16_t *ids;
    uint8_t *count;
    unsigned capacity;
} gs_id_list;

static void add_id(gs_id_list *list, uint32_t id)
{
    if (*list->count < list->capacity)
        list->ids[(*list->count)++] = (uint16_t)id;
}

/* Registers an operand names (ADDR: its base register). */
static void operand_ids(const gs_ptx_kernel *kernel, const gs_ptx_operand *opd,
                        gs_id_list *list, int is_dst)
{
    unsigned i;
    switch (opd->kind) {
    case GS_PTX_OPD_REG:
        add_id(list, opd->reg);
        if (is_dst && opd->reg2 != GS_PTX_NONE)   /* shfl d|p */
            add_id(list, gs_ptx_scoreboard_id(kernel, 1, opd->reg2));
        break;
    case GS_PTX_OPD_PRED:
        add_id(list, gs_ptx_scoreboard_id(kernel, 1, opd->reg));
        if (opd->reg2 != GS_PTX_NONE)             /* setp p|q */
            add_id(list, gs_ptx_scoreboard_id(kernel, 1, opd->reg2));
        break;
    case GS_PTX_OPD_ADDR:
        if (opd->base == GS_PTX_BASE_REG)
            add_id(list, opd->reg);
        break;
    case GS_PTX_OPD_VEC:
        for (i = 0; i < opd->vec_count; i++)
            if (opd->vec[i] != GS_PTX_REG_SINK)
                add_id(list, opd->vec[i]);
        break;
    default:
        break;
    }
}

/* Instructions whose first operand is not a destination. */
static int has_destination(const gs_ptx_inst *inst)
{
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_ST: case GS_PTX_OP_RED: case GS_PTX_OP_BRA: case GS_PTX_OP_RET:
    case GS_PTX_OP_EXIT: case GS_PTX_OP_TRAP: case GS_PTX_OP_MEMBAR: case GS_PTX_OP_PREFETCH:
    case GS_PTX_OP_NOP:
        return 0;
    case GS_PTX_OP_BAR:
        return inst->mode == GS_PTX_BAR_RED;
    default:
        return inst->num_operands > 0;
    }
}

static uint16_t control_flags(const gs_ptx_inst *inst)
{
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_BRA: return GS_INST_BRANCH;
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
    const gs_ptx_kernel *kernel = x->cta->kernel;
    gs_id_list dst, src;
    unsigned i, first_src = has_destination(inst) ? 1u : 0u;
    out->pc = x->pc * GS_PTX_INST_BYTES;
    out->active_mask = x->active;
    out->flags = control_flags(inst);
    out->unit = inst->unit;
    out->op_class = inst->op_class;
    out->num_dst = 0;
    out->num_src = 0;
    dst.ids = out->dst; dst.count = &out->num_dst; dst.capacity = GS_INST_MAX_DST;
    src.ids = out->src; src.count = &out->num_src; src.capacity = GS_INST_MAX_SRC;
    if (first_src)
        operand_ids(kernel, &inst->opd[0], &dst, 1);
    for (i = first_src; i < inst->num_operands && i < GS_PTX_MAX_OPERANDS; i++)
        operand_ids(kernel, &inst->opd[i], &src, 0);
    if (inst->guard != GS_PTX_NONE)
        add_id(&src, gs_ptx_scoreboard_id(kernel, 1, inst->guard));
    out->next_pc = x->warp->stack.depth ? gs_simt_pc(&x->warp->stack) * GS_PTX_INST_BYTES
                                        : (x->pc + 1u) * GS_PTX_INST_BYTES;
}
