/* Liveness-based register slot reuse (src/ptx/ptx_live.c):
 *  - for every test and example PTX kernel, an independent exact liveness
 *    (instruction-level backward dataflow with bitsets, written here) shows
 *    that no two registers live or referenced at the same instruction share
 *    a storage slot, and the reused program equals the unreused one except
 *    for the slot numbers (a consistent renaming);
 *  - hand-made kernels give exact storage counts: straight-line temporaries
 *    share, a value carried around a loop stays live across the back edge,
 *    a read of a never-written register (zero) keeps its own slot from the
 *    entry, a guarded write does not end a live range;
 *  - every example workload's outputs and instruction counts are identical
 *    with and without reuse.
 * Prints the slot reduction per file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "exec_test.h"
#include "workload_host.h"

static const gs_ptx_load_options no_reuse = {1, 0};

static const char *const files[] = {
    "tests/ptx/diverge.ptx", "tests/ptx/memops.ptx", "tests/ptx/warp.ptx",
    "tests/ptx/exec/exec_kernels.ptx", "tests/ptx/exec/simt.ptx",
    "tests/ptx/exec/ptxfix.ptx", "examples/kernels/bfs.ptx", "examples/kernels/conv2d.ptx",
    "examples/kernels/diverge.ptx", "examples/kernels/floatops.ptx",
    "examples/kernels/histogram.ptx", "examples/kernels/reduce.ptx",
    "examples/kernels/syrk.ptx", "examples/kernels/vectoradd.ptx"
};

typedef struct loaded {
    void *buffer;
    gs_ptx_module *module;
} loaded;

static gs_status load(const char *name, const char *text, size_t length, int reuse,
                      loaded *out)
{
    size_t bytes = gs_ptx_bytes_for_text(text, length);
    gs_arena arena;
    gs_diag diag;
    gs_status st;
    out->buffer = malloc(bytes);
    gs_arena_init(&arena, out->buffer, bytes);
    st = gs_ptx_load_with(&arena, name, text, length, reuse ? NULL : &no_reuse, &out->module,
                          &diag);
    if (st != GS_OK)
        printf("  %s: %s:%u:%u: %s\n", name, diag.file, diag.line, diag.column, diag.message);
    return st;
}

/* ---- the independent liveness ---- */

#define WORDS 8u   /* up to 512 registers per kernel */

typedef struct bits {
    uint64_t w[WORDS];
} bits;

static void bit_set(bits *b, uint32_t i)
{
    if (i < 64u * WORDS)
        b->w[i / 64u] |= 1ull << (i % 64u);
}

static int bit_get(const bits *b, uint32_t i)
{
    return (int)((b->w[i / 64u] >> (i % 64u)) & 1u);
}

static void operand_regs(const gs_ptx_operand *o, bits *b)
{
    unsigned k;
    if (o->kind == GS_PTX_OPD_REG && o->reg != GS_PTX_REG_SINK)
        bit_set(b, o->reg);
    else if (o->kind == GS_PTX_OPD_ADDR && o->base == GS_PTX_BASE_REG)
        bit_set(b, o->reg);
    else if (o->kind == GS_PTX_OPD_VEC)
        for (k = 0; k < o->vec_count; k++)
            if (o->vec[k] != GS_PTX_REG_SINK)
                bit_set(b, o->vec[k]);
}

static int writes_first(const gs_ptx_inst *in)
{
    switch (in->op) {
    case GS_PTX_OP_ST: case GS_PTX_OP_RED: case GS_PTX_OP_BRA: case GS_PTX_OP_RET:
    case GS_PTX_OP_EXIT: case GS_PTX_OP_TRAP: case GS_PTX_OP_MEMBAR:
    case GS_PTX_OP_PREFETCH: case GS_PTX_OP_NOP:
        return 0;
    case GS_PTX_OP_BAR:
        return in->mode == GS_PTX_BAR_RED;
    default:
        return in->num_operands > 0;
    }
}

/* use / kill sets of one instruction (a guarded write kills nothing). */
static void use_kill(const gs_ptx_inst *in, bits *use, bits *kill)
{
    unsigned k, first = writes_first(in) ? 1u : 0u;
    memset(use, 0, sizeof *use);
    memset(kill, 0, sizeof *kill);
    for (k = first; k < in->num_operands; k++)
        operand_regs(&in->opd[k], use);
    if (first && in->guard == GS_PTX_NONE)
        operand_regs(&in->opd[0], kill);
    else if (first)
        operand_regs(&in->opd[0], use);
}

