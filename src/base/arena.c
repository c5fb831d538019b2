/*
 * Sealed bump allocator over one host-supplied buffer (DESIGN.md section 5).
 */
#include "base/arena.h"
#include "base/status.h"

#include <string.h>

size_t gs_arena_round(size_t bytes)
{
    return (bytes + (GS_ARENA_ALIGN - 1u)) & ~(size_t)(GS_ARENA_ALIGN - 1u);
}

void gs_arena_init_zeroed(gs_arena *arena, void *buffer, size_t capacity_bytes)
{
    arena->base = (uint8_t *)buffer;
    arena->capacity_bytes = buffer ? capacity_bytes : 0u;
    arena->used_bytes = 0;
    arena->high_water_bytes = 0;
    arena->sealed = 0;
}

void gs_arena_init(gs_arena *arena, void *buffer, size_t capacity_bytes)
{
    gs_arena_init_zeroed(arena, buffer, capacity_bytes);
    if (buffer && capacity_bytes)
        memset(buffer, 0, capacity_bytes);
}

void *gs_arena_alloc(gs_arena *arena, size_t bytes)
{
    size_t rounded = gs_arena_round(bytes ? bytes : 1u);
    void *piece;
    GS_ASSERT(!arena->sealed);
    if (rounded < bytes || rounded > arena->capacity_bytes - arena->used_bytes)
        return NULL;
    piece = arena->base + arena->used_bytes;
    arena->used_bytes += rounded;
    if (arena->used_bytes > arena->high_water_bytes)
        arena->high_water_bytes = arena->used_bytes;
    return piece;
}

size_t gs_arena_mark(const gs_arena *arena)
{
    return arena->used_bytes;
}

void gs_arena_reset_to(gs_arena *arena, size_t mark)
{
    GS_ASSERT(!arena->sealed && mark <= arena->used_bytes);
    /* pieces handed out again must be zero, as at init */
    memset(arena->base + mark, 0, arena->used_bytes - mark);
    arena->used_bytes = mark;
}

void gs_arena_seal(gs_arena *arena)
{
    arena->sealed = 1;
}

size_t gs_arena_remaining(const gs_arena *arena)
{
    return arena->capacity_bytes - arena->used_bytes;
}
