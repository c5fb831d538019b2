/*
 * DXTC (the CUDA SDK's dxtc, seed 003 Table 7 type A and Table 21 DX): DXT1
 * compression of an RGBA image, one 4 x 4 block of pixels per CTA of 64
 * threads, in the sample's shape; the project's own code.
 * dxtc_compress_blocks models the sample's compress kernel.
 *
 * dxtc_compress_blocks: threads 0..15 load the block's 16 pixels (contiguous
 * words: the image is stored block-linear, as the SDK's host rearranges it)
 * as float colours in [0, 1] into shared memory; shared-memory tree sums give
 * the mean and the 3 x 3 covariance; thread 0 finds the principal axis by 8
 * steps of power iteration; each colour's dot product with the axis is ranked
 * by comparisons against the other 15 (ties by index), which sorts the
 * colours along the axis. Each of the 64 threads then evaluates 16 of the
 * 1024 index permutations (permutation tid + 64 k, read from global memory,
 * coalesced): a permutation gives each sorted colour one of the four DXT1
 * indices (2 bits, colour j at bits 2j; index 0 the first endpoint, 1 the
 * second, 2 and 3 the points 1/3 and 2/3 of the way), the weights alpha of
 * the first endpoint read from a table in constant memory; the two endpoints
 * solve the least-squares system of the weight sums, are rounded to 5:6:5 and
 * expanded back, and the error (the sum over colours of the squared distance,
 * less the constant sum of squared colours) is summed over the three
 * channels. A shared-memory reduction finds the least error (ties to the
 * lowest thread), and the winning thread writes the 8-byte DXT1 block: the
 * two 565 colours (the larger first, its indices flipped if they swap; all
 * indices 0 if equal) and the 2-bit indices of the pixels in their original
 * order.
 *
 * Departures: the SDK reads lena_std.ppm; here a first kernel (makeImage)
 * builds a smooth image from seeded random noise: red a horizontal gradient,
 * green a vertical one, blue a diagonal one, each plus noise in [-16, 15],
 * clamped to [0, 255], alpha 255, written block-linear. The SDK's host builds
 * a permutation table holding both three-colour and four-colour permutations,
 * copied to global memory, and its kernel also tries DXT1's three-colour
 * mode; here a second kernel (makePermutations) writes four-colour
 * permutations only, the 965 monotone assignments of the four weights 1, 2/3,
 * 1/3, 0 (in that order) to the 16 sorted colours that use at least two
 * weights (a single weight makes the least-squares system singular), repeated
 * from the first to fill 1024, and dxtc_compress_blocks searches the
 * four-colour mode alone. The SDK's launch loops over grid-sized chunks with
 * a block offset; here one launch covers the image. The endpoints expand as q
 * / 31 and q / 63 (a multiplication by the rounded reciprocal).
 */
#define NUM_THREADS 64
#define NUM_PERMUTATIONS 1024
#define NUM_VALID 965

__constant__ float kAlpha[4] = {1.0f, 0.0f, 2.0f / 3.0f, 1.0f / 3.0f};

/* pixel p of a width x height image, row-major p; written block-linear */
extern "C" __global__ void makeImage(unsigned int *image, const unsigned int *noise, int width,
                                     int height)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p < width * height) {
        int x = p % width, y = p / width;
        unsigned int n = noise[p];
        int r = x * 256 / width + (int)(n & 31u) - 16;
        int g = y * 256 / height + (int)((n >> 5) & 31u) - 16;
        int b = x * 128 / width + y * 128 / height + (int)((n >> 10) & 31u) - 16;
        int block = (y / 4) * (width / 4) + x / 4;
        r = min(max(r, 0), 255);
        g = min(max(g, 0), 255);
        b = min(max(b, 0), 255);
        image[block * 16 + (y % 4) * 4 + x % 4] =
            (unsigned int)r | (unsigned int)g << 8 | (unsigned int)b << 16 | 0xFF000000u;
    }
}

