/*
 * Decoding one Accel-Sim instruction line into a gs_inst (spec/formats.md
 * section 1.3: field order per tracer version, field encodings, address
 * compression modes; 1.4 examples):
 *
 *   v3:  PC mask dest_num [Rd] opcode src_num [Rs...] mem_width [mode addr...]
 *   v4:  [line_num] ...as v3
 *   v5:  [line_num] ...as v3... imm
 *
 * line_num is present only with `-enable lineinfo = 1` (formats.md 1.3).
 * Decisions on the format's open points (each also named where made):
 *  - dest_num may be up to GS_INST_MAX_DST and src_num up to 8
 *    (TRACE_MAX_SRC; the v3-v5 tracer writes at most 1 and 5); more is an
 *    error;
 *  - registers are R0..R255; R255 (RZ) is not a dependency and is dropped;
 *  - base_stride (mode 1) is decoded as "k-th active lane = base + k*stride"
 *    even when the active lanes are not contiguous (the tracer never writes
 *    that; formats.md gives the decode rule);
 *  - with no active lane (mask 0) mode 1 still carries base and stride and
 *    mode 2 its base (as the public traces show: `... 4 1 0x0 0`);
 *  - an address block on an opcode that has no memory space in the table is
 *    checked and ignored (cache control carries an address, moves no data);
 *  - a memory opcode with mem_width 0 has no addresses: it is handed over
 *    with access_bytes 0 (texture/surface instructions are always so);
 *  - the access width comes from the opcode, not from mem_width, as Accel-Sim
 *    re-derives it ("nvbit can report it incorrectly", formats.md 1.3).
 */
#include <string.h>

#include "base/config.h"
#include "base/fmt.h"
#include "base/stats.h"
#include "trace/trace_internal.h"

/* Sources a trace instruction may name (see the decisions above). */
#define TRACE_MAX_SRC 8u

typedef struct tok_cursor {
    const char *line;
    uint32_t length, at;
    const char *file;
    uint32_t line_no;
    const gs_trace_kernel *k;
    gs_diag *diag;
} tok_cursor;

typedef struct tok {
    const char *text;
    uint32_t length, column;
} tok;

static int inst_is_space(char c)
{
    return c == ' ' || c == '\t';
}

static gs_status inst_fail(tok_cursor *c, uint32_t column, const char *what, const tok *t)
{
    char clip[GS_TRACE_CLIP];
    if (t && t->length)
        return gs_diag_set(c->diag, GS_E_TRACE, c->file, c->line_no, column,
                           "%s, found '%s'", what, gs_trace_clip(clip, t->text, t->length));
    return gs_diag_set(c->diag, GS_E_TRACE, c->file, c->line_no, column,
                       "truncated line: %s", what);
}

/* Next whitespace-separated token; length 0 at the end of the line. */
static void next_tok(tok_cursor *c, tok *t)
{
    while (c->at < c->length && inst_is_space(c->line[c->at]))
        c->at++;
    t->text = c->line + c->at;
    t->column = c->at + 1u;
    while (c->at < c->length && !inst_is_space(c->line[c->at]))
        c->at++;
    t->length = (uint32_t)(c->line + c->at - t->text);
}

