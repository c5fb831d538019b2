/*
 * PTX loader decoding (ptx/ptx.h): a hand-written module exercising the
 * module directives, variables with .align and initialisers, parameters,
 * register ranges and dense slot assignment, modifiers (rounding, .ftz,
 * .sat, .approx, .hi/.lo/.wide, comparisons, boolean ops, spaces, cache
 * operators, vectors, atomics, vote/shfl modes, barriers), operand forms
 * (registers, immediates as bits, special registers, [base+offset] with
 * symbols resolved to segment offsets, labels) and the unit/op-class
 * classification; every value checked exactly.
 */
#include "check.h"
#include "ptx/ptx.h"

#include <stdlib.h>

static const gs_ptx_load_options no_reuse = {1, 0};

static const char module_text[] =
    "//\n// hand-written\n//\n"
    ".version 8.5\n"
    ".target sm_75\n"
    ".address_size 64\n"
    ".file 1 \"k.cu\"\n"
    ".const .align 4 .b8 tbl[8] = {1, 2, 3, 4, 0, 0, 128, 63};\n"   /* line 8 */
    ".global .align 8 .u64 counter = 7;\n"
    ".global .f32 fval = 0f3F800000;\n"
    ".extern .shared .align 16 .b8 dyn[];\n"
    ".shared .align 4 .b8 modsh[12];\n"
    "\n"
    ".visible .entry kern(\n"                                          /* line 14 */
    "\t.param .u64 kern_param_0,\n"
    "\t.param .u32 kern_param_1,\n"
    "\t.param .align 8 .b8 kern_param_2[16]\n"
    ")\n"
    ".maxntid 256, 1, 1\n"
    ".minnctapersm 2\n"
    "{\n"
    "\t.reg .pred %p<4>;\n"
    "\t.reg .b32 %r<100>;\n"
    "\t.reg .b64 %rd<10>;\n"
    "\t.reg .f32 %f<5>;\n"
    "\t.local .align 8 .b8 depot[24];\n"
    "\t.shared .align 8 .b8 tile[40];\n"
    "\t.loc 1 5 3\n"
    "\tld.param.u64 %rd1, [kern_param_0];\n"                          /* 0 */
    "\tld.param.u32 %r50, [kern_param_2+4];\n"                        /* 1 */
    "\tmov.u32 %r1, %tid.y;\n"                                        /* 2 */
    "\tmul.wide.s32 %rd2, %r1, -4;\n"                                  /* 3 */
    "\tmad.hi.u32 %r2, %r1, %r50, 0x10;\n"                            /* 4 */
    "\tsetp.ltu.and.f32 %p1|%p2, %f1, 0fBF800000, !%p3;\n"            /* 5 */
    "\t@!%p1 bra.uni $L__done;\n"                                     /* 6 */
    "\tcvt.rzi.sat.s32.f32 %r3, %f1;\n"                               /* 7 */
    "\tex2.approx.ftz.f32 %f2, %f1;\n"                                /* 8 */
    "\tld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+-16];\n"       /* 9 */
    "\tst.shared.v2.u32 [tile+8], {%r1, %r2};\n"                      /* 10 */
    "\tatom.shared.cas.b32 %r4, [modsh+4], %r1, %r2;\n"               /* 11 */
    "\tred.global.add.u64 [counter], %rd2;\n"                         /* 12 */
    "\tshfl.sync.bfly.b32 %r5|%p2, %r4, 1, 31, -1;\n"                 /* 13 */
    "\tvote.sync.ballot.b32 %r6, %p1, -1;\n"                          /* 14 */
    "\tbar.sync 1, 64;\n"                                             /* 15 */
    "\tmov.u64 %rd3, dyn;\n"                                          /* 16 */
    "\tld.const.u32 %r7, [tbl+4];\n"                                  /* 17 */
    "\tst.local.u64 [depot+16], %rd3;\n"                              /* 18 */
    "\tmov.b64 %rd4, {%r1, %r2};\n"                                   /* 19 */
    "\tdiv.rn.f64 %rd5, %rd4, %rd3;\n"                                /* 20 */
    "\tld.volatile.global.u32 %r8, [%rd1];\n"                         /* 21 */
    "\tmembar.gl;\n"                                                  /* 22 */
    "$L__done:\n"
    "\tret;\n"                                                        /* 23 */
    "}\n";

