/*
 * LRU replacement (cache string letter `L`, spec/formats.md section 2.1):
 * a line's key is the replacement clock of its last touch (insert or hit,
 * HIT_RESERVED included, as GPGPU-Sim tag_array::access); the smallest key
 * among replaceable lines is evicted (mem/cache.h).
 */
#include "mem/cache.h"

static void repl_lru_touch(gs_cache_line *line, uint64_t stamp)
{
    line->use_stamp = stamp;
}

static uint64_t repl_lru_key(const gs_cache_line *line)
{
    return line->use_stamp;
}

const gs_repl_ops gs_repl_lru_ops = {
    "lru", repl_lru_touch, repl_lru_touch, repl_lru_key
};
