/*
 * Functional SIMT executor: CTA context pool, CTA start, the per-warp step
 * with its dispatch on the pre-decoded opcode, the gs_inst description for
 * the timing core, and the functional runner (DESIGN.md section 3;
 * seed-004 sections 1.2.4 and 1.6). Instruction families live in
 * exec_alu.c, exec_move.c, exec_mem.c and exec_ctl.c.
 */
#include "exec/exec_int.h"

#include <string.h>

#include "base/fmt.h"

const gs_x_type_info gs_x_types[GS_PTX_T_COUNT] = {
    {0, 0, 0},                                /* NONE */
    {1, 0, 0},                                /* PRED */
    {1, 0, 0}, {2, 0, 0}, {4, 0, 0}, {8, 0, 0}, /* B8..B64 */
    {1, 0, 0}, {2, 0, 0}, {4, 0, 0}, {8, 0, 0}, /* U8..U64 */
    {1, 1, 0}, {2, 1, 0}, {4, 1, 0}, {8, 1, 0}, /* S8..S64 */
    {2, 0, 1}, {4, 0, 1}, {4, 0, 1}, {8, 0, 1}  /* F16 F16X2 F32 F64 */
};

static uint32_t warps_for(uint32_t threads)
{
    return (threads + GS_LANES - 1u) / GS_LANES;
}

/* A load, store or atomic of any space but .param (gs_exec_launch.mem_warp_insts). */
static unsigned is_memory_inst(const gs_ptx_inst *inst)
{
    switch (inst->op) {
    case GS_PTX_OP_LD: case GS_PTX_OP_LDU: case GS_PTX_OP_ST: case GS_PTX_OP_ATOM:
    case GS_PTX_OP_RED:
        return inst->space != GS_SPACE_PARAM && !inst->frame;   /* frames: register moves */
    case GS_PTX_OP_TEX: case GS_PTX_OP_TLD4: case GS_PTX_OP_SULD: case GS_PTX_OP_SUST:
        return 1;
    default:
        return 0;
    }
}

/* ---- pool ---- */

/* What gs_arena_alloc takes for a piece (a zero-byte piece still takes one unit). */
static size_t piece(size_t bytes)
{
    return gs_arena_round(bytes ? bytes : 1u);
}

size_t gs_exec_pool_bytes(const gs_exec_shape *shape, uint32_t count)
{
    size_t warps = warps_for(shape->threads);
    size_t one = 0;
    one += piece(warps * GS_LANES * shape->reg_slots * sizeof(uint64_t));  /* registers */
    one += piece(warps * shape->pred_slots * sizeof(uint32_t));            /* predicates */
    one += piece(shape->shared_bytes);                                     /* shared memory */
    one += piece((size_t)shape->threads * shape->local_bytes);             /* local memory */
    one += piece(warps * sizeof(gs_exec_warp));                            /* warps */
    one += piece(warps * shape->simt_depth * sizeof(gs_simt_entry));       /* SIMT stacks */
    one += piece(warps * shape->simt_depth * sizeof(gs_exec_call));        /* call frames */
    return count && one > (size_t)-1 / count ? (size_t)-1 : one * count;   /* saturated:
                                                              * no arena holds it */
}

static gs_status cta_carve(gs_exec_cta *cta, const gs_exec_shape *shape, gs_arena *arena)
{
    size_t warps = warps_for(shape->threads);
    size_t i;
    memset(cta, 0, sizeof *cta);
    cta->shape = *shape;
    cta->regs = (uint64_t *)gs_arena_alloc(arena, warps * GS_LANES * shape->reg_slots * 8u);
    cta->preds = (uint32_t *)gs_arena_alloc(arena, warps * shape->pred_slots * 4u);
    cta->shared = (uint8_t *)gs_arena_alloc(arena, shape->shared_bytes);
    cta->local = (uint8_t *)gs_arena_alloc(arena, (size_t)shape->threads * shape->local_bytes);
    cta->warps = (gs_exec_warp *)gs_arena_alloc(arena, warps * sizeof(gs_exec_warp));
    cta->stack_storage = (gs_simt_entry *)gs_arena_alloc(
        arena, warps * shape->simt_depth * sizeof(gs_simt_entry));
    cta->call_storage = (gs_exec_call *)gs_arena_alloc(
        arena, warps * shape->simt_depth * sizeof(gs_exec_call));
    if (!cta->regs || !cta->preds || !cta->shared || !cta->local || !cta->warps ||
        !cta->stack_storage || !cta->call_storage)
        return GS_E_ARENA;
    for (i = 0; i < warps; i++) {
        cta->warps[i].calls = cta->call_storage + i * shape->simt_depth;
        cta->warps[i].stack.entries = cta->stack_storage + i * shape->simt_depth;
        cta->warps[i].stack.capacity = (uint16_t)shape->simt_depth;
    }
    return GS_OK;
}

