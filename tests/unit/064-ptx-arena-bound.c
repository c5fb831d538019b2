/* The loader's text-aware arena bound gs_ptx_bytes_for_text (ptx_load.c):
 * exact for every test and example PTX (loading succeeds with exactly that
 * many bytes and fails with one fewer), never above the length-only bound,
 * an upper bound for every prefix and thousands of mutations of nvcc PTX
 * (no GS_E_ARENA / GS_E_LIMIT, only GS_OK or GS_E_PTX) and for dense
 * synthetic texts; the host's PTX arena budget (gs_host_config.ptx_arena_bytes) and
 * the workload runner's exact sizing; decoding of slct and carry
 * arithmetic (hidden carry-flag predicate slot). Prints the figures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "exec_test.h"
#include "workload_host.h"

static const char *const files[] = {
    "tests/ptx/diverge.ptx", "tests/ptx/memops.ptx", "tests/ptx/warp.ptx",
    "tests/ptx/exec/exec_kernels.ptx", "tests/ptx/exec/simt.ptx",
    "tests/ptx/exec/ptxfix.ptx"
};

/* Load `text` into an arena of exactly `bytes`; returns the status. */
static gs_status load_with(const char *text, size_t length, size_t bytes, gs_ptx_module **m)
{
    static void *buffer;
    static size_t have;
    gs_arena arena;
    gs_diag diag;
    if (bytes > have) {
        free(buffer);
        buffer = malloc(bytes);
        have = bytes;
    }
    gs_arena_init(&arena, buffer, bytes);
    return gs_ptx_load(&arena, "t.ptx", text, length, m, &diag);
}

static void test_exact_on_files(void)
{
    size_t i;
    for (i = 0; i < sizeof files / sizeof files[0]; i++) {
        size_t length = 0, need;
        char *text = exec_test_read(files[i], &length);
        gs_ptx_module *m = NULL;
        GS_CHECK(text != NULL);
        if (!text)
            continue;
        need = gs_ptx_bytes_for_text(text, length);
        printf("  %-34s %7u bytes of text: arena %9u (length-only bound %10u)\n", files[i],
               (unsigned)length, (unsigned)need, (unsigned)gs_ptx_bytes_for(length));
        GS_CHECK(need <= gs_ptx_bytes_for(length));
        GS_CHECK(need <= 40u * length);   /* modest: nvcc output needs ~10-20x */
        GS_CHECK_EQ(GS_OK, load_with(text, length, need, &m));
        GS_CHECK_EQ(GS_E_ARENA, load_with(text, length, need - 1u, &m));
        free(text);
    }
}

/* Status of a load with exactly the text bound: never ARENA or LIMIT. */
static int bound_holds(const char *text, size_t length)
{
    gs_ptx_module *m = NULL;
    gs_status st = load_with(text, length, gs_ptx_bytes_for_text(text, length), &m);
    if (st != GS_OK && st != GS_E_PTX) {
        printf("  status %d for a text of %u bytes\n", (int)st, (unsigned)length);
        return 0;
    }
    return 1;
}

static void test_prefixes_and_mutations(void)
{
    static const char alphabet[] = ";;,,{}():%.0129 \nab_[]-@!<>";
    size_t length = 0, i, failures = 0;
    uint32_t state = 12345;
    char *text = exec_test_read("tests/ptx/exec/simt.ptx", &length);
    char *copy;
    GS_CHECK(text != NULL);
    if (!text)
        return;
    copy = (char *)malloc(length);
    for (i = 0; i <= length && failures < 3; i += 3)
        failures += !bound_holds(text, i);
    for (i = 0; i < 3000 && failures < 3; i++) {
        unsigned k, edits = 1u + exec_rand(&state) % 4u;
        memcpy(copy, text, length);
        for (k = 0; k < edits; k++)
            copy[exec_rand(&state) % length] =
                alphabet[exec_rand(&state) % (sizeof alphabet - 1u)];
        failures += !bound_holds(copy, length);
    }
    GS_CHECK_EQ(0u, failures);
    free(copy);
    free(text);
}

