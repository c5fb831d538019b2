/*
 * FIFO replacement (cache string letter `F`, spec/formats.md section 2.1):
 * a line's key is the replacement clock of its insertion; hits do not change
 * it; the oldest insertion among replaceable lines is evicted (mem/cache.h).
 */
#include "mem/cache.h"

static void repl_fifo_insert(gs_cache_line *line, uint64_t stamp)
{
    line->insert_stamp = stamp;
}

static void repl_fifo_hit(gs_cache_line *line, uint64_t stamp)
{
    (void)line;
    (void)stamp;
}

static uint64_t repl_fifo_key(const gs_cache_line *line)
{
    return line->insert_stamp;
}

const gs_repl_ops gs_repl_fifo_ops = {
    "fifo", repl_fifo_insert, repl_fifo_hit, repl_fifo_key
};
