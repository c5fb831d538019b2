/*
 * MergeSort (the CUDA SDK's mergeSort, seed 003 Table 7 type B and Table
 * 21): a stable ascending sort of 32-bit keys with 32-bit values, in the
 * sample's shape; the project's own code.
 *
 * mergeSortShared: each block of 512 threads sorts 1024 pairs in shared
 * memory by merging runs of 1, 2, 4, ... 512: every thread takes one pair
 * of each run of a two-run segment and writes it at its own index plus its
 * rank in the other run (a binary search, exclusive for the left run and
 * inclusive for the right, which keeps equal keys in order). Then, for
 * stride = 1024, 2048, ... below N, one merge step joins runs of stride
 * pairs into runs of 2 * stride:
 *  - generateSampleRanks: every 128th key of each run (a sample) and its
 *    rank in the other run;
 *  - mergeRanksAndIndices (once for A's, once for B's ranks): the samples
 *    of both runs merged into the limits of elementary intervals;
 *  - mergeElementaryIntervals: one block of 128 threads per interval loads
 *    its at most 128 + 128 pairs into shared memory, merges them by binary
 *    search and writes them to their place in the merged run.
 * N must be a power of two of at least 2048.
 */
#define SHARED_SIZE_LIMIT 1024u
#define SAMPLE_STRIDE 128u

static __device__ unsigned int umin_(unsigned int a, unsigned int b) { return a < b ? a : b; }

static __device__ unsigned int nextPowerOfTwo(unsigned int x)
{
    --x;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return ++x;
}

static __device__ unsigned int getSampleCount(unsigned int dividend)
{
    return (dividend + SAMPLE_STRIDE - 1) / SAMPLE_STRIDE;
}

/* How many of data[0 .. L) are <= val (inclusive) or < val (exclusive);
 * stride is a power of two at least L. */
static __device__ unsigned int binarySearch(unsigned int val, const unsigned int *data,
                                            unsigned int L, unsigned int stride, int inclusive)
{
    unsigned int pos = 0;
    if (L == 0)
        return 0;
    for (; stride > 0; stride >>= 1) {
        unsigned int newPos = umin_(pos + stride, L);
        unsigned int d = data[newPos - 1];
        if (inclusive ? d <= val : d < val)
            pos = newPos;
    }
    return pos;
}
#define binarySearchInclusive(v, d, l, s) binarySearch(v, d, l, s, 1)
#define binarySearchExclusive(v, d, l, s) binarySearch(v, d, l, s, 0)

extern "C" __global__ void mergeSortShared(unsigned int *d_DstKey, unsigned int *d_DstVal,
                                           const unsigned int *d_SrcKey,
                                           const unsigned int *d_SrcVal)
{
    __shared__ unsigned int s_key[SHARED_SIZE_LIMIT];
    __shared__ unsigned int s_val[SHARED_SIZE_LIMIT];
    unsigned int base = blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x, stride;
    s_key[threadIdx.x] = d_SrcKey[base];
    s_val[threadIdx.x] = d_SrcVal[base];
    s_key[threadIdx.x + SHARED_SIZE_LIMIT / 2] = d_SrcKey[base + SHARED_SIZE_LIMIT / 2];
    s_val[threadIdx.x + SHARED_SIZE_LIMIT / 2] = d_SrcVal[base + SHARED_SIZE_LIMIT / 2];
    for (stride = 1; stride < SHARED_SIZE_LIMIT; stride <<= 1) {
        unsigned int lPos = threadIdx.x & (stride - 1);
        unsigned int *baseKey = s_key + 2 * (threadIdx.x - lPos);
        unsigned int *baseVal = s_val + 2 * (threadIdx.x - lPos);
        unsigned int keyA, valA, keyB, valB, posA, posB;
        __syncthreads();
        keyA = baseKey[lPos];
        valA = baseVal[lPos];
        keyB = baseKey[lPos + stride];
        valB = baseVal[lPos + stride];
        posA = binarySearchExclusive(keyA, baseKey + stride, stride, stride) + lPos;
        posB = binarySearchInclusive(keyB, baseKey, stride, stride) + lPos;
        __syncthreads();
        baseKey[posA] = keyA;
        baseVal[posA] = valA;
        baseKey[posB] = keyB;
        baseVal[posB] = valB;
    }
    __syncthreads();
    d_DstKey[base] = s_key[threadIdx.x];
    d_DstVal[base] = s_val[threadIdx.x];
    d_DstKey[base + SHARED_SIZE_LIMIT / 2] = s_key[threadIdx.x + SHARED_SIZE_LIMIT / 2];
    d_DstVal[base + SHARED_SIZE_LIMIT / 2] = s_val[threadIdx.x + SHARED_SIZE_LIMIT / 2];
}

