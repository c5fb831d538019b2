/*
 * Logic, shift and bit-field instructions, comparison and selection of the
 * functional executor (PTX ISA "Logic and Shift Instructions", "Integer
 * Arithmetic Instructions" bfe/bfi/bfind/brev/clz/popc/prmt, "Comparison and
 * Selection Instructions").
 *
 * Shifts clamp as PTX defines: amounts (unsigned) of the type width or more
 * give 0 (shl, shr.u/.b) or the sign fill (shr.s). Bit-field positions and
 * lengths are taken modulo 256 as PTX specifies (b[7:0], c[7:0]).
 * Predicate-typed and/or/xor/not/mov operate on whole lane masks.
 */
#include "exec/exec_int.h"

/* ---- predicate logic ---- */

static void pred_logic(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint32_t a = gs_x_pred(x, &inst->opd[1]);
    uint32_t b = inst->num_operands > 2 ? gs_x_pred(x, &inst->opd[2]) : 0u;
    uint32_t r;
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_AND: r = a & b; break;
    case GS_PTX_OP_OR: r = a | b; break;
    case GS_PTX_OP_XOR: r = a ^ b; break;
    case GS_PTX_OP_NOT: r = ~a; break;
    default: gs_x_unsupported(x); return;
    }
    gs_x_pred_write(x, inst->opd[0].reg, r);
}

/* ---- helpers ---- */

static unsigned clz64(uint64_t value, unsigned bits)
{
    unsigned count = 0;
    uint64_t top = 1ull << (bits - 1u);
    while (count < bits && !(value & top)) {
        value <<= 1;
        count++;
    }
    return count;
}

static uint64_t brev(uint64_t value, unsigned bits)
{
    uint64_t result = 0;
    unsigned i;
    for (i = 0; i < bits; i++)
        result |= ((value >> i) & 1u) << (bits - 1u - i);
    return result;
}

static unsigned popc64(uint64_t value)
{
    return gs_popcount32((uint32_t)value) + gs_popcount32((uint32_t)(value >> 32));
}

static uint64_t shift(const gs_ptx_inst *inst, uint64_t a, uint64_t amount, unsigned bits,
                      int is_signed)
{
    if (inst->op == GS_PTX_OP_SHL)
        return amount >= bits ? 0u : a << amount;
    if (is_signed) {
        if (amount >= bits)
            amount = bits - 1u;   /* sign fill */
        return (uint64_t)((int64_t)a >> amount);
    }
    return amount >= bits ? 0u : a >> amount;
}

/* shf.l / shf.r: funnel shift of the 64-bit value b:a (b high). */
static uint64_t funnel(const gs_ptx_inst *inst, uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t pair = ((b & 0xFFFFFFFFu) << 32) | (a & 0xFFFFFFFFu);
    uint64_t n = (inst->flags & GS_PTX_F_CLAMP) ? (c > 32u ? 32u : c) : (c & 31u);
    if (inst->mode == GS_PTX_SHF_L)
        return (pair << n) >> 32;
    return pair >> n;
}

static uint64_t bfind(uint64_t a, unsigned bits, int is_signed, int shiftamt)
{
    unsigned zeros;
    if (is_signed && (a >> (bits - 1u)) & 1u)
        a = ~a;   /* negative: the most significant 0 bit */
    a = gs_x_mask_bytes(a, bits / 8u);
    if (a == 0)
        return 0xFFFFFFFFu;
    zeros = clz64(a, bits);
    return shiftamt ? zeros : bits - 1u - zeros;
}

static uint64_t bfe(uint64_t a, uint64_t b, uint64_t c, unsigned bits, int is_signed)
{
    unsigned pos = (unsigned)(b & 0xFFu), len = (unsigned)(c & 0xFFu), i;
    unsigned msb = bits - 1u;
    uint64_t sbit = 0, result = 0;
    if (is_signed && len != 0)
        sbit = (a >> (pos + len - 1u > msb ? msb : pos + len - 1u)) & 1u;
    for (i = 0; i < bits; i++) {
        uint64_t bit = (i < len && pos + i <= msb) ? (a >> (pos + i)) & 1u : sbit;
        result |= bit << i;
    }
    return result;
}

