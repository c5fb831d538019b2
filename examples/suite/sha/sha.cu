// SHA-1 over many independent messages (ERCBench's sha, seed 003 Table 7):
// thread i hashes message i, `words` 32-bit big-endian words read from
// global memory, padded in the kernel (a 1 bit, zeros, the 64-bit length
// in bits) to whole 64-byte blocks; the 80-round compression keeps its
// message schedule in a 16-word ring. The project's own code in the
// benchmark's shape: one message a thread, 128 threads a block, the five
// digest words written per message.
#include <cuda_runtime.h>

__device__ __forceinline__ unsigned rotl(unsigned x, unsigned n)
{
    return (x << n) | (x >> (32 - n));
}

// Word j of message m after padding (total words: a multiple of 16).
__device__ __forceinline__ unsigned padded_word(const unsigned *m, unsigned words,
                                                unsigned total, unsigned j)
{
    if (j < words) return m[j];
    if (j == words) return 0x80000000u;
    if (j == total - 1) return words * 32u;   // length in bits, low word
    return 0u;                                // zeros and the length's high word
}

extern "C" __global__ void sha1_kernel(const unsigned *messages, unsigned *digests, unsigned n,
                                       unsigned words)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const unsigned *m = messages + (size_t)i * words;
    unsigned total = (words + 1 + 2 + 15) / 16 * 16;
    unsigned h0 = 0x67452301u, h1 = 0xEFCDAB89u, h2 = 0x98BADCFEu, h3 = 0x10325476u,
             h4 = 0xC3D2E1F0u;
    for (unsigned block = 0; block < total; block += 16) {
        unsigned w[16];
#pragma unroll
        for (int t = 0; t < 16; t++) w[t] = padded_word(m, words, total, block + t);
        unsigned a = h0, b = h1, c = h2, d = h3, e = h4;
#pragma unroll
        for (int t = 0; t < 80; t++) {
            unsigned wt;
            if (t < 16) {
                wt = w[t];
            } else {
                wt = rotl(w[(t + 13) & 15] ^ w[(t + 8) & 15] ^ w[(t + 2) & 15] ^ w[t & 15], 1);
                w[t & 15] = wt;
            }
            unsigned f, k;
            if (t < 20) { f = (b & c) | (~b & d); k = 0x5A827999u; }
            else if (t < 40) { f = b ^ c ^ d; k = 0x6ED9EBA1u; }
            else if (t < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDCu; }
            else { f = b ^ c ^ d; k = 0xCA62C1D6u; }
            unsigned temp = rotl(a, 5) + f + e + k + wt;
            e = d; d = c; c = rotl(b, 30); b = a; a = temp;
        }
        h0 += a; h1 += b; h2 += c; h3 += d; h4 += e;
    }
    unsigned *out = digests + (size_t)i * 5;
    out[0] = h0; out[1] = h1; out[2] = h2; out[3] = h3; out[4] = h4;
}
