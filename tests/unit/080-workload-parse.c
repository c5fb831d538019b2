/*
 * Workload-file parser and seeded data generators (src/host/workload.c,
 * src/host/datagen.c): exact parse results for a file using every
 * directive, the embedded example workloads, literal conversion and the
 * generators' defining properties. Error messages are checked by the
 * tests/cli/workload-bad-*.test cases, one per error path.
 */
#include "check.h"
#include "host/datagen.h"
#include "host/workload.h"
#include "workloads.h"

static gs_workload wl;   /* large: keep it off the stack */

static gs_status parse_text(const char *text)
{
    gs_diag diag;
    gs_status st = gs_workload_parse(&wl, "t.gsw", text, strlen(text), &diag);
    if (st != GS_OK)
        printf("  parse: %u:%u: %s\n", (unsigned)diag.line, (unsigned)diag.column,
               diag.message);
    return st;
}

static const char *const every_directive =
    "# all directives\n"
    "ptx k.ptx   # trailing comment\n"
    "buffer a f32 100 random seed=7 min=-1.5 max=2\n"
    "buffer b u32 10 iota start=5 step=3\n"
    "buffer c s32 3 const value=-2\n"
    "buffer d u8 7 file path=data.bin\n"
    "graph off edg nodes=50 degree=2..4 seed=9\n"
    "csr rp ci cv rows=8 cols=20 nnz=1..5 seed=3 min=0 max=0.5\n"
    "set c[2] = 0x10\n"
    "repeat max=10 until c[0] != -2\n"
    "\tlaunch k grid=3,2 block=32,2,2 shared=64 a b u32:7 f32:0.5 f32:0f3F800000 s64:-1\n"
    "end\n"
    "output b a\n";

static void test_every_directive(void)
{
    const gs_wl_step *launch;
    GS_CHECK_EQ(GS_OK, parse_text(every_directive));
    GS_CHECK_EQ(1, wl.num_ptx);
    GS_CHECK_STR("k.ptx", wl.ptx[0]);
    GS_CHECK_EQ(9, wl.num_buffers);
    GS_CHECK_EQ(GS_DATAGEN_RANDOM_F32, wl.buffers[0].init.kind);
    GS_CHECK_EQ((uint64_t)(int64_t)-1500000, (uint64_t)wl.buffers[0].init.min);
    GS_CHECK_EQ(2000000, wl.buffers[0].init.max);
    GS_CHECK_EQ(5, wl.buffers[1].init.start);
    GS_CHECK_EQ(3, wl.buffers[1].init.step);
    GS_CHECK_EQ(0xFFFFFFFFFFFFFFFEull, wl.buffers[2].init.value);
    GS_CHECK_EQ(1, wl.buffers[3].from_file);
    GS_CHECK_STR("data.bin", wl.buffers[3].path);
    GS_CHECK_STR("off", wl.buffers[4].name);
    GS_CHECK_EQ(51, wl.buffers[4].count);
    GS_CHECK_EQ(GS_WL_S32, wl.buffers[5].type);
    GS_CHECK_EQ(wl.buffers[5].count, gs_datagen_csr_nnz(&wl.buffers[5].init));
    GS_CHECK_EQ(9, wl.buffers[6].count);
    GS_CHECK_EQ(GS_WL_F32, wl.buffers[8].type);
    GS_CHECK_EQ(wl.buffers[7].count, wl.buffers[8].count);
    GS_CHECK_EQ(4, wl.num_steps);
    GS_CHECK_EQ(GS_WL_STEP_SET, wl.steps[0].kind);
    GS_CHECK_EQ(2, wl.steps[0].index);
    GS_CHECK_EQ(16, wl.steps[0].value);
    GS_CHECK_EQ(GS_WL_STEP_REPEAT, wl.steps[1].kind);
    GS_CHECK_EQ(10, wl.steps[1].max_iterations);
    GS_CHECK_EQ(1, wl.steps[1].until_not_equal);
    GS_CHECK_EQ(3, wl.steps[1].partner);
    GS_CHECK_EQ(1, wl.steps[3].partner);
    launch = &wl.steps[2];
    GS_CHECK_STR("k", gs_wl_kernel_name(&wl, launch));
    GS_CHECK_EQ(11, launch->line);
    GS_CHECK_EQ(2, launch->column);
    GS_CHECK_EQ(3, launch->grid[0]);
    GS_CHECK_EQ(2, launch->grid[1]);
    GS_CHECK_EQ(1, launch->grid[2]);
    GS_CHECK_EQ(2, launch->block[2]);
    GS_CHECK_EQ(64, launch->shared_bytes);
    GS_CHECK_EQ(6, launch->num_args);
    GS_CHECK_EQ(1, launch->args[1].is_buffer);
    GS_CHECK_EQ(1, launch->args[1].buffer);
    GS_CHECK_EQ(7, launch->args[2].bits);
    GS_CHECK_EQ(0x3F000000u, launch->args[3].bits);
    GS_CHECK_EQ(0x3F800000u, launch->args[4].bits);
    GS_CHECK_EQ(GS_WL_S64, launch->args[5].type);
    GS_CHECK_EQ(UINT64_MAX, launch->args[5].bits);
    GS_CHECK_EQ(2, wl.num_outputs);
    GS_CHECK_EQ(1, wl.outputs[0]);
    GS_CHECK_EQ(0, wl.outputs[1]);
}