/* Dense texts: the shortest statements, many labels, parameters, ranges,
 * initialiser numbers, bra operands. */
static void test_dense_texts(void)
{
    static char text[65536];
    size_t n = 0, i;
    gs_ptx_module *m = NULL;
    n += (size_t)sprintf(text + n, ".version 9.0\n.target sm_75\n.address_size 64\n"
                         ".global .u8 g[64] = {");
    for (i = 0; i < 63; i++)
        n += (size_t)sprintf(text + n, "%u,", (unsigned)i);
    n += (size_t)sprintf(text + n, "1};\n.entry k(.param .u32 a");
    for (i = 0; i < 100; i++)
        n += (size_t)sprintf(text + n, ",.param .u32 a%u", (unsigned)i);
    n += (size_t)sprintf(text + n, ")\n{\n.reg .pred %%p<2>;\n");
    for (i = 0; i < 300; i++)
        n += (size_t)sprintf(text + n, "L%u:@%%p1 bra L%u;ret;\n", (unsigned)i,
                             (unsigned)(i / 2));
    n += (size_t)sprintf(text + n, "}\n");
    GS_CHECK(bound_holds(text, n));
    GS_CHECK_EQ(GS_OK, load_with(text, n, gs_ptx_bytes_for_text(text, n), &m));
    GS_CHECK(m != NULL);
    if (m) {
        GS_CHECK_EQ(600u, m->kernels[0].num_insts);
        GS_CHECK_EQ(101u, m->kernels[0].num_params);
        GS_CHECK_EQ(64u, m->vars[0].init_bytes);
    }
}

static void test_host_budget(void)
{
    gs_host_config hc;
    size_t length = 0, bytes;
    char *text = exec_test_read("tests/ptx/exec/exec_kernels.ptx", &length);
    const gs_host_module *module = NULL;
    gs_host host;
    gs_arena arena;
    gs_diag diag;
    void *buffer;
    gs_host_config_default(&hc);
    printf("  default host arena: %u bytes (PTX budget %u)\n", (unsigned)gs_host_bytes(&hc),
           (unsigned)hc.ptx_arena_bytes);
    GS_CHECK_EQ(16u * 1024u * 1024u, hc.ptx_arena_bytes);
    hc.ptx_arena_bytes = 0;   /* legacy: the length-only bound */
    GS_CHECK(gs_host_bytes(&hc) > 200u * 1024u * 1024u);
    exec_test_config(&hc);
    hc.ptx_arena_bytes = gs_ptx_bytes_for_text(text, length) - 1u;
    bytes = gs_host_bytes(&hc);
    buffer = calloc(1, bytes);
    gs_arena_init(&arena, buffer, bytes);
    GS_CHECK_EQ(GS_OK, gs_host_init(&host, &hc, &arena, &diag));
    GS_CHECK_EQ(GS_E_LIMIT, gs_host_module_load(&host, "k.ptx", text, length, &module, &diag));
    GS_CHECK(strstr(diag.message, "raise gs_host_config.ptx_arena_bytes") != NULL);
    free(buffer);
    hc.ptx_arena_bytes++;
    bytes = gs_host_bytes(&hc);
    buffer = calloc(1, bytes);
    gs_arena_init(&arena, buffer, bytes);
    GS_CHECK_EQ(GS_OK, gs_host_init(&host, &hc, &arena, &diag));
    GS_CHECK_EQ(GS_OK, gs_host_module_load(&host, "k.ptx", text, length, &module, &diag));
    GS_CHECK(host.ptx_arena_used > 0 && host.ptx_arena_used <= hc.ptx_arena_bytes);
    GS_CHECK(arena.used_bytes <= bytes);
    free(buffer);
    free(text);
}