static int inst_hex_digit(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

/* Hex with optional 0x, at most max_digits significant digits. */
static int parse_hex(const tok *t, unsigned max_digits, uint64_t *value)
{
    uint32_t i = 0;
    uint64_t v = 0;
    unsigned digits = 0;
    if (t->length >= 2 && t->text[0] == '0' && (t->text[1] == 'x' || t->text[1] == 'X'))
        i = 2;
    if (i >= t->length)
        return 0;
    for (; i < t->length; i++) {
        int d = inst_hex_digit(t->text[i]);
        if (d < 0)
            return 0;
        if (v != 0 || d != 0)
            digits++;
        if (digits > max_digits)
            return 0;
        v = (v << 4) | (uint64_t)d;
    }
    *value = v;
    return 1;
}

static int parse_dec(const tok *t, uint64_t max, uint64_t *value)
{
    uint32_t i;
    uint64_t v = 0;
    if (t->length == 0)
        return 0;
    for (i = 0; i < t->length; i++) {
        char ch = t->text[i];
        if (ch < '0' || ch > '9' || (uint64_t)(ch - '0') > max
            || v > (max - (uint64_t)(ch - '0')) / 10u)
            return 0;
        v = v * 10u + (uint64_t)(ch - '0');
    }
    *value = v;
    return 1;
}

static int parse_signed(const tok *t, int64_t *value)
{
    return t->length > 0 && gs_parse_i64(t->text, t->length, value);
}

static gs_status take_hex(tok_cursor *c, unsigned digits, const char *what, uint64_t *v)
{
    tok t;
    next_tok(c, &t);
    if (!parse_hex(&t, digits, v))
        return inst_fail(c, t.column, what, &t);
    return GS_OK;
}

static gs_status take_dec(tok_cursor *c, uint64_t max, const char *what, uint64_t *v)
{
    tok t;
    next_tok(c, &t);
    if (!parse_dec(&t, max, v))
        return inst_fail(c, t.column, what, &t);
    return GS_OK;
}

static gs_status take_signed(tok_cursor *c, const char *what, int64_t *v)
{
    tok t;
    next_tok(c, &t);
    if (!parse_signed(&t, v))
        return inst_fail(c, t.column, what, &t);
    return GS_OK;
}

/* `count` register tokens R0..R255; RZ (R255) dropped (formats.md 1.3). */
static gs_status take_regs(tok_cursor *c, uint64_t count, uint16_t *regs, uint8_t *kept)
{
    uint64_t i, n;
    *kept = 0;
    for (i = 0; i < count; i++) {
        tok t, digits;
        next_tok(c, &t);
        digits.text = t.text + 1;
        digits.length = t.length ? t.length - 1u : 0u;
        if (t.length < 2 || t.text[0] != 'R' || !parse_dec(&digits, 255u, &n))
            return inst_fail(c, t.column, "expected a register R0..R255", &t);
        if (n != 255u)
            regs[(*kept)++] = (uint16_t)n;
    }
    return GS_OK;
}

uint32_t gs_trace_access_bytes(const char *opcode, size_t length)
{
    /* First modifier that is a bit width (optionally U/S prefixed) decides;
     * default 4 bytes (formats.md 1.3: ".128" -> 16, "U8" -> 1). */
    size_t at = 0;
    while (at < length) {
        size_t start, end;
        while (at < length && opcode[at] != '.')
            at++;
        start = ++at;
        while (at < length && opcode[at] != '.')
            at++;
        end = at;
        if (start < end && (opcode[start] == 'U' || opcode[start] == 'S'))
            start++;
        if (end - start == 1 && opcode[start] == '8')
            return 1;
        if (end - start == 2 && memcmp(opcode + start, "16", 2) == 0)
            return 2;
        if (end - start == 2 && memcmp(opcode + start, "32", 2) == 0)
            return 4;
        if (end - start == 2 && memcmp(opcode + start, "64", 2) == 0)
            return 8;
        if (end - start == 3 && memcmp(opcode + start, "128", 3) == 0)
            return 16;
    }
    return 4;
}

const gs_sass_isa *gs_trace_isa(uint32_t binary_version)
{
    uint32_t i;
    for (i = 0; i < GS_SASS_ISA_COUNT; i++)
        if (gs_sass_isas[i].binary_version == binary_version)
            return &gs_sass_isas[i];
    return NULL;
}

/* The table's name `entry` against name[0..length) (which may hold any
 * byte): strcmp's order, never reading entry past its terminator. */
static int op_compare(const char *entry, const char *name, size_t length)
{
    size_t i;
    for (i = 0; i < length; i++) {
        unsigned char a = (unsigned char)entry[i], b = (unsigned char)name[i];
        if (a != b)
            return a < b ? -1 : 1;
        if (a == '\0')
            return -1;   /* entry ends where name has a NUL and goes on */
    }
    return entry[length] == '\0' ? 0 : 1;
}

const gs_sass_op *gs_trace_find_op(const gs_sass_isa *isa, const char *name, size_t length)
{
    uint32_t lo = 0, hi = isa->count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2u;
        int cmp = op_compare(isa->ops[mid].name, name, length);
        if (cmp == 0)
            return &isa->ops[mid];
        if (cmp < 0)
            lo = mid + 1u;
        else
            hi = mid;
    }
    return NULL;
}

