/*
 * FDTD3d (the CUDA SDK's FDTD3d sample, seed 003 Table 21's fdtd3d), the
 * project's own code in the SDK's shape: a radius-4 finite-difference
 * stencil on a 3-D volume, one time step per launch.
 *
 *   out[x,y,z] = c0 * in[x,y,z]
 *              + sum over r = 1..4 of c_r * (in[x,y,z+r] + in[x,y,z-r] + in[x,y-r,z]
 *                                            + in[x,y+r,z] + in[x-r,y,z] + in[x+r,y,z])
 *
 * The volume is stored with a halo of 4 on every side ((dimx + 8) x
 * (dimy + 8) x (dimz + 8), x fastest), so every read is in bounds; only the
 * dimx x dimy x dimz interior is written. A block of 32 x 16 threads covers
 * a 32 x 16 column of the x-y plane and walks z: the 4 planes behind and
 * the 4 in front stay in registers, the current plane and its x-y halo of
 * 4 are staged in shared memory. The coefficients are kernel parameters
 * (the SDK keeps them in __constant__ memory). dimx must be a multiple of
 * 32 and dimy of 16.
 */
#define RADIUS 4
#define BX 32
#define BY 16

extern "C" __global__ void finite_differences(float *output, const float *input, int dimx,
                                              int dimy, int dimz, float c0, float c1, float c2,
                                              float c3, float c4)
{
    __shared__ float tile[BY + 2 * RADIUS][BX + 2 * RADIUS];
    const float c[RADIUS + 1] = { c0, c1, c2, c3, c4 };
    int stride_y = dimx + 2 * RADIUS;
    int stride_z = stride_y * (dimy + 2 * RADIUS);
    int tx = threadIdx.x + RADIUS, ty = threadIdx.y + RADIUS;
    int column = (blockIdx.x * BX + threadIdx.x + RADIUS) +
                 (blockIdx.y * BY + threadIdx.y + RADIUS) * stride_y;
    float behind[RADIUS], infront[RADIUS], current;
    int r, z;
    for (r = 0; r < RADIUS; r++) {
        behind[r] = input[column + (RADIUS - 1 - r) * stride_z];
        infront[r] = input[column + (RADIUS + 1 + r) * stride_z];
    }
    current = input[column + RADIUS * stride_z];
    for (z = 0; z < dimz; z++) {
        int at = column + (z + RADIUS) * stride_z;
        float value;
        if (threadIdx.y < RADIUS) {
            tile[threadIdx.y][tx] = input[at - RADIUS * stride_y];
            tile[threadIdx.y + BY + RADIUS][tx] = input[at + BY * stride_y];
        }
        if (threadIdx.x < RADIUS) {
            tile[ty][threadIdx.x] = input[at - RADIUS];
            tile[ty][threadIdx.x + BX + RADIUS] = input[at + BX];
        }
        tile[ty][tx] = current;
        __syncthreads();
        value = c[0] * current;
#pragma unroll
        for (r = 1; r <= RADIUS; r++)
            value += c[r] * (infront[r - 1] + behind[r - 1] + tile[ty - r][tx] +
                             tile[ty + r][tx] + tile[ty][tx - r] + tile[ty][tx + r]);
        output[at] = value;
        __syncthreads();
#pragma unroll
        for (r = RADIUS - 1; r > 0; r--)
            behind[r] = behind[r - 1];
        behind[0] = current;
        current = infront[0];
#pragma unroll
        for (r = 0; r < RADIUS - 1; r++)
            infront[r] = infront[r + 1];
        if (z + 1 < dimz)
            infront[RADIUS - 1] = input[at + (RADIUS + 1) * stride_z];
    }
}
