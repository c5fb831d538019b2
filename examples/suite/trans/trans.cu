// TRANS models the CUDA SDK sample "transpose": a width x height float
// matrix (row-major) is written out as its height x width transpose. Three
// of the sample's variants, with its default 16 x 16 tiles and 16 x 16
// thread blocks (one element per thread), grid (width / 16, height / 16):
//   transpose_direct         each thread copies one element straight from
//                            global to global: a warp reads along a source
//                            row (coalesced) and writes down a destination
//                            column (16 lines per store, lines shared with
//                            the CTAs of neighbouring tile rows)
//   transpose_staged         the block reads its tile row by row into a
//                            16 x 16 shared array, waits at a barrier and
//                            writes the tile's transpose row by row, so both
//                            global sides are coalesced; the shared reads go
//                            down a column (bank conflicts)
//   transpose_staged_padded  the same with each shared row one word longer
//                            (16 x 17), which spreads a column over the banks
// The sample's per-thread loop over BLOCK_ROWS-row strips runs once at these
// defaults, so each thread here handles its one element directly.

#define TR_EDGE 16    // tile side, and the block's side in threads

// Offset of (row, col) in a row-major matrix `cols` wide.
__device__ __forceinline__ int tr_offset(int row, int col, int cols)
{
    return row * cols + col;
}

extern "C" __global__ void transpose_direct(float *dst, const float *src, int width, int height)
{
    const int col = blockIdx.x * TR_EDGE + threadIdx.x;    // becomes the destination row
    const int row = blockIdx.y * TR_EDGE + threadIdx.y;    // becomes the destination column
    dst[tr_offset(col, row, height)] = src[tr_offset(row, col, width)];
}

// Tile-staged transpose; ROW_WORDS is the shared row length (TR_EDGE, or
// TR_EDGE + 1 for the padded variant).
template <int ROW_WORDS>
__device__ __forceinline__ void tr_through_tile(float (*square)[ROW_WORDS], float *dst,
                                                const float *src, int width, int height)
{
    const int src_row = blockIdx.y * TR_EDGE;    // the tile's corner in the source
    const int src_col = blockIdx.x * TR_EDGE;
    const int a = threadIdx.x, b = threadIdx.y;

    square[b][a] = src[tr_offset(src_row + b, src_col + a, width)];
    __syncthreads();
    // Corner (src_col, src_row) in the destination; read the tile by column.
    dst[tr_offset(src_col + b, src_row + a, height)] = square[a][b];
}

extern "C" __global__ void transpose_staged(float *dst, const float *src, int width, int height)
{
    __shared__ float square[TR_EDGE][TR_EDGE];
    tr_through_tile<TR_EDGE>(square, dst, src, width, height);
}

extern "C" __global__ void transpose_staged_padded(float *dst, const float *src, int width,
                                                   int height)
{
    __shared__ float square[TR_EDGE][TR_EDGE + 1];
    tr_through_tile<TR_EDGE + 1>(square, dst, src, width, height);
}
