/*
 * The PTX front end's decoded program and its loader (DESIGN.md sections 3
 * and 5; PTX as `nvcc -ptx -O3` emits it, spec/formats.md).
 *
 * gs_ptx_load() parses one PTX module (the text nvcc writes for a .cu file)
 * into a fixed-size, fully decoded program inside the arena:
 *   - every kernel (.entry) and device function (.func) with its
 *     parameters, static shared and local sizes, performance directives and
 *     instruction array; a kernel that calls device functions is linked
 *     with a copy of each it reaches behind its own code (ptx_link.c);
 *   - every instruction with its opcode, types and modifiers decoded and its
 *     operands pre-decoded (register slots, immediates as bits, special
 *     registers, addresses = base + offset with symbols resolved to their
 *     segment offsets, labels resolved to instruction indices);
 *   - for every branch the reconvergence point: the first instruction of the
 *     immediate post-dominator of the branch's basic block, computed on the
 *     CFG at load time with exits/ret flowing to a virtual exit node
 *     (seed-004 section 1.2.4, "SIMT stack, PDOM reconvergence");
 *   - for every instruction the execution unit and latency class the timing
 *     core needs (gs_unit / gs_op_class from base/inst.h, seed-004 1.2.7).
 *
 * Nothing here allocates: gs_ptx_bytes_for_text() bounds the arena bytes a
 * module's text needs (gs_ptx_bytes_for() any text of a given length), so
 * the host sizes the arena before loading.
 * Loading is linear in the text size (hash tables sized from the text
 * length, no quadratic searches). Any input the loader does not understand
 * is a GS_E_PTX diagnostic naming file:line:col and the token, never a
 * crash and never a silent guess.
 *
 * Registers. Every data register the kernel uses (.b8 ... .f64, .f16x2)
 * is mapped to a dense per-thread 64-bit slot, numbered in order of first
 * use (num_reg_slots of them); every predicate register to a dense
 * predicate slot. Then registers whose live ranges do not overlap share a
 * storage slot (ptx_live.c; gs_ptx_load_with can turn it off): operands
 * name storage slots, and a thread's state is `uint64_t
 * reg[num_reg_storage]` plus `uint8_t pred[num_pred_slots]` (or a bitset);
 * register ranges declared but never used cost nothing.
 * Decision: a slot holds the register's value zero-extended to 64 bits; the
 * executor reads the low bits the instruction type names.
 * Scoreboard ids for gs_inst.dst/src: data slot s -> s, predicate slot p ->
 * num_reg_slots + p (gs_ptx_scoreboard_id below), taken from the registers
 * as written (before storage reuse) and kept per instruction (sb_dst/sb_src).
 *
 * Addresses. Variables live in segments, one per state space:
 *   .global / .const: one module segment each (global_bytes / const_bytes),
 *       variables at aligned offsets, with initial bytes (little-endian);
 *   .shared: one window per kernel: the kernel's own .shared variables and the
 *       module-scope .shared variables it references, then dynamic
 *       (.extern .shared) memory starting at shared_static_bytes rounded up
 *       to the extern variable's alignment (all extern arrays alias it);
 *   .local: one per-thread frame per kernel (local_bytes);
 *   .param: the kernel's parameter buffer (param_bytes), params at offsets.
 * A symbol operand carries its space and its offset in that segment, so the
 * executor only adds the segment's base address it chose. `mov.u64 %rd, sym`
 * yields the symbol's address in its own space (not generic), exactly as
 * PTX defines; cvta converts between that and generic addresses.
 */
#ifndef GS_PTX_PTX_H
#define GS_PTX_PTX_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/inst.h"
#include "base/status.h"
#include "fp/fpmath.h"

/* ---- limits (a module above one is a GS_E_LIMIT error naming it) ---- */
#define GS_PTX_MAX_OPERANDS 5u        /* bfi d,a,b,c,e; shfl d|p,a,b,c,m */
#define GS_PTX_MAX_VEC 4u             /* .v2 / .v4 and {a,b,c,d} */
#define GS_PTX_MAX_KERNELS 1024u      /* .entry + .func per module */
#define GS_PTX_MAX_PARAMS 256u        /* per kernel */
#define GS_PTX_MAX_NAME 1024u         /* identifier length */
#define GS_PTX_LOCAL_BYTES_MAX (512u * 1024u)  /* .local per thread (CUDA's limit, all CCs) */
#define GS_PTX_MAX_INSTS (1u << 24)   /* per kernel */
#define GS_PTX_MAX_LINKED_INSTS (1u << 18)  /* per module: the kernels that call
                                       * device functions, each with a copy of
                                       * the functions it reaches (ptx_link.c) */
#define GS_PTX_MAX_SLOTS 32768u       /* data (and predicate) slots per kernel,
                                       * so scoreboard ids fit uint16_t */

/* Sentinels. */
#define GS_PTX_NONE 0xFFFFFFFFu        /* no register / symbol / target */
#define GS_PTX_REG_SINK 0xFFFFFFFEu    /* the `_` sink operand (shfl, vectors) */
#define GS_PTX_PC_EXIT 0xFFFFFFFFu     /* reconvergence at the virtual exit */
/* Byte size of one instruction for PC/I-cache purposes: pc = index * 8. */
#define GS_PTX_INST_BYTES 8u

