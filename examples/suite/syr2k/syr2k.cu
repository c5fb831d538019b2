// SYR2K (PolyBench/GPU syr2k.cu): C = alpha * A * B^T + alpha * B * A^T +
// beta * C, A and B are N x M, C is N x N, row-major. One thread per element
// c[i][j] (j from x, i from y), 32 x 8 threads per block; each thread walks
// rows i and j of both A and B (row-per-thread reads, rows M floats apart).
// PolyBench/GPU's body: the sum is kept in c[i][j] in memory each k.
// alpha, beta: PolyBench/GPU's 12435 and 4546, passed as parameters.
// syr2k_element models PolyBench/GPU's syr2k_kernel.
extern "C" __global__ void syr2k_element(float alpha, float beta, float *a, float *b, float *c,
                                         int n, int m)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if ((i < n) && (j < n)) {
        c[i * n + j] *= beta;
        for (int k = 0; k < m; k++)
            c[i * n + j] += alpha * a[i * m + k] * b[j * m + k] +
                            alpha * b[i * m + k] * a[j * m + k];
    }
}
