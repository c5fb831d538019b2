// SRAD: a model of Rodinia's srad_v2 (speckle-reducing anisotropic
// diffusion of an image), its two per-iteration kernels, written for gpusim
// from the benchmark's behaviour; the code is the project's own.
//
// Per iteration: the speckle statistic q0^2 of a fixed region of interest,
// then srad_gradient_coef (the four one-sided differences of every pixel and
// its diffusion coefficient, saturated to [0, 1]) and srad_divergence_update
// (the divergence of coefficient-weighted differences and the explicit image
// update). Shape kept from the benchmark: (W/16, H/16) blocks of 16 x 16
// threads, a pixel a thread, all tiles static shared memory.
//   - srad_gradient_coef stages, in this order with a barrier after each
//     group, the rows above and below the block's tile (every thread row
//     fetches them again; only one row of each is used), the columns to its
//     left and right (likewise), and the tile itself, into six 16 x 16
//     shared tiles (four halo tiles, the image tile, the coefficient tile);
//     it writes C, then the E, W, S, N differences.
//   - srad_divergence_update stages the image tile, the coefficient row
//     below, the column to the right and the coefficient tile (barrier after
//     each), and writes the new pixel through a shared result tile.
// A halo row or column first comes from the neighbouring block's cells;
// on the image's border it is fetched again from the border cells
// (neighbour clamping). The first fetch of the first/last block row or
// column lies outside the image and its value is never used: the benchmark
// reads it, so this module does too, and the .gsw files put guard buffers
// around J and C so those reads stay in device memory, as the padding of a
// real allocation would. The benchmark's float/double mix (its double
// literals) is kept, written as explicit intrinsics in the operation order
// nvcc -O3 gives its expressions.
//
// Departures: the host's q0sqr (mean and variance over the ROI, rows/cols
// 0..127, summed in float) runs as srad_roi on the device (one block of 128
// threads, one ROI column per thread, then a shared tree sum) and both
// kernels read q0^2 from that device word instead of a scalar argument. A
// thread picks each neighbour on its own (from the tile, or from a halo tile
// on the tile's edge) rather than through one case per tile position.

#define SR_T 16
#define ROI 128

// halo tiles of srad_gradient_coef
#define SR_ABOVE 0
#define SR_BELOW 1
#define SR_LEFT 2
#define SR_RIGHT 3

// q0^2 of the region of interest (rows and columns 0..ROI-1), the squared
// coefficient of variation var / mean^2: thread c adds up column c from the
// top, then the columns' totals are halved pairwise in shared memory;
// stat[0] receives the result.
extern "C" __global__ void srad_roi(const float *img, float *stat, int width)
{
    __shared__ float tot[ROI];
    __shared__ float tot_sq[ROI];
    const int c = threadIdx.x;
    float acc = 0.0f, acc_sq = 0.0f;
    for (int r = 0; r < ROI; r++) {
        const float v = img[r * width + c];
        acc = __fadd_rn(acc, v);
        acc_sq = fmaf(v, v, acc_sq);
    }
    tot[c] = acc;
    tot_sq[c] = acc_sq;
    for (int half = ROI / 2; half > 0; half >>= 1) {
        __syncthreads();
        if (c < half) {
            tot[c] = __fadd_rn(tot[c], tot[c + half]);
            tot_sq[c] = __fadd_rn(tot_sq[c], tot_sq[c + half]);
        }
    }
    if (c == 0) {
        const float area = (float)(ROI * ROI);
        const float mean = __fdiv_rn(tot[0], area);
        const float mean2 = __fmul_rn(mean, mean);
        const float spread = __fsub_rn(__fdiv_rn(tot_sq[0], area), mean2);
        stat[0] = __fdiv_rn(spread, mean2);
    }
}

// Stages one halo cell: `far` is the cell next to the tile; where the tile
// sits on the image's border that fetch is repeated from `near`, the border
// cell itself.
static __device__ __forceinline__ void sr_stage(float *slot, const float *img, int far,
                                                bool on_border, int near)
{
    *slot = img[far];
    if (on_border)
        *slot = img[near];
}

// Diffusion coefficient of a pixel of value `v` from its four differences:
// the normalised gradient and Laplacian give the local q^2, compared with
// the region's q0^2, and the result is clipped to [0, 1].
static __device__ __forceinline__ float sr_coefficient(float dn, float ds, float dw, float de,
                                                       float v, float q0)
{
    float grad2 = __fdiv_rn(fmaf(de, de, fmaf(dw, dw, fmaf(ds, ds, __fmul_rn(dn, dn)))),
                            __fmul_rn(v, v));
    float lap = __fdiv_rn(__fadd_rn(__fadd_rn(__fadd_rn(dn, ds), dw), de), v);
    float upper = (float)fma(-0.0625, (double)__fmul_rn(lap, lap), __dmul_rn(0.5, (double)grad2));
    float lower = (float)fma(0.25, (double)lap, 1.0);
    float q2 = __fdiv_rn(upper, __fmul_rn(lower, lower));
    float excess = __fdiv_rn(__fsub_rn(q2, q0), __fmul_rn(q0, __fadd_rn(1.0f, q0)));
    float k = (float)__ddiv_rn(1.0, __dadd_rn(1.0, (double)excess));
    return k < 0.0f ? 0.0f : (k > 1.0f ? 1.0f : k);
}

