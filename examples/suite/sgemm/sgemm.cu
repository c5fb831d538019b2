/*
 * SGEMM (Parboil sgemm, seed 003 Table 21): C = alpha * A * B^T + beta * C
 * in Parboil's register-tiled shape, the project's own code.
 *
 * A is m x k and B is n x k, both column-major (lda = m, ldb = n), C is
 * m x n column-major (ldc = m). A block of 16 x 8 threads computes a
 * 128 x 16 tile of C: thread (x, y) owns row m = blockIdx.x * 128 +
 * y * 16 + x and keeps its 16 outputs of columns blockIdx.y * 16 .. + 15 in
 * registers. For each step of 8 along k the block stages an 8 x 16 tile of
 * B in shared memory (one element per thread), then each thread reads its
 * 8 elements of A from global memory (coalesced down the column) and
 * accumulates 8 x 16 products. m must be a multiple of 128, n of 16, k of 8.
 */
#define TILE_N 16
#define TILE_TB_HEIGHT 8
#define TILE_M (TILE_N * TILE_TB_HEIGHT)

extern "C" __global__ void mysgemmNT(const float *A, int lda, const float *B, int ldb,
                                     float *C, int ldc, int k, float alpha, float beta)
{
    __shared__ float b_tile[TILE_TB_HEIGHT][TILE_N];
    float c[TILE_N];
    int row = blockIdx.x * TILE_M + threadIdx.y * TILE_N + threadIdx.x;
    int col = blockIdx.y * TILE_N;
    int i, j, q;
    for (q = 0; q < TILE_N; q++)
        c[q] = 0.0f;
    for (i = 0; i < k; i += TILE_TB_HEIGHT) {
        b_tile[threadIdx.y][threadIdx.x] = B[col + threadIdx.x + (i + threadIdx.y) * ldb];
        __syncthreads();
        for (j = 0; j < TILE_TB_HEIGHT; j++) {
            float a = A[row + (i + j) * lda];
            for (q = 0; q < TILE_N; q++)
                c[q] += a * b_tile[j][q];
        }
        __syncthreads();
    }
    for (q = 0; q < TILE_N; q++) {
        float *out = &C[row + (col + q) * ldc];
        *out = *out * beta + alpha * c[q];
    }
}
