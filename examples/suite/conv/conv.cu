// CONV models the CUDA SDK sample convolutionSeparable (its CUDA 4.x form):
// an image is filtered by a 17-tap kernel along x, the result written to a
// scratch image, which is then filtered by the same taps along y. The taps
// live in __constant__ memory; every output is a running fused
// multiply-add over the 17 window positions, starting from zero, with the
// window position at offset d paired with tap (8 - d) (a true, mirrored
// convolution). Pixels outside the image count as zero.
//
// Shape kept from the sample:
//   conv_row_pass     blocks of 16 x 4 threads; a block owns 4 image rows
//                     by 128 columns. Each thread produces 8 outputs of its
//                     row, 16 columns apart, after staging 10 pixels (its 8
//                     plus one 16-column apron slot on each side) in a
//                     4 x 160 shared strip. Grid (W / 128, H / 4).
//   conv_column_pass  blocks of 16 x 8 threads; a block owns 16 columns by
//                     64 rows. Each thread produces 8 outputs of its
//                     column, 8 rows apart, staging 10 pixels (8 plus an
//                     8-row apron slot above and below) in a shared tile
//                     stored column-major with one word of padding per
//                     column (16 x 81). Grid (W / 16, H / 64).
// Global loads of the inner slots come first, then the two apron slots,
// each guarded against the image edge; one barrier; then the outputs.
//
// Departure: the sample fills its taps with rand() % 16 from the host via
// cudaMemcpyToSymbol. A workload file cannot write a __constant__ symbol,
// so the taps are a fixed initialiser of 17 integers in 0..15 (the same
// memory space and the same accesses).

#define CV_REACH 8                       // taps either side of the centre
#define CV_TAPS (2 * CV_REACH + 1)

__constant__ float cv_taps[CV_TAPS] = {
    7.0f, 3.0f, 12.0f, 0.0f, 9.0f, 14.0f, 5.0f, 1.0f, 11.0f,
    6.0f, 15.0f, 2.0f, 8.0f, 13.0f, 4.0f, 10.0f, 3.0f
};

// Both passes stage their pixels so that the filter runs along consecutive
// shared words; `centre` points at the output's own pixel. The walk starts
// at the far left of the window, where the last tap applies.
__device__ __forceinline__ float cv_window(const float *centre)
{
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < CV_TAPS; k++)
        acc = fmaf(cv_taps[CV_TAPS - 1 - k], centre[k - CV_REACH], acc);
    return acc;
}

// ---- pass along x -------------------------------------------------------
#define RP_LANES 16                      // threads across a block
#define RP_LINES 4                       // threads (image rows) down a block
#define RP_OUTS 8                        // outputs per thread
#define RP_COVER (RP_OUTS * RP_LANES)    // columns a block produces: 128
#define RP_STRIP ((RP_OUTS + 2) * RP_LANES)

extern "C" __global__ void conv_row_pass(float *dst, const float *src, int width, int height,
                                         int row_stride)
{
    __shared__ float strip[RP_LINES][RP_STRIP];
    (void)height;

    const int col0 = blockIdx.x * RP_COVER + threadIdx.x;    // first output column
    const int line = blockIdx.y * RP_LINES + threadIdx.y;
    const float *in = src + (line * row_stride + col0);
    float *slot = &strip[threadIdx.y][threadIdx.x + RP_LANES];    // slot of output 0

#pragma unroll
    for (int k = 0; k < RP_OUTS; k++)
        slot[k * RP_LANES] = in[k * RP_LANES];
    // apron: one slot before the first output, one after the last
    slot[-RP_LANES] = (col0 >= RP_LANES) ? in[-RP_LANES] : 0.0f;
    slot[RP_COVER] = (col0 + RP_COVER < width) ? in[RP_COVER] : 0.0f;

    __syncthreads();

    float *out = dst + (line * row_stride + col0);
#pragma unroll
    for (int k = 0; k < RP_OUTS; k++)
        out[k * RP_LANES] = cv_window(slot + k * RP_LANES);
}

// ---- pass along y -------------------------------------------------------
#define CP_LANES 16                      // threads (image columns) across
#define CP_DEPTH 8                       // threads down a block
#define CP_OUTS 8                        // outputs per thread
#define CP_COVER (CP_OUTS * CP_DEPTH)    // rows a block produces: 64
#define CP_COLUMN ((CP_OUTS + 2) * CP_DEPTH + 1)    // staged words per column, padded

extern "C" __global__ void conv_column_pass(float *dst, const float *src, int width,
                                            int height, int row_stride)
{
    __shared__ float columns[CP_LANES][CP_COLUMN];
    (void)width;

    const int col = blockIdx.x * CP_LANES + threadIdx.x;
    const int row0 = blockIdx.y * CP_COVER + threadIdx.y;    // first output row
    const int down = CP_DEPTH * row_stride;    // one slot further down
    const float *in = src + (row0 * row_stride + col);
    float *slot = &columns[threadIdx.x][threadIdx.y + CP_DEPTH];

#pragma unroll
    for (int k = 0; k < CP_OUTS; k++)
        slot[k * CP_DEPTH] = in[k * down];
    slot[-CP_DEPTH] = (row0 >= CP_DEPTH) ? in[-down] : 0.0f;
    slot[CP_COVER] = (row0 + CP_COVER < height) ? in[CP_OUTS * down] : 0.0f;

    __syncthreads();

    float *out = dst + (row0 * row_stride + col);
#pragma unroll
    for (int k = 0; k < CP_OUTS; k++)
        out[k * down] = cv_window(slot + k * CP_DEPTH);
}
