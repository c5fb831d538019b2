/*
 * Stencil (Parboil stencil, seed 003 Table 21): a 7-point Jacobi stencil on
 * a 3-D grid in Parboil's block2D_hybrid_coarsen_x shape, the project's own
 * code; stencil_sweep_columns models that kernel.
 *
 *   Anext[x,y,z] = (A0[x,y,z+1] + A0[x,y,z-1] + A0[x,y+1,z] + A0[x,y-1,z]
 *                   + A0[x+1,y,z] + A0[x-1,y,z]) * c1 - A0[x,y,z] * c0
 *
 * for every interior point; the boundary of Anext is never written (the
 * workload starts both grids equal, as Parboil's driver does). A block of
 * 32 x 4 threads covers 64 x 4 columns of the x-y plane, each thread two
 * columns 32 apart (coarsened in x), and walks z: the planes below and
 * above stay in registers, the current plane and its one-element halo are
 * staged in shared memory. nx must be a multiple of 64 and ny of 4. The
 * element (x, y, z) is at x + nx * (y + ny * z).
 */
#define TX 32
#define TY 4

__device__ static float at(const float *a, int x, int y, int z, int nx, int ny)
{
    return a[x + nx * (y + ny * z)];
}

extern "C" __global__ void stencil_sweep_columns(float c0, float c1, const float *A0,
                                                 float *Anext, int nx, int ny, int nz)
{
    __shared__ float plane[TY + 2][2 * TX + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x0 = blockIdx.x * 2 * TX + tx, x1 = x0 + TX;
    int y = blockIdx.y * TY + ty;
    float below0 = at(A0, x0, y, 0, nx, ny), below1 = at(A0, x1, y, 0, nx, ny);
    float here0 = at(A0, x0, y, 1, nx, ny), here1 = at(A0, x1, y, 1, nx, ny);
    int z;
    for (z = 1; z < nz - 1; z++) {
        float above0 = at(A0, x0, y, z + 1, nx, ny), above1 = at(A0, x1, y, z + 1, nx, ny);
        plane[ty + 1][tx + 1] = here0;
        plane[ty + 1][tx + 1 + TX] = here1;
        if (tx == 0)
            plane[ty + 1][0] = x0 > 0 ? at(A0, x0 - 1, y, z, nx, ny) : 0.0f;
        if (tx == TX - 1)
            plane[ty + 1][2 * TX + 1] = x1 + 1 < nx ? at(A0, x1 + 1, y, z, nx, ny) : 0.0f;
        if (ty == 0) {
            plane[0][tx + 1] = y > 0 ? at(A0, x0, y - 1, z, nx, ny) : 0.0f;
            plane[0][tx + 1 + TX] = y > 0 ? at(A0, x1, y - 1, z, nx, ny) : 0.0f;
        }
        if (ty == TY - 1) {
            plane[TY + 1][tx + 1] = y + 1 < ny ? at(A0, x0, y + 1, z, nx, ny) : 0.0f;
            plane[TY + 1][tx + 1 + TX] = y + 1 < ny ? at(A0, x1, y + 1, z, nx, ny) : 0.0f;
        }
        __syncthreads();
        if (y > 0 && y < ny - 1) {
            if (x0 > 0)
                Anext[x0 + nx * (y + ny * z)] =
                    (above0 + below0 + plane[ty + 2][tx + 1] + plane[ty][tx + 1] +
                     plane[ty + 1][tx + 2] + plane[ty + 1][tx]) * c1 - here0 * c0;
            if (x1 < nx - 1)
                Anext[x1 + nx * (y + ny * z)] =
                    (above1 + below1 + plane[ty + 2][tx + 1 + TX] + plane[ty][tx + 1 + TX] +
                     plane[ty + 1][tx + 2 + TX] + plane[ty + 1][tx + TX]) * c1 - here1 * c0;
        }
        __syncthreads();
        below0 = here0;
        below1 = here1;
        here0 = above0;
        here1 = above1;
    }
}
