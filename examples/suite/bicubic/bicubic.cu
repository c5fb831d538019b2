/*
 * Bicubic (the CUDA SDK's bicubicTexture, its bicubic mode; seed 003 Table 7
 * type B): an 8-bit image magnified with cubic B-spline filtering from 16
 * point-sampled texture fetches, in the sample's shape; the project's own
 * code. bicubic_magnify models the sample's d_renderBicubic kernel.
 *
 * Output pixel (px, py) of an outW x outH image zooms about a centre and
 * then shifts: it samples the texture at u = (px - centreX) * zoom +
 * centreX + shiftX, v likewise. bicubicSample moves that point by half a
 * texel so that texel centres fall on integers, splits it into a whole part
 * (floorf) and a fraction, and fetches the 4 x 4 texels from one before to
 * two after the whole part in each direction, a row at a time from the top,
 * with tex2D<float> (an unsigned char texture read as normalised floats,
 * point filtering, clamped addressing). Each row is blended with the cubic
 * B-spline weights of the x fraction, left to right, and the four row values
 * with those of the y fraction, top to bottom. The result times 255 goes to
 * the three colour channels of a uchar4, alpha 0.
 */

/* The cubic B-spline's weights for the four taps at offsets -1, 0, +1, +2
 * from the whole part, for a sample t (0 <= t < 1) past it. */
struct SplineTaps {
    float before, at, after, twoAfter;
};

__device__ SplineTaps splineTaps(float t)
{
    const float sixth = 1.0f / 6.0f;
    const float tt = t * t, t3 = 3.0f * t;
    SplineTaps k;
    /* each a cubic in t by Horner's rule, times 1/6 */
    k.before = (((3.0f - t) * t - 3.0f) * t + 1.0f) * sixth;     /* (1 - t)^3 */
    k.at = ((t3 - 6.0f) * tt + 4.0f) * sixth;                  /* 3t^3 - 6t^2 + 4 */
    k.after = (((3.0f - t3) * t + 3.0f) * t + 1.0f) * sixth;   /* -3t^3 + 3t^2 + 3t + 1 */
    k.twoAfter = tt * t * sixth;                                /* t^3 */
    return k;
}

/* The four values weighted by k, summed in tap order. */
__device__ float splineBlend(const SplineTaps &k, float a, float b, float c, float d)
{
    return k.before * a + k.at * b + k.after * c + k.twoAfter * d;
}

/* Row y of the 4 x 4 neighbourhood, blended across x0 - 1 .. x0 + 2. */
__device__ float filterRow(cudaTextureObject_t image, const SplineTaps &kx, float x0, float y)
{
    return splineBlend(kx, tex2D<float>(image, x0 - 1.0f, y), tex2D<float>(image, x0, y),
                       tex2D<float>(image, x0 + 1.0f, y), tex2D<float>(image, x0 + 2.0f, y));
}

__device__ float bicubicSample(cudaTextureObject_t image, float u, float v)
{
    const float su = u - 0.5f, sv = v - 0.5f;        /* texel centres onto integers */
    const float wholeU = floorf(su), wholeV = floorf(sv);
    const SplineTaps kx = splineTaps(su - wholeU);
    const SplineTaps ky = splineTaps(sv - wholeV);
    const float top = filterRow(image, kx, wholeU, wholeV - 1.0f);
    const float upper = filterRow(image, kx, wholeU, wholeV);
    const float lower = filterRow(image, kx, wholeU, wholeV + 1.0f);
    const float bottom = filterRow(image, kx, wholeU, wholeV + 2.0f);
    return splineBlend(ky, top, upper, lower, bottom);
}

extern "C" __global__ void bicubic_magnify(uchar4 *out, unsigned int outW, unsigned int outH,
                                           float shiftX, float shiftY, float zoom,
                                           float centreX, float centreY,
                                           cudaTextureObject_t image)
{
    const unsigned int px = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
    const unsigned int py = __umul24(blockIdx.y, blockDim.y) + threadIdx.y;
    const unsigned int at = __umul24(py, outW) + px;
    const float u = (px - centreX) * zoom + centreX + shiftX;
    const float v = (py - centreY) * zoom + centreY + shiftY;
    if (px >= outW || py >= outH)
        return;
    const unsigned char level = (unsigned char)(bicubicSample(image, u, v) * 255.0f);
    out[at] = make_uchar4(level, level, level, 0);
}
