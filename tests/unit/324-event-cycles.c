/*
 * Each event fires at its exact, hand-computed cycle (base/event.h; issue 12
 * acceptance). One cold load through the whole memory system, with the
 * set-up and latency terms of 180-mem-memsys-latency.c (every clock 1000
 * MHz, so core, L2 and DRAM cycle numbers coincide; L1 1, ROP 7, DRAM
 * latency 5, tRCD 12, CL 12, two RD commands 3 apart, burst 2), accepted at
 * tick t = 0:
 *   t+1  L1D: MSHR_ALLOC then the L1D_ACCESS miss
 *   a = t+3+ROP = 10  L2: MSHR_ALLOC, L2_ACCESS miss; the miss goes to the
 *        DRAM queue in the same tick: DRAM_ENQUEUE at p = 10
 *   p+D = 15  the bank takes it: DRAM_ROW (bank closed: a miss), ACT
 *   15+tRCD = 27  RD; 27+3 = 30 RD; data complete 30+CL+BURST = 44:
 *        DRAM_COMPLETE at 44
 *   45   L2_FILL, MSHR_RELEASE (1 waiter), the reply queued (x = 45)
 *   x+8 = 53  L1D_FILL, MSHR_RELEASE; the load completes at 54 (test 180)
 */
#include "memsys_harness.h"
#include "mem/dram.h"

static const char *const opts[] = {
    "-gpgpu_l2_rop_latency", "7", "-dram_latency", "5", NULL
};

typedef struct seen {
    uint8_t kind, level, outcome;
    uint64_t cycle;
} seen;

static seen log_[64];
static uint32_t n_log;

static void record(void *ctx, const gs_event *ev)
{
    (void)ctx;
    if (n_log < 64u) {
        log_[n_log].kind = ev->kind;
        log_[n_log].level = ev->level;
        log_[n_log].outcome = ev->outcome;
        log_[n_log].cycle = ev->cycle;
        n_log++;
    }
}

static void test_one_cold_load(void)
{
    static const seen want[] = {
        { GS_EV_MSHR_ALLOC, GS_LEVEL_L1D, 0, 1 },
        { GS_EV_L1D_ACCESS, GS_LEVEL_L1D, GS_OUTCOME_MISS, 1 },
        { GS_EV_MSHR_ALLOC, GS_LEVEL_L2, 0, 10 },
        { GS_EV_L2_ACCESS, GS_LEVEL_L2, GS_OUTCOME_MISS, 10 },
        { GS_EV_DRAM_ENQUEUE, GS_LEVEL_DRAM, 0, 10 },
        { GS_EV_DRAM_ROW, GS_LEVEL_DRAM, 1, 15 },
        { GS_EV_DRAM_COMMAND, GS_LEVEL_DRAM, GS_DRAM_CMD_ACT, 15 },
        { GS_EV_DRAM_COMMAND, GS_LEVEL_DRAM, GS_DRAM_CMD_RD, 27 },
        { GS_EV_DRAM_COMMAND, GS_LEVEL_DRAM, GS_DRAM_CMD_RD, 30 },
        { GS_EV_DRAM_COMPLETE, GS_LEVEL_DRAM, 0, 44 },
        { GS_EV_L2_FILL, GS_LEVEL_L2, 0, 45 },
        { GS_EV_MSHR_RELEASE, GS_LEVEL_L2, 0, 45 },
        { GS_EV_L1D_FILL, GS_LEVEL_L1D, 0, 53 },
        { GS_EV_MSHR_RELEASE, GS_LEVEL_L1D, 0, 53 },
    };
    static gs_event_bus bus;
    gs_event_sub sub;
    gs_diag diag;
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, 0x0, 4, 4);
    uint32_t i;
    GS_CHECK(ms_setup(opts));
    gs_event_bus_init(&bus);
    memset(&sub, 0, sizeof sub);
    sub.fn = record;
    sub.name = "cycles";
    sub.kinds = GS_EVENT_ALL;
    GS_CHECK_EQ(GS_OK, gs_event_subscribe(&bus, &sub, &diag));
    gs_memsys_set_events(ms.sys, &bus);
    n_log = 0;
    GS_CHECK_EQ(0u, ms_issue(0, &ld, 0, 1));
    GS_CHECK_EQ(54u, ms_wait(0, 1, 2000));
    GS_CHECK_EQ(sizeof want / sizeof want[0], n_log);
    for (i = 0; i < n_log && i < sizeof want / sizeof want[0]; i++) {
        GS_CHECK_EQ(want[i].kind, log_[i].kind);
        GS_CHECK_EQ(want[i].level, log_[i].level);
        GS_CHECK_EQ(want[i].outcome, log_[i].outcome);
        GS_CHECK_EQ(want[i].cycle, log_[i].cycle);
    }
}

int main(void)
{
    GS_RUN(test_one_cold_load);
    return gs_check_report();
}
