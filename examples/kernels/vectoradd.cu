// vectorAdd: C[i] = A[i] + B[i] for i < n, one thread per element.
// The simplest global-memory streaming kernel (gpusim functional test 080).
extern "C" __global__ void vectorAdd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}