/* ---- data types (PTX ISA "Fundamental types") ---- */
typedef enum gs_ptx_type {
    GS_PTX_T_NONE = 0,
    GS_PTX_T_PRED,
    GS_PTX_T_B8, GS_PTX_T_B16, GS_PTX_T_B32, GS_PTX_T_B64,
    GS_PTX_T_U8, GS_PTX_T_U16, GS_PTX_T_U32, GS_PTX_T_U64,
    GS_PTX_T_S8, GS_PTX_T_S16, GS_PTX_T_S32, GS_PTX_T_S64,
    GS_PTX_T_F16, GS_PTX_T_F16X2, GS_PTX_T_F32, GS_PTX_T_F64,
    GS_PTX_T_COUNT
} gs_ptx_type;

/* Size in bytes of one value of the type (pred: 1); 0 for NONE. */
unsigned gs_ptx_type_bytes(gs_ptx_type type);
int gs_ptx_type_is_float(gs_ptx_type type);   /* f16 f16x2 f32 f64 */
int gs_ptx_type_is_signed(gs_ptx_type type);  /* s8..s64 */
const char *gs_ptx_type_name(gs_ptx_type type);   /* "s32", "f64", ... */

/* ---- opcodes ---- */
typedef enum gs_ptx_op {
    GS_PTX_OP_NOP = 0,
    /* integer / float arithmetic */
    GS_PTX_OP_ADD, GS_PTX_OP_SUB, GS_PTX_OP_MUL, GS_PTX_OP_MAD, GS_PTX_OP_MUL24,
    GS_PTX_OP_MAD24, GS_PTX_OP_SAD, GS_PTX_OP_DIV, GS_PTX_OP_REM, GS_PTX_OP_ABS,
    GS_PTX_OP_NEG, GS_PTX_OP_MIN, GS_PTX_OP_MAX, GS_PTX_OP_FMA, GS_PTX_OP_RCP,
    GS_PTX_OP_SQRT, GS_PTX_OP_RSQRT, GS_PTX_OP_EX2, GS_PTX_OP_LG2, GS_PTX_OP_SIN,
    GS_PTX_OP_COS, GS_PTX_OP_TANH, GS_PTX_OP_COPYSIGN, GS_PTX_OP_TESTP,
    /* bit manipulation */
    GS_PTX_OP_AND, GS_PTX_OP_OR, GS_PTX_OP_XOR, GS_PTX_OP_NOT, GS_PTX_OP_CNOT,
    GS_PTX_OP_SHL, GS_PTX_OP_SHR, GS_PTX_OP_SHF, GS_PTX_OP_BREV, GS_PTX_OP_POPC,
    GS_PTX_OP_CLZ, GS_PTX_OP_BFIND, GS_PTX_OP_BFE, GS_PTX_OP_BFI, GS_PTX_OP_PRMT,
    GS_PTX_OP_LOP3,
    /* comparison and selection */
    GS_PTX_OP_SETP, GS_PTX_OP_SET, GS_PTX_OP_SELP, GS_PTX_OP_SLCT,
    /* data movement and conversion */
    GS_PTX_OP_MOV, GS_PTX_OP_CVT, GS_PTX_OP_CVTA, GS_PTX_OP_LD, GS_PTX_OP_LDU,
    GS_PTX_OP_ST, GS_PTX_OP_PREFETCH,
    /* atomics */
    GS_PTX_OP_ATOM, GS_PTX_OP_RED,
    /* synchronisation */
    GS_PTX_OP_BAR,        /* bar.sync/.arrive/.red, barrier.sync (mode) */
    GS_PTX_OP_MEMBAR,     /* membar.cta/.gl/.sys and fence.* (mode = level) */
    /* control flow */
    GS_PTX_OP_BRA, GS_PTX_OP_RET, GS_PTX_OP_EXIT, GS_PTX_OP_TRAP,
    /* warp-level */
    GS_PTX_OP_VOTE, GS_PTX_OP_SHFL, GS_PTX_OP_ACTIVEMASK,
    /* extended-precision integer arithmetic with the carry flag CC.CF
     * (add.cc / sub.cc / mad.cc are ADD / SUB / MAD with GS_PTX_F_CC) */
    GS_PTX_OP_ADDC, GS_PTX_OP_SUBC, GS_PTX_OP_MADC,
    /* warp-level, PTX ISA 6.0+ (issue 22): redux.sync (atom_op = the
     * reduction), match.any/.all.sync (mode), bar.warp.sync (__syncwarp) */
    GS_PTX_OP_REDUX, GS_PTX_OP_MATCH, GS_PTX_OP_WARPSYNC,
    /* device-function call (issue 22 item 1): `call{.uni} (ret), f, (args)`;
     * target = the callee's first instruction in the linked kernel */
    GS_PTX_OP_CALL,   /* opd[0]: LABEL (direct: reg = the linked function's
                       * index in kernel->linked, or GS_PTX_CALL_VPRINTF) or
                       * REG (indirect: the function's address); opd[1].value:
                       * the call's parameter layout (a hash, ptx_link.c; for
                       * vprintf its parameters' offsets, GS_PTX_VPRINTF_*) */
    /* textures and surfaces (issue 22 item 3; exec/texture.h): mode = the
     * geometry (GS_PTX_GEOM_*), sub = tld4's component, the txq/suq query
     * or the suld/sust boundary mode; operands in the table below */
    GS_PTX_OP_TEX, GS_PTX_OP_TLD4, GS_PTX_OP_TXQ, GS_PTX_OP_SULD, GS_PTX_OP_SUST,
    GS_PTX_OP_SUQ,
    GS_PTX_OP_COUNT
} gs_ptx_op;