gs_status gs_exec_pool_init(gs_exec_cta *ctas, uint32_t count, const gs_exec_shape *shape,
                            gs_arena *arena, gs_diag *diag)
{
    uint32_t i;
    if (shape->threads == 0 || shape->simt_depth == 0 || shape->simt_depth > 0xFFFFu)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "CTA contexts need %s >= 1 and %s in [1, 65535]",
                           GS_EXEC_THREADS_OPTION, GS_SIMT_DEPTH_OPTION);
    for (i = 0; i < count; i++)
        if (cta_carve(&ctas[i], shape, arena) != GS_OK)
            return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                               "arena too small for %u CTA contexts (%zu bytes needed)",
                               (unsigned)count, gs_exec_pool_bytes(shape, count));
    return GS_OK;
}

/* Shared bytes of a launch: the static window, padded to the dynamic
 * array's alignment (where ptx.h places .extern .shared), plus the dynamic
 * bytes the launch asks for. */
static uint64_t launch_shared_bytes(const gs_exec_launch *launch)
{
    uint64_t bytes = launch->kernel->shared_static_bytes;
    uint64_t align = launch->kernel->dynamic_shared_align;
    if (launch->dynamic_shared_bytes == 0)
        return bytes;
    if (align > 1u)
        bytes = (bytes + align - 1u) / align * align;
    return bytes + launch->dynamic_shared_bytes;
}

void gs_exec_shape_for(const gs_exec_launch *launch, gs_exec_shape *shape)
{
    const gs_ptx_kernel *kernel = launch->kernel;
    memset(shape, 0, sizeof *shape);
    shape->threads = launch->block.x * launch->block.y * launch->block.z;
    shape->reg_slots = kernel->num_reg_storage;
    shape->pred_slots = kernel->num_pred_slots;
    shape->shared_bytes = (uint32_t)launch_shared_bytes(launch);
    shape->local_bytes = kernel->local_bytes;
}

/* At the kernel's .entry line in its PTX file (issue 20, defect 9). */
static gs_status over(gs_diag *diag, const gs_exec_launch *launch, const char *what,
                      uint64_t need, uint64_t have, const char *option)
{
    char shown[GS_NAME_SHOWN];
    return gs_diag_set(diag, GS_E_LIMIT, launch->module ? launch->module->file_name : NULL,
                       launch->kernel->line, launch->kernel->line ? 1u : 0u,
                       "kernel %s needs %llu %s but CTA contexts hold %llu; raise %s",
                       gs_str_elide(shown, sizeof shown, launch->kernel->name),
                       (unsigned long long)need, what,
                       (unsigned long long)have, option);
}

/* Decision (issue 22): CUDA's launch limits (exec.h) apply on every
 * preset, gtx480 included (Fermi's grid x was 65535), because the PTX
 * gpusim loads targets sm_50 or later (ptx_decl.c); what the preset's SM
 * can hold (threads, registers, shared memory) is checked by the CTA
 * dispatcher against the preset (core/cta_dispatch.c). */
const uint32_t gs_cuda_grid_max[3] = { 0x7FFFFFFFu, 65535u, 65535u };
const uint32_t gs_cuda_block_max[3] = { 1024u, 1024u, 64u };

static gs_status check_dims(const gs_exec_launch *launch, gs_diag *diag)
{
    char shown[GS_NAME_SHOWN];
    static const char axis[3] = { 'x', 'y', 'z' };
    const uint32_t *dims[2], *limit[2];
    static const char *const what[2] = { "grid", "block" };
    const uint32_t *block = &launch->block.x;
    unsigned d, k;
    dims[0] = &launch->grid.x;
    dims[1] = block;
    limit[0] = gs_cuda_grid_max;
    limit[1] = gs_cuda_block_max;
    for (k = 0; k < 2u; k++)
        for (d = 0; d < 3u; d++)
            if (dims[k][d] > limit[k][d])
                return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                                   "launch of %s: %s.%c = %lu is above CUDA's limit of %lu",
                                   gs_str_elide(shown, sizeof shown, launch->kernel->name),
                                   what[k], axis[d], (unsigned long)dims[k][d],
                                   (unsigned long)limit[k][d]);
    if ((uint64_t)block[0] * block[1] * block[2] > GS_CUDA_BLOCK_THREADS_MAX)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "launch of %s: a block of %lux%lux%lu threads is above CUDA's "
                           "limit of %u threads", gs_str_elide(shown, sizeof shown,
                           launch->kernel->name), (unsigned long)block[0],
                           (unsigned long)block[1], (unsigned long)block[2],
                           GS_CUDA_BLOCK_THREADS_MAX);
    return GS_OK;
}

/* The kernel's own .maxntid / .reqntid (PTX ISA 11.4): a launch whose block
 * exceeds the first or differs from the second is refused, as the CUDA
 * driver refuses it, at the kernel's line. */