/* live_in per instruction by iteration to the fixpoint. */
static bits *liveness(const gs_ptx_kernel *k)
{
    bits *in = (bits *)calloc(k->num_insts + 1u, sizeof(bits));
    int changed = 1;
    while (changed) {
        uint32_t i;
        changed = 0;
        for (i = k->num_insts; i-- > 0;) {
            const gs_ptx_inst *x = &k->insts[i];
            bits use, kill, out, now;
            unsigned w;
            int falls = x->guard != GS_PTX_NONE ||
                        (x->op != GS_PTX_OP_BRA && x->op != GS_PTX_OP_RET &&
                         x->op != GS_PTX_OP_EXIT && x->op != GS_PTX_OP_TRAP);
            memset(&out, 0, sizeof out);
            for (w = 0; w < WORDS; w++) {
                if (falls)
                    out.w[w] |= in[i + 1u].w[w];
                if (x->op == GS_PTX_OP_BRA && x->target < k->num_insts)
                    out.w[w] |= in[x->target].w[w];
            }
            use_kill(x, &use, &kill);
            for (w = 0; w < WORDS; w++) {
                now.w[w] = use.w[w] | (out.w[w] & ~kill.w[w]);
                if (now.w[w] != in[i].w[w])
                    changed = 1;
                in[i].w[w] = now.w[w];
            }
        }
    }
    return in;
}

/* Map original slot -> storage slot from the two decodings; 0 if they are
 * not the same program up to a consistent renaming. */
static int renaming(const gs_ptx_kernel *a, const gs_ptx_kernel *b, uint32_t *map)
{
    uint32_t i, k, e;
    for (i = 0; i < a->num_reg_slots; i++)
        map[i] = GS_PTX_NONE;
    for (i = 0; i < a->num_insts; i++) {
        gs_ptx_inst x, y;
        memcpy(&x, &a->insts[i], sizeof x);   /* padding bytes included */
        memcpy(&y, &b->insts[i], sizeof y);
        for (k = 0; k < x.num_operands; k++) {
            gs_ptx_operand *p = &x.opd[k], *q = &y.opd[k];
            uint32_t n = p->kind == GS_PTX_OPD_VEC ? p->vec_count : 1u;
            for (e = 0; e < n; e++) {
                uint32_t *from = p->kind == GS_PTX_OPD_VEC ? &p->vec[e] : &p->reg;
                uint32_t *to = q->kind == GS_PTX_OPD_VEC ? &q->vec[e] : &q->reg;
                int data = p->kind == GS_PTX_OPD_VEC || p->kind == GS_PTX_OPD_REG ||
                           (p->kind == GS_PTX_OPD_ADDR && p->base == GS_PTX_BASE_REG);
                if (!data || *from >= a->num_reg_slots)
                    continue;
                if (*to >= b->num_reg_storage ||
                    (map[*from] != GS_PTX_NONE && map[*from] != *to))
                    return 0;
                map[*from] = *to;
                *to = *from;   /* so the rest of the records compare equal */
            }
        }
        if (memcmp(&x, &y, sizeof x) != 0)
            return 0;
    }
    return 1;
}

/* No instruction has two live-or-referenced registers in one storage slot. */
static int no_conflict(const gs_ptx_kernel *k, const bits *in, const uint32_t *map)
{
    uint32_t i, r, owner[64u * WORDS];
    for (i = 0; i < k->num_insts; i++) {
        bits occ = in[i], use, kill;
        unsigned w;
        use_kill(&k->insts[i], &use, &kill);
        for (w = 0; w < WORDS; w++)
            occ.w[w] |= kill.w[w] | (i + 1u < k->num_insts ? in[i + 1u].w[w] : 0u);
        if (k->insts[i].op == GS_PTX_OP_BRA && k->insts[i].target < k->num_insts)
            for (w = 0; w < WORDS; w++)
                occ.w[w] |= in[k->insts[i].target].w[w];
        for (r = 0; r < 64u * WORDS; r++)
            owner[r] = GS_PTX_NONE;
        for (r = 0; r < k->num_reg_slots; r++) {
            if (!bit_get(&occ, r))
                continue;
            if (owner[map[r]] != GS_PTX_NONE) {
                printf("  %s inst %u: registers %u and %u share slot %u\n", k->name, i,
                       owner[map[r]], r, map[r]);
                return 0;
            }
            owner[map[r]] = r;
        }
    }
    return 1;
}