const char *gs_ptx_op_name(gs_ptx_op op);   /* "add", "ld", ... */

/* Rounding modifier: float rounding (.rn .rz .rm .rp) or integer rounding
 * of a float (.rni .rzi .rmi .rpi, cvt only). NONE = not written; the
 * executor applies the PTX default (.rn for float results, .rzi for cvt
 * float->int is NOT a default: PTX requires it written, so NONE on such a
 * cvt is a load error). */
typedef enum gs_ptx_round {
    GS_PTX_RND_NONE = 0,
    GS_PTX_RND_RN, GS_PTX_RND_RZ, GS_PTX_RND_RM, GS_PTX_RND_RP,
    GS_PTX_RND_RNI, GS_PTX_RND_RZI, GS_PTX_RND_RMI, GS_PTX_RND_RPI
} gs_ptx_round;

/* Comparison operators of setp/set/slct (PTX "Comparison operators").
 * Integer: eq ne lt le gt ge (signed or by type) lo ls hi hs (unsigned).
 * Float: eq..ge ordered, equ..geu unordered, num nan. */
typedef enum gs_ptx_cmp {
    GS_PTX_CMP_NONE = 0,
    GS_PTX_CMP_EQ, GS_PTX_CMP_NE, GS_PTX_CMP_LT, GS_PTX_CMP_LE, GS_PTX_CMP_GT, GS_PTX_CMP_GE,
    GS_PTX_CMP_LO, GS_PTX_CMP_LS, GS_PTX_CMP_HI, GS_PTX_CMP_HS,
    GS_PTX_CMP_EQU, GS_PTX_CMP_NEU, GS_PTX_CMP_LTU, GS_PTX_CMP_LEU, GS_PTX_CMP_GTU,
    GS_PTX_CMP_GEU, GS_PTX_CMP_NUM, GS_PTX_CMP_NAN
} gs_ptx_cmp;

/* Boolean combine of setp/set (.and .or .xor with the 3rd/4th source
 * predicate) and the reduction of bar.red (.and .or; .popc in mode). */
typedef enum gs_ptx_boolop {
    GS_PTX_BOOL_NONE = 0, GS_PTX_BOOL_AND, GS_PTX_BOOL_OR, GS_PTX_BOOL_XOR
} gs_ptx_boolop;

/* atom / red operation. */
typedef enum gs_ptx_atom_op {
    GS_PTX_ATOM_NONE = 0,
    GS_PTX_ATOM_ADD, GS_PTX_ATOM_MIN, GS_PTX_ATOM_MAX, GS_PTX_ATOM_INC, GS_PTX_ATOM_DEC,
    GS_PTX_ATOM_AND, GS_PTX_ATOM_OR, GS_PTX_ATOM_XOR, GS_PTX_ATOM_EXCH, GS_PTX_ATOM_CAS
} gs_ptx_atom_op;

/* Opcode-specific mode, in gs_ptx_inst.mode. Which enum applies depends on
 * the opcode, as listed. */
