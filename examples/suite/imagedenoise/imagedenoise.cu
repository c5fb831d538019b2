/*
 * Image denoising (the CUDA SDK's imageDenoising, its KNN filter; seed 003
 * Table 7 type B): k-nearest-neighbour smoothing of an RGBA image read
 * through a texture, in the sample's shape; the project's own code.
 * denoise_window_blend models the sample's KNN kernel.
 *
 * Each thread of an 8 x 8 block takes one pixel. It reads the pixel and the
 * 7 x 7 window around it with tex2D<float4> (an 8-bit RGBA texture read as
 * normalised floats, clamped addressing) and weights each window pixel by
 * exp(-(|colour difference|^2 / noise^2 + distance^2 / window area)) through
 * __expf. The weighted mean, normalised by the weights' sum, moves towards
 * the original pixel by lerpC where more than 79% of the window carries a
 * weight above 0.02 (a flat region) and by 1 - lerpC elsewhere (an edge);
 * the result is clamped to [0, 1], scaled by 255 and packed into a uchar4
 * (alpha 0).
 *
 * Departures from the sample: the image is seeded random bytes where the
 * sample reads portrait_noise.bmp; the texture uses point filtering, which at
 * the texel centres the kernel fetches gives what the sample's linear
 * filtering gives; only the KNN filter runs (the sample also has NLM
 * variants, selected interactively); each channel is clamped to [0, 1]
 * before it becomes a byte, where the sample converts it unclamped.
 */
#define RADIUS 3                                   /* the window is 7 x 7 */
#define WINDOW_PIXELS ((2 * RADIUS + 1) * (2 * RADIUS + 1))
#define PER_PIXEL (1.0f / (float)WINDOW_PIXELS)
#define STRONG_WEIGHT 0.02f                         /* a window pixel "like" the centre */
#define FLAT_SHARE 0.79f                            /* share of like pixels: no edge here */

struct rgb_sum {
    float r, g, b;
};

/* Squared RGB distance between two texels (alpha ignored). */
__device__ float rgbDistance2(float4 p, float4 q)
{
    float dr = q.x - p.x, dg = q.y - p.y, db = q.z - p.z;
    return dr * dr + dg * dg + db * db;
}

__device__ unsigned int toByte(float v)
{
    return (unsigned int)(__saturatef(v) * 255.0f);
}

extern "C" __global__ void denoise_window_blend(unsigned int *dst, int imageW, int imageH,
                                                float noise,
                                                float lerpC, cudaTextureObject_t image)
{
    const int px = blockIdx.x * blockDim.x + threadIdx.x;
    const int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= imageW || py >= imageH)
        return;
    const float cx = (float)px + 0.5f, cy = (float)py + 0.5f;   /* texel centre */
    const float4 centre = tex2D<float4>(image, cx, cy);
    rgb_sum acc = {0.0f, 0.0f, 0.0f};
    float total = 0.0f, likeShare = 0.0f;

    for (float dy = -RADIUS; dy <= RADIUS; dy++) {
        for (float dx = -RADIUS; dx <= RADIUS; dx++) {
            const float4 p = tex2D<float4>(image, cx + dx, cy + dy);
            /* similar colour and nearness both raise the weight */
            const float w = __expf(-(rgbDistance2(centre, p) * noise +
                                     (dy * dy + dx * dx) * PER_PIXEL));
            acc.r += p.x * w;
            acc.g += p.y * w;
            acc.b += p.z * w;
            total += w;
            likeShare += (w > STRONG_WEIGHT) ? PER_PIXEL : 0.0f;
        }
    }
    const float norm = 1.0f / total;
    acc.r *= norm;
    acc.g *= norm;
    acc.b *= norm;
    /* flat regions keep more of the mean, edges more of the pixel */
    const float keep = (likeShare > FLAT_SHARE) ? lerpC : 1.0f - lerpC;
    acc.r += (centre.x - acc.r) * keep;
    acc.g += (centre.y - acc.g) * keep;
    acc.b += (centre.z - acc.b) * keep;
    dst[imageW * py + px] = toByte(acc.b) << 16 | toByte(acc.g) << 8 | toByte(acc.r);
}
