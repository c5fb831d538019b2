/*
 * PTX loader on nvcc output (ptx/ptx.h): tests/ptx/memops.ptx and
 * tests/ptx/warp.ptx (nvcc -ptx -O3 -arch=sm_75 of the .cu beside them)
 * load with the exact instruction counts, operations, modifiers, segment
 * sizes and unit classes read off the PTX; and a hand-written module with a
 * .func (parsed, not launchable), an .extern .func prototype, .pragma,
 * nested { } scopes that redeclare a register, .reqntid and a skipped
 * .section .debug_* block.
 */
#include "check.h"
#include "ptx/ptx.h"
#include "ptx_test.h"

#include <stdlib.h>

static const gs_ptx_load_options no_reuse = {1, 0};

static char *file_text;

/* slot numbers as assigned on first use: without liveness-based reuse */
static gs_ptx_module *load_text(const char *name, const char *text, size_t length)
{
    return ptx_test_load(name, text, length, &no_reuse);
}

static gs_ptx_module *load_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    long n;
    free(file_text);
    file_text = NULL;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    file_text = (char *)malloc((size_t)n + 1u);
    if (!file_text || fread(file_text, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        return NULL;
    }
    fclose(f);
    return load_text(path, file_text, (size_t)n);
}

/* Instructions with this opcode and (when nonzero) this field value. */
static unsigned count_ops(const gs_ptx_kernel *k, gs_ptx_op op, int atom_op, int mode)
{
    unsigned i, n = 0;
    for (i = 0; i < k->num_insts; i++)
        if (k->insts[i].op == op && (!atom_op || k->insts[i].atom_op == atom_op) &&
            (!mode || k->insts[i].mode == mode))
            n++;
    return n;
}

static unsigned count_unit(const gs_ptx_kernel *k, gs_unit unit, gs_op_class op_class)
{
    unsigned i, n = 0;
    for (i = 0; i < k->num_insts; i++)
        if (k->insts[i].unit == unit && k->insts[i].op_class == op_class)
            n++;
    return n;
}

static void test_memops(void)
{
    gs_ptx_module *m = load_file("tests/ptx/memops.ptx");
    const gs_ptx_kernel *k;
    unsigned i, v4 = 0;
    GS_CHECK(m != NULL);
    if (!m)
        return;
    k = gs_ptx_find_kernel(m, "_Z6memopsPK6float4PS_Pji");
    GS_CHECK(k != NULL);
    if (!k)
        return;
    GS_CHECK_EQ(59, k->num_insts);
    GS_CHECK_EQ(4, k->num_params);
    GS_CHECK_EQ(28, k->param_bytes);
    GS_CHECK_EQ(256, k->shared_static_bytes);
    GS_CHECK_EQ(16, m->const_bytes);
    GS_CHECK_EQ(4, m->global_bytes);
    GS_CHECK_EQ(63, m->vars[0].init[3]);        /* scale[0] = 0.5f = 0x3F000000 */
    GS_CHECK_EQ(7, count_ops(k, GS_PTX_OP_ATOM, 0, 0));
    GS_CHECK_EQ(2, count_ops(k, GS_PTX_OP_ATOM, GS_PTX_ATOM_ADD, 0));
    GS_CHECK_EQ(1, count_ops(k, GS_PTX_OP_ATOM, GS_PTX_ATOM_CAS, 0));
    GS_CHECK_EQ(1, count_ops(k, GS_PTX_OP_ATOM, GS_PTX_ATOM_EXCH, 0));
    GS_CHECK_EQ(1, count_ops(k, GS_PTX_OP_ATOM, GS_PTX_ATOM_MAX, 0));
    GS_CHECK_EQ(2, count_ops(k, GS_PTX_OP_BAR, 0, GS_PTX_BAR_SYNC));
    GS_CHECK_EQ(7, count_ops(k, GS_PTX_OP_LD, 0, 0));   /* 4 param, const, v4, shared */
    GS_CHECK_EQ(2, count_ops(k, GS_PTX_OP_ST, 0, 0));   /* st.shared, st.global.v4 */
    for (i = 0; i < k->num_insts; i++)
        if (k->insts[i].vec == 4 && k->insts[i].space == GS_SPACE_GLOBAL)
            v4++;
    GS_CHECK_EQ(2, v4);
    GS_CHECK_EQ(16, count_unit(k, GS_UNIT_LDST, GS_OPC_MEM));
}

