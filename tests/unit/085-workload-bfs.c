/*
 * Rodinia-style BFS (examples/kernels/bfs.cu: bfsExpand + bfsUpdate per
 * level) on a seeded random CSR graph, driven by a host repeat-until-stop
 * loop, equals a C level-order BFS: in a C host program (the loop written
 * in C) and in the embedded bfs.gsw (its `repeat ... until stop[0] == 0`).
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define NODES 1000u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t offsets[4097], edges[4096 * 6], queue[4096], got_cost[4096];
static int32_t cost[4096];
static uint8_t visited[4096], got_visited[4096];

static gs_datagen_spec graph_spec(uint32_t kind)
{
    gs_datagen_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.kind = (uint8_t)kind;
    spec.seed = 5;
    spec.rows = spec.cols = NODES;
    spec.nnz_min = 0;
    spec.nnz_max = 3;
    return spec;
}

static uint64_t alloc_bytes(const void *bytes, size_t length)
{
    gs_diag diag;
    uint64_t address = 0;
    GS_CHECK_EQ(GS_OK, gs_host_malloc(&host, length, &address, &diag));
    GS_CHECK_EQ(GS_OK, gs_host_memcpy_to_device(&host, address, bytes, length, &diag));
    return address;
}

/* The host loop: stop = 0; expand; update; read stop; until stop == 0. */
static unsigned run_levels(const gs_host_module *module, const gs_ptx_kernel *expand,
                           const gs_ptx_kernel *update, const gs_kernel_arg *expand_args,
                           const gs_kernel_arg *update_args, uint64_t stop_address)
{
    unsigned levels = 0;
    uint32_t stop = 0;
    gs_diag diag;
    gs_dim3 grid = test_dim3((NODES + 127u) / 128u, 1, 1), block = test_dim3(128, 1, 1);
    do {
        stop = 0;
        GS_CHECK_EQ(GS_OK, gs_host_write_u32(&host, stop_address, &stop, 1, &diag));
        GS_CHECK_EQ(GS_OK, test_launch(&host, module, expand, grid, block, 0, expand_args, 7));
        GS_CHECK_EQ(GS_OK, test_launch(&host, module, update, grid, block, 0, update_args, 5));
        gs_host_read_u32(&host, &stop, stop_address, 1);
        levels++;
    } while (stop != 0 && levels < NODES);
    return levels;
}

static void test_host_api(void)
{
    gs_datagen_spec rp = graph_spec(GS_DATAGEN_CSR_ROWPTR), ci = graph_spec(GS_DATAGEN_CSR_COLS);
    uint32_t nnz = (uint32_t)gs_datagen_csr_nnz(&rp), i, zero = 0;
    const gs_host_module *module;
    const gs_ptx_kernel *expand, *update;
    gs_kernel_arg ea[7], ua[5];
    uint64_t d_off, d_edges, d_mask, d_upd, d_vis, d_cost, d_stop;
    static uint8_t mask[NODES];
    unsigned levels;
    gs_diag diag;
    ref_fill32(offsets, NODES + 1u, &rp);
    ref_fill32(edges, nnz, &ci);
    ref_bfs(offsets, edges, NODES, cost, visited, queue);
    GS_CHECK_EQ(GS_OK, test_host_start(&host, &arena));
    GS_CHECK_EQ(GS_OK, test_load_kernel(&host, "bfs", "bfsExpand", &module, &expand));
    GS_CHECK_EQ(GS_OK, gs_host_get_kernel(module, "bfsUpdate", &update, &diag));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, offsets, NODES + 1u, &d_off));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, edges, nnz, &d_edges));
    memset(mask, 0, sizeof mask);
    mask[0] = 1;
    d_mask = alloc_bytes(mask, NODES);
    d_vis = alloc_bytes(mask, NODES);
    mask[0] = 0;
    d_upd = alloc_bytes(mask, NODES);
    for (i = 0; i < NODES; i++)
        got_cost[i] = i == 0 ? 0u : 0xFFFFFFFFu;
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, got_cost, NODES, &d_cost));
    GS_CHECK_EQ(GS_OK, test_alloc_write(&host, &zero, 1, &d_stop));
    ea[0] = gs_arg_u64(d_off);
    ea[1] = gs_arg_u64(d_edges);
    ea[2] = gs_arg_u64(d_mask);
    ea[3] = gs_arg_u64(d_upd);
    ea[4] = gs_arg_u64(d_vis);
    ea[5] = gs_arg_u64(d_cost);
    ea[6] = gs_arg_u64(NODES);
    ua[0] = gs_arg_u64(d_mask);
    ua[1] = gs_arg_u64(d_upd);
    ua[2] = gs_arg_u64(d_vis);
    ua[3] = gs_arg_u64(d_stop);
    ua[4] = gs_arg_u64(NODES);
    levels = run_levels(module, expand, update, ea, ua, d_stop);
    gs_host_read_u32(&host, got_cost, d_cost, NODES);
    gs_host_memcpy_to_host(&host, got_visited, d_vis, NODES);
    GS_CHECK_EQ(0, test_diff32("cost", (const uint32_t *)cost, got_cost, NODES));
    GS_CHECK_EQ(0, memcmp(visited, got_visited, NODES));
    GS_CHECK_EQ(2u * levels, host.launches);
    GS_CHECK(levels > 3);
}

static void test_workload_file(void)
{
    unsigned b, reached = 0, i;
    int32_t deepest = 0;
    GS_CHECK_EQ(GS_OK, test_run_workload("bfs", &wl, &host, &arena, &state));
    b = test_buffer(&wl, "edges");
    test_initial32(&wl, "offsets", offsets);
    test_initial32(&wl, "edges", edges);
    GS_CHECK_EQ(offsets[4096], wl.buffers[b].count);
    ref_bfs(offsets, edges, 4096, cost, visited, queue);
    test_read32(&host, &wl, &state, "cost", got_cost);
    gs_host_memcpy_to_host(&host, got_visited, state.address[test_buffer(&wl, "visited")],
                           4096);
    GS_CHECK_EQ(0, test_diff32("cost", (const uint32_t *)cost, got_cost, 4096));
    GS_CHECK_EQ(0, memcmp(visited, got_visited, 4096));
    for (i = 0; i < 4096; i++) {
        reached += visited[i];
        deepest = cost[i] > deepest ? cost[i] : deepest;
    }
    GS_CHECK(reached > 1000);
    /* one iteration per level, the last finding nothing: 2 launches each */
    GS_CHECK_EQ((uint32_t)deepest + 1u, state.repeat_iterations);
    GS_CHECK_EQ(2u * state.repeat_iterations, host.launches);
}

int main(void)
{
    GS_RUN(test_host_api);
    GS_RUN(test_workload_file);
    free(test_arena_buffer);
    return gs_check_report();
}
