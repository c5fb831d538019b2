// GESUMMV (PolyBench-GPU): y = alpha * A x + beta * B x, A and B n x n,
// row-major. One kernel, one thread per row i, 256 x 1 thread blocks
// (DIM_THREAD_BLOCK_X 256): each thread walks row i of A and of B (two
// rows n floats apart per thread, hence the huge per-warp footprint), with
// the running sums tmp[i] and y[i] kept in memory as in the original (the
// pointers may alias, so every iteration reads and writes them). The
// multiply-adds are explicit fmaf (nvcc's contraction of += a * b and of
// alpha * tmp + beta * y), so the rounding sequence is fixed by the source.
// gesummv_rows models PolyBench-GPU's gesummv_kernel.
extern "C" __global__ void gesummv_rows(int n, float alpha, float beta, const float *a,
                                        const float *b, const float *x, float *y,
                                        float *tmp)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        for (int j = 0; j < n; j++) {
            tmp[i] = fmaf(a[i * n + j], x[j], tmp[i]);
            y[i] = fmaf(b[i * n + j], x[j], y[i]);
        }
        y[i] = fmaf(alpha, tmp[i], beta * y[i]);
    }
}