extern "C" __global__ void generateSampleRanks(unsigned int *d_RanksA, unsigned int *d_RanksB,
                                               const unsigned int *d_SrcKey, unsigned int stride,
                                               unsigned int N, unsigned int threadCount)
{
    unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int i, segmentBase, elementsA, elementsB;
    if (pos >= threadCount)
        return;
    i = pos & (stride / SAMPLE_STRIDE - 1);
    segmentBase = (pos - i) * (2 * SAMPLE_STRIDE);
    d_SrcKey += segmentBase;
    d_RanksA += segmentBase / SAMPLE_STRIDE;
    d_RanksB += segmentBase / SAMPLE_STRIDE;
    elementsA = stride;
    elementsB = umin_(stride, N - segmentBase - stride);
    if (i < getSampleCount(elementsA)) {
        d_RanksA[i] = i * SAMPLE_STRIDE;
        d_RanksB[i] = binarySearchExclusive(d_SrcKey[i * SAMPLE_STRIDE], d_SrcKey + stride,
                                            elementsB, nextPowerOfTwo(elementsB));
    }
    if (i < getSampleCount(elementsB)) {
        d_RanksB[stride / SAMPLE_STRIDE + i] = i * SAMPLE_STRIDE;
        d_RanksA[stride / SAMPLE_STRIDE + i] =
            binarySearchInclusive(d_SrcKey[stride + i * SAMPLE_STRIDE], d_SrcKey, elementsA,
                                  nextPowerOfTwo(elementsA));
    }
}

extern "C" __global__ void mergeRanksAndIndices(unsigned int *d_Limits, const unsigned int *d_Ranks,
                                                unsigned int stride, unsigned int N,
                                                unsigned int threadCount)
{
    unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int i, segmentBase, samplesA, samplesB;
    if (pos >= threadCount)
        return;
    i = pos & (stride / SAMPLE_STRIDE - 1);
    segmentBase = (pos - i) * (2 * SAMPLE_STRIDE);
    d_Ranks += (pos - i) * 2;
    d_Limits += (pos - i) * 2;
    samplesA = getSampleCount(stride);
    samplesB = getSampleCount(umin_(stride, N - segmentBase - stride));
    if (i < samplesA) {
        unsigned int dstPos = binarySearchExclusive(d_Ranks[i], d_Ranks + samplesA, samplesB,
                                                    nextPowerOfTwo(samplesB)) + i;
        d_Limits[dstPos] = d_Ranks[i];
    }
    if (i < samplesB) {
        unsigned int dstPos = binarySearchInclusive(d_Ranks[samplesA + i], d_Ranks, samplesA,
                                                    nextPowerOfTwo(samplesA)) + i;
        d_Limits[dstPos] = d_Ranks[samplesA + i];
    }
}

