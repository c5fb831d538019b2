// SYRK (PolyBench/GPU syrk.cu): C = alpha * A * A^T + beta * C, A is N x M,
// C is N x N, row-major. One thread per element c[i][j], j from x and i from
// y, 32 x 8 threads per block, as PolyBench/GPU maps it: each thread walks
// row i and row j of A (row-per-thread reads: the 32 threads of a warp read
// 32 rows M floats apart; with M a multiple of 1024 floats every row is 32
// cache lines apart, the set conflict of seed-000 section 2.5). The kernel
// body is PolyBench/GPU's, accumulating into c[i][j] in memory each k (a and
// c may alias, so the compiler keeps the store in the loop). alpha and beta
// are parameters (PolyBench/GPU passes them and uses its macros 12435 and
// 4546; the workload passes those values). syrk_element models
// PolyBench/GPU's syrk_kernel.
extern "C" __global__ void syrk_element(float alpha, float beta, float *a, float *c,
                                        int n, int m)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if ((i < n) && (j < n)) {
        c[i * n + j] *= beta;
        for (int k = 0; k < m; k++)
            c[i * n + j] += alpha * a[i * m + k] * a[j * m + k];
    }
}
