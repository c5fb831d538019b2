// BFS (Rodinia bfs, Harish & Narayanan): breadth-first search from node 0,
// one thread per node, 512 threads per block (MAX_THREADS_PER_BLOCK), one
// level per pair of launches. The graph is Rodinia's: an array of Node
// {starting, no_of_edges} and the edge list; the masks and `visited` are
// bool (one byte). Kernel visits the frontier: each frontier node clears its
// mask and, for every unvisited neighbour id, sets cost[id] = cost[tid] + 1
// and flags it in the updating mask (neighbours are read through
// g_graph_visited[id]: the data-dependent, inter-core shared reads of
// seed-002). Kernel2 moves flagged nodes into the next frontier, marks them
// visited and sets *g_over. The host repeats (g_over = false; Kernel;
// Kernel2; read g_over) while g_over is set. The bodies are Rodinia's.
struct Node {
    int starting;
    int no_of_edges;
};

extern "C" __global__ void Kernel(Node *g_graph_nodes, int *g_graph_edges, bool *g_graph_mask,
                                  bool *g_updating_graph_mask, bool *g_graph_visited,
                                  int *g_cost, int no_of_nodes)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < no_of_nodes && g_graph_mask[tid]) {
        g_graph_mask[tid] = false;
        for (int i = g_graph_nodes[tid].starting;
             i < (g_graph_nodes[tid].no_of_edges + g_graph_nodes[tid].starting); i++) {
            int id = g_graph_edges[i];
            if (!g_graph_visited[id]) {
                g_cost[id] = g_cost[tid] + 1;
                g_updating_graph_mask[id] = true;
            }
        }
    }
}

extern "C" __global__ void Kernel2(bool *g_graph_mask, bool *g_updating_graph_mask,
                                   bool *g_graph_visited, bool *g_over, int no_of_nodes)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < no_of_nodes && g_updating_graph_mask[tid]) {
        g_graph_mask[tid] = true;
        g_graph_visited[tid] = true;
        *g_over = true;
        g_updating_graph_mask[tid] = false;
    }
}
