// CORR (PolyBench/GPU correlation.cu): the correlation matrix of M variables
// over N observations. data is (N+1) x (M+1) row-major and 1-based as in
// PolyBench/GPU; four kernels, as PolyBench/GPU launches them:
//   mean_kernel   thread per column j (256-thread blocks): column mean
//   std_kernel    thread per column j: column standard deviation (clamped)
//   reduce_kernel thread per element (32 x 8 blocks): centre and scale
//   corr_kernel   thread per column j1 (256-thread blocks): for every
//                 j2 > j1 the dot product of columns j1 and j2 over the N
//                 observations, written to symmat[j1][j2] and symmat[j2][j1]
// The bodies are PolyBench/GPU's, with its constants FLOAT_N = 3214212.01
// and EPS = 0.005 (double literals: `std[j] /= FLOAT_N` and the EPS compare
// are done in double, as C's conversions make them). M and N are parameters
// instead of macros. Sums are kept in mean[j] / std[j] / symmat[j1][j2] in
// memory each step, as in the original.
#define FLOAT_N 3214212.01
#define EPS 0.005

extern "C" __global__ void mean_kernel(float *mean, float *data, int m, int n)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
    if ((j >= 1) && (j < (m + 1))) {
        mean[j] = 0.0;
        for (int i = 1; i < (n + 1); i++)
            mean[j] += data[i * (m + 1) + j];
        mean[j] /= (float)FLOAT_N;
    }
}

extern "C" __global__ void std_kernel(float *mean, float *std, float *data, int m, int n)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
    if ((j >= 1) && (j < (m + 1))) {
        std[j] = 0.0;
        for (int i = 1; i < (n + 1); i++)
            std[j] += (data[i * (m + 1) + j] - mean[j]) * (data[i * (m + 1) + j] - mean[j]);
        std[j] /= (FLOAT_N);
        std[j] = sqrtf(std[j]);
        if (std[j] <= EPS)
            std[j] = 1.0;
    }
}

extern "C" __global__ void reduce_kernel(float *mean, float *std, float *data, int m, int n)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
    int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
    if ((i >= 1) && (i < (n + 1)) && (j >= 1) && (j < (m + 1))) {
        data[i * (m + 1) + j] -= mean[j];
        data[i * (m + 1) + j] /= (sqrtf(FLOAT_N) * std[j]);
    }
}

extern "C" __global__ void corr_kernel(float *symmat, float *data, int m, int n)
{
    int j1 = blockIdx.x * blockDim.x + threadIdx.x + 1;
    if ((j1 >= 1) && (j1 < m)) {
        symmat[j1 * (m + 1) + j1] = 1.0;
        for (int j2 = (j1 + 1); j2 < (m + 1); j2++) {
            symmat[j1 * (m + 1) + j2] = 0.0;
            for (int i = 1; i < (n + 1); i++)
                symmat[j1 * (m + 1) + j2] += data[i * (m + 1) + j1] * data[i * (m + 1) + j2];
            symmat[j2 * (m + 1) + j1] = symmat[j1 * (m + 1) + j2];
        }
    }
}
