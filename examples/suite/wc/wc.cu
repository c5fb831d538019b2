// WC (Mars WordCount): how often each word occurs in a text split into
// fixed-size records (lines), one thread per record, 256-thread blocks, as
// Mars runs its map functions. Map emits (word, 1) per word; Mars then
// groups equal words and sums. Here each word's 32-bit FNV-1a hash picks one
// of 1024 buckets and the thread adds 1 there at once (atomics at the L2);
// the block also counts its words in shared memory (one word of it: seed
// 001's Table II lists 1% of shared memory for WC) and adds its total once,
// after a barrier. A separator byte ('`', 0x60) ends a word; a record's end
// ends one too. Each thread reads its own record byte by byte.
#define WC_BUCKETS 1024
#define WC_SEPARATOR 0x60

extern "C" __global__ void wcMap(const unsigned char *text, int record_bytes, int records,
                                 int *counts, int *total)
{
    __shared__ int block_words;
    if (threadIdx.x == 0)
        block_words = 0;
    __syncthreads();
    int rec = blockIdx.x * blockDim.x + threadIdx.x;
    if (rec < records) {
        const unsigned char *p = text + (long)rec * record_bytes;
        unsigned int h = 2166136261u;
        int len = 0, words = 0;
        for (int i = 0; i <= record_bytes; i++) {
            unsigned char c = i < record_bytes ? p[i] : WC_SEPARATOR;
            if (c != WC_SEPARATOR) {
                h = (h ^ c) * 16777619u;
                len++;
            } else if (len > 0) {
                atomicAdd(&counts[h % WC_BUCKETS], 1);
                words++;
                h = 2166136261u;
                len = 0;
            }
        }
        atomicAdd(&block_words, words);
    }
    __syncthreads();
    if (threadIdx.x == 0)
        atomicAdd(total, block_words);
}
