/*
 * QuasirandomGenerator (the CUDA SDK's quasirandomGenerator, seed 003 Table
 * 7 type C and Table 21): points of a 3-dimensional quasirandom sequence,
 * the benchmark's shape in the project's own code. qrng_points models the
 * sample's quasirandomGeneratorKernel.
 *
 * The block is blockDim.x x 3 threads; threadIdx.y picks the dimension and
 * the x coordinates of the whole grid share out the point indices: thread
 * (x, y) starts at point blockIdx.x * blockDim.x + x and strides by
 * gridDim.x * blockDim.x while below count. Point p's value in dimension y
 * is the XOR of the direction numbers of row y that belong to the set bits
 * 0..30 of first + p (first is the SDK's seed argument); that 31-bit value
 * s becomes the float (float)(s + 1) * 2^-31 (the benchmark's
 * 1 / (2^31 + 1) rounds to 2^-31 in single precision), stored at
 * out[y * count + p] (a 32-bit index). The direction numbers are a 3 x 31
 * table in constant memory; the threads of a warp share y, so they all
 * read the same word at once.
 * Departure: the SDK fills the table with Niederreiter's base-2 generator
 * matrices from the host; a workload file cannot write constant memory, so
 * the table is compiled into the module and holds Sobol's first three
 * dimensions' direction numbers instead (the van der Corput sequence, then
 * the primitive polynomials x + 1 and x^2 + x + 1 with m = 1 and 1, 3) -
 * the same size and use. Entry k of a row is m_(k+1) * 2^(30-k): row 0
 * is 2^(30-k); row 1 starts at 2^30, then e[k] = e[k-1] ^ e[k-1] >> 1;
 * row 2 starts at 2^30 and 3 * 2^29, then
 * e[k] = e[k-1] ^ e[k-2] ^ e[k-2] >> 2.
 * The SDK's second kernel (inverseCND) is not part of Table 21's one kernel.
 */
#define QR_DIMS 3
#define QR_BITS 31

/* 1 / 2^31, exactly representable. */
#define QR_UNIT_SCALE 4.656612873077392578125e-10f

__constant__ unsigned int qr_dirnum[QR_DIMS][QR_BITS] = {
    /* dimension 0: 2^(30-k), the van der Corput sequence */
    {
        0x40000000u, 0x20000000u, 0x10000000u, 0x08000000u, 0x04000000u, 0x02000000u,
        0x01000000u, 0x00800000u, 0x00400000u, 0x00200000u, 0x00100000u, 0x00080000u,
        0x00040000u, 0x00020000u, 0x00010000u, 0x00008000u, 0x00004000u, 0x00002000u,
        0x00001000u, 0x00000800u, 0x00000400u, 0x00000200u, 0x00000100u, 0x00000080u,
        0x00000040u, 0x00000020u, 0x00000010u, 0x00000008u, 0x00000004u, 0x00000002u,
        0x00000001u
    },
    /* dimension 1: x + 1, m = 1 */
    {
        0x40000000u, 0x60000000u, 0x50000000u, 0x78000000u, 0x44000000u, 0x66000000u,
        0x55000000u, 0x7F800000u, 0x40400000u, 0x60600000u, 0x50500000u, 0x78780000u,
        0x44440000u, 0x66660000u, 0x55550000u, 0x7FFF8000u, 0x40004000u, 0x60006000u,
        0x50005000u, 0x78007800u, 0x44004400u, 0x66006600u, 0x55005500u, 0x7F807F80u,
        0x40404040u, 0x60606060u, 0x50505050u, 0x78787878u, 0x44444444u, 0x66666666u,
        0x55555555u
    },
    /* dimension 2: x^2 + x + 1, m = 1, 3 */
    {
        0x40000000u, 0x60000000u, 0x30000000u, 0x48000000u, 0x74000000u, 0x2E000000u,
        0x47000000u, 0x62800000u, 0x34400000u, 0x4E600000u, 0x77300000u, 0x2AC80000u,
        0x40340000u, 0x604E0000u, 0x30770000u, 0x482A8000u, 0x74404000u, 0x2E606000u,
        0x47303000u, 0x62C84800u, 0x34347400u, 0x4E4E2E00u, 0x77774700u, 0x2AAAE280u,
        0x40007440u, 0x60002E60u, 0x30004730u, 0x480062C8u, 0x74003434u, 0x2E004E4Eu,
        0x47007777u
    }
};

/* XOR of dir[k] over the set bits k (0..QR_BITS-1) of index. */
static __device__ __forceinline__ unsigned int qr_xor_of_set_bits(const unsigned int *dir,
                                                           unsigned int index)
{
    unsigned int acc = 0;
    for (int k = 0; k < QR_BITS; k++)
        if (index & (1u << k))
            acc ^= dir[k];
    return acc;
}

extern "C" __global__ void qrng_points(float *out, unsigned int first,
                                       unsigned int count)
{
    const unsigned int dim = threadIdx.y;
    const unsigned int *dir = qr_dirnum[dim];
    const unsigned int row_base = dim * count;   /* dimension y's first point */
    const unsigned int step = gridDim.x * blockDim.x;
    for (unsigned int p = blockIdx.x * blockDim.x + threadIdx.x; p < count; p += step) {
        const unsigned int s = qr_xor_of_set_bits(dir, first + p);
        out[row_base + p] = (float)(s + 1u) * QR_UNIT_SCALE;
    }
}
