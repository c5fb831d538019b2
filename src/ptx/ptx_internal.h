/*
 * Internals of the PTX loader (ptx/ptx.h): the lexer, the scoped symbol
 * table, the scratch records the parser fills, and the functions the
 * loader's files share. Not part of the public interface.
 *
 * Memory plan (DESIGN.md section 5): every scratch array is allocated once,
 * at the start of gs_ptx_load, with a capacity bounded by the text length
 * (ptx_caps_for); the instruction array comes first in the arena so it
 * stays where it is, and the rest of the decoded module is copied compactly
 * behind it at the end, after which the scratch is released.
 */
#ifndef GS_PTX_PTX_INTERNAL_H
#define GS_PTX_PTX_INTERNAL_H

#include "base/fmt.h"
#include "ptx/ptx.h"

/* ---- capacities derived from the text length ---- */
typedef struct ptx_caps {
    size_t insts;      /* an instruction takes >= 4 chars ("ret;") */
    size_t fixups;     /* label references (bra operands) */
    size_t syms;       /* a symbol entry per distinct word: <= (L+1)/2 */
    size_t buckets;    /* power of two >= syms */
    size_t vars;       /* a declaration takes >= 8 chars */
    size_t params;
    size_t kernels;
    size_t init_bytes; /* <= 8 bytes per 2 chars of initialiser */
    size_t relocs;     /* addresses in initialisers: each a word in one */
    size_t calls;      /* call instructions and function addresses taken: one per
                        * "call" or "mov" opcode word */
    size_t call_args;  /* parameters named by calls: each a word in a list */
    size_t linked_insts;   /* instructions of the linked kernels (ptx_link.c) */
    size_t linked_funcs;   /* their tables of linked functions, all together */
    size_t shared_places;  /* module-scope .shared variables placed in a body's
                            * window: at most one per word (0: nothing links) */
} ptx_caps;

void ptx_caps_for(size_t text_length, ptx_caps *caps);
/* The same, bounded by the text's token counts (what gs_ptx_load uses). */
void ptx_caps_for_text(const char *text, size_t length, ptx_caps *caps);

/* ---- tokens ---- */
enum ptx_tok_kind { PTX_TK_EOF = 0, PTX_TK_WORD, PTX_TK_NUM, PTX_TK_STR, PTX_TK_PUNCT };

typedef struct ptx_tok {
    uint8_t kind;
    const char *text;
    uint32_t len;
    uint32_t line;
    uint32_t col;
} ptx_tok;

/* ---- symbols ---- */
enum ptx_sym_kind {
    PTX_SYM_REG = 1,      /* one data register (slot on first use) */
    PTX_SYM_PRED,         /* one predicate register */
    PTX_SYM_REG_RANGE,    /* %r<N>: prefix, count = N */
    PTX_SYM_PRED_RANGE,
    PTX_SYM_LABEL,        /* index = instruction index */
    PTX_SYM_VAR,          /* index = var index */
    PTX_SYM_PARAM,        /* index = param index in the kernel */
    PTX_SYM_KERNEL,       /* index = kernel index */
    PTX_SYM_FUNC_DECL     /* body-less .func/.entry prototype */
};

typedef struct ptx_sym {
    const char *name;
    uint32_t len;
    uint32_t next;        /* next in bucket chain, GS_PTX_NONE ends */
    uint32_t bucket;
    uint8_t kind;
    uint8_t type;
    uint32_t index;       /* see kind */
    uint32_t count;       /* range size */
    uint32_t slot;        /* register slot, GS_PTX_NONE until first use */
    uint32_t scope;       /* block serial it was declared in (duplicates) */
} ptx_sym;

/* ---- scratch records ---- */
typedef struct ptx_kscratch {
    gs_ptx_kernel k;      /* name/params/insts pointers set when finishing */
    const char *name;
    uint32_t name_len;
    uint32_t first_param;
    uint32_t first_inst;
    uint32_t cc_slot;     /* hidden carry-flag predicate slot + 1 (0: none yet) */
    uint32_t call_area_bytes;  /* the largest call block's parameters */
    uint32_t first_call;  /* its calls and function addresses taken:
                           * ctx->calls[first_call, + num_calls) */
    uint32_t num_calls;
    int has_call;         /* a call instruction (not only addresses taken) */
    uint32_t first_place, num_places;   /* its ctx->places */
    uint32_t linked_at;   /* .entry with calls: its linked code in ctx->linked
                           * (GS_PTX_NONE: none; insts are its own) */
    uint32_t linked_funcs_at;   /* ... and its table in ctx->linked_funcs */
} ptx_kscratch;

