// 2DCONV (PolyBench/GPU 2DConvolution.cu): B = 3x3 convolution of A with
// PolyBench's fixed coefficients over the interior 0 < i < NI-1,
// 0 < j < NJ-1 (B's border is not written). One thread per point, j from x
// and i from y, 32 x 8 threads per block; each warp reads three rows of 34
// consecutive floats. The expression (coefficient/tap pairing and order) is
// PolyBench/GPU's.
extern "C" __global__ void Convolution2D_kernel(float *A, float *B, int ni, int nj)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    float c11, c12, c13, c21, c22, c23, c31, c32, c33;
    c11 = +0.2f;  c21 = +0.5f;  c31 = -0.8f;
    c12 = -0.3f;  c22 = +0.6f;  c32 = -0.9f;
    c13 = +0.4f;  c23 = +0.7f;  c33 = +0.10f;
    if ((i < ni - 1) && (j < nj - 1) && (i > 0) && (j > 0)) {
        B[i * nj + j] = c11 * A[(i - 1) * nj + (j - 1)] + c21 * A[(i - 1) * nj + (j + 0)] +
                        c31 * A[(i - 1) * nj + (j + 1)] + c12 * A[(i + 0) * nj + (j - 1)] +
                        c22 * A[(i + 0) * nj + (j + 0)] + c32 * A[(i + 0) * nj + (j + 1)] +
                        c13 * A[(i + 1) * nj + (j - 1)] + c23 * A[(i + 1) * nj + (j + 0)] +
                        c33 * A[(i + 1) * nj + (j + 1)];
    }
}
