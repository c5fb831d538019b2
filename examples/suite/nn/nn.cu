// NN (GPGPU-Sim ISPASS-2009 benchmark set, "Neural Network Digit
// Recognition"; seed-000 Table 4.2 item 22): the forward pass of a
// LeCun-style convolutional network for handwritten digits (the network of
// Mike O'Neill's CodeProject article that the ISPASS code runs on the GPU),
// one image per grid row (blockIdx.y), four kernels launched in sequence:
//   executeFirstLayer   grid (6, N) x block (13, 13): 29x29 input image ->
//                       6 feature maps of 13x13, 5x5 kernels, stride 2.
//   executeSecondLayer  grid (50, N) x block (5, 5): 6 maps -> 50 maps of
//                       5x5, each from 5x5 kernels over all 6 maps, stride 2.
//   executeThirdLayer   grid (100, N) x block (1, 1): 100 neurons fully
//                       connected to the 1250 outputs of layer 2.
//   executeFourthLayer  grid (10, N) x block (1, 1): 10 outputs fully
//                       connected to the 100 neurons of layer 3.
// Launch shapes as the ISPASS-2009 paper's benchmark table lists them
// (grids (6,28) (50,28) (100,28) (10,28); CTAs (13,13) (5,5) (1,1) (1,1)).
// Data layout as the original: one array per layer, images one after
// another; the weights of each neuron (or feature map) start with its bias:
//   layer 1: 6 x 26 (bias, 25 weights); layer 2: 50 x 6 x 26 (per input map
//   a bias slot and 25 weights; only the first map's bias is added, as the
//   original does); layer 3: 100 x 1251; layer 4: 10 x 101.
// Activation: 1.7159 * tanhf(0.66666667 * x) with the original's double
// constants (so the scaling is computed in f64 around the f32 tanhf).
// This is the project's own code written from that description.

#define IMAGE_SIDE 29
#define MAP1_SIDE 13
#define MAPS1 6
#define MAP2_SIDE 5
#define MAPS2 50
#define LAYER3 100
#define LAYER4 10
#define KERNEL 25
#define LAYER2_OUT (MAP2_SIDE * MAP2_SIDE * MAPS2)   /* 1250 */

__device__ float activate(float x)
{
    return 1.7159 * tanhf(0.66666667 * x);
}

extern "C" __global__ void executeFirstLayer(const float *Layer1_Neurons,
                                             const float *Layer1_Weights, float *Layer2_Neurons)
{
    int map = blockIdx.x;
    int image = blockIdx.y;
    int pixelX = threadIdx.x;
    int pixelY = threadIdx.y;
    int weightBegin = map * (KERNEL + 1);
    int window = pixelY * 2 * IMAGE_SIDE + pixelX * 2 + IMAGE_SIDE * IMAGE_SIDE * image;
    int kernelTemplate[KERNEL] = {
        0, 1, 2, 3, 4,
        29, 30, 31, 32, 33,
        58, 59, 60, 61, 62,
        87, 88, 89, 90, 91,
        116, 117, 118, 119, 120 };
    float result = 0;
    result += Layer1_Weights[weightBegin];
    ++weightBegin;
    for (int i = 0; i < KERNEL; ++i)
        result += Layer1_Neurons[window + kernelTemplate[i]] *
                  Layer1_Weights[weightBegin + i];
    Layer2_Neurons[MAP1_SIDE * MAP1_SIDE * (MAPS1 * image + map) + pixelY * MAP1_SIDE + pixelX] =
        activate(result);
}

extern "C" __global__ void executeSecondLayer(const float *Layer2_Neurons,
                                              const float *Layer2_Weights, float *Layer3_Neurons)
{
    int map = blockIdx.x;
    int image = blockIdx.y;
    int pixelX = threadIdx.x;
    int pixelY = threadIdx.y;
    int weightBegin = map * (KERNEL + 1) * MAPS1;
    int window = pixelY * 2 * MAP1_SIDE + pixelX * 2 + MAP1_SIDE * MAP1_SIDE * MAPS1 * image;
    int kernelTemplate[KERNEL] = {
        0, 1, 2, 3, 4,
        13, 14, 15, 16, 17,
        26, 27, 28, 29, 30,
        39, 40, 41, 42, 43,
        52, 53, 54, 55, 56 };
    float result = 0;
    result += Layer2_Weights[weightBegin];
    ++weightBegin;
    for (int i = 0; i < KERNEL; ++i) {
        int at = window + kernelTemplate[i];
        for (int m = 0; m < MAPS1; ++m)
            result += Layer2_Neurons[at + MAP1_SIDE * MAP1_SIDE * m] *
                      Layer2_Weights[weightBegin + i + (KERNEL + 1) * m];
    }
    Layer3_Neurons[LAYER2_OUT * image + MAP2_SIDE * MAP2_SIDE * map + pixelY * MAP2_SIDE +
                   pixelX] = activate(result);
}

extern "C" __global__ void executeThirdLayer(const float *Layer3_Neurons,
                                             const float *Layer3_Weights, float *Layer4_Neurons)
{
    int neuron = blockIdx.x;
    int image = blockIdx.y;
    int weightBegin = neuron * (LAYER2_OUT + 1);
    float result = 0;
    result += Layer3_Weights[weightBegin];
    ++weightBegin;
    for (int i = 0; i < LAYER2_OUT; ++i)
        result += Layer3_Neurons[i + LAYER2_OUT * image] * Layer3_Weights[weightBegin + i];
    Layer4_Neurons[neuron + LAYER3 * image] = activate(result);
}

extern "C" __global__ void executeFourthLayer(const float *Layer4_Neurons,
                                              const float *Layer4_Weights, float *Layer5_Neurons)
{
    int neuron = blockIdx.x;
    int image = blockIdx.y;
    int weightBegin = neuron * (LAYER3 + 1);
    float result = 0;
    result += Layer4_Weights[weightBegin];
    ++weightBegin;
    for (int i = 0; i < LAYER3; ++i)
        result += Layer4_Neurons[i + LAYER3 * image] * Layer4_Weights[weightBegin + i];
    Layer5_Neurons[neuron + LAYER4 * image] = activate(result);
}
