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

#include "kmeans_centres.cuh"