static uint64_t bfi(uint64_t f, uint64_t b, uint64_t c, uint64_t d, unsigned bits)
{
    unsigned pos = (unsigned)(c & 0xFFu), len = (unsigned)(d & 0xFFu), i;
    uint64_t result = b;
    for (i = 0; i < len && pos + i < bits; i++) {
        result &= ~(1ull << (pos + i));
        result |= ((f >> i) & 1u) << (pos + i);
    }
    return result;
}

/* prmt modes: for each shift c[1:0], the source byte of result bytes 0..3
 * (PTX ISA prmt table, written byte 0 first). */
static const uint8_t prmt_modes[6][4][4] = {
    {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},   /* f4e */
    {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},   /* b4e */
    {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},   /* rc8 */
    {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},   /* ecl */
    {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},   /* ecr */
    {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}    /* rc16 */
};

static uint64_t prmt(unsigned mode, uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t source = ((b & 0xFFFFFFFFu) << 32) | (a & 0xFFFFFFFFu);
    uint64_t result = 0;
    unsigned i;
    for (i = 0; i < 4u; i++) {
        unsigned select, byte;
        if (mode == 0) {
            select = (unsigned)(c >> (4u * i)) & 0xFu;
            byte = (unsigned)(source >> ((select & 7u) * 8u)) & 0xFFu;
            if (select & 8u)   /* replicate the byte's sign bit */
                byte = (byte & 0x80u) ? 0xFFu : 0u;
        } else {
            select = prmt_modes[(mode - 1u) % 6u][c & 3u][i];
            byte = (unsigned)(source >> (select * 8u)) & 0xFFu;
        }
        result |= (uint64_t)byte << (8u * i);
    }
    return result;
}

static uint64_t lop3(uint64_t a, uint64_t b, uint64_t c, uint64_t lut)
{
    uint64_t result = 0;
    unsigned i;
    for (i = 0; i < 8u; i++)
        if ((lut >> i) & 1u)
            result |= ((i & 4u) ? a : ~a) & ((i & 2u) ? b : ~b) & ((i & 1u) ? c : ~c);
    return result;
}

static uint64_t bits_lane(const gs_ptx_inst *inst, const uint64_t *v, unsigned bytes,
                          int is_signed)
{
    unsigned bits = bytes * 8u;
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_AND: return v[0] & v[1];
    case GS_PTX_OP_OR: return v[0] | v[1];
    case GS_PTX_OP_XOR: return v[0] ^ v[1];
    case GS_PTX_OP_NOT: return ~v[0];
    case GS_PTX_OP_CNOT: return v[0] == 0;
    case GS_PTX_OP_SHL: case GS_PTX_OP_SHR:
        return shift(inst, v[0], v[1] & 0xFFFFFFFFu, bits, is_signed);
    case GS_PTX_OP_SHF: return funnel(inst, v[0], v[1], v[2] & 0xFFFFFFFFu);
    case GS_PTX_OP_BREV: return brev(v[0], bits);
    case GS_PTX_OP_POPC: return popc64(v[0]);
    case GS_PTX_OP_CLZ: return clz64(v[0], bits);
    case GS_PTX_OP_BFIND:
        return bfind(v[0], bits, is_signed, (inst->flags & GS_PTX_F_SHIFTAMT) != 0);
    case GS_PTX_OP_BFE: return bfe(v[0], v[1], v[2], bits, is_signed);
    case GS_PTX_OP_BFI: return bfi(v[0], v[1], v[2], v[3], bits);
    case GS_PTX_OP_PRMT: return prmt(inst->mode, v[0], v[1], v[2]);
    case GS_PTX_OP_LOP3: return lop3(v[0], v[1], v[2], v[3]);
    default: return 0;
    }
}

/* Destination width: popc/clz/bfind write a u32 whatever the source. */
static unsigned bits_dst_bytes(const gs_ptx_inst *inst, unsigned bytes)
{
    if (inst->op == GS_PTX_OP_POPC || inst->op == GS_PTX_OP_CLZ || inst->op == GS_PTX_OP_BFIND)
        return 4u;
    return bytes;
}

