/*
 * Bicubic (the CUDA SDK's bicubicTexture, its bicubic mode; seed 003 Table 7
 * type B): an 8-bit image magnified with cubic B-spline filtering from 16
 * point-sampled texture fetches, in the sample's shape; the project's own
 * code.
 *
 * Pixel (x, y) of a width x height output samples the texture at
 * u = (x - cx) * scale + cx + tx, v likewise with y, cy and ty. The filter
 * moves to texel centres (x - 0.5, y - 0.5), takes px = floor, fx = the
 * fraction, fetches the 4 x 4 texels px - 1 .. px + 2 by py - 1 .. py + 2
 * with tex2D<float> (an unsigned char texture read as normalised floats,
 * point filtering, clamped addressing), filters each row with the B-spline
 * weights w0..w3 of fx, then the four row results with those of fy, and
 * writes the result times 255 to all three colour channels of a uchar4
 * (alpha 0).
 */
__device__ float w0(float a) { return (1.0f / 6.0f) * (a * (a * (-a + 3.0f) - 3.0f) + 1.0f); }
__device__ float w1(float a) { return (1.0f / 6.0f) * (a * a * (3.0f * a - 6.0f) + 4.0f); }
__device__ float w2(float a) { return (1.0f / 6.0f) * (a * (a * (-3.0f * a + 3.0f) + 3.0f) + 1.0f); }
__device__ float w3(float a) { return (1.0f / 6.0f) * (a * a * a); }

__device__ float cubicFilter(float x, float c0, float c1, float c2, float c3)
{
    float r = c0 * w0(x);
    r += c1 * w1(x);
    r += c2 * w2(x);
    r += c3 * w3(x);
    return r;
}

__device__ float tex2DBicubic(cudaTextureObject_t tex, float x, float y)
{
    float px, py, fx, fy;
    x -= 0.5f;
    y -= 0.5f;
    px = floorf(x);
    py = floorf(y);
    fx = x - px;
    fy = y - py;
    return cubicFilter(fy,
        cubicFilter(fx, tex2D<float>(tex, px - 1, py - 1), tex2D<float>(tex, px, py - 1),
                    tex2D<float>(tex, px + 1, py - 1), tex2D<float>(tex, px + 2, py - 1)),
        cubicFilter(fx, tex2D<float>(tex, px - 1, py), tex2D<float>(tex, px, py),
                    tex2D<float>(tex, px + 1, py), tex2D<float>(tex, px + 2, py)),
        cubicFilter(fx, tex2D<float>(tex, px - 1, py + 1), tex2D<float>(tex, px, py + 1),
                    tex2D<float>(tex, px + 1, py + 1), tex2D<float>(tex, px + 2, py + 1)),
        cubicFilter(fx, tex2D<float>(tex, px - 1, py + 2), tex2D<float>(tex, px, py + 2),
                    tex2D<float>(tex, px + 1, py + 2), tex2D<float>(tex, px + 2, py + 2)));
}

extern "C" __global__ void d_renderBicubic(uchar4 *d_output, unsigned int width,
                                           unsigned int height, float tx, float ty,
                                           float scale, float cx, float cy,
                                           cudaTextureObject_t tex)
{
    unsigned int x = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
    unsigned int y = __umul24(blockIdx.y, blockDim.y) + threadIdx.y;
    unsigned int i = __umul24(y, width) + x;
    float u = (x - cx) * scale + cx + tx;
    float v = (y - cy) * scale + cy + ty;
    if (x < width && y < height) {
        float c = tex2DBicubic(tex, u, v);
        d_output[i] = make_uchar4(c * 0xff, c * 0xff, c * 0xff, 0);
    }
}
