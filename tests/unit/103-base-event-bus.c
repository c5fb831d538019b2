/*
 * The event bus (src/base/event.h; DESIGN.md section 7): subscribers get
 * the kinds they asked for, in subscription order, with the origin
 * completed (kernel, app, CTA of the warp slot, scheduler); cycle epochs end
 * after cycles K-1, 2K-1, ... and fire in order when the loop jumps;
 * instruction epochs fire in the cycle the committed count reaches each
 * multiple; the subscriber limit is a located error.
 */
#include <string.h>

#include "check.h"
#include "base/event.h"

typedef struct recorder {
    int id;
    uint64_t *log;
    unsigned *count;
} recorder;

/* log entry: id * 1000000 + kind * 10000 + a small payload */
static void on_event(void *ctx, const gs_event *e)
{
    const recorder *r = ctx;
    uint64_t payload = e->kind == GS_EV_EPOCH ? e->outcome * 1000u + e->value * 100u + e->cycle
                                              : e->origin.warp * 100u + e->addr % 100u;
    r->log[(*r->count)++] = (uint64_t)r->id * 1000000u + e->kind * 10000u + payload;
}

static void subscribe(gs_event_bus *bus, recorder *r, uint32_t kinds, uint64_t cycles,
                      uint64_t insts)
{
    gs_event_sub sub;
    gs_diag diag;
    memset(&sub, 0, sizeof sub);
    sub.fn = on_event;
    sub.ctx = r;
    sub.name = r->id == 1 ? "a" : "b";
    sub.kinds = kinds;
    sub.epoch_cycles = cycles;
    sub.epoch_insts = insts;
    GS_CHECK_EQ(GS_OK, gs_event_subscribe(bus, &sub, &diag));
}

static void emit(gs_event_bus *bus, unsigned kind, uint16_t warp, uint64_t addr)
{
    gs_event ev;
    gs_event_clear(&ev, kind, GS_DOMAIN_CORE, 5);
    ev.origin.sm = 0;
    ev.origin.warp = warp;
    ev.addr = addr;
    if (GS_EVENT_WANTED(bus, kind))
        gs_event_emit(bus, &ev);
}

static void test_order_and_epochs(void)
{
    uint64_t log[32];
    unsigned count = 0, i;
    recorder a = { 1, NULL, NULL }, b = { 2, NULL, NULL };
    gs_event_bus bus;
    static const uint64_t want[] = {
        1000000 + GS_EV_WARP_COMMIT * 10000 + 734,   /* commit: only a listens */
        1000000 + GS_EV_L1D_EVICT * 10000 + 378,     /* evict before the access it caused */
        1000000 + GS_EV_L1D_ACCESS * 10000 + 734,    /* access: a then b */
        2000000 + GS_EV_L1D_ACCESS * 10000 + 734,
        1000000 + GS_EV_EPOCH * 10000 + 3,           /* end of cycle 3: a's epoch 0 */
        1000000 + GS_EV_EPOCH * 10000 + 107,         /* jump to 11: a's epochs 1, 2 */
        1000000 + GS_EV_EPOCH * 10000 + 211,
        2000000 + GS_EV_EPOCH * 10000 + 9,           /* then b's cycle epoch 0 */
        2000000 + GS_EV_EPOCH * 10000 + 1000 + 12,   /* and b's instruction epoch 0 */
        2000000 + GS_EV_EPOCH * 10000 + 1000 + 100 + 13,  /* 20 commits by cycle 13 */
    };
    a.log = b.log = log;
    a.count = b.count = &count;
    gs_event_bus_init(&bus);
    subscribe(&bus, &a, GS_EVENT_BIT(GS_EV_L1D_ACCESS) | GS_EVENT_BIT(GS_EV_L1D_EVICT) |
                        GS_EVENT_BIT(GS_EV_WARP_COMMIT), 4, 0);
    subscribe(&bus, &b, GS_EVENT_BIT(GS_EV_L1D_ACCESS), 10, 10);
    GS_CHECK(!GS_EVENT_WANTED(&bus, GS_EV_DRAM_COMMAND));
    GS_CHECK(GS_EVENT_WANTED(&bus, GS_EV_EPOCH));
    emit(&bus, GS_EV_DRAM_COMMAND, 7, 34);          /* nobody: not delivered */
    emit(&bus, GS_EV_WARP_COMMIT, 7, 34);
    emit(&bus, GS_EV_L1D_EVICT, 3, 78);
    emit(&bus, GS_EV_L1D_ACCESS, 7, 34);
    gs_event_end_cycle(&bus, 2);     /* one cycle before the boundary: nothing */
    GS_CHECK_EQ(4, count);
    gs_event_end_cycle(&bus, 3);
    gs_event_end_cycle(&bus, 3);     /* called twice: fires once */
    bus.committed_warp_insts = 9;    /* one short of the first instruction epoch */
    gs_event_end_cycle(&bus, 11);
    GS_CHECK_EQ(8, count);          /* a: epochs 1, 2 (cycles 7, 11); b: epoch 0 */
    bus.committed_warp_insts = 10;
    gs_event_end_cycle(&bus, 12);
    bus.committed_warp_insts = 20;
    gs_event_end_cycle(&bus, 13);
    GS_CHECK_EQ(sizeof want / sizeof want[0], count);
    for (i = 0; i < count && i < sizeof want / sizeof want[0]; i++)
        GS_CHECK_EQ(want[i], log[i]);
}