static gs_status ntid_refused(const gs_exec_launch *launch, const char *rule,
                              const uint32_t *dims, gs_diag *diag)
{
    char shown[GS_NAME_SHOWN];
    const gs_ptx_kernel *k = launch->kernel;
    const gs_dim3 *b = &launch->block;
    return gs_diag_set(diag, GS_E_LIMIT, launch->module ? launch->module->file_name : NULL,
                       k->line, k->line ? 1u : 0u, "launch of %s: a block of %lux%lux%lu "
                       "threads %s %lu,%lu,%lu", gs_str_elide(shown, sizeof shown, k->name),
                       (unsigned long)b->x,
                       (unsigned long)b->y, (unsigned long)b->z, rule, (unsigned long)dims[0],
                       (unsigned long)dims[1], (unsigned long)dims[2]);
}

static gs_status check_kernel_block(const gs_exec_launch *launch, gs_diag *diag)
{
    const gs_ptx_kernel *k = launch->kernel;
    const gs_dim3 *b = &launch->block;
    uint64_t threads = (uint64_t)b->x * b->y * b->z;
    if (k->maxntid[0] && threads > (uint64_t)k->maxntid[0] * k->maxntid[1] * k->maxntid[2])
        return ntid_refused(launch, "is above the kernel's .maxntid", k->maxntid, diag);
    if (k->reqntid[0] && (b->x != k->reqntid[0] || b->y != k->reqntid[1] ||
                          b->z != k->reqntid[2]))
        return ntid_refused(launch, "is not the kernel's .reqntid", k->reqntid, diag);
    return GS_OK;
}

static gs_status check_block(const gs_exec_launch *launch, gs_diag *diag)
{
    char shown[GS_NAME_SHOWN];
    uint64_t threads = (uint64_t)launch->block.x * launch->block.y * launch->block.z;
    uint64_t ctas = (uint64_t)launch->grid.x * launch->grid.y * launch->grid.z;
    gs_status status;
    if (!launch->kernel->is_entry)
        return gs_diag_set(diag, GS_E_PTX, NULL, 0, 0,
                           "%s is a .func, not a kernel (.entry): it cannot be launched",
                           gs_str_elide(shown, sizeof shown, launch->kernel->name));
    if (threads == 0 || ctas == 0 || threads > 0xFFFFFFFFull)
        return gs_diag_set(diag, GS_E_PTX, NULL, 0, 0,
                           "launch of %s: grid and block dimensions must all be >= 1",
                           gs_str_elide(shown, sizeof shown, launch->kernel->name));
    if ((status = check_dims(launch, diag)) != GS_OK)
        return status;
    return check_kernel_block(launch, diag);
}

/* What the contexts hold against what the launch needs; `fields` names the
 * gs_host_config fields that sized them (threads, reg_slots, pred_slots,
 * shared_bytes, local_bytes), for the remedy. */
static gs_status check_shape(const gs_exec_shape *shape, const gs_exec_launch *launch,
                             const char *const *fields, gs_diag *diag)
{
    gs_exec_shape need;
    gs_exec_shape_for(launch, &need);
    if ((uint64_t)launch->block.x * launch->block.y * launch->block.z > shape->threads)
        return over(diag, launch, "threads per CTA",
                    (uint64_t)launch->block.x * launch->block.y * launch->block.z,
                    shape->threads, fields[0]);
    if (need.reg_slots > shape->reg_slots)
        return over(diag, launch, "register slots", need.reg_slots, shape->reg_slots,
                    fields[1]);
    if (need.pred_slots > shape->pred_slots)
        return over(diag, launch, "predicate slots", need.pred_slots, shape->pred_slots,
                    fields[2]);
    if (launch_shared_bytes(launch) > shape->shared_bytes)
        return over(diag, launch, "shared bytes per CTA", launch_shared_bytes(launch),
                    shape->shared_bytes, fields[3]);
    if (need.local_bytes > shape->local_bytes)
        return over(diag, launch, "local bytes per thread", need.local_bytes, shape->local_bytes,
                    fields[4]);
    return GS_OK;
}

static const char *const exec_cta_fields[5] = {
    GS_EXEC_THREADS_OPTION, GS_EXEC_REGS_OPTION, GS_EXEC_PREDS_OPTION, GS_EXEC_SHARED_OPTION,
    GS_EXEC_LOCAL_OPTION
};

static const char *const exec_cooperative_fields[5] = {
    "gs_host_config.cooperative_cta.threads", "gs_host_config.cooperative_cta.reg_slots",
    "gs_host_config.cooperative_cta.pred_slots", "gs_host_config.cooperative_cta.shared_bytes",
    "gs_host_config.cooperative_cta.local_bytes"
};

