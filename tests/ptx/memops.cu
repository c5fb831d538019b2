// Memory test kernel for the PTX loader: vector loads/stores, shared memory
// with a barrier, atomics in global and shared memory, constant memory.
__constant__ float scale[4] = {0.5f, 1.0f, 2.0f, 4.0f};
__device__ unsigned int total;

__global__ void memops(const float4 *in, float4 *out, unsigned int *hist, int n)
{
    __shared__ unsigned int bins[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < 64)
        bins[threadIdx.x] = 0;
    __syncthreads();
    if (i < n) {
        float4 v = in[i];
        float s = scale[i & 3];
        v.x *= s; v.y *= s; v.z *= s; v.w *= s;
        out[i] = v;
        atomicAdd(&bins[((unsigned)v.x) & 63], 1u);
        atomicMax(&total, (unsigned)i);
        atomicCAS(&hist[0], 0u, (unsigned)i);
        atomicExch(&hist[1], (unsigned)i);
        atomicMin(&hist[2], (unsigned)i);
        atomicOr(&hist[3], (unsigned)i);
    }
    __syncthreads();
    if (threadIdx.x < 64)
        atomicAdd(&hist[4 + threadIdx.x], bins[threadIdx.x]);
}
