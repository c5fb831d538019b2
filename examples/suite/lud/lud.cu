// LUD (Rodinia lud): in-place LU decomposition without pivoting (L unit
// lower, U upper, both in the matrix) of an n x n matrix in 16 x 16 tiles,
// with Rodinia's kernel structure (its lud_diagonal, lud_perimeter and
// lud_internal are lud_factor_corner, lud_solve_edges and lud_update_trailing
// here): per tile step t, lud_factor_corner (one block) factors the diagonal
// tile in shared memory; lud_solve_edges (a block per tile of row t and
// column t, 32 threads) solves the row tiles for U and the column tiles for
// L against it; lud_update_trailing (a 16 x 16 block per tile below and
// right of it) subtracts the product of its L and U tiles, both staged in
// shared memory. A last lud_factor_corner factors the final tile. The
// kernels are gpusim's own; the tile step comes from step[0] (the workload's
// repeat is Rodinia's host loop), and ludAdvance increments it. Departure:
// Rodinia sizes the perimeter and internal grids to the tiles left at each
// step; a workload's grid is fixed, so they are launched for the first
// step's tiles and the blocks past the tiles left exit at once.
#define LUD_T 16

extern "C" __global__ void lud_factor_corner(float *a, int n, const int *step)
{
    __shared__ float d[LUD_T][LUD_T];
    int t = step[0] * LUD_T, r = threadIdx.x;
    for (int c = 0; c < LUD_T; c++)
        d[r][c] = a[(t + r) * n + t + c];
    __syncthreads();
    for (int k = 0; k < LUD_T - 1; k++) {
        if (r > k)
            d[r][k] = d[r][k] / d[k][k];
        __syncthreads();
        if (r > k)
            for (int c = k + 1; c < LUD_T; c++)
                d[r][c] = d[r][c] - d[r][k] * d[k][c];
        __syncthreads();
    }
    for (int c = 0; c < LUD_T; c++)
        a[(t + r) * n + t + c] = d[r][c];
}

// Block b: threads 0-15 solve column tx of row tile (t, t+1+b) for U
// (forward substitution with the unit L of the diagonal tile); threads 16-31
// solve row tx-16 of column tile (t+1+b, t) for L (against U's columns).
extern "C" __global__ void lud_solve_edges(float *a, int n, const int *step)
{
    __shared__ float d[LUD_T][LUD_T];
    __shared__ float row[LUD_T][LUD_T];
    __shared__ float col[LUD_T][LUD_T];
    int t = step[0] * LUD_T, o = t + LUD_T * (1 + blockIdx.x), x = threadIdx.x;
    int i = x % LUD_T;
    if (o >= n)
        return;
    for (int c = 0; c < LUD_T; c++) {
        if (x < LUD_T) {
            d[i][c] = a[(t + i) * n + t + c];
            row[i][c] = a[(t + i) * n + o + c];
        } else {
            col[i][c] = a[(o + i) * n + t + c];
        }
    }
    __syncthreads();
    if (x < LUD_T) {
        for (int r = 1; r < LUD_T; r++) {
            float v = row[r][i];
            for (int q = 0; q < r; q++)
                v = v - d[r][q] * row[q][i];
            row[r][i] = v;
        }
        for (int r = 0; r < LUD_T; r++)
            a[(t + r) * n + o + i] = row[r][i];
    } else {
        for (int c = 0; c < LUD_T; c++) {
            float v = col[i][c];
            for (int q = 0; q < c; q++)
                v = v - col[i][q] * d[q][c];
            col[i][c] = v / d[c][c];
        }
        for (int c = 0; c < LUD_T; c++)
            a[(o + i) * n + t + c] = col[i][c];
    }
}

extern "C" __global__ void lud_update_trailing(float *a, int n, const int *step)
{
    __shared__ float l[LUD_T][LUD_T];
    __shared__ float u[LUD_T][LUD_T];
    int t = step[0] * LUD_T, tx = threadIdx.x, ty = threadIdx.y;
    int bi = t + LUD_T * (1 + blockIdx.y), bj = t + LUD_T * (1 + blockIdx.x);
    if (bi >= n || bj >= n)
        return;
    l[ty][tx] = a[(bi + ty) * n + t + tx];
    u[ty][tx] = a[(t + ty) * n + bj + tx];
    __syncthreads();
    float sum = 0.0f;
    for (int q = 0; q < LUD_T; q++)
        sum += l[ty][q] * u[q][tx];
    a[(bi + ty) * n + bj + tx] -= sum;
}

extern "C" __global__ void ludAdvance(int *step)
{
    step[0] += 1;
}

// The input's diagonal raised by diag[i] (diagonally dominant: no pivoting needed).
extern "C" __global__ void ludBoost(float *a, const float *diag, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[n * i + i] += diag[i];
}