/* Fast paths for and/or/xor of any width and shl/shr.u/.b of 32 bits:
 * no normalisation needed. Returns 0 for other forms. */
static int bits_fast(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t sa[GS_LANES], sb[GS_LANES];
    const uint64_t *a, *b;
    uint64_t *d, mask;
    unsigned bytes = gs_x_types[inst->type].bytes, lane, op = inst->op;
    int logic = op == GS_PTX_OP_AND || op == GS_PTX_OP_OR || op == GS_PTX_OP_XOR;
    int shift32 = (op == GS_PTX_OP_SHL || op == GS_PTX_OP_SHR) && bytes == 4u &&
                  !gs_x_types[inst->type].is_signed;
    if (!(logic || shift32) || bytes == 0 || inst->opd[0].kind != GS_PTX_OPD_REG ||
        inst->num_operands != 3u)
        return 0;
    mask = gs_x_mask_bytes(~0ull, bytes);
    a = gs_x_src(x, &inst->opd[1], sa);
    b = gs_x_src(x, &inst->opd[2], sb);
    d = gs_x_row(x, inst->opd[0].reg);
    switch (op) {
    case GS_PTX_OP_AND: GS_FOR_LANES(lane, x->active) d[lane] = a[lane] & b[lane] & mask; break;
    case GS_PTX_OP_OR: GS_FOR_LANES(lane, x->active) d[lane] = (a[lane] | b[lane]) & mask; break;
    case GS_PTX_OP_XOR: GS_FOR_LANES(lane, x->active) d[lane] = (a[lane] ^ b[lane]) & mask; break;
    case GS_PTX_OP_SHL:
        GS_FOR_LANES(lane, x->active) {
            uint64_t n = b[lane] & 0xFFFFFFFFu;
            d[lane] = n >= 32u ? 0u : (a[lane] << n) & 0xFFFFFFFFu;
        }
        break;
    default:
        GS_FOR_LANES(lane, x->active) {
            uint64_t n = b[lane] & 0xFFFFFFFFu;
            d[lane] = n >= 32u ? 0u : (a[lane] & 0xFFFFFFFFu) >> n;
        }
        break;
    }
    return 1;
}

void gs_exec_bits(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t scratch[4][GS_LANES];
    const uint64_t *src[4];
    unsigned bytes = gs_x_types[inst->type].bytes, n, i, lane;
    int is_signed = gs_x_types[inst->type].is_signed;
    uint64_t *d;
    if (inst->type == GS_PTX_T_PRED) {
        pred_logic(x);
        return;
    }
    if (bits_fast(x))
        return;
    n = inst->num_operands > 1u ? inst->num_operands - 1u : 0u;
    if (bytes == 0 || n == 0 || n > 4u || inst->opd[0].kind != GS_PTX_OPD_REG ||
        gs_x_types[inst->type].is_float) {
        gs_x_unsupported(x);
        return;
    }
    for (i = 0; i < 4u; i++)
        src[i] = i < n ? gs_x_src(x, &inst->opd[i + 1u], scratch[i]) : src[0];
    d = gs_x_row(x, inst->opd[0].reg);
    GS_FOR_LANES(lane, x->active) {
        uint64_t v[4];
        for (i = 0; i < 4u; i++)
            v[i] = gs_x_ext(src[i][lane], inst->type);
        v[1] = (inst->op == GS_PTX_OP_SHL || inst->op == GS_PTX_OP_SHR) ? src[1][lane] : v[1];
        d[lane] = gs_x_mask_bytes(bits_lane(inst, v, bytes, is_signed),
                                  bits_dst_bytes(inst, bytes));
    }
}

/* ---- comparison and selection ---- */

