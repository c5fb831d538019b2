/*
 * The warp instruction: what a front end hands the SIMT core (DESIGN.md
 * section 3). The PTX front end fills it by executing the instruction
 * functionally at issue; the Accel-Sim trace front end by reading the next
 * trace record. The timing model sees no difference between the two.
 */
#ifndef GS_BASE_INST_H
#define GS_BASE_INST_H

#include <stdint.h>

#define GS_WARP_SIZE 32u
#define GS_INST_MAX_DST 4u     /* vector loads write up to 4 registers */
#define GS_INST_MAX_SRC 10u    /* a guarded 3-D or layered sust.v4 reads the surface,
                                 * 4 coordinates, 4 values and the guard */
#define GS_REG_NONE 0xFFFFu

/* Which execution unit runs it (seed-004 section 1.2.7). */
typedef enum gs_unit {
    GS_UNIT_SP = 0,     /* single-precision and integer ALU pipeline */
    GS_UNIT_SFU,        /* transcendental / special function */
    GS_UNIT_DP,         /* double precision (on SFU when no DP units) */
    GS_UNIT_INT,        /* integer pipeline (Volta+; on SP when absent) */
    GS_UNIT_TENSOR,
    GS_UNIT_LDST,       /* memory instructions */
    GS_UNIT_BRANCH,     /* control flow, barriers, exit: no result latency */
    GS_UNIT_COUNT
} gs_unit;

/* Latency class: indexes the -ptx_opcode_latency_* / _initiation_* lists
 * (GPGPU-Sim order "ADD,MAX,MUL,MAD,DIV,SHFL" for int; ADD..DIV for fp/dp). */
typedef enum gs_op_class {
    GS_OPC_INT_ADD = 0, GS_OPC_INT_MAX, GS_OPC_INT_MUL, GS_OPC_INT_MAD, GS_OPC_INT_DIV,
    GS_OPC_INT_SHFL,
    GS_OPC_FP_ADD, GS_OPC_FP_MAX, GS_OPC_FP_MUL, GS_OPC_FP_MAD, GS_OPC_FP_DIV,
    GS_OPC_DP_ADD, GS_OPC_DP_MAX, GS_OPC_DP_MUL, GS_OPC_DP_MAD, GS_OPC_DP_DIV,
    GS_OPC_SFU,         /* sin cos ex2 lg2 rcp rsqrt sqrt .approx */
    GS_OPC_TENSOR,
    GS_OPC_MEM,         /* ld st atom red */
    GS_OPC_CONTROL,     /* bra ret exit bar membar nop */
    GS_OPC_COUNT
} gs_op_class;

typedef enum gs_space {
    GS_SPACE_NONE = 0, GS_SPACE_GLOBAL, GS_SPACE_LOCAL, GS_SPACE_SHARED, GS_SPACE_CONST,
    GS_SPACE_PARAM, GS_SPACE_TEX
} gs_space;

typedef enum gs_mem_op {
    GS_MEM_NONE = 0, GS_MEM_LOAD, GS_MEM_STORE, GS_MEM_ATOMIC, GS_MEM_REDUCE
} gs_mem_op;

/* Accel-Sim's specialized units (trace.config -specialized_unit_K, spec/formats.md
 * 1.6): the kind of unit a SASS opcode runs on in a trace run when the
 * configuration enables a unit of that name (core/exec_unit.h). The trace
 * opcode tables (gen/opcodes.py) set it; the PTX front end leaves it 0. */
typedef enum gs_spec_kind {
    GS_SPEC_NONE = 0, GS_SPEC_BRA, GS_SPEC_TEX, GS_SPEC_TENSOR, GS_SPEC_UDP, GS_SPEC_KIND_COUNT
} gs_spec_kind;

/* Cache operators from ld/st hints (.ca .cg .cs .lu .cv .wb .wt; .nc). */
typedef enum gs_cache_op {
    GS_CACHE_DEFAULT = 0, GS_CACHE_CA, GS_CACHE_CG, GS_CACHE_CS, GS_CACHE_LU, GS_CACHE_CV,
    GS_CACHE_WB, GS_CACHE_WT, GS_CACHE_NC
} gs_cache_op;

enum gs_inst_flag {
    GS_INST_BRANCH = 1u << 0,    /* may change the warp's PC */
    GS_INST_BARRIER = 1u << 1,   /* bar.sync / bar.arrive (see barrier_*) */
    GS_INST_EXIT = 1u << 2,      /* the active threads finish */
    GS_INST_MEMBAR = 1u << 3,
    GS_INST_BAR_ARRIVE = 1u << 4 /* bar.arrive: does not wait */
};

typedef struct gs_inst {
    uint32_t pc;                      /* instruction address (bytes) */
    uint32_t active_mask;             /* lanes that execute (after predication) */
    uint16_t flags;                   /* gs_inst_flag bits */
    uint8_t unit;                     /* gs_unit */
    uint8_t op_class;                 /* gs_op_class */
    uint8_t space;                    /* gs_space */
    uint8_t mem_op;                   /* gs_mem_op */
    uint8_t cache_op;                 /* gs_cache_op */
    uint8_t access_bytes;             /* bytes per lane (vector width included) */
    uint8_t num_dst;
    uint8_t num_src;
    uint8_t spec_kind;                /* gs_spec_kind (trace front end only) */
    uint16_t dst[GS_INST_MAX_DST];    /* register ids for the scoreboard */
    uint16_t src[GS_INST_MAX_SRC];
    uint16_t barrier_id;
    uint16_t barrier_count;           /* threads expected; 0 = whole CTA */
    uint32_t next_pc;                 /* PC the warp continues at (timing fetch) */
    uint64_t addr[GS_WARP_SIZE];      /* per-lane byte address (active lanes) */
} gs_inst;

/* Named CTA barriers (PTX bar.sync ids 0..15). */
#define GS_INST_BARRIERS 16u

/* A launch's grid, block or CTA index (x, y, z). */
typedef struct gs_dim3 {
    uint32_t x, y, z;
} gs_dim3;

#endif
