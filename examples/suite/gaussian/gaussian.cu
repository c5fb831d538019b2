// Gaussian (Rodinia gaussian): forward elimination of a dense n x n system a
// x = b, without pivoting, as Rodinia runs it: for each step t,
// gauss_multipliers (one thread per row below t, 512-thread blocks) computes
// the multipliers m[i][t] = a[i][t] / a[t][t], and gauss_eliminate (4 x 4
// thread blocks over the whole matrix, as Rodinia's BLOCK_SIZE_XY) subtracts
// m[i][t] times row t from every row i below it, b included. Departure:
// Rodinia passes t as a kernel argument from its host loop; here the loop is
// the workload's repeat, so the kernels read t from step[0] and gaussAdvance
// increments it. gauss_multipliers and gauss_eliminate model Rodinia's Fan1
// and Fan2.
extern "C" __global__ void gauss_multipliers(float *m, const float *a, int n, const int *step)
{
    int t = step[0];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n - 1 - t)
        return;
    m[n * (i + t + 1) + t] = a[n * (i + t + 1) + t] / a[n * t + t];
}

extern "C" __global__ void gauss_eliminate(const float *m, float *a, float *b, int n,
                                           const int *step)
{
    int t = step[0];
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= n - 1 - t || y >= n - t)
        return;
    a[n * (x + 1 + t) + (y + t)] -= m[n * (x + 1 + t) + t] * a[n * t + (y + t)];
    if (y == 0)
        b[x + 1 + t] -= m[n * (x + 1 + t) + (y + t)] * b[t];
}

extern "C" __global__ void gaussAdvance(int *step)
{
    step[0] += 1;
}

// The input's diagonal raised by diag[i] (a diagonally dominant system).
extern "C" __global__ void gaussDiagonal(float *a, const float *diag, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[n * i + i] += diag[i];
}
