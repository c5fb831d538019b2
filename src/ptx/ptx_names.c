/*
 * Name tables of the PTX loader (ptx/ptx.h): fundamental types (PTX ISA
 * 5.2), state spaces (5.1), opcodes (chapter 9) and special registers
 * (chapter 10), and the small queries the executor uses on them.
 */
#include "ptx/ptx_internal.h"

#include <string.h>

static const char *const names_type[GS_PTX_T_COUNT] = {
    "", "pred", "b8", "b16", "b32", "b64", "u8", "u16", "u32", "u64",
    "s8", "s16", "s32", "s64", "f16", "f16x2", "f32", "f64"
};

static const uint8_t names_type_bytes[GS_PTX_T_COUNT] = {
    0, 1, 1, 2, 4, 8, 1, 2, 4, 8, 1, 2, 4, 8, 2, 4, 4, 8
};

static const char *const names_op[GS_PTX_OP_COUNT] = {
    "nop", "add", "sub", "mul", "mad", "mul24", "mad24", "sad", "div", "rem", "abs",
    "neg", "min", "max", "fma", "rcp", "sqrt", "rsqrt", "ex2", "lg2", "sin", "cos",
    "tanh", "copysign", "testp",
    "and", "or", "xor", "not", "cnot", "shl", "shr", "shf", "brev", "popc", "clz",
    "bfind", "bfe", "bfi", "prmt", "lop3",
    "setp", "set", "selp", "slct",
    "mov", "cvt", "cvta", "ld", "ldu", "st", "prefetch",
    "atom", "red",
    "bar", "membar",
    "bra", "ret", "exit", "trap",
    "vote", "shfl", "activemask",
    "addc", "subc", "madc",
    "redux", "match", "bar.warp",
    "call",
    "tex", "tld4", "txq", "suld", "sust", "suq"
};

static int names_eq(const char *text, uint32_t len, const char *name)
{
    return strlen(name) == len && memcmp(text, name, len) == 0;
}

unsigned gs_ptx_type_bytes(gs_ptx_type type)
{
    return (unsigned)type < GS_PTX_T_COUNT ? names_type_bytes[type] : 0u;
}

int gs_ptx_type_is_float(gs_ptx_type type)
{
    return type == GS_PTX_T_F16 || type == GS_PTX_T_F16X2 || type == GS_PTX_T_F32 ||
           type == GS_PTX_T_F64;
}

int gs_ptx_type_is_signed(gs_ptx_type type)
{
    return type >= GS_PTX_T_S8 && type <= GS_PTX_T_S64;
}

const char *gs_ptx_type_name(gs_ptx_type type)
{
    return (unsigned)type < GS_PTX_T_COUNT ? names_type[type] : "?";
}

const char *gs_ptx_op_name(gs_ptx_op op)
{
    return (unsigned)op < GS_PTX_OP_COUNT ? names_op[op] : "?";
}

gs_ptx_type ptx_type_from(const char *text, uint32_t len)
{
    unsigned t;
    for (t = 1; t < GS_PTX_T_COUNT; t++)
        if (names_eq(text, len, names_type[t]))
            return (gs_ptx_type)t;
    return GS_PTX_T_NONE;
}

int ptx_space_from(const char *text, uint32_t len)
{
    if (names_eq(text, len, "global"))
        return GS_SPACE_GLOBAL;
    if (names_eq(text, len, "shared") || names_eq(text, len, "shared::cta"))
        return GS_SPACE_SHARED;
    if (names_eq(text, len, "local"))
        return GS_SPACE_LOCAL;
    if (names_eq(text, len, "const"))
        return GS_SPACE_CONST;
    if (names_eq(text, len, "param") || names_eq(text, len, "param::entry"))
        return GS_SPACE_PARAM;
    return -1;
}

gs_ptx_op ptx_op_from(const char *text, uint32_t len)
{
    unsigned op;
    if (names_eq(text, len, "barrier"))
        return GS_PTX_OP_BAR;
    if (names_eq(text, len, "fence"))
        return GS_PTX_OP_MEMBAR;
    for (op = 1; op < GS_PTX_OP_COUNT; op++)
        if (names_eq(text, len, names_op[op]))
            return (gs_ptx_op)op;
    return GS_PTX_OP_COUNT;
}

