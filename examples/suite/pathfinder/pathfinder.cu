// PathFinder (Rodinia's dynamic-programming grid walk), written for gpusim
// after Rodinia's description of the benchmark; the code is the project's
// own. The cheapest path from the top row of a wall of weights to each cell
// of a later row, stepping down, down-left or down-right. pf_walk_rows
// models Rodinia's dynproc_kernel.
//
// A block holds a tile of PF_TILE consecutive columns in shared memory and
// advances `steps` rows per launch. Each row a tile loses one column of
// trustworthy values at each end (its outer lanes lack a neighbour), so the
// band of lanes that compute shrinks from both sides step by step (the
// pyramid); the tile writes only its middle PF_TILE - 2 * steps columns and
// neighbouring tiles overlap by 2 * steps columns. At the wall's own left
// and right edges a lane reads itself in place of the missing neighbour.
// Launch shape, thread-to-column mapping, the two shared rows (the current
// row and the next one, copied back after every step) and the barriers are
// Rodinia's dynproc_kernel's.
#define PF_TILE 256

// The smallest of three path costs.
static __device__ __forceinline__ int pf_least(int a, int b, int c)
{
    return min(min(a, b), c);
}

extern "C" __global__ void pf_walk_rows(int steps, const int *weights, const int *row_in,
                                        int *row_out, int width, int height, int row0,
                                        int halo)
{
    __shared__ int cur[PF_TILE];
    __shared__ int nxt[PF_TILE];
    const int lane = threadIdx.x;
    // wall column of the tile's lane 0: tiles advance by their written width
    const int base = blockIdx.x * (PF_TILE - 2 * steps) - halo;
    const int col = base + lane;
    // lanes lo .. hi of the tile lie inside the wall
    const int lo = max(-base, 0);
    const int hi = min(width - 1 - base, PF_TILE - 1);
    const bool inside = lane >= lo && lane <= hi;
    // neighbours' lanes, clamped to the wall at its edges
    const int left = max(lane - 1, lo);
    const int right = min(lane + 1, hi);
    bool live = false;
    (void)height;

    if (inside)
        cur[lane] = row_in[col];
    __syncthreads();

    // one step a row; kept rolled, as in Rodinia's build
#pragma unroll 1
    for (int s = 0; s < steps; s++) {
        if (s > 0) {
            // the row just computed becomes the current one
            if (live)
                cur[lane] = nxt[lane];
            __syncthreads();
        }
        // lanes s + 1 .. PF_TILE - 2 - s still see three valid cells above
        live = inside && lane > s && lane < PF_TILE - 1 - s;
        if (live)
            nxt[lane] = pf_least(cur[left], cur[lane], cur[right]) +
                        weights[(row0 + s) * width + col];
        __syncthreads();
    }

    if (live)
        row_out[col] = nxt[lane];
}