static gs_origin seen;
static void keep_origin(void *ctx, const gs_event *e)
{
    (void)ctx;
    seen = e->origin;
}

static void test_origin_completion(void)
{
    gs_event_bus bus;
    gs_event_sub sub;
    gs_event ev;
    gs_diag diag;
    uint32_t table[2 * 8];
    memset(table, 0xFF, sizeof table);
    gs_event_bus_init(&bus);
    memset(&sub, 0, sizeof sub);
    sub.fn = keep_origin;
    sub.name = "o";
    sub.kinds = GS_EVENT_ALL;
    GS_CHECK_EQ(GS_OK, gs_event_subscribe(&bus, &sub, &diag));
    gs_event_bus_set_warps(&bus, table, 2, 8, 4);
    gs_event_bus_bind_warp(&bus, 1, 6, 42);
    bus.kernel = 3;
    bus.app = 1;
    gs_event_clear(&ev, GS_EV_L2_ACCESS, GS_DOMAIN_L2, 9);
    ev.origin.sm = 1;
    ev.origin.warp = 6;
    gs_event_emit(&bus, &ev);
    GS_CHECK_EQ(3, seen.kernel);
    GS_CHECK_EQ(1, seen.app);
    GS_CHECK_EQ(42, seen.cta);
    GS_CHECK_EQ(2, seen.sched);       /* warp 6 of 4 schedulers */
    gs_event_clear(&ev, GS_EV_L2_EVICT, GS_DOMAIN_L2, 9);   /* no SM: nothing to resolve */
    gs_event_emit(&bus, &ev);
    GS_CHECK_EQ(GS_ORIGIN_NO_CTA, seen.cta);
    GS_CHECK_EQ(GS_ORIGIN_NONE, seen.sched);
    GS_CHECK_EQ(3, seen.kernel);
}

static void test_capacity_and_names(void)
{
    gs_event_bus bus;
    gs_diag diag;
    recorder r = { 2, NULL, NULL };
    gs_event_sub sub;
    unsigned i;
    gs_event_bus_init(&bus);
    memset(&sub, 0, sizeof sub);
    sub.fn = on_event;
    sub.ctx = &r;
    sub.name = "b";
    for (i = 0; i < GS_EVENT_SUBSCRIBERS_MAX; i++)
        GS_CHECK_EQ(GS_OK, gs_event_subscribe(&bus, &sub, &diag));
    GS_CHECK_EQ(GS_E_LIMIT, gs_event_subscribe(&bus, &sub, &diag));
    GS_CHECK_STR("more than 16 event subscribers ('b' does not fit)", diag.message);
    GS_CHECK_STR("l1d_access", gs_event_name(GS_EV_L1D_ACCESS));
    GS_CHECK_STR("epoch", gs_event_name(GS_EV_EPOCH));
    GS_CHECK(gs_event_name(GS_EV_COUNT) == NULL);
    GS_CHECK_EQ(GS_EV_DRAM_ROW, gs_event_find("dram_row", 8));
    GS_CHECK_EQ(-1, gs_event_find("dram_rows", 9));
}

int main(void)
{
    GS_RUN(test_order_and_epochs);
    GS_RUN(test_origin_completion);
    GS_RUN(test_capacity_and_names);
    return gs_check_report();
}
