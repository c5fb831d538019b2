/*
 * "Did you mean": the nearest valid name to a mistyped one (nearest.c).
 *
 *   gs_nearest n;
 *   gs_nearest_begin(&n, typed, strlen(typed));
 *   for each valid name: gs_nearest_offer(&n, name);
 *   suggestion = gs_nearest_result(&n);   NULL when none is near enough
 */
#ifndef GS_BASE_NEAREST_H
#define GS_BASE_NEAREST_H

#include <stddef.h>
#include <stdint.h>

#define GS_NEAREST_MAX_LEN 63u
#define GS_NEAREST_FAR 0xFFFFFFFFu

/* Edit distance between a and b; GS_NEAREST_FAR when either is longer than
 * GS_NEAREST_MAX_LEN bytes. */
uint32_t gs_edit_distance(const char *a, size_t na, const char *b, size_t nb);

typedef struct gs_nearest {
    const char *name;     /* as typed (not NUL-terminated: length) */
    size_t length;
    const char *best;     /* the nearest offered so far, or NULL */
    uint32_t distance, limit;
} gs_nearest;

void gs_nearest_begin(gs_nearest *n, const char *name, size_t length);
void gs_nearest_offer(gs_nearest *n, const char *candidate);
const char *gs_nearest_result(const gs_nearest *n);

#endif