static gs_ptx_module *module;
static char *arena_buffer;

static void load(void)
{
    size_t need = gs_ptx_bytes_for(sizeof module_text - 1u);
    gs_arena arena;
    gs_diag diag;
    char line[600];
    gs_status st;
    arena_buffer = (char *)calloc(1, need);
    gs_arena_init(&arena, arena_buffer, need);
    /* slot numbers as assigned on first use: without liveness-based reuse */
    st = gs_ptx_load_with(&arena, "k.ptx", module_text, sizeof module_text - 1u,
                          &no_reuse, &module, &diag);
    if (st != GS_OK) {
        gs_diag_render(&diag, line, sizeof line);
        printf("  load failed: %s\n", line);
        module = NULL;
    }
}

static void test_module(void)
{
    GS_CHECK(module != NULL);
    if (!module)
        return;
    GS_CHECK_EQ(8, module->version_major);
    GS_CHECK_EQ(5, module->version_minor);
    GS_CHECK_STR("sm_75", module->target);
    GS_CHECK_EQ(64, module->address_size);
    GS_CHECK_EQ(1, module->num_kernels);
    GS_CHECK_EQ(24, module->num_insts);
    GS_CHECK_EQ(12, module->global_bytes);   /* counter at 0 (8), fval at 8 (4) */
    GS_CHECK_EQ(8, module->const_bytes);
    GS_CHECK_EQ(8, module->global_align);
    GS_CHECK_EQ(7, module->num_vars);
}

static void test_vars(void)
{
    const gs_ptx_var *v;
    if (!module)
        return;
    v = &module->vars[0];
    GS_CHECK_STR("tbl", v->name);
    GS_CHECK_EQ(GS_SPACE_CONST, v->space);
    GS_CHECK_EQ(8, v->size_bytes);
    GS_CHECK_EQ(8, v->init_bytes);
    GS_CHECK_EQ(128, v->init[6]);
    GS_CHECK_EQ(63, v->init[7]);
    v = &module->vars[1];
    GS_CHECK_STR("counter", v->name);
    GS_CHECK_EQ(0, v->offset);
    GS_CHECK_EQ(8, v->init_bytes);
    GS_CHECK_EQ(7, v->init[0]);
    GS_CHECK_EQ(0, v->init[7]);
    v = &module->vars[2];
    GS_CHECK_EQ(8, v->offset);
    GS_CHECK_EQ(4, v->init_bytes);
    GS_CHECK_EQ(0x3F, v->init[3]);
    GS_CHECK_EQ(0x80, v->init[2]);
    v = &module->vars[3];
    GS_CHECK_STR("dyn", v->name);
    GS_CHECK_EQ(1, v->is_extern);
    GS_CHECK_EQ(0, v->size_bytes);
    GS_CHECK_EQ(16, v->align_bytes);
    GS_CHECK_STR("modsh", module->vars[4].name);
    GS_CHECK(module->vars[4].kernel == GS_PTX_NONE);
    GS_CHECK(module->vars[4].offset == UINT64_MAX);   /* per-kernel offset */
    GS_CHECK_STR("depot", module->vars[5].name);
    GS_CHECK_EQ(0, module->vars[5].kernel);
    GS_CHECK_EQ(GS_SPACE_LOCAL, module->vars[5].space);
    GS_CHECK_STR("tile", module->vars[6].name);
    GS_CHECK_EQ(0, module->vars[6].offset);
    GS_CHECK_EQ(40, module->vars[6].size_bytes);
    GS_CHECK(module->vars[3].kernel == GS_PTX_NONE);
}

