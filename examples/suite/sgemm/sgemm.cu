/*
 * SGEMM, modelled on Parboil's sgemm benchmark (seed 003 Table 21, SG):
 * C = beta * C + alpha * A * B^T, with the benchmark's register-tiled
 * thread mapping. The code is the project's own; sg_tile_product_nt
 * models Parboil's mysgemmNT.
 *
 * Layout: every matrix is column-major. A holds m x k (leading dimension
 * lda = m), B holds n x k (ldb = n) and C holds m x n (ldc = m).
 *
 * Work split: a CTA is 16 x 8 threads and owns a 128-row by 16-column
 * block of C. Each thread owns one row of that block (thread (x, y) takes
 * row 16 * y + x) and keeps the 16 partial sums of its row strip in
 * registers for the whole run. The CTA walks k in panels of 8: every
 * thread copies one element of B's 8 x 16 panel into shared memory, then,
 * for each of the 8 k values, loads its own element of A from global
 * memory (consecutive threads read consecutive addresses) and adds that
 * value times the panel's 16 entries into its 16 sums. When k is done each
 * thread scales and merges its 16 results into C.
 *
 * Arithmetic: every partial sum is a chain of fused multiply-adds in
 * increasing k, starting from zero; the merge is fma(beta, C, alpha * sum).
 * Sizes: m a multiple of 128, n of 16, k of 8 (no bounds checks).
 */
#define SG_STRIP 16                   /* C columns per thread; CTA width */
#define SG_PANEL 8                    /* k values per shared stage; CTA height */
#define SG_CTA_ROWS (SG_STRIP * SG_PANEL)

/* One k value's contribution: sums[n] += a_val * panel_row[n] for the strip. */
static __device__ __forceinline__ void sg_add_outer(float *sums, float a_val,
                                                    const float *panel_row)
{
#pragma unroll
    for (int n = 0; n < SG_STRIP; n++)
        sums[n] = fmaf(a_val, panel_row[n], sums[n]);
}

extern "C" __global__ void sg_tile_product_nt(const float *A, int lda, const float *B, int ldb,
                                              float *C, int ldc, int k, float alpha, float beta)
{
    __shared__ float panel[SG_PANEL * SG_STRIP];
    float sums[SG_STRIP];
    /* The thread's slot in the panel doubles as its row inside the CTA's block. */
    const int slot = threadIdx.y * SG_STRIP + threadIdx.x;
    const int my_row = blockIdx.x * SG_CTA_ROWS + slot;
    const int strip0 = blockIdx.y * SG_STRIP;
    const float *a_walk = A + my_row;                                    /* A(my_row, 0) */
    const float *b_walk = B + strip0 + threadIdx.x + threadIdx.y * ldb;   /* B(col, y) */
    float *c_out = C + my_row + strip0 * ldc;                            /* C(my_row, strip0) */

#pragma unroll
    for (int n = 0; n < SG_STRIP; n++)
        sums[n] = 0.0f;

    for (int left = k; left > 0; left -= SG_PANEL) {
        panel[slot] = *b_walk;
        b_walk += SG_PANEL * ldb;
        __syncthreads();
        for (int d = 0; d < SG_PANEL; d++) {
            sg_add_outer(sums, *a_walk, &panel[d * SG_STRIP]);
            a_walk += lda;
        }
        __syncthreads();   /* the panel is overwritten next round */
    }

#pragma unroll
    for (int n = 0; n < SG_STRIP; n++) {
        float *dst = c_out + n * ldc;
        *dst = fmaf(beta, *dst, alpha * sums[n]);
    }
}
