// ATAX (PolyBench-GPU, linear-algebra kernel): y = A^T (A x), A is nx x ny,
// row-major. Two kernels, launched one after the other with 256 x 1 thread
// blocks as PolyBench-GPU does (DIM_THREAD_BLOCK_X 256):
//   atax_row_products (PolyBench's atax_kernel1): one thread per row i,
//                 walks row i of A (row-per-thread, rows ny floats
//                 apart): tmp[i] += A[i][j] * x[j];
//   atax_column_products (PolyBench's atax_kernel2): one thread per
//                 column j, walks column j of A (coalesced across the
//                 warp): y[j] += A[i][j] * tmp[i].
// As in the original, the running sums live in memory (tmp[i], y[j] are read
// and written every iteration: the pointers may alias). The multiply-adds
// are explicit fmaf, the contraction nvcc makes of `+= a * b`, so the
// rounding sequence is fixed by the source.
extern "C" __global__ void atax_row_products(const float *a, const float *x, float *tmp,
                                             int nx, int ny)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nx) {
        for (int j = 0; j < ny; j++)
            tmp[i] = fmaf(a[i * ny + j], x[j], tmp[i]);
    }
}

extern "C" __global__ void atax_column_products(const float *a, float *y, const float *tmp,
                                                int nx, int ny)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < ny) {
        for (int i = 0; i < nx; i++)
            y[j] = fmaf(a[i * ny + j], tmp[i], y[j]);
    }
}
