// HRTWL (Rodinia Heart Wall), a documented substitute (README "Reproducing seed 002"): the
// tracking step of heartwall, block per sample point. Rodinia's heartwall follows 51 points
// of the heart's walls through the frames of an ultrasound video (the AVI input is not
// reproducible here) by matching each point's template against a search window of the next
// frame. hwTrack does that matching on seeded frames: the block copies the point's 16 x 16
// template from frame0 and its 31 x 31 window from frame1 into shared memory, each of its
// 256 threads correlates the template at one of 16 x 16 displacements (-8..7 in x and y;
// 256 fused multiply-adds from shared memory), and the block keeps the largest correlation,
// the lowest displacement index on a tie (a total order, so the reduction's order does not
// matter). Global memory is read once per block: compute-bound, seed 002's
// memory-insensitive class.
#define HW_T 16                    // template side
#define HW_D 16                    // displacements per axis: -8..7
#define HW_W (HW_T + HW_D - 1)     // window side, 31

extern "C" __global__ void hwTrack(const float *frame0, const float *frame1, const int *points,
                                   int width, int *best, float *best_score)
{
    __shared__ float tmpl[HW_T * HW_T];
    __shared__ float win[HW_W * HW_W];
    __shared__ float score[HW_D * HW_D];
    __shared__ int index[HW_D * HW_D];
    int p = blockIdx.x, t = threadIdx.x;
    int px = points[2 * p], py = points[2 * p + 1];   // the template's top-left corner
    tmpl[t] = frame0[(py + t / HW_T) * width + px + t % HW_T];
    for (int i = t; i < HW_W * HW_W; i += HW_D * HW_D)
        win[i] = frame1[(py - HW_D / 2 + i / HW_W) * width + px - HW_D / 2 + i % HW_W];
    __syncthreads();
    int dy = t / HW_D, dx = t % HW_D;
    float s = 0.0f;
    for (int y = 0; y < HW_T; y++)
        for (int x = 0; x < HW_T; x++)
            s = __fmaf_rn(tmpl[y * HW_T + x], win[(dy + y) * HW_W + dx + x], s);
    score[t] = s;
    index[t] = t;
    __syncthreads();
    for (int stride = HW_D * HW_D / 2; stride > 0; stride >>= 1) {
        if (t < stride) {
            float other = score[t + stride];
            if (other > score[t] || (other == score[t] && index[t + stride] < index[t])) {
                score[t] = other;
                index[t] = index[t + stride];
            }
        }
        __syncthreads();
    }
    if (t == 0) {
        best[2 * p] = index[0] % HW_D - HW_D / 2;
        best[2 * p + 1] = index[0] / HW_D - HW_D / 2;
        best_score[p] = score[0];
    }
}