enum gs_ptx_mode {
    GS_PTX_MODE_NONE = 0,
    /* mul mad mul24 mad24: result half (.lo .hi .wide) */
    GS_PTX_MODE_LO = 1, GS_PTX_MODE_HI = 2, GS_PTX_MODE_WIDE = 3,
    /* vote: .all .any .uni .ballot */
    GS_PTX_VOTE_ALL = 1, GS_PTX_VOTE_ANY = 2, GS_PTX_VOTE_UNI = 3, GS_PTX_VOTE_BALLOT = 4,
    /* shfl: .up .down .bfly .idx */
    GS_PTX_MATCH_ANY = 1, GS_PTX_MATCH_ALL = 2,
    GS_PTX_SHFL_UP = 1, GS_PTX_SHFL_DOWN = 2, GS_PTX_SHFL_BFLY = 3, GS_PTX_SHFL_IDX = 4,
    /* bar: bar.sync / barrier.sync (SYNC), bar.arrive, bar.red (boolop or
     * POPC flag says which reduction) */
    GS_PTX_BAR_SYNC = 1, GS_PTX_BAR_ARRIVE = 2, GS_PTX_BAR_RED = 3,
    /* membar / fence level */
    GS_PTX_LEVEL_CTA = 1, GS_PTX_LEVEL_GL = 2, GS_PTX_LEVEL_SYS = 3,
    /* shf: .l / .r (the .wrap/.clamp is GS_PTX_F_CLAMP) */
    GS_PTX_SHF_L = 1, GS_PTX_SHF_R = 2,
    /* prmt: default (NONE) or .f4e .b4e .rc8 .ecl .ecr .rc16 */
    GS_PTX_PRMT_F4E = 1, GS_PTX_PRMT_B4E = 2, GS_PTX_PRMT_RC8 = 3, GS_PTX_PRMT_ECL = 4,
    GS_PTX_PRMT_ECR = 5, GS_PTX_PRMT_RC16 = 6,
    /* testp: .finite .infinite .number .notanumber .normal .subnormal */
    GS_PTX_TESTP_FINITE = 1, GS_PTX_TESTP_INFINITE = 2, GS_PTX_TESTP_NUMBER = 3,
    GS_PTX_TESTP_NOTANUMBER = 4, GS_PTX_TESTP_NORMAL = 5, GS_PTX_TESTP_SUBNORMAL = 6,
    /* tex tld4 suld sust: the geometry (a1d/a2d: layered) */
    GS_PTX_GEOM_1D = 1, GS_PTX_GEOM_2D = 2, GS_PTX_GEOM_3D = 3, GS_PTX_GEOM_A1D = 4,
    GS_PTX_GEOM_A2D = 5
};

/* gs_ptx_inst.sub of the texture and surface instructions. */
enum gs_ptx_tex_sub {
    /* txq / suq: what is queried */
    GS_PTX_Q_WIDTH = 1, GS_PTX_Q_HEIGHT, GS_PTX_Q_DEPTH, GS_PTX_Q_CHANNEL_DATA_TYPE,
    GS_PTX_Q_CHANNEL_ORDER, GS_PTX_Q_NORMALIZED_COORDS, GS_PTX_Q_FILTER_MODE,
    GS_PTX_Q_ADDR_MODE_0, GS_PTX_Q_ADDR_MODE_1, GS_PTX_Q_ADDR_MODE_2, GS_PTX_Q_ARRAY_SIZE,
    GS_PTX_Q_NUM_MIPMAP_LEVELS, GS_PTX_Q_NUM_SAMPLES, GS_PTX_Q_MEMORY_LAYOUT
};
/* tld4: sub = 1 + the component (0 r, 1 g, 2 b, 3 a); suld / sust: sub =
 * 1 + gs_surf_boundary (.trap .clamp .zero). */

/* Modifier flags, in gs_ptx_inst.flags. */
enum gs_ptx_flag {
    GS_PTX_F_FTZ = 1u << 0,       /* .ftz */
    GS_PTX_F_SAT = 1u << 1,       /* .sat */
    GS_PTX_F_APPROX = 1u << 2,    /* .approx */
    GS_PTX_F_FULL = 1u << 3,      /* .full (div.full.f32) */
    GS_PTX_F_UNI = 1u << 4,       /* bra.uni: non-divergent by promise */
    GS_PTX_F_VOLATILE = 1u << 5,  /* ld/st .volatile (cache_op CV as well) */
    GS_PTX_F_TO = 1u << 6,        /* cvta.to.<space>: generic -> space */
    GS_PTX_F_SYNC = 1u << 7,      /* vote.sync / shfl.sync / bar.sync */
    GS_PTX_F_ALIGNED = 1u << 8,   /* barrier.sync.aligned, bar.* (aligned) */
    GS_PTX_F_CLAMP = 1u << 9,     /* shf.clamp (else .wrap); bfe/bfi n/a */
    GS_PTX_F_POPC = 1u << 10,     /* bar.red.popc */
    GS_PTX_F_CC = 1u << 11,       /* .cc: writes the carry flag (see below) */
    GS_PTX_F_SHIFTAMT = 1u << 12, /* bfind.shiftamt */
    GS_PTX_F_NC = 1u << 13,       /* ld.global.nc (cache_op NC as well) */
    GS_PTX_F_RELAXED = 1u << 14,  /* .relaxed/.acquire/.release/.acq_rel seen */
    GS_PTX_F_SCOPE_CTA = 1u << 15 /* .cta scope on atom/ld/st/fence */
};

/* Special registers (PTX "Special Registers"). Vector ones take a dim. */
typedef enum gs_ptx_sreg {
    GS_PTX_SREG_NONE = 0,
    GS_PTX_SREG_TID, GS_PTX_SREG_NTID, GS_PTX_SREG_CTAID, GS_PTX_SREG_NCTAID,
    GS_PTX_SREG_LANEID, GS_PTX_SREG_WARPID, GS_PTX_SREG_NWARPID, GS_PTX_SREG_SMID,
    GS_PTX_SREG_NSMID, GS_PTX_SREG_GRIDID, GS_PTX_SREG_CLOCK, GS_PTX_SREG_CLOCK64,
    GS_PTX_SREG_LANEMASK_EQ, GS_PTX_SREG_LANEMASK_LE, GS_PTX_SREG_LANEMASK_LT,
    GS_PTX_SREG_LANEMASK_GE, GS_PTX_SREG_LANEMASK_GT, GS_PTX_SREG_GLOBALTIMER,
    GS_PTX_SREG_DYNAMIC_SMEM_SIZE, GS_PTX_SREG_TOTAL_SMEM_SIZE,
    GS_PTX_SREG_ENVREG,      /* %envreg0..31: dim holds the number */
    GS_PTX_SREG_COUNT
} gs_ptx_sreg;

