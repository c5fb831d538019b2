/*
 * LRU replacement (cache string letter `L`, spec/formats.md section 2.1;
 * GPGPU-Sim tag_array): each line keeps the replacement clock of its last
 * touch (insertion, hit, HIT_RESERVED, a sector miss on the present line);
 * the replaceable line with the smallest stamp is the victim, lowest way on
 * ties (mem/cache_policy.h).
 *
 * insert_hint 1 (lowest priority): the line is inserted with stamp 0, older
 * than any touch, so it is the next victim of its set unless touched again;
 * several such lines leave lowest way first.
 */
#include "mem/cache.h"

static void lru_hit(gs_cache_policy *p, uint32_t set, uint32_t way, const gs_cache_request *ctx)
{
    (void)ctx;
    p->stamps[(size_t)set * p->ways + way] = ++p->clock;
}

const gs_cache_policy_ops gs_cache_policy_lru_ops = {
    "lru", gs_cache_policy_stamp_bytes, gs_cache_policy_stamp_init, lru_hit,
    gs_cache_policy_stamp_insert, gs_cache_policy_oldest, NULL, NULL
};
