// FWT models the CUDA SDK sample "fastWalshTransform": a dyadic (XOR)
// convolution of a float signal with a filter, done as Walsh-Hadamard
// transforms: transform the signal, transform the zero-padded filter,
// multiply the two spectra point by point (scaled by 1/N), and transform
// the product back (the transform is its own inverse up to that 1/N).
//
// Shape kept from the sample. A transform of N = 2^m floats is a series of
// radix-4 stages (a 4-point Walsh butterfly over elements q, q + s,
// q + 2s, q + 3s for stride s = N/4, N/16, ...):
//   walsh_radix4_pass    one stage over the whole array in global memory:
//                        256-thread blocks, one butterfly per thread, N/4
//                        threads (grid.y would select a batch); launched once
//                        per stage until the sub-transforms left are at most
//                        2^11 floats
//   walsh_chunk_stages   the remaining stages for each chunk of 2^chunk_log2
//                        floats (one block of chunk / 4 threads per chunk):
//                        the chunk is copied into dynamic shared memory, each
//                        stage behind a barrier, one butterfly per thread;
//                        a final radix-2 stage when chunk_log2 is odd; then the
//                        chunk is copied back out
//   walsh_modulate       signal[i] *= filter[i] * (1/N), grid-stride loop,
//                        launched as 128 blocks of 256 threads
// Every butterfly does its eight additions and subtractions in the same
// pairing (sums and differences of elements 0,2 and 1,3, then of those),
// written with __fadd_rn / __fsub_rn so nvcc keeps them as they are.

// q-th butterfly's first element for stride s: blocks of 4s elements, each
// holding s butterflies.
__device__ __forceinline__ int wh_first(int q, int s)
{
    return 4 * q - 3 * (q & (s - 1));
}

// In-place 4-point Walsh butterfly on (e0, e1, e2, e3). Each kernel loads
// and stores its four elements itself: a helper taking the arrays as
// pointers lets nvcc interleave the stores with the arithmetic (it must
// assume they may alias the loads), which changes the instruction order.
__device__ __forceinline__ void wh_butterfly(float &e0, float &e1, float &e2, float &e3)
{
    const float s02 = __fadd_rn(e0, e2), d02 = __fsub_rn(e0, e2);
    const float s13 = __fadd_rn(e1, e3), d13 = __fsub_rn(e1, e3);
    e0 = __fadd_rn(s02, s13);
    e1 = __fsub_rn(s02, s13);
    e2 = __fadd_rn(d02, d13);
    e3 = __fsub_rn(d02, d13);
}

// Block-strided copy of `count` floats.
__device__ __forceinline__ void wh_copy(float *to, const float *from, int count)
{
    for (int k = threadIdx.x; k < count; k += blockDim.x)
        to[k] = from[k];
}

extern "C" __global__ void walsh_radix4_pass(float *out, const float *in, int span)
{
    const int quads = blockDim.x * gridDim.x;              // butterflies per array
    const int batch = blockIdx.y * (quads * 4);
    const int q = blockIdx.x * blockDim.x + threadIdx.x;
    const int at = batch + wh_first(q, span);

    float e0 = in[at], e1 = in[at + span];
    float e2 = in[at + 2 * span], e3 = in[at + 3 * span];
    wh_butterfly(e0, e1, e2, e3);
    out[at] = e0;
    out[at + span] = e1;
    out[at + 2 * span] = e2;
    out[at + 3 * span] = e3;
}

extern "C" __global__ void walsh_chunk_stages(float *out, const float *in, int chunk_log2)
{
    extern __shared__ float chunk[];
    const int size = 1 << chunk_log2;
    const int offset = blockIdx.x << chunk_log2;

    wh_copy(chunk, in + offset, size);

    for (int s = size / 4; s >= 1; s /= 4) {
        const int at = wh_first(threadIdx.x, s);
        __syncthreads();
        float e0 = chunk[at], e1 = chunk[at + s];
        float e2 = chunk[at + 2 * s], e3 = chunk[at + 3 * s];
        wh_butterfly(e0, e1, e2, e3);
        chunk[at] = e0;
        chunk[at + s] = e1;
        chunk[at + 2 * s] = e2;
        chunk[at + 3 * s] = e3;
    }

    if (chunk_log2 & 1) {    // odd exponent: one last stage of 2-point butterflies
        __syncthreads();
        for (int k = threadIdx.x; k < size / 2; k += blockDim.x) {
            const float lo = chunk[2 * k], hi = chunk[2 * k + 1];
            chunk[2 * k] = __fadd_rn(lo, hi);
            chunk[2 * k + 1] = __fsub_rn(lo, hi);
        }
    }

    __syncthreads();
    wh_copy(out + offset, chunk, size);
}

extern "C" __global__ void walsh_modulate(float *signal, const float *filter, int n)
{
    const float inv_n = __frcp_rn((float)n);
    const int step = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        signal[i] = __fmul_rn(signal[i], __fmul_rn(filter[i], inv_n));
}
