// BFS: a model of Rodinia's bfs (the level-synchronous GPU breadth-first
// search of Harish and Narayanan), written for gpusim from the benchmark's
// described behaviour; the code is the project's own. Distances from node 0.
//
// Shape kept from the benchmark: one thread per node, 512-thread blocks,
// two launches per level, the graph as an array of 8-byte node records
// {first edge, edge count} over one edge list, and one-byte flags for the
// current frontier, the next frontier and the visited set.
//   bfs_visit_frontier: a node in the frontier drops out of it and looks at
//     each of its out-neighbours; an unvisited one gets distance (own
//     distance + 1) and is flagged for the next frontier. The visited test
//     reads flags of arbitrary nodes (data-dependent reads that other SMs
//     also touch: seed-002's inter-core sharing). As the benchmark's code
//     compiles, the node's own distance and edge count are re-read after
//     each neighbour written (the compiler cannot prove the stores miss
//     them; the benchmark's build also re-reads the first-edge index).
//   bfs_advance_frontier: a flagged node leaves the next-frontier set, joins
//     the visited set and the frontier, and raises the `more` flag.
// The host loop (clear `more`, both launches, repeat while it is set) is the
// workload file's `repeat` block.
// Departures: bfs_advance_frontier makes the same four stores as the
// benchmark's second kernel but clears the next-frontier flag first (the
// benchmark clears it last); the graph is generated (see the .gsw headers).

struct bfs_span {
    int first;   // index of the node's first edge in the edge list
    int count;   // number of out-edges
};

extern "C" __global__ void bfs_visit_frontier(const bfs_span *spans, const int *targets,
                                              bool *frontier, bool *next_frontier,
                                              const bool *seen, int *depth, int nnodes)
{
    const int v = threadIdx.x + blockDim.x * blockIdx.x;
    if (v >= nnodes || !frontier[v])
        return;
    frontier[v] = false;
    // a cursor over the node's edges; the count is read through spans[v]
    // each time, so a store to depth[] makes the compiler fetch it again
    const int *edge = targets + spans[v].first;
    for (int k = 0; k < spans[v].count; k++, edge++) {
        const int w = *edge;
        if (seen[w])
            continue;
        depth[w] = 1 + depth[v];
        next_frontier[w] = true;
    }
}

extern "C" __global__ void bfs_advance_frontier(bool *frontier, bool *next_frontier,
                                                bool *seen, bool *more, int nnodes)
{
    const int v = threadIdx.x + blockDim.x * blockIdx.x;
    if (v >= nnodes || !next_frontier[v])
        return;
    next_frontier[v] = false;
    seen[v] = true;
    frontier[v] = true;
    *more = true;
}
