/*
 * The workload format's `graph ... layout=nodes` (added for the suite's
 * Rodinia BFS): the OFFSETS buffer becomes s32[2 x nodes] of {start, count}
 * pairs (Rodinia's Node struct), drawn from the same counts stream as the
 * CSR row pointers of the same seed, so the edges stream is unchanged.
 */
#include <string.h>

#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define NODES 50u

static gs_workload csr, nodes;
static uint32_t offsets[NODES + 1u], pairs[2u * NODES], edges_a[NODES * 7u], edges_b[NODES * 7u];

static gs_status parse(gs_workload *wl, const char *text, gs_diag *diag)
{
    return gs_workload_parse(wl, "t.gsw", text, strlen(text), diag);
}

static void test_layout_nodes(void)
{
    gs_diag diag;
    uint32_t i;
    GS_CHECK_EQ(GS_OK, parse(&csr, "ptx k.ptx\ngraph o e nodes=50 degree=2..7 seed=9\n"
                             "launch k grid=1 block=1 o\noutput o\n", &diag));
    GS_CHECK_EQ(GS_OK, parse(&nodes, "ptx k.ptx\ngraph o e nodes=50 degree=2..7 seed=9 "
                             "layout=nodes\nlaunch k grid=1 block=1 o\noutput o\n", &diag));
    GS_CHECK_EQ(NODES + 1u, csr.buffers[0].count);
    GS_CHECK_EQ(2u * NODES, nodes.buffers[0].count);
    GS_CHECK_EQ(GS_WL_S32, nodes.buffers[0].type);
    GS_CHECK_EQ(csr.buffers[1].count, nodes.buffers[1].count);
    test_initial32(&csr, "o", offsets);
    test_initial32(&nodes, "o", pairs);
    test_initial32(&csr, "e", edges_a);
    test_initial32(&nodes, "e", edges_b);
    for (i = 0; i < NODES; i++) {
        GS_CHECK_EQ(offsets[i], pairs[2u * i]);
        GS_CHECK_EQ(offsets[i + 1u] - offsets[i], pairs[2u * i + 1u]);
    }
    GS_CHECK_EQ(0, memcmp(edges_a, edges_b, csr.buffers[1].count * 4u));
    GS_CHECK_EQ(GS_OK, parse(&csr, "ptx k.ptx\ngraph o e nodes=5 degree=1..2 seed=1 "
                             "layout=csr\nlaunch k grid=1 block=1 o\noutput o\n", &diag));
    GS_CHECK_EQ(6, csr.buffers[0].count);
}

/* Wide sparse patterns (cols > 4096, nnz <= 32) use Floyd's sampling: each
 * row still has distinct, ascending, in-range columns, as many as the row
 * pointers say, and the same seed gives the same pattern. */
static uint32_t wide_offsets[5001], wide_edges[5000 * 8], again[5000 * 8];

static void test_floyd_rows(void)
{
    gs_datagen_spec spec;
    gs_datagen gen;
    uint32_t r, e, bad = 0, total;
    memset(&spec, 0, sizeof spec);
    spec.kind = GS_DATAGEN_CSR_ROWPTR;
    spec.seed = 77;
    spec.rows = spec.cols = 5000;
    spec.nnz_min = 1;
    spec.nnz_max = 8;
    ref_fill32(wide_offsets, 5001, &spec);
    total = wide_offsets[5000];
    GS_CHECK_EQ(total, gs_datagen_csr_nnz(&spec));
    spec.kind = GS_DATAGEN_CSR_COLS;
    ref_fill32(wide_edges, total, &spec);
    for (r = 0; r < 5000; r++)
        for (e = wide_offsets[r]; e < wide_offsets[r + 1u]; e++)
            bad += wide_edges[e] >= 5000u ||
                   (e > wide_offsets[r] && wide_edges[e] <= wide_edges[e - 1u]);
    GS_CHECK_EQ(0, bad);
    gs_datagen_start(&gen, &spec);
    for (e = 0; e < total; e++)
        again[e] = (uint32_t)gs_datagen_next(&gen);
    GS_CHECK_EQ(0, memcmp(again, wide_edges, total * 4u));
    GS_CHECK(wide_edges[0] > 0 || wide_edges[1] > 1);   /* not simply 0, 1, 2 ... */
}

static void test_layout_errors(void)
{
    gs_diag diag;
    GS_CHECK_EQ(GS_E_WORKLOAD, parse(&csr, "ptx k.ptx\ngraph o e nodes=5 degree=1..2 seed=1 "
                                     "layout=rows\n", &diag));
    GS_CHECK_EQ(2, diag.line);
    GS_CHECK_EQ(45, diag.column);
    GS_CHECK_STR("layout= of graph is csr or nodes, not 'rows'", diag.message);
    GS_CHECK_EQ(GS_E_WORKLOAD, parse(&csr, "ptx k.ptx\ngraph o e nodes=5 degree=1..2 seed=1 "
                                     "layout=nodes layout=csr\n", &diag));
    GS_CHECK_EQ(2, diag.line);
}

int main(void)
{
    GS_RUN(test_layout_nodes);
    GS_RUN(test_layout_errors);
    GS_RUN(test_floyd_rows);
    return gs_check_report();
}