static void test_every_kernel(void)
{
    size_t f;
    uint32_t total_slots = 0, total_storage = 0;
    for (f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t length = 0;
        char *text = exec_test_read(files[f], &length);
        loaded a, b;
        uint32_t i, slots = 0, storage = 0;
        GS_CHECK(text != NULL);
        if (!text)
            continue;
        GS_CHECK_EQ(GS_OK, load(files[f], text, length, 0, &a));
        GS_CHECK_EQ(GS_OK, load(files[f], text, length, 1, &b));
        for (i = 0; a.module && b.module && i < a.module->num_kernels; i++) {
            const gs_ptx_kernel *ka = &a.module->kernels[i], *kb = &b.module->kernels[i];
            uint32_t map[64u * WORDS];
            bits *in;
            GS_CHECK(ka->num_reg_slots <= 64u * WORDS);
            GS_CHECK_EQ(ka->num_reg_slots, ka->num_reg_storage);
            GS_CHECK_EQ(ka->num_reg_slots, kb->num_reg_slots);
            GS_CHECK(kb->num_reg_storage <= kb->num_reg_slots);
            GS_CHECK(renaming(ka, kb, map));
            in = liveness(ka);
            GS_CHECK(no_conflict(ka, in, map));
            free(in);
            slots += ka->num_reg_slots;
            storage += kb->num_reg_storage;
        }
        printf("  %-34s register slots %4u -> storage slots %4u\n", files[f],
               (unsigned)slots, (unsigned)storage);
        total_slots += slots;
        total_storage += storage;
        free(a.buffer);
        free(b.buffer);
        free(text);
    }
    printf("  all kernels: %u -> %u storage slots per thread\n", (unsigned)total_slots,
           (unsigned)total_storage);
    GS_CHECK(total_storage < total_slots);
}

static uint32_t storage_of(const char *body)
{
    static char text[4096];
    size_t n = (size_t)sprintf(text, ".version 9.0\n.target sm_75\n.address_size 64\n"
                               ".entry k(.param .u64 out)\n{\n.reg .pred %%p<3>;\n"
                               ".reg .b32 %%r<20>;\n.reg .b64 %%rd<4>;\n"
                               "ld.param.u64 %%rd1, [out];\n%s\n"
                               "st.global.u32 [%%rd1], %%r1;\nret;\n}\n", body);
    loaded l;
    uint32_t storage = 0;
    if (load("k.ptx", text, n, 1, &l) == GS_OK)
        storage = l.module->kernels[0].num_reg_storage;
    else
        GS_CHECK(0);
    free(l.buffer);
    return storage;
}

static void test_exact_counts(void)
{
    /* straight line: %r2 dies at %r3, %r3 at %r4, ...: %rd1 + 2 slots */
    GS_CHECK_EQ(3u, storage_of("mov.u32 %r2, 1;\nadd.u32 %r3, %r2, 1;\n"
                               "add.u32 %r4, %r3, 1;\nadd.u32 %r5, %r4, 1;\n"
                               "add.u32 %r1, %r5, 1;"));
    /* loop: %r2 (counter) and %r1 (sum) live around the back edge; %r3 is a
     * temporary of one iteration but overlaps them: rd1 + 3 */
    GS_CHECK_EQ(4u, storage_of("mov.u32 %r1, 0;\nmov.u32 %r2, 0;\nL1:\n"
                               "mul.lo.u32 %r3, %r2, 3;\nadd.u32 %r1, %r1, %r3;\n"
                               "add.u32 %r2, %r2, 1;\nsetp.lt.u32 %p1, %r2, 10;\n"
                               "@%p1 bra L1;"));
    /* %r2 is last read inside the loop but needed again in the next
     * iteration: the back edge keeps it live to the bra, so %r5 cannot take
     * its slot (rd1 r2 r3 r5; r1 reuses one) */
    GS_CHECK_EQ(4u, storage_of("mov.u32 %r2, 7;\nmov.u32 %r3, 0;\nL1:\n"
                               "add.u32 %r3, %r3, %r2;\nmov.u32 %r5, 1;\n"
                               "add.u32 %r3, %r3, %r5;\nsetp.lt.u32 %p1, %r3, 100;\n"
                               "@%p1 bra L1;\nmov.u32 %r1, %r3;"));
    /* %r7 is read before any write (zero): it must not share with %r2, which
     * dies before %r7's read */
    GS_CHECK_EQ(4u, storage_of("mov.u32 %r2, 5;\nadd.u32 %r3, %r2, 1;\n"
                               "add.u32 %r1, %r7, %r3;"));
    /* a guarded write does not start a live range: %r4 is live from the
     * entry and overlaps %rd1 %r2 %r3 %r5 at the add (5 slots); unguarded it
     * starts at its write (4) */
    GS_CHECK_EQ(5u, storage_of("mov.u32 %r2, 5;\nmov.u32 %r3, 6;\nadd.u32 %r5, %r2, %r3;\n"
                               "setp.eq.u32 %p1, %r5, 5;\n@%p1 mov.u32 %r4, 9;\n"
                               "add.u32 %r1, %r4, 1;"));
    GS_CHECK_EQ(4u, storage_of("mov.u32 %r2, 5;\nmov.u32 %r3, 6;\nadd.u32 %r5, %r2, %r3;\n"
                               "setp.eq.u32 %p1, %r5, 5;\nmov.u32 %r4, 9;\n"
                               "add.u32 %r1, %r4, 1;"));
}