gs_status gs_exec_check_launch(const gs_exec_shape *shape, const gs_exec_launch *launch,
                               gs_diag *diag)
{
    gs_status status = check_block(launch, diag);
    if (status != GS_OK)
        return status;
    return check_shape(shape, launch, exec_cta_fields, diag);
}

/* ---- CTA start ---- */

void gs_exec_cta_start(gs_exec_cta *cta, gs_exec_launch *launch, gs_dim3 ctaid)
{
    const gs_ptx_kernel *kernel = launch->kernel;
    uint32_t w;
    cta->launch = launch;
    cta->kernel = kernel;
    cta->ctaid = ctaid;
    cta->num_threads = launch->block.x * launch->block.y * launch->block.z;
    cta->num_warps = warps_for(cta->num_threads);
    cta->live_warps = cta->num_warps;
    cta->reg_slots = kernel->num_reg_storage;
    cta->pred_slots = kernel->num_pred_slots;
    cta->shared_bytes = (uint32_t)launch_shared_bytes(launch);
    cta->local_bytes = kernel->local_bytes;
    cta->warp_insts = 0;
    memset(cta->regs, 0, (size_t)cta->num_warps * GS_LANES * cta->reg_slots * 8u);
    memset(cta->preds, 0, (size_t)cta->num_warps * cta->pred_slots * 4u);
    memset(cta->shared, 0, cta->shared_bytes);
    memset(cta->local, 0, (size_t)cta->num_threads * cta->local_bytes);
    memset(cta->barriers, 0, sizeof cta->barriers);
    for (w = 0; w < cta->num_warps; w++) {
        gs_exec_warp *warp = &cta->warps[w];
        uint32_t lanes = cta->num_threads - w * GS_LANES;
        warp->valid_mask = lanes >= GS_LANES ? 0xFFFFFFFFu : (1u << lanes) - 1u;
        warp->state = GS_WARP_READY;
        warp->barrier_id = 0;
        warp->red_kind = 0;
        warp->insts = 0;
        warp->num_calls = 0;
        warp->frame_base = 0;
        gs_simt_reset(&warp->stack, 0, warp->valid_mask);
    }
}

/* ---- operands ---- */

static uint64_t sreg_value(const gs_x *x, const gs_ptx_operand *opd, uint32_t lane)
{
    const gs_exec_cta *cta = x->cta;
    const gs_exec_launch *launch = cta->launch;
    uint32_t t = x->warp_index * GS_LANES + lane;
    uint32_t dims[3];
    switch (opd->sreg) {
    case GS_PTX_SREG_TID:
        dims[0] = t % launch->block.x;
        dims[1] = (t / launch->block.x) % launch->block.y;
        dims[2] = t / (launch->block.x * launch->block.y);
        return dims[opd->dim % 3u];
    case GS_PTX_SREG_NTID: return (&launch->block.x)[opd->dim % 3u];
    case GS_PTX_SREG_CTAID: return (&cta->ctaid.x)[opd->dim % 3u];
    case GS_PTX_SREG_NCTAID: return (&launch->grid.x)[opd->dim % 3u];
    case GS_PTX_SREG_LANEID: return lane;
    case GS_PTX_SREG_WARPID: return x->warp_index;
    case GS_PTX_SREG_NWARPID: return cta->num_warps;   /* decision: warps of this CTA */
    case GS_PTX_SREG_SMID: return cta->smid;
    case GS_PTX_SREG_NSMID: return launch->num_sms ? launch->num_sms : 1u;
    case GS_PTX_SREG_GRIDID: return launch->grid_id;
    case GS_PTX_SREG_CLOCK: return (uint32_t)(cta->clock_external ? cta->clock : cta->warp_insts);
    case GS_PTX_SREG_CLOCK64:
    case GS_PTX_SREG_GLOBALTIMER: return cta->clock_external ? cta->clock : cta->warp_insts;
    case GS_PTX_SREG_LANEMASK_EQ: return 1u << lane;
    case GS_PTX_SREG_LANEMASK_LE: return (uint32_t)((2ull << lane) - 1u);
    case GS_PTX_SREG_LANEMASK_LT: return (1u << lane) - 1u;
    case GS_PTX_SREG_LANEMASK_GE: return ~((1u << lane) - 1u);
    case GS_PTX_SREG_LANEMASK_GT: return (uint32_t)~((2ull << lane) - 1u);
    case GS_PTX_SREG_DYNAMIC_SMEM_SIZE: return launch->dynamic_shared_bytes;
    case GS_PTX_SREG_TOTAL_SMEM_SIZE: return cta->shared_bytes;
    /* Decision (issue 22 item 4): of the driver's environment registers
     * only the two that nvcc's grid sync reads carry a value, the grid
     * workspace address, high word in %envreg1 and low in %envreg2 (nvcc
     * joins them with bfi.b64 ..., 32, 32); the rest read 0. */
    case GS_PTX_SREG_ENVREG:
        if (opd->dim == 1u)
            return launch->grid_workspace >> 32;
        return opd->dim == 2u ? (uint32_t)launch->grid_workspace : 0u;
    default: return 0;
    }
}

