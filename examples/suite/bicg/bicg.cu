// BICG (PolyBench-GPU, the BiCGStab sub-kernel): s = A^T r and q = A p, A is
// nx x ny, row-major. Two kernels with 256 x 1 thread blocks as
// PolyBench-GPU launches them (DIM_THREAD_BLOCK_X 256):
//   bicg_column_products (PolyBench's bicg_kernel1): one thread per column
//                 j (coalesced across the warp):
//                 s[j] = 0; s[j] += A[i][j] * r[i] for each row i;
//   bicg_row_products (PolyBench's bicg_kernel2): one thread per row i
//                 (row-per-thread, rows ny floats apart):
//                 q[i] = 0; q[i] += A[i][j] * p[j] for each j.
// The running sums live in memory as in the original (the pointers may
// alias). Multiply-adds are explicit fmaf (nvcc's contraction of += a * b).
extern "C" __global__ void bicg_column_products(const float *a, const float *r, float *s,
                                                int nx, int ny)
{
    int j = blockDim.x * blockIdx.x + threadIdx.x;
    if (j < ny) {
        s[j] = 0.0f;
        for (int i = 0; i < nx; i++)
            s[j] = fmaf(a[i * ny + j], r[i], s[j]);
    }
}

extern "C" __global__ void bicg_row_products(const float *a, const float *p, float *q,
                                             int nx, int ny)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < nx) {
        q[i] = 0.0f;
        for (int j = 0; j < ny; j++)
            q[i] = fmaf(a[i * ny + j], p[j], q[i]);
    }
}
