/*
 * PTX loader control flow (ptx/ptx.h; seed-004 section 1.2.4): label
 * targets and each branch's reconvergence PC = first instruction of the
 * immediate post-dominator of its block, with ret/exit flowing to a virtual
 * exit (GS_PTX_PC_EXIT). Hand-written CFGs with known answers, then the
 * nvcc-compiled tests/ptx/diverge.ptx (nested if/else in a loop, break and
 * early return).
 */
#include "check.h"
#include "ptx_test.h"

#include <stdlib.h>

static const gs_ptx_kernel *load_kernel(const char *text, size_t length)
{
    gs_ptx_module *module = ptx_test_load("cfg.ptx", text, length, NULL);
    return module ? &module->kernels[module->num_kernels - 1u] : NULL;
}

#define HEAD ".version 9.0\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n" \
             "\t.reg .pred %p<4>;\n\t.reg .b32 %r<4>;\n"

static void test_if_else(void)
{
    static const char text[] = HEAD
        "\tsetp.lt.s32 %p1, %r1, 0;\n"      /* 0 */
        "\t@%p1 bra ELSE;\n"                /* 1 */
        "\tadd.s32 %r2, %r1, 1;\n"          /* 2 */
        "\tbra.uni JOIN;\n"                 /* 3 */
        "ELSE:\n\tsub.s32 %r2, %r1, 1;\n"   /* 4 */
        "JOIN:\n\tret;\n}\n";               /* 5 */
    const gs_ptx_kernel *k = load_kernel(text, sizeof text - 1u);
    if (!k) {
        GS_CHECK(0);
        return;
    }
    GS_CHECK_EQ(6, k->num_insts);
    GS_CHECK_EQ(4, k->insts[1].target);
    GS_CHECK_EQ(5, k->insts[1].reconv);
    GS_CHECK_EQ(5, k->insts[3].target);
    GS_CHECK_EQ(5, k->insts[3].reconv);
}

/* A loop with a break and a guarded early ret (which reaches the exit
 * without passing the loop's join) and the same without the early ret. */
static void check_loop(int early_ret)
{
    static const char with_ret[] = HEAD
        "\tmov.u32 %r1, 0;\n"               /* 0 */
        "LOOP:\n\tadd.s32 %r1, %r1, 1;\n"   /* 1 */
        "\tsetp.eq.s32 %p1, %r1, 7;\n"      /* 2 */
        "\t@%p1 bra OUT;\n"                 /* 3 */
        "\tsetp.gt.s32 %p2, %r1, %r2;\n"    /* 4 */
        "\t@%p2 ret;\n"                     /* 5 */
        "\tsetp.lt.s32 %p3, %r1, 9;\n"      /* 6 */
        "\t@%p3 bra LOOP;\n"                /* 7 */
        "OUT:\n\tadd.s32 %r3, %r1, 2;\n"    /* 8 */
        "\texit;\n}\n";                     /* 9 */
    static const char no_ret[] = HEAD
        "\tmov.u32 %r1, 0;\n"
        "LOOP:\n\tadd.s32 %r1, %r1, 1;\n"
        "\tsetp.eq.s32 %p1, %r1, 7;\n"
        "\t@%p1 bra OUT;\n"
        "\tsetp.gt.s32 %p2, %r1, %r2;\n"
        "\t@%p2 add.s32 %r1, %r1, 1;\n"
        "\tsetp.lt.s32 %p3, %r1, 9;\n"
        "\t@%p3 bra LOOP;\n"
        "OUT:\n\tadd.s32 %r3, %r1, 2;\n"
        "\texit;\n}\n";
    const char *text = early_ret ? with_ret : no_ret;
    size_t length = early_ret ? sizeof with_ret - 1u : sizeof no_ret - 1u;
    const gs_ptx_kernel *k = load_kernel(text, length);
    uint32_t join = early_ret ? GS_PTX_PC_EXIT : 8u;
    if (!k) {
        GS_CHECK(0);
        return;
    }
    GS_CHECK_EQ(10, k->num_insts);
    GS_CHECK_EQ(8, k->insts[3].target);
    GS_CHECK_EQ(1, k->insts[7].target);
    GS_CHECK_EQ(join, k->insts[3].reconv);
    GS_CHECK_EQ(join, k->insts[7].reconv);
    GS_CHECK_EQ(2, k->num_branches);
}

