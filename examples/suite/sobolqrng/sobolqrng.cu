// sobolQRNG (CUDA SDK): Sobol quasirandom points, one dimension per grid
// row (blockIdx.y), each thread generating every stride-th point of its
// dimension by Gray-code XOR updates of the direction vectors, which a
// block stages in shared memory, as the SDK sample does. Outputs are
// floats X * 2^-32. The project's own code in the sample's shape: 64
// threads a block, a power-of-two number of threads per dimension.
//
// sobolDirections fills the direction vectors on the device (a workload
// file has no host code): dimension 0 is the van der Corput sequence
// (v_k = 2^(31-k)); for the others v_k = m_k * 2^(31-k) with m_k odd and
// below 2^(k+1), drawn from a hash of (dimension, k). Departure: the sample
// derives m_k from Joe and Kuo's primitive polynomials; these vectors give
// the same kernel the same work, not the same low-discrepancy quality.
#include <cuda_runtime.h>

#define N_DIRECTIONS 32

extern "C" __global__ void sobolDirections(unsigned *d_directions, unsigned n_dimensions)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n_dimensions * N_DIRECTIONS) return;
    unsigned dim = i / N_DIRECTIONS, k = i % N_DIRECTIONS;
    unsigned h = dim * 0x9E3779B9u + k * 0x85EBCA6Bu + 0x6A09E667u;
    h ^= h >> 16; h *= 0x7FEB352Du; h ^= h >> 15; h *= 0x846CA68Bu; h ^= h >> 16;
    unsigned m = dim == 0 ? 1u : ((h & ((2u << k) - 1u)) | 1u);
    d_directions[i] = m << (31 - k);
}

extern "C" __global__ void sobolGPU_kernel(unsigned n_vectors, unsigned n_dimensions,
                                           const unsigned *d_directions, float *d_output)
{
    __shared__ unsigned v[N_DIRECTIONS];
    d_directions += N_DIRECTIONS * blockIdx.y;
    d_output += n_vectors * blockIdx.y;
    if (threadIdx.x < N_DIRECTIONS) v[threadIdx.x] = d_directions[threadIdx.x];
    __syncthreads();
    const float k_2powneg32 = 2.3283064E-10F;
    unsigned i0 = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned stride = gridDim.x * blockDim.x;
    // the first point: X is the XOR of the vectors the Gray code of i0 selects
    unsigned g = i0 ^ (i0 >> 1), X = 0;
    for (unsigned k = 0; k < __ffs(stride) - 1; k++) {
        X ^= (0u - (g & 1u)) & v[k];
        g >>= 1;
    }
    if (i0 < n_vectors) d_output[i0] = (float)X * k_2powneg32;
    // each further point: one step of stride in Gray-code order
    unsigned v_log2stridem1 = v[__ffs(stride) - 2];
    unsigned v_stridemask = stride - 1;
    for (unsigned i = i0 + stride; i < n_vectors; i += stride) {
        X ^= v_log2stridem1 ^ v[__ffs(~((i - stride) | v_stridemask)) - 1];
        d_output[i] = (float)X * k_2powneg32;
    }
}