static uint64_t symbol_address(const gs_x *x, const gs_ptx_operand *opd)
{
    const gs_exec_launch *launch = x->cta->launch;
    uint64_t base = 0;
    if (opd->space == GS_SPACE_GLOBAL)
        base = launch->global_base;
    else if (opd->space == GS_SPACE_CONST)
        base = launch->const_base;
    else if (opd->space == GS_SPACE_LOCAL)
        base = x->warp->frame_base;   /* a device function's .local: in its frame */
    return base + opd->value;   /* value includes the symbol's segment offset */
}

const uint64_t *gs_x_src(gs_x *x, const gs_ptx_operand *opd, uint64_t *scratch)
{
    uint32_t lane;
    uint64_t value = 0;
    switch (opd->kind) {
    case GS_PTX_OPD_REG:
        return gs_x_row(x, opd->reg);
    case GS_PTX_OPD_SREG:
        GS_FOR_LANES(lane, x->active)
            scratch[lane] = sreg_value(x, opd, lane);
        return scratch;
    case GS_PTX_OPD_PRED:
        GS_FOR_LANES(lane, x->active)
            scratch[lane] = (gs_x_pred(x, opd) >> lane) & 1u;
        return scratch;
    case GS_PTX_OPD_IMM:
        value = opd->value;
        break;
    case GS_PTX_OPD_SYMBOL:
        value = symbol_address(x, opd);
        break;
    default:
        gs_x_unsupported(x);
        break;
    }
    for (lane = 0; lane < GS_LANES; lane++)   /* every lane: cheaper than testing */
        scratch[lane] = value;
    return scratch;
}

uint32_t gs_x_pred(const gs_x *x, const gs_ptx_operand *opd)
{
    uint32_t mask;
    if (opd->kind == GS_PTX_OPD_IMM)
        mask = opd->value ? 0xFFFFFFFFu : 0u;
    else
        mask = x->preds[opd->reg];
    return opd->neg ? ~mask : mask;
}

/* ---- faults ---- */

void gs_x_fault(gs_x *x, gs_status status, const char *what)
{
    char shown[GS_NAME_SHOWN];
    gs_exec_launch *launch = x->cta->launch;
    const gs_dim3 *c = &x->cta->ctaid;
    if (launch->fault != GS_OK)
        return;
    launch->fault = status;
    gs_diag_set(&launch->fault_diag, status, launch->module->file_name, x->inst->line, 0,
                "kernel %s, CTA (%u,%u,%u), warp %u: %s", gs_str_elide(shown, sizeof shown,
                launch->kernel->name), (unsigned)c->x,
                (unsigned)c->y, (unsigned)c->z, (unsigned)x->warp_index, what);
}

void gs_x_unsupported(gs_x *x)
{
    char what[128];
    gs_fmt(what, sizeof what, "%s.%s (this form) is not supported by the functional executor",
           gs_ptx_op_name((gs_ptx_op)x->inst->op), gs_ptx_type_name((gs_ptx_type)x->inst->type));
    gs_x_fault(x, GS_E_PTX, what);
}

/* ---- step ---- */

/* nvcc's grid sync reads the workspace address from %envreg1/%envreg2 and
 * traps where it is null: a kernel that reads them and traps was most
 * likely launched without 'cooperative'. */
static int reads_grid_workspace(const gs_ptx_kernel *kernel)
{
    uint32_t i, k;
    for (i = 0; i < kernel->num_insts; i++)
        for (k = 0; k < kernel->insts[i].num_operands; k++)
            if (kernel->insts[i].opd[k].kind == GS_PTX_OPD_SREG &&
                kernel->insts[i].opd[k].sreg == GS_PTX_SREG_ENVREG &&
                (kernel->insts[i].opd[k].dim == 1u || kernel->insts[i].opd[k].dim == 2u))
                return 1;
    return 0;
}

