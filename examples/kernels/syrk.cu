// SYRK (PolyBench linear-algebra kernel): C = alpha * A * A^T + beta * C,
// A is n x m, C is n x n, row-major. One thread per element (i, j) of C,
// with j from the x dimension and i from the y dimension, as PolyBench-GPU
// maps it: each thread walks row i and row j of A (row-per-thread reads).
// The multiply-adds are written as explicit fmaf so the rounding sequence is
// fixed by the source, not by the compiler's contraction choices.
extern "C" __global__ void syrk(float alpha, float beta, const float *a, float *c,
                                int n, int m)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j < n) {
        float acc = c[i * n + j] * beta;
        for (int k = 0; k < m; k++)
            acc = fmaf(alpha * a[i * m + k], a[j * m + k], acc);
        c[i * n + j] = acc;
    }
}
