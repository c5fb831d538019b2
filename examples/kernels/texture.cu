// Textures and surfaces as CUDA programs use them (issue 22 item 3): each
// kernel samples a texture object at per-thread coordinates, or reads and
// writes surfaces, and stores all four components it got. The workload
// tests/workload/texture.gsw runs them over random texels and coordinates;
// tests/device/texture_driver.cu ran the same kernels on the same inputs on
// an H200, and gpusim must give the same bytes (tests/test_ptx_programs.py).
#include <cuda_runtime.h>

// tex2D<float4>: filtering, address modes, normalised coordinates and
// reads as the texture object says; also the components a 1- or 2-channel
// texture does not have.
extern "C" __global__ void sample2d(cudaTextureObject_t t, const float *u, const float *v,
                                    float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<float4>(t, u[i], v[i]);
}

// tex2D<int4> of integer texels read as integers.
extern "C" __global__ void sample2d_int(cudaTextureObject_t t, const float *u, const float *v,
                                        int4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<int4>(t, u[i], v[i]);
}

// tex1D<float4> and tex1Dfetch<float4> (linear memory, integer index, 0
// outside the bound range).
extern "C" __global__ void sample1d(cudaTextureObject_t t, const float *u, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1D<float4>(t, u[i]);
}

extern "C" __global__ void fetch1d(cudaTextureObject_t t, float4 *out, int n, int first)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<float4>(t, first + i);
}

// tex3D<float4> and tex2DLayered<float4> (the layer from w, truncated).
extern "C" __global__ void sample3d(cudaTextureObject_t t, const float *u, const float *v,
                                    const float *w, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex3D<float4>(t, u[i], v[i], w[i]);
}

extern "C" __global__ void sample_layered(cudaTextureObject_t t, const float *u,
                                          const float *v, const float *w, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2DLayered<float4>(t, u[i], v[i], (int)w[i]);
}

// tex2Dgather<float4> of each component in turn (tld4.r/.g/.b/.a).
extern "C" __global__ void gather(cudaTextureObject_t t, const float *u, const float *v,
                                  float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[4 * i + 0] = tex2Dgather<float4>(t, u[i], v[i], 0);
        out[4 * i + 1] = tex2Dgather<float4>(t, u[i], v[i], 1);
        out[4 * i + 2] = tex2Dgather<float4>(t, u[i], v[i], 2);
        out[4 * i + 3] = tex2Dgather<float4>(t, u[i], v[i], 3);
    }
}

// Surfaces: thread (x, y) writes a value computed from texel (x, y) of `in`
// and its right neighbour read with clamping, and reads a texel `shift`
// bytes out of range with zeroing (.zero), into `out`.
extern "C" __global__ void surface_rw(cudaSurfaceObject_t in, cudaSurfaceObject_t out,
                                      int *zeroed, int width, int height, int shift)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= width || y >= height) return;
    int a = surf2Dread<int>(in, x * 4, y);
    int b = surf2Dread<int>(in, (x + 1) * 4, y, cudaBoundaryModeClamp);
    surf2Dwrite(a * 3 - b, out, x * 4, y);
    zeroed[y * width + x] = surf2Dread<int>(in, x * 4 + shift, y - 1, cudaBoundaryModeZero);
}
