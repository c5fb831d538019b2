/*
 * Control-flow analysis and unit classification for the PTX loader
 * (ptx/ptx.h).
 *
 * Reconvergence (seed-004 section 1.2.4, baseline PDOM SIMT stack): a
 * divergent branch reconverges at the immediate post-dominator (IPDOM) of
 * its basic block. The kernel is split into basic blocks (leaders: the first
 * instruction, every branch target, every instruction after bra/ret/exit/
 * trap); ret, exit, trap and falling off the end flow to one virtual exit
 * node; post-dominators are the dominators of the reverse CFG rooted at the
 * exit, computed with Lengauer and Tarjan's semidominators ("A Fast
 * Algorithm for Finding Dominators in a Flowgraph", 1979; simple version
 * with iterative path compression) and the immediate dominator taken as the
 * nearest ancestor of the DFS tree at or above the semidominator (the
 * "SNCA" formulation): O(E log N) on any graph, where the iterative
 * Cooper-Harvey-Kennedy method is quadratic on pathological CFGs (384k
 * instructions branching to half their index took 13 s; DESIGN.md 10).
 * Decision: a block that cannot reach the exit (an endless loop) gets the
 * virtual exit as its IPDOM, so its branches reconverge only at exit.
 *
 * Classification (seed-004 section 1.2.7): every instruction is given the
 * unit and latency class the timing core uses, from its opcode and types.
 * Decision: integer arithmetic and bit/data-movement instructions go to
 * GS_UNIT_INT (the core runs them on SP when the configuration has no
 * integer units, as base/inst.h says); divisions, remainders and the
 * transcendental/.approx family go to the SFU (f64 ones to the DP unit);
 * f32/f16 arithmetic to SP; anything with an f64 operand type to DP.
 */
#include "ptx/ptx_internal.h"

#include <string.h>

/* ---- classification ---- */

static int cfg_is_f64(const gs_ptx_inst *inst)
{
    return inst->type == GS_PTX_T_F64 || inst->type2 == GS_PTX_T_F64;
}

static int cfg_is_float(const gs_ptx_inst *inst)
{
    return gs_ptx_type_is_float((gs_ptx_type)inst->type) ||
           gs_ptx_type_is_float((gs_ptx_type)inst->type2);
}

static void cfg_set(gs_ptx_inst *inst, gs_unit unit, gs_op_class op_class)
{
    inst->unit = (uint8_t)unit;
    inst->op_class = (uint8_t)op_class;
}

/* Arithmetic whose class follows the type: int / fp / dp variants of the
 * same latency column (ADD, MAX, MUL, MAD). */
static void cfg_by_type(gs_ptx_inst *inst, gs_op_class int_class, gs_op_class fp_class,
                        gs_op_class dp_class)
{
    if (cfg_is_f64(inst))
        cfg_set(inst, GS_UNIT_DP, dp_class);
    else if (cfg_is_float(inst))
        cfg_set(inst, GS_UNIT_SP, fp_class);
    else
        cfg_set(inst, GS_UNIT_INT, int_class);
}

static void cfg_special(gs_ptx_inst *inst)
{
    if (cfg_is_f64(inst))
        cfg_set(inst, GS_UNIT_DP, GS_OPC_DP_DIV);
    else
        cfg_set(inst, GS_UNIT_SFU, GS_OPC_SFU);
}

