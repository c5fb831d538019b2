/*
 * SPMV_S: SHOC's scalar CSR sparse matrix-vector product, y = A x, in the
 * project's own code. A is in compressed sparse rows: row r's non-zeros are
 * entries row_start[r] .. row_start[r + 1] - 1 of nz_value (the values) and
 * nz_column (their column numbers).
 *
 * Shape kept: one thread per row in 128-thread blocks, a 1-D grid of
 * ceil(rows / 128) blocks. A thread reads its row's two bounds, then walks
 * its own stretch of nz_value and nz_column in order, gathering x at each
 * column (rows of different lengths in one warp give divergent trip
 * counts; consecutive entries give intra-thread locality), and stores one
 * float. Every input is read through the read-only (non-coherent) global
 * path.
 *
 * Departures: SHOC fetches x through a texture; here x is a read-only
 * global load (__ldg). The row's sum starts at 0.0f and takes each product
 * as one fused multiply-add in entry order, written out explicitly (the
 * contraction nvcc makes anyway), so the rounding is fixed by the source.
 */

/* Sum over the len entries of one row: w[t] * x[col[t]], fused, t ascending. */
static __device__ __forceinline__ float sparse_row_dot(const float *__restrict__ w,
                                                       const int *__restrict__ col, int len,
                                                       const float *__restrict__ x)
{
    float acc = 0.0f;
    for (int t = 0; t < len; ++t)
        acc = fmaf(w[t], __ldg(x + col[t]), acc);
    return acc;
}

extern "C" __global__ void csr_row_dot_vector(const float *__restrict__ nz_value,
                                              const int *__restrict__ nz_column,
                                              const int *__restrict__ row_start,
                                              const float *__restrict__ x, const int rows,
                                              float *__restrict__ y)
{
    int r = threadIdx.x + blockDim.x * blockIdx.x;
    if (r >= rows)
        return;
    int first = row_start[r];
    int len = row_start[r + 1] - first;
    y[r] = sparse_row_dot(nz_value + first, nz_column + first, len, x);
}
