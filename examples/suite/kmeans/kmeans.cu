// KMEANS (Rodinia kmeans, kmeans_cuda_kernel.cu; seed 001's large-working-set
// "kmeans", apart from the CCWS suite's KM): the same algorithm as km, with
// Rodinia's GPU data layout. invertMapping first transposes the features to
// feature-major (Rodinia's invert_mapping: feature j of point p at
// j * npoints + p), so in kmeansPoint a warp's threads read one line per
// feature, coalesced, and re-read it for every cluster: each warp cycles
// through 34 lines per cluster, and all resident warps' lines together
// exceed the L1D (the interference CIAO targets).
//   Decisions: Rodinia reads the features through the texture cache and the
//   centres from constant memory; gpusim's PTX front end has neither path
//   (issue 22), so both are global loads. Rodinia's host loop and centre
//   update run on the device as in km (kmeansPartial, kmeansUpdate, on the
//   point-major copy as Rodinia's host does), so the workload file needs no
//   host code.
// Squared distances use the fmaf nvcc contracts ans += diff * diff to.
#include <float.h>

extern "C" __global__ void kmeansInit(const float *features, float *clusters, int nfeatures,
                                      int nclusters)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < nclusters * nfeatures)
        clusters[t] = features[t];
}

extern "C" __global__ void invertMapping(const float *input, float *output, int npoints,
                                         int nfeatures)
{
    int point_id = threadIdx.x + blockDim.x * blockIdx.x;
    if (point_id < npoints)
        for (int i = 0; i < nfeatures; i++)
            output[point_id + npoints * i] = input[point_id * nfeatures + i];
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
                int addr = point_id + j * npoints;
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

#include "../km/kmeans_centres.cuh"
