/*
 * Scoped symbol table of the PTX loader (ptx/ptx.h): registers, register
 * ranges, labels, variables, parameters and kernels share one namespace
 * (PTX ISA section 4.4 "Identifiers").
 *
 * A chained hash table over a fixed number of buckets (a power of two no
 * smaller than the most entries a text of this length can create), so each
 * lookup is O(1) expected and loading stays linear. Entries are pushed in
 * order; closing a kernel pops the newest entries, which are always at the
 * heads of their chains, so no tombstones are needed.
 * Decision: nested { } blocks inside a body (nvcc emits them around inline
 * asm) may redeclare a name, which then shadows the outer one for the rest
 * of the body; entries are only popped at the end of the kernel, so a
 * register keeps one slot however many blocks use it.
 */
#include "ptx/ptx_internal.h"

#include <string.h>

/* FNV-1a: deterministic and host-independent. */
static uint32_t sym_hash(const char *name, uint32_t len)
{
    uint32_t h = 2166136261u;
    uint32_t i;
    for (i = 0; i < len; i++) {
        h ^= (uint8_t)name[i];
        h *= 16777619u;
    }
    return h;
}

uint32_t ptx_sym_find(const ptx_ctx *ctx, const char *name, uint32_t len)
{
    uint32_t bucket = sym_hash(name, len) & (uint32_t)(ctx->caps.buckets - 1u);
    uint32_t i = ctx->buckets[bucket];
    while (i != GS_PTX_NONE) {
        const ptx_sym *sym = &ctx->syms[i];
        if (sym->len == len && memcmp(sym->name, name, len) == 0)
            return i;
        i = sym->next;
    }
    return GS_PTX_NONE;
}

uint32_t ptx_sym_add(ptx_ctx *ctx, const char *name, uint32_t len, uint8_t kind)
{
    uint32_t bucket = sym_hash(name, len) & (uint32_t)(ctx->caps.buckets - 1u);
    ptx_sym *sym;
    uint32_t index = ctx->num_syms;
    if (index >= ctx->caps.syms)
        return GS_PTX_NONE;
    sym = &ctx->syms[index];
    memset(sym, 0, sizeof *sym);
    sym->name = name;
    sym->len = len;
    sym->kind = kind;
    sym->bucket = bucket;
    sym->index = GS_PTX_NONE;
    sym->slot = GS_PTX_NONE;
    sym->scope = ctx->scope;
    sym->next = ctx->buckets[bucket];
    ctx->buckets[bucket] = index;
    ctx->num_syms++;
    return index;
}

void ptx_sym_pop_to(ptx_ctx *ctx, uint32_t mark)
{
    while (ctx->num_syms > mark) {
        ptx_sym *sym = &ctx->syms[--ctx->num_syms];
        ctx->buckets[sym->bucket] = sym->next;
    }
}

/* %r17 -> prefix "%r", index 17 (no leading zeros, as PTX's <N> ranges name
 * their members %r0 .. %r(N-1)). */
static int sym_split_index(const char *name, uint32_t len, uint32_t *prefix_len,
                           uint32_t *index)
{
    uint32_t start = len;
    uint64_t v = 0;
    uint32_t i;
    while (start > 0 && name[start - 1] >= '0' && name[start - 1] <= '9')
        start--;
    if (start == len || start == 0 || len - start > 9)
        return 0;
    if (name[start] == '0' && len - start > 1)
        return 0;
    for (i = start; i < len; i++)
        v = v * 10u + (uint32_t)(name[i] - '0');
    *prefix_len = start;
    *index = (uint32_t)v;
    return 1;
}

uint32_t ptx_sym_register(ptx_ctx *ctx, const ptx_tok *tok)
{
    uint32_t found = ptx_sym_find(ctx, tok->text, tok->len);
    uint32_t prefix_len, index, range, added;
    uint8_t kind;
    if (found != GS_PTX_NONE)
        return (ctx->syms[found].kind == PTX_SYM_REG || ctx->syms[found].kind == PTX_SYM_PRED)
                   ? found : GS_PTX_NONE;
    if (!sym_split_index(tok->text, tok->len, &prefix_len, &index))
        return GS_PTX_NONE;
    range = ptx_sym_find(ctx, tok->text, prefix_len);
    if (range == GS_PTX_NONE || index >= ctx->syms[range].count)
        return GS_PTX_NONE;
    kind = ctx->syms[range].kind;
    if (kind != PTX_SYM_REG_RANGE && kind != PTX_SYM_PRED_RANGE)
        return GS_PTX_NONE;
    /* The member gets its own entry (and later its slot) on first use. */
    added = ptx_sym_add(ctx, tok->text, tok->len,
                        kind == PTX_SYM_REG_RANGE ? PTX_SYM_REG : PTX_SYM_PRED);
    if (added != GS_PTX_NONE)
        ctx->syms[added].type = ctx->syms[range].type;
    return added;
}
