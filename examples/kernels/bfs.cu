// Breadth-first search, Rodinia style: one level per pair of launches over a
// CSR graph (offsets[n+1], edges[]). bfsExpand visits the frontier (mask):
// each frontier node clears its mask bit and, for every unvisited neighbour,
// sets that neighbour's cost to its own cost + 1 and flags it in `updating`.
// bfsUpdate moves flagged nodes into the next frontier, marks them visited
// and sets *stop = 1 so the host loop runs another level. The host repeats
// (stop = 0; expand; update; read stop) until stop stays 0.
extern "C" __global__ void bfsExpand(const int *offsets, const int *edges,
                                     unsigned char *mask, unsigned char *updating,
                                     const unsigned char *visited, int *cost, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n && mask[tid]) {
        mask[tid] = 0;
        int end = offsets[tid + 1];
        for (int e = offsets[tid]; e < end; e++) {
            int id = edges[e];
            if (!visited[id]) {
                cost[id] = cost[tid] + 1;
                updating[id] = 1;
            }
        }
    }
}

extern "C" __global__ void bfsUpdate(unsigned char *mask, unsigned char *updating,
                                     unsigned char *visited, int *stop, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n && updating[tid]) {
        mask[tid] = 1;
        visited[tid] = 1;
        *stop = 1;
        updating[tid] = 0;
    }
}
