/*
 * QuasirandomGenerator (the CUDA SDK's quasirandomGenerator, seed 003 Table
 * 7 type C and Table 21): 3-dimensional quasirandom points in the sample's
 * shape, the project's own code.
 *
 * Thread (x, y) of the block computes dimension y for the points
 * pos = blockIdx.x * blockDim.x + x, then every gridDim.x * blockDim.x-th:
 * the 31-bit value is the XOR of the dimension's direction numbers
 * c_Table[y][bit] for every set bit of seed + pos (bits 0..30), written as
 * the float (value + 1) / (2^31 + 1) to d_Output[y * N + pos]. The table
 * sits in constant memory and every thread of a warp reads the same word.
 * Departure: the SDK fills the table with Niederreiter's base-2 generator
 * matrices on the host; a workload file cannot write constant memory, so
 * the table is compiled in and holds Sobol's first three dimensions'
 * direction numbers (the van der Corput sequence, then the polynomials
 * x + 1 and x^2 + x + 1, m = 1 and 1, 3), a table of the same size and use:
 * v[0][k] = 2^(30-k); v[1][k] = v[1][k-1] ^ v[1][k-1] >> 1;
 * v[2][k] = v[2][k-1] ^ v[2][k-2] ^ v[2][k-2] >> 2 from 2^30 and 3 * 2^29.
 * The SDK's second kernel (inverseCND) is not part of Table 21's one kernel.
 */
#define QRNG_DIMENSIONS 3
#define QRNG_RESOLUTION 31
#define INT_SCALE (1.0f / (float)0x80000001u)

__constant__ unsigned int c_Table[QRNG_DIMENSIONS][QRNG_RESOLUTION] = {
    {
     0x40000000u, 0x20000000u, 0x10000000u, 0x08000000u, 0x04000000u, 0x02000000u,
     0x01000000u, 0x00800000u, 0x00400000u, 0x00200000u, 0x00100000u, 0x00080000u,
     0x00040000u, 0x00020000u, 0x00010000u, 0x00008000u, 0x00004000u, 0x00002000u,
     0x00001000u, 0x00000800u, 0x00000400u, 0x00000200u, 0x00000100u, 0x00000080u,
     0x00000040u, 0x00000020u, 0x00000010u, 0x00000008u, 0x00000004u, 0x00000002u,
     0x00000001u
    },
    {
     0x40000000u, 0x60000000u, 0x50000000u, 0x78000000u, 0x44000000u, 0x66000000u,
     0x55000000u, 0x7F800000u, 0x40400000u, 0x60600000u, 0x50500000u, 0x78780000u,
     0x44440000u, 0x66660000u, 0x55550000u, 0x7FFF8000u, 0x40004000u, 0x60006000u,
     0x50005000u, 0x78007800u, 0x44004400u, 0x66006600u, 0x55005500u, 0x7F807F80u,
     0x40404040u, 0x60606060u, 0x50505050u, 0x78787878u, 0x44444444u, 0x66666666u,
     0x55555555u
    },
    {
     0x40000000u, 0x60000000u, 0x30000000u, 0x48000000u, 0x74000000u, 0x2E000000u,
     0x47000000u, 0x62800000u, 0x34400000u, 0x4E600000u, 0x77300000u, 0x2AC80000u,
     0x40340000u, 0x604E0000u, 0x30770000u, 0x482A8000u, 0x74404000u, 0x2E606000u,
     0x47303000u, 0x62C84800u, 0x34347400u, 0x4E4E2E00u, 0x77774700u, 0x2AAAE280u,
     0x40007440u, 0x60002E60u, 0x30004730u, 0x480062C8u, 0x74003434u, 0x2E004E4Eu,
     0x47007777u
    }
};

extern "C" __global__ void quasirandomGeneratorKernel(float *d_Output, unsigned int seed,
                                                      unsigned int N)
{
    const unsigned int *dimBase = &c_Table[threadIdx.y][0];
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    unsigned int threadN = blockDim.x * gridDim.x;
    unsigned int pos;
    for (pos = tid; pos < N; pos += threadN) {
        unsigned int result = 0, data = seed + pos;
        int bit;
        for (bit = 0; bit < QRNG_RESOLUTION; bit++, data >>= 1)
            if (data & 1)
                result ^= dimBase[bit];
        d_Output[threadIdx.y * N + pos] = (float)(result + 1) * INT_SCALE;
    }
}