static gs_fcmp float_cmp(unsigned cmp)
{
    switch ((gs_ptx_cmp)cmp) {
    case GS_PTX_CMP_EQ: return GS_FCMP_EQ;
    case GS_PTX_CMP_NE: return GS_FCMP_NE;
    case GS_PTX_CMP_LT: return GS_FCMP_LT;
    case GS_PTX_CMP_LE: return GS_FCMP_LE;
    case GS_PTX_CMP_GT: return GS_FCMP_GT;
    case GS_PTX_CMP_GE: return GS_FCMP_GE;
    case GS_PTX_CMP_EQU: return GS_FCMP_EQU;
    case GS_PTX_CMP_NEU: return GS_FCMP_NEU;
    case GS_PTX_CMP_LTU: return GS_FCMP_LTU;
    case GS_PTX_CMP_LEU: return GS_FCMP_LEU;
    case GS_PTX_CMP_GTU: return GS_FCMP_GTU;
    case GS_PTX_CMP_GEU: return GS_FCMP_GEU;
    case GS_PTX_CMP_NUM: return GS_FCMP_NUM;
    default: return GS_FCMP_NAN;
    }
}

/* a CMP b for values read as `type` (normalised here). */
static int compare(unsigned cmp, unsigned type, uint64_t a, uint64_t b, int ftz)
{
    int is_signed = gs_x_types[type].is_signed;
    if (type == GS_PTX_T_F32)
        return gs_f32_compare((uint32_t)a, (uint32_t)b, float_cmp(cmp), ftz);
    if (type == GS_PTX_T_F64)
        return gs_f64_compare(a, b, float_cmp(cmp));
    a = gs_x_ext(a, type);
    b = gs_x_ext(b, type);
    switch ((gs_ptx_cmp)cmp) {
    case GS_PTX_CMP_EQ: return a == b;
    case GS_PTX_CMP_NE: return a != b;
    case GS_PTX_CMP_LT: return is_signed ? (int64_t)a < (int64_t)b : a < b;
    case GS_PTX_CMP_LE: return is_signed ? (int64_t)a <= (int64_t)b : a <= b;
    case GS_PTX_CMP_GT: return is_signed ? (int64_t)a > (int64_t)b : a > b;
    case GS_PTX_CMP_GE: return is_signed ? (int64_t)a >= (int64_t)b : a >= b;
    case GS_PTX_CMP_LO: return a < b;
    case GS_PTX_CMP_LS: return a <= b;
    case GS_PTX_CMP_HI: return a > b;
    case GS_PTX_CMP_HS: return a >= b;
    default: return 0;
    }
}

static int compare_supported(unsigned type)
{
    return type != GS_PTX_T_NONE && type != GS_PTX_T_PRED && type != GS_PTX_T_F16 &&
           type != GS_PTX_T_F16X2;
}

static uint32_t combine(unsigned boolop, uint32_t t, uint32_t c)
{
    switch (boolop) {
    case GS_PTX_BOOL_AND: return t & c;
    case GS_PTX_BOOL_OR: return t | c;
    case GS_PTX_BOOL_XOR: return t ^ c;
    default: return t;
    }
}

#define GS_CMP_LOOP(expr) \
    GS_FOR_LANES(lane, x->active) { \
        uint64_t A = gs_x_ext(a[lane], type), B = gs_x_ext(b[lane], type); \
        mask |= (uint32_t)(expr) << lane; \
    }

/* Integer comparison of all active lanes (the operator chosen once). */
static uint32_t int_compare_mask(const gs_x *x, unsigned type, const uint64_t *a,
                                 const uint64_t *b)
{
    uint32_t mask = 0;
    unsigned lane;
    int sgn = gs_x_types[type].is_signed;
    switch ((gs_ptx_cmp)x->inst->cmp) {
    case GS_PTX_CMP_EQ: GS_CMP_LOOP(A == B); break;
    case GS_PTX_CMP_NE: GS_CMP_LOOP(A != B); break;
    case GS_PTX_CMP_LT: GS_CMP_LOOP(sgn ? (int64_t)A < (int64_t)B : A < B); break;
    case GS_PTX_CMP_LE: GS_CMP_LOOP(sgn ? (int64_t)A <= (int64_t)B : A <= B); break;
    case GS_PTX_CMP_GT: GS_CMP_LOOP(sgn ? (int64_t)A > (int64_t)B : A > B); break;
    case GS_PTX_CMP_GE: GS_CMP_LOOP(sgn ? (int64_t)A >= (int64_t)B : A >= B); break;
    case GS_PTX_CMP_LO: GS_CMP_LOOP(A < B); break;
    case GS_PTX_CMP_LS: GS_CMP_LOOP(A <= B); break;
    case GS_PTX_CMP_HI: GS_CMP_LOOP(A > B); break;
    case GS_PTX_CMP_HS: GS_CMP_LOOP(A >= B); break;
    default: break;
    }
    return mask;
}

