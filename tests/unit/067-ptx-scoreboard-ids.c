/* Scoreboard ids are the registers as written, not their shared storage
 * (src/ptx/ptx_sbid.c): with liveness-based storage reuse on, every
 * instruction of every test and example kernel reports exactly the same
 * gs_inst scoreboard ids as with reuse off, and a hand-made kernel whose
 * temporaries share one storage slot keeps three distinct ids. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ptx/ptx.h"

static const char chain_ptx[] =
    ".version 7.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry chain(.param .u64 p)\n{\n"
    "  .reg .b32 %r<4>;\n  .reg .b64 %rd<2>;\n"
    "  ld.param.u64 %rd1, [p];\n"      /* 0: rd1 = slot 0 */
    "  mov.u32 %r1, 1;\n"              /* 1: r1 = slot 1 */
    "  add.u32 %r2, %r1, 1;\n"         /* 2: r2 = slot 2, r1 dies */
    "  add.u32 %r3, %r2, 2;\n"         /* 3: r3 = slot 3, r2 dies */
    "  st.global.u32 [%rd1], %r3;\n"   /* 4 */
    "  ret;\n}\n";

static const char *const files[] = {
    "tests/ptx/diverge.ptx", "tests/ptx/memops.ptx", "tests/ptx/warp.ptx",
    "tests/ptx/exec/exec_kernels.ptx", "tests/ptx/exec/simt.ptx",
    "tests/ptx/exec/ptxfix.ptx", "examples/kernels/bfs.ptx", "examples/kernels/conv2d.ptx",
    "examples/kernels/diverge.ptx", "examples/kernels/floatops.ptx",
    "examples/kernels/histogram.ptx", "examples/kernels/reduce.ptx",
    "examples/kernels/syrk.ptx", "examples/kernels/vectoradd.ptx"
};

static char *read_file(const char *path, size_t *length)
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
    if (text)
        text[n] = '\0';
    *length = (size_t)n;
    return text;
}

static gs_ptx_module *load(const char *name, const char *text, size_t length, int reuse,
                           void **buffer)
{
    gs_arena arena;
    gs_ptx_module *module = NULL;
    gs_diag diag;
    gs_ptx_load_options options;
    size_t bytes = gs_ptx_bytes_for_text(text, length);
    options.no_slot_reuse = (uint8_t)!reuse;
    *buffer = calloc(1, bytes);
    gs_arena_init(&arena, *buffer, bytes);
    if (gs_ptx_load_with(&arena, name, text, length, &options, &module, &diag) != GS_OK) {
        printf("  %s: %s\n", name, diag.message);
        return NULL;
    }
    return module;
}

static void same_ids(const gs_ptx_kernel *a, const gs_ptx_kernel *b)
{
    uint32_t i;
    GS_CHECK_EQ(a->num_insts, b->num_insts);
    for (i = 0; i < a->num_insts && i < b->num_insts; i++) {
        const gs_ptx_inst *x = &a->insts[i], *y = &b->insts[i];
        GS_CHECK_EQ(x->num_sb_dst, y->num_sb_dst);
        GS_CHECK_EQ(x->num_sb_src, y->num_sb_src);
        GS_CHECK(memcmp(x->sb_dst, y->sb_dst, sizeof x->sb_dst) == 0);
        GS_CHECK(memcmp(x->sb_src, y->sb_src, sizeof x->sb_src) == 0);
    }
}

static void test_reuse_keeps_ids(void)
{
    unsigned f, k, shared = 0;
    for (f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t length;
        char *text = read_file(files[f], &length);
        void *b1, *b2;
        gs_ptx_module *on, *off;
        GS_CHECK(text != NULL);
        if (!text)
            continue;
        on = load(files[f], text, length, 1, &b1);
        off = load(files[f], text, length, 0, &b2);
        GS_CHECK(on && off);
        for (k = 0; on && off && k < on->num_kernels; k++) {
            same_ids(&on->kernels[k], &off->kernels[k]);
            shared += on->kernels[k].num_reg_storage < off->kernels[k].num_reg_storage;
        }
        free(b1);
        free(b2);
        free(text);
    }
    GS_CHECK(shared > 0);   /* reuse really renamed storage somewhere */
}

static void test_chain_ids(void)
{
    void *buffer;
    gs_ptx_module *m = load("chain.ptx", chain_ptx, sizeof chain_ptx - 1, 1, &buffer);
    const gs_ptx_kernel *k = m ? &m->kernels[0] : NULL;
    GS_CHECK(k != NULL);
    if (k) {
        GS_CHECK_EQ(4, k->num_reg_slots);
        GS_CHECK(k->num_reg_storage < 4);                  /* r1/r2/r3 share */
        GS_CHECK_EQ(1, k->insts[1].num_sb_dst);
        GS_CHECK_EQ(1, k->insts[1].sb_dst[0]);
        GS_CHECK_EQ(2, k->insts[2].sb_dst[0]);
        GS_CHECK_EQ(1, k->insts[2].num_sb_src);
        GS_CHECK_EQ(1, k->insts[2].sb_src[0]);
        GS_CHECK_EQ(3, k->insts[3].sb_dst[0]);
        GS_CHECK_EQ(2, k->insts[3].sb_src[0]);
        GS_CHECK_EQ(0, k->insts[4].num_sb_dst);              /* st writes no register */
        GS_CHECK_EQ(2, k->insts[4].num_sb_src);
        GS_CHECK_EQ(0, k->insts[4].sb_src[0]);               /* address base rd1 */
        GS_CHECK_EQ(3, k->insts[4].sb_src[1]);               /* stored r3 */
    }
    free(buffer);
}

int main(void)
{
    GS_RUN(test_reuse_keeps_ids);
    GS_RUN(test_chain_ids);
    return gs_check_report();
}
