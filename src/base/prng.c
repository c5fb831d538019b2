/*
 * splitmix64 and xoshiro256** (public-domain algorithms by Vigna and
 * Blackman), written here from their published definitions.
 */
#include "base/prng.h"

uint64_t gs_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void gs_prng_seed(gs_prng *prng, uint64_t seed)
{
    uint64_t s = seed;
    int i;
    for (i = 0; i < 4; i++)
        prng->state[i] = gs_splitmix64(&s);
}

static uint64_t rotl(uint64_t x, unsigned k)
{
    return (x << k) | (x >> (64u - k));
}

uint64_t gs_prng_next(gs_prng *prng)
{
    uint64_t *s = prng->state;
    uint64_t result = rotl(s[1] * 5u, 7) * 9u;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t gs_prng_below(gs_prng *prng, uint64_t bound)
{
    uint64_t r;
    if (bound == 0)
        return 0;
    /* Draws below 2^64 mod bound are rejected (an unbiased result). That
     * threshold is below bound, so only a draw below bound can be rejected:
     * the division that finds it runs for those draws alone (rare for small
     * bounds) and the results are those of testing every draw. */
    for (;;) {
        r = gs_prng_next(prng);
        if (r >= bound || r >= (0u - bound) % bound)
            return r % bound;
    }
}
