/*
 * MM (the CUDA SDK's matrixMul, seed 003 Table 7 type B): out = lhs * rhs
 * with both operands staged tile by tile in shared memory, the benchmark's
 * shape in the project's own code. mm_tile_product models the sample's
 * matrixMulCUDA kernel.
 *
 * lhs has lhs_rows x inner floats and rhs inner x out_cols, both row-major;
 * out is lhs_rows x out_cols. Each block of EDGE x EDGE (32 x 32) threads
 * owns one EDGE x EDGE square of out: thread (x, y) produces element
 * (EDGE * blockIdx.y + y, EDGE * blockIdx.x + x). The kernel walks the
 * inner dimension EDGE columns of lhs (EDGE rows of rhs) at a time. On each
 * step a thread copies one float of the lhs square and one of the rhs
 * square into shared memory, at its own (y, x) position; after a barrier
 * it folds the EDGE products of its shared-memory row of lhs and column of
 * rhs into its running sum, lowest inner index first, each as one fused
 * multiply-add; a second barrier guards the squares before the next copy.
 * The sum starts at 0.0f and is stored once at the end. inner and out_cols
 * are expected to be multiples of EDGE.
 */
#define EDGE 32

/* sum + row[0] * sq[0][x] + ... + row[EDGE-1] * sq[EDGE-1][x], rounded
   after each fused step, lowest index first. */
static __device__ __forceinline__ float fold_square(const float *row, const float (*sq)[EDGE],
                                                    int x, float sum)
{
#pragma unroll
    for (int i = 0; i < EDGE; i++)
        sum = fmaf(row[i], sq[i][x], sum);
    return sum;
}

extern "C" __global__ void mm_tile_product(float *out, const float *lhs, const float *rhs,
                                           int inner, int out_cols)
{
    __shared__ float lhs_sq[EDGE][EDGE];
    __shared__ float rhs_sq[EDGE][EDGE];
    const int x = threadIdx.x;
    const int y = threadIdx.y;
    const int out_r = EDGE * blockIdx.y + y;
    const int out_c = EDGE * blockIdx.x + x;
    /* This thread's element of each square on step 0; later steps move the
       lhs one EDGE columns right and the rhs one EDGE rows down. */
    const float *lhs_at = lhs + out_r * inner + x;
    const float *rhs_at = rhs + y * out_cols + out_c;
    const int rhs_step = EDGE * out_cols;
    float sum = 0.0f;

    for (int done = 0; done < inner; done += EDGE) {
        lhs_sq[y][x] = *lhs_at;
        rhs_sq[y][x] = *rhs_at;
        lhs_at += EDGE;
        rhs_at += rhs_step;
        __syncthreads();
        sum = fold_square(lhs_sq[y], rhs_sq, x, sum);
        __syncthreads();
    }
    out[out_r * out_cols + out_c] = sum;
}
