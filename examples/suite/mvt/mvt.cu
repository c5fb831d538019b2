// MVT (PolyBench/GPU mvt.cu): x1 = x1 + A * y1 and x2 = x2 + A^T * y2, A is N
// x N row-major; two kernels, one thread per output element, 256 threads per
// block. mvt_row_products (PolyBench's mvt_kernel1): thread i walks row i of
// A (the warp's 32 reads are 32 rows apart: N floats); mvt_column_products
// (its mvt_kernel2): thread i walks column i (coalesced row segments).
// PolyBench/GPU's bodies: the sums are kept in x1[i] / x2[i] in memory each
// j.
extern "C" __global__ void mvt_row_products(float *a, float *x1, float *y_1, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        for (int j = 0; j < n; j++)
            x1[i] += a[i * n + j] * y_1[j];
    }
}

extern "C" __global__ void mvt_column_products(float *a, float *x2, float *y_2, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        for (int j = 0; j < n; j++)
            x2[i] += a[j * n + i] * y_2[j];
    }
}