/* setp / set: the comparison as a lane mask. */
static uint32_t compare_mask(gs_x *x, unsigned type)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t sa[GS_LANES], sb[GS_LANES];
    const uint64_t *a = gs_x_src(x, &inst->opd[1], sa), *b = gs_x_src(x, &inst->opd[2], sb);
    int ftz = (inst->flags & GS_PTX_F_FTZ) != 0;
    uint32_t mask = 0;
    unsigned lane;
    if (!gs_x_types[type].is_float)
        return int_compare_mask(x, type, a, b);
    GS_FOR_LANES(lane, x->active)
        if (compare(inst->cmp, type, a[lane], b[lane], ftz))
            mask |= 1u << lane;
    return mask;
}

static void setp(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint32_t t = compare_mask(x, inst->type);
    uint32_t c = inst->num_operands > 3 ? gs_x_pred(x, &inst->opd[3]) : 0u;
    gs_x_pred_write(x, inst->opd[0].reg, combine(inst->boolop, t, c));
    if (inst->opd[0].reg2 != GS_PTX_NONE)
        gs_x_pred_write(x, inst->opd[0].reg2, combine(inst->boolop, ~t, c));
}

static void set(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint32_t t = compare_mask(x, inst->type2);
    uint32_t c = inst->num_operands > 3 ? gs_x_pred(x, &inst->opd[3]) : 0u;
    uint32_t r = combine(inst->boolop, t, c);
    uint64_t *d = gs_x_row(x, inst->opd[0].reg);
    uint64_t one = inst->type == GS_PTX_T_F32 ? 0x3F800000u : 0xFFFFFFFFu;  /* 1.0f or ~0 */
    unsigned lane;
    GS_FOR_LANES(lane, x->active)
        d[lane] = ((r >> lane) & 1u) ? one : 0u;
}

static void select_lanes(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t sa[GS_LANES], sb[GS_LANES], sc[GS_LANES];
    const uint64_t *a = gs_x_src(x, &inst->opd[1], sa), *b = gs_x_src(x, &inst->opd[2], sb);
    uint64_t *d = gs_x_row(x, inst->opd[0].reg);
    unsigned bytes = gs_x_types[inst->type].bytes, lane;
    if (inst->op == GS_PTX_OP_SELP) {
        uint32_t c = gs_x_pred(x, &inst->opd[3]);
        GS_FOR_LANES(lane, x->active)
            d[lane] = gs_x_mask_bytes(((c >> lane) & 1u) ? a[lane] : b[lane], bytes);
        return;
    } else {
        const uint64_t *c = gs_x_src(x, &inst->opd[3], sc);
        int ftz = (inst->flags & GS_PTX_F_FTZ) != 0;
        GS_FOR_LANES(lane, x->active) {
            int pick_a = compare(GS_PTX_CMP_GE, inst->type2, c[lane], 0u, ftz);
            d[lane] = gs_x_mask_bytes(pick_a ? a[lane] : b[lane], bytes);
        }
    }
}

void gs_exec_compare(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_SETP:
        if (compare_supported(inst->type) && inst->opd[0].kind == GS_PTX_OPD_PRED)
            setp(x);
        else
            gs_x_unsupported(x);
        break;
    case GS_PTX_OP_SET:
        if (compare_supported(inst->type2) && inst->opd[0].kind == GS_PTX_OPD_REG)
            set(x);
        else
            gs_x_unsupported(x);
        break;
    default:
        if (inst->opd[0].kind == GS_PTX_OPD_REG && inst->type != GS_PTX_T_PRED &&
            (inst->op == GS_PTX_OP_SELP || compare_supported(inst->type2)))
            select_lanes(x);
        else
            gs_x_unsupported(x);
        break;
    }
}