static void test_device_bytes(void)
{
    GS_CHECK_EQ(GS_OK, parse_text("ptx k.ptx\nbuffer a f32 100 zero\nbuffer b u8 257 zero\n"
                                  "launch k grid=1 block=1 a\noutput a\n"));
    GS_CHECK_EQ(512 + 512, wl.device_bytes);   /* 400 and 257 bytes, rounded to 256 */
}

static void test_embedded_workloads_parse(void)
{
    unsigned i;
    /* the examples come first (the suite follows: tests/unit/250-suite-table.c) */
    GS_CHECK(gs_embedded_example_count >= 8);
    GS_CHECK(gs_embedded_workload_count >= gs_embedded_example_count);
    for (i = 0; i < gs_embedded_example_count; i++) {
        const gs_embedded_workload *e = &gs_embedded_workloads[i];
        gs_diag diag;
        gs_status st = gs_workload_parse(&wl, e->source, e->text, e->length, &diag);
        if (st != GS_OK)
            printf("  %s:%u:%u: %s\n", e->source, (unsigned)diag.line, (unsigned)diag.column,
                   diag.message);
        GS_CHECK_EQ(GS_OK, st);
        GS_CHECK_EQ(1, e->num_files);
        GS_CHECK(gs_embedded_workload_file(e, wl.ptx[0]) != NULL);
    }
    GS_CHECK(gs_embedded_workload_find("bfs") != NULL);
    GS_CHECK(gs_embedded_workload_find("nope") == NULL);
}

static void test_bfs_shape(void)
{
    const gs_embedded_workload *e = gs_embedded_workload_find("bfs");
    gs_diag diag;
    GS_CHECK_EQ(GS_OK, gs_workload_parse(&wl, e->source, e->text, e->length, &diag));
    GS_CHECK_EQ(7, wl.num_buffers);
    GS_CHECK_EQ(4097, wl.buffers[0].count);
    GS_CHECK_EQ(8, wl.num_steps);   /* 3 sets, repeat, set, 2 launches, end */
    GS_CHECK_EQ(GS_WL_STEP_REPEAT, wl.steps[3].kind);
    GS_CHECK_EQ(7, wl.steps[3].partner);
    GS_CHECK_EQ(4096, wl.steps[3].max_iterations);
}

static uint32_t f32_of(const char *text)
{
    uint64_t bits = 0;
    GS_CHECK(gs_wl_parse_value(GS_WL_F32, text, strlen(text), &bits));
    return (uint32_t)bits;
}

