// SPROD: scalar products of vector pairs (CUDA SDK "scalarProd", the CUDA
// 4.x version): each block takes whole vector pairs in a grid-stride loop
// (block vec, vec + gridDim.x, ...); its threads accumulate ACCUM_N partial
// sums, partial iAccum summing elements iAccum, iAccum + ACCUM_N, ... of the
// pair (coalesced streaming reads of A and B), then a shared-memory tree
// reduction with __syncthreads, and thread 0 writes the product.
// Launched as 128 blocks of 256 threads. sum += a * b is written as the
// fmaf nvcc -O3 contracts it to, so the C reference can mirror it.

#define ACCUM_N 1024

extern "C" __global__ void scalarProdGPU(float *d_C, const float *d_A, const float *d_B,
                                         int vectorN, int elementN)
{
    __shared__ float accumResult[ACCUM_N];
    for (int vec = blockIdx.x; vec < vectorN; vec += gridDim.x) {
        int vectorBase = elementN * vec;
        int vectorEnd = vectorBase + elementN;
        for (int iAccum = threadIdx.x; iAccum < ACCUM_N; iAccum += blockDim.x) {
            float sum = 0.0f;
            for (int pos = vectorBase + iAccum; pos < vectorEnd; pos += ACCUM_N)
                sum = fmaf(d_A[pos], d_B[pos], sum);
            accumResult[iAccum] = sum;
        }
        for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            for (int iAccum = threadIdx.x; iAccum < stride; iAccum += blockDim.x)
                accumResult[iAccum] = __fadd_rn(accumResult[iAccum],
                                                accumResult[stride + iAccum]);
        }
        if (threadIdx.x == 0)
            d_C[vec] = accumResult[0];
    }
}
