// KM (k-means as in the CCWS suite, from Rodinia kmeans_cuda_kernel.cu).
// features is npoints x nfeatures, row-major: each point's features lie
// together, and each thread walks its own point's row (the CCWS suite's
// untransposed layout; Rodinia's GPU version first transposes it). This
// intra-thread, row-per-thread reading is what thrashes the L1.
//   kmeansPoint: Rodinia's kernel, one thread per point, 256-thread blocks
//     on a square 2-D grid (block_id = gridDim.x * blockIdx.y + blockIdx.x):
//     nearest centre by squared Euclidean distance, membership written.
//     A change of membership is counted into *delta (Rodinia's host counts
//     it while copying membership back).
//   kmeansPartial + kmeansUpdate: Rodinia's host step (new centres = mean of
//     each cluster's points) moved onto the device, since the workload file
//     runs no host code: per-block partial sums over chunks of points, then
//     one thread per (cluster, feature) adds them in block order and divides
//     by the count; thread 0 advances the iteration count and sets *done
//     when nothing changed (Rodinia: delta <= threshold 0.001, i.e. zero) or
//     after maxIter iterations (Rodinia: 500). (A single thread per centre
//     element walking every point made the timing run's tail far too long.)
//   kmeansInit: the initial centres are the first nclusters points.
// Squared distances use the fmaf nvcc contracts ans += diff * diff to.
#include <float.h>

extern "C" __global__ void kmeansInit(const float *features, float *clusters, int nfeatures,
                                      int nclusters)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < nclusters * nfeatures)
        clusters[t] = features[t];
}

extern "C" __global__ void kmeansPoint(const float *features, int nfeatures, int npoints,
                                       int nclusters, int *membership, const float *clusters,
                                       int *delta)
{
    unsigned int block_id = gridDim.x * blockIdx.y + blockIdx.x;
    unsigned int point_id = block_id * blockDim.x * blockDim.y + threadIdx.x;
    int index = -1;
    if (point_id < npoints) {
        float min_dist = FLT_MAX;
        for (int i = 0; i < nclusters; i++) {
            int cluster_base_index = i * nfeatures;
            float ans = 0.0f;
            for (int j = 0; j < nfeatures; j++) {
                int addr = point_id * nfeatures + j;
                float diff = features[addr] - clusters[cluster_base_index + j];
                ans = fmaf(diff, diff, ans);
            }
            float dist = ans;
            if (dist < min_dist) {
                min_dist = dist;
                index = i;
            }
        }
        if (membership[point_id] != index)
            atomicAdd(delta, 1);
        membership[point_id] = index;
    }
}

// One block per chunk of consecutive points (Rodinia's BLOCK_CENTER_REDUCE
// idea: per-block partial centre sums): thread t = (cluster c, feature j)
// sums feature j over the chunk's points of cluster c, in point order.
extern "C" __global__ void kmeansPartial(const float *features, int nfeatures, int npoints,
                                         int nclusters, const int *membership,
                                         float *partial_sums, int *partial_counts, int chunk)
{
    int t = threadIdx.x;
    int b = blockIdx.x;
    if (t < nclusters * nfeatures) {
        int c = t / nfeatures;
        int j = t % nfeatures;
        int lo = b * chunk;
        int hi = min(npoints, lo + chunk);
        float sum = 0.0f;
        int count = 0;
        for (int p = lo; p < hi; p++) {
            if (membership[p] == c) {
                sum += features[p * nfeatures + j];
                count++;
            }
        }
        partial_sums[b * nclusters * nfeatures + t] = sum;
        if (j == 0)
            partial_counts[b * nclusters + c] = count;
    }
}

// Thread t = (c, j) adds the blocks' partial sums and counts in block order
// and divides (Rodinia's host: new centre = sum / count when count > 0);
// thread 0 advances the iteration count and sets *done.
extern "C" __global__ void kmeansUpdate(int nfeatures, int nclusters, const float *partial_sums,
                                        const int *partial_counts, int nblocks,
                                        float *clusters, const int *delta, int *iter,
                                        int *done, int maxIter)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < nclusters * nfeatures) {
        int c = t / nfeatures;
        float sum = 0.0f;
        int count = 0;
        for (int b = 0; b < nblocks; b++) {
            sum += partial_sums[b * nclusters * nfeatures + t];
            count += partial_counts[b * nclusters + c];
        }
        if (count > 0)
            clusters[t] = sum / (float)count;
    }
    if (t == 0) {
        int it = *iter + 1;
        *iter = it;
        *done = (*delta == 0 || it >= maxIter) ? 1 : 0;
    }
}
