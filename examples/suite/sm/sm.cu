// SM (Mars StringMatch): find a keyword in a text split into fixed-size
// records (lines), one thread per record, 256-thread blocks, as Mars runs
// its map functions. Each block first copies the keyword into shared memory
// (a few bytes: seed 001's Table II lists 1% of shared memory for SM) and
// waits at a barrier; then each thread tries every start position of its
// record, comparing the keyword byte by byte against the text in global
// memory (Mars's naive matcher): many loads per instruction and every thread
// of a warp in a different line, so the warps' lines thrash the L1D.
// Emits, per record, the number of matches and the first match's offset
// (-1 when none), as Mars's map emits (line, offset) pairs.
#define SM_KEY_MAX 16

extern "C" __global__ void smMatch(const unsigned char *text, int record_bytes, int records,
                                   const unsigned char *keyword, int key_bytes, int *counts,
                                   int *first)
{
    __shared__ unsigned char key[SM_KEY_MAX];
    if (threadIdx.x < key_bytes && threadIdx.x < SM_KEY_MAX)
        key[threadIdx.x] = keyword[threadIdx.x];
    __syncthreads();
    int rec = blockIdx.x * blockDim.x + threadIdx.x;
    if (rec >= records)
        return;
    const unsigned char *p = text + (long)rec * record_bytes;
    int n = 0, at = -1;
    for (int i = 0; i + key_bytes <= record_bytes; i++) {
        int k = 0;
        while (k < key_bytes && p[i + k] == key[k])
            k++;
        if (k == key_bytes) {
            if (n == 0)
                at = i;
            n++;
        }
    }
    counts[rec] = n;
    first[rec] = at;
}