/* ---- example workloads with and without reuse ---- */

typedef struct run_result {
    uint64_t warp_insts, thread_insts;
    uint8_t *bytes;
    size_t length;
} run_result;

static int run_workload(const gs_embedded_workload *e, int reuse, run_result *r)
{
    static gs_workload wl;
    static gs_host host;
    static gs_wl_state state;
    gs_host_config hc;
    gs_arena arena;
    gs_diag diag;
    unsigned i;
    gs_status st = gs_workload_parse(&wl, e->source, e->text, e->length, &diag);
    if (st == GS_OK)
        st = gs_workload_host_config(&wl, test_embedded_read, (void *)(uintptr_t)e, &hc, &diag);
    hc.ptx_no_slot_reuse = reuse ? 0u : 1u;
    if (!reuse)   /* every register its own slot: sha's 80 unrolled rounds name 1042 */
        hc.cta.reg_slots = 2048u;
    if (st == GS_OK)
        st = test_host_start_with(&host, &arena, &hc);
    if (st == GS_OK)
        st = gs_workload_run(&wl, &host, test_embedded_read, (void *)(uintptr_t)e, &state,
                             &diag);
    if (st != GS_OK) {
        test_print_diag(e->name, &diag);
        return 0;
    }
    r->warp_insts = host.warp_insts;
    r->thread_insts = host.thread_insts;
    r->length = 0;
    for (i = 0; i < wl.num_outputs; i++)
        r->length += (size_t)gs_wl_buffer_bytes(&wl.buffers[wl.outputs[i]]);
    r->bytes = (uint8_t *)malloc(r->length + 1u);
    r->length = 0;
    for (i = 0; i < wl.num_outputs; i++) {
        size_t n = (size_t)gs_wl_buffer_bytes(&wl.buffers[wl.outputs[i]]);
        gs_host_memcpy_to_host(&host, r->bytes + r->length, state.address[wl.outputs[i]], n);
        r->length += n;
    }
    return 1;
}

static void test_workloads_unchanged(void)
{
    unsigned w;
    for (w = 0; w < gs_embedded_workload_count; w++) {
        const gs_embedded_workload *e = &gs_embedded_workloads[w];
        run_result a, b;
        int ok_a, ok_b;
        if (strstr(e->name, "paper"))
            continue;   /* the paper-size inputs: same kernels as :small, slow */
        ok_a = run_workload(e, 0, &a);
        ok_b = ok_a && run_workload(e, 1, &b);
        GS_CHECK(ok_a && ok_b);
        if (!ok_a || !ok_b)
            continue;
        GS_CHECK_EQ(a.warp_insts, b.warp_insts);
        GS_CHECK_EQ(a.thread_insts, b.thread_insts);
        GS_CHECK_EQ(a.length, b.length);
        GS_CHECK(a.length > 0 && memcmp(a.bytes, b.bytes, a.length) == 0);
        printf("  workload %-12s %8u output bytes identical, %llu warp instructions\n",
               e->name, (unsigned)a.length, (unsigned long long)a.warp_insts);
        free(a.bytes);
        free(b.bytes);
    }
}

int main(void)
{
    (void)exec_alloc;   /* exec_test.h helpers this test does not use */
    (void)exec_dim;
    (void)exec_test_setup;
    GS_RUN(test_every_kernel);
    GS_RUN(test_exact_counts);
    GS_RUN(test_workloads_unchanged);
    exec_test_done();
    free(test_arena_buffer);
    return gs_check_report();
}