extern "C" __global__ void srad_gradient_coef(float *d_east, float *d_west, float *d_north,
                                              float *d_south, const float *img, float *coef,
                                              int width, int height, const float *stat)
{
    __shared__ float halo[4][SR_T][SR_T];
    __shared__ float pix[SR_T][SR_T];
    __shared__ float kept[SR_T][SR_T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bx = blockIdx.x, by = blockIdx.y;
    const int origin = (by * width + bx) * SR_T;   // the tile's top-left pixel
    const int line = origin + ty * width;          // this thread's row, tile column 0
    const int at = line + tx;
    const float q0 = stat[0];
    (void)height;

    sr_stage(&halo[SR_ABOVE][ty][tx], img, origin - width + tx, by == 0, origin + tx);
    sr_stage(&halo[SR_BELOW][ty][tx], img, origin + SR_T * width + tx,
             by == (int)gridDim.y - 1, origin + (SR_T - 1) * width + tx);
    __syncthreads();
    sr_stage(&halo[SR_LEFT][ty][tx], img, line - 1, bx == 0, line);
    sr_stage(&halo[SR_RIGHT][ty][tx], img, line + SR_T, bx == (int)gridDim.x - 1,
             line + SR_T - 1);
    __syncthreads();
    pix[ty][tx] = img[at];
    __syncthreads();

    // differences to the four neighbours, from the halo on the tile's edge
    const float mid = pix[ty][tx];
    const float dn = (ty > 0 ? pix[ty - 1][tx] : halo[SR_ABOVE][ty][tx]) - mid;
    const float ds = (ty < SR_T - 1 ? pix[ty + 1][tx] : halo[SR_BELOW][ty][tx]) - mid;
    const float dw = (tx > 0 ? pix[ty][tx - 1] : halo[SR_LEFT][ty][tx]) - mid;
    const float de = (tx < SR_T - 1 ? pix[ty][tx + 1] : halo[SR_RIGHT][ty][tx]) - mid;
    kept[ty][tx] = sr_coefficient(dn, ds, dw, de, mid, q0);
    __syncthreads();

    coef[at] = kept[ty][tx];
    d_east[at] = de;
    d_west[at] = dw;
    d_south[at] = ds;
    d_north[at] = dn;
}

extern "C" __global__ void srad_divergence_update(const float *d_east, const float *d_west,
                                                  const float *d_north, const float *d_south,
                                                  float *img, const float *coef, int width,
                                                  int height, float lambda, const float *stat)
{
    __shared__ float next_c[2][SR_T][SR_T];   // [0]: row below the tile, [1]: column right of it
    __shared__ float ctile[SR_T][SR_T];
    __shared__ float result[SR_T][SR_T];
    __shared__ float pix[SR_T][SR_T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bx = blockIdx.x, by = blockIdx.y;
    const int origin = (by * width + bx) * SR_T;
    const int line = origin + ty * width;
    const int at = line + tx;
    (void)height;
    (void)stat;

    pix[ty][tx] = img[at];
    __syncthreads();
    sr_stage(&next_c[0][ty][tx], coef, origin + SR_T * width + tx, by == (int)gridDim.y - 1,
             origin + (SR_T - 1) * width + tx);
    __syncthreads();
    sr_stage(&next_c[1][ty][tx], coef, line + SR_T, bx == (int)gridDim.x - 1, line + SR_T - 1);
    __syncthreads();
    ctile[ty][tx] = coef[at];
    __syncthreads();

    // fluxes through the north and west faces use this pixel's coefficient,
    // those through the south and east faces the neighbour's
    const float c_here = ctile[ty][tx];
    const float c_s = ty < SR_T - 1 ? ctile[ty + 1][tx] : next_c[0][ty][tx];
    const float c_e = tx < SR_T - 1 ? ctile[ty][tx + 1] : next_c[1][ty][tx];
    float div = __fmul_rn(c_here, d_north[at]);
    div = fmaf(c_s, d_south[at], div);
    div = fmaf(c_here, d_west[at], div);
    div = fmaf(c_e, d_east[at], div);
    result[ty][tx] = (float)fma(__dmul_rn(0.25, (double)lambda), (double)div,
                                (double)pix[ty][tx]);
    __syncthreads();
    img[at] = result[ty][tx];
}
