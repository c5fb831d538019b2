/*
 * The staged LD/ST path (mem/ldst_stage.h, mem/ldst_full.c stage_push /
 * stage_access): an owner that never holds gives a load the latency it has
 * without a stage; an owner that holds keeps requests of several
 * instructions staged (the unit accepts the next instruction once the
 * head's requests are in) and lets them go when it chooses, in the order it
 * chooses; each access then takes exactly its own path's latency from the
 * cycle it is picked. Set-up and latency terms as in 180-mem-memsys-latency.c
 * (L1 hit = access + L1, L1 = 1).
 */
#include "memsys_harness.h"

static const char *const opts[] = {
    "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5", "-gs_ldst_stage_entries", "4", NULL
};

enum { L1 = 1, ROP = 7, DRAM_LAT = 5, TRCD = 12, CL = 12, COL2 = 3, BURST = 2 };
#define L2_ACCESS(t) ((t) + 3u + ROP)
#define REPLY_DONE(x) ((x) + 8u + L1)
#define DRAM_ROW_CLOSED(p) ((p) + DRAM_LAT + TRCD + COL2 + CL + BURST)

typedef struct owner {
    int hold;             /* let nothing go */
    int youngest_first;   /* pick the youngest staged request, not the oldest */
    uint32_t picks;
    uint64_t picked_at[8];
    uint32_t picked_warp[8];
    uint32_t max_staged;
} owner;

static owner own;

static uint32_t pick(void *ctx, uint32_t sm, const gs_ldst_stage *stage, uint64_t now)
{
    owner *o = ctx;
    uint32_t e = gs_ldst_stage_oldest(stage), next;
    (void)sm;
    if (gs_ldst_stage_count(stage) > o->max_staged)
        o->max_staged = gs_ldst_stage_count(stage);
    if (o->hold)
        return GS_STAGE_HOLD;
    while (o->youngest_first && (next = gs_ldst_stage_younger(stage, e)) != GS_STAGE_NONE)
        e = next;
    if (o->picks < 8u) {
        o->picked_at[o->picks] = now;
        o->picked_warp[o->picks] = gs_ldst_stage_at(stage, e)->warp;
    }
    o->picks++;
    return e;
}

static int setup(void)
{
    gs_diag diag;
    if (!ms_setup(opts))
        return 0;
    memset(&own, 0, sizeof own);
    return gs_memsys_set_stage_owner(ms.sys, pick, &own, 0u, "test", &diag) == GS_OK;
}

static uint64_t load(uint64_t addr, uint32_t warp, uint32_t tag, uint64_t *t)
{
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, addr, 4, 4);
    *t = ms_issue(0, &ld, warp, tag);
    return ms_wait(0, tag, 2000);
}

static void test_owner_that_never_holds_keeps_the_latency(void)
{
    uint64_t t, done;
    GS_CHECK(setup());
    done = load(0x0, 0, 1, &t);
    GS_CHECK_EQ(REPLY_DONE(DRAM_ROW_CLOSED(L2_ACCESS(t)) + 1u), done);   /* as in test 180 */
    done = load(0x0, 0, 2, &t);
    GS_CHECK_EQ(t + 1u + L1, done);
    GS_CHECK_EQ(2u, own.picks);
    GS_CHECK_EQ(t + 1u, own.picked_at[1]);        /* staged and picked in the same cycle */
    GS_CHECK_EQ(2u, ms_stat("ldst_staged_requests"));
    GS_CHECK_EQ(0u, ms_stat("ldst_stage_hold_cycles"));
}

/* Two warps' loads of warm lines are held, both staged, then released at
 * tick R youngest first: warp 2's at R (done R + 1), warp 1's at R + 1. */
