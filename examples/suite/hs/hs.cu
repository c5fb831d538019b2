// HS: a model of Rodinia's HotSpot (hotspot.cu, its single kernel), written
// for gpusim from the benchmark's behaviour; the code is the project's own.
// HotSpot estimates chip temperature on a grid of cells: each step a cell
// moves toward the balance of its power, its four neighbours (resistances
// Rx, Ry) and the ambient 80 degrees (resistance Rz), scaled by step / Cap.
//
// Shape kept from the benchmark: 16 x 16 threads a block, one cell a thread.
// A block stages an HS_TILE x HS_TILE window of temperature and power in
// shared memory and advances it `depth` steps there (the pyramid): after
// each step the outermost ring of the window is stale, so the ring of
// threads that compute narrows by one cell a side per step, and the block
// writes only the middle (HS_TILE - 2 * depth)^2 cells. Windows of
// neighbouring blocks therefore overlap by 2 * depth cells, and the grid's
// first window starts `halo` cells before the grid. At the grid's own border
// a cell's missing neighbour is the cell itself. Three shared tiles
// (temperature, power, next temperature), one barrier after every step and
// one after every copy-back, one global write a computing thread at the end.
// The host ping-pongs two temperature arrays, one launch per `depth` steps.
//
// The float/double mix of the benchmark's update expression (its 2.0
// literal makes the neighbour terms double) is kept, written as explicit
// intrinsics in the operation order nvcc -O3 gives that expression;
// tests/unit/214-suite-hs.c mirrors it. Departure: the copy-back of the new
// temperatures is placed at the top of the next step instead of the end of
// the current one (same barriers, same order of shared accesses).

#define HS_TILE 16

static __device__ __forceinline__ bool hs_within(int v, int lo, int hi)
{
    return v >= lo && v <= hi;
}

// One step of one cell: `t` its temperature, `vert` and `horiz` the sums of
// its two vertical and two horizontal neighbours, `watts` its power, gx/gy/gz
// the conductances (1 / R) and `k` = step / Cap.
static __device__ __forceinline__ float hs_advance(float t, float vert, float horiz, float watts,
                                                   float gx, float gy, float gz, float k)
{
    const float ambient = 80.0f;
    double curv_y = fma(-2.0, (double)t, (double)vert);
    double curv_x = fma(-2.0, (double)t, (double)horiz);
    double flow = fma(curv_y, (double)gy, (double)watts);
    flow = fma(curv_x, (double)gx, flow);
    flow = __dadd_rn(flow, (double)__fmul_rn(__fsub_rn(ambient, t), gz));
    return (float)fma((double)k, flow, (double)t);
}

extern "C" __global__ void hotspot_tile_steps(int depth, const float *watts, const float *t_in,
                                              float *t_out, int width, int height, int halo_x,
                                              int halo_y, float cap, float rx, float ry,
                                              float rz, float dt, float elapsed)
{
    __shared__ float heat[HS_TILE][HS_TILE];
    __shared__ float src[HS_TILE][HS_TILE];
    __shared__ float fresh[HS_TILE][HS_TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float k = __fdiv_rn(dt, cap);
    const float gx = __frcp_rn(rx), gy = __frcp_rn(ry), gz = __frcp_rn(rz);
    // windows advance by the width they write
    const int pitch = HS_TILE - 2 * depth;
    const int top = pitch * (int)blockIdx.y - halo_y;
    const int left = pitch * (int)blockIdx.x - halo_x;
    const int at = (top + ty) * width + left + tx;
    // window rows r_lo..r_hi and columns c_lo..c_hi lie on the grid
    const int r_lo = max(-top, 0), r_hi = min(height - 1 - top, HS_TILE - 1);
    const int c_lo = max(-left, 0), c_hi = min(width - 1 - left, HS_TILE - 1);
    const bool on_grid = hs_within(ty, r_lo, r_hi) && hs_within(tx, c_lo, c_hi);
    // neighbours inside the window, the cell itself past the grid's border
    const int up = max(ty - 1, r_lo), down = min(ty + 1, r_hi);
    const int west = max(tx - 1, c_lo), east = min(tx + 1, c_hi);
    bool live = false;
    (void)elapsed;

    if (on_grid) {
        heat[ty][tx] = t_in[at];
        src[ty][tx] = watts[at];
    }
    __syncthreads();

    // one step an iteration, kept rolled as nvcc builds the benchmark's loop
#pragma unroll 1
    for (int s = 0; s < depth; s++) {
        if (s > 0) {
            // last step's results become the current temperatures
            if (live)
                heat[ty][tx] = fresh[ty][tx];
            __syncthreads();
        }
        // the ring s + 1 .. HS_TILE - 2 - s still has valid neighbours
        live = on_grid && hs_within(tx, s + 1, HS_TILE - 2 - s) &&
               hs_within(ty, s + 1, HS_TILE - 2 - s);
        if (live)
            fresh[ty][tx] = hs_advance(heat[ty][tx], __fadd_rn(heat[down][tx], heat[up][tx]),
                                       __fadd_rn(heat[ty][east], heat[ty][west]), src[ty][tx],
                                       gx, gy, gz, k);
        __syncthreads();
    }

    if (live)
        t_out[at] = fresh[ty][tx];
}
