// SPMV_S (SHOC Spmv, spmv_csr_scalar_kernel): y = A x for a CSR matrix, one
// thread per row, 128-thread blocks (SHOC's BLOCK_SIZE), a 1-D grid of
// ceil(rows / 128) blocks. Each thread walks its own row's stretch of the
// value and column arrays (intra-thread locality, rows of different lengths
// in one warp: divergent loop trip counts) and gathers x[col] (SHOC reads x
// through the texture path; here a read-only global load).
// The accumulation is the explicit fmaf nvcc contracts t += val * x to.
extern "C" __global__ void spmv_csr_scalar_kernel(const float *__restrict__ val,
                                                  const int *__restrict__ cols,
                                                  const int *__restrict__ rowDelimiters,
                                                  const float *__restrict__ vec,
                                                  const int dim, float *__restrict__ out)
{
    int myRow = blockIdx.x * blockDim.x + threadIdx.x;
    if (myRow < dim) {
        float t = 0.0f;
        int start = rowDelimiters[myRow];
        int end = rowDelimiters[myRow + 1];
        for (int j = start; j < end; j++) {
            int col = cols[j];
            t = fmaf(val[j], __ldg(&vec[col]), t);
        }
        out[myRow] = t;
    }
}
