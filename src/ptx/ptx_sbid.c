/*
 * Scoreboard register ids of each decoded instruction (DESIGN.md section 3:
 * gs_inst.dst/src; seed-004 section 1.2.2 scoreboard).
 *
 * Computed once per instruction at load time, after the kernel body is
 * parsed (num_reg_slots is final) and before liveness-based storage reuse
 * (ptx_live.c) renames the operands' slots. Decision: the scoreboard tracks
 * the registers as the PTX names them, like a simulator scheduling PTX
 * virtual registers; storage sharing is an executor memory saving and must
 * not create write-after-write stalls between unrelated registers.
 * Ids: data slot s -> s, predicate slot p -> num_reg_slots + p
 * (gs_ptx_scoreboard_id).
 */
#include "ptx/ptx_internal.h"

typedef struct sb_list {
    uint16_t *ids;
    uint8_t *count;
    unsigned capacity;
} sb_list;

static void sb_add(sb_list *list, uint32_t id)
{
    if (*list->count < list->capacity)
        list->ids[(*list->count)++] = (uint16_t)id;
}

/* Registers an operand names (ADDR: its base register). */
static void sb_operand(const gs_ptx_kernel *kernel, const gs_ptx_operand *opd, sb_list *list,
                       int is_dst)
{
    unsigned i;
    switch (opd->kind) {
    case GS_PTX_OPD_REG:
        sb_add(list, opd->reg);
        if (is_dst && opd->reg2 != GS_PTX_NONE)   /* shfl d|p, carry-out CF */
            sb_add(list, gs_ptx_scoreboard_id(kernel, 1, opd->reg2));
        break;
    case GS_PTX_OPD_PRED:
        sb_add(list, gs_ptx_scoreboard_id(kernel, 1, opd->reg));
        if (opd->reg2 != GS_PTX_NONE)             /* setp p|q */
            sb_add(list, gs_ptx_scoreboard_id(kernel, 1, opd->reg2));
        break;
    case GS_PTX_OPD_ADDR:
        if (opd->base == GS_PTX_BASE_REG)
            sb_add(list, opd->reg);
        break;
    case GS_PTX_OPD_VEC:
        for (i = 0; i < opd->vec_count; i++)
            if (opd->vec[i] != GS_PTX_REG_SINK)
                sb_add(list, opd->vec[i]);
        break;
    default:
        break;
    }
}

/* Does the instruction write its first operand? (Shared with ptx_live.c.) */
int ptx_writes_first_operand(const gs_ptx_inst *inst)
{
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_ST: case GS_PTX_OP_RED: case GS_PTX_OP_BRA: case GS_PTX_OP_RET:
    case GS_PTX_OP_EXIT: case GS_PTX_OP_TRAP: case GS_PTX_OP_MEMBAR: case GS_PTX_OP_PREFETCH:
    case GS_PTX_OP_NOP: case GS_PTX_OP_WARPSYNC: case GS_PTX_OP_CALL: case GS_PTX_OP_SUST:
        return 0;
    case GS_PTX_OP_BAR:
        return inst->mode == GS_PTX_BAR_RED;
    default:
        return inst->num_operands > 0;
    }
}

void ptx_scoreboard_ids(const gs_ptx_kernel *kernel, gs_ptx_inst *inst)
{
    sb_list dst, src;
    unsigned i, first_src = ptx_writes_first_operand(inst) ? 1u : 0u;
    inst->num_sb_dst = 0;
    inst->num_sb_src = 0;
    dst.ids = inst->sb_dst;
    dst.count = &inst->num_sb_dst;
    dst.capacity = GS_INST_MAX_DST;
    src.ids = inst->sb_src;
    src.count = &inst->num_sb_src;
    src.capacity = GS_INST_MAX_SRC;
    if (first_src)
        sb_operand(kernel, &inst->opd[0], &dst, 1);
    for (i = first_src; i < inst->num_operands && i < GS_PTX_MAX_OPERANDS; i++)
        sb_operand(kernel, &inst->opd[i], &src, 0);
    if (inst->guard != GS_PTX_NONE)
        sb_add(&src, gs_ptx_scoreboard_id(kernel, 1, inst->guard));
}
