/*
 * Mersenne Twister (the CUDA SDK's MersenneTwister; seed 003 Table 21, MT):
 * many small Mersenne Twisters, one a thread, then a Box-Muller transform of
 * their output, in the sample's shape; the project's own code.
 *
 * RandomGPU: thread iRng runs its own twister of dcmt's small family (a
 * 19-word state, middle word 9, 32-bit words with the lowest bit as the
 * lower mask), with its own matrix A, tempering masks B and C and seed. It
 * seeds the state with the usual 1812433253 recurrence, then produces
 * nPerRng words, each tempered (shifts 12, 7 & B, 15 & C, 18) and mapped
 * to (x + 1) / 2^32, storing output n of generator g at n * nRng + g so a
 * warp's stores are contiguous. BoxMullerGPU then turns each pair of
 * outputs (n, n + 1) of a generator into two normal deviates: r =
 * sqrt(-2 log u1), phi = 2 pi u2, u1 = r __cosf(phi), u2 = r __sinf(phi).
 *
 * Departures from the sample: each generator's parameters are read from
 * global memory, four words (matrix A, mask B, mask C, seed), where the
 * sample copies them to constant memory from MersenneTwister.dat (a
 * workload file cannot write constant memory); the parameters are seeded
 * random words (dcmt's, from the data file, guarantee each twister's
 * period; these do not, which changes no part of the work); the generator
 * count is a kernel parameter (the sample fixes 4096), so the small size
 * can fill the GPU.
 */
#define MT_MM 9
#define MT_NN 19
#define MT_WMASK 0xFFFFFFFFU
#define MT_UMASK 0xFFFFFFFEU
#define MT_LMASK 0x1U
#define MT_SHIFT0 12
#define MT_SHIFTB 7
#define MT_SHIFTC 15
#define MT_SHIFT1 18
#define PI 3.14159265358979f

struct mt_params {
    unsigned int matrix_a, mask_b, mask_c, seed;
};

extern "C" __global__ void RandomGPU(float *d_Random, const mt_params *d_Params, int nPerRng,
                                     int nRng)
{
    const int iRng = blockDim.x * blockIdx.x + threadIdx.x;
    int iState, iState1, iStateM, iOut;
    unsigned int mti, mti1, mtiM, x;
    unsigned int mt[MT_NN];
    if (iRng >= nRng)
        return;
    const mt_params config = d_Params[iRng];

    mt[0] = config.seed;
    for (iState = 1; iState < MT_NN; iState++)
        mt[iState] = (1812433253U * (mt[iState - 1] ^ (mt[iState - 1] >> 30)) + iState) &
                     MT_WMASK;

    iState = 0;
    mti1 = mt[0];
    for (iOut = 0; iOut < nPerRng; iOut++) {
        iState1 = iState + 1;
        iStateM = iState + MT_MM;
        if (iState1 >= MT_NN)
            iState1 -= MT_NN;
        if (iStateM >= MT_NN)
            iStateM -= MT_NN;
        mti = mti1;
        mti1 = mt[iState1];
        mtiM = mt[iStateM];

        x = (mti & MT_UMASK) | (mti1 & MT_LMASK);
        x = mtiM ^ (x >> 1) ^ ((x & 1) ? config.matrix_a : 0);
        mt[iState] = x;
        iState = iState1;

        x ^= (x >> MT_SHIFT0);
        x ^= (x << MT_SHIFTB) & config.mask_b;
        x ^= (x << MT_SHIFTC) & config.mask_c;
        x ^= (x >> MT_SHIFT1);

        d_Random[iRng + iOut * nRng] = ((float)x + 1.0f) / 4294967296.0f;
    }
}

__device__ void BoxMuller(float &u1, float &u2)
{
    float r = sqrtf(-2.0f * logf(u1));
    float phi = 2 * PI * u2;
    u1 = r * __cosf(phi);
    u2 = r * __sinf(phi);
}

extern "C" __global__ void BoxMullerGPU(float *d_Random, int nPerRng, int nRng)
{
    const int tid = blockDim.x * blockIdx.x + threadIdx.x;
    const int threads = blockDim.x * gridDim.x;
    for (int iRng = tid; iRng < nRng; iRng += threads)
        for (int iOut = 0; iOut < nPerRng; iOut += 2)
            BoxMuller(d_Random[iRng + (iOut + 0) * nRng], d_Random[iRng + (iOut + 1) * nRng]);
}
