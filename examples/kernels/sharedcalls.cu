// Device functions that use shared memory (issue 22 item 1): a helper with
// its own static __shared__ array (nvcc declares it at module scope, next
// to the kernel's), and a helper that uses the launch's dynamic (extern)
// shared memory, which the kernel uses too. gpusim moves the helpers'
// arrays into each calling kernel's shared window when it links them
// (src/ptx/ptx_link.c); tests/unit/357-exec-device-calls.c checks the
// outputs against a C reference.
extern __shared__ int dyn[];

__device__ __noinline__ int block_sum(int v)
{
    __shared__ int partial[128];
    partial[threadIdx.x] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    int r = partial[0];
    __syncthreads();
    return r;
}

__device__ __noinline__ int dyn_neighbour(int v)
{
    dyn[threadIdx.x] = v * 3;
    __syncthreads();
    int r = dyn[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
    return r;
}

extern "C" __global__ void shared_calls(const int *in, int *out)
{
    __shared__ int mine[128];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    mine[threadIdx.x] = in[t] + 1;
    dyn[threadIdx.x] = -1;
    __syncthreads();
    int s = block_sum(in[t]);
    int d = dyn_neighbour(in[t]);
    out[4 * t] = s;
    out[4 * t + 1] = d;
    out[4 * t + 2] = mine[blockDim.x - 1 - threadIdx.x];
    out[4 * t + 3] = dyn[threadIdx.x];
}
