/*
 * DCT8x8 (the CUDA SDK's dct8x8, its Kernel1 pair; seed 003 Table 7 type E):
 * the forward and inverse 8 x 8 DCT of a float image, a block of 8 x 8
 * threads per image block, in the sample's shape; the project's own code.
 *
 * CUDAkernel1DCT: thread (tx, ty) of block (bx, by) fetches texel
 * (8 bx + tx, 8 by + ty) of the source with tex2D<float> at its centre into
 * shared memory; then tmp[ty][tx] = sum over i of M[i][ty] * X[i][tx] and
 * Y[ty][tx] = sum over i of tmp[ty][i] * M[i][tx], each sum accumulated in
 * order of i, with M = DCTv8matrix in constant memory (M[i][k] =
 * c(k) cos((2i + 1) k pi / 16), c(0) = sqrt(1/8), c(k) = sqrt(2/8): the
 * orthonormal DCT-II basis, as float). CUDAkernel1IDCT does the inverse,
 * tmp[ty][tx] = sum M[ty][i] * Y[i][tx], X[ty][tx] = sum tmp[ty][i] *
 * M[tx][i], reading its input through a texture of the first kernel's
 * output.
 */
#define BLOCK_SIZE 8
#define BLOCK_SIZE_LOG2 3
#define BLOCK_SIZE2 64

__constant__ float DCTv8matrix[BLOCK_SIZE2] = {
    3.535533845e-01f, 4.903926253e-01f, 4.619397521e-01f, 4.157347977e-01f, 3.535533845e-01f, 2.777851224e-01f, 1.913417131e-01f, 9.754516184e-02f,
    3.535533845e-01f, 4.157347977e-01f, 1.913417131e-01f, -9.754516184e-02f, -3.535533845e-01f, -4.903926253e-01f, -4.619397521e-01f, -2.777851224e-01f,
    3.535533845e-01f, 2.777851224e-01f, -1.913417131e-01f, -4.903926253e-01f, -3.535533845e-01f, 9.754516184e-02f, 4.619397521e-01f, 4.157347977e-01f,
    3.535533845e-01f, 9.754516184e-02f, -4.619397521e-01f, -2.777851224e-01f, 3.535533845e-01f, 4.157347977e-01f, -1.913417131e-01f, -4.903926253e-01f,
    3.535533845e-01f, -9.754516184e-02f, -4.619397521e-01f, 2.777851224e-01f, 3.535533845e-01f, -4.157347977e-01f, -1.913417131e-01f, 4.903926253e-01f,
    3.535533845e-01f, -2.777851224e-01f, -1.913417131e-01f, 4.903926253e-01f, -3.535533845e-01f, -9.754516184e-02f, 4.619397521e-01f, -4.157347977e-01f,
    3.535533845e-01f, -4.157347977e-01f, 1.913417131e-01f, 9.754516184e-02f, -3.535533845e-01f, 4.903926253e-01f, -4.619397521e-01f, 2.777851224e-01f,
    3.535533845e-01f, -4.903926253e-01f, 4.619397521e-01f, -4.157347977e-01f, 3.535533845e-01f, -2.777851224e-01f, 1.913417131e-01f, -9.754516184e-02f
};

extern "C" __global__ void CUDAkernel1DCT(float *Dst, int ImgWidth, int OffsetXBlocks,
                                          int OffsetYBlocks, cudaTextureObject_t TexSrc)
{
    __shared__ float CurBlockLocal1[BLOCK_SIZE2];
    __shared__ float CurBlockLocal2[BLOCK_SIZE2];
    const int bx = blockIdx.x + OffsetXBlocks, by = blockIdx.y + OffsetYBlocks;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int OffsXBlocks = bx << BLOCK_SIZE_LOG2, OffsYBlocks = by << BLOCK_SIZE_LOG2;
    float tex_x = (float)(OffsXBlocks + tx) + 0.5f, tex_y = (float)(OffsYBlocks + ty) + 0.5f;
    float curelem = 0.0f;
    int i, m = ty, l = tx;
    CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx] = tex2D<float>(TexSrc, tex_x, tex_y);
    __syncthreads();
#pragma unroll
    for (i = 0; i < BLOCK_SIZE; i++) {
        curelem += DCTv8matrix[m] * CurBlockLocal1[l];
        m += BLOCK_SIZE;
        l += BLOCK_SIZE;
    }
    CurBlockLocal2[(ty << BLOCK_SIZE_LOG2) + tx] = curelem;
    __syncthreads();
    curelem = 0.0f;
    l = ty << BLOCK_SIZE_LOG2;
    m = tx;
#pragma unroll
    for (i = 0; i < BLOCK_SIZE; i++) {
        curelem += CurBlockLocal2[l] * DCTv8matrix[m];
        l += 1;
        m += BLOCK_SIZE;
    }
    CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx] = curelem;
    __syncthreads();
    Dst[(OffsYBlocks + ty) * ImgWidth + OffsXBlocks + tx] =
        CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx];
}

extern "C" __global__ void CUDAkernel1IDCT(float *Dst, int ImgWidth, int OffsetXBlocks,
                                           int OffsetYBlocks, cudaTextureObject_t TexSrc)
{
    __shared__ float CurBlockLocal1[BLOCK_SIZE2];
    __shared__ float CurBlockLocal2[BLOCK_SIZE2];
    const int bx = blockIdx.x + OffsetXBlocks, by = blockIdx.y + OffsetYBlocks;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int OffsXBlocks = bx << BLOCK_SIZE_LOG2, OffsYBlocks = by << BLOCK_SIZE_LOG2;
    float tex_x = (float)(OffsXBlocks + tx) + 0.5f, tex_y = (float)(OffsYBlocks + ty) + 0.5f;
    float curelem = 0.0f;
    int i, m = ty << BLOCK_SIZE_LOG2, l = tx;
    CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx] = tex2D<float>(TexSrc, tex_x, tex_y);
    __syncthreads();
#pragma unroll
    for (i = 0; i < BLOCK_SIZE; i++) {
        curelem += DCTv8matrix[m] * CurBlockLocal1[l];
        m += 1;
        l += BLOCK_SIZE;
    }
    CurBlockLocal2[(ty << BLOCK_SIZE_LOG2) + tx] = curelem;
    __syncthreads();
    curelem = 0.0f;
    l = ty << BLOCK_SIZE_LOG2;
    m = tx << BLOCK_SIZE_LOG2;
#pragma unroll
    for (i = 0; i < BLOCK_SIZE; i++) {
        curelem += CurBlockLocal2[l] * DCTv8matrix[m];
        l += 1;
        m += 1;
    }
    CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx] = curelem;
    __syncthreads();
    Dst[(OffsYBlocks + ty) * ImgWidth + OffsXBlocks + tx] =
        CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx];
}