static void dispatch(gs_x *x)
{
    switch ((gs_ptx_op)x->inst->op) {
    case GS_PTX_OP_NOP: case GS_PTX_OP_MEMBAR: case GS_PTX_OP_PREFETCH:
        if (x->inst->op == GS_PTX_OP_PREFETCH)
            gs_exec_memory(x);
        break;
    case GS_PTX_OP_ADD: case GS_PTX_OP_SUB: case GS_PTX_OP_MUL: case GS_PTX_OP_MAD:
    case GS_PTX_OP_DIV: case GS_PTX_OP_MIN: case GS_PTX_OP_MAX: case GS_PTX_OP_ABS:
    case GS_PTX_OP_NEG: case GS_PTX_OP_FMA: case GS_PTX_OP_RCP: case GS_PTX_OP_SQRT:
    case GS_PTX_OP_RSQRT: case GS_PTX_OP_EX2: case GS_PTX_OP_LG2: case GS_PTX_OP_SIN:
    case GS_PTX_OP_COS: case GS_PTX_OP_TANH: case GS_PTX_OP_COPYSIGN: case GS_PTX_OP_TESTP:
        if (gs_x_types[x->inst->type].is_float)
            gs_exec_float_arith(x);
        else
            gs_exec_int_arith(x);
        break;
    case GS_PTX_OP_MUL24: case GS_PTX_OP_MAD24: case GS_PTX_OP_SAD: case GS_PTX_OP_REM:
    case GS_PTX_OP_ADDC: case GS_PTX_OP_SUBC: case GS_PTX_OP_MADC:
        gs_exec_int_arith(x);
        break;
    case GS_PTX_OP_AND: case GS_PTX_OP_OR: case GS_PTX_OP_XOR: case GS_PTX_OP_NOT:
    case GS_PTX_OP_CNOT: case GS_PTX_OP_SHL: case GS_PTX_OP_SHR: case GS_PTX_OP_SHF:
    case GS_PTX_OP_BREV: case GS_PTX_OP_POPC: case GS_PTX_OP_CLZ: case GS_PTX_OP_BFIND:
    case GS_PTX_OP_BFE: case GS_PTX_OP_BFI: case GS_PTX_OP_PRMT: case GS_PTX_OP_LOP3:
        gs_exec_bits(x);
        break;
    case GS_PTX_OP_SETP: case GS_PTX_OP_SET: case GS_PTX_OP_SELP: case GS_PTX_OP_SLCT:
        gs_exec_compare(x);
        break;
    case GS_PTX_OP_MOV: gs_exec_move(x); break;
    case GS_PTX_OP_CVT: gs_exec_convert(x); break;
    case GS_PTX_OP_CVTA: gs_exec_cvta(x); break;
    case GS_PTX_OP_LD: case GS_PTX_OP_LDU: case GS_PTX_OP_ST: case GS_PTX_OP_ATOM:
    case GS_PTX_OP_RED:
        gs_exec_memory(x);
        break;
    case GS_PTX_OP_BAR: gs_exec_bar(x); break;
    case GS_PTX_OP_BRA: gs_exec_branch(x); break;
    case GS_PTX_OP_RET: case GS_PTX_OP_EXIT: gs_exec_exit(x); break;
    case GS_PTX_OP_CALL: gs_exec_call_inst(x); break;
    case GS_PTX_OP_TRAP:
        if (x->active)
            gs_x_fault(x, GS_E_PTX, !x->cta->launch->grid_workspace &&
                       reads_grid_workspace(x->cta->kernel)
                           ? "trap executed; the kernel reads a grid-sync workspace "
                             "(%envreg1, %envreg2), which is null unless the kernel is "
                             "launched cooperatively ('cooperative' on its workload launch "
                             "line; gs_host_launch_cooperative)"
                           : "trap executed");
        break;
    case GS_PTX_OP_VOTE: case GS_PTX_OP_ACTIVEMASK: gs_exec_vote(x); break;
    case GS_PTX_OP_SHFL: gs_exec_shfl(x); break;
    case GS_PTX_OP_REDUX: gs_exec_redux(x); break;
    case GS_PTX_OP_MATCH: gs_exec_match(x); break;
    /* bar.warp.sync (__syncwarp): the warp's lanes already run in lockstep
     * and reconverge at the branch's immediate post-dominator (SIMT stack),
     * and their memory operations apply in program order, so there is
     * nothing left to wait for (decision, issue 22; README "PTX front end") */
    case GS_PTX_OP_WARPSYNC: break;
    case GS_PTX_OP_TEX: case GS_PTX_OP_TLD4: case GS_PTX_OP_TXQ: case GS_PTX_OP_SULD:
    case GS_PTX_OP_SUST: case GS_PTX_OP_SUQ:
        gs_exec_texture(x);
        break;
    default: gs_x_unsupported(x); break;
    }
}

static void warp_finished(gs_exec_cta *cta, gs_exec_warp *warp)
{
    warp->state = GS_WARP_EXITED;
    cta->live_warps--;
    gs_exec_barriers_recheck(cta);
}

/* Instructions past the end behave as `ret` (decision: nvcc always ends a
 * kernel with ret; hand-written PTX that falls off the end exits). */
static void implicit_exit(gs_exec_cta *cta, gs_exec_warp *warp)
{
    gs_simt_exit(&warp->stack, gs_simt_mask(&warp->stack), 0);
    gs_exec_calls_unwind(warp);
    if (warp->stack.depth == 0)
        warp_finished(cta, warp);
}