static int has_modifier(const char *op, uint32_t length, const char *mod)
{
    uint32_t n = (uint32_t)strlen(mod), i;
    for (i = 0; i + n < length; i++)
        if (op[i] == '.' && memcmp(op + i + 1, mod, n) == 0
            && (i + 1 + n == length || op[i + 1 + n] == '.'))
            return 1;
    return 0;
}

static gs_status take_opcode(tok_cursor *c, gs_inst *out, tok *opcode)
{
    const gs_sass_op *op;
    uint32_t base = 0;
    char clip[GS_TRACE_CLIP];
    next_tok(c, opcode);
    if (opcode->length == 0)
        return inst_fail(c, opcode->column, "expected the opcode", NULL);
    while (base < opcode->length && opcode->text[base] != '.')
        base++;
    op = gs_trace_find_op(c->k->isa, opcode->text, base);
    if (!op)
        return gs_diag_set(c->diag, GS_E_TRACE, c->file, c->line_no, opcode->column,
                           "unknown opcode '%s' for binary version %u (not in the "
                           "opcode table of gen/opcodes.py)", gs_trace_clip(clip, opcode->text,
                                                                            base),
                           (unsigned)c->k->binary_version);
    out->unit = op->unit;
    out->op_class = op->op_class;
    out->space = op->space;
    out->mem_op = op->mem_op;
    out->flags = op->flags;
    out->spec_kind = op->spec_kind;   /* not in the digest: timing routing only */
    if (c->k->spec_missing >> op->spec_kind & 1u)
        return gs_diag_set(c->diag, GS_E_CONFIG, c->file, c->line_no, opcode->column,
                           "opcode '%s' runs on a specialized unit named %s, but the "
                           "configuration enables none (add -specialized_unit_K "
                           "1,<units>,<max latency>,<ID_OC>,<OC_EX>,%s with its "
                           "-trace_opcode_latency_initiation_spec_op_K; spec/formats.md 1.6)",
                           gs_trace_clip(clip, opcode->text, base),
                           gs_config_spec_name(op->spec_kind), gs_config_spec_name(op->spec_kind));
    if ((op->flags & GS_INST_BARRIER) && has_modifier(opcode->text, opcode->length, "ARV"))
        out->flags |= GS_INST_BAR_ARRIVE;
    if (op->space != GS_SPACE_NONE)
        out->access_bytes = (uint8_t)gs_trace_access_bytes(opcode->text, opcode->length);
    return GS_OK;
}

/* The address block after a nonzero mem_width (formats.md 1.3). */
static gs_status take_addresses(tok_cursor *c, gs_inst *out, uint64_t *addr)
{
    uint64_t mode, base = 0;
    uint32_t lane, k = 0;
    int64_t step = 0;
    gs_status st = GS_OK;
    tok t;
    next_tok(c, &t);
    if (!parse_dec(&t, 9u, &mode) || mode > 2u)
        return inst_fail(c, t.column, "expected the address compression mode 0 (list), "
                    "1 (base+stride) or 2 (base+deltas)", &t);
    if (mode != 0u && (st = take_hex(c, 16u, "expected a hex base address", &base)) != GS_OK)
        return st;
    if (mode == 1u && (st = take_signed(c, "expected the address stride", &step)) != GS_OK)
        return st;
    for (lane = 0; lane < GS_WARP_SIZE; lane++) {
        if (!(out->active_mask >> lane & 1u))
            continue;
        if (mode == 0u)
            st = take_hex(c, 16u, "expected a hex address for each active lane", &addr[lane]);
        else if (mode == 1u)
            addr[lane] = base + (uint64_t)step * k;
        else {
            if (k > 0 && (st = take_signed(c, "expected an address delta for each further "
                                              "active lane", &step)) == GS_OK)
                base += (uint64_t)step;
            addr[lane] = base;
        }
        if (st != GS_OK)
            return st;
        k++;
    }
    return GS_OK;
}

