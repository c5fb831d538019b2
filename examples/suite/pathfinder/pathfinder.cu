// PathFinder (Rodinia's dynamic-programming grid walk), the project's own
// CUDA: the cheapest path from the top row of a wall of weights to each
// bottom cell, moving down, down-left or down-right. Each block owns
// PF_BLOCK columns in shared memory and advances `iteration` rows per
// launch (the pyramid): a row's halo of one column each side is lost per
// row, so a block writes PF_BLOCK - 2 * iteration columns, and neighbouring
// blocks overlap by 2 * iteration columns. Same thread mapping, shared
// arrays and launch shape as Rodinia's dynproc_kernel.
#define PF_BLOCK 256

__device__ __forceinline__ int in_range(int x, int lo, int hi)
{
    return x >= lo && x <= hi;
}

extern "C" __global__ void dynproc_kernel(int iteration, const int *wall, const int *src,
                                          int *dst, int cols, int rows, int start_step,
                                          int border)
{
    __shared__ int prev[PF_BLOCK];
    __shared__ int result[PF_BLOCK];
    int tx = threadIdx.x;
    int kept = PF_BLOCK - iteration * 2;                 // columns this block writes
    int first = kept * blockIdx.x - border;              // the block's leftmost column
    int last = first + PF_BLOCK - 1;
    int x = first + tx;
    int valid_lo = first < 0 ? -first : 0;               // lanes inside the wall
    int valid_hi = last > cols - 1 ? PF_BLOCK - 1 - (last - cols + 1) : PF_BLOCK - 1;
    int west = tx - 1 < valid_lo ? valid_lo : tx - 1;
    int east = tx + 1 > valid_hi ? valid_hi : tx + 1;
    int valid = in_range(tx, valid_lo, valid_hi);
    int computed = 0;
    (void)rows;
    if (in_range(x, 0, cols - 1))
        prev[tx] = src[x];
    __syncthreads();
    for (int i = 0; i < iteration; i++) {
        computed = 0;
        if (in_range(tx, i + 1, PF_BLOCK - i - 2) && valid) {
            int shortest = min(min(prev[west], prev[tx]), prev[east]);
            result[tx] = shortest + wall[cols * (start_step + i) + x];
            computed = 1;
        }
        __syncthreads();
        if (i == iteration - 1)
            break;
        if (computed)
            prev[tx] = result[tx];
        __syncthreads();
    }
    if (computed)
        dst[x] = result[tx];
}
