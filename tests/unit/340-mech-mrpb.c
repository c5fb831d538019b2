/*
 * MRPB (src/mech/mrpb.c; Jia et al., HPCA 2014): the drain order of its
 * per-warp queues on a real stage, and the bypass on an associativity stall
 * in the memory system.
 *
 * Drain: requests arrive from warps 5, 2, 7, 2 (in that order). `fixed`
 * drains the lowest-numbered non-empty queue every time: 2, 2, 5, 7 (three
 * reorders: every pick but the last skips an older request); `rr` goes on
 * after the queue drained last: 5 (after 2... from 1), then 7, then 2, 2;
 * `greedy` stays on the queue drained last while it has requests.
 *
 * Bypass: a direct-mapped 4-set L1D (-gpgpu_cache:dl1 N:4:128:1): warp 0's
 * load of line 0 misses and reserves set 0's only way; warp 1's load of
 * 0x200 (set 0 too) then fails with LINE_ALLOC_FAIL. With the bypass it goes
 * around the L1D at once (one assoc bypass, one L1-bypass access) and its
 * miss runs beside warp 0's: done at 268 against warp 0's 262; without it,
 * it waits for warp 0's fill (262) and then misses: 510.
 */
#include "mech_harness.h"
#include "memsys_harness.h"

static gs_config cfg;
static uint64_t buf[4096];
static gs_mech_hooks hooks;
static unsigned char stage_mem[1u << 16];
static gs_ldst_stage stage;

static void setup_signature(const char *drain, uint32_t signature)
{
    gs_mech_env env;
    gs_diag diag;
    gs_config_defaults(&cfg);
    cfg.mrpb_signature = signature;   /* warp 0, pc 1, line 2 */
    cfg.mrpb_drain = strcmp(drain, "greedy") == 0 ? 1u : strcmp(drain, "rr") == 0 ? 2u : 0u;
    memset(&env, 0, sizeof env);
    env.cfg = &cfg;
    env.n_sms = gs_config_n_sms(&cfg);
    env.warps_per_sm = 48;
    env.scheds_per_sm = 2;
    memset(buf, 0, sizeof buf);
    memset(&hooks, 0, sizeof hooks);
    GS_CHECK(gs_mech_mrpb_ops.bytes(&cfg) <= sizeof buf);
    GS_CHECK_EQ(GS_OK, gs_mech_mrpb_ops.init(buf, &env, &hooks, &diag));
}

static void setup_mech(const char *drain)
{
    setup_signature(drain, 0);
}

static void fill_stage(void)
{
    static const uint32_t warps[4] = { 5, 2, 7, 2 };
    gs_arena arena;
    gs_diag diag;
    uint32_t i;
    gs_arena_init(&arena, stage_mem, sizeof stage_mem);
    GS_CHECK_EQ(GS_OK, gs_ldst_stage_init(&stage, &arena, 8, &diag));
    for (i = 0; i < 4u; i++) {
        gs_stage_req r;
        memset(&r, 0, sizeof r);
        r.warp = warps[i];
        r.pc = i;   /* arrival index, to tell warp 2's two apart */
        gs_ldst_stage_put(&stage, &r);
    }
}

/* Drain the stage with the mechanism's picks; the picked (warp * 10 + pc). */
static void drain(uint32_t out[4])
{
    uint32_t i;
    for (i = 0; i < 4u; i++) {
        uint32_t e = hooks.stage_pick(buf, 0, &stage, i);
        GS_CHECK(e != GS_STAGE_HOLD);
        out[i] = gs_ldst_stage_at(&stage, e)->warp * 10u + gs_ldst_stage_at(&stage, e)->pc;
        gs_ldst_stage_remove(&stage, e);
    }
    GS_CHECK_EQ(0u, gs_ldst_stage_count(&stage));
}

static void test_fixed_order(void)
{
    uint32_t got[4];
    setup_mech("fixed");
    GS_CHECK(hooks.stage_pick != NULL);
    GS_CHECK_EQ(GS_STAGE_BYPASS_ON_ASSOC_FAIL, hooks.stage_flags);
    fill_stage();
    drain(got);
    GS_CHECK_EQ(21u, got[0]);
    GS_CHECK_EQ(23u, got[1]);
    GS_CHECK_EQ(50u, got[2]);
    GS_CHECK_EQ(72u, got[3]);
    GS_CHECK_EQ(4u, mh_stat(&gs_mech_mrpb_ops, buf, "mrpb_picks"));
    GS_CHECK_EQ(2u, mh_stat(&gs_mech_mrpb_ops, buf, "mrpb_reorders"));   /* 21, 23 skip 50 */
    GS_CHECK_EQ(4u + 3u + 2u + 1u, mh_stat(&gs_mech_mrpb_ops, buf, "mrpb_occupancy_sum"));
    GS_CHECK_EQ(4u, mh_stat(&gs_mech_mrpb_ops, buf, "mrpb_occupancy_max"));
}

