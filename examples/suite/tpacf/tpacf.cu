/*
 * TPACF (Parboil tpacf, seed 003 Table 17: the two-point angular
 * correlation function): histograms of the angular distances between
 * points on the sky, data against itself and against each random set, in
 * Parboil's gen_hists shape; the project's own code. tpacf_histograms
 * models gen_hists.
 *
 * normalize_points: each of the points (x, y, z), stored as three arrays,
 * becomes a unit vector, each coordinate divided by sqrtf(x x + y y + z z)
 * (Parboil reads right ascension and declination from files and converts
 * them on the host; here a first kernel normalises seeded random points).
 * tpacf_histograms: the points are num_sets + 1 sets of n (set 0 the data, the
 * others random). Block b < num_sets + 1 histograms set b against itself
 * (each pair once), block num_sets + 1 + r the data against random set
 * r + 1. A block of BLOCK_SIZE threads stages BLOCK_SIZE points of the
 * first set in shared memory; each thread takes one point of the second
 * set and walks the staged points; for each pair the dot product picks a
 * bin by binary search over dev_binb (NUM_BINS + 1 decreasing cosines of
 * logarithmic angles from 1 to 10000 arcminutes, in constant memory), and
 * the thread adds 1 to its warp's sub-histogram in shared memory with
 * atomicAdd; at the end the block sums the sub-histograms into its row of
 * NUM_BINS counts. n must be a multiple of BLOCK_SIZE.
 */
#define BLOCK_SIZE 128
#define NUM_BINS 20
#define WARPS (BLOCK_SIZE / 32)

__constant__ float dev_binb[NUM_BINS + 1] = {
    9.999999404e-01f, 9.999998808e-01f, 9.999997616e-01f, 9.999993443e-01f, 9.999983311e-01f,
    9.999957681e-01f, 9.999893904e-01f, 9.999732971e-01f, 9.999329448e-01f, 9.998315573e-01f,
    9.995769262e-01f, 9.989374876e-01f, 9.973317385e-01f, 9.933021069e-01f, 9.832041264e-01f,
    9.579895139e-01f, 8.955962062e-01f, 7.447220087e-01f, 4.011294544e-01f, -2.615079582e-01f,
    -9.730448723e-01f
};

extern "C" __global__ void normalize_points(float *x, float *y, float *z, int count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) {
        float len = sqrtf(x[i] * x[i] + y[i] * y[i] + z[i] * z[i]);
        x[i] = x[i] / len;
        y[i] = y[i] / len;
        z[i] = z[i] / len;
    }
}

extern "C" __global__ void tpacf_histograms(unsigned int *histograms, const float *all_x,
                                            const float *all_y, const float *all_z, int num_sets,
                                            int n)
{
    __shared__ float data_x[BLOCK_SIZE], data_y[BLOCK_SIZE], data_z[BLOCK_SIZE];
    __shared__ unsigned int warp_hists[NUM_BINS][WARPS];
    unsigned int bx = blockIdx.x, tid = threadIdx.x;
    int do_self = bx < (unsigned int)(num_sets + 1);
    const float *dx, *dy, *dz, *rx, *ry, *rz;
    unsigned int i, j, k, w;
    for (w = tid; w < NUM_BINS * WARPS; w += BLOCK_SIZE)
        warp_hists[w / WARPS][w % WARPS] = 0;
    if (do_self) {
        dx = rx = all_x + n * bx;
        dy = ry = all_y + n * bx;
        dz = rz = all_z + n * bx;
    } else {
        dx = all_x;
        dy = all_y;
        dz = all_z;
        rx = all_x + n * (bx - num_sets);
        ry = all_y + n * (bx - num_sets);
        rz = all_z + n * (bx - num_sets);
    }
    for (i = 0; i < (unsigned int)n; i += BLOCK_SIZE) {
        __syncthreads();
        data_x[tid] = dx[i + tid];
        data_y[tid] = dy[i + tid];
        data_z[tid] = dz[i + tid];
        __syncthreads();
        for (j = do_self ? i : 0; j < (unsigned int)n; j += BLOCK_SIZE) {
            float px = rx[j + tid], py = ry[j + tid], pz = rz[j + tid];
            for (k = 0; k < BLOCK_SIZE; k++) {
                if (!do_self || j + tid > i + k) {   /* each pair of a set once */
                    float dot = data_x[k] * px + data_y[k] * py + data_z[k] * pz;
                    unsigned int lo = 0, hi = NUM_BINS, mid;
                    while (hi > lo + 1) {
                        mid = (lo + hi) / 2;
                        if (dot >= dev_binb[mid])
                            hi = mid;
                        else
                            lo = mid;
                    }
                    atomicAdd(&warp_hists[hi - 1][tid / 32], 1u);
                }
            }
        }
    }
    __syncthreads();
    for (w = tid; w < NUM_BINS; w += BLOCK_SIZE) {
        unsigned int sum = 0, v;
        for (v = 0; v < WARPS; v++)
            sum += warp_hists[w][v];
        histograms[bx * NUM_BINS + w] = sum;
    }
}
