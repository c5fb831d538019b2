// 2MM: two chained matrix multiplications, PolyBench/GPU "2mm" (2mm.cu):
// mm2_first_product computes C += A x B, mm2_second_product then E += C x D
// (they model PolyBench's mm2_kernel1 and mm2_kernel2). One thread per
// output element, j from x and i from y, blocks of 32 x 8 threads; each
// thread walks row i of the left matrix (the same address across a warp:
// broadcast) and column j of the right one (coalesced), updating its output
// element in global memory every k as PolyBench writes it (C[..] += a * b;
// nvcc keeps the load-free running value but must store each step since
// the arrays may alias). a * b + c is written as the fmaf nvcc contracts it
// to, so the C reference mirrors the PTX.

extern "C" __global__ void mm2_first_product(const float *A, const float *B, float *C, int ni,
                                             int nj,
                                             int nk)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if ((i < ni) && (j < nj)) {
        for (int k = 0; k < nk; k++)
            C[i * nj + j] = fmaf(A[i * nk + k], B[k * nj + j], C[i * nj + j]);
    }
}

extern "C" __global__ void mm2_second_product(const float *C, const float *D, float *E, int ni,
                                              int nl,
                                              int nj)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if ((i < ni) && (j < nl)) {
        for (int k = 0; k < nj; k++)
            E[i * nl + j] = fmaf(C[i * nj + k], D[k * nl + j], E[i * nl + j]);
    }
}