/* Hashed signatures: queue = ((key * 0x9E3779B97F4A7C15) >> 32) mod 48 of the
 * line address or the PC. Lines 0x100, 0x500, 0x300, 0x100 (warps 5, 2, 7, 2)
 * fall in queues 47, 28, 45, 47: the two requests for line 0x100 share a queue
 * whatever their warps; PCs 0..3 fall in queues 0, 9, 2, 12. */
static void test_signatures(void)
{
    static const uint64_t lines[4] = { 0x100, 0x500, 0x300, 0x100 };
    uint32_t got[4], i;
    setup_signature("fixed", 2);   /* line */
    fill_stage();
    for (i = 0; i < 4u; i++)
        stage.entries[i].c.line_addr = lines[i];
    drain(got);
    GS_CHECK_EQ(21u, got[0]);   /* queue 28 */
    GS_CHECK_EQ(72u, got[1]);   /* 45 */
    GS_CHECK_EQ(50u, got[2]);   /* 47, oldest first */
    GS_CHECK_EQ(23u, got[3]);
    setup_signature("fixed", 1);   /* pc */
    fill_stage();
    drain(got);
    GS_CHECK_EQ(50u, got[0]);   /* pc 0: queue 0 */
    GS_CHECK_EQ(72u, got[1]);   /* pc 2: 2 */
    GS_CHECK_EQ(21u, got[2]);   /* pc 1: 9 */
    GS_CHECK_EQ(23u, got[3]);   /* pc 3: 12 */
}

static void test_round_robin(void)
{
    uint32_t got[4];
    setup_mech("rr");
    fill_stage();
    drain(got);   /* from queue 1: 2, then after 2: 5, 7, then 2 again */
    GS_CHECK_EQ(21u, got[0]);
    GS_CHECK_EQ(50u, got[1]);
    GS_CHECK_EQ(72u, got[2]);
    GS_CHECK_EQ(23u, got[3]);
}

static void test_greedy(void)
{
    uint32_t got[4];
    gs_stage_req r;
    setup_mech("greedy");
    fill_stage();
    got[0] = hooks.stage_pick(buf, 0, &stage, 0);
    GS_CHECK_EQ(2u, gs_ldst_stage_at(&stage, got[0])->warp);
    gs_ldst_stage_remove(&stage, got[0]);
    memset(&r, 0, sizeof r);
    r.warp = 1;   /* a lower queue arrives: greedy stays on 2 while it has requests */
    r.pc = 9;
    gs_ldst_stage_put(&stage, &r);
    got[1] = hooks.stage_pick(buf, 0, &stage, 1);
    GS_CHECK_EQ(2u, gs_ldst_stage_at(&stage, got[1])->warp);
    gs_ldst_stage_remove(&stage, got[1]);
    got[2] = hooks.stage_pick(buf, 0, &stage, 2);
    GS_CHECK_EQ(1u, gs_ldst_stage_at(&stage, got[2])->warp);   /* then fixed order */
}

static const char *const direct_mapped[] = {
    "-gpgpu_cache:dl1", "N:4:128:1,L:L:m:N:L,A:32:8,8:0,128", "-gs_ldst_stage_entries", "4", NULL
};

/* Warp 0 misses on line 0; warp 1's load of 0x200 (set 0) follows a cycle
 * later; the stage's owner is MRPB with or without its bypass. Returns warp
 * 1's completion; *first = warp 0's. */
static uint64_t conflict(uint32_t flags, uint64_t *first)
{
    gs_inst a = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 4, 4);
    gs_inst b = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x200, 4, 4);
    gs_diag diag;
    setup_mech("fixed");
    GS_CHECK(ms_setup(direct_mapped));
    GS_CHECK_EQ(GS_OK, gs_memsys_set_stage_owner(ms.sys, hooks.stage_pick, buf, flags, "mrpb",
                                                 &diag));
    ms_issue(0, &a, 0, 1);
    ms_issue(0, &b, 1, 2);
    *first = ms_wait(0, 1, 2000);
    return ms_wait(0, 2, 2000);
}

static void test_assoc_bypass(void)
{
    uint64_t first_on, first_off, on, off;
    on = conflict(GS_STAGE_BYPASS_ON_ASSOC_FAIL, &first_on);
    GS_CHECK_EQ(1u, ms_stat("ldst_stage_assoc_bypasses"));
    GS_CHECK_EQ(1u, ms_stat("ldst_l1_bypass_accesses"));
    GS_CHECK_EQ(262u, first_on);
    GS_CHECK_EQ(268u, on);                  /* beside warp 0's miss, not after its fill */
    off = conflict(0u, &first_off);
    GS_CHECK_EQ(0u, ms_stat("ldst_stage_assoc_bypasses"));
    GS_CHECK_EQ(0u, ms_stat("ldst_l1_bypass_accesses"));
    GS_CHECK(off > first_off);              /* it waited for the way, then missed */
    GS_CHECK_EQ(262u, first_off);
    GS_CHECK_EQ(510u, off);                 /* a whole miss more, from the fill on */
}

int main(void)
{
    GS_RUN(test_fixed_order);
    GS_RUN(test_signatures);
    GS_RUN(test_round_robin);
    GS_RUN(test_greedy);
    GS_RUN(test_assoc_bypass);
    return gs_check_report();
}
