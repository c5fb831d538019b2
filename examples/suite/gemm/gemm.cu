// GEMM (PolyBench/GPU gemm.cu): C = alpha * A * B + beta * C, A is NI x NK,
// B is NK x NJ, C is NI x NJ, row-major. One thread per element c[i][j]
// (j from x, i from y), 32 x 8 threads per block; each thread walks row i of
// A (the warp reads one element, broadcast) and column j of B (the warp
// reads one coalesced row segment). PolyBench/GPU's body: the sum is kept in
// c[i][j] in memory each k. alpha, beta: PolyBench/GPU's 32412 and 2123,
// passed as parameters. gemm_element models PolyBench/GPU's gemm_kernel.
extern "C" __global__ void gemm_element(float alpha, float beta, float *a, float *b, float *c,
                                        int ni, int nj, int nk)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if ((i < ni) && (j < nj)) {
        c[i * nj + j] *= beta;
        for (int k = 0; k < nk; k++)
            c[i * nj + j] += alpha * a[i * nk + k] * b[k * nj + j];
    }
}
