/*
 * The generated SASS opcode tables (tables/opcodes.c from gen/opcodes.py)
 * and the access-width rule (spec/formats.md 1.3: first numeric modifier / 8,
 * U/S prefixed too; default 4 bytes).
 */
#include <string.h>

#include "check.h"
#include "trace/trace.h"

static const gs_sass_op *find(uint32_t version, const char *name)
{
    const gs_sass_isa *isa = gs_trace_isa(version);
    return isa ? gs_trace_find_op(isa, name, strlen(name)) : NULL;
}

static uint32_t width(const char *opcode)
{
    return gs_trace_access_bytes(opcode, strlen(opcode));
}

static void test_versions(void)
{
    GS_CHECK(gs_trace_isa(70) != NULL);
    GS_CHECK(gs_trace_isa(75) != NULL);
    GS_CHECK(gs_trace_isa(80) != NULL);
    GS_CHECK(gs_trace_isa(86) != NULL);
    GS_CHECK(gs_trace_isa(89) != NULL);
    GS_CHECK(gs_trace_isa(90) != NULL);
    GS_CHECK(gs_trace_isa(61) == NULL);
    GS_CHECK(gs_trace_isa(100) == NULL);
}

static void test_sorted_for_binary_search(void)
{
    uint32_t v, i;
    for (v = 0; v < GS_SASS_ISA_COUNT; v++)
        for (i = 1; i < gs_sass_isas[v].count; i++)
            GS_CHECK(strcmp(gs_sass_isas[v].ops[i - 1].name, gs_sass_isas[v].ops[i].name) < 0);
    for (v = 0; v < GS_SASS_ISA_COUNT; v++)
        for (i = 0; i < gs_sass_isas[v].count; i++)
            GS_CHECK(find(gs_sass_isas[v].binary_version, gs_sass_isas[v].ops[i].name)
                     == &gs_sass_isas[v].ops[i]);
}

/* A name holding a NUL within its length (issue 20 defect 1) matches no
 * opcode, and the lookup never reads a table name past its end (ASan's
 * global-buffer-overflow before the fix): "MOV\0XXXXXXXX" is not MOV. */
static void test_name_with_nul(void)
{
    static const char name[] = "MOV\0XXXXXXXX";
    const gs_sass_isa *isa = gs_trace_isa(80);
    GS_CHECK(isa != NULL);
    GS_CHECK(gs_trace_find_op(isa, name, sizeof name - 1u) == NULL);
    GS_CHECK(gs_trace_find_op(isa, name, 4) == NULL);   /* "MOV\0" */
    GS_CHECK(gs_trace_find_op(isa, name, 3) != NULL);   /* "MOV" */
    GS_CHECK(gs_trace_find_op(isa, "\0", 1) == NULL);
}

static void test_classes(void)
{
    GS_CHECK_EQ(GS_UNIT_SP, find(80, "FFMA")->unit);
    GS_CHECK_EQ(GS_OPC_FP_MAD, find(80, "FFMA")->op_class);
    GS_CHECK_EQ(GS_UNIT_SFU, find(70, "MUFU")->unit);
    GS_CHECK_EQ(GS_UNIT_DP, find(70, "DFMA")->unit);
    GS_CHECK_EQ(GS_OPC_DP_MAD, find(70, "DFMA")->op_class);
    GS_CHECK_EQ(GS_UNIT_TENSOR, find(75, "HMMA")->unit);
    GS_CHECK_EQ(GS_UNIT_INT, find(90, "IADD3")->unit);
    GS_CHECK_EQ(GS_SPACE_SHARED, find(70, "ATOMS")->space);
    GS_CHECK_EQ(GS_MEM_ATOMIC, find(70, "ATOMS")->mem_op);
    GS_CHECK_EQ(GS_MEM_REDUCE, find(70, "RED")->mem_op);
    GS_CHECK_EQ(GS_SPACE_LOCAL, find(70, "STL")->space);
    GS_CHECK_EQ(GS_SPACE_NONE, find(80, "LDC")->space);   /* constant loads: ALU */
    GS_CHECK_EQ(GS_INST_EXIT, find(90, "EXIT")->flags);
}

static void test_per_version_sets(void)
{
    GS_CHECK(find(70, "UIADD3") == NULL);     /* uniform datapath: Turing on */
    GS_CHECK(find(75, "UIADD3") != NULL);
    GS_CHECK(find(75, "LDGSTS") == NULL);     /* async copy: Ampere on */
    GS_CHECK(find(80, "LDGSTS") != NULL);
    GS_CHECK(find(80, "DMMA") != NULL);
    GS_CHECK(find(86, "DMMA") == NULL);
    GS_CHECK(find(89, "DMMA") == NULL);
    GS_CHECK(find(80, "HGMMA") == NULL);      /* warpgroup MMA: Hopper */
    GS_CHECK(find(90, "HGMMA") != NULL);
    GS_CHECK(find(90, "UTMALDG") != NULL);
    GS_CHECK(find(90, "FFM") == NULL);        /* a prefix is not a match */
    GS_CHECK(find(90, "FFMAX") == NULL);
}

static void test_access_width(void)
{
    GS_CHECK_EQ(4, width("LDG.E"));
    GS_CHECK_EQ(16, width("LDG.E.128.CONSTANT.SYS"));
    GS_CHECK_EQ(1, width("LDG.E.U8"));
    GS_CHECK_EQ(1, width("STG.E.S8"));
    GS_CHECK_EQ(2, width("LDS.U16"));
    GS_CHECK_EQ(8, width("LDG.E.64"));
    GS_CHECK_EQ(4, width("ATOMG.E.ADD.F32.FTZ.RN"));
    GS_CHECK_EQ(16, width("LDGSTS.E.BYPASS.LTC128B.128"));
    GS_CHECK_EQ(4, width("STS"));
}

int main(void)
{
    GS_RUN(test_versions);
    GS_RUN(test_sorted_for_binary_search);
    GS_RUN(test_name_with_nul);
    GS_RUN(test_classes);
    GS_RUN(test_per_version_sets);
    GS_RUN(test_access_width);
    return gs_check_report();
}
