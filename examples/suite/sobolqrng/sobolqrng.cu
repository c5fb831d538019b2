/*
 * sobolQRNG (the CUDA SDK's sobolQRNG; seed 003 Table 21, SQ): Sobol
 * quasirandom points, in the sample's shape; the project's own code.
 * sobol_points models the sample's sobolGPU_kernel.
 *
 * sobol_points: grid row blockIdx.y generates dimension blockIdx.y. Its
 * 32 direction words are copied to shared memory by the first 32 threads of
 * each 64-thread block, then the block synchronises. Point n of a dimension
 * is the XOR of the words that the set bits of n's Gray code n ^ (n >> 1)
 * select. Thread j of the row (j = blockIdx.x * blockDim.x + threadIdx.x)
 * produces points j, j + W, j + 2 W, ... where W = gridDim.x * blockDim.x,
 * a power of two 2^s: the first directly from the s low Gray-code bits of
 * j (reading all s words, masked), each further one from the one before by
 * two XORs, since moving on by W always flips Gray-code bit s - 1 and one
 * bit above, at the position of the lowest zero bit of (previous | (W - 1)).
 * A point is stored as the float of its 32-bit word times 2^-32, at
 * out[row * points + n].
 *
 * sobol_make_directions fills the direction words on the device (a workload
 * file has no host code): dimension 0 is the van der Corput sequence (word k
 * = 2^(31-k)); for the others word k = m * 2^(31-k), m odd and below 2^(k+1),
 * drawn from a hash of (dimension, k). Departure: the sample derives m from
 * Joe and Kuo's primitive polynomials; these words give the kernel the same
 * work, not the same low-discrepancy quality.
 */
#define SOBOL_BITS 32 /* direction words per dimension */

/* a 32-bit Sobol word as a float in [0, 1) */
__device__ __forceinline__ float unit_float(unsigned int w)
{
    return (float)w * (1.0f / 4294967296.0f);
}

extern "C" __global__ void sobol_make_directions(unsigned *words, unsigned dims)
{
    const unsigned at = blockIdx.x * blockDim.x + threadIdx.x;
    if (at >= dims * SOBOL_BITS)
        return;
    const unsigned dim = at / SOBOL_BITS, k = at % SOBOL_BITS;
    unsigned h = dim * 0x9E3779B9u + k * 0x85EBCA6Bu + 0x6A09E667u;
    h ^= h >> 16;
    h *= 0x7FEB352Du;
    h ^= h >> 15;
    h *= 0x846CA68Bu;
    h ^= h >> 16;
    const unsigned odd = dim == 0 ? 1u : ((h & ((2u << k) - 1u)) | 1u);
    words[at] = odd << (31 - k);
}

extern "C" __global__ void sobol_points(unsigned points, unsigned dims,
                                        const unsigned *words, float *out)
{
    __shared__ unsigned dir[SOBOL_BITS];
    const unsigned row = blockIdx.y;
    float *row_out = out + points * row;
    if (threadIdx.x < SOBOL_BITS)
        dir[threadIdx.x] = words[SOBOL_BITS * row + threadIdx.x];
    __syncthreads();

    const unsigned width = gridDim.x * blockDim.x; /* threads on the row, 2^s */
    const unsigned s = __ffs(width) - 1;
    unsigned n = blockIdx.x * blockDim.x + threadIdx.x;

    /* point n directly: the Gray code of n < width has bits below s only */
    const unsigned gray = n ^ (n >> 1);
    unsigned acc = 0;
    for (unsigned b = 0; b < s; b++)
        acc ^= dir[b] & (0u - ((gray >> b) & 1u));
    if (n < points)
        row_out[n] = unit_float(acc);

    /* the rest of the thread's points, W apart */
    const unsigned every = dir[s - 1];
    const unsigned low_ones = width - 1;
    while (n + width < points) {
        acc ^= every ^ dir[__ffs(~(n | low_ones)) - 1];
        n += width;
        row_out[n] = unit_float(acc);
    }
}