static void test_warp(void)
{
    gs_ptx_module *m = load_file("tests/ptx/warp.ptx");
    const gs_ptx_kernel *k = m ? &m->kernels[0] : NULL;
    GS_CHECK(k != NULL);
    if (!k)
        return;
    GS_CHECK_STR("_Z4warpPKfPfPji", k->name);
    GS_CHECK_EQ(77, k->num_insts);
    GS_CHECK_EQ(1, count_ops(k, GS_PTX_OP_SHFL, 0, GS_PTX_SHFL_UP));
    GS_CHECK_EQ(1, count_ops(k, GS_PTX_OP_SHFL, 0, GS_PTX_SHFL_DOWN));
    GS_CHECK_EQ(1, count_ops(k, GS_PTX_OP_SHFL, 0, GS_PTX_SHFL_BFLY));
    GS_CHECK_EQ(1, count_ops(k, GS_PTX_OP_SHFL, 0, GS_PTX_SHFL_IDX));
    GS_CHECK_EQ(1, count_ops(k, GS_PTX_OP_VOTE, 0, GS_PTX_VOTE_ALL));
    GS_CHECK_EQ(1, count_ops(k, GS_PTX_OP_VOTE, 0, GS_PTX_VOTE_ANY));
    GS_CHECK_EQ(1, count_ops(k, GS_PTX_OP_VOTE, 0, GS_PTX_VOTE_BALLOT));
    GS_CHECK_EQ(1, count_ops(k, GS_PTX_OP_POPC, 0, 0));
    GS_CHECK_EQ(1, count_ops(k, GS_PTX_OP_CLZ, 0, 0));
    GS_CHECK_EQ(1, count_ops(k, GS_PTX_OP_BREV, 0, 0));
    GS_CHECK_EQ(4, count_unit(k, GS_UNIT_INT, GS_OPC_INT_SHFL));
    /* ex2 lg2 sin cos rsqrt (.approx) and sqrt.rn on the SFU; div.rn.f32 */
    GS_CHECK_EQ(6, count_unit(k, GS_UNIT_SFU, GS_OPC_SFU));
    GS_CHECK_EQ(1, count_unit(k, GS_UNIT_SFU, GS_OPC_FP_DIV));
}

static const char func_text[] =
    ".version 9.0\n.target sm_75\n.address_size 64\n"
    ".extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, "
    ".param .b64 vprintf_param_1);\n"
    ".visible .func (.param .b32 func_retval0) _Z3addii(.param .b32 _Z3addii_param_0, "
    ".param .b32 _Z3addii_param_1)\n"
    "{\n\t.reg .b32 %r<4>;\n"
    "\tld.param.u32 %r1, [_Z3addii_param_0];\n"
    "\tld.param.u32 %r2, [_Z3addii_param_1];\n"
    "\tadd.s32 %r3, %r2, %r1;\n"
    "\tst.param.b32 [func_retval0], %r3;\n"
    "\tret;\n}\n"
    ".visible .entry k(.param .u64 k_param_0)\n.reqntid 128\n"
    "{\n\t.reg .b32 %r<3>;\n\t.pragma \"nounroll\";\n"
    "\t{\n\t.reg .b32 %t;\n\tmov.u32 %t, 5;\n\tmov.u32 %r1, %t;\n\t}\n"
    "\t{ .reg .b32 %t; mov.u32 %t, 6; mov.u32 %r2, %t; }\n"
    "\tret;\n}\n"
    ".section .debug_info { .b8 1, 2 }\n";

static void test_func_and_scopes(void)
{
    gs_ptx_module *m = load_text("f.ptx", func_text, sizeof func_text - 1u);
    const gs_ptx_kernel *f, *k;
    GS_CHECK(m != NULL);
    if (!m)
        return;
    GS_CHECK_EQ(2, m->num_kernels);
    f = gs_ptx_find_kernel(m, "_Z3addii");
    k = gs_ptx_find_kernel(m, "k");
    GS_CHECK(gs_ptx_find_kernel(m, "vprintf") == NULL);
    GS_CHECK(f != NULL && k != NULL);
    if (!f || !k)
        return;
    GS_CHECK_EQ(0, f->is_entry);
    GS_CHECK_EQ(3, f->num_params);              /* return parameter first */
    GS_CHECK_STR("func_retval0", f->params[0].name);
    GS_CHECK_EQ(4, f->params[1].offset);
    GS_CHECK_EQ(5, f->num_insts);
    GS_CHECK_EQ(0, f->insts[3].opd[0].symbol);  /* st.param to the return value */
    GS_CHECK_EQ(1, k->is_entry);
    GS_CHECK_EQ(128, k->reqntid[0]);
    GS_CHECK_EQ(1, k->reqntid[1]);
    GS_CHECK_EQ(5, k->num_insts);
    GS_CHECK_EQ(4, k->num_reg_slots);           /* %t, %r1, the inner %t, %r2 */
    GS_CHECK_EQ(0, k->insts[1].opd[1].reg);
    GS_CHECK_EQ(2, k->insts[2].opd[0].reg);
    GS_CHECK_EQ(6, k->insts[2].opd[1].value);
}

int main(void)
{
    GS_RUN(test_memops);
    GS_RUN(test_warp);
    GS_RUN(test_func_and_scopes);
    ptx_test_free();
    free(file_text);
    return gs_check_report();
}
