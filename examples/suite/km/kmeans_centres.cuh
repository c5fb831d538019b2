// New k-means centres on the device, shared by km.cu and ../kmeans/kmeans.cu:
// the benchmark's host computes each centre as the mean of the points
// labelled with it; a workload file runs no host code, so the two kernels
// below do it. Included at the end of each .cu, after its other kernels, so
// the kernels keep their order in each PTX.

// One block per chunk of `chunk` consecutive points (per-block partial sums
// of the centres, as Rodinia's optional block reduction has them): lane
// i = c * width + f adds feature f of the chunk's points labelled c, in
// point order, over the point-major features; the f = 0 lane also counts
// those points.
extern "C" __global__ void km_chunk_sums(const float *data, int width, int count, int k,
                                         const int *label, float *chunk_sum, int *chunk_count,
                                         int chunk)
{
    const int i = threadIdx.x;
    if (i >= k * width)
        return;
    const int c = i / width;
    const int f = i - c * width;
    const int first = blockIdx.x * chunk;
    const int stop = min(first + chunk, count);
    float total = 0.0f;
    int members = 0;
    for (int pt = first; pt < stop; pt++) {
        if (label[pt] != c)
            continue;
        total += data[pt * width + f];
        members++;
    }
    chunk_sum[blockIdx.x * k * width + i] = total;
    if (f == 0)
        chunk_count[blockIdx.x * k + c] = members;
}

// Lane i = (c, f) adds the chunks' sums and counts in chunk order and, when
// centre c has points, stores the mean (sum / count). Lane 0 also counts
// the iteration and sets *done when no label changed (the benchmark stops
// once the number of changed labels is at most its threshold of 0.001,
// that is none) or the iteration limit is reached (the benchmark's is 500).
extern "C" __global__ void km_mean_centres(int width, int k, const float *chunk_sum,
                                           const int *chunk_count, int nchunks, float *centres,
                                           const int *changes, int *iter, int *done,
                                           int max_iter)
{
    const int i = threadIdx.x + blockIdx.x * blockDim.x;
    if (i < k * width) {
        const int c = i / width;
        float total = 0.0f;
        int members = 0;
        for (int b = 0; b < nchunks; b++) {
            total += chunk_sum[b * k * width + i];
            members += chunk_count[b * k + c];
        }
        if (members > 0)
            centres[i] = total / (float)members;
    }
    if (i == 0) {
        const int n = *iter + 1;
        *iter = n;
        const bool settled = *changes == 0;
        *done = (settled || n >= max_iter) ? 1 : 0;
    }
}