static void test_kernel(void)
{
    const gs_ptx_kernel *k;
    if (!module)
        return;
    k = gs_ptx_find_kernel(module, "kern");
    GS_CHECK(k != NULL);
    GS_CHECK(gs_ptx_find_kernel(module, "kernel") == NULL);
    if (!k)
        return;
    GS_CHECK_EQ(1, k->is_entry);
    GS_CHECK_EQ(1, k->is_visible);
    GS_CHECK_EQ(3, k->num_params);
    GS_CHECK_STR("kern_param_2", k->params[2].name);
    GS_CHECK_EQ(0, k->params[0].offset);
    GS_CHECK_EQ(8, k->params[1].offset);
    GS_CHECK_EQ(16, k->params[2].offset);
    GS_CHECK_EQ(16, k->params[2].size_bytes);
    GS_CHECK_EQ(32, k->param_bytes);
    GS_CHECK_EQ(256, k->maxntid[0]);
    GS_CHECK_EQ(1, k->maxntid[2]);
    GS_CHECK_EQ(2, k->minnctapersm);
    GS_CHECK_EQ(0, k->reqntid[0]);
    /* used data registers: rd1 r50 r1 rd2 r2 f1 r3 f2 f3 f4 r4 r5 r6 rd3 r7 rd4 rd5 r8 */
    GS_CHECK_EQ(18, k->num_reg_slots);
    GS_CHECK_EQ(3, k->num_pred_slots);     /* p1 p2 p3 */
    GS_CHECK_EQ(115, k->num_regs_declared);
    GS_CHECK_EQ(4, k->num_preds_declared);
    /* tile (40 at 0), modsh placed on first use at 40 (12): 52 */
    GS_CHECK_EQ(52, k->shared_static_bytes);
    GS_CHECK_EQ(1, k->uses_dynamic_shared);
    GS_CHECK_EQ(16, k->dynamic_shared_align);
    GS_CHECK_EQ(24, k->local_bytes);
    GS_CHECK_EQ(24, k->num_insts);
    GS_CHECK_EQ(1, k->num_branches);
}

static const gs_ptx_inst *inst(unsigned i)
{
    return &module->kernels[0].insts[i];
}

static void test_loads_and_params(void)
{
    if (!module)
        return;
    GS_CHECK_EQ(GS_PTX_OP_LD, inst(0)->op);
    GS_CHECK_EQ(GS_SPACE_PARAM, inst(0)->space);
    GS_CHECK_EQ(GS_PTX_T_U64, inst(0)->type);
    GS_CHECK_EQ(GS_PTX_OPD_REG, inst(0)->opd[0].kind);
    GS_CHECK_EQ(0, inst(0)->opd[0].reg);
    GS_CHECK_EQ(GS_PTX_OPD_ADDR, inst(0)->opd[1].kind);
    GS_CHECK_EQ(GS_PTX_BASE_SYMBOL, inst(0)->opd[1].base);
    GS_CHECK_EQ(GS_SPACE_PARAM, inst(0)->opd[1].space);
    GS_CHECK_EQ(0, inst(0)->opd[1].symbol);
    GS_CHECK_EQ(29, inst(0)->line);
    GS_CHECK_EQ(GS_UNIT_LDST, inst(0)->unit);
    GS_CHECK_EQ(GS_OPC_MEM, inst(0)->op_class);
    GS_CHECK_EQ(2, inst(1)->opd[1].symbol);
    GS_CHECK_EQ(20, inst(1)->opd[1].value);    /* param 2 at 16, +4 */
    GS_CHECK_EQ(1, inst(1)->opd[0].reg);       /* %r50 is the 2nd register used */
    GS_CHECK_EQ(GS_PTX_OPD_SREG, inst(2)->opd[1].kind);
    GS_CHECK_EQ(GS_PTX_SREG_TID, inst(2)->opd[1].sreg);
    GS_CHECK_EQ(1, inst(2)->opd[1].dim);
    GS_CHECK_EQ(GS_UNIT_INT, inst(2)->unit);
}

