// TRANS (CUDA SDK transpose): odata = idata^T for a width x height matrix of
// floats, 16 x 16 tiles, 16 x 16 threads per block (TILE_DIM = BLOCK_ROWS =
// 16, the sample's defaults), grid (width / 16, height / 16). The three
// transposes of the sample's set, as it writes them:
//   transposeNaive            reads a row segment, writes a column segment
//                             (each warp's stores touch 16 lines, shared
//                             with the CTAs of neighbouring tile rows)
//   transposeCoalesced        staged through a 16 x 16 shared tile
//   transposeNoBankConflicts  the same with the tile padded to 16 x 17
#define TILE_DIM 16
#define BLOCK_ROWS 16

extern "C" __global__ void transposeNaive(float *odata, float *idata, int width, int height)
{
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + width * yIndex;
    int index_out = yIndex + height * xIndex;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        odata[index_out + i] = idata[index_in + i * width];
}

extern "C" __global__ void transposeCoalesced(float *odata, float *idata, int width,
                                              int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + (yIndex) * width;
    xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
    int index_out = xIndex + (yIndex) * height;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
    __syncthreads();
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}

extern "C" __global__ void transposeNoBankConflicts(float *odata, float *idata, int width,
                                                    int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + (yIndex) * width;
    xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
    int index_out = xIndex + (yIndex) * height;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
    __syncthreads();
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}
