// SS (Mars SimilarityScore): the cosine similarity of every pair of
// documents, each a vector of F float features, as Mars's SimilarityScore
// map computes one pair per thread. ssNorm finds each document's norm (one
// thread per document); ssScore gives each 16 x 16 block of threads a 16 x
// 16 tile of pairs (i, j): the block's 16 row documents i are copied into
// shared memory (16 x 64 floats = 4 KB; six blocks fill half of a 48 KB
// shared memory, as seed 001's Table II lists for SS) and, after a barrier,
// each thread walks its column document j in global memory feature by
// feature: 16 documents (32 lines) a warp, re-read by every block of the
// column, so the blocks' column documents compete for the L1D.
#define SS_TILE 16
#define SS_FEATURES_MAX 64

extern "C" __global__ void ssNorm(const float *docs, int docs_n, int features, float *norms)
{
    int d = blockIdx.x * blockDim.x + threadIdx.x;
    if (d >= docs_n)
        return;
    float s = 0.0f;
    for (int f = 0; f < features; f++) {
        float v = docs[(long)d * features + f];
        s += v * v;
    }
    norms[d] = sqrtf(s);
}

extern "C" __global__ void ssScore(const float *docs, const float *norms, int docs_n,
                                   int features, float *score)
{
    __shared__ float rows[SS_TILE][SS_FEATURES_MAX];
    int tx = threadIdx.x, ty = threadIdx.y;
    int i = blockIdx.y * SS_TILE + ty, j = blockIdx.x * SS_TILE + tx;
    for (int f = tx; f < features; f += SS_TILE)
        rows[ty][f] = i < docs_n ? docs[(long)i * features + f] : 0.0f;
    __syncthreads();
    if (i >= docs_n || j >= docs_n)
        return;
    float dot = 0.0f;
    for (int f = 0; f < features; f++)
        dot += rows[ty][f] * docs[(long)j * features + f];
    score[(long)i * docs_n + j] = dot / (norms[i] * norms[j]);
}
