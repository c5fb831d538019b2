/*
 * The L1 texture cache (mem/tex_cache.h; seed-004 section 1.3.3; issue 22
 * item 3): the organisation on its own (tag array ahead of the data,
 * fragment FIFO, miss FIFO, in-order reorder buffer, replacement,
 * reservation fails, sectors, invalidation), then texture loads through
 * the whole memory system with exact completion cycles (memsys_harness.h:
 * gtx480 defaults, whose texture cache is N:4:128:24, T:128:4,128:2 -
 * 4 sets of 24 ways, fragment FIFO 128, miss FIFO 4, reorder buffer 128).
 */
#include <stdlib.h>

#include "memsys_harness.h"
#include "base/cachestr.h"
#include "mem/tex_cache.h"

static gs_tex_cache tc;
static void *tc_buffer;

/* A texture cache from a cache string; 1 on success. */
static int tc_setup(const char *text)
{
    gs_tex_cache_params p;
    gs_cache_error error;
    gs_arena arena;
    gs_diag diag;
    size_t bytes;
    memset(&p, 0, sizeof p);
    if (!gs_cache_parse(&p.config, text, strlen(text), &error)) {
        printf("  cache string: %s\n", error.message);
        return 0;
    }
    bytes = gs_tex_cache_bytes(&p);
    free(tc_buffer);
    tc_buffer = calloc(1, bytes + 64);
    gs_arena_init(&arena, tc_buffer, bytes);
    if (gs_tex_cache_init(&tc, &arena, &p, &diag) != GS_OK) {
        printf("  init: %s\n", diag.message);
        return 0;
    }
    return arena.used_bytes == bytes;
}

static gs_tex_outcome tc_access(uint64_t line, uint32_t sectors, uint32_t token, gs_tex_fail *fail)
{
    gs_tex_access a;
    memset(&a, 0, sizeof a);
    a.line_addr = line;
    a.sector_mask = sectors;
    a.token = token;
    return gs_tex_cache_access(&tc, &a, fail);
}

/* Cycles of the data side until a fragment leaves (at most limit): its
 * token, and the cycles taken in *cycles; ~0 when none left. */
static uint32_t tc_next(uint32_t limit, uint32_t *cycles)
{
    uint32_t token, k;
    for (k = 1; k <= limit; k++)
        if (gs_tex_cache_cycle(&tc, &token)) {
            *cycles = k;
            return token;
        }
    *cycles = limit;
    return ~0u;
}

/* Send every queued miss, answer it, and run the data side until nothing
 * is queued (every fragment has left). */
static void tc_settle(void)
{
    const gs_tex_miss *m;
    uint32_t token, k;
    while ((m = gs_tex_cache_miss_peek(&tc)) != NULL) {
        gs_tex_cache_reply(&tc, m->rob_entry);
        gs_tex_cache_miss_pop(&tc);
    }
    for (k = 0; k < 1000 && !gs_tex_cache_idle(&tc); k++)
        (void)gs_tex_cache_cycle(&tc, &token);
    GS_CHECK(gs_tex_cache_idle(&tc));
}

/* A miss allocates its tag at once, so a second access to the line is a
 * tag hit that waits behind the miss; replies return out of order but the
 * reorder buffer fills the data array in miss order, one line a cycle. */
static void test_tags_run_ahead_in_order_return(void)
{
    gs_tex_fail fail;
    const gs_tex_miss *m;
    uint32_t k, cycles, rob_a, rob_b;
    GS_CHECK(tc_setup("N:4:128:2,L:R:m:N:L,F:16:4,16:2"));
    GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x000, 0x1, 1, &fail));   /* A: set 0 */
    GS_CHECK_EQ(GS_TEX_HIT, tc_access(0x000, 0x2, 2, &fail));    /* tag hit, data not there */
    GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x080, 0x1, 3, &fail));   /* B: set 1 */
    GS_CHECK_EQ(GS_TEX_HIT, tc_access(0x080, 0xF, 4, &fail));
    /* the miss FIFO holds A then B, each the whole line (a normal cache) */
    m = gs_tex_cache_miss_peek(&tc);
    GS_CHECK(m != NULL && m->line_addr == 0x000 && m->sector_mask == 0xF);
    rob_a = m->rob_entry;
    gs_tex_cache_miss_pop(&tc);
    m = gs_tex_cache_miss_peek(&tc);
    GS_CHECK(m != NULL && m->line_addr == 0x080);
    rob_b = m->rob_entry;
    gs_tex_cache_miss_pop(&tc);
    GS_CHECK(gs_tex_cache_miss_peek(&tc) == NULL);
    /* B's line comes back first: nothing can leave, A's fragment heads the FIFO */
    gs_tex_cache_reply(&tc, rob_b);
    GS_CHECK_EQ(~0u, tc_next(5, &cycles));
    GS_CHECK_EQ(5, tc.stats.data_wait_cycles);
    gs_tex_cache_reply(&tc, rob_a);
    /* A fills and its fragment leaves the same cycle; then the hit on A,
     * then B (filled the cycle before), then the hit on B: one a cycle */
    for (k = 1; k <= 4; k++) {
        GS_CHECK_EQ(k, tc_next(1, &cycles));
        GS_CHECK_EQ(1, cycles);
    }
    GS_CHECK(gs_tex_cache_idle(&tc));
    GS_CHECK_EQ(4, tc.stats.accesses);
    GS_CHECK_EQ(2, tc.stats.hits);
    GS_CHECK_EQ(2, tc.stats.misses);
}

