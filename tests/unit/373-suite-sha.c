/*
 * SHA-1 (examples/suite/sha, ERCBench's sha): the small workload's 32768
 * digests equal a C reference (FIPS 180-4's SHA-1 over each message's 24
 * big-endian words, padded to two blocks) bit for bit; and the reference
 * itself gives FIPS 180-4's digests of the empty message and "abcd".
 */
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define MESSAGES 32768u
#define WORDS 24u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;

static uint32_t rotl(uint32_t x, unsigned n)
{
    return (x << n) | (x >> (32u - n));
}

/* SHA-1 of `words` big-endian words (a whole number of bytes, 4 each). */
static void sha1(const uint32_t *m, uint32_t words, uint32_t out[5])
{
    uint32_t total = (words + 3u + 15u) / 16u * 16u, block, t;
    uint32_t h[5] = {0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u};
    for (block = 0; block < total; block += 16u) {
        uint32_t w[80], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
        for (t = 0; t < 16u; t++) {
            uint32_t j = block + t;
            w[t] = j < words ? m[j] : j == words ? 0x80000000u : j == total - 1u ? words * 32u
                                                                                  : 0u;
        }
        for (t = 16; t < 80u; t++)
            w[t] = rotl(w[t - 3u] ^ w[t - 8u] ^ w[t - 14u] ^ w[t - 16u], 1);
        for (t = 0; t < 80u; t++) {
            uint32_t f, k, temp;
            if (t < 20u) { f = (b & c) | (~b & d); k = 0x5A827999u; }
            else if (t < 40u) { f = b ^ c ^ d; k = 0x6ED9EBA1u; }
            else if (t < 60u) { f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDCu; }
            else { f = b ^ c ^ d; k = 0xCA62C1D6u; }
            temp = rotl(a, 5) + f + e + k + w[t];
            e = d;
            d = c;
            c = rotl(b, 30);
            b = a;
            a = temp;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
    }
    memcpy(out, h, sizeof h);
}

static void test_reference_known(void)
{
    /* FIPS 180-4 SHA-1 of the empty message and of "abcd" (one word) */
    static const uint32_t empty[5] = {0xda39a3eeu, 0x5e6b4b0du, 0x3255bfefu, 0x95601890u,
                                      0xafd80709u};
    static const uint32_t abcd[5] = {0x81fe8bfeu, 0x87576c3eu, 0xcb22426fu, 0x8e578473u,
                                     0x82917acfu};
    uint32_t word = 0x61626364u, out[5];
    sha1(&word, 0, out);
    GS_CHECK_EQ(0, memcmp(out, empty, sizeof out));
    sha1(&word, 1, out);
    GS_CHECK_EQ(0, memcmp(out, abcd, sizeof out));
}

static void test_sha_small(void)
{
    uint32_t *msg, *want, i, diffs = 0;
    uint32_t *got;
    GS_CHECK_EQ(GS_OK, wlb_run("sha", "small", &wl, &host, &arena, &state));
    msg = wlb_initial32(&wl, "MSG");
    want = (uint32_t *)malloc(MESSAGES * 5u * 4u);
    GS_CHECK(want != NULL);
    for (i = 0; i < MESSAGES; i++)
        sha1(msg + i * WORDS, WORDS, want + i * 5u);
    got = wlb_result32(&host, &wl, &state, "DIGEST");
    for (i = 0; i < MESSAGES * 5u; i++)
        diffs += got[i] != want[i];
    GS_CHECK_EQ(0, diffs);
    free(got);
    free(want);
    free(msg);
}

int main(void)
{
    GS_RUN(test_reference_known);
    GS_RUN(test_sha_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