extern "C" __global__ void mergeElementaryIntervals(unsigned int *d_DstKey, unsigned int *d_DstVal,
                                                    const unsigned int *d_SrcKey,
                                                    const unsigned int *d_SrcVal,
                                                    const unsigned int *d_LimitsA,
                                                    const unsigned int *d_LimitsB,
                                                    unsigned int stride, unsigned int N)
{
    __shared__ unsigned int s_key[2 * SAMPLE_STRIDE];
    __shared__ unsigned int s_val[2 * SAMPLE_STRIDE];
    __shared__ unsigned int startSrcA, startSrcB, lenSrcA, lenSrcB, startDstA, startDstB;
    unsigned int intervalI = blockIdx.x & (2 * stride / SAMPLE_STRIDE - 1);
    unsigned int segmentBase = (blockIdx.x - intervalI) * SAMPLE_STRIDE;
    unsigned int keyA = 0, valA = 0, keyB = 0, valB = 0, dstPosA = 0, dstPosB = 0;
    d_SrcKey += segmentBase;
    d_SrcVal += segmentBase;
    d_DstKey += segmentBase;
    d_DstVal += segmentBase;
    if (threadIdx.x == 0) {
        unsigned int elementsA = stride, elementsB = umin_(stride, N - segmentBase - stride);
        unsigned int samples = getSampleCount(elementsA) + getSampleCount(elementsB);
        unsigned int endSrcA, endSrcB;
        startSrcA = d_LimitsA[blockIdx.x];
        startSrcB = d_LimitsB[blockIdx.x];
        endSrcA = intervalI + 1 < samples ? d_LimitsA[blockIdx.x + 1] : elementsA;
        endSrcB = intervalI + 1 < samples ? d_LimitsB[blockIdx.x + 1] : elementsB;
        lenSrcA = endSrcA - startSrcA;
        lenSrcB = endSrcB - startSrcB;
        startDstA = startSrcA + startSrcB;
        startDstB = startDstA + lenSrcA;
    }
    __syncthreads();
    if (threadIdx.x < lenSrcA) {
        s_key[threadIdx.x] = d_SrcKey[startSrcA + threadIdx.x];
        s_val[threadIdx.x] = d_SrcVal[startSrcA + threadIdx.x];
    }
    if (threadIdx.x < lenSrcB) {
        s_key[threadIdx.x + SAMPLE_STRIDE] = d_SrcKey[stride + startSrcB + threadIdx.x];
        s_val[threadIdx.x + SAMPLE_STRIDE] = d_SrcVal[stride + startSrcB + threadIdx.x];
    }
    __syncthreads();
    /* merge the two sorted halves in place */
    if (threadIdx.x < lenSrcA) {
        keyA = s_key[threadIdx.x];
        valA = s_val[threadIdx.x];
        dstPosA = binarySearchExclusive(keyA, s_key + SAMPLE_STRIDE, lenSrcB, SAMPLE_STRIDE) +
                  threadIdx.x;
    }
    if (threadIdx.x < lenSrcB) {
        keyB = s_key[SAMPLE_STRIDE + threadIdx.x];
        valB = s_val[SAMPLE_STRIDE + threadIdx.x];
        dstPosB = binarySearchInclusive(keyB, s_key, lenSrcA, SAMPLE_STRIDE) + threadIdx.x;
    }
    __syncthreads();
    if (threadIdx.x < lenSrcA) {
        s_key[dstPosA] = keyA;
        s_val[dstPosA] = valA;
    }
    if (threadIdx.x < lenSrcB) {
        s_key[dstPosB] = keyB;
        s_val[dstPosB] = valB;
    }
    __syncthreads();
    if (threadIdx.x < lenSrcA) {
        d_DstKey[startDstA + threadIdx.x] = s_key[threadIdx.x];
        d_DstVal[startDstA + threadIdx.x] = s_val[threadIdx.x];
    }
    if (threadIdx.x < lenSrcB) {
        d_DstKey[startDstB + threadIdx.x] = s_key[lenSrcA + threadIdx.x];
        d_DstVal[startDstB + threadIdx.x] = s_val[lenSrcA + threadIdx.x];
    }
}
