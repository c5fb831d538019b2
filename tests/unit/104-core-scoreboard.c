/*
 * Scoreboard (src/core/scoreboard.c; seed-004 section 1.2.2): RAW and WAW
 * stalls, per-warp independence, release at write-back, bucket aliasing,
 * entry exhaustion, long-latency tracking and the stall counters.
 */
#include "check.h"
#include "core/scoreboard.h"

static uint64_t arena_buffer[1024];

static void make(gs_scoreboard *sb, unsigned warps, unsigned entries)
{
    gs_arena arena;
    gs_diag diag;
    gs_scoreboard_params p;
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    p.num_warps = warps;
    p.entries_per_warp = entries;
    GS_CHECK_EQ(GS_OK, gs_scoreboard_init(sb, &p, &arena, &diag));
}

static gs_inst op(unsigned ndst, const uint16_t *dst, unsigned nsrc, const uint16_t *src)
{
    gs_inst inst;
    unsigned i;
    memset(&inst, 0, sizeof inst);
    inst.num_dst = (uint8_t)ndst;
    inst.num_src = (uint8_t)nsrc;
    for (i = 0; i < ndst; i++)
        inst.dst[i] = dst[i];
    for (i = 0; i < nsrc; i++)
        inst.src[i] = src[i];
    return inst;
}

static void test_raw_waw(void)
{
    static const uint16_t r1[] = { 1 }, r23[] = { 2, 3 }, r4[] = { 4 }, r5[] = { 5 };
    gs_scoreboard sb;
    gs_inst add = op(1, r1, 2, r23);      /* r1 = r2 + r3 */
    gs_inst use = op(1, r4, 1, r1);       /* r4 = f(r1): RAW on r1 */
    gs_inst over = op(1, r1, 1, r5);      /* r1 = f(r5): WAW on r1 */
    gs_inst war = op(1, r23, 1, r5);      /* r2 = f(r5): WAR is no hazard */
    make(&sb, 4, 8);
    GS_CHECK_EQ(GS_SB_FREE, gs_scoreboard_check(&sb, 0, &add));
    gs_scoreboard_reserve(&sb, 0, &add, 0);
    GS_CHECK_EQ(GS_SB_RAW, gs_scoreboard_check(&sb, 0, &use));
    GS_CHECK_EQ(GS_SB_WAW, gs_scoreboard_check(&sb, 0, &over));
    GS_CHECK_EQ(GS_SB_FREE, gs_scoreboard_check(&sb, 0, &war));
    GS_CHECK_EQ(GS_SB_FREE, gs_scoreboard_check(&sb, 1, &use));   /* other warp */
    GS_CHECK_EQ(1, gs_scoreboard_is_pending(&sb, 0, 1));
    gs_scoreboard_release(&sb, 0, 1);
    GS_CHECK_EQ(0, gs_scoreboard_is_pending(&sb, 0, 1));
    GS_CHECK_EQ(GS_SB_FREE, gs_scoreboard_check(&sb, 0, &use));
    GS_CHECK_EQ(1, sb.stalls_raw);
    GS_CHECK_EQ(1, sb.stalls_waw);
    GS_CHECK_EQ(0, sb.stalls_full);
}

/* Registers 1, 65 and 129 share a summary bucket; only exact ids stall. */
static void test_bucket_aliasing(void)
{
    static const uint16_t r65[] = { 65 }, r129[] = { 129 }, r1[] = { 1 }, r9[] = { 9 };
    gs_scoreboard sb;
    gs_inst w65 = op(1, r65, 0, NULL), w129 = op(1, r129, 0, NULL);
    gs_inst read1 = op(1, r9, 1, r1), read129 = op(1, r9, 1, r129);
    make(&sb, 2, 8);
    gs_scoreboard_reserve(&sb, 1, &w65, 0);
    gs_scoreboard_reserve(&sb, 1, &w129, 0);
    GS_CHECK_EQ(GS_SB_FREE, gs_scoreboard_check(&sb, 1, &read1));
    GS_CHECK_EQ(GS_SB_RAW, gs_scoreboard_check(&sb, 1, &read129));
    gs_scoreboard_release(&sb, 1, 65);
    GS_CHECK_EQ(GS_SB_RAW, gs_scoreboard_check(&sb, 1, &read129));
    gs_scoreboard_release(&sb, 1, 129);
    GS_CHECK_EQ(0, sb.warps[1].summary);
    GS_CHECK_EQ(GS_SB_FREE, gs_scoreboard_check(&sb, 1, &read129));
}

