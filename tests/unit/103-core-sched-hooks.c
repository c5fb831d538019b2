/*
 * Observation hooks (src/core/sched.h; DESIGN.md section 7): observers are
 * called in registration order with the event's fields intact; epochs end
 * after cycles K-1, 2K-1, ... and fire even when the loop jumps cycles.
 */
#include "check.h"
#include "base/hooks.h"
#include "core/sched.h"

typedef struct recorder {
    int id;
    uint64_t *log;
    unsigned *count;
} recorder;

/* log entry: id * 1000000 + kind * 100000 + a small payload */
static void note(const recorder *r, unsigned kind, uint64_t payload)
{
    r->log[(*r->count)++] = (uint64_t)r->id * 1000000u + kind * 100000u + payload;
}

static void on_access(void *ctx, const gs_hook_access *e)
{
    note((const recorder *)ctx, 1, e->warp * 1000u + e->outcome * 100u + e->line_addr % 100u);
}

static void on_evict(void *ctx, const gs_hook_evict *e)
{
    note((const recorder *)ctx, 2, e->owner_warp * 1000u + e->evicting_warp * 100u
                                       + e->line_addr % 100u);
}

static void on_commit(void *ctx, const gs_hook_commit *e)
{
    note((const recorder *)ctx, 3, e->warp * 1000u + e->active_lanes);
}

static void on_epoch(void *ctx, const gs_hook_epoch *e)
{
    note((const recorder *)ctx, 4, e->index * 1000u + e->cycle);
}

static const gs_hook_ops every_4 = { "a", 4, on_access, on_evict, on_commit, on_epoch };
static const gs_hook_ops every_10 = { "b", 10, on_access, NULL, NULL, on_epoch };

static void test_hook_order(void)
{
    uint64_t log[32];
    unsigned count = 0, i;
    recorder a = { 1, NULL, NULL }, b = { 2, NULL, NULL };
    gs_hooks hooks;
    gs_diag diag;
    gs_hook_access acc = { 5, 1234, 0, 7, 0x40, GS_L1_MISS, 0 };
    gs_hook_evict ev = { 5, 5678, 0, 3, 7 };
    gs_hook_commit com = { 5, 0, 7, 0x40, 32, 0 };
    static const uint64_t want[] = {
        1300000 + 7032,                 /* commit: only a listens */
        1200000 + 3778,                 /* evict before the access it caused */
        1100000 + 7234, 2100000 + 7234, /* access: a then b */
        1400000 + 3,                    /* end of cycle 3: a's epoch 0 */
        1400000 + 1007, 1400000 + 2011, /* jump to cycle 12: a's epochs 1, 2 */
        2400000 + 9,                    /* then b's epoch 0 (cycles 0..9) */
    };
    a.log = b.log = log;
    a.count = b.count = &count;
    gs_hooks_init(&hooks, 0);
    GS_CHECK_EQ(GS_OK, gs_hooks_add(&hooks, &every_4, &a, &diag));
    GS_CHECK_EQ(GS_OK, gs_hooks_add(&hooks, &every_10, &b, &diag));
    gs_hooks_commit(&hooks, &com);
    gs_hooks_evict(&hooks, &ev);
    gs_hooks_access(&hooks, &acc);
    gs_hooks_end_cycle(&hooks, 2);    /* one cycle before the boundary: nothing */
    GS_CHECK_EQ(4, count);
    gs_hooks_end_cycle(&hooks, 3);
    gs_hooks_end_cycle(&hooks, 3);    /* called twice: fires once */
    gs_hooks_end_cycle(&hooks, 12);
    GS_CHECK_EQ(sizeof want / sizeof want[0], count);
    for (i = 0; i < count && i < sizeof want / sizeof want[0]; i++)
        GS_CHECK_EQ(want[i], log[i]);
}

static void test_hook_capacity(void)
{
    gs_hooks hooks;
    gs_diag diag;
    recorder r = { 1, NULL, NULL };
    unsigned i;
    gs_hooks_init(&hooks, 3);
    for (i = 0; i < GS_HOOKS_MAX; i++)
        GS_CHECK_EQ(GS_OK, gs_hooks_add(&hooks, &every_4, &r, &diag));
    GS_CHECK_EQ(GS_E_LIMIT, gs_hooks_add(&hooks, &every_10, &r, &diag));
    GS_CHECK_STR("more than 8 observers on SM 3 (hook 'b' does not fit)", diag.message);
}

int main(void)
{
    GS_RUN(test_hook_order);
    GS_RUN(test_hook_capacity);
    return gs_check_report();
}
