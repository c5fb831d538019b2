/*
 * The one pseudo-random generator of gpusim (DESIGN.md section 4).
 *
 * splitmix64 for seeding and xoshiro256** for streams: fixed algorithms on
 * 64-bit integers, so every host draws the same numbers. Never rand().
 */
#ifndef GS_BASE_PRNG_H
#define GS_BASE_PRNG_H

#include <stdint.h>

typedef struct gs_prng {
    uint64_t state[4];
} gs_prng;

uint64_t gs_splitmix64(uint64_t *state);
void gs_prng_seed(gs_prng *prng, uint64_t seed);
uint64_t gs_prng_next(gs_prng *prng);
/* Uniform in [0, bound) without modulo bias; bound 0 returns 0. */
uint64_t gs_prng_below(gs_prng *prng, uint64_t bound);

#endif