/* ---- operands ---- */
typedef enum gs_ptx_opd_kind {
    GS_PTX_OPD_NONE = 0,
    GS_PTX_OPD_REG,     /* data register: reg = slot */
    GS_PTX_OPD_PRED,    /* predicate register: reg = predicate slot; neg = `!%p`;
                         * reg2 = second predicate of `%p|%q` (setp) or
                         * GS_PTX_NONE */
    GS_PTX_OPD_IMM,     /* value = bits: integers sign-extended to 64 bits;
                         * 0fXXXXXXXX = f32 bits, 0dXXXXXXXXXXXXXXXX = f64 bits;
                         * decimal floats (1.5, 2e-3: f64 values, PTX) are
                         * converted (RN) to the operand's float type */
    GS_PTX_OPD_SREG,    /* sreg + dim (0 x, 1 y, 2 z; 0 for scalars) */
    GS_PTX_OPD_ADDR,    /* [base + value]: see base / reg / symbol below */
    GS_PTX_OPD_SYMBOL,  /* a variable's address as a value (mov, cvta):
                         * address = base of `space` + value */
    GS_PTX_OPD_LABEL,   /* branch target: value = instruction index */
    GS_PTX_OPD_VEC      /* {a, b, c, d}: vec_count elements in vec[] */
} gs_ptx_opd_kind;

/* Base of an ADDR operand. */
typedef enum gs_ptx_base {
    GS_PTX_BASE_NONE = 0,   /* absolute [imm] */
    GS_PTX_BASE_REG,        /* [%rd + imm]: reg = data slot */
    GS_PTX_BASE_SYMBOL      /* [sym + imm]: symbol, space; value = full offset */
} gs_ptx_base;

typedef struct gs_ptx_operand {
    uint8_t kind;        /* gs_ptx_opd_kind */
    uint8_t neg;         /* PRED source written `!%p` */
    uint8_t sreg;        /* gs_ptx_sreg (SREG) */
    uint8_t dim;         /* SREG component */
    uint8_t base;        /* gs_ptx_base (ADDR) */
    uint8_t space;       /* gs_space of the symbol (ADDR with symbol, SYMBOL) */
    uint8_t vec_count;   /* VEC: number of elements (2..4) */
    uint8_t call_param;  /* ADDR/SYMBOL naming a call block's .param variable
                          * (symbol = its var index) while parsing */
    uint32_t reg;        /* REG/PRED slot; ADDR base register slot */
    uint32_t reg2;       /* second destination, GS_PTX_NONE if absent:
                          * setp `%p|%q` (PRED: q's predicate slot) and
                          * shfl `%r|%p` (REG: p's predicate slot) */
    uint32_t symbol;     /* ADDR/SYMBOL naming a variable: its index in
                          * module->vars, or the param index when space ==
                          * GS_SPACE_PARAM; GS_PTX_NONE otherwise */
    uint64_t value;      /* IMM: bits. ADDR: the byte offset (two's
                          * complement) added to the base register, or, with
                          * a symbol base, symbol's segment offset + written
                          * offset (so address = segment base + value).
                          * SYMBOL: symbol's segment offset (+ offset).
                          * LABEL: target instruction index. */
    uint32_t vec[GS_PTX_MAX_VEC];  /* VEC elements: data register slots or
                          * GS_PTX_REG_SINK for `_` (immediates inside
                          * vectors are rejected as unsupported) */
} gs_ptx_operand;

