// NN: models the neural-network digit recogniser of the GPGPU-Sim ISPASS-2009
// benchmark set (seed-000 Table 4.2 item 22): the forward pass of a
// LeCun-style convolutional network over 29 x 29 images (the network of
// Mike O'Neill's CodeProject article), one image per grid row (blockIdx.y),
// as the benchmark's four layer kernels, launched in turn:
//   nn_conv_layer1  grid (6, N), block (13, 13): one thread per output pixel;
//                   a 5 x 5 window at stride 2 over the image, one bias and
//                   25 weights per map -> 6 maps of 13 x 13.
//   nn_conv_layer2  grid (50, N), block (5, 5): a 5 x 5 window at stride 2
//                   over all 6 maps of layer 1 at once -> 50 maps of 5 x 5.
//   nn_full_layer3  grid (100, N), block (1, 1): one single-thread block per
//                   neuron, fully connected to the 1250 outputs of layer 2.
//   nn_full_layer4  grid (10, N), block (1, 1): 10 outputs from the 100
//                   neurons of layer 3.
// Launch shapes as the ISPASS paper's benchmark table gives them (grids
// (6,28) (50,28) (100,28) (10,28); blocks (13,13) (5,5) (1,1) (1,1)).
// Shape kept from the benchmark: every thread starts from 0, adds its
// neuron's bias (the first weight of the neuron's group), then accumulates
// input x weight in window or fan-in order, all from global memory; the
// window's tap offsets come from a table in constant memory, one per layer;
// layer 2's weight group for output map j is 156 floats at 156 j: the bias,
// then for tap t and input map m the weight at 1 + 6 t + m (the last five
// floats of the group are never read); the fully connected groups are
// 1251 and 101 floats. The result goes through 1.7159 * tanhf(0.66666667 x)
// with double constants, so the scalings are f64 around the f32 tanhf.
// Departures: none in the arithmetic; the benchmark reads trained weights
// from files, the workload generates them (see the .gsw).

#define NN_IMG 29                // input image side
#define NN_S1 13                 // layer-1 map side
#define NN_P1 (NN_S1 * NN_S1)    // layer-1 map size
#define NN_N1 6                  // layer-1 maps
#define NN_S2 5                  // layer-2 map side
#define NN_N2 50                 // layer-2 maps
#define NN_F2 (NN_S2 * NN_S2 * NN_N2)   // layer-2 outputs per image (1250)
#define NN_F3 100                // layer-3 neurons
#define NN_F4 10                 // outputs
#define NN_TAPS 25               // 5 x 5 window

// Offsets of a 5 x 5 window's taps, row by row, in a row of `side` floats.
#define NN_WINDOW(side) \
    { 0, 1, 2, 3, 4, (side), (side) + 1, (side) + 2, (side) + 3, (side) + 4, \
      2 * (side), 2 * (side) + 1, 2 * (side) + 2, 2 * (side) + 3, 2 * (side) + 4, \
      3 * (side), 3 * (side) + 1, 3 * (side) + 2, 3 * (side) + 3, 3 * (side) + 4, \
      4 * (side), 4 * (side) + 1, 4 * (side) + 2, 4 * (side) + 3, 4 * (side) + 4 }

__constant__ int nn_window_img[NN_TAPS] = NN_WINDOW(NN_IMG);
__constant__ int nn_window_map1[NN_TAPS] = NN_WINDOW(NN_S1);

// The network's squashing function, 1.7159 tanh(2x/3), its constants doubles.
__device__ float nn_squash(float net)
{
    const float t = tanhf((float)(0.66666667 * (double)net));
    return (float)(1.7159 * (double)t);
}

// One output pixel of a convolution layer: 0 + bias, then for each tap the
// `planes` input planes (`plane` floats apart) times weights 1 + planes t + m.
template <int planes, int plane>
__device__ float nn_window_sum(const float *corner, const int *taps, const float *group)
{
    float acc = 0.0f;
    acc += group[0];
    for (int t = 0; t < NN_TAPS; ++t) {
        const float *at = corner + taps[t];
        const float *w = group + 1 + planes * t;
        for (int m = 0; m < planes; ++m)
            acc += at[plane * m] * w[m];
    }
    return acc;
}

// One fully connected neuron: 0 + bias, then the fan-in in order.
template <int fanIn>
__device__ float nn_dense_sum(const float *in, const float *group)
{
    float acc = 0.0f;
    acc += group[0];
    for (int k = 0; k < fanIn; ++k)
        acc += in[k] * group[k + 1];
    return acc;
}

extern "C" __global__ void nn_conv_layer1(const float *images, const float *weights,
                                          float *maps)
{
    const int img = blockIdx.y, map = blockIdx.x;
    const int ox = threadIdx.x, oy = threadIdx.y;
    const float *corner = images + NN_IMG * NN_IMG * img + 2 * (NN_IMG * oy + ox);
    const float sum = nn_window_sum<1, 0>(corner, nn_window_img, weights + (NN_TAPS + 1) * map);
    maps[NN_P1 * (NN_N1 * img + map) + NN_S1 * oy + ox] = nn_squash(sum);
}

extern "C" __global__ void nn_conv_layer2(const float *maps, const float *weights, float *out)
{
    const int img = blockIdx.y, map = blockIdx.x;
    const int ox = threadIdx.x, oy = threadIdx.y;
    const float *corner = maps + NN_P1 * NN_N1 * img + 2 * (NN_S1 * oy + ox);
    const float sum = nn_window_sum<NN_N1, NN_P1>(corner, nn_window_map1,
                                                  weights + (NN_TAPS + 1) * NN_N1 * map);
    out[NN_F2 * img + NN_S2 * NN_S2 * map + NN_S2 * oy + ox] = nn_squash(sum);
}

extern "C" __global__ void nn_full_layer3(const float *in, const float *weights, float *out)
{
    const int img = blockIdx.y, neuron = blockIdx.x;
    const float sum = nn_dense_sum<NN_F2>(in + NN_F2 * img, weights + (NN_F2 + 1) * neuron);
    out[NN_F3 * img + neuron] = nn_squash(sum);
}

extern "C" __global__ void nn_full_layer4(const float *in, const float *weights, float *out)
{
    const int img = blockIdx.y, neuron = blockIdx.x;
    const float sum = nn_dense_sum<NN_F3>(in + NN_F3 * img, weights + (NN_F3 + 1) * neuron);
    out[NN_F4 * img + neuron] = nn_squash(sum);
}