void ptx_classify(gs_ptx_inst *inst)
{
    switch ((gs_ptx_op)inst->op) {
    case GS_PTX_OP_LD: case GS_PTX_OP_LDU: case GS_PTX_OP_ST: case GS_PTX_OP_ATOM:
    case GS_PTX_OP_RED: case GS_PTX_OP_PREFETCH: case GS_PTX_OP_TEX: case GS_PTX_OP_TLD4:
    case GS_PTX_OP_SULD: case GS_PTX_OP_SUST:
        /* a call frame's ld/st.param is what ptxas makes a register move:
         * the ABI passes parameters in registers (decision, issue 22 item 1;
         * README "Device functions") */
        if (inst->frame)
            cfg_set(inst, GS_UNIT_INT, GS_OPC_INT_ADD);
        else
            cfg_set(inst, GS_UNIT_LDST, GS_OPC_MEM);
        break;
    case GS_PTX_OP_NOP: case GS_PTX_OP_BAR: case GS_PTX_OP_MEMBAR: case GS_PTX_OP_BRA:
    case GS_PTX_OP_RET: case GS_PTX_OP_EXIT: case GS_PTX_OP_TRAP: case GS_PTX_OP_WARPSYNC:
    case GS_PTX_OP_CALL:
        /* call and ret are branches on the branch unit, with its control
         * latency (seed-004 1.2.7; issue 22 item 1: "a call and a return
         * are instructions with documented latencies") */
        cfg_set(inst, GS_UNIT_BRANCH, GS_OPC_CONTROL); break;
    case GS_PTX_OP_SHFL: case GS_PTX_OP_REDUX: case GS_PTX_OP_MATCH:
        /* warp-wide exchanges: the shuffle network's latency (decision,
         * issue 22: redux and match cross the same lanes as shfl) */
        cfg_set(inst, GS_UNIT_INT, GS_OPC_INT_SHFL); break;
    case GS_PTX_OP_RCP: case GS_PTX_OP_SQRT: case GS_PTX_OP_RSQRT: case GS_PTX_OP_EX2:
    case GS_PTX_OP_LG2: case GS_PTX_OP_SIN: case GS_PTX_OP_COS: case GS_PTX_OP_TANH:
        cfg_special(inst); break;
    case GS_PTX_OP_DIV: case GS_PTX_OP_REM:
        if (cfg_is_f64(inst))
            cfg_set(inst, GS_UNIT_DP, GS_OPC_DP_DIV);
        else
            cfg_set(inst, GS_UNIT_SFU, cfg_is_float(inst) ? GS_OPC_FP_DIV : GS_OPC_INT_DIV);
        break;
    case GS_PTX_OP_MUL: case GS_PTX_OP_MUL24:
        cfg_by_type(inst, GS_OPC_INT_MUL, GS_OPC_FP_MUL, GS_OPC_DP_MUL); break;
    case GS_PTX_OP_MAD: case GS_PTX_OP_MAD24: case GS_PTX_OP_FMA: case GS_PTX_OP_SAD:
    case GS_PTX_OP_MADC:
        cfg_by_type(inst, GS_OPC_INT_MAD, GS_OPC_FP_MAD, GS_OPC_DP_MAD); break;
    case GS_PTX_OP_MIN: case GS_PTX_OP_MAX:
        cfg_by_type(inst, GS_OPC_INT_MAX, GS_OPC_FP_MAX, GS_OPC_DP_MAX); break;
    case GS_PTX_OP_ADD: case GS_PTX_OP_SUB: case GS_PTX_OP_ABS: case GS_PTX_OP_NEG:
    case GS_PTX_OP_COPYSIGN: case GS_PTX_OP_TESTP: case GS_PTX_OP_SETP: case GS_PTX_OP_SET:
    case GS_PTX_OP_SLCT: case GS_PTX_OP_CVT: case GS_PTX_OP_ADDC: case GS_PTX_OP_SUBC:
        cfg_by_type(inst, GS_OPC_INT_ADD, GS_OPC_FP_ADD, GS_OPC_DP_ADD); break;
    default:   /* bit operations, mov, selp, cvta, vote, activemask */
        cfg_set(inst, GS_UNIT_INT, GS_OPC_INT_ADD); break;
    }
}

/* ---- basic blocks and post-dominators ---- */

typedef struct cfg_graph {
    uint32_t n;            /* instructions */
    uint32_t blocks;       /* B; node B is the virtual exit */
    uint32_t *block_of;    /* instruction -> block (n) */
    uint32_t *start;       /* block -> first instruction (B + 1) */
    uint32_t *succ;        /* 2 per block, GS_PTX_NONE when unused */
    uint32_t *pred_start;  /* CSR over nodes (B + 2) */
    uint32_t *preds;       /* 2 per block at most */
    uint32_t *pre;         /* DFS preorder number in the reverse CFG, NONE if unreached */
    uint32_t *order;       /* nodes by preorder */
    uint32_t *ipdom;
    uint32_t *stack;       /* DFS: node, next pred position (2 per node) */
    uint32_t *parent;      /* DFS tree parent (a node) */
    uint32_t *semi;        /* semidominator, as a preorder number */
    uint32_t *label;       /* node of least semi on the compressed path */
    uint32_t *ancestor;    /* forest link, NONE while not linked */
} cfg_graph;

size_t ptx_cfg_bytes(size_t insts);
size_t ptx_cfg_bytes(size_t insts)
{
    return gs_arena_round((insts + 4u) * 16u * sizeof(uint32_t));
}

static int cfg_ends_block(const gs_ptx_inst *inst)
{
    return inst->op == GS_PTX_OP_BRA || inst->op == GS_PTX_OP_RET ||
           inst->op == GS_PTX_OP_EXIT || inst->op == GS_PTX_OP_TRAP;
}