static gs_status decode_fields(tok_cursor *c, gs_inst *out)
{
    uint64_t v, count;
    int64_t imm;
    uint64_t scratch[GS_WARP_SIZE];
    tok opcode, rest;
    gs_status st = GS_OK;
    if (c->k->lineinfo && (st = take_dec(c, 0xFFFFFFFFu, "expected the line number", &v)))
        return st;
    if ((st = take_hex(c, 8u, "expected the PC (hex)", &v)) != GS_OK)
        return st;
    out->pc = (uint32_t)v;
    if ((st = take_hex(c, 8u, "expected the active mask (8 hex digits)", &v)) != GS_OK)
        return st;
    out->active_mask = (uint32_t)v;
    if ((st = take_dec(c, GS_INST_MAX_DST, "expected the destination count (0..4)", &count))
        || (st = take_regs(c, count, out->dst, &out->num_dst))
        || (st = take_opcode(c, out, &opcode))
        || (st = take_dec(c, TRACE_MAX_SRC, "expected the source count (0..8)", &count))
        || (st = take_regs(c, count, out->src, &out->num_src))
        || (st = take_dec(c, 255u, "expected the memory width", &v)))
        return st;
    if (v != 0u)
        st = take_addresses(c, out, out->space != GS_SPACE_NONE ? out->addr : scratch);
    else
        out->access_bytes = 0;   /* no addresses in the trace (see trace.h) */
    if (st == GS_OK && c->k->tracer_version >= 5u)
        st = take_signed(c, "expected the immediate (tracer version 5)", &imm);
    if (st != GS_OK)
        return st;
    next_tok(c, &rest);
    if (rest.length)
        return inst_fail(c, rest.column, "unexpected text at the end of the instruction", &rest);
    return GS_OK;
}

gs_status gs_trace_decode(const gs_trace_kernel *k, const char *line, uint32_t length,
                          const char *file, uint32_t line_no, gs_inst *out, gs_diag *diag)
{
    tok_cursor c;
    c.line = line;
    c.length = length;
    c.at = 0;
    c.file = file;
    c.line_no = line_no;
    c.k = k;
    c.diag = diag;
    memset(out, 0, sizeof *out);
    return decode_fields(&c, out);
}

static uint64_t put_u64(uint64_t state, uint64_t v)
{
    uint8_t b[8];
    unsigned i;
    for (i = 0; i < 8u; i++)
        b[i] = (uint8_t)(v >> (8u * i));
    return gs_hash_bytes(state, b, 8);
}

uint64_t gs_trace_hash_inst(uint64_t state, const gs_inst *in)
{
    uint32_t i;
    state = put_u64(state, (uint64_t)in->pc << 32 | in->active_mask);
    state = put_u64(state, (uint64_t)in->flags << 48 | (uint64_t)in->unit << 40
                               | (uint64_t)in->op_class << 32 | (uint64_t)in->space << 24
                               | (uint64_t)in->mem_op << 16 | (uint64_t)in->access_bytes << 8
                               | (uint64_t)in->num_dst << 4 | in->num_src);
    for (i = 0; i < in->num_dst; i++)
        state = put_u64(state, in->dst[i]);
    for (i = 0; i < in->num_src; i++)
        state = put_u64(state, in->src[i]);
    if (in->space != GS_SPACE_NONE)
        for (i = 0; i < GS_WARP_SIZE; i++)
            if (in->active_mask >> i & 1u)
                state = put_u64(state, in->addr[i]);
    return put_u64(state, in->next_pc);
}
