// BP (Rodinia backprop, backprop_cuda_kernel.cu): one training step of a
// 3-layer network (in inputs, hid = 16 hidden units, 1 output).
//   bpnn_layerforward_CUDA: Rodinia's kernel, 16 x 16 blocks on a 1 x
//     (in / 16) grid: each block stages 16 inputs and a 16 x 16 tile of
//     the input->hidden weights in shared memory, multiplies, tree-reduces
//     the tile's columns (log2(16) steps, __syncthreads between), writes
//     the products back over the weights and one partial sum per hidden
//     unit per block.
//   Between the two kernels Rodinia's host code (hidden units from the
//     partial sums, the hidden->output layer, output and hidden error, the
//     hidden->output weight adjustment) runs on the host, as in Rodinia: the
//     workload's `host bpnn_train_host` step (src/host/routine_bpnn.c).
//   bpnn_adjust_weights_cuda: Rodinia's kernel, same launch shape, updates
//     the input->hidden weights with momentum. ETA and MOMENTUM are the
//     double constants 0.3 of the original, so it computes in f64.
// Rodinia copies the original weights to the device again before adjusting
// (layerforward overwrote them); the workload gives the adjust kernel its
// own buffer initialised identically.
#define WIDTH 16
#define HEIGHT 16
#define ETA 0.3
#define MOMENTUM 0.3

extern "C" __global__ void bpnn_layerforward_CUDA(const float *input_cuda,
                                                  float *output_hidden_cuda,
                                                  float *input_hidden_cuda,
                                                  float *hidden_partial_sum, int in, int hid)
{
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
    int index_in = HEIGHT * by + ty + 1;
    __shared__ float input_node[HEIGHT];
    __shared__ float weight_matrix[HEIGHT][WIDTH];
    if (tx == 0)
        input_node[ty] = input_cuda[index_in];
    __syncthreads();
    weight_matrix[ty][tx] = input_hidden_cuda[index];
    __syncthreads();
    weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];
    __syncthreads();
    for (int i = 1; i <= __log2f(HEIGHT); i++) {
        int power_two = __powf(2, i);
        if (ty % power_two == 0)
            weight_matrix[ty][tx] = weight_matrix[ty][tx] + weight_matrix[ty + power_two / 2][tx];
        __syncthreads();
    }
    input_hidden_cuda[index] = weight_matrix[ty][tx];
    __syncthreads();
    if (tx == 0)
        hidden_partial_sum[by * hid + ty] = weight_matrix[tx][ty];
}

extern "C" __global__ void bpnn_adjust_weights_cuda(const float *delta, int hid, const float *ly,
                                                    int in, float *w, float *oldw)
{
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
    int index_y = HEIGHT * by + ty + 1;
    int index_x = tx + 1;
    w[index] += ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));
    oldw[index] = ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));
    __syncthreads();
    if (ty == 0 && by == 0) {
        w[index_x] += ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
        oldw[index_x] = ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
    }
}
