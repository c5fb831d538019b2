// KM: k-means as the CCWS suite runs it (its KMN, built on Rodinia's
// kmeans), written for gpusim from the benchmark's described behaviour; the
// code is the project's own.
//
// Data layout: `data` holds count points of width features, row-major, so
// each point's features are contiguous and every thread walks its own
// point's row (the CCWS suite keeps this untransposed layout; Rodinia's GPU
// build first transposes it, see ../kmeans). Those row-per-thread reads, 34
// floats apart between neighbouring threads, are what thrash the L1.
//   km_nearest_centre: one thread per point, 256-thread blocks on a square
//     2-D grid numbered row by row (block = blockIdx.y * gridDim.x +
//     blockIdx.x); the point's squared Euclidean distance to each centre in
//     turn, the first smallest one wins, and the winner's number is stored
//     in the point's label. A label that changes is counted into *changes
//     with an atomic add (the benchmark's host counts changes while copying
//     the labels back).
//   km_chunk_sums + km_mean_centres (kmeans_centres.cuh): the benchmark's
//     host step, new centre = mean of its points, moved onto the device
//     because a workload file runs no host code.
//   km_first_centres: the starting centres are the first k points.
// Departures: the per-iteration host work runs on the device as above; the
// host loop's limit and stop test are km_mean_centres' (see there).
// Each distance is a sub then a fused multiply-add into the running sum,
// feature 0 first: what nvcc makes of sum += d * d.
#include <float.h>

extern "C" __global__ void km_first_centres(const float *data, float *centres, int width, int k)
{
    const int i = threadIdx.x + blockIdx.x * blockDim.x;
    if (i >= k * width)
        return;
    centres[i] = data[i];
}

#include "km_distance.cuh"

extern "C" __global__ void km_nearest_centre(const float *data, int width, int count, int k,
                                             int *label, const float *centres, int *changes)
{
    const unsigned block = blockIdx.y * gridDim.x + blockIdx.x;
    const unsigned pt = threadIdx.x + block * (blockDim.x * blockDim.y);
    if (pt >= count)
        return;
    const float *row = data + pt * width;
    // the search is written out in each kernel: as a shared helper nvcc
    // orders kmeans' parameter loads differently
    int nearest = -1;
    float nearest_d2 = FLT_MAX;
    for (int c = 0; c < k; c++) {
        const float d2 = km_dist2(row, 1, centres + c * width, width);
        if (d2 < nearest_d2) {
            nearest = c;
            nearest_d2 = d2;
        }
    }
    if (label[pt] != nearest)
        atomicAdd(changes, 1);
    label[pt] = nearest;
}

#include "kmeans_centres.cuh"