typedef struct ptx_pscratch {
    gs_ptx_param p;
    const char *name;
    uint32_t name_len;
} ptx_pscratch;

typedef struct ptx_vscratch {
    gs_ptx_var v;
    const char *name;
    uint32_t name_len;
    uint64_t init_at;         /* offset in the init byte pool */
    uint32_t kernel_seen;     /* module .shared: last kernel that placed it */
    uint64_t kernel_offset;   /* ... and its offset in that kernel's window */
} ptx_vscratch;

typedef struct ptx_fixup {    /* a label operand waiting for its label */
    uint32_t inst;
    ptx_tok tok;
} ptx_fixup;

/* A module-scope .shared variable placed in a body's window (ptx_shared_offset):
 * the link places the ones a function uses in each calling kernel's window. */
typedef struct ptx_place {
    uint32_t kernel, var;
    uint64_t offset;
} ptx_place;

/* A call instruction waiting for the link (ptx_link.c): its callee's name
 * and the call block's .param variables it passes, return values first. */
enum ptx_call_kind {
    PTX_CALL_DIRECT = 0,  /* call f */
    PTX_CALL_INDIRECT,    /* call %rd (callee: the prototype's name) */
    PTX_CALL_ADDRESS,     /* mov %rd, f: f's address taken (operand `operand`) */
    PTX_CALL_VPRINTF      /* call vprintf: gpusim's own (exec/devprintf.h) */
};

typedef struct ptx_call {
    uint32_t inst;        /* index in ctx->insts */
    uint32_t caller;      /* kernel index of the body it is in */
    ptx_tok callee;
    uint32_t first_arg;   /* in ctx->call_args */
    uint16_t num_rets, num_args;
    uint8_t kind;         /* enum ptx_call_kind */
    uint8_t operand;
    uint32_t target;      /* the callee's kernel index, after the link resolved it
                           * (GS_PTX_NONE for an indirect call) */
} ptx_call;

typedef struct ptx_ctx {
    gs_arena *arena;
    gs_diag *diag;
    const char *file;
    const char *text;
    size_t length;
    size_t pos;
    uint32_t line, col;
    ptx_tok tok;              /* current token */
    ptx_tok ahead;            /* one token of lookahead */
    int seen_version;         /* .version given (it must come first) */
    int have_ahead;
    ptx_caps caps;
    /* symbols with scopes */
    uint32_t *buckets;
    ptx_sym *syms;
    uint32_t num_syms;
    /* scratch outputs */
    gs_ptx_inst *insts;
    uint32_t num_insts;
    ptx_kscratch *kernels;
    uint32_t num_kernels;
    ptx_pscratch *params;
    uint32_t num_params;
    ptx_vscratch *vars;
    uint32_t num_vars;
    uint8_t *init;
    uint64_t init_used;
    gs_ptx_reloc *relocs;     /* `at`: the element's place in the init pool */
    uint32_t num_relocs;
    ptx_fixup *fixups;
    uint32_t num_fixups;
    ptx_call *calls;
    uint32_t num_calls;
    uint32_t *call_args;      /* var indices of the parameters calls pass */
    uint32_t num_call_args;
    gs_ptx_inst *linked;      /* linked kernels' instructions (ptx_link.c) */
    uint32_t num_linked;
    gs_ptx_linked *linked_funcs;  /* their tables of linked functions */
    uint32_t num_linked_funcs;
    ptx_place *places;
    uint32_t num_places;
    gs_ptx_module module;     /* header fields gathered while parsing */
    uint32_t scope;           /* serial of the innermost open block */
    uint32_t next_scope;
    ptx_kscratch *cur;        /* kernel being parsed, or NULL */
    uint32_t cur_index;
    int reuse_slots;          /* liveness-based slot reuse (ptx_live.c) */
    uint32_t call_stack_depth;    /* gs_ptx_load_options.call_stack_depth, resolved */
} ptx_ctx;

