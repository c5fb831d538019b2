// 2DCONV (PolyBench stencil): B = 3x3 convolution of A with PolyBench's fixed
// coefficients, for interior points 0 < i < ni-1, 0 < j < nj-1; one thread
// per point (j from x, i from y). Border elements of B are not written.
// The sum is an explicit fmaf chain in row-major tap order so the rounding
// sequence is fixed by the source.
extern "C" __global__ void conv2d(const float *a, float *b, int ni, int nj)
{
    const float c11 = +0.2f, c21 = +0.5f, c31 = -0.8f;
    const float c12 = -0.3f, c22 = +0.6f, c32 = -0.9f;
    const float c13 = +0.4f, c23 = +0.7f, c33 = +0.10f;
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i > 0 && j > 0 && i < ni - 1 && j < nj - 1) {
        const float *up = a + (i - 1) * nj + j;
        const float *mid = a + i * nj + j;
        const float *down = a + (i + 1) * nj + j;
        float acc = c11 * up[-1];
        acc = fmaf(c12, up[0], acc);
        acc = fmaf(c13, up[1], acc);
        acc = fmaf(c21, mid[-1], acc);
        acc = fmaf(c22, mid[0], acc);
        acc = fmaf(c23, mid[1], acc);
        acc = fmaf(c31, down[-1], acc);
        acc = fmaf(c32, down[0], acc);
        acc = fmaf(c33, down[1], acc);
        b[i * nj + j] = acc;
    }
}
