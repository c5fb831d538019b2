// LKYT (Rodinia Leukocyte), a documented substitute (README "Reproducing seed 002"): the
// detection step of leukocyte, thread per pixel. Rodinia's leukocyte finds white blood cells
// in the frames of a microscopy video (the AVI input is not reproducible here) by the GICOV
// score of circles around every pixel, then a dilation. lkGicov does that on a seeded
// gradient image: for each of 7 radii (3..9) it samples the gradient at 16 points of the
// circle (integer offsets in constant memory), and scores the circle by mean^2 / variance;
// the pixel keeps its best circle. lkDilate takes the maximum over a disk of radius 3. Every
// operation is an explicitly rounded intrinsic, so a C reference repeats it bit for bit. A
// block's loads fall in a 34 x 34 neighbourhood the L1 keeps: seed 002's memory-insensitive
// class.
#define LK_NR 7     // radii 3..9
#define LK_NP 16    // samples per circle
#define LK_MARGIN 9

__constant__ int c_dx[LK_NR][LK_NP] = {
    { 3, 3, 2, 1, 0, -1, -2, -3, -3, -3, -2, -1, 0, 1, 2, 3 },
    { 4, 4, 3, 2, 0, -2, -3, -4, -4, -4, -3, -2, 0, 2, 3, 4 },
    { 5, 5, 4, 2, 0, -2, -4, -5, -5, -5, -4, -2, 0, 2, 4, 5 },
    { 6, 6, 4, 2, 0, -2, -4, -6, -6, -6, -4, -2, 0, 2, 4, 6 },
    { 7, 6, 5, 3, 0, -3, -5, -6, -7, -6, -5, -3, 0, 3, 5, 6 },
    { 8, 7, 6, 3, 0, -3, -6, -7, -8, -7, -6, -3, 0, 3, 6, 7 },
    { 9, 8, 6, 3, 0, -3, -6, -8, -9, -8, -6, -3, 0, 3, 6, 8 }
};
__constant__ int c_dy[LK_NR][LK_NP] = {
    { 0, 1, 2, 3, 3, 3, 2, 1, 0, -1, -2, -3, -3, -3, -2, -1 },
    { 0, 2, 3, 4, 4, 4, 3, 2, 0, -2, -3, -4, -4, -4, -3, -2 },
    { 0, 2, 4, 5, 5, 5, 4, 2, 0, -2, -4, -5, -5, -5, -4, -2 },
    { 0, 2, 4, 6, 6, 6, 4, 2, 0, -2, -4, -6, -6, -6, -4, -2 },
    { 0, 3, 5, 6, 7, 6, 5, 3, 0, -3, -5, -6, -7, -6, -5, -3 },
    { 0, 3, 6, 7, 8, 7, 6, 3, 0, -3, -6, -7, -8, -7, -6, -3 },
    { 0, 3, 6, 8, 9, 8, 6, 3, 0, -3, -6, -8, -9, -8, -6, -3 }
};

extern "C" __global__ void lkGicov(const float *grad, int width, int height, float *gicov)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height)
        return;
    float best = 0.0f;
    if (x >= LK_MARGIN && y >= LK_MARGIN && x < width - LK_MARGIN && y < height - LK_MARGIN) {
        for (int r = 0; r < LK_NR; r++) {
            float sum = 0.0f, sumsq = 0.0f;
            for (int i = 0; i < LK_NP; i++) {
                float g = grad[(y + c_dy[r][i]) * width + x + c_dx[r][i]];
                sum = __fadd_rn(sum, g);
                sumsq = __fmaf_rn(g, g, sumsq);
            }
            float mean = __fmul_rn(sum, 0.0625f);
            float var = __fsub_rn(__fmul_rn(sumsq, 0.0625f), __fmul_rn(mean, mean));
            float score = var > 0.0f ? __fdiv_rn(__fmul_rn(mean, mean), var) : 0.0f;
            if (score > best)
                best = score;
        }
    }
    gicov[y * width + x] = best;
}

extern "C" __global__ void lkDilate(const float *gicov, int width, int height, float *dilated)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height)
        return;
    float m = 0.0f;
    for (int dy = -3; dy <= 3; dy++)
        for (int dx = -3; dx <= 3; dx++) {
            int xx = x + dx, yy = y + dy;
            if (dx * dx + dy * dy > 9 || xx < 0 || yy < 0 || xx >= width || yy >= height)
                continue;
            float v = gicov[yy * width + xx];
            if (v > m)
                m = v;
        }
    dilated[y * width + x] = m;
}
