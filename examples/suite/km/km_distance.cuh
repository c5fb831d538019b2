// The squared distance both k-means modules use, shared by km.cu and
// ../kmeans/kmeans.cu: the point's features are read `spacing` floats apart
// (1 for km's point-major rows, the point count for kmeans' feature-major
// copy), each difference squared into the sum with one fused multiply-add,
// feature 0 first (what nvcc makes of sum += d * d).

// Squared distance from a point to a centre; the point's features lie
// `spacing` floats apart, the centre's are contiguous.
static __device__ __forceinline__ float km_dist2(const float *pt, int spacing,
                                                 const float *centre, int width)
{
    float acc = 0.0f;
    for (int f = 0; f < width; f++) {
        const float d = pt[f * spacing] - centre[f];
        acc = fmaf(d, d, acc);
    }
    return acc;
}