/* ---- lexer (ptx_lex.c) ---- */
void ptx_lex_init(ptx_ctx *ctx, const char *text, size_t length);
void ptx_next(ptx_ctx *ctx);                  /* advance ctx->tok */
const ptx_tok *ptx_peek(ptx_ctx *ctx);        /* the token after tok */
int ptx_is(const ptx_tok *tok, const char *word);   /* word/punct equals */
int ptx_is_punct(const ptx_tok *tok, char c);
/* Errors: always return GS_E_PTX (or the status given) with file:line:col. */
gs_status ptx_error(ptx_ctx *ctx, const ptx_tok *tok, const char *format, ...)
    GS_PRINTF_LIKE(3, 4);
gs_status ptx_error_status(ptx_ctx *ctx, gs_status status, const ptx_tok *tok,
                           const char *format, ...) GS_PRINTF_LIKE(4, 5);
/* Token text as a printable string (bounded, for messages). */
const char *ptx_tok_str(const ptx_tok *tok, char *buffer, size_t capacity);
/* Expect a punctuation char and consume it. */
gs_status ptx_expect(ptx_ctx *ctx, char c);
/* Integer literal (decimal, 0x hex, 0 octal, 0b binary, optional U
 * suffix) with an optional leading '-' already consumed by the caller. */
int ptx_parse_int(const ptx_tok *tok, uint64_t *value);
/* Float literal 0fXXXXXXXX / 0dXXXXXXXXXXXXXXXX: *bits, *is_double. */
int ptx_parse_hexfloat(const ptx_tok *tok, uint64_t *bits, int *is_double);
/* Decimal float literal (1.5, 2e10, 1.5e-3) as f64 bits, converted exactly
 * (PTX: decimal literals are f64; one correctly rounded operation when the
 * digits and the power of ten are exact doubles, else not supported).
 * 1: *bits set; -1: a decimal float that cannot be converted exactly;
 * 0: not a decimal float. */
int ptx_parse_decfloat(const ptx_tok *tok, uint64_t *bits);
/* Parse a signed integer token sequence at ctx->tok ('-'? NUM). */
gs_status ptx_take_int(ptx_ctx *ctx, int64_t *value);
gs_status ptx_take_uint(ptx_ctx *ctx, uint64_t *value, const char *what);
/* Skip tokens until the line changes (for .loc/.file). */
void ptx_skip_line(ptx_ctx *ctx, uint32_t line);

/* ---- symbols (ptx_sym.c) ---- */
uint32_t ptx_sym_find(const ptx_ctx *ctx, const char *name, uint32_t len);
/* Insert; returns the index or GS_PTX_NONE when full. */
uint32_t ptx_sym_add(ptx_ctx *ctx, const char *name, uint32_t len, uint8_t kind);
/* Pop entries back to a mark (scope exit); chains stay consistent. */
void ptx_sym_pop_to(ptx_ctx *ctx, uint32_t mark);
/* Resolve a register token: a declared register or a member of a declared
 * range (%r17 of %r<20>). Returns the sym index, or GS_PTX_NONE. */
uint32_t ptx_sym_register(ptx_ctx *ctx, const ptx_tok *tok);

/* ---- names and tables (ptx_names.c) ---- */
gs_ptx_type ptx_type_from(const char *text, uint32_t len);
int ptx_space_from(const char *text, uint32_t len);   /* gs_space or -1 */
gs_ptx_op ptx_op_from(const char *text, uint32_t len);   /* COUNT if unknown */
int ptx_sreg_from(const char *text, uint32_t len, uint8_t *sreg, uint8_t *dim);

/* ---- declarations and kernels (ptx_decl.c) ---- */
gs_status ptx_parse_module(ptx_ctx *ctx);

/* ---- instructions (ptx_inst.c) ---- */
/* A dotted modifier p[0..n) equals `name`; its index in a NULL-terminated
 * list plus 1, 0 when absent. */