static void test_arith_modifiers(void)
{
    if (!module)
        return;
    GS_CHECK_EQ(GS_PTX_OP_MUL, inst(3)->op);
    GS_CHECK_EQ(GS_PTX_MODE_WIDE, inst(3)->mode);
    GS_CHECK_EQ(GS_PTX_T_S32, inst(3)->type);
    GS_CHECK_EQ(GS_PTX_OPD_IMM, inst(3)->opd[2].kind);
    GS_CHECK_EQ(0xFFFFFFFFFFFFFFFCull, inst(3)->opd[2].value);
    GS_CHECK_EQ(GS_OPC_INT_MUL, inst(3)->op_class);
    GS_CHECK_EQ(GS_PTX_MODE_HI, inst(4)->mode);
    GS_CHECK_EQ(0x10, inst(4)->opd[3].value);
    GS_CHECK_EQ(GS_OPC_INT_MAD, inst(4)->op_class);
    GS_CHECK_EQ(GS_PTX_OP_SETP, inst(5)->op);
    GS_CHECK_EQ(GS_PTX_CMP_LTU, inst(5)->cmp);
    GS_CHECK_EQ(GS_PTX_BOOL_AND, inst(5)->boolop);
    GS_CHECK_EQ(GS_PTX_OPD_PRED, inst(5)->opd[0].kind);
    GS_CHECK_EQ(0, inst(5)->opd[0].reg);
    GS_CHECK_EQ(1, inst(5)->opd[0].reg2);
    GS_CHECK_EQ(0xBF800000u, inst(5)->opd[2].value);
    GS_CHECK_EQ(1, inst(5)->opd[3].neg);
    GS_CHECK_EQ(2, inst(5)->opd[3].reg);
    GS_CHECK_EQ(GS_UNIT_SP, inst(5)->unit);
    GS_CHECK_EQ(GS_OPC_FP_ADD, inst(5)->op_class);
    GS_CHECK_EQ(GS_PTX_OP_CVT, inst(7)->op);
    GS_CHECK_EQ(GS_PTX_RND_RZI, inst(7)->rounding);
    GS_CHECK_EQ(GS_PTX_F_SAT, inst(7)->flags);
    GS_CHECK_EQ(GS_PTX_T_S32, inst(7)->type);
    GS_CHECK_EQ(GS_PTX_T_F32, inst(7)->type2);
    GS_CHECK_EQ(GS_FROUND_RZ, gs_ptx_round_to_fround((gs_ptx_round)inst(7)->rounding));
    GS_CHECK_EQ(GS_PTX_F_APPROX | GS_PTX_F_FTZ, inst(8)->flags);
    GS_CHECK_EQ(GS_UNIT_SFU, inst(8)->unit);
    GS_CHECK_EQ(GS_OPC_SFU, inst(8)->op_class);
    GS_CHECK_EQ(GS_UNIT_DP, inst(20)->unit);
    GS_CHECK_EQ(GS_OPC_DP_DIV, inst(20)->op_class);
    GS_CHECK_EQ(GS_PTX_RND_RN, inst(20)->rounding);
}

static void test_branch_guard(void)
{
    if (!module)
        return;
    GS_CHECK_EQ(GS_PTX_OP_BRA, inst(6)->op);
    GS_CHECK_EQ(0, inst(6)->guard);
    GS_CHECK_EQ(1, inst(6)->guard_neg);
    GS_CHECK_EQ(GS_PTX_F_UNI, inst(6)->flags);
    GS_CHECK_EQ(GS_PTX_OPD_LABEL, inst(6)->opd[0].kind);
    GS_CHECK_EQ(23, inst(6)->opd[0].value);
    GS_CHECK_EQ(23, inst(6)->target);
    GS_CHECK_EQ(23, inst(6)->reconv);
    GS_CHECK_EQ(GS_UNIT_BRANCH, inst(6)->unit);
    GS_CHECK(inst(7)->guard == GS_PTX_NONE);
    GS_CHECK(inst(7)->target == GS_PTX_NONE);
    GS_CHECK(inst(7)->reconv == GS_PTX_NONE);
}