static void test_hold_then_reorder(void)
{
    uint64_t t, ta, tb, release;
    gs_inst a = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 4, 4);
    gs_inst b = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x80, 4, 4);
    uint32_t i;
    GS_CHECK(setup());
    load(0x0, 0, 1, &t);
    load(0x80, 0, 2, &t);
    own.hold = 1;
    own.picks = 0;
    ta = ms_issue(0, &a, 1, 10);
    tb = ms_issue(0, &b, 2, 11);
    GS_CHECK_EQ(ta + 1u, tb);          /* A's request is staged: the unit takes B at once */
    release = tb + 10u;
    while (ms.now < release)
        ms_tick();
    own.hold = 0;
    own.youngest_first = 1;
    GS_CHECK_EQ(release + 1u, ms_wait(0, 11, 100));
    GS_CHECK_EQ(release + 2u, ms_wait(0, 10, 100));
    GS_CHECK_EQ(2u, own.picks);
    GS_CHECK_EQ(2u, own.picked_warp[0]);
    GS_CHECK_EQ(1u, own.picked_warp[1]);
    GS_CHECK_EQ(release, own.picked_at[0]);
    GS_CHECK_EQ(2u, own.max_staged);
    /* the owner held every cycle from A's staging (ta + 1) to release - 1 */
    GS_CHECK_EQ(release - ta - 1u, ms_stat("ldst_stage_hold_cycles"));
    for (i = 0; i < 2u; i++)
        GS_CHECK(own.picked_at[i] >= release);
}

/* A one-entry stage: B waits at the head while A is held in the stage, so a
 * third instruction is refused (BUSY); at release R, A is picked at R (B
 * cannot enter: the stage is still full), B enters and is picked at R + 1. */
static void test_full_stage_holds_the_head(void)
{
    static const char *const one[] = {
        "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5", "-gs_ldst_stage_entries", "1", NULL
    };
    gs_inst a = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 4, 4);
    gs_inst b = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x80, 4, 4);
    gs_diag diag;
    uint64_t t, ta, tb, release;
    GS_CHECK(ms_setup(one));
    memset(&own, 0, sizeof own);
    GS_CHECK_EQ(GS_OK, gs_memsys_set_stage_owner(ms.sys, pick, &own, 0u, "test", &diag));
    load(0x0, 0, 1, &t);
    load(0x80, 0, 2, &t);
    own.hold = 1;
    ta = ms_issue(0, &a, 1, 10);
    tb = ms_issue(0, &b, 2, 11);
    GS_CHECK_EQ(ta + 1u, tb);
    release = tb + 6u;
    while (ms.now < release) {
        ms_core();
        GS_CHECK_EQ(GS_LDST_BUSY, ms.ldst[0]->ops->can_accept(ms.ldst[0]->state, &a));
        ms_rest();
    }
    own.hold = 0;
    GS_CHECK_EQ(release + 1u, ms_wait(0, 10, 100));
    GS_CHECK_EQ(release + 2u, ms_wait(0, 11, 100));
    GS_CHECK_EQ(1u, own.max_staged);
}

static void test_owner_needs_stage_entries(void)
{
    static const char *const none[] = { NULL };
    gs_diag diag;
    GS_CHECK(ms_setup(none));
    GS_CHECK_EQ(GS_E_CONFIG, gs_memsys_set_stage_owner(ms.sys, pick, &own, 0u, "mrpb", &diag));
    GS_CHECK_STR("mrpb needs the staged LD/ST path: set -gs_ldst_stage_entries above 0",
                 diag.message);
    GS_CHECK(setup());
    GS_CHECK_EQ(GS_E_CONFIG, gs_memsys_set_stage_owner(ms.sys, pick, &own, 0u, "ciao", &diag));
    GS_CHECK_STR("ciao and test both want to own the staged LD/ST path",
                 diag.message);
}

int main(void)
{
    GS_RUN(test_owner_that_never_holds_keeps_the_latency);
    GS_RUN(test_hold_then_reorder);
    GS_RUN(test_full_stage_holds_the_head);
    GS_RUN(test_owner_needs_stage_entries);
    return gs_check_report();
}
