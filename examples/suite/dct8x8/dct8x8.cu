/*
 * DCT8x8 (the CUDA SDK's dct8x8, its Kernel1 pair; seed 003 Table 7 type E):
 * the forward and inverse 8 x 8 DCT of a float image, one 8 x 8 thread
 * block per image block, in the sample's shape; the project's own code.
 * dct_blocks_forward and dct_blocks_inverse model the sample's
 * CUDAkernel1DCT and CUDAkernel1IDCT.
 *
 * Both kernels share one body, blockTransform<inverse>. Thread (c, r) of a
 * block loads texel (8 * blockX + c, 8 * blockY + r), sampled at its centre
 * with tex2D<float>, into a shared 8 x 8 tile. After a barrier it forms
 * row r, column c of T = A X (sum over k of A[r][k] X[k][c]) into a second
 * shared tile; after another barrier, row r, column c of T A^T (sum over k
 * of T[r][k] A[c][k]) back into the first tile, and after a third barrier
 * stores that element to the output. Each sum runs from 0.0f over k in
 * ascending order. A is the DCT-II basis transposed for the forward
 * transform (so Y = B^T X B) and the basis itself for the inverse
 * (X = B Y B^T), where B = dctBasis in constant memory, row n, column f
 * holding s(f) cos((2n + 1) f pi / 16), s(0) = sqrt(1/8), other
 * s(f) = sqrt(2/8) (the orthonormal basis, rounded to float). The inverse
 * kernel reads the forward kernel's output through a texture.
 */
#define EDGE 8                        /* an image block is EDGE x EDGE texels */

/* dctBasis[n][f]: basis function f at sample n */
__constant__ float dctBasis[EDGE][EDGE] = {
    {3.535533845e-01f, 4.903926253e-01f, 4.619397521e-01f, 4.157347977e-01f, 3.535533845e-01f, 2.777851224e-01f, 1.913417131e-01f, 9.754516184e-02f},
    {3.535533845e-01f, 4.157347977e-01f, 1.913417131e-01f, -9.754516184e-02f, -3.535533845e-01f, -4.903926253e-01f, -4.619397521e-01f, -2.777851224e-01f},
    {3.535533845e-01f, 2.777851224e-01f, -1.913417131e-01f, -4.903926253e-01f, -3.535533845e-01f, 9.754516184e-02f, 4.619397521e-01f, 4.157347977e-01f},
    {3.535533845e-01f, 9.754516184e-02f, -4.619397521e-01f, -2.777851224e-01f, 3.535533845e-01f, 4.157347977e-01f, -1.913417131e-01f, -4.903926253e-01f},
    {3.535533845e-01f, -9.754516184e-02f, -4.619397521e-01f, 2.777851224e-01f, 3.535533845e-01f, -4.157347977e-01f, -1.913417131e-01f, 4.903926253e-01f},
    {3.535533845e-01f, -2.777851224e-01f, -1.913417131e-01f, 4.903926253e-01f, -3.535533845e-01f, -9.754516184e-02f, 4.619397521e-01f, -4.157347977e-01f},
    {3.535533845e-01f, -4.157347977e-01f, 1.913417131e-01f, 9.754516184e-02f, -3.535533845e-01f, 4.903926253e-01f, -4.619397521e-01f, 2.777851224e-01f},
    {3.535533845e-01f, -4.903926253e-01f, 4.619397521e-01f, -4.157347977e-01f, 3.535533845e-01f, -2.777851224e-01f, 1.913417131e-01f, -9.754516184e-02f}
};

/* Entry (row, k) of the applied matrix A: the basis transposed for the
 * forward transform, the basis itself for the inverse. */
template <bool inverse>
__device__ __forceinline__ float applied(int row, int k)
{
    return inverse ? dctBasis[row][k] : dctBasis[k][row];
}

template <bool inverse>
__device__ void blockTransform(float *out, int pitch, int blockX, int blockY,
                               cudaTextureObject_t in)
{
    __shared__ float tile[EDGE][EDGE];       /* the input, later the result */
    __shared__ float partial[EDGE][EDGE];       /* after the first product */
    const int c = threadIdx.x, r = threadIdx.y;
    const int col = blockX * EDGE + c, row = blockY * EDGE + r;

    tile[r][c] = tex2D<float>(in, (float)col + 0.5f, (float)row + 0.5f);
    __syncthreads();

    float sum = 0.0f;                        /* A X, row r, column c */
#pragma unroll
    for (int k = 0; k < EDGE; ++k)
        sum += applied<inverse>(r, k) * tile[k][c];
    partial[r][c] = sum;
    __syncthreads();

    sum = 0.0f;                              /* (A X) A^T, row r, column c */
#pragma unroll
    for (int k = 0; k < EDGE; ++k)
        sum += partial[r][k] * applied<inverse>(c, k);
    tile[r][c] = sum;
    __syncthreads();

    out[row * pitch + col] = tile[r][c];
}

extern "C" __global__ void dct_blocks_forward(float *coeffs, int pitch, int firstBlockX,
                                              int firstBlockY, cudaTextureObject_t image)
{
    blockTransform<false>(coeffs, pitch, blockIdx.x + firstBlockX, blockIdx.y + firstBlockY,
                          image);
}

extern "C" __global__ void dct_blocks_inverse(float *image, int pitch, int firstBlockX,
                                              int firstBlockY, cudaTextureObject_t coeffs)
{
    blockTransform<true>(image, pitch, blockIdx.x + firstBlockX, blockIdx.y + firstBlockY,
                         coeffs);
}
