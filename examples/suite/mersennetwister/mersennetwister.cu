/*
 * Mersenne Twister (the CUDA SDK's MersenneTwister; seed 003 Table 21, MT):
 * many small Mersenne Twisters, one a thread, then a Box-Muller transform of
 * their output, in the sample's shape; the project's own code.
 * mt_twist_uniforms and mt_gaussian_pairs model the sample's RandomGPU and
 * BoxMullerGPU.
 *
 * mt_twist_uniforms: each thread owns one twister of dcmt's small family: a
 * ring of 19 32-bit words, the word 9 places ahead mixed into each step, and
 * only the lowest bit of the following word taken below the current word's
 * upper 31. Its four parameter words (matrix A, tempering masks B and C,
 * seed) come from global memory. The ring is filled from the seed by the
 * usual recurrence w[i] = 1812433253 (w[i-1] ^ (w[i-1] >> 30)) + i; each step
 * then rewrites one ring word and tempers it (y ^= y >> 12; y ^= (y << 7) &
 * B; y ^= (y << 15) & C; y ^= y >> 18), and the result, as ((float)y + 1) /
 * 2^32, goes to element k * gens + g for output k of generator g, so the
 * threads of a warp store side by side. mt_gaussian_pairs: threads stride
 * over the generators; for each, outputs (k, k + 1) become two normal
 * deviates r cos(t) and r sin(t), r = sqrtf(-2 logf(a)) in full precision, t
 * = 2 pi b, with __cosf and __sinf.
 *
 * Departures from the sample: the parameters are read from global memory,
 * where the sample copies them to constant memory from MersenneTwister.dat
 * (a workload file cannot write constant memory); they are seeded random
 * words (dcmt's, from the data file, guarantee each twister's period;
 * these do not, which changes no part of the work); the generator count is
 * a kernel parameter (the sample fixes 4096), so the small size can fill
 * the GPU.
 */
#define RING 19           /* words of twister state */
#define AHEAD 9           /* distance to the word mixed into each step */
#define LOW_BIT 0x1U      /* taken from the following word */
#define TWO_PI_F 6.28318531f

/* one generator's words as they lie in memory */
struct twister_config {
    unsigned int mat, tmask1, tmask2, start;
};

/* a twister's state words, dynamically indexed (local memory) */
struct twister_ring {
    unsigned int w[RING];
};

/* where the next step writes, and the word there, kept in registers */
struct twister_cursor {
    int at;
    unsigned int here;
};

__device__ __forceinline__ twister_cursor twister_seed(twister_ring &r, unsigned int s)
{
    r.w[0] = s;
    for (int k = 1; k < RING; k++) {
        s = 1812433253U * (s ^ (s >> 30)) + (unsigned int)k;
        r.w[k] = s;
    }
    return twister_cursor{0, r.w[0]};
}

/* one step of the recurrence: the untempered word it writes */
__device__ __forceinline__ unsigned int twister_step(twister_ring &r, twister_cursor &c,
                                                     unsigned int mat)
{
    int nxt = c.at == RING - 1 ? 0 : c.at + 1;
    int far = c.at < RING - AHEAD ? c.at + AHEAD : c.at + AHEAD - RING;
    unsigned int after = r.w[nxt];
    unsigned int joined = (c.here & ~LOW_BIT) | (after & LOW_BIT);
    unsigned int y = r.w[far] ^ (joined >> 1) ^ ((0U - (after & LOW_BIT)) & mat);
    r.w[c.at] = y;
    c.here = after;
    c.at = nxt;
    return y;
}

__device__ __forceinline__ unsigned int temper(unsigned int y, unsigned int m1, unsigned int m2)
{
    y ^= y >> 12;
    y ^= (y << 7) & m1;
    y ^= (y << 15) & m2;
    return y ^ (y >> 18);
}

extern "C" __global__ void mt_twist_uniforms(float *out, const twister_config *cfgs, int per_gen,
                                             int gens)
{
    const int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g < gens) {
        const twister_config c = cfgs[g];
        twister_ring ring;
        twister_cursor cur = twister_seed(ring, c.start);
        float *dst = out + g;
        for (int k = 0; k < per_gen; k++, dst += gens)
            *dst = ((float)temper(twister_step(ring, cur, c.mat), c.tmask1, c.tmask2) + 1.0f)
                 / 4294967296.0f;
    }
}

/* two uniforms in (0, 1] in place to two normal deviates */
__device__ __forceinline__ void gaussian_pair(float *a, float *b)
{
    const float radius = sqrtf(-2.0f * logf(*a));
    const float turn = TWO_PI_F * *b;
    *a = radius * __cosf(turn);
    *b = radius * __sinf(turn);
}

extern "C" __global__ void mt_gaussian_pairs(float *out, int per_gen, int gens)
{
    const int step = gridDim.x * blockDim.x;
    for (int g = blockIdx.x * blockDim.x + threadIdx.x; g < gens; g += step) {
        float *col = out + g;
        for (int k = 0; k < per_gen; k += 2, col += 2 * gens)
            gaussian_pair(col, col + gens);
    }
}
