/*
 * AES-128 (examples/suite/aes, ERCBench's aes): the small workload's 65536
 * ciphertext blocks equal a C reference bit for bit. The reference is
 * FIPS-197 written on byte arrays (the S-box computed from the field
 * inverse and the affine map, the state as a 4 x 4 byte matrix), not the
 * kernel's word-packed form; block 0 is FIPS-197 Appendix C.1's and must
 * give its ciphertext, and the round keys must equal the reference's
 * expansion.
 */
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define BLOCKS 65536u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint8_t sbox[256];

static uint8_t xtime(uint8_t a)
{
    return (uint8_t)((a << 1) ^ ((a & 0x80u) ? 0x1bu : 0u));
}

static uint8_t gmul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    for (; b; b >>= 1, a = xtime(a))
        if (b & 1u)
            r ^= a;
    return r;
}

static void make_sbox(void)
{
    unsigned a, b, i;
    for (a = 0; a < 256u; a++) {
        uint8_t inv = 0, s;
        for (b = 1; b < 256u && a; b++)
            if (gmul((uint8_t)a, (uint8_t)b) == 1u)
                inv = (uint8_t)b;
        s = inv;
        for (i = 1; i <= 4u; i++)
            s ^= (uint8_t)((inv << i) | (inv >> (8u - i)));
        sbox[a] = (uint8_t)(s ^ 0x63u);
    }
}

/* FIPS-197 5.2: 176 bytes of round keys from a 16-byte key. */
static void expand(const uint8_t key[16], uint8_t rk[176])
{
    uint8_t rcon = 1;
    unsigned i;
    memcpy(rk, key, 16);
    for (i = 16; i < 176u; i += 4u) {
        uint8_t t[4];
        memcpy(t, rk + i - 4u, 4);
        if (i % 16u == 0) {
            uint8_t first = t[0];
            t[0] = (uint8_t)(sbox[t[1]] ^ rcon);
            t[1] = sbox[t[2]];
            t[2] = sbox[t[3]];
            t[3] = sbox[first];
            rcon = xtime(rcon);
        }
        rk[i] = rk[i - 16u] ^ t[0];
        rk[i + 1u] = rk[i - 15u] ^ t[1];
        rk[i + 2u] = rk[i - 14u] ^ t[2];
        rk[i + 3u] = rk[i - 13u] ^ t[3];
    }
}

/* FIPS-197 5.1: the state s[r + 4c] is byte 4c + r of the block. */
static void encrypt(const uint8_t rk[176], const uint8_t in[16], uint8_t out[16])
{
    uint8_t s[16], t[16];
    unsigned round, r, c;
    for (r = 0; r < 16u; r++)
        s[r] = in[r] ^ rk[r];
    for (round = 1; round <= 10u; round++) {
        for (c = 0; c < 4u; c++)
            for (r = 0; r < 4u; r++)
                t[r + 4u * c] = sbox[s[r + 4u * ((c + r) % 4u)]];
        if (round < 10u)
            for (c = 0; c < 4u; c++) {
                uint8_t *a = t + 4u * c, b[4];
                for (r = 0; r < 4u; r++)
                    b[r] = (uint8_t)(gmul(a[r], 2) ^ gmul(a[(r + 1u) % 4u], 3) ^
                                     a[(r + 2u) % 4u] ^ a[(r + 3u) % 4u]);
                memcpy(a, b, 4);
            }
        for (r = 0; r < 16u; r++)
            s[r] = t[r] ^ rk[16u * round + r];
    }
    memcpy(out, s, 16);
}

static void to_bytes(const uint32_t *w, unsigned words, uint8_t *b)
{
    unsigned i;
    for (i = 0; i < words * 4u; i++)
        b[i] = (uint8_t)(w[i / 4u] >> (8u * (i % 4u)));
}

static void test_aes_small(void)
{
    static const uint8_t fips_cipher[16] = {
        0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
        0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a
    };
    uint8_t key[16], rk[176], got_rk[176], in[16], want[16], got_block[16];
    uint32_t *plain, *cipher, *round_keys, i, diffs = 0;
    make_sbox();
    GS_CHECK_EQ(0x63, sbox[0]);
    GS_CHECK_EQ(0xed, sbox[0x53]);
    GS_CHECK_EQ(GS_OK, wlb_run("aes", "small", &wl, &host, &arena, &state));
    for (i = 0; i < 16u; i++)
        key[i] = (uint8_t)i;
    expand(key, rk);
    round_keys = wlb_result32(&host, &wl, &state, "ROUNDKEYS");
    to_bytes(round_keys, 44, got_rk);
    GS_CHECK_EQ(0, memcmp(rk, got_rk, sizeof rk));
    plain = wlb_initial32(&wl, "PLAIN");
    plain[0] = 0x33221100u;   /* the workload's set lines: FIPS-197 C.1's block */
    plain[1] = 0x77665544u;
    plain[2] = 0xbbaa9988u;
    plain[3] = 0xffeeddccu;
    cipher = wlb_result32(&host, &wl, &state, "CIPHER");
    to_bytes(cipher, 4, got_block);
    GS_CHECK_EQ(0, memcmp(fips_cipher, got_block, 16));
    for (i = 0; i < BLOCKS; i++) {
        to_bytes(plain + 4u * i, 4, in);
        encrypt(rk, in, want);
        to_bytes(cipher + 4u * i, 4, got_block);
        diffs += memcmp(want, got_block, 16) != 0;
    }
    GS_CHECK_EQ(0, diffs);
    free(round_keys);
    free(plain);
    free(cipher);
}

int main(void)
{
    GS_RUN(test_aes_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