void gs_exec_step(gs_exec_cta *cta, uint32_t warp_index, gs_inst *out)
{
    gs_x x;
    gs_exec_warp *warp = &cta->warps[warp_index];
    GS_ASSERT(warp_index < cta->num_warps && warp->state == GS_WARP_READY);
    x.pc = gs_simt_pc(&warp->stack);
    if (x.pc >= cta->kernel->num_insts) {
        implicit_exit(cta, warp);
        return;
    }
    x.cta = cta;
    x.warp = warp;
    x.inst = &cta->kernel->insts[x.pc];
    x.warp_index = warp_index;
    x.regs = cta->regs + (size_t)warp_index * cta->reg_slots * GS_LANES;
    x.preds = cta->preds + (size_t)warp_index * cta->pred_slots;
    x.active = gs_simt_mask(&warp->stack);
    x.stack_done = 0;
    x.returned = 0;
    x.out = out;
    if (x.inst->guard != GS_PTX_NONE)
        x.active &= x.inst->guard_neg ? ~x.preds[x.inst->guard] : x.preds[x.inst->guard];
    if (out) {
        out->space = out->mem_op = out->cache_op = out->access_bytes = 0;
        out->barrier_id = out->barrier_count = 0;
    }
    dispatch(&x);
    if (!x.stack_done)
        gs_simt_advance(&warp->stack, x.pc + 1u);
    warp->insts++;
    cta->warp_insts++;
    cta->launch->warp_insts++;
    cta->launch->thread_insts += (uint64_t)gs_popcount32(x.active);
    cta->launch->mem_warp_insts += is_memory_inst(x.inst);
    if (warp->stack.overflowed)
        gs_x_fault(&x, GS_E_LIMIT, "SIMT stack overflow; raise " GS_SIMT_DEPTH_OPTION);
    if (warp->stack.depth == 0 && warp->state != GS_WARP_EXITED)
        warp_finished(cta, warp);
    if (out)
        gs_exec_describe(&x, out);
}

/* ---- functional runner ---- */

static void deadlock(gs_exec_cta *cta)
{
    char shown[GS_NAME_SHOWN];
    gs_exec_launch *launch = cta->launch;
    uint32_t w = 0;
    while (w < cta->num_warps && cta->warps[w].state != GS_WARP_BARRIER)
        w++;
    launch->fault = GS_E_PTX;
    gs_diag_set(&launch->fault_diag, GS_E_PTX, launch->module->file_name,
                launch->kernel->line, 0,
                "kernel %s, CTA (%u,%u,%u): every live warp waits at a barrier that can never "
                "complete (warp %u at barrier %u)", gs_str_elide(shown, sizeof shown,
                launch->kernel->name),
                (unsigned)cta->ctaid.x, (unsigned)cta->ctaid.y, (unsigned)cta->ctaid.z,
                (unsigned)w, (unsigned)cta->warps[w % cta->num_warps].barrier_id);
}

/* The safety limit per launch (issue 20 defect 2; exit 4, DESIGN.md 8): a
 * runaway kernel, with where it was. */
static void over_limit(gs_exec_cta *cta)
{
    char shown[GS_NAME_SHOWN];
    gs_exec_launch *launch = cta->launch;
    launch->fault = GS_E_RUNAWAY;
    gs_diag_set(&launch->fault_diag, GS_E_RUNAWAY, launch->module->file_name,
                launch->kernel->line, 0,
                "kernel %s ran more than %llu warp instructions, the safety limit per launch "
                "(%s), in CTA (%u,%u,%u) of its %ux%ux%u grid: a kernel that does not end?",
                gs_str_elide(shown, sizeof shown, launch->kernel->name),
                (unsigned long long)launch->warp_inst_limit,
                GS_EXEC_INSTS_OPTION, (unsigned)cta->ctaid.x, (unsigned)cta->ctaid.y,
                (unsigned)cta->ctaid.z, (unsigned)launch->grid.x, (unsigned)launch->grid.y,
                (unsigned)launch->grid.z);
}

/* The host asked the run to stop (stop_poll): where it was. */
static int stop_requested(gs_exec_launch *launch, const gs_exec_cta *cta)
{
    char shown[GS_NAME_SHOWN];
    if (!launch->stop_poll || !launch->stop_poll(launch->stop_context))
        return 0;
    launch->fault = GS_E_INTERRUPTED;
    gs_diag_set(&launch->fault_diag, GS_E_INTERRUPTED, NULL, 0, 0,
                "interrupted in kernel %s after %llu warp instructions, in CTA (%u,%u,%u) of "
                "its %ux%ux%u grid", gs_str_elide(shown, sizeof shown, launch->kernel->name),
                (unsigned long long)launch->warp_insts, (unsigned)cta->ctaid.x,
                (unsigned)cta->ctaid.y, (unsigned)cta->ctaid.z, (unsigned)launch->grid.x,
                (unsigned)launch->grid.y, (unsigned)launch->grid.z);
    return 1;
}

#define GS_EXEC_STOP_PERIOD 4096u   /* warp instructions between stop polls */