/* gs_workload_host_config reserves exactly the sum of the text bounds. */
static void test_workload_sizing(void)
{
    static gs_workload wl;
    unsigned w, f;
    size_t largest = 0;
    for (w = 0; w < gs_embedded_workload_count; w++) {
        const gs_embedded_workload *e = &gs_embedded_workloads[w];
        gs_host_config hc;
        gs_diag diag;
        uint64_t sum = 0;
        GS_CHECK_EQ(GS_OK, gs_workload_parse(&wl, e->source, e->text, e->length, &diag));
        GS_CHECK_EQ(GS_OK, gs_workload_host_config(&wl, test_embedded_read,
                                                   (void *)(uintptr_t)e, &hc, &diag));
        for (f = 0; f < wl.num_ptx; f++) {
            const gs_embedded_file *file = gs_embedded_workload_file(e, wl.ptx[f]);
            GS_CHECK(file != NULL);
            if (file)
                sum += gs_ptx_bytes_for_text(file->text, file->length);
        }
        GS_CHECK_EQ(sum, hc.ptx_arena_bytes);
        printf("  workload %-12s PTX arena %8u, host arena %10u bytes\n", e->name,
               (unsigned)hc.ptx_arena_bytes, (unsigned)gs_host_bytes(&hc));
        if (gs_host_bytes(&hc) > largest)
            largest = gs_host_bytes(&hc);
    }
    printf("  largest example host arena: %u bytes\n", (unsigned)largest);
}

static const gs_ptx_kernel *decode(const char *body, gs_ptx_module **m)
{
    static char text[4096];
    size_t n = (size_t)sprintf(text, ".version 9.0\n.target sm_75\n.address_size 64\n"
                               ".entry k()\n{\n.reg .pred %%p<3>;\n.reg .b32 %%r<9>;\n"
                               ".reg .b64 %%rd<4>;\n%s\nret;\n}\n", body);
    gs_status st = load_with(text, n, gs_ptx_bytes_for_text(text, n), m);
    GS_CHECK_EQ(GS_OK, st);
    return st == GS_OK ? &(*m)->kernels[0] : NULL;
}

static void test_decode_slct_and_carry(void)
{
    gs_ptx_module *m = NULL;
    const gs_ptx_kernel *k = decode("slct.u32.s32 %r1, %r2, 7, %r3;\n"
                                    "setp.lt.u32 %p1, %r1, %r2;\n"
                                    "add.cc.u32 %r4, %r1, %r2;\n"
                                    "addc.cc.u32 %r5, %r1, %r2;\n"
                                    "madc.hi.u64 %rd1, %rd2, %rd3, %rd2;\n"
                                    "subc.s32 %r6, %r1, 3;", &m);
    const gs_ptx_inst *in;
    if (!k)
        return;
    in = k->insts;
    GS_CHECK_EQ(GS_PTX_OP_SLCT, in[0].op);
    GS_CHECK_EQ(GS_PTX_T_U32, in[0].type);
    GS_CHECK_EQ(GS_PTX_T_S32, in[0].type2);
    GS_CHECK_EQ(GS_PTX_CMP_NONE, in[0].cmp);
    GS_CHECK_EQ(4u, in[0].num_operands);
    /* %p1 is predicate slot 0; CC.CF gets the next one, 1 */
    GS_CHECK_EQ(2u, k->num_pred_slots);
    GS_CHECK_EQ(GS_PTX_OP_ADD, in[2].op);
    GS_CHECK(in[2].flags & GS_PTX_F_CC);
    GS_CHECK_EQ(1u, in[2].opd[0].reg2);
    GS_CHECK_EQ(3u, in[2].num_operands);
    GS_CHECK_EQ(GS_PTX_OP_ADDC, in[3].op);
    GS_CHECK_EQ(4u, in[3].num_operands);
    GS_CHECK_EQ(GS_PTX_OPD_PRED, in[3].opd[3].kind);
    GS_CHECK_EQ(1u, in[3].opd[3].reg);
    GS_CHECK_EQ(1u, in[3].opd[0].reg2);
    GS_CHECK_EQ(GS_PTX_OP_MADC, in[4].op);
    GS_CHECK_EQ(GS_PTX_MODE_HI, in[4].mode);
    GS_CHECK_EQ(5u, in[4].num_operands);
    GS_CHECK_EQ(GS_PTX_NONE, in[4].opd[0].reg2);   /* no .cc: CF not written */
    GS_CHECK_EQ(GS_UNIT_INT, in[4].unit);
    GS_CHECK_EQ(GS_OPC_INT_MAD, in[4].op_class);
    GS_CHECK_EQ(GS_PTX_OP_SUBC, in[5].op);
    GS_CHECK_EQ(GS_PTX_T_S32, in[5].type);
    GS_CHECK_EQ(GS_PTX_OPD_IMM, in[5].opd[2].kind);
    GS_CHECK_EQ(3u, in[5].opd[2].value);
    GS_CHECK_EQ(0, strcmp(gs_ptx_op_name(GS_PTX_OP_MADC), "madc"));
}

