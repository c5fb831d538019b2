/*
 * Internal interface of the functional executor: the per-step context and
 * the operand helpers shared by exec*.c (see exec.h for the model).
 * Register slots hold values zero-extended to 64 bits (ptx.h); signed
 * sub-word loads store them sign-extended, so every reader normalises the
 * bits it reads to its own type with gs_x_ext().
 */
#ifndef GS_EXEC_EXEC_INT_H
#define GS_EXEC_EXEC_INT_H

#include "base/bits.h"
#include "exec/exec.h"

#define GS_LANES 32u

/* Loop over the lanes of `mask`, lowest first. */
#define GS_FOR_LANES(lane, mask) \
    for ((lane) = 0; (lane) < GS_LANES; (lane)++) if (((mask) >> (lane)) & 1u)

/* Per type: bytes, signedness, float (indexed by gs_ptx_type). */
typedef struct gs_x_type_info {
    uint8_t bytes;
    uint8_t is_signed;
    uint8_t is_float;
} gs_x_type_info;
extern const gs_x_type_info gs_x_types[GS_PTX_T_COUNT];

/* The state of one gs_exec_step call. */
typedef struct gs_x {
    gs_exec_cta *cta;
    gs_exec_warp *warp;
    const gs_ptx_inst *inst;
    uint64_t *regs;          /* this warp's rows: regs[slot * 32 + lane] */
    uint32_t *preds;         /* this warp's predicate masks */
    uint32_t warp_index;
    uint32_t active;         /* SIMT mask & guard */
    uint32_t pc;             /* instruction index */
    int stack_done;          /* the handler already moved the SIMT stack */
    int returned;            /* a ret that returned from a device function */
    gs_inst *out;            /* may be NULL */
} gs_x;

static inline uint64_t gs_x_mask_bytes(uint64_t value, unsigned bytes)
{
    return bytes >= 8u ? value : value & ((1ull << (bytes * 8u)) - 1u);
}

/* Sign-extend the low `bytes` bytes. */
static inline uint64_t gs_x_sext(uint64_t value, unsigned bytes)
{
    unsigned shift;
    if (bytes >= 8u)
        return value;
    shift = 64u - bytes * 8u;
    return (uint64_t)((int64_t)(value << shift) >> shift);
}

/* Normalise a value read as `type`: sign-extend signed types, else mask. */
static inline uint64_t gs_x_ext(uint64_t value, unsigned type)
{
    const gs_x_type_info *info = &gs_x_types[type];
    return info->is_signed ? gs_x_sext(value, info->bytes)
                           : gs_x_mask_bytes(value, info->bytes);
}

static inline uint64_t *gs_x_row(const gs_x *x, uint32_t slot)
{
    return x->regs + (size_t)slot * GS_LANES;
}

/* A source operand as 32 lane values (REG rows are returned in place;
 * others are materialised into scratch for the active lanes). */
const uint64_t *gs_x_src(gs_x *x, const gs_ptx_operand *opd, uint64_t *scratch);

/* A predicate source as a lane mask (`!` applied; IMM: all or none). */
uint32_t gs_x_pred(const gs_x *x, const gs_ptx_operand *opd);

/* Write predicate slot for the active lanes: bit set where values has it. */
static inline void gs_x_pred_write(gs_x *x, uint32_t slot, uint32_t values)
{
    x->preds[slot] = (x->preds[slot] & ~x->active) | (values & x->active);
}

/* Record the launch's first fault (sticky) and stop the run. */
void gs_x_fault(gs_x *x, gs_status status, const char *what);
/* The standard "not supported" fault naming the instruction. */
void gs_x_unsupported(gs_x *x);

/* Read `bytes` bytes at `address` in `space` (GS_SPACE_NONE: a generic
 * address) as lane `lane` of the warp; 0 with the fault recorded when it
 * is outside what the space holds (exec_mem.c). */
int gs_x_load_lane(gs_x *x, uint32_t lane, unsigned space, uint64_t address, unsigned bytes,
                   uint64_t *value);
int gs_x_store_lane(gs_x *x, uint32_t lane, unsigned space, uint64_t address, unsigned bytes,
                    uint64_t value);

/* Instruction families (exec_alu.c, exec_move.c, exec_mem.c, exec_ctl.c). */
void gs_exec_int_arith(gs_x *x);
void gs_exec_float_arith(gs_x *x);
void gs_exec_bits(gs_x *x);
void gs_exec_compare(gs_x *x);
void gs_exec_move(gs_x *x);
void gs_exec_convert(gs_x *x);
void gs_exec_cvta(gs_x *x);
void gs_exec_memory(gs_x *x);
void gs_exec_branch(gs_x *x);
void gs_exec_exit(gs_x *x);
void gs_exec_call_inst(gs_x *x);
/* Drop the calls whose callee entries exited (after lanes leave the stack). */
void gs_exec_calls_unwind(gs_exec_warp *warp);
void gs_exec_bar(gs_x *x);
void gs_exec_vote(gs_x *x);
void gs_exec_shfl(gs_x *x);
void gs_exec_redux(gs_x *x);
void gs_exec_match(gs_x *x);
void gs_exec_texture(gs_x *x);   /* tex tld4 txq suld sust suq (exec_tex.c) */

/* Fill the gs_inst for the timing core (exec_desc.c). */
void gs_exec_describe(const gs_x *x, gs_inst *out);

/* Barrier bookkeeping shared with warp exit (exec_ctl.c). */
void gs_exec_barriers_recheck(gs_exec_cta *cta);

#endif
