/*
 * FDTD3d, modelled on the CUDA SDK's FDTD3d sample (seed 003 Table 21, FD):
 * one time step of a radius-4 finite-difference stencil on a 3-D volume per
 * launch. The code is the project's own; the SDK is the behavioural model:
 * fd_stencil_step models its FiniteDifferencesKernel.
 *
 *   out[x,y,z] = c0 * in[x,y,z]
 *              + sum over r = 1..4 of c_r * (in[x,y,z+r] + in[x,y,z-r] + in[x,y-r,z]
 *                                            + in[x,y+r,z] + in[x-r,y,z] + in[x+r,y,z])
 *
 * Storage: the volume carries a border of 4 cells on each of its six faces,
 * (nx + 8) x (ny + 8) x (nz + 8) floats with x fastest, so no read needs
 * a bounds test; only the nx x ny x nz interior is written.
 *
 * Work split: a CTA of 32 x 16 threads takes a 32 x 16 patch of the x-y
 * plane and steps through every z. Each thread keeps a window of 9 values
 * of its own (x, y) column in registers (the 4 planes below the current
 * one, the current one, the 4 above) and slides it by one plane per step,
 * fetching a single new value from global memory. For the x and y
 * neighbours the CTA copies the current plane of its patch, widened by a
 * fringe of 4 on every side, into shared memory; threads on the patch's
 * low x (resp. y) edge also fetch the fringe cells on both x (resp. y)
 * sides. The six terms of each ring are summed in the order of the formula
 * above, and the rings are combined as fma(centre, c0, ring1 * c1) followed
 * by one fma per further ring.
 *
 * Departure from the SDK: the five coefficients arrive as kernel parameters
 * rather than through __constant__ memory. nx must be a multiple of 32 and
 * ny of 16.
 */
#define FD_REACH 4                              /* stencil radius */
#define FD_PATCH_X 32                           /* CTA width in threads */
#define FD_PATCH_Y 16                           /* CTA height in threads */
#define FD_SH_PITCH (FD_PATCH_X + 2 * FD_REACH) /* floats per shared-memory row */
#define FD_SH_ROWS (FD_PATCH_Y + 2 * FD_REACH)
#define FD_WINDOW (2 * FD_REACH + 1)            /* z values a thread keeps */

/*
 * Copy the current plane into shared memory: the thread's own value, plus
 * the fringe cells that edge threads are responsible for. `cell` is the
 * thread's index in the shared plane, `src` its address in the input, and
 * `row_len` the input's distance between neighbouring y.
 */
static __device__ __forceinline__ void fd_fill_plane(float *plane, int cell, const float *src,
                                                     float own, int row_len)
{
    if (threadIdx.x < FD_REACH) {
        plane[cell - FD_REACH] = src[-FD_REACH];
        plane[cell + FD_PATCH_X] = src[FD_PATCH_X];
    }
    if (threadIdx.y < FD_REACH) {
        plane[cell - FD_REACH * FD_SH_PITCH] = src[-FD_REACH * row_len];
        plane[cell + FD_PATCH_Y * FD_SH_PITCH] = src[FD_PATCH_Y * row_len];
    }
    plane[cell] = own;
}

/* The six neighbours at distance r, in the order the formula lists them. */
static __device__ __forceinline__ float fd_ring(const float *plane, int cell, const float *window,
                                                int r)
{
    float s = window[FD_REACH + r] + window[FD_REACH - r];
    s = s + plane[cell - r * FD_SH_PITCH];
    s = s + plane[cell + r * FD_SH_PITCH];
    s = s + plane[cell - r];
    return s + plane[cell + r];
}

extern "C" __global__ void fd_stencil_step(float *out_vol, const float *in_vol, int nx,
                                           int ny, int nz, float c0, float c1, float c2,
                                           float c3, float c4)
{
    __shared__ float plane[FD_SH_ROWS * FD_SH_PITCH];
    const float weight[FD_REACH + 1] = { c0, c1, c2, c3, c4 };
    const int row_len = nx + 2 * FD_REACH;              /* floats between y and y + 1 */
    const int slab = row_len * (ny + 2 * FD_REACH);     /* floats between z and z + 1 */
    const int cell = (threadIdx.y + FD_REACH) * FD_SH_PITCH + threadIdx.x + FD_REACH;
    const int gx = blockIdx.x * FD_PATCH_X + threadIdx.x + FD_REACH;
    const int gy = blockIdx.y * FD_PATCH_Y + threadIdx.y + FD_REACH;
    /* Both pointers follow the plane being computed, starting at the first interior z. */
    const int start = gx + gy * row_len + FD_REACH * slab;
    const float *src = in_vol + start;
    float *dst = out_vol + start;
    float window[FD_WINDOW];   /* window[FD_REACH + d] holds the value d planes above */

#pragma unroll
    for (int d = 0; d < FD_WINDOW; d++)
        window[d] = src[(d - FD_REACH) * slab];

#pragma unroll 1
    for (int todo = nz; todo > 0; todo--) {
        fd_fill_plane(plane, cell, src, window[FD_REACH], row_len);
        __syncthreads();

        float acc = fmaf(window[FD_REACH], weight[0], fd_ring(plane, cell, window, 1) * weight[1]);
#pragma unroll
        for (int r = 2; r <= FD_REACH; r++)
            acc = fmaf(fd_ring(plane, cell, window, r), weight[r], acc);
        *dst = acc;
        __syncthreads();   /* the plane is refilled next step */

        /* Move up one plane: drop the lowest value, fetch the next one above. */
#pragma unroll
        for (int d = 0; d + 1 < FD_WINDOW; d++)
            window[d] = window[d + 1];
        if (todo > 1)
            window[FD_WINDOW - 1] = src[(FD_REACH + 1) * slab];
        src += slab;
        dst += slab;
    }
}
