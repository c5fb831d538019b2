/*
 * "Did you mean": the nearest valid name to a mistyped one (issue 21 item
 * 8), for unknown options, presets and workloads. Levenshtein distance
 * (insert, delete, substitute, each 1) over bytes, on two fixed rows: names
 * longer than GS_NEAREST_MAX_LEN get no suggestion. A candidate is near
 * enough within a third of the typed name's length (at least 1, at most 3);
 * ties keep the first offered, so the suggestion is deterministic.
 */
#include <string.h>

#include "base/nearest.h"

uint32_t gs_edit_distance(const char *a, size_t na, const char *b, size_t nb)
{
    uint32_t row[2][GS_NEAREST_MAX_LEN + 1u];
    size_t i, j;
    if (na > GS_NEAREST_MAX_LEN || nb > GS_NEAREST_MAX_LEN)
        return GS_NEAREST_FAR;
    for (j = 0; j <= nb; j++)
        row[0][j] = (uint32_t)j;
    for (i = 1; i <= na; i++) {
        uint32_t *prev = row[(i - 1u) & 1u], *cur = row[i & 1u];
        cur[0] = (uint32_t)i;
        for (j = 1; j <= nb; j++) {
            uint32_t best = prev[j - 1u] + (a[i - 1u] != b[j - 1u]);
            if (prev[j] + 1u < best)
                best = prev[j] + 1u;
            if (cur[j - 1u] + 1u < best)
                best = cur[j - 1u] + 1u;
            cur[j] = best;
        }
    }
    return row[na & 1u][nb];
}

void gs_nearest_begin(gs_nearest *n, const char *name, size_t length)
{
    uint32_t third = (uint32_t)(length / 3u);
    n->name = name;
    n->length = length;
    n->best = NULL;
    n->limit = third < 1u ? 1u : third > 3u ? 3u : third;
    n->distance = GS_NEAREST_FAR;
}

void gs_nearest_offer(gs_nearest *n, const char *candidate)
{
    size_t length = strlen(candidate);
    size_t apart = length > n->length ? length - n->length : n->length - length;
    uint32_t d;
    if (apart > n->limit)   /* the distance is at least the length difference: skip */
        return;
    d = gs_edit_distance(n->name, n->length, candidate, length);
    if (d <= n->limit && d < n->distance && d > 0u) {
        n->distance = d;
        n->best = candidate;
    }
}

const char *gs_nearest_result(const gs_nearest *n)
{
    return n->best;
}
