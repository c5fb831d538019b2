// Float arithmetic coverage: fused multiply-add, IEEE division and square
// root, and the fast approximate intrinsics __expf, __sinf, __cosf and __logf
// (ex2/sin/cos/lg2 .approx in PTX). Five results per element, written to
// five output arrays so each operation can be checked on its own.
extern "C" __global__ void floatOps(const float *x, const float *y, float *fmaOut,
                                    float *divOut, float *sqrtOut, float *transOut,
                                    float *logOut, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float a = x[i];
        float b = y[i];
        fmaOut[i] = fmaf(a, b, 0.5f);
        divOut[i] = a / b;
        sqrtOut[i] = sqrtf(fabsf(a) + 1.0f);
        transOut[i] = __expf(a) + __sinf(b) * __cosf(a);
        logOut[i] = __logf(fabsf(b) + 2.0f);
    }
}