int ptx_word_eq(const char *p, uint32_t n, const char *name);
int ptx_word_lookup(const char *p, uint32_t n, const char *const *list);
gs_status ptx_parse_inst(ptx_ctx *ctx);
/* The slot of register symbol `sym`, numbered on first use. */
gs_status ptx_register_slot(ptx_ctx *ctx, uint32_t sym, const ptx_tok *at, uint32_t *slot);
/* A register operand token (*is_pred: which file), and a {..} vector
 * operand of at least min_count registers (or '_'). */
gs_status ptx_operand_register(ptx_ctx *ctx, const ptx_tok *at, uint32_t *slot, int *is_pred);
gs_status ptx_operand_vector(ptx_ctx *ctx, gs_ptx_operand *o, unsigned min_count);
/* Place a module-scope .shared variable in the current kernel's window. */
uint64_t ptx_shared_offset(ptx_ctx *ctx, uint32_t var);

/* ---- register slot reuse (ptx_live.c) ---- */
typedef struct ptx_flow {     /* a kernel's basic blocks (from ptx_cfg.c) */
    uint32_t blocks;
    const uint32_t *block_of; /* instruction -> block */
    const uint32_t *start;    /* block -> first instruction (blocks + 1) */
    const uint32_t *succ;     /* 2 per block: block index, `blocks` = exit, or NONE */
} ptx_flow;
size_t ptx_live_bytes(size_t insts, size_t slots);
/* Does the instruction write its first operand (ptx_sbid.c)? */
int ptx_writes_first_operand(const gs_ptx_inst *inst);

/* Fill inst->sb_dst/sb_src (ptx_sbid.c); call before storage reuse. */
void ptx_scoreboard_ids(const gs_ptx_kernel *kernel, gs_ptx_inst *inst);

/* Sets kernel->num_reg_storage and renumbers data slots in the operands
 * (when ctx->reuse_slots); mem holds ptx_live_bytes(num_insts, slots). */
void ptx_live_reuse(ptx_ctx *ctx, gs_ptx_kernel *kernel, gs_ptx_inst *insts,
                    const ptx_flow *flow, uint32_t *mem);

/* value rounded up to a multiple of align (0 and 1: value). */
static inline uint64_t ptx_align_up(uint64_t value, uint64_t align)
{
    return align > 1u ? (value + align - 1u) / align * align : value;
}

/* Where a body's dynamic (.extern) shared memory starts: after its static
 * window, at the extern array's alignment (ptx.h). */
static inline uint64_t ptx_extern_shared_base(uint64_t static_bytes, uint32_t align)
{
    return ptx_align_up(static_bytes, align);
}

/* ---- device-function calls (ptx_link.c) ---- */
/* `call` after its opcode word (ptx_inst.c hands it over). */
gs_status ptx_parse_call(ptx_ctx *ctx, const ptx_tok *at, gs_ptx_inst *inst);
/* `mov %rd, f`: record f's address as the operand's value (resolved at the link). */
gs_status ptx_function_address(ptx_ctx *ctx, const ptx_tok *at, gs_ptx_operand *o,
                               uint32_t operand);
/* `name: .callprototype ...;` / `.calltargets ...;` in a body (the label is read). */
gs_status ptx_skip_call_directive(ptx_ctx *ctx);
/* After a body: lay out its frame and aim its call-frame operands. */
gs_status ptx_finish_frame(ptx_ctx *ctx, gs_ptx_kernel *kernel, gs_ptx_inst *insts);
/* After the module: link each kernel with the device functions it calls. */
gs_status ptx_link(ptx_ctx *ctx);

/* ---- texture and surface instructions (ptx_tex.c) ---- */
int ptx_is_tex_op(unsigned op);
/* Their opcode modifiers (geometry, component, query, boundary); 1 if taken. */
int ptx_tex_modifier(gs_ptx_inst *inst, const char *p, uint32_t n);
/* Their operands after the opcode word, checked. */
gs_status ptx_parse_tex(ptx_ctx *ctx, const ptx_tok *at, gs_ptx_inst *inst);

/* ---- CFG, reconvergence, units (ptx_cfg.c) ---- */
gs_status ptx_finish_kernel_cfg(ptx_ctx *ctx, gs_ptx_kernel *kernel, gs_ptx_inst *insts);
void ptx_classify(gs_ptx_inst *inst);

#endif