/* An access that must fail: 1 when it failed with `want` and left every
 * queue, counter and line as it was. */
static int fails_unchanged(uint64_t line, gs_tex_fail want)
{
    static gs_tex_line before[64];
    gs_tex_cache copy = tc;
    gs_tex_fail fail;
    size_t n = (size_t)tc.n_sets * tc.assoc;
    if (n > 64)
        return 0;
    memcpy(before, tc.lines, n * sizeof *before);
    if (tc_access(line, 1, 99, &fail) != GS_TEX_RESERVATION_FAIL || fail != want)
        return 0;
    return copy.fragment_count == tc.fragment_count && copy.miss_count == tc.miss_count &&
           copy.rob_allocated == tc.rob_allocated && copy.clock == tc.clock &&
           copy.stats.accesses == tc.stats.accesses && copy.stats.misses == tc.stats.misses &&
           memcmp(before, tc.lines, n * sizeof *before) == 0;
}

/* Each queue's limit is a reservation fail that changes nothing. */
static void test_reservation_fails(void)
{
    gs_tex_fail fail;
    uint32_t i, cycles;
    const gs_tex_miss *m;
    /* fragment FIFO 4, miss FIFO 2, reorder buffer 3 */
    GS_CHECK(tc_setup("N:1:128:8,L:R:m:N:L,F:4:2,3:2"));
    GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x000, 1, 0, &fail));
    GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x080, 1, 1, &fail));
    GS_CHECK(fails_unchanged(0x100, GS_TEX_FAIL_MISS_FIFO));
    GS_CHECK_EQ(GS_TEX_HIT, tc_access(0x000, 1, 2, &fail));   /* a hit needs no miss entry */
    GS_CHECK_EQ(GS_TEX_HIT, tc_access(0x080, 1, 3, &fail));
    GS_CHECK(fails_unchanged(0x000, GS_TEX_FAIL_FRAGMENT_FIFO));
    for (i = 0; i < 2; i++) {   /* send both misses, answer them, drain */
        m = gs_tex_cache_miss_peek(&tc);
        gs_tex_cache_reply(&tc, m->rob_entry);
        gs_tex_cache_miss_pop(&tc);
    }
    for (i = 0; i < 4; i++)
        GS_CHECK_EQ(i, tc_next(1, &cycles));
    /* the failed miss left no tag behind: 0x100 still misses */
    GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x100, 1, 4, &fail));
    tc_settle();
    /* three misses in flight fill the reorder buffer: the fourth fails on it */
    for (i = 0; i < 3; i++) {
        GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x280 + 0x80 * i, 1, 10 + i, &fail));
        if (i == 1) {   /* keep the miss FIFO below its 2 entries */
            gs_tex_cache_miss_pop(&tc);
            gs_tex_cache_miss_pop(&tc);
        }
    }
    GS_CHECK(fails_unchanged(0x400, GS_TEX_FAIL_ROB));
    GS_CHECK_EQ(1, tc.stats.fails[GS_TEX_FAIL_FRAGMENT_FIFO]);
    GS_CHECK_EQ(1, tc.stats.fails[GS_TEX_FAIL_MISS_FIFO]);
    GS_CHECK_EQ(1, tc.stats.fails[GS_TEX_FAIL_ROB]);
}

/* LRU replaces the least recently used way, FIFO the oldest allocation;
 * invalid ways first; never a line a queued fragment reads. */
