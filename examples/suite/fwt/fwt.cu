// FWT: fast Walsh-Hadamard transform, dyadic convolution of a data vector
// with a kernel (CUDA SDK "fastWalshTransform"): forward FWT of the data and
// of the zero-padded kernel, point-wise modulation, inverse FWT of the data.
// One FWT of 2^log2N floats is a sequence of global radix-4 passes
// (fwtBatch2Kernel, 256-thread blocks, each thread a 4-point butterfly with
// stride N/4, N/16, ... down to 2^ELEMENTARY_LOG2SIZE / 4 ... as the SDK host
// loop runs them), then fwtBatch1Kernel: one block of N/4 threads per
// 2^11-element chunk, the remaining stages in dynamic shared memory (radix-4
// stages, then one radix-2 stage since 11 is odd). modulateKernel<<<128,256>>>
// scales by 1/N. The large arrays pass between the kernels through L2/DRAM.
// Butterflies use explicit __fadd_rn/__fsub_rn in the SDK's order.

#define ELEMENTARY_LOG2SIZE 11

extern "C" __global__ void fwtBatch1Kernel(float *d_Output, const float *d_Input, int log2N)
{
    const int n = 1 << log2N;
    const int base = blockIdx.x << log2N;
    extern __shared__ float s_data[];
    const float *d_Src = d_Input + base;
    float *d_Dst = d_Output + base;

    for (int pos = threadIdx.x; pos < n; pos += blockDim.x)
        s_data[pos] = d_Src[pos];

    // Main radix-4 stages
    const int pos = threadIdx.x;
    for (int stride = n >> 2; stride > 0; stride >>= 2) {
        int lo = pos & (stride - 1);
        int i0 = ((pos - lo) << 2) + lo;
        int i1 = i0 + stride;
        int i2 = i1 + stride;
        int i3 = i2 + stride;
        __syncthreads();
        float d0 = s_data[i0];
        float d1 = s_data[i1];
        float d2 = s_data[i2];
        float d3 = s_data[i3];
        float t;
        t = d0; d0 = __fadd_rn(d0, d2); d2 = __fsub_rn(t, d2);
        t = d1; d1 = __fadd_rn(d1, d3); d3 = __fsub_rn(t, d3);
        t = d0; s_data[i0] = __fadd_rn(d0, d1); s_data[i1] = __fsub_rn(t, d1);
        t = d2; s_data[i2] = __fadd_rn(d2, d3); s_data[i3] = __fsub_rn(t, d3);
    }

    // Single radix-2 stage for an odd power of two
    if (log2N & 1) {
        __syncthreads();
        for (int p = threadIdx.x; p < n / 2; p += blockDim.x) {
            int i0 = p << 1;
            int i1 = i0 + 1;
            float d0 = s_data[i0];
            float d1 = s_data[i1];
            s_data[i0] = __fadd_rn(d0, d1);
            s_data[i1] = __fsub_rn(d0, d1);
        }
    }

    __syncthreads();
    for (int p = threadIdx.x; p < n; p += blockDim.x)
        d_Dst[p] = s_data[p];
}

extern "C" __global__ void fwtBatch2Kernel(float *d_Output, const float *d_Input, int stride)
{
    const int pos = blockIdx.x * blockDim.x + threadIdx.x;
    const int n = blockDim.x * gridDim.x * 4;
    const float *d_Src = d_Input + blockIdx.y * n;
    float *d_Dst = d_Output + blockIdx.y * n;

    int lo = pos & (stride - 1);
    int i0 = ((pos - lo) << 2) + lo;
    int i1 = i0 + stride;
    int i2 = i1 + stride;
    int i3 = i2 + stride;

    float d0 = d_Src[i0];
    float d1 = d_Src[i1];
    float d2 = d_Src[i2];
    float d3 = d_Src[i3];

    float t;
    t = d0; d0 = __fadd_rn(d0, d2); d2 = __fsub_rn(t, d2);
    t = d1; d1 = __fadd_rn(d1, d3); d3 = __fsub_rn(t, d3);
    d_Dst[i0] = __fadd_rn(d0, d1);
    d_Dst[i1] = __fsub_rn(d0, d1);
    d_Dst[i2] = __fadd_rn(d2, d3);
    d_Dst[i3] = __fsub_rn(d2, d3);
}

extern "C" __global__ void modulateKernel(float *d_A, const float *d_B, int n)
{
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    int numThreads = blockDim.x * gridDim.x;
    float rcpN = __frcp_rn((float)n);
    for (int pos = tid; pos < n; pos += numThreads)
        d_A[pos] = __fmul_rn(d_A[pos], __fmul_rn(d_B[pos], rcpN));
}