static void test_f32_literals(void)
{
    GS_CHECK_EQ(0x3DCCCCCDu, f32_of("0.1"));
    GS_CHECK_EQ(0x3E4CCCCDu, f32_of("0.2"));
    GS_CHECK_EQ(0xBF4CCCCDu, f32_of("-0.8"));
    GS_CHECK_EQ(0x3FC00000u, f32_of("1.5"));
    GS_CHECK_EQ(0x80000000u, f32_of("-0"));
    GS_CHECK_EQ(0x4B800000u, f32_of("16777216"));
    GS_CHECK_EQ(0x4B800000u, f32_of("16777217"));   /* tie -> even */
    GS_CHECK_EQ(0x4B800002u, f32_of("16777219"));   /* tie -> even (up) */
    GS_CHECK_EQ(0x4B800001u, f32_of("16777218"));
    GS_CHECK_EQ(0x3EAAAAABu, f32_of("0.333333333333333333"));
    GS_CHECK_EQ(0x7F7FFFFFu, f32_of("0f7F7FFFFF"));
    GS_CHECK_EQ(0x21000000u, gs_datagen_f32_ratio(0, 1, 1ull << 61));   /* 2^-61 */
    GS_CHECK_EQ(0xC0400000u, gs_datagen_f32_ratio(1, 3, 1));
    GS_CHECK_EQ(0x5F800000u, gs_datagen_f32_ratio(0, UINT64_MAX, 1));   /* rounds to 2^64 */
    GS_CHECK_EQ(0x3F800000u, gs_datagen_f32_ratio(0, 0x1FFFFFFull, 0x2000000ull)); /* up */
}

static void test_int_literals(void)
{
    uint64_t bits = 0;
    GS_CHECK(gs_wl_parse_value(GS_WL_U8, "255", 3, &bits));
    GS_CHECK_EQ(255, bits);
    GS_CHECK(!gs_wl_parse_value(GS_WL_U8, "256", 3, &bits));
    GS_CHECK(gs_wl_parse_value(GS_WL_S32, "-2147483648", 11, &bits));
    GS_CHECK_EQ(0xFFFFFFFF80000000ull, bits);
    GS_CHECK(!gs_wl_parse_value(GS_WL_S32, "2147483648", 10, &bits));
    GS_CHECK(gs_wl_parse_value(GS_WL_U32, "0xFFFFFFFF", 10, &bits));
    GS_CHECK_EQ(0xFFFFFFFFu, bits);
    GS_CHECK(!gs_wl_parse_value(GS_WL_U32, "-1", 2, &bits));
}

static void test_generators_simple(void)
{
    gs_datagen gen;
    gs_datagen_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.kind = GS_DATAGEN_IOTA;
    spec.start = -2;
    spec.step = 3;
    gs_datagen_start(&gen, &spec);
    GS_CHECK_EQ((uint64_t)(int64_t)-2, gs_datagen_next(&gen));
    GS_CHECK_EQ(1, gs_datagen_next(&gen));
    GS_CHECK_EQ(4, gs_datagen_next(&gen));
    spec.as_f32 = 1;
    gs_datagen_start(&gen, &spec);
    GS_CHECK_EQ(0xC0000000u, gs_datagen_next(&gen));
    GS_CHECK_EQ(0x3F800000u, gs_datagen_next(&gen));
    spec.kind = GS_DATAGEN_CONST;
    spec.value = 77;
    gs_datagen_start(&gen, &spec);
    GS_CHECK_EQ(77, gs_datagen_next(&gen));
    GS_CHECK_EQ(77, gs_datagen_next(&gen));
}

/* Random integers stay in [min, max], reach both ends, and repeat with
 * the seed. */
