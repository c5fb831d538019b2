/*
 * MM (the CUDA SDK's matrixMul, seed 003 Table 7 type B): C = A * B in the
 * sample's shared-memory tiled shape, the project's own code.
 *
 * A is hA x wA and B is wA x wB, both row-major; C is hA x wB. A block of
 * 32 x 32 threads computes a 32 x 32 tile of C: for each step of 32 along
 * wA every thread stages one element of A's and one of B's tile in shared
 * memory, the block synchronises, and each thread accumulates the 32
 * products of its row of As and column of Bs in order; thread (tx, ty) of
 * block (bx, by) writes C[(32 * by + ty) * wB + 32 * bx + tx]. wA and wB
 * must be multiples of 32.
 */
#define BLOCK_SIZE 32

extern "C" __global__ void matrixMulCUDA(float *C, const float *A, const float *B, int wA,
                                         int wB)
{
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
    int aBegin = wA * BLOCK_SIZE * by;
    int aEnd = aBegin + wA - 1;
    int bBegin = BLOCK_SIZE * bx;
    int a, b, k;
    float Csub = 0.0f;
    for (a = aBegin, b = bBegin; a <= aEnd; a += BLOCK_SIZE, b += BLOCK_SIZE * wB) {
        As[ty][tx] = A[a + wA * ty + tx];
        Bs[ty][tx] = B[b + wB * ty + tx];
        __syncthreads();
#pragma unroll
        for (k = 0; k < BLOCK_SIZE; ++k)
            Csub += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[wB * BLOCK_SIZE * by + BLOCK_SIZE * bx + wB * ty + tx] = Csub;
}
