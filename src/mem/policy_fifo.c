/*
 * FIFO replacement (cache string letter `F`, spec/formats.md section 2.1;
 * GPGPU-Sim tag_array): each line keeps the replacement clock of its
 * insertion; hits change nothing; the replaceable line inserted first is the
 * victim, lowest way on ties (mem/cache_policy.h).
 *
 * insert_hint 1 (lowest priority): the line is inserted with stamp 0, at the
 * head of the queue, so it leaves first.
 */
#include "mem/cache.h"

const gs_cache_policy_ops gs_cache_policy_fifo_ops = {
    "fifo", gs_cache_policy_stamp_bytes, gs_cache_policy_stamp_init, gs_cache_policy_ignore,
    gs_cache_policy_stamp_insert, gs_cache_policy_oldest, NULL, NULL
};