static void test_random_int(void)
{
    gs_datagen a, b;
    gs_datagen_spec spec;
    unsigned i, seen_min = 0, seen_max = 0, differ = 0;
    memset(&spec, 0, sizeof spec);
    spec.kind = GS_DATAGEN_RANDOM_INT;
    spec.seed = 5;
    spec.min = -3;
    spec.max = 4;
    gs_datagen_start(&a, &spec);
    gs_datagen_start(&b, &spec);
    for (i = 0; i < 1000; i++) {
        int64_t v = (int64_t)gs_datagen_next(&a);
        GS_CHECK(v >= -3 && v <= 4);
        seen_min += v == -3;
        seen_max += v == 4;
        GS_CHECK_EQ((uint64_t)v, gs_datagen_next(&b));
    }
    GS_CHECK(seen_min > 0 && seen_max > 0);
    spec.seed = 6;
    gs_datagen_start(&b, &spec);
    gs_datagen_start(&a, &spec);
    spec.seed = 5;
    gs_datagen_start(&a, &spec);
    for (i = 0; i < 16; i++)
        differ += gs_datagen_next(&a) != gs_datagen_next(&b);
    GS_CHECK(differ > 0);
}

/* Random f32: every value is min + (max-min) * u / 2^20 rounded once. */
static void test_random_f32(void)
{
    gs_datagen gen;
    gs_datagen_spec spec;
    unsigned i;
    memset(&spec, 0, sizeof spec);
    spec.kind = GS_DATAGEN_RANDOM_F32;
    spec.seed = 1;
    spec.min = 0;
    spec.max = 1000000;   /* [0, 1]: values are u / 2^20 exactly */
    gs_datagen_start(&gen, &spec);
    for (i = 0; i < 200; i++) {
        uint32_t bits = (uint32_t)gs_datagen_next(&gen);
        uint32_t exponent = bits >> 23;
        GS_CHECK(bits <= 0x3F800000u);
        /* u / 2^20 is a multiple of 2^-20: no mantissa bits below that */
        if (bits != 0 && exponent < 127u) {
            unsigned low = 127u - exponent;   /* value < 1: 2^-low scale */
            if (low + 23u > 20u)
                GS_CHECK_EQ(0, bits & ((1u << (low + 3u > 23u ? 23u : low + 3u)) - 1u));
        }
    }
}

/* CSR pattern: row pointers ascend by [nnz_min, nnz_max] per row, columns
 * within a row are distinct, ascending and below cols, and the streams
 * agree with gs_datagen_csr_nnz. */
static void test_csr_pattern(void)
{
    gs_datagen rp, ci;
    gs_datagen_spec spec;
    uint64_t prev, total;
    unsigned r;
    memset(&spec, 0, sizeof spec);
    spec.rows = 300;
    spec.cols = 40;
    spec.nnz_min = 2;
    spec.nnz_max = 40;
    spec.seed = 123;
    total = gs_datagen_csr_nnz(&spec);
    spec.kind = GS_DATAGEN_CSR_ROWPTR;
    gs_datagen_start(&rp, &spec);
    spec.kind = GS_DATAGEN_CSR_COLS;
    gs_datagen_start(&ci, &spec);
    prev = gs_datagen_next(&rp);
    GS_CHECK_EQ(0, prev);
    for (r = 0; r < spec.rows; r++) {
        uint64_t next = gs_datagen_next(&rp), k;
        int64_t last = -1;
        GS_CHECK(next - prev >= 2 && next - prev <= 40);
        for (k = prev; k < next; k++) {
            int64_t c = (int64_t)gs_datagen_next(&ci);
            GS_CHECK(c > last && c < 40);
            last = c;
        }
        prev = next;
    }
    GS_CHECK_EQ(total, prev);
}

int main(void)
{
    GS_RUN(test_every_directive);
    GS_RUN(test_device_bytes);
    GS_RUN(test_embedded_workloads_parse);
    GS_RUN(test_bfs_shape);
    GS_RUN(test_f32_literals);
    GS_RUN(test_int_literals);
    GS_RUN(test_generators_simple);
    GS_RUN(test_random_int);
    GS_RUN(test_random_f32);
    GS_RUN(test_csr_pattern);
    return gs_check_report();
}
