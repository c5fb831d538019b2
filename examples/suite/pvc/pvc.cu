// PVC (Mars PageViewCount): how many distinct visitors each page had, from a
// web log of fixed-size records, one thread per record, 256-thread blocks,
// as Mars runs its map functions. A record is 32 bytes: a 16-byte URL field
// and a 16-byte visitor (IP) field; the page is the URL's 32-bit FNV-1a hash
// modulo the page count, the visitor the IP field's modulo the visitors per
// page. Map emits (page, visitor); Mars then groups equal pairs (the distinct
// views) and counts them per page. Here the grouping is a two-level set of
// seen pairs: each block marks its pairs in a bitmap in shared memory (8 KB:
// 1024 pages x 64 visitors, so two blocks use a third of a 48 KB shared
// memory, as seed 001's Table II lists for PVC), then ORs its non-zero words
// into the global bitmap and counts the pairs no block had seen before.
// Each thread reads its own record byte by byte: intra-thread locality,
// every thread of a warp in a different line (a small working set per warp
// that the warps together thrash).
#define PVC_PAGES 1024
#define PVC_VISITORS 64
#define PVC_WORDS (PVC_PAGES * PVC_VISITORS / 32)

__device__ unsigned int pvc_fnv(const unsigned char *p, int n)
{
    unsigned int h = 2166136261u;
    for (int i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

extern "C" __global__ void pvcMap(const unsigned char *log, int record_bytes, int records,
                                  unsigned int *seen, int *views)
{
    __shared__ unsigned int bits[PVC_WORDS];
    for (int w = threadIdx.x; w < PVC_WORDS; w += blockDim.x)
        bits[w] = 0;
    __syncthreads();
    int rec = blockIdx.x * blockDim.x + threadIdx.x;
    if (rec < records) {
        const unsigned char *p = log + (long)rec * record_bytes;
        unsigned int page = pvc_fnv(p, 16) % PVC_PAGES;
        unsigned int visitor = pvc_fnv(p + 16, 16) % PVC_VISITORS;
        unsigned int pair = page * PVC_VISITORS + visitor;
        atomicOr(&bits[pair / 32], 1u << (pair % 32));
    }
    __syncthreads();
    for (int w = threadIdx.x; w < PVC_WORDS; w += blockDim.x) {
        unsigned int mine = bits[w];
        if (mine != 0) {
            unsigned int fresh = mine & ~atomicOr(&seen[w], mine);
            if (fresh != 0)
                atomicAdd(&views[w / (PVC_VISITORS / 32)], __popc(fresh));
        }
    }
}