/* ---- instructions ---- */
typedef struct gs_ptx_inst {
    uint8_t op;           /* gs_ptx_op */
    uint8_t type;         /* gs_ptx_type: the instruction type (cvt/set: the
                           * destination type; mul.wide: the source type) */
    uint8_t type2;        /* cvt/set/slct: source / comparison type; else NONE */
    uint8_t rounding;     /* gs_ptx_round */
    uint8_t cmp;          /* gs_ptx_cmp (setp set slct) */
    uint8_t boolop;       /* gs_ptx_boolop (setp set bar.red) */
    uint8_t space;        /* gs_space (ld st atom red cvta prefetch); NONE =
                           * generic addressing */
    uint8_t cache_op;     /* gs_cache_op */
    uint8_t vec;          /* vector width of ld/st: 1, 2 or 4 */
    uint8_t atom_op;      /* gs_ptx_atom_op (atom red) */
    uint8_t mode;         /* enum gs_ptx_mode, meaning per opcode */
    uint8_t num_operands; /* operands used in opd[]: destination(s) first,
                           * as written in the PTX text */
    uint8_t unit;         /* gs_unit the timing core issues it to */
    uint8_t op_class;     /* gs_op_class (latency class) */
    uint8_t guard_neg;    /* guard written @!%p */
    uint8_t frame;        /* 1: ld/st.param of a call frame (a device
                           * function's parameters or a call block's
                           * arguments): space LOCAL, address = the warp's
                           * frame base + opd value; timed as a register move */
    uint16_t flags;       /* enum gs_ptx_flag bits */
    uint8_t sub;          /* enum gs_ptx_tex_sub (texture and surface instructions) */
    uint8_t surf_block;   /* suld/sust: .b (unformatted access) was written */
    uint32_t guard;       /* predicate slot of the @%p guard, or GS_PTX_NONE */
    uint32_t target;      /* bra: target instruction index; call: the callee's
                           * first instruction in the linked kernel (ptx_link.c);
                           * else GS_PTX_NONE */
    uint32_t reconv;      /* bra: reconvergence instruction index (IPDOM's first
                           * instruction) or GS_PTX_PC_EXIT; call: the caller's
                           * call-area offset in its frame (the callee's frame
                           * base relative to the caller's); else GS_PTX_NONE.
                           * A target or reconv equal to num_insts (label at
                           * the very end) means "falls off the end" = exit. */
    uint32_t line;        /* source line (1-based) for messages and traces */
    gs_ptx_operand opd[GS_PTX_MAX_OPERANDS];
    /* Scoreboard ids (gs_ptx_scoreboard_id) of the registers the instruction
     * writes and reads, computed at load time from the registers as written,
     * BEFORE storage-slot reuse: two registers that share storage are still
     * two registers to the scoreboard, as in a simulator that schedules PTX
     * virtual registers, so reuse never adds a false dependency. */
    uint8_t num_sb_dst;
    uint8_t num_sb_src;
    uint16_t sb_dst[GS_INST_MAX_DST];
    uint16_t sb_src[GS_INST_MAX_SRC];
} gs_ptx_inst;

/* Operand layout per opcode (as in the PTX text, destination first):
 *   ld     d, [a]         d is REG or VEC (vec > 1)
 *   st     [a], b         b is REG/IMM or VEC
 *   atom   d, [a], b (, c for cas)        red [a], b
 *   setp   p(|q), a, b (, c with boolop)  PRED destination with reg2
 *   selp   d, a, b, c     c is PRED
 *   shfl   d(|p), a, b, c, membermask     destination REG; the optional
 *          predicate destination is in opd[0].reg2 (GS_PTX_NONE if absent)
 *   vote   d, a, membermask              (d PRED for all/any/uni, REG ballot)
 *   bar    a (, b)        barrier id and optional thread count (IMM or REG);
 *          bar.red: d, a (, b), c   with c a (possibly negated) PRED
 *   membar (none)         mode = level; fence.* decodes to membar too
 *   bra    L              opd[0] LABEL; target/reconv also in the inst
 *   mov    d, a           a may be SYMBOL, SREG, VEC (pack) or d VEC (unpack)
 *   cvta   d, a           a REG or SYMBOL; flags TO: generic->space else
 *                         space->generic
 *   tex    d, h, c        d VEC of 4 (tex.*.v4), h the texture: REG (a
 *   tld4   d, h, c        texture object, .u64) or SYMBOL (a .texref
 *   suld   d, h, c        variable, whose 8 bytes hold the handle); c VEC
 *                         of the coordinates (1 to 4 registers; a1d/a2d:
 *                         the layer first); suld: d VEC of 1, 2 or 4
 *   sust   h, c, v        v VEC of the 1, 2 or 4 values stored
 *   txq / suq  d, h       d REG
 * For shfl's optional predicate destination the REG operand keeps it in
 * reg2.
 * Carry flag (PTX "Extended-Precision Integer Arithmetic"): CC.CF is a
 * per-thread bit, kept in a hidden predicate slot of the kernel (allocated
 * on the first carry instruction, counted in num_pred_slots, so it has a
 * scoreboard id like any predicate). An instruction with GS_PTX_F_CC
 * (add.cc sub.cc mad.cc addc.cc subc.cc madc.cc) writes it: opd[0] (REG)
 * has reg2 = that slot. addc/subc/madc read it: their operands as written
 * are followed by one hidden PRED source operand naming that slot
 * (num_operands counts it), e.g. addc d, a, b -> d, a, b, CF. sub.cc/subc
 * use CF as the borrow: subc d, a, b computes d = a - (b + CF). */

