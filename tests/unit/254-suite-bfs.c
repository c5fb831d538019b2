/*
 * BFS (examples/suite/bfs: a model of Rodinia's bfs) at the small size
 * (116736 nodes), run from the embedded table: the {first edge, edge count}
 * node records the workload's `graph ... layout=nodes` builds match the CSR
 * pattern of the same seed, and the level-synchronous kernels
 * (bfs_visit_frontier, bfs_advance_frontier) leave every node's BFS distance
 * from node 0 in cost (-1 where unreachable) and visited set exactly for the
 * reachable nodes; the host loop runs one iteration per level plus the
 * final one that finds nothing.
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define NODES 116736u
#define EDGES_MAX (NODES * 11u)

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t nodes[2u * NODES], offsets[NODES + 1u], edges[EDGES_MAX], queue[NODES];
static uint32_t got_cost[NODES];
static int32_t cost[NODES];
static uint8_t visited[NODES], got_visited[NODES];

static void test_small(void)
{
    unsigned b, i, reached = 0;
    int32_t deepest = 0;
    GS_CHECK_EQ(GS_OK, test_run_workload("bfs:small", &wl, &host, &arena, &state));
    GS_CHECK_EQ(2u * NODES, wl.buffers[test_buffer(&wl, "nodes")].count);
    b = test_buffer(&wl, "edges");
    GS_CHECK(wl.buffers[b].count <= EDGES_MAX);
    test_initial32(&wl, "nodes", nodes);
    test_initial32(&wl, "edges", edges);
    for (i = 0; i < NODES; i++) {
        offsets[i] = nodes[2u * i];
        GS_CHECK(nodes[2u * i + 1u] >= 1u && nodes[2u * i + 1u] <= 11u);
        if (i > 0 && offsets[i] != offsets[i - 1u] + nodes[2u * i - 1u])
            GS_CHECK(0);
    }
    offsets[NODES] = nodes[2u * NODES - 2u] + nodes[2u * NODES - 1u];
    GS_CHECK_EQ(offsets[NODES], wl.buffers[b].count);
    ref_bfs(offsets, edges, NODES, cost, visited, queue);
    test_read32(&host, &wl, &state, "cost", got_cost);
    gs_host_memcpy_to_host(&host, got_visited, state.address[test_buffer(&wl, "visited")],
                           NODES);
    GS_CHECK_EQ(0, test_diff32("cost", (const uint32_t *)cost, got_cost, NODES));
    GS_CHECK_EQ(0, memcmp(visited, got_visited, NODES));
    for (i = 0; i < NODES; i++) {
        reached += visited[i];
        deepest = cost[i] > deepest ? cost[i] : deepest;
    }
    GS_CHECK(reached > NODES / 2u && reached < NODES);
    GS_CHECK_EQ((unsigned)deepest + 1u, state.repeat_iterations);
    GS_CHECK_EQ(2u * state.repeat_iterations, host.launches);
}

int main(void)
{
    GS_RUN(test_small);
    free(test_arena_buffer);
    return gs_check_report();
}
