// 3DS: a 3D stencil. seed-000 lists 3DS as a Rodinia benchmark; Rodinia's
// 3D stencil is HotSpot3D, and this module models the kernel of its opt1
// variant (the one its 3D program runs), written for gpusim from that
// kernel's behaviour; the code is the project's own.
//
// A 7-point thermal update over nx x ny x nz cells: each cell's new
// temperature weights itself, its four in-plane neighbours, the cells below
// and above, its power and the ambient temperature. Shape kept from the
// benchmark: blocks of 64 x 4 threads tile the x-y plane, one (x, y) column
// per thread; the thread climbs its column from layer 0 to layer nz - 1,
// holding the layers below, at and above in registers (one new global read a
// layer, of the layer above) and reading the four in-plane neighbours and the
// power from global memory each layer, then writing the cell. At the domain's
// edges (x, y and z) a missing neighbour is the cell itself. The host
// ping-pongs the two temperature arrays.
//
// The weighted sum keeps the benchmark's term order (centre, W, E, S, N,
// below, above, power, ambient), written as the mul + fma chain nvcc -O3
// contracts it to. Departure: the loop starts at the bottom layer (its
// layer below is itself, set before the loop) and only the top layer is
// handled after it; the benchmark treats both ends apart from its loop.
// Accesses and arithmetic are unchanged.

// The new temperature of one cell. `w` holds the weights in the order of the
// values in `v`: centre, west, east, south, north, below, above, power; the
// ambient term reuses the weight of the layer above.
static __device__ __forceinline__ float s3_weigh(const float *w, const float *v)
{
    const float ambient = 80.0f;
    float acc = __fmul_rn(w[0], v[0]);
#pragma unroll
    for (int t = 1; t < 8; t++)
        acc = fmaf(w[t], v[t], acc);
    return fmaf(w[6], ambient, acc);
}

// Offsets from a cell to its in-plane neighbours (0 where the domain ends).
struct s3_offsets {
    int w, e, s, n;
};

// Updates the cell at `at`: the layers under, at and over it come from the
// caller's registers, the in-plane neighbours and the power from memory.
static __device__ __forceinline__ void s3_update(float *t_new, const float *t_old,
                                                 const float *watts, const float *k,
                                                 s3_offsets o, int at, float under, float here,
                                                 float over)
{
    float v[8];
    v[0] = here;
    v[1] = t_old[at + o.w];
    v[2] = t_old[at + o.e];
    v[3] = t_old[at + o.s];
    v[4] = t_old[at + o.n];
    v[5] = under;
    v[6] = over;
    v[7] = watts[at];
    t_new[at] = s3_weigh(k, v);
}

extern "C" __global__ void stencil3d_column_climb(const float *watts, const float *t_old,
                                                  float *t_new, float k_power, int nx, int ny,
                                                  int nz, float k_east, float k_west,
                                                  float k_north, float k_south, float k_up,
                                                  float k_down, float k_self)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    const int layer = nx * ny;
    const float k[8] = {k_self, k_west, k_east, k_south, k_north, k_down, k_up, k_power};
    s3_offsets o;
    o.w = (x > 0) ? -1 : 0;
    o.e = (x < nx - 1) ? 1 : 0;
    o.n = (y > 0) ? -nx : 0;
    o.s = (y < ny - 1) ? nx : 0;
    int at = y * nx + x;
    float here = t_old[at];
    float under = here;   // the bottom layer stands in for the one below it

    // every layer but the top one reads the layer above it
    for (int z = 1; z < nz; z++, at += layer) {
        const float over = t_old[at + layer];
        s3_update(t_new, t_old, watts, k, o, at, under, here, over);
        under = here;
        here = over;
    }
    // the top layer stands in for the one above it
    s3_update(t_new, t_old, watts, k, o, at, under, here, here);
}

// counter[0] += 1: the host's iteration count, kept on the device so a
// workload `repeat ... until counter[0] == N` can run numiter launches.
extern "C" __global__ void count_iteration(int *counter)
{
    counter[0] += 1;
}
