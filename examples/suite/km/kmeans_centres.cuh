// The new centres of k-means (Rodinia's host step, moved onto the device so a
// workload file needs no host code), shared by km.cu and ../kmeans/kmeans.cu:
// kmeansPartial sums each chunk of points per (cluster, feature) on the
// point-major features, kmeansUpdate adds the chunks in block order and
// divides. Included at the end of each .cu, so each PTX keeps its kernel order.
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