/* Runs warp w while it is ready, at most `slice` warp instructions (0: no
 * bound); whether it ran any. */
static int run_warp(gs_exec_cta *cta, uint32_t w, uint32_t slice)
{
    gs_exec_launch *launch = cta->launch;
    uint64_t limit = launch->warp_inst_limit ? launch->warp_inst_limit : ~0ull;
    uint32_t ran = 0;
    while (cta->warps[w].state == GS_WARP_READY && launch->fault == GS_OK &&
           (slice == 0u || ran < slice)) {
        gs_exec_step(cta, w, NULL);
        ran++;
        if (launch->warp_insts > limit)
            over_limit(cta);
        else if (launch->warp_insts % GS_EXEC_STOP_PERIOD == 0u)
            stop_requested(launch, cta);
    }
    return ran > 0u;
}

static void run_cta(gs_exec_cta *cta)
{
    gs_exec_launch *launch = cta->launch;
    if (stop_requested(launch, cta))
        return;
    while (cta->live_warps > 0 && launch->fault == GS_OK) {
        int progressed = 0;
        uint32_t w;
        for (w = 0; w < cta->num_warps && launch->fault == GS_OK; w++)
            progressed |= run_warp(cta, w, 0u);
        if (!progressed && cta->live_warps > 0 && launch->fault == GS_OK)
            deadlock(cta);
    }
}

static gs_status run_finish(gs_exec_launch *launch, gs_diag *diag)
{
    if (launch->fault != GS_OK) {
        if (diag)
            *diag = launch->fault_diag;
        return launch->fault;
    }
    return gs_devmem_fault_status(launch->mem, diag);
}

gs_status gs_exec_run_kernel(gs_exec_launch *launch, gs_exec_cta *cta, gs_diag *diag)
{
    gs_dim3 id;
    gs_status status = gs_exec_check_launch(&cta->shape, launch, diag);
    if (status != GS_OK)
        return status;
    launch->fault = GS_OK;
    for (id.z = 0; id.z < launch->grid.z && launch->fault == GS_OK; id.z++)
        for (id.y = 0; id.y < launch->grid.y && launch->fault == GS_OK; id.y++)
            for (id.x = 0; id.x < launch->grid.x && launch->fault == GS_OK; id.x++) {
                gs_exec_cta_start(cta, launch, id);
                run_cta(cta);
            }
    return run_finish(launch, diag);
}

/* Every CTA of a cooperative grid resident at once, as the CUDA driver
 * guarantees such a launch (issue 22 item 4): CTAs in grid order, each
 * warp in turn for at most GS_EXEC_COOPERATIVE_SLICE instructions, round
 * after round, so the order is fixed and a warp spinning at a grid sync
 * cannot starve the CTAs it waits for. A round in which no warp could run
 * is a barrier deadlock in the first CTA with live warps. */
gs_status gs_exec_run_cooperative(gs_exec_launch *launch, gs_exec_cta *ctas, uint32_t count,
                                  gs_diag *diag)
{
    char shown[GS_NAME_SHOWN];
    uint64_t n = (uint64_t)launch->grid.x * launch->grid.y * launch->grid.z;
    uint32_t c, live;
    gs_status status = check_block(launch, diag);   /* n >= 1 from here on */
    if (status != GS_OK)
        return status;
    if (n > count)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "cooperative launch of %s: %llu CTAs, but the functional executor "
                           "holds %lu at once; raise %s",
                           gs_str_elide(shown, sizeof shown, launch->kernel->name),
                           (unsigned long long)n, (unsigned long)count,
                           GS_EXEC_COOPERATIVE_OPTION);
    if ((status = check_shape(&ctas[0].shape, launch, exec_cooperative_fields, diag)) != GS_OK)
        return status;
    launch->fault = GS_OK;
    for (c = 0; c < (uint32_t)n; c++) {
        gs_dim3 id;
        id.x = c % launch->grid.x;
        id.y = c / launch->grid.x % launch->grid.y;
        id.z = c / launch->grid.x / launch->grid.y;
        gs_exec_cta_start(&ctas[c], launch, id);
    }
    if (stop_requested(launch, &ctas[0]))
        return run_finish(launch, diag);
    do {
        int progressed = 0;
        live = 0;
        for (c = 0; c < (uint32_t)n && launch->fault == GS_OK; c++) {
            uint32_t w;
            for (w = 0; w < ctas[c].num_warps && launch->fault == GS_OK; w++)
                progressed |= run_warp(&ctas[c], w, GS_EXEC_COOPERATIVE_SLICE);
            live += ctas[c].live_warps;
        }
        if (!progressed && live > 0 && launch->fault == GS_OK) {
            c = 0;
            while (ctas[c].live_warps == 0)
                c++;
            deadlock(&ctas[c]);
        }
    } while (live > 0 && launch->fault == GS_OK);
    return run_finish(launch, diag);
}
