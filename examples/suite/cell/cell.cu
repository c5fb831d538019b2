/*
 * cell (seed 003 Tables 7, 12 and 17): a 3-D cellular automaton on a
 * structured grid, the project's own code. Seed 003 lists "cell" among its
 * GPU benchmarks (Table 7 type A, in the column after the CUDA SDK ones;
 * Table 12 low network intensity, 5.3 packets per kilo-cycle; Table 17
 * "Linear" frequency scaling, MPKI 1.06) but names no source and describes
 * no algorithm. This module is gpusim's stand-in of the kind the name
 * denotes, shaped to that characterisation: compute-bound, little memory
 * traffic. It is not a model of any published kernel.
 *
 * The automaton is Bays' 3-D Life 5766 (rule B6/S567): on a grid with
 * periodic (torus) edges, a live cell with 5, 6 or 7 live cells among its
 * 26 neighbours survives, a dead cell with exactly 6 is born, every other
 * cell is dead in the next generation. Cells are bytes, 1 alive, 0 dead.
 *
 * cell_seed turns seeded random bytes in [0, 99] into the initial grid, a
 * cell alive where its byte is below `percent` (a workload file cannot
 * draw a Bernoulli grid itself; 25 % keeps the pattern alive and changing
 * for many generations).
 *
 * cell_life advances the grid CELL_GENS generations per launch. A block of
 * 16 x 16 threads owns a 16 x 16 x 16 tile of cells in shared memory: each
 * thread loads its (x, y) column of 16 cells once (global loads, indices
 * wrapped around the torus), then the block runs CELL_GENS generations
 * inside shared memory, ping-ponging between two tiles with a
 * __syncthreads() between generations. Generation g computes the cells at
 * least g from the tile's faces (the cells nearer the faces have lost
 * neighbours and go stale), each thread walking its column in z with the
 * 3 x 3 plane sums below, here and above in registers. After CELL_GENS
 * generations the inner 12 x 12 x 12 cells are exact and are written
 * back; the halo of CELL_GENS cells a side overlaps the neighbouring
 * tiles, so blocks tile the grid in steps of 12. The host ping-pongs two
 * grids between launches. Integer arithmetic only.
 */
#define CELL_TILE 16                                  /* tile edge, = blockDim.x = blockDim.y */
#define CELL_GENS 2                                   /* generations per launch = halo width */
#define CELL_KEEP (CELL_TILE - 2 * CELL_GENS)         /* exact cells per tile edge */

extern "C" __global__ void cell_seed(const unsigned char *random, unsigned char *grid, int n,
                                     int percent)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        grid[i] = random[i] < percent ? 1 : 0;
}

/* Sum of the 3 x 3 cells around (x, y) in plane z of a tile. */
__device__ __forceinline__ int plane_sum(const unsigned char (*t)[CELL_TILE][CELL_TILE], int z,
                                         int y, int x)
{
    return t[z][y - 1][x - 1] + t[z][y - 1][x] + t[z][y - 1][x + 1] +
           t[z][y][x - 1] + t[z][y][x] + t[z][y][x + 1] +
           t[z][y + 1][x - 1] + t[z][y + 1][x] + t[z][y + 1][x + 1];
}

extern "C" __global__ void cell_life(const unsigned char *in, unsigned char *out, int nx,
                                     int ny, int nz)
{
    __shared__ unsigned char tile[2][CELL_TILE][CELL_TILE][CELL_TILE];   /* [z][y][x] */
    int tx = threadIdx.x, ty = threadIdx.y;
    int ox = blockIdx.x * CELL_KEEP - CELL_GENS;      /* the tile's first cell, unwrapped */
    int oy = blockIdx.y * CELL_KEEP - CELL_GENS;
    int oz = blockIdx.z * CELL_KEEP - CELL_GENS;
    int gx = (ox + tx + nx) % nx, gy = (oy + ty + ny) % ny;
    int z, g;

    for (z = 0; z < CELL_TILE; z++) {
        int gz = (oz + z + nz) % nz;
        tile[0][z][ty][tx] = in[((size_t)gz * ny + gy) * nx + gx];
    }
    __syncthreads();

#pragma unroll
    for (g = 1; g <= CELL_GENS; g++) {
        const unsigned char (*src)[CELL_TILE][CELL_TILE] = tile[(g - 1) & 1];
        unsigned char (*dst)[CELL_TILE][CELL_TILE] = tile[g & 1];
        if (tx >= g && tx < CELL_TILE - g && ty >= g && ty < CELL_TILE - g) {
            int below = plane_sum(src, g - 1, ty, tx), here = plane_sum(src, g, ty, tx);
            for (z = g; z < CELL_TILE - g; z++) {
                int above = plane_sum(src, z + 1, ty, tx);
                int self = src[z][ty][tx];
                int n = below + here + above - self;
                dst[z][ty][tx] = self ? (n >= 5 && n <= 7) : (n == 6);
                below = here;
                here = above;
            }
        }
        __syncthreads();
    }

    {
        int x = ox + tx, y = oy + ty;
        if (tx >= CELL_GENS && tx < CELL_TILE - CELL_GENS && ty >= CELL_GENS &&
            ty < CELL_TILE - CELL_GENS && x < nx && y < ny) {
            for (z = CELL_GENS; z < CELL_TILE - CELL_GENS; z++) {
                int gz = oz + z;
                if (gz < nz)
                    out[((size_t)gz * ny + y) * nx + x] = tile[CELL_GENS & 1][z][ty][tx];
            }
        }
    }
}
