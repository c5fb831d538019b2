// VADD (CUDA SDK vectorAdd): C[i] = A[i] + B[i] for i < numElements, one
// thread per element, 256 threads per block, ceil(n / 256) blocks, exactly
// the SDK sample's kernel and launch shape. A pure streaming kernel: every
// byte is read or written once (seed-000 group "Streaming L1/L2", seed-002
// LIL: no inter-core locality). vadd_elements models the SDK's vectorAdd.
extern "C" __global__ void vadd_elements(const float *A, const float *B, float *C,
                                         int numElements)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < numElements)
        C[i] = A[i] + B[i] + 0.0f;
}
