/*
 * Bit helpers shared by every layer (one definition each, so the unity
 * build src/all.c has no duplicates).
 */
#ifndef GS_BASE_BITS_H
#define GS_BASE_BITS_H

#include <stdint.h>

/* Set bits of a 32-bit value (active lanes of a warp mask). */
static inline unsigned gs_popcount32(uint32_t value)
{
    value = value - ((value >> 1) & 0x55555555u);
    value = (value & 0x33333333u) + ((value >> 2) & 0x33333333u);
    value = (value + (value >> 4)) & 0x0F0F0F0Fu;
    return (value * 0x01010101u) >> 24;
}

/* A power of two (1, 2, 4, ...; not 0). */
static inline int gs_is_pow2(uint32_t value)
{
    return value != 0u && (value & (value - 1u)) == 0u;
}

#endif