/* Decimal float literals: f64 values (one correctly rounded operation),
 * converted to the operand's type with round-to-nearest. */
static void test_decimal_floats(void)
{
    gs_ptx_module *m = NULL;
    const gs_ptx_kernel *k;
    static const uint64_t want[12] = {
        0x3FC00000u, 0x3FB999999999999Aull, 0x3DCCCCCDu, 0xBB23D70Au, 0x4480F0CF064DD592ull,
        0x4097700000000000ull, 0x4212A05F20000000ull, 0x3FBF9ADD3739635Full,
        0x3B5E392010175EE6ull, 0x3E00u, 0x4028B0A3D70A3D71ull, 0
    };
    static const uint8_t where[12] = {2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2};
    unsigned i;
    static const char init_text[] = ".version 9.0\n.target sm_75\n.address_size 64\n"
                                    ".global .f32 g[2] = {1.5, -0.1};\n"
                                    ".global .f64 h = 2.5e-1;\n";
    static const uint8_t g_bytes[8] = {0x00, 0x00, 0xC0, 0x3F, 0xCD, 0xCC, 0xCC, 0xBD};
    static const uint8_t h_bytes[8] = {0, 0, 0, 0, 0, 0, 0xD0, 0x3F};
    GS_CHECK_EQ(GS_OK, load_with(init_text, sizeof init_text - 1u,
                                 gs_ptx_bytes_for_text(init_text, sizeof init_text - 1u), &m));
    if (!m)
        return;
    GS_CHECK(m->num_vars == 2 && m->vars[0].init_bytes == 8 && m->vars[1].init_bytes == 8);
    GS_CHECK(m->num_vars == 2 && memcmp(m->vars[0].init, g_bytes, 8) == 0);
    GS_CHECK(m->num_vars == 2 && memcmp(m->vars[1].init, h_bytes, 8) == 0);
    k = decode(".reg .b16 %h<2>;\n"
               "add.f32 %r1, %r2, 1.5;\n"
               "mul.f64 %rd1, %rd2, 0.1;\n"
               "add.f32 %r1, %r2, 0.1;\n"
               "mov.f32 %r3, -2.5e-3;\n"
               "mov.f64 %rd3, 1e22;\n"
               "mov.f64 %rd3, 1.5e+3;\n"
               "mov.f64 %rd3, 2e10;\n"
               "mov.f64 %rd3, 0.123456789;\n"
               "mov.f64 %rd3, 1e-22;\n"
               "mov.f16 %h1, 1.5;\n"
               "cvt.rn.f32.f64 %r1, 12345e-3;\n"
               "setp.lt.f32 %p1, %r1, 0.0;", &m);
    if (!k)
        return;
    for (i = 0; i < 12; i++) {
        GS_CHECK_EQ(GS_PTX_OPD_IMM, k->insts[i].opd[where[i]].kind);
        GS_CHECK_EQ(want[i], k->insts[i].opd[where[i]].value);
    }
}

int main(void)
{
    (void)exec_alloc;   /* exec_test.h helpers this test does not use */
    (void)exec_dim;
    (void)exec_test_setup;
    GS_RUN(test_exact_on_files);
    GS_RUN(test_prefixes_and_mutations);
    GS_RUN(test_dense_texts);
    GS_RUN(test_host_budget);
    GS_RUN(test_workload_sizing);
    GS_RUN(test_decode_slct_and_carry);
    GS_RUN(test_decimal_floats);
    exec_test_done();
    return gs_check_report();
}