static void test_replacement(void)
{
    gs_tex_fail fail;
    uint32_t token;
    const char *strings[2] = {"N:1:128:2,L:R:m:N:L,F:8:8,8:2", "N:1:128:2,F:R:m:N:L,F:8:8,8:2"};
    /* after A, B, A, C: LRU evicted B (A is recent), FIFO evicted A (oldest) */
    uint32_t s;
    for (s = 0; s < 2; s++) {
        GS_CHECK(tc_setup(strings[s]));
        GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x000, 1, 0, &fail));   /* A -> way 0 */
        GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x080, 1, 0, &fail));   /* B -> way 1 */
        GS_CHECK_EQ(GS_TEX_HIT, tc_access(0x000, 1, 0, &fail));
        /* both lines have fragments queued: C cannot replace either */
        GS_CHECK(fails_unchanged(0x100, GS_TEX_FAIL_LINE));
        tc_settle();
        GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x100, 1, 0, &fail));   /* C */
        GS_CHECK_EQ(0x100, tc.lines[s == 0 ? 1 : 0].line_addr);
        GS_CHECK_EQ(s == 0 ? 0x000 : 0x080, tc.lines[s == 0 ? 0 : 1].line_addr);
        /* C's fragment pins its line until it leaves, whatever the stamps */
        GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x180, 1, 0, &fail));
        GS_CHECK(fails_unchanged(0x200, GS_TEX_FAIL_LINE));
        GS_CHECK_EQ(2, tc.stats.fails[GS_TEX_FAIL_LINE]);
        GS_CHECK_EQ(0, gs_tex_cache_cycle(&tc, &token));
    }
}

/* The data array takes one line a cycle: with both replies in, one
 * reorder-buffer entry frees per cycle, so right after the first cycle a
 * 2-entry buffer has room for one new miss, not two. */
static void test_one_fill_a_cycle(void)
{
    gs_tex_fail fail;
    const gs_tex_miss *m;
    uint32_t token;
    GS_CHECK(tc_setup("N:4:128:4,L:R:m:N:L,F:8:4,2:2"));
    GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x000, 1, 0, &fail));
    GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x080, 1, 1, &fail));
    while ((m = gs_tex_cache_miss_peek(&tc)) != NULL) {
        gs_tex_cache_reply(&tc, m->rob_entry);
        gs_tex_cache_miss_pop(&tc);
    }
    GS_CHECK_EQ(1, gs_tex_cache_cycle(&tc, &token));
    GS_CHECK_EQ(0, token);
    GS_CHECK_EQ(1, tc.rob_drained);
    GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x100, 1, 2, &fail));
    GS_CHECK(fails_unchanged(0x180, GS_TEX_FAIL_ROB));
}

/* A sector cache asks only for the sectors it lacks; a present line with
 * an absent sector is a sector miss. Invalidation drops every line. */
static void test_sectors_and_invalidation(void)
{
    gs_tex_fail fail;
    const gs_tex_miss *m;
    GS_CHECK(tc_setup("S:4:128:4,L:R:m:N:L,T:16:8,16:2"));
    GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x000, 0x3, 0, &fail));
    GS_CHECK_EQ(GS_TEX_SECTOR_MISS, tc_access(0x000, 0x6, 1, &fail));
    GS_CHECK_EQ(GS_TEX_HIT, tc_access(0x000, 0x7, 2, &fail));
    m = gs_tex_cache_miss_peek(&tc);
    GS_CHECK_EQ(0x3, m->sector_mask);
    GS_CHECK_EQ(64, m->size_bytes);
    gs_tex_cache_reply(&tc, m->rob_entry);
    gs_tex_cache_miss_pop(&tc);
    m = gs_tex_cache_miss_peek(&tc);
    GS_CHECK_EQ(0x4, m->sector_mask);
    GS_CHECK_EQ(1, tc.stats.sector_misses);
    GS_CHECK_EQ(2, tc.stats.misses);
    GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x080, 0x1, 3, &fail));
    GS_CHECK_EQ(2, gs_tex_cache_invalidate_all(&tc));
    GS_CHECK_EQ(2, tc.stats.lines_dropped);
    /* 0x000 (set 0, way 0) keeps its three queued fragments: the new miss of
     * the line takes way 1, and way 0 is free again once they have left */
    GS_CHECK_EQ(GS_TEX_MISS, tc_access(0x000, 0x1, 4, &fail));
    GS_CHECK_EQ(3, tc.lines[0].queued);
    GS_CHECK_EQ(0x000, tc.lines[1].line_addr);
    GS_CHECK_EQ(1, tc.lines[1].queued);
    tc_settle();
    GS_CHECK_EQ(0, tc.lines[0].queued);
    GS_CHECK_EQ(0, tc.lines[0].sectors);
}

/* ---- through the memory system (memsys_harness.h) ---- */

static const char *const tex_opts[] = {
    "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5", "-gpgpu_l1_latency", "1", NULL
};