static void test_memory(void)
{
    if (!module)
        return;
    GS_CHECK_EQ(4, inst(9)->vec);
    GS_CHECK_EQ(GS_CACHE_NC, inst(9)->cache_op);
    GS_CHECK_EQ(GS_PTX_F_NC, inst(9)->flags);
    GS_CHECK_EQ(GS_PTX_OPD_VEC, inst(9)->opd[0].kind);
    GS_CHECK_EQ(4, inst(9)->opd[0].vec_count);
    GS_CHECK_EQ(9, inst(9)->opd[0].vec[3]);    /* %f4: 10th register used */
    GS_CHECK_EQ(GS_PTX_BASE_REG, inst(9)->opd[1].base);
    GS_CHECK_EQ(0, inst(9)->opd[1].reg);
    GS_CHECK_EQ((uint64_t)-16, inst(9)->opd[1].value);
    GS_CHECK_EQ(GS_SPACE_SHARED, inst(10)->space);
    GS_CHECK_EQ(2, inst(10)->vec);
    GS_CHECK_EQ(8, inst(10)->opd[0].value);    /* tile at 0, +8 */
    GS_CHECK_EQ(GS_PTX_ATOM_CAS, inst(11)->atom_op);
    GS_CHECK_EQ(4, inst(11)->num_operands);
    GS_CHECK_EQ(44, inst(11)->opd[1].value);   /* modsh placed at 40, +4 */
    GS_CHECK_EQ(4, inst(11)->opd[1].symbol);   /* modsh is vars[4] */
    GS_CHECK_EQ(GS_PTX_OP_RED, inst(12)->op);
    GS_CHECK_EQ(GS_PTX_ATOM_ADD, inst(12)->atom_op);
    GS_CHECK_EQ(GS_SPACE_GLOBAL, inst(12)->opd[0].space);
    GS_CHECK_EQ(0, inst(12)->opd[0].value);
    GS_CHECK_EQ(GS_PTX_OPD_SYMBOL, inst(16)->opd[1].kind);
    GS_CHECK_EQ(64, inst(16)->opd[1].value);   /* dyn: after 52 static, 16-aligned */
    GS_CHECK_EQ(GS_SPACE_SHARED, inst(16)->opd[1].space);
    GS_CHECK_EQ(4, inst(17)->opd[1].value);
    GS_CHECK_EQ(GS_SPACE_CONST, inst(17)->opd[1].space);
    GS_CHECK_EQ(16, inst(18)->opd[0].value);
    GS_CHECK_EQ(GS_SPACE_LOCAL, inst(18)->opd[0].space);
    GS_CHECK_EQ(GS_PTX_OPD_VEC, inst(19)->opd[1].kind);
    GS_CHECK_EQ(2, inst(19)->opd[1].vec_count);
    GS_CHECK_EQ(GS_PTX_F_VOLATILE, inst(21)->flags);
    GS_CHECK_EQ(GS_CACHE_CV, inst(21)->cache_op);
}

static void test_warp_and_sync(void)
{
    if (!module)
        return;
    GS_CHECK_EQ(GS_PTX_SHFL_BFLY, inst(13)->mode);
    GS_CHECK_EQ(GS_PTX_F_SYNC, inst(13)->flags);
    GS_CHECK_EQ(5, inst(13)->num_operands);
    GS_CHECK_EQ(1, inst(13)->opd[0].reg2);     /* %p2 */
    GS_CHECK_EQ(0xFFFFFFFFFFFFFFFFull, inst(13)->opd[4].value);
    GS_CHECK_EQ(GS_OPC_INT_SHFL, inst(13)->op_class);
    GS_CHECK_EQ(GS_PTX_VOTE_BALLOT, inst(14)->mode);
    GS_CHECK_EQ(GS_PTX_OP_BAR, inst(15)->op);
    GS_CHECK_EQ(GS_PTX_BAR_SYNC, inst(15)->mode);
    GS_CHECK_EQ(2, inst(15)->num_operands);
    GS_CHECK_EQ(64, inst(15)->opd[1].value);
    GS_CHECK_EQ(GS_PTX_OP_MEMBAR, inst(22)->op);
    GS_CHECK_EQ(GS_PTX_LEVEL_GL, inst(22)->mode);
    GS_CHECK_EQ(GS_PTX_OP_RET, inst(23)->op);
}

int main(void)
{
    load();
    GS_RUN(test_module);
    GS_RUN(test_vars);
    GS_RUN(test_kernel);
    GS_RUN(test_loads_and_params);
    GS_RUN(test_arith_modifiers);
    GS_RUN(test_branch_guard);
    GS_RUN(test_memory);
    GS_RUN(test_warp_and_sync);
    free(arena_buffer);
    return gs_check_report();
}