static void test_entries_full(void)
{
    static const uint16_t v0[] = { 10, 11, 12, 13 }, v1[] = { 20, 21, 22, 23 };
    static const uint16_t dup[] = { 30, 30 }, one[] = { 40 }, srcs[] = { 50, 51 };
    static const uint16_t none[] = { GS_REG_NONE };
    gs_scoreboard sb;
    gs_inst load0 = op(4, v0, 1, srcs), load1 = op(4, v1, 1, srcs);
    gs_inst twice = op(2, dup, 0, NULL), alu = op(1, one, 2, srcs);
    gs_inst store = op(0, NULL, 2, srcs), nodst = op(1, none, 1, none);
    make(&sb, 1, 9);
    gs_scoreboard_reserve(&sb, 0, &load0, 1);
    gs_scoreboard_reserve(&sb, 0, &load1, 1);
    GS_CHECK_EQ(8, gs_scoreboard_pending(&sb, 0));
    GS_CHECK_EQ(GS_SB_FREE, gs_scoreboard_check(&sb, 0, &twice));  /* 30 once: fits */
    gs_scoreboard_reserve(&sb, 0, &twice, 0);
    GS_CHECK_EQ(9, gs_scoreboard_pending(&sb, 0));
    GS_CHECK_EQ(GS_SB_FULL, gs_scoreboard_check(&sb, 0, &alu));
    GS_CHECK_EQ(GS_SB_FREE, gs_scoreboard_check(&sb, 0, &store));  /* writes nothing */
    GS_CHECK_EQ(GS_SB_FREE, gs_scoreboard_check(&sb, 0, &nodst));  /* GS_REG_NONE */
    gs_scoreboard_release_inst(&sb, 0, &twice);
    GS_CHECK_EQ(GS_SB_FREE, gs_scoreboard_check(&sb, 0, &alu));
    GS_CHECK_EQ(1, sb.stalls_full);
    gs_scoreboard_clear_warp(&sb, 0);
    GS_CHECK_EQ(0, gs_scoreboard_pending(&sb, 0));
}

static void test_long_latency(void)
{
    static const uint16_t r10[] = { 10 }, r11[] = { 11 }, r12[] = { 12 };
    static const uint16_t s10[] = { 10 }, s11[] = { 11 };
    gs_scoreboard sb;
    gs_inst ld = op(1, r10, 0, NULL), add = op(1, r11, 0, NULL);
    gs_inst uses_load = op(1, r12, 1, s10), uses_add = op(1, r12, 1, s11);
    make(&sb, 2, 8);
    gs_scoreboard_reserve(&sb, 0, &ld, 1);
    gs_scoreboard_reserve(&sb, 0, &add, 0);
    GS_CHECK_EQ(1, gs_scoreboard_waits_long(&sb, 0, &uses_load));
    GS_CHECK_EQ(0, gs_scoreboard_waits_long(&sb, 0, &uses_add));
    GS_CHECK_EQ(0, gs_scoreboard_waits_long(&sb, 1, &uses_load));
    gs_scoreboard_release(&sb, 0, 10);
    GS_CHECK_EQ(0, gs_scoreboard_waits_long(&sb, 0, &uses_load));
    GS_CHECK_EQ(0, sb.warps[0].long_count);
}

static void test_bad_params(void)
{
    gs_arena arena;
    gs_diag diag;
    gs_scoreboard sb;
    gs_scoreboard_params p = { 48, 0 };
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    GS_CHECK_EQ(GS_E_LIMIT, gs_scoreboard_init(&sb, &p, &arena, &diag));
    GS_CHECK_STR("scoreboard: 0 entries per warp for 48 warps; entries must be 1..255 "
                 "and warps at least 1", diag.message);
    p.entries_per_warp = 255;
    GS_CHECK_EQ(GS_E_ARENA, gs_scoreboard_init(&sb, &p, &arena, &diag));
}

int main(void)
{
    GS_RUN(test_raw_waw);
    GS_RUN(test_bucket_aliasing);
    GS_RUN(test_entries_full);
    GS_RUN(test_long_latency);
    GS_RUN(test_bad_params);
    return gs_check_report();
}
