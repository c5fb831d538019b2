// HS: HotSpot thermal simulation (Rodinia "hotspot", hotspot.cu). A grid of
// 16 x 16 blocks, each loading an overlapping 16 x 16 tile of temperature and
// power into shared memory and running `iteration` (pyramid height) stencil
// steps in shared memory, shrinking the valid region by one cell per step,
// then writing its inner (16 - 2 * iteration)^2 cells. The host ping-pongs
// two temperature arrays, one launch per pyramid of steps.
//
// Rodinia's arithmetic is kept, including its double-precision promotion
// (2.0 * temp is a double), written with explicit intrinsics in the order of
// the C expression: where C has x - 2.0 * t or a * b + c we write the fma nvcc
// -O3 contracts it to. tests/unit/214-suite-hs.c mirrors the PTX.

#define BLOCK_SIZE 16
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))

extern "C" __global__ void calculate_temp(int iteration, const float *power,
                                          const float *temp_src, float *temp_dst,
                                          int grid_cols, int grid_rows, int border_cols,
                                          int border_rows, float Cap, float Rx, float Ry,
                                          float Rz, float step, float time_elapsed)
{
    __shared__ float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float temp_t[BLOCK_SIZE][BLOCK_SIZE];

    float amb_temp = 80.0f;
    int bx = blockIdx.x;
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    float step_div_Cap = __fdiv_rn(step, Cap);
    float Rx_1 = __frcp_rn(Rx);
    float Ry_1 = __frcp_rn(Ry);
    float Rz_1 = __frcp_rn(Rz);

    int small_block_rows = BLOCK_SIZE - iteration * 2;
    int small_block_cols = BLOCK_SIZE - iteration * 2;
    int blkY = small_block_rows * by - border_rows;
    int blkX = small_block_cols * bx - border_cols;
    int blkYmax = blkY + BLOCK_SIZE - 1;
    int blkXmax = blkX + BLOCK_SIZE - 1;
    int yidx = blkY + ty;
    int xidx = blkX + tx;
    int loadYidx = yidx, loadXidx = xidx;
    int index = grid_cols * loadYidx + loadXidx;

    if (IN_RANGE(loadYidx, 0, grid_rows - 1) && IN_RANGE(loadXidx, 0, grid_cols - 1)) {
        temp_on_cuda[ty][tx] = temp_src[index];
        power_on_cuda[ty][tx] = power[index];
    }
    __syncthreads();

    int validYmin = (blkY < 0) ? -blkY : 0;
    int validYmax = (blkYmax > grid_rows - 1) ? BLOCK_SIZE - 1 - (blkYmax - grid_rows + 1)
                                              : BLOCK_SIZE - 1;
    int validXmin = (blkX < 0) ? -blkX : 0;
    int validXmax = (blkXmax > grid_cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - grid_cols + 1)
                                              : BLOCK_SIZE - 1;
    int N = ty - 1;
    int S = ty + 1;
    int W = tx - 1;
    int E = tx + 1;
    N = (N < validYmin) ? validYmin : N;
    S = (S > validYmax) ? validYmax : S;
    W = (W < validXmin) ? validXmin : W;
    E = (E > validXmax) ? validXmax : E;

    bool computed;
    for (int i = 0; i < iteration; i++) {
        computed = false;
        if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && IN_RANGE(ty, i + 1, BLOCK_SIZE - i - 2) &&
            IN_RANGE(tx, validXmin, validXmax) && IN_RANGE(ty, validYmin, validYmax)) {
            computed = true;
            float t = temp_on_cuda[ty][tx];
            double ns = fma(-2.0, (double)t,
                            (double)__fadd_rn(temp_on_cuda[S][tx], temp_on_cuda[N][tx]));
            double ew = fma(-2.0, (double)t,
                            (double)__fadd_rn(temp_on_cuda[ty][E], temp_on_cuda[ty][W]));
            double sum = fma(ns, (double)Ry_1, (double)power_on_cuda[ty][tx]);
            sum = fma(ew, (double)Rx_1, sum);
            sum = __dadd_rn(sum, (double)__fmul_rn(__fsub_rn(amb_temp, t), Rz_1));
            temp_t[ty][tx] = (float)fma((double)step_div_Cap, sum, (double)t);
        }
        __syncthreads();
        if (i == iteration - 1)
            break;
        if (computed)
            temp_on_cuda[ty][tx] = temp_t[ty][tx];
        __syncthreads();
    }

    if (computed)
        temp_dst[index] = temp_t[ty][tx];
}