static void cfg_carve(cfg_graph *g, uint32_t *mem, uint32_t n)
{
    size_t m = (size_t)n + 4u;
    g->block_of = mem;
    g->start = mem + m;
    g->succ = mem + 2 * m;
    g->pred_start = mem + 4 * m;
    g->preds = mem + 5 * m;
    g->pre = mem + 7 * m;
    g->order = mem + 8 * m;
    g->ipdom = mem + 9 * m;
    g->stack = mem + 10 * m;       /* 2 per node; reused as the compression path */
    g->parent = mem + 12 * m;
    g->semi = mem + 13 * m;
    g->label = mem + 14 * m;
    g->ancestor = mem + 15 * m;
}

static void cfg_blocks(cfg_graph *g, const gs_ptx_inst *insts)
{
    uint32_t i, b = 0;
    memset(g->block_of, 0, g->n * sizeof(uint32_t));
    for (i = 0; i < g->n; i++) {
        if (insts[i].op == GS_PTX_OP_BRA && insts[i].target < g->n)
            g->block_of[insts[i].target] = 1;   /* leader flag for now */
        if (cfg_ends_block(&insts[i]) && i + 1 < g->n)
            g->block_of[i + 1] = 1;
    }
    g->block_of[0] = 1;
    for (i = 0; i < g->n; i++) {
        if (g->block_of[i])
            g->start[b++] = i;
        g->block_of[i] = b - 1;
    }
    g->blocks = b;
    g->start[b] = g->n;
}

static uint32_t cfg_node_at(const cfg_graph *g, uint32_t inst_index)
{
    return inst_index >= g->n ? g->blocks : g->block_of[inst_index];
}

static void cfg_edges(cfg_graph *g, const gs_ptx_inst *insts)
{
    uint32_t b, exit = g->blocks;
    for (b = 0; b < g->blocks; b++) {
        const gs_ptx_inst *last = &insts[g->start[b + 1] - 1];
        uint32_t fall = cfg_node_at(g, g->start[b + 1]);
        int guarded = last->guard != GS_PTX_NONE;
        uint32_t *s = &g->succ[2 * b];
        s[0] = s[1] = GS_PTX_NONE;
        if (last->op == GS_PTX_OP_BRA) {
            s[0] = cfg_node_at(g, last->target);
            if (guarded && fall != s[0])
                s[1] = fall;
        } else if (cfg_ends_block(last)) {
            s[0] = exit;
            if (guarded && fall != exit)
                s[1] = fall;
        } else {
            s[0] = fall;
        }
    }
}

static void cfg_preds(cfg_graph *g)
{
    uint32_t b, k, nodes = g->blocks + 1;
    memset(g->pred_start, 0, (nodes + 1) * sizeof(uint32_t));
    for (b = 0; b < g->blocks; b++)
        for (k = 0; k < 2; k++)
            if (g->succ[2 * b + k] != GS_PTX_NONE)
                g->pred_start[g->succ[2 * b + k] + 1]++;
    for (b = 0; b < nodes; b++)
        g->pred_start[b + 1] += g->pred_start[b];
    /* fill using pre[] as a per-node cursor */
    for (b = 0; b < nodes; b++)
        g->pre[b] = g->pred_start[b];
    for (b = 0; b < g->blocks; b++)
        for (k = 0; k < 2; k++)
            if (g->succ[2 * b + k] != GS_PTX_NONE)
                g->preds[g->pre[g->succ[2 * b + k]]++] = b;
}

/* Iterative DFS from the exit over predecessor edges (the reverse CFG):
 * preorder numbers, the nodes in preorder and the DFS tree. Returns the
 * number of nodes reached. */
static uint32_t cfg_preorder(cfg_graph *g)
{
    uint32_t nodes = g->blocks + 1, depth = 1, count = 1, b;
    for (b = 0; b < nodes; b++)
        g->pre[b] = GS_PTX_NONE;
    g->pre[g->blocks] = 0;
    g->order[0] = g->blocks;
    g->parent[g->blocks] = g->blocks;
    g->stack[0] = g->blocks;
    g->stack[1] = g->pred_start[g->blocks];
    while (depth > 0) {
        uint32_t *top = &g->stack[2 * (depth - 1)];
        uint32_t node = top[0];
        if (top[1] < g->pred_start[node + 1]) {
            uint32_t p = g->preds[top[1]++];
            if (g->pre[p] == GS_PTX_NONE) {
                g->pre[p] = count;
                g->order[count++] = p;
                g->parent[p] = node;
                g->stack[2 * depth] = p;
                g->stack[2 * depth + 1] = g->pred_start[p];
                depth++;
            }
        } else {
            depth--;
        }
    }
    return count;
}

