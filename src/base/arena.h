/*
 * The arena: the one block of memory all simulator state lives in
 * (DESIGN.md section 5).
 *
 * The host sizes it with gs_sim_bytes(&cfg) (one commented term per consumer),
 * passes one buffer, and the library hands out pieces with a bump allocator.
 * The buffer is zero-filled at init so no state is ever read uninitialised.
 * Once sealed (before cycle 0) any further allocation is a simulator bug.
 */
#ifndef GS_BASE_ARENA_H
#define GS_BASE_ARENA_H

#include <stddef.h>
#include <stdint.h>

#define GS_ARENA_ALIGN 16u

typedef struct gs_arena {
    uint8_t *base;
    size_t capacity_bytes;
    size_t used_bytes;
    size_t high_water_bytes;  /* largest used_bytes seen (for reports) */
    int sealed;
} gs_arena;

/* Round a byte count up to the arena alignment (use when summing terms). */
size_t gs_arena_round(size_t bytes);

/* Zero-fills the buffer. The buffer must be GS_ARENA_ALIGN-aligned. */
void gs_arena_init(gs_arena *arena, void *buffer, size_t capacity_bytes);

/* The same for a buffer the host guarantees is already zero-filled (calloc,
 * a fresh mmap, a .bss array): nothing is written, so the parts of a large
 * reservation that a run never touches cost no resident memory. */
void gs_arena_init_zeroed(gs_arena *arena, void *buffer, size_t capacity_bytes);

/* Returns zeroed, aligned memory, or NULL when the arena is exhausted.
 * Allocating from a sealed arena is a bug (GS_ASSERT). */
void *gs_arena_alloc(gs_arena *arena, size_t bytes);

/* Scratch use before sealing: remember a mark, free back to it. */
size_t gs_arena_mark(const gs_arena *arena);
void gs_arena_reset_to(gs_arena *arena, size_t mark);

void gs_arena_seal(gs_arena *arena);
size_t gs_arena_remaining(const gs_arena *arena);

#endif
