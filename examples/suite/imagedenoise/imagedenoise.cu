/*
 * Image denoising (the CUDA SDK's imageDenoising, its KNN filter; seed 003
 * Table 7 type B): k-nearest-neighbour smoothing of an RGBA image read
 * through a texture, in the sample's shape; the project's own code.
 *
 * Each thread of an 8 x 8 block takes one pixel. It reads the pixel and the
 * 7 x 7 window around it with tex2D<float4> (an 8-bit RGBA texture read as
 * normalised floats, clamped addressing) and weights each window pixel by
 * exp(-(|colour difference|^2 / noise^2 + distance^2 / window area)) through
 * __expf. The weighted mean, normalised by the weights' sum, is blended
 * towards the original pixel by lerpC when few window pixels carry a weight
 * above the threshold (an edge) and by 1 - lerpC otherwise; the result is
 * clamped to [0, 1], scaled by 255 and packed into a uchar4 (alpha 0).
 *
 * Departures from the sample: the image is seeded random bytes where the
 * sample reads portrait_noise.bmp; the texture uses point filtering, which at
 * the texel centres the kernel fetches gives what the sample's linear
 * filtering gives; only the KNN filter runs (the sample also has NLM
 * variants, selected interactively).
 */
#define KNN_WINDOW_RADIUS 3
#define KNN_WINDOW_AREA ((2 * KNN_WINDOW_RADIUS + 1) * (2 * KNN_WINDOW_RADIUS + 1))
#define INV_KNN_WINDOW_AREA (1.0f / (float)KNN_WINDOW_AREA)
#define KNN_WEIGHT_THRESHOLD 0.02f
#define KNN_LERP_THRESHOLD 0.79f

__device__ float colourDistance(float4 a, float4 b)
{
    return (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y) + (b.z - a.z) * (b.z - a.z);
}

__device__ float lerpf(float a, float b, float c)
{
    return a + (b - a) * c;
}

__device__ unsigned int packColour(float r, float g, float b)
{
    return ((unsigned int)(__saturatef(b) * 255.0f) << 16) |
           ((unsigned int)(__saturatef(g) * 255.0f) << 8) |
           (unsigned int)(__saturatef(r) * 255.0f);
}

extern "C" __global__ void KNN(unsigned int *dst, int imageW, int imageH, float noise,
                               float lerpC, cudaTextureObject_t image)
{
    const int ix = blockDim.x * blockIdx.x + threadIdx.x;
    const int iy = blockDim.y * blockIdx.y + threadIdx.y;
    const float x = (float)ix + 0.5f;   /* texel centres */
    const float y = (float)iy + 0.5f;
    if (ix < imageW && iy < imageH) {
        float count = 0.0f, sumWeights = 0.0f;
        float3 clr = {0.0f, 0.0f, 0.0f};
        float4 clr00 = tex2D<float4>(image, x, y);
        for (float i = -KNN_WINDOW_RADIUS; i <= KNN_WINDOW_RADIUS; i++)
            for (float j = -KNN_WINDOW_RADIUS; j <= KNN_WINDOW_RADIUS; j++) {
                float4 clrIJ = tex2D<float4>(image, x + j, y + i);
                float distanceIJ = colourDistance(clr00, clrIJ);
                float weightIJ = __expf(-(distanceIJ * noise + (i * i + j * j) *
                                                              INV_KNN_WINDOW_AREA));
                clr.x += clrIJ.x * weightIJ;
                clr.y += clrIJ.y * weightIJ;
                clr.z += clrIJ.z * weightIJ;
                sumWeights += weightIJ;
                count += (weightIJ > KNN_WEIGHT_THRESHOLD) ? INV_KNN_WINDOW_AREA : 0.0f;
            }
        sumWeights = 1.0f / sumWeights;
        clr.x *= sumWeights;
        clr.y *= sumWeights;
        clr.z *= sumWeights;
        {
            float lerpQ = (count > KNN_LERP_THRESHOLD) ? lerpC : 1.0f - lerpC;
            clr.x = lerpf(clr.x, clr00.x, lerpQ);
            clr.y = lerpf(clr.y, clr00.y, lerpQ);
            clr.z = lerpf(clr.z, clr00.z, lerpQ);
        }
        dst[imageW * iy + ix] = packColour(clr.x, clr.y, clr.z);
    }
}
