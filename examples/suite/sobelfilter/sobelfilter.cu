// SobelFilter (CUDA SDK): edge strength of an 8-bit image that the kernel
// reads through a 2-D texture. The launch matches the sample's SobelTex:
// one block per image row, the block's threads walking that row with a
// stride of blockDim.x. For each pixel the 3 x 3 window around it is read
// with tex2D<unsigned char> at whole-number coordinates (point filtering;
// clamped addressing repeats the border texels), the horizontal and
// vertical Sobel responses are combined as |Gx| + |Gy|, multiplied by the
// scale factor and saturated to a byte. The kernel's structure and names
// are the project's own: sobel_edge_rows models the sample's SobelTex,
// with its parameter list.
#include <cuda_runtime.h>

// Saturate an edge level to a byte. The level passes through a 16-bit
// short first, as the sample's arithmetic does, so only its low 16 bits
// decide the clamp.
__device__ __forceinline__ unsigned char sat_byte(float level)
{
    const short s = (short)level;
    return s < 0 ? (unsigned char)0 : s > 255 ? (unsigned char)255 : (unsigned char)s;
}

// Window w[row][col], row 0 above the pixel, col 0 to its left. The
// centre weight is zero in both directions and is never read.
__device__ __forceinline__ int sobel_magnitude(const int w[3][3])
{
    const int across = (w[0][2] - w[0][0]) + 2 * (w[1][2] - w[1][0]) + (w[2][2] - w[2][0]);
    const int down = (w[0][0] - w[2][0]) + 2 * (w[0][1] - w[2][1]) + (w[0][2] - w[2][2]);
    return abs(across) + abs(down);
}

extern "C" __global__ void sobel_edge_rows(unsigned char *edges, unsigned int rowBytes, int width,
                                           int height, float gain, cudaTextureObject_t image)
{
    (void)height;                           // rows are blocks; the texture clamps
    const int line = blockIdx.x;
    unsigned char *outLine = edges + line * rowBytes;

    for (int col = threadIdx.x; col < width; col += blockDim.x) {
        int win[3][3];
#pragma unroll
        for (int r = 0; r < 3; ++r)
#pragma unroll
            for (int c = 0; c < 3; ++c)
                win[r][c] = tex2D<unsigned char>(image, (float)(col + c - 1),
                                                 (float)(line + r - 1));
        outLine[col] = sat_byte(gain * (float)sobel_magnitude(win));
    }
}