/* ---- variables, parameters, kernels, module ---- */
typedef struct gs_ptx_var {
    const char *name;          /* NUL-terminated, in the arena */
    uint8_t space;             /* gs_space: GLOBAL CONST SHARED LOCAL */
    uint8_t type;              /* element type as declared */
    uint8_t is_extern;         /* .extern .shared x[] (dynamic shared) */
    uint8_t has_init;          /* an initialiser was given */
    uint8_t handle_kind;       /* GS_PTX_HANDLE_*: a .texref / .surfref variable,
                                * 8 bytes in .global holding the bound object's
                                * handle (the host binds it) */
    uint32_t align_bytes;      /* .align, or the element size */
    uint32_t kernel;           /* owning kernel index; GS_PTX_NONE = module scope */
    uint64_t size_bytes;       /* element size * element count (0 for extern []) */
    uint64_t offset;           /* offset in its segment (see the file comment).
                                * Module-scope .shared variables have one offset
                                * per kernel window: use the operand's
                                * value; here it is UINT64_MAX. */
    uint32_t line;             /* source line of the declaration's name */
    uint64_t init_bytes;       /* bytes given by the initialiser (<= size) */
    const uint8_t *init;       /* init_bytes initial bytes (little-endian); the
                                * rest of the variable is zero. NULL if none */
} gs_ptx_var;

#define GS_PTX_HANDLE_NONE 0u
#define GS_PTX_HANDLE_TEXREF 1u
#define GS_PTX_HANDLE_SURFREF 2u

/* An address in a variable's initialiser (`.global .u64 p[2] = {x,
 * generic(y)+8};`): when the module's segments are placed (host.c), the
 * element at byte `at` of variable `var` gets the device address of
 * variable `target` plus `addend` (a .global or .const variable's address
 * is the same generic or not: mem/devmem.h). */
typedef struct gs_ptx_reloc {
    uint32_t var, target;
    uint32_t bytes;            /* 8, or 4 with .address_size 32 */
    uint64_t at;
    uint64_t addend;
} gs_ptx_reloc;

typedef struct gs_ptx_param {
    const char *name;
    uint8_t type;              /* gs_ptx_type of the parameter (.b8 for arrays) */
    uint32_t align_bytes;
    uint32_t size_bytes;
    uint32_t offset;           /* offset in the kernel's parameter buffer */
} gs_ptx_param;

/* A device function linked into a kernel (ptx_link.c), in link order. */
typedef struct gs_ptx_linked {
    uint32_t function;         /* its index in module->kernels */
    uint32_t start;            /* its first instruction in the kernel's array */
    uint32_t reg_base, reg_count;    /* its register storage slots */
    uint32_t pred_base, pred_count;  /* its predicate slots */
    uint32_t signature;        /* its parameter layout (a hash, ptx_link.c) */
} gs_ptx_linked;

/* A function's address as a value (`mov.u64 %rd, f;`, ptx_link.c): far
 * above every device address (mem/devmem.h), so a load through it is a
 * wild-pointer error, and 16 bytes apart per function index. */
#define GS_PTX_FUNC_ADDR_BASE 0x00F0000000000000ull
#define GS_PTX_FUNC_ADDR_STEP 16u

/* A call of vprintf, which the module declares and gpusim provides
 * (printf, issue 22 item 2; exec/devprintf.h): opd[0].reg of the call.
 * opd[1].value holds the offsets in the call area of its return value
 * (bits 0-15; GS_PTX_VPRINTF_NO_RET when the call takes none), format
 * (16-31) and argument buffer (32-47) parameters. */
#define GS_PTX_CALL_VPRINTF 0xFFFFFFF0u
#define GS_PTX_VPRINTF_NO_RET 0xFFFFu

/* The loader's default bound on nested device-function calls where a
 * kernel may recurse (gs_ptx_load_options.call_stack_depth). */
#define GS_PTX_CALL_DEPTH_DEFAULT 32u
#define GS_PTX_CALL_DEPTH_OPTION "-gs_call_stack_depth"

typedef struct gs_ptx_kernel {
    const char *name;          /* mangled name as written */
    uint32_t index;            /* position in module->kernels */
    uint8_t is_entry;          /* .entry (launchable) vs .func */
    uint8_t is_visible;        /* .visible */
    uint8_t uses_dynamic_shared;   /* references an .extern .shared array */
    uint32_t line;             /* line of the .entry/.func keyword */
    uint32_t num_params;       /* for a .func its return parameters come first */
    uint32_t num_rets;         /* .func: how many of them are return parameters */
    gs_ptx_param *params;
    uint32_t param_bytes;      /* size of the parameter buffer */
    uint32_t num_reg_slots;    /* 64-bit data register slots per thread */
    uint32_t num_pred_slots;   /* predicate slots per thread */
    uint32_t num_regs_declared;    /* data registers declared (ranges counted) */
    uint32_t num_preds_declared;
    uint32_t shared_static_bytes;  /* static .shared window size */
    uint32_t dynamic_shared_align; /* alignment of the extern shared array */
    uint32_t local_bytes;      /* per-thread local memory: the static .local frame,
                                * and for a kernel that calls device functions
                                * the deepest chain of call frames (ptx_link.c) */
    uint32_t frame_bytes;      /* its own call frame: .func parameters, .local
                                * variables, then the call area where each call
                                * block's arguments are laid out as the callee's
                                * parameters (the callee's frame starts there) */
    uint32_t call_area;        /* offset of that call area in the frame */
    uint32_t num_funcs_linked; /* .entry: device functions linked behind its
                                * code (their copies follow its own insts) */
    const gs_ptx_linked *linked;   /* num_funcs_linked of them */
    uint32_t call_depth;       /* calls a warp may nest: the longest chain of
                                * the call graph, or the loader's call-stack
                                * depth where the kernel may recurse */
    uint8_t may_recurse;       /* a cycle of calls or an indirect call is reachable */
    uint32_t spill_base;       /* local-memory offset of the register spill
                                * stack a recursive call uses (may_recurse) */
    uint32_t spill_bytes;      /* its bytes per call level */
    uint32_t occupancy_regs;   /* linked: the registers per thread occupancy
                                * counts (ptx_link.c); 0: num_reg_storage */
    uint32_t printf_calls;     /* .entry: vprintf calls in its linked code */
    uint32_t maxntid[3];       /* .maxntid (0 = not given) */
    uint32_t reqntid[3];       /* .reqntid (0 = not given) */
    uint32_t minnctapersm;     /* .minnctapersm (0 = not given) */
    uint32_t maxnreg;          /* .maxnreg (0 = not given) */
    uint32_t num_insts;
    gs_ptx_inst *insts;
    uint32_t num_branches;     /* bra instructions (for reports/tests) */
    uint32_t num_reg_storage;  /* 64-bit storage slots per thread after the
                                * liveness-based reuse (ptx_live.c): operands'
                                * data slots are < num_reg_storage <=
                                * num_reg_slots (equal without reuse) */
} gs_ptx_kernel;