typedef struct names_sreg_entry {
    const char *name;
    uint8_t sreg;
    uint8_t has_dim;
} names_sreg_entry;

static const names_sreg_entry names_sreg[] = {
    {"%tid", GS_PTX_SREG_TID, 1}, {"%ntid", GS_PTX_SREG_NTID, 1},
    {"%ctaid", GS_PTX_SREG_CTAID, 1}, {"%nctaid", GS_PTX_SREG_NCTAID, 1},
    {"%laneid", GS_PTX_SREG_LANEID, 0}, {"%warpid", GS_PTX_SREG_WARPID, 0},
    {"%nwarpid", GS_PTX_SREG_NWARPID, 0}, {"%smid", GS_PTX_SREG_SMID, 0},
    {"%nsmid", GS_PTX_SREG_NSMID, 0}, {"%gridid", GS_PTX_SREG_GRIDID, 0},
    {"%clock", GS_PTX_SREG_CLOCK, 0}, {"%clock64", GS_PTX_SREG_CLOCK64, 0},
    {"%lanemask_eq", GS_PTX_SREG_LANEMASK_EQ, 0}, {"%lanemask_le", GS_PTX_SREG_LANEMASK_LE, 0},
    {"%lanemask_lt", GS_PTX_SREG_LANEMASK_LT, 0}, {"%lanemask_ge", GS_PTX_SREG_LANEMASK_GE, 0},
    {"%lanemask_gt", GS_PTX_SREG_LANEMASK_GT, 0},
    {"%globaltimer", GS_PTX_SREG_GLOBALTIMER, 0},
    {"%dynamic_smem_size", GS_PTX_SREG_DYNAMIC_SMEM_SIZE, 0},
    {"%total_smem_size", GS_PTX_SREG_TOTAL_SMEM_SIZE, 0}
};

/* %envreg0 .. %envreg31 (PTX ISA 10.34), the driver's environment
 * registers: the number, or -1. */
static int names_envreg(const char *text, uint32_t len)
{
    static const char prefix[] = "%envreg";
    uint32_t n = sizeof prefix - 1u, i, value = 0;
    if (len <= n || len > n + 2u || memcmp(text, prefix, n) != 0 ||
        (len == n + 2u && text[n] == '0'))
        return -1;
    for (i = n; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return -1;
        value = value * 10u + (uint32_t)(text[i] - '0');
    }
    return value < 32u ? (int)value : -1;
}

int ptx_sreg_from(const char *text, uint32_t len, uint8_t *sreg, uint8_t *dim)
{
    uint32_t base_len = len;
    size_t i;
    uint8_t component = 0;
    int envreg = names_envreg(text, len);
    if (envreg >= 0) {
        *sreg = GS_PTX_SREG_ENVREG;
        *dim = (uint8_t)envreg;
        return 1;
    }
    if (len > 2 && text[len - 2] == '.') {
        char c = text[len - 1];
        if (c != 'x' && c != 'y' && c != 'z')
            return 0;
        component = (uint8_t)(c - 'x');
        base_len = len - 2;
    }
    for (i = 0; i < sizeof names_sreg / sizeof names_sreg[0]; i++) {
        if (!names_eq(text, base_len, names_sreg[i].name))
            continue;
        if (names_sreg[i].has_dim != (base_len != len))
            return 0;
        *sreg = names_sreg[i].sreg;
        *dim = component;
        return 1;
    }
    return 0;
}

gs_fround gs_ptx_round_to_fround(gs_ptx_round rounding)
{
    switch (rounding) {
    case GS_PTX_RND_RZ: case GS_PTX_RND_RZI: return GS_FROUND_RZ;
    case GS_PTX_RND_RM: case GS_PTX_RND_RMI: return GS_FROUND_RM;
    case GS_PTX_RND_RP: case GS_PTX_RND_RPI: return GS_FROUND_RP;
    case GS_PTX_RND_NONE: case GS_PTX_RND_RN: case GS_PTX_RND_RNI: break;
    }
    return GS_FROUND_RN;
}
