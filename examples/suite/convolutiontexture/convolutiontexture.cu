// convolutionTexture (CUDA SDK): a separable 17-tap convolution of a float
// image read through a 2-D texture, as the SDK sample does it: the row pass
// samples the source image's texture at (x + k, y), the column pass the
// row result's texture at (x, y + k), each texel fetched at its centre with
// point filtering and clamped addressing, so the image edges repeat; the
// taps are in constant memory. The project's own code in the sample's
// shape: 16 x 12 threads a block, one output pixel a thread, both passes
// unrolled over the 17 taps (KERNEL_RADIUS 8).
#include <cuda_runtime.h>

#define KERNEL_RADIUS 8
#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)

// A fixed, normalised smoothing kernel (the sample draws random taps on
// the host; a workload file has no host code, so the taps are constants).
__constant__ float c_Kernel[KERNEL_LENGTH] = {
    0.0010f, 0.0030f, 0.0080f, 0.0180f, 0.0350f, 0.0590f, 0.0860f, 0.1090f, 0.1220f,
    0.1090f, 0.0860f, 0.0590f, 0.0350f, 0.0180f, 0.0080f, 0.0030f, 0.0010f
};

extern "C" __global__ void convolutionRowsKernel(float *d_Dst, cudaTextureObject_t texSrc,
                                                 int imageW, int imageH)
{
    const int ix = blockIdx.x * blockDim.x + threadIdx.x;
    const int iy = blockIdx.y * blockDim.y + threadIdx.y;
    const float x = (float)ix + 0.5f;
    const float y = (float)iy + 0.5f;
    if (ix >= imageW || iy >= imageH) return;
    float sum = 0;
#pragma unroll
    for (int k = -KERNEL_RADIUS; k <= KERNEL_RADIUS; k++)
        sum += tex2D<float>(texSrc, x + (float)k, y) * c_Kernel[KERNEL_RADIUS - k];
    d_Dst[iy * imageW + ix] = sum;
}

extern "C" __global__ void convolutionColumnsKernel(float *d_Dst, cudaTextureObject_t texSrc,
                                                    int imageW, int imageH)
{
    const int ix = blockIdx.x * blockDim.x + threadIdx.x;
    const int iy = blockIdx.y * blockDim.y + threadIdx.y;
    const float x = (float)ix + 0.5f;
    const float y = (float)iy + 0.5f;
    if (ix >= imageW || iy >= imageH) return;
    float sum = 0;
#pragma unroll
    for (int k = -KERNEL_RADIUS; k <= KERNEL_RADIUS; k++)
        sum += tex2D<float>(texSrc, x, y + (float)k) * c_Kernel[KERNEL_RADIUS - k];
    d_Dst[iy * imageW + ix] = sum;
}
