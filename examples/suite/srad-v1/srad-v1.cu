/*
 * SRAD v1 (Rodinia srad_v1, seed 003 Table 21): speckle-reducing
 * anisotropic diffusion in the shape of Rodinia's first CUDA version; the
 * project's own code. The image is column-major (element ei = row + Nr *
 * col), one thread per element, 1-D blocks of 512 threads. The kernels
 * sradv1_expand, sradv1_prepare_sums, sradv1_sum_pass, sradv1_coefficients,
 * sradv1_divergence and sradv1_compress model Rodinia's extract, prepare,
 * reduce, srad, srad2 and compress.
 *
 * sradv1_expand: I = exp(I / 255) (the image's bytes to intensities). Then
 * per iteration: sradv1_prepare_sums copies I and I * I into sums and sums2;
 * sradv1_sum_pass, launched until one block is left, adds 512 values a block
 * in a shared-memory tree (interleaved pairs, stride doubling; a last block
 * that is not full adds its largest power-of-two prefix in the tree and its
 * leftovers serially) and leaves each block's totals at element bx * mul *
 * 512 (mul = 512^pass); sradv1_q0_ratio forms the ROI statistic q0^2 = var /
 * mean^2 from the totals; sradv1_coefficients computes the four directional
 * derivatives (neighbours through the index arrays iN, iS, jW, jE, which
 * clamp at the edges) and the saturated diffusion coefficient;
 * sradv1_divergence applies the divergence update I += 0.25 lambda div.
 * Finally sradv1_compress: I = log(I) * 255. Rodinia's float/double
 * promotions (its double literals 0.5, 1/16, 0.25, 1.0) are kept as written.
 *
 * Departures: Rodinia copies the reduced totals to the host and computes
 * q0sqr there between the kernels; here a one-thread kernel, sradv1_q0_ratio,
 * does that float arithmetic on the device into a word that
 * sradv1_coefficients reads (sradv1_coefficients takes a pointer where
 * Rodinia passes the value). The iN/iS/jW/jE arrays that Rodinia fills on the
 * host are laid out by the workload file (iota and set). The image is seeded
 * random values in [0, 255] where Rodinia reads image.pgm and resizes it. The
 * ROI is the whole image, as Rodinia's default run has it. sradv1_sum_pass's
 * serial leftover loop reads the partial totals at their stride (sums[i *
 * mul]); Rodinia reads sums[i], right only on the first pass.
 */
#define THREADS 512

extern "C" __global__ void sradv1_expand(long n, float *image)
{
    int e = blockIdx.x * THREADS + threadIdx.x;
    if (e < n)
        image[e] = exp(image[e] / 255);
}

extern "C" __global__ void sradv1_prepare_sums(long n, const float *image, float *sums,
                                               float *sums2)
{
    int e = blockIdx.x * THREADS + threadIdx.x;
    if (e < n) {
        sums[e] = image[e];
        sums2[e] = image[e] * image[e];
    }
}

/* One pass of the total: block b adds the count values at stride `stride`
 * from value b * 512 on, and leaves its totals at element b * stride * 512. */
extern "C" __global__ void sradv1_sum_pass(long n, int count, int stride, float *sums,
                                           float *sums2)
{
    __shared__ float part[THREADS];
    __shared__ float part2[THREADS];
    const int b = blockIdx.x, t = threadIdx.x;
    const int v = b * THREADS + t;
    const int lastFill = THREADS - (gridDim.x * THREADS - count);   /* values in the last block */
    const int full = lastFill == THREADS || b != gridDim.x - 1;
    int span = THREADS, k;

    if (v < count) {
        part[t] = sums[v * stride];
        part2[t] = sums2[v * stride];
    }
    __syncthreads();
    if (!full) {   /* the tree covers the largest power of two that fits */
        span = 0;
        for (k = 2; k <= THREADS; k *= 2)
            if (lastFill >= k)
                span = k;
    }
    /* interleaved pairs, the distance doubling: the sum ends at t = span - 1 */
    for (k = 2; k <= span; k *= 2) {
        if ((t + 1) % k == 0) {
            part[t] = part[t] + part[t - k / 2];
            part2[t] = part2[t] + part2[t - k / 2];
        }
        __syncthreads();
    }
    if (t == span - 1) {
        if (!full)   /* the values past the tree, one by one */
            for (k = b * THREADS + span; k < b * THREADS + lastFill; k++) {
                part[t] = part[t] + sums[k * stride];
                part2[t] = part2[t] + sums2[k * stride];
            }
        sums[b * stride * THREADS] = part[t];
        sums2[b * stride * THREADS] = part2[t];
    }
}

/* The statistic Rodinia's host forms between sradv1_sum_pass and
 * sradv1_coefficients, by one thread. */
extern "C" __global__ void sradv1_q0_ratio(int n, const float *sums, const float *sums2,
                                           float *stat)
{
    float mean = sums[0] / (float)n;
    float meanSquared = mean * mean;
    float variance = (sums2[0] / (float)n) - meanSquared;
    stat[0] = variance / meanSquared;
}

extern "C" __global__ void sradv1_coefficients(float lambda, int rows, int cols, long n,
                                               const int *rowN,
                                               const int *rowS, const int *colE, const int *colW,
                                               float *dN,
                                               float *dS, float *dE, float *dW, const float *stat,
                                               float *coeff,
                                               const float *image)
{
    const int e = blockIdx.x * THREADS + threadIdx.x;
    const int r = e % rows, c = e / rows;   /* column-major */
    if (e < n) {
        const float q0 = stat[0];
        const float centre = image[e];
        const float north = image[rowN[r] + rows * c] - centre;
        const float south = image[rowS[r] + rows * c] - centre;
        const float west = image[r + rows * colW[c]] - centre;
        const float east = image[r + rows * colE[c]] - centre;
        /* normalised gradient magnitude and Laplacian, then the ICOV q^2 */
        const float gradient2 = (north * north + south * south + west * west + east * east) /
                                (centre * centre);
        const float laplacian = (north + south + west + east) / centre;
        const float numerator = (0.5 * gradient2) - ((1.0 / 16.0) * (laplacian * laplacian));
        float denominator = 1 + (0.25 * laplacian);
        const float q2 = numerator / (denominator * denominator);
        denominator = (q2 - q0) / (q0 * (1 + q0));
        float diffusion = 1.0 / (1.0 + denominator);
        diffusion = diffusion < 0 ? 0 : diffusion > 1 ? 1 : diffusion;
        dN[e] = north;
        dS[e] = south;
        dW[e] = west;
        dE[e] = east;
        coeff[e] = diffusion;
    }
}

extern "C" __global__ void sradv1_divergence(float lambda, int rows, int cols, long n,
                                             const int *rowN,
                                             const int *rowS, const int *colE, const int *colW,
                                             const float *dN, const float *dS, const float *dE,
                                             const float *dW, const float *coeff, float *image)
{
    const int e = blockIdx.x * THREADS + threadIdx.x;
    const int r = e % rows, c = e / rows;
    if (e < n) {
        /* the north and west coefficients are the cell's own, the south and east its
         * neighbours' */
        const float divergence = coeff[e] * dN[e] + coeff[rowS[r] + rows * c] * dS[e] +
                                 coeff[e] * dW[e] + coeff[r + rows * colE[c]] * dE[e];
        image[e] = image[e] + 0.25 * lambda * divergence;
    }
}

extern "C" __global__ void sradv1_compress(long n, float *image)
{
    int e = blockIdx.x * THREADS + threadIdx.x;
    if (e < n)
        image[e] = log(image[e]) * 255;
}