extern "C" __global__ void makePermutations(unsigned int *permutations)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < NUM_PERMUTATIONS) {
        /* index among the 969 triples 0 <= a <= b <= c <= 16 in lexicographic
         * order, skipping the singular (0,0,0), (0,0,16), (0,16,16), (16,16,16) */
        int i = t % NUM_VALID + 1, a = 0, b, j;
        unsigned int perm = 0;
        if (i >= 16)
            i++;
        if (i >= 152)
            i++;
        while (i >= (17 - a) * (18 - a) / 2) {
            i -= (17 - a) * (18 - a) / 2;
            a++;
        }
        b = a;
        while (i >= 17 - b) {
            i -= 17 - b;
            b++;
        }
        i += b;   /* c */
        for (j = 0; j < 16; j++) {
            int level = (j >= a) + (j >= b) + (j >= i);
            unsigned int index = level == 0 ? 0u : level == 3 ? 1u : (unsigned int)level + 1u;
            perm |= index << (2 * j);
        }
        permutations[t] = perm;
    }
}

__device__ void treeSum16(float *v, int tid)
{
    int s;
    for (s = 8; s > 0; s >>= 1) {
        if (tid < s)
            v[tid] += v[tid + s];
        __syncthreads();
    }
}

extern "C" __global__ void dxtc_compress_blocks(const unsigned int *permutations,
                                                const unsigned int *image,
                                                unsigned int *result)
{
    __shared__ float colors[3][16];
    __shared__ float sorted[3][16];
    __shared__ float sums[9][16];
    __shared__ float axis[3];
    __shared__ float dps[16];
    __shared__ int xrefs[16];
    __shared__ float errors[NUM_THREADS];
    __shared__ int owners[NUM_THREADS];
    const int tid = threadIdx.x;
    const int blk = blockIdx.x;
    float best = 3.402823466e+38f;
    unsigned int bestPerm = 0, bestStart = 0, bestEnd = 0;
    int k;

    /* load the colours; their sums */
    if (tid < 16) {
        unsigned int c = image[blk * 16 + tid];
        float r = (float)(c & 255u) * (1.0f / 255.0f);
        float g = (float)((c >> 8) & 255u) * (1.0f / 255.0f);
        float b = (float)((c >> 16) & 255u) * (1.0f / 255.0f);
        colors[0][tid] = r;
        colors[1][tid] = g;
        colors[2][tid] = b;
        sums[0][tid] = r;
        sums[1][tid] = g;
        sums[2][tid] = b;
    }
    __syncthreads();
    for (k = 0; k < 3; k++)
        treeSum16(sums[k], tid);

    /* the covariance about the mean */
    if (tid < 16) {
        float dr = colors[0][tid] - sums[0][0] * 0.0625f;
        float dg = colors[1][tid] - sums[1][0] * 0.0625f;
        float db = colors[2][tid] - sums[2][0] * 0.0625f;
        sums[3][tid] = dr * dr;
        sums[4][tid] = dr * dg;
        sums[5][tid] = dr * db;
        sums[6][tid] = dg * dg;
        sums[7][tid] = dg * db;
        sums[8][tid] = db * db;
    }
    __syncthreads();
    for (k = 3; k < 9; k++)
        treeSum16(sums[k], tid);

    /* the first eigenvector by power iteration */
    if (tid == 0) {
        float xx = sums[3][0], xy = sums[4][0], xz = sums[5][0];
        float yy = sums[6][0], yz = sums[7][0], zz = sums[8][0];
        float vx = 1.0f, vy = 1.0f, vz = 1.0f;
        for (k = 0; k < 8; k++) {
            float x = xx * vx + xy * vy + xz * vz;
            float y = xy * vx + yy * vy + yz * vz;
            float z = xz * vx + yz * vy + zz * vz;
            float m = fmaxf(fabsf(x), fmaxf(fabsf(y), fabsf(z)));
            float iv = m > 0.0f ? 1.0f / m : 0.0f;
            vx = x * iv;
            vy = y * iv;
            vz = z * iv;
        }
        axis[0] = vx;
        axis[1] = vy;
        axis[2] = vz;
    }
    __syncthreads();

    /* sort the colours along the axis: rank by comparisons */
    if (tid < 16)
        dps[tid] = colors[0][tid] * axis[0] + colors[1][tid] * axis[1] + colors[2][tid] * axis[2];
    __syncthreads();
    if (tid < 16) {
        float d = dps[tid];
        int rank = 0, j;
        for (j = 0; j < 16; j++)
            rank += (dps[j] < d || (dps[j] == d && j < tid)) ? 1 : 0;
        xrefs[tid] = rank;
        sorted[0][rank] = colors[0][tid];
        sorted[1][rank] = colors[1][tid];
        sorted[2][rank] = colors[2][tid];
    }
    __syncthreads();

    /* this thread's share of the permutations */
    for (k = 0; k < NUM_PERMUTATIONS / NUM_THREADS; k++) {
        unsigned int perm = permutations[tid + NUM_THREADS * k];
        float alpha2 = 0.0f, beta2 = 0.0f, alphabeta = 0.0f;
        float ax[3] = {0.0f, 0.0f, 0.0f}, bx[3] = {0.0f, 0.0f, 0.0f};
        float factor, err = 0.0f;
        unsigned int q[2][3];
        int j, c;
#pragma unroll
        for (j = 0; j < 16; j++) {
            float alpha = kAlpha[(perm >> (2 * j)) & 3u];
            float beta = 1.0f - alpha;
            alpha2 += alpha * alpha;
            beta2 += beta * beta;
            alphabeta += alpha * beta;
#pragma unroll
            for (c = 0; c < 3; c++) {
                ax[c] += alpha * sorted[c][j];
                bx[c] += beta * sorted[c][j];
            }
        }
        factor = 1.0f / (alpha2 * beta2 - alphabeta * alphabeta);
#pragma unroll
        for (c = 0; c < 3; c++) {
            float scale = c == 1 ? 63.0f : 31.0f, inv = c == 1 ? 1.0f / 63.0f : 1.0f / 31.0f;
            float a = (ax[c] * beta2 - bx[c] * alphabeta) * factor;
            float b = (bx[c] * alpha2 - ax[c] * alphabeta) * factor;
            float qa = rintf(__saturatef(a) * scale), qb = rintf(__saturatef(b) * scale);
            q[0][c] = (unsigned int)qa;
            q[1][c] = (unsigned int)qb;
            a = qa * inv;
            b = qb * inv;
            err += a * a * alpha2 + b * b * beta2
                   + 2.0f * (a * b * alphabeta - a * ax[c] - b * bx[c]);
        }
        if (err < best) {
            best = err;
            bestPerm = perm;
            bestStart = q[0][0] << 11 | q[0][1] << 5 | q[0][2];
            bestEnd = q[1][0] << 11 | q[1][1] << 5 | q[1][2];
        }
    }

    /* the least error, ties to the lowest thread */
    errors[tid] = best;
    owners[tid] = tid;
    __syncthreads();
    for (k = NUM_THREADS / 2; k > 0; k >>= 1) {
        if (tid < k) {
            float e = errors[tid + k];
            int o = owners[tid + k];
            if (e < errors[tid] || (e == errors[tid] && o < owners[tid])) {
                errors[tid] = e;
                owners[tid] = o;
            }
        }
        __syncthreads();
    }

    /* the winner writes the DXT1 block */
    if (tid == owners[0]) {
        unsigned int indices = 0;
        int p;
        for (p = 0; p < 16; p++)
            indices |= ((bestPerm >> (2 * xrefs[p])) & 3u) << (2 * p);
        if (bestStart < bestEnd) {
            unsigned int t = bestStart;
            bestStart = bestEnd;
            bestEnd = t;
            indices ^= 0x55555555u;
        } else if (bestStart == bestEnd) {
            indices = 0;
        }
        result[2 * blk] = bestStart | bestEnd << 16;
        result[2 * blk + 1] = indices;
    }
}