static gs_inst tex_load(uint64_t base)
{
    return ms_inst(GS_SPACE_TEX, GS_MEM_LOAD, base, 4, 4);
}

/*
 * A load accepted at tick t makes its access at t+1 (the fragment joins
 * the FIFO after the data side's step), so a hit's fragment leaves at t+2
 * and completes L1 later: one cycle more than an L1D hit (t+1+L1, test 180).
 * A miss takes the L1D miss's path to the L2 and back and completes L1
 * after its reply arrives, as an L1D miss does: a cold texture load and a
 * cold global load complete on the same cycle. A hit issued right behind a
 * miss waits for it and leaves one cycle after it.
 */
static uint64_t cold_load(uint8_t space)
{
    gs_inst ld = ms_inst(space, GS_MEM_LOAD, 0x0, 4, 4);
    GS_CHECK(ms_setup(tex_opts));
    GS_CHECK_EQ(0, ms_issue(0, &ld, 0, 1));
    return ms_wait(0, 1, 2000);
}

static void test_texture_loads_through_memory(void)
{
    gs_inst a = tex_load(0x0), b = tex_load(0x80);
    uint64_t t, done_global = cold_load(GS_SPACE_GLOBAL), done_b;
    gs_diag diag;
    GS_CHECK_EQ(54, done_global);
    GS_CHECK_EQ(54, cold_load(GS_SPACE_TEX));   /* the texture cache now holds 0x0 */
    GS_CHECK(ms_drain(2000));
    t = ms_issue(0, &a, 0, 2);                  /* a texture hit */
    GS_CHECK_EQ(t + 2u + 1u, ms_wait(0, 2, 2000));
    t = ms_issue(0, &b, 0, 3);                  /* cold 0x80: a miss */
    GS_CHECK_EQ(t + 1u, ms_issue(0, &a, 0, 4)); /* 0x0, a hit, right behind it */
    done_b = ms_wait(0, 3, 2000);
    GS_CHECK_EQ(t + 42u, done_b);   /* test 180's DRAM row hit: REPLY_DONE(DRAM_ROW_HIT(..) + 1) */
    GS_CHECK_EQ(done_b + 1u, ms_wait(0, 4, 2000));
    GS_CHECK_EQ(4, ms_stat("L1T_total_cache_accesses"));
    GS_CHECK_EQ(2, ms_stat("L1T_total_cache_misses"));
    GS_CHECK_EQ(0, ms_stat("L1D_total_cache_accesses"));
    GS_CHECK(ms_drain(2000));
    /* a kernel start after the first drops both lines: 0x0 misses again */
    GS_CHECK_EQ(GS_OK, gs_memsys_kernel_start(ms.sys, 0, &diag));
    GS_CHECK_EQ(0, ms_stat("tex_cache_kernel_start_drops"));
    GS_CHECK_EQ(GS_OK, gs_memsys_kernel_start(ms.sys, 0, &diag));
    GS_CHECK_EQ(2, ms_stat("tex_cache_kernel_start_drops"));
    t = ms_issue(0, &a, 0, 5);
    GS_CHECK_EQ(t + 19u, ms_wait(0, 5, 2000));   /* an L2 hit: REPLY_DONE(L2_ACCESS(t)) */
    GS_CHECK_EQ(3, ms_stat("L1T_total_cache_misses"));
}

/* Texture loads are coalesced into the texture cache's lines: with 64-byte
 * lines a warp's 128 contiguous bytes are two accesses and two misses, and
 * the L1D keeps its own 128-byte lines. */
static void test_texture_lines_of_64_bytes(void)
{
    static const char *const opts[] = {
        "-gpgpu_tex_cache:l1", "N:8:64:24,L:R:m:N:L,T:128:4,128:2", NULL
    };
    gs_inst ld = tex_load(0x0);
    GS_CHECK(ms_setup(opts));
    (void)ms_issue(0, &ld, 0, 1);
    GS_CHECK(ms_wait(0, 1, 2000) != ~0ull);
    GS_CHECK_EQ(2, ms_stat("L1T_total_cache_accesses"));
    GS_CHECK_EQ(2, ms_stat("L1T_total_cache_misses"));
    GS_CHECK(ms_drain(2000));
}

int main(void)
{
    GS_RUN(test_tags_run_ahead_in_order_return);
    GS_RUN(test_reservation_fails);
    GS_RUN(test_replacement);
    GS_RUN(test_one_fill_a_cycle);
    GS_RUN(test_sectors_and_invalidation);
    GS_RUN(test_texture_loads_through_memory);
    GS_RUN(test_texture_lines_of_64_bytes);
    free(tc_buffer);
    free(ms.buffer);
    return gs_check_report();
}
