/*
 * PTX loader reconvergence (ptx/ptx_cfg.c, seed-004 section 1.2.4) on
 * 400 seeded random control-flow graphs: every branch's reconvergence PC
 * equals the first instruction of its block's immediate post-dominator
 * computed here independently, by the textbook set equations
 * pdom(n) = {n} + intersection of pdom(s) over the successors s, iterated
 * to a fixpoint over bit sets (a block that cannot reach the exit
 * reconverges at the exit, the loader's documented decision). Then a
 * pathological CFG (each block may branch back to the block at half its
 * index: a deep post-dominator tree) loads, and its reconvergence points
 * are checked against the same rule.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "base/prng.h"
#include "ptx_test.h"

#define MAX_BLOCKS 60u

enum { END_FALL = 0, END_BRA, END_GUARDED_BRA, END_RET, END_GUARDED_RET, END_KINDS };

typedef struct random_cfg {
    uint32_t blocks;                     /* body blocks; block `blocks` is the final ret */
    uint32_t end[MAX_BLOCKS + 1];
    uint32_t target[MAX_BLOCKS + 1];
    uint32_t first_inst[MAX_BLOCKS + 2]; /* instruction index of each block's start */
    uint32_t bra_inst[MAX_BLOCKS + 1];   /* index of the block's branch, or ~0 */
} random_cfg;

static char text[1u << 16];

static const gs_ptx_kernel *load(const char *ptx, size_t length)
{
    gs_ptx_module *module = ptx_test_load("random.ptx", ptx, length, NULL);
    return module ? &module->kernels[0] : NULL;
}

/* Writes the kernel text; fills first_inst / bra_inst. */
static size_t write_cfg(random_cfg *g)
{
    size_t n = 0;
    uint32_t b, inst = 2;                /* mov + setp come first */
    n += (size_t)sprintf(text + n, ".version 7.0\n.target sm_75\n.address_size 64\n"
                         ".visible .entry k()\n{\n.reg .pred %%p<2>;\n.reg .b32 %%r<2>;\n"
                         "mov.u32 %%r1, 0;\nsetp.ne.u32 %%p1, %%r1, 0;\n");
    for (b = 0; b < g->blocks; b++) {
        g->first_inst[b] = inst;         /* the add after the label */
        g->bra_inst[b] = ~0u;
        n += (size_t)sprintf(text + n, "$L%u:\nadd.u32 %%r1, %%r1, 1;\n", b);
        inst++;
        if (g->end[b] == END_BRA || g->end[b] == END_GUARDED_BRA) {
            g->bra_inst[b] = inst;
            n += (size_t)sprintf(text + n, "%sbra $L%u;\n",
                                 g->end[b] == END_GUARDED_BRA ? "@%p1 " : "", g->target[b]);
            inst++;
        } else if (g->end[b] != END_FALL) {
            n += (size_t)sprintf(text + n, "%sret;\n",
                                 g->end[b] == END_GUARDED_RET ? "@%p1 " : "");
            inst++;
        }
    }
    g->first_inst[g->blocks] = inst;
    g->bra_inst[g->blocks] = ~0u;
    n += (size_t)sprintf(text + n, "$L%u:\nret;\n}\n", g->blocks);
    return n;
}

/* Successors of block b (exit = blocks + 1); returns their number. */
static uint32_t successors(const random_cfg *g, uint32_t b, uint32_t *s)
{
    uint32_t exit = g->blocks + 1u, n = 0;
    uint32_t e = b == g->blocks ? END_RET : g->end[b];
    if (e == END_BRA || e == END_GUARDED_BRA)
        s[n++] = g->target[b];
    if (e == END_RET || e == END_GUARDED_RET)
        s[n++] = exit;
    if (e == END_FALL || e == END_GUARDED_BRA || e == END_GUARDED_RET)
        s[n++] = b + 1u;
    return n;
}

/* Expected reconvergence instruction of a branch ending block b. */
static uint32_t expected_reconv(const random_cfg *g, uint32_t b)
{
    uint32_t exit = g->blocks + 1u, nodes = g->blocks + 2u, n, k, s[2];
    uint64_t all = (nodes == 64u) ? ~0ull : ((1ull << nodes) - 1u), pdom[MAX_BLOCKS + 2];
    uint64_t reach = 1ull << exit, strict;
    int changed = 1;
    while (changed) {                    /* which nodes reach the exit */
        changed = 0;
        for (n = 0; n < exit; n++)
            for (k = successors(g, n, s); k-- > 0;)
                if ((reach >> s[k] & 1u) && !(reach >> n & 1u)) {
                    reach |= 1ull << n;
                    changed = 1;
                }
    }
    if (!(reach >> b & 1u))
        return GS_PTX_PC_EXIT;
    for (n = 0; n < nodes; n++)
        pdom[n] = n == exit ? 1ull << exit : all;
    changed = 1;
    while (changed) {
        changed = 0;
        for (n = 0; n < exit; n++) {
            uint64_t meet = all, next;
            for (k = successors(g, n, s); k-- > 0;)
                meet &= pdom[s[k]];
            next = meet | 1ull << n;
            if (next != pdom[n]) {
                pdom[n] = next;
                changed = 1;
            }
        }
    }
    strict = pdom[b] & ~(1ull << b);
    for (n = 0; n < nodes; n++)
        if ((strict >> n & 1u) && pdom[n] == strict)
            return n == exit ? GS_PTX_PC_EXIT : g->first_inst[n];
    return ~0u;                          /* not reached: strict always holds the exit */
}

static int check_cfg(random_cfg *g)
{
    size_t length = write_cfg(g);
    const gs_ptx_kernel *k = load(text, length);
    uint32_t b, bad = 0;
    if (k == NULL)
        return 0;
    for (b = 0; b < g->blocks; b++)
        if (g->bra_inst[b] != ~0u && k->insts[g->bra_inst[b]].reconv != expected_reconv(g, b))
            bad++;
    return bad == 0;
}

static void test_random_cfgs(void)
{
    gs_prng prng;
    random_cfg g;
    uint32_t trial, b, failures = 0;
    gs_prng_seed(&prng, 68);
    for (trial = 0; trial < 400; trial++) {
        g.blocks = 2u + (uint32_t)gs_prng_below(&prng, MAX_BLOCKS - 2u);
        for (b = 0; b < g.blocks; b++) {
            g.end[b] = (uint32_t)gs_prng_below(&prng, END_KINDS);
            g.target[b] = (uint32_t)gs_prng_below(&prng, g.blocks + 1u);
        }
        if (!check_cfg(&g))
            failures++;
    }
    GS_CHECK_EQ(0, failures);
}

static void test_half_index_chain(void)
{
    random_cfg g;
    uint32_t b;
    g.blocks = MAX_BLOCKS;
    for (b = 0; b < g.blocks; b++) {
        g.end[b] = END_GUARDED_BRA;
        g.target[b] = b / 2u;
    }
    GS_CHECK(check_cfg(&g));
}

int main(void)
{
    GS_RUN(test_random_cfgs);
    GS_RUN(test_half_index_chain);
    ptx_test_free();
    return gs_check_report();
}