static void test_loop_early_ret(void)
{
    check_loop(1);
}

static void test_loop_no_ret(void)
{
    check_loop(0);
}

/* A label at the very end (target == num_insts) and an endless loop, whose
 * blocks cannot reach the exit (reconvergence at the virtual exit). */
static void test_end_label_and_endless_loop(void)
{
    static const char end_label[] = HEAD
        "\t@%p1 bra END;\n\tadd.s32 %r1, %r1, 1;\nEND:\n}\n";
    static const char endless[] = HEAD
        "\t@%p1 bra SPIN;\n\tret;\nSPIN:\n\tbra.uni SPIN;\n}\n";
    const gs_ptx_kernel *k = load_kernel(end_label, sizeof end_label - 1u);
    if (!k) {
        GS_CHECK(0);
        return;
    }
    GS_CHECK_EQ(2, k->num_insts);
    GS_CHECK_EQ(2, k->insts[0].target);
    GS_CHECK_EQ(GS_PTX_PC_EXIT, k->insts[0].reconv);
    k = load_kernel(endless, sizeof endless - 1u);
    if (!k) {
        GS_CHECK(0);
        return;
    }
    GS_CHECK_EQ(2, k->insts[0].target);
    GS_CHECK_EQ(1, k->insts[0].reconv);
    GS_CHECK_EQ(2, k->insts[2].target);
    GS_CHECK_EQ(GS_PTX_PC_EXIT, k->insts[2].reconv);
}

static char *read_text(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    char *text;
    long n;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = (char *)malloc((size_t)n + 1u);
    if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
        free(text);
        text = NULL;
    }
    fclose(f);
    *length = (size_t)n;
    return text;
}

/* tests/ptx/diverge.ptx (nvcc -ptx -O3 -arch=sm_75 diverge.cu): indices
 * read off the PTX listing: 10 = "@%p1 bra $L__BB0_11" (early return to
 * the final ret at 58), 29/37 = outer/inner if of the loop body joining at
 * $L__BB0_8 (47), 49 = break to $L__BB0_10 (55), 54 = the loop back edge. */
static void test_nvcc_diverge(void)
{
    static const uint32_t branch[] = {10, 17, 29, 30, 34, 37, 38, 45, 49, 54};
    static const uint32_t target[] = {58, 55, 31, 35, 47, 39, 46, 47, 55, 23};
    static const uint32_t reconv[] = {58, 55, 47, 35, 47, 47, 46, 47, 55, 55};
    size_t length, i;
    char *text = read_text("tests/ptx/diverge.ptx", &length);
    const gs_ptx_kernel *k = text ? load_kernel(text, length) : NULL;
    if (!k) {
        free(text);
    {
        GS_CHECK(0);
        return;
    }
    }
    GS_CHECK_STR("_Z7divergePKiPii", k->name);
    GS_CHECK_EQ(59, k->num_insts);
    GS_CHECK_EQ(10, k->num_branches);
    GS_CHECK_EQ(31, k->num_reg_slots);
    GS_CHECK_EQ(9, k->num_pred_slots);
    for (i = 0; i < sizeof branch / sizeof branch[0]; i++) {
        GS_CHECK_EQ(GS_PTX_OP_BRA, k->insts[branch[i]].op);
        GS_CHECK_EQ(target[i], k->insts[branch[i]].target);
        GS_CHECK_EQ(reconv[i], k->insts[branch[i]].reconv);
    }
    GS_CHECK_EQ(GS_PTX_OP_RET, k->insts[58].op);
    free(text);
}

int main(void)
{
    GS_RUN(test_if_else);
    GS_RUN(test_loop_early_ret);
    GS_RUN(test_loop_no_ret);
    GS_RUN(test_end_label_and_endless_loop);
    GS_RUN(test_nvcc_diverge);
    ptx_test_free();
    return gs_check_report();
}