/* The node of least semidominator on v's path to its forest root, with the
 * path compressed (LT's EVAL; iterative, the path kept in g->stack). */
static uint32_t cfg_eval(cfg_graph *g, uint32_t v)
{
    uint32_t depth = 0, x = v;
    if (g->ancestor[v] == GS_PTX_NONE)
        return v;
    while (g->ancestor[g->ancestor[x]] != GS_PTX_NONE) {
        g->stack[depth++] = x;
        x = g->ancestor[x];
    }
    while (depth > 0) {              /* nearest the root first, as the recursion */
        uint32_t a;
        x = g->stack[--depth];
        a = g->ancestor[x];
        if (g->semi[g->label[a]] < g->semi[g->label[x]])
            g->label[x] = g->label[a];
        g->ancestor[x] = g->ancestor[a];
    }
    return g->label[v];
}

static void cfg_ipdoms(cfg_graph *g, uint32_t reached)
{
    uint32_t b, k, i, exit = g->blocks;
    for (b = 0; b <= g->blocks; b++) {
        g->ipdom[b] = GS_PTX_NONE;
        g->semi[b] = g->pre[b];
        g->label[b] = b;
        g->ancestor[b] = GS_PTX_NONE;
    }
    /* Semidominators, in reverse preorder; the reverse CFG's predecessors of
     * a node are its CFG successors. */
    for (i = reached; i-- > 1;) {
        uint32_t v = g->order[i];
        for (k = 0; k < 2; k++) {
            uint32_t u = v == exit ? GS_PTX_NONE : g->succ[2 * v + k];
            if (u == GS_PTX_NONE || g->pre[u] == GS_PTX_NONE)
                continue;
            u = cfg_eval(g, u);
            if (g->semi[u] < g->semi[v])
                g->semi[v] = g->semi[u];
        }
        g->ancestor[v] = g->parent[v];
    }
    /* Immediate dominators, in preorder: the nearest tree ancestor whose
     * preorder number is at most the semidominator. */
    g->ipdom[exit] = exit;
    for (i = 1; i < reached; i++) {
        uint32_t v = g->order[i], d = g->parent[v];
        while (g->pre[d] > g->semi[v])
            d = g->ipdom[d];
        g->ipdom[v] = d;
    }
    for (b = 0; b < g->blocks; b++)
        if (g->ipdom[b] == GS_PTX_NONE)
            g->ipdom[b] = exit;   /* cannot reach the exit (see file comment) */
}

gs_status ptx_finish_kernel_cfg(ptx_ctx *ctx, gs_ptx_kernel *kernel, gs_ptx_inst *insts)
{
    cfg_graph g;
    ptx_flow flow;
    size_t mark = gs_arena_mark(ctx->arena);
    uint32_t *mem, *live, reached, b;
    kernel->num_reg_storage = kernel->num_reg_slots;
    if (kernel->num_insts == 0)
        return GS_OK;
    mem = (uint32_t *)gs_arena_alloc(ctx->arena, ptx_cfg_bytes(kernel->num_insts));
    live = (uint32_t *)gs_arena_alloc(ctx->arena, ptx_live_bytes(kernel->num_insts,
                                                                 kernel->num_reg_slots));
    if (!mem || !live)
        return gs_diag_set(ctx->diag, GS_E_ARENA, ctx->file, kernel->line, 0,
                           "arena too small for the control-flow analysis");
    g.n = kernel->num_insts;
    cfg_carve(&g, mem, g.n);
    cfg_blocks(&g, insts);
    cfg_edges(&g, insts);
    cfg_preds(&g);
    reached = cfg_preorder(&g);
    cfg_ipdoms(&g, reached);
    for (b = 0; b < g.blocks; b++) {
        gs_ptx_inst *last = &insts[g.start[b + 1] - 1];
        if (last->op == GS_PTX_OP_BRA)
            last->reconv = g.ipdom[b] == g.blocks ? GS_PTX_PC_EXIT : g.start[g.ipdom[b]];
    }
    for (b = 0; b < kernel->num_insts; b++)
        ptx_scoreboard_ids(kernel, &insts[b]);   /* before reuse renames slots */
    flow.blocks = g.blocks;
    flow.block_of = g.block_of;
    flow.start = g.start;
    flow.succ = g.succ;
    ptx_live_reuse(ctx, kernel, insts, &flow, live);
    gs_arena_reset_to(ctx->arena, mark);
    return GS_OK;
}