typedef struct gs_ptx_module {
    const char *file_name;     /* as given to gs_ptx_load (arena copy) */
    uint32_t version_major, version_minor;   /* .version */
    char target[32];           /* first .target name, e.g. "sm_75" */
    uint32_t address_size;     /* .address_size (32 or 64; default 64) */
    uint32_t num_kernels;      /* .entry and .func, in text order */
    gs_ptx_kernel *kernels;
    uint32_t num_vars;         /* every variable, module and kernel scope */
    gs_ptx_var *vars;
    uint64_t global_bytes;     /* module .global segment size */
    uint64_t const_bytes;      /* module .const segment size */
    uint32_t global_align;     /* largest alignment in the segment (>= 1) */
    uint32_t const_align;
    uint64_t num_insts;        /* over all kernels */
    uint32_t num_relocs;       /* addresses in initialisers */
    const gs_ptx_reloc *relocs;
} gs_ptx_module;

/* ---- loader API ---- */

/* Upper bound of the arena bytes gs_ptx_load needs for ANY PTX text of
 * `text_length` bytes (decoded program plus the scratch it frees again).
 * From the length alone every 4 bytes may be an instruction ("ret;"), so
 * this is ~150 bytes per text byte: use it only when the text is unknown. */
size_t gs_ptx_bytes_for(size_t text_length);

/* The arena bytes gs_ptx_load needs for this text: the capacities come from
 * its token counts (statements ';', words, numbers, ...), an exact upper
 * bound, ~10-20 bytes per byte of nvcc output; never above
 * gs_ptx_bytes_for(text_length). gs_ptx_load checks exactly this. */
size_t gs_ptx_bytes_for_text(const char *text, size_t text_length);

/* Parse and decode `text` (length bytes, need not be NUL-terminated).
 * file_name is used in diagnostics. On success *out points into the arena.
 * On failure returns GS_E_PTX (bad or unsupported input: diag names
 * file:line:col and the token), GS_E_LIMIT (a GS_PTX_MAX_* exceeded) or
 * GS_E_ARENA (arena smaller than gs_ptx_bytes_for_text); the arena's used bytes
 * are then left where they were before the call. */
gs_status gs_ptx_load(gs_arena *arena, const char *file_name, const char *text, size_t length,
                      gs_ptx_module **out, gs_diag *diag);

/* Loader options (NULL = defaults). */
typedef struct gs_ptx_load_options {
    uint8_t no_slot_reuse;     /* 1: one storage slot per register (no
                                * liveness-based reuse; for comparisons) */
    uint32_t call_stack_depth; /* nested calls a kernel that may recurse is
                                * sized for (0: GS_PTX_CALL_DEPTH_DEFAULT) */
} gs_ptx_load_options;

gs_status gs_ptx_load_with(gs_arena *arena, const char *file_name, const char *text,
                           size_t length, const gs_ptx_load_options *options,
                           gs_ptx_module **out, gs_diag *diag);

/* The kernel (.entry or .func) named `name`, or NULL. */
const gs_ptx_kernel *gs_ptx_find_kernel(const gs_ptx_module *module, const char *name);

/* Scoreboard register id of a slot (see the file comment). */
static inline uint16_t gs_ptx_scoreboard_id(const gs_ptx_kernel *kernel, int is_pred,
                                            uint32_t slot)
{
    return (uint16_t)(is_pred ? kernel->num_reg_slots + slot : slot);
}

/* The float rounding a gs_ptx_round names, for fpmath.h (RN for NONE;
 * integer roundings map to their direction). */
gs_fround gs_ptx_round_to_fround(gs_ptx_round rounding);

#endif
