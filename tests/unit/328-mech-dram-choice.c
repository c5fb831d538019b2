/*
 * A mechanism takes the DRAM scheduler's choice (gs_mech_hooks.dram_schedule,
 * gs_memsys_set_dram_owner; mem/dram.c): with -gpgpu_dram_scheduler 1
 * (FR-FCFS) configured, a test mechanism that schedules with FIFO's own
 * function gives bfs exactly the run of -gpgpu_dram_scheduler 0 (same
 * cycles, same digest), and not the FR-FCFS run; a second owner and a
 * perfect DRAM are refused with located messages.
 */
#define TH_WORKLOADS
#include "timing_harness.h"

static void fifo_choice(void *ctx, struct gs_dram *ctrl, uint32_t queue)
{
    (void)ctx;
    gs_dsched_table[GS_DSCHED_FIFO]->schedule(NULL, ctrl, queue);
}


static gs_status o_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                        gs_diag *diag)
{
    (void)state;
    (void)env;
    (void)diag;
    hooks->dram_schedule = fifo_choice;
    return GS_OK;
}

static const gs_mech_ops owner_ops = {
    "fifo_owner", "test: FIFO takes the DRAM choice", NULL, o_init, NULL, NULL
};

static th_run run;
static char state;

static int bfs(uint32_t scheduler, const gs_mech_ops *mech, th_wl_result *out)
{
    th_config(&run.cfg);
    run.cfg.perfect_mem = 0;
    run.cfg.dram_scheduler = scheduler;
    run.mech = mech;
    run.mech_state = &state;
    if (!th_run_workload(&run, "bfs", 1, out)) {
        th_report_failure(&run);
        return 0;
    }
    return 1;
}

static void test_fifo_owner_equals_fifo_policy(void)
{
    th_wl_result fifo, frfcfs, owned;
    GS_CHECK(bfs(GS_DSCHED_FIFO, NULL, &fifo));
    GS_CHECK(bfs(GS_DSCHED_FRFCFS, NULL, &frfcfs));
    GS_CHECK(bfs(GS_DSCHED_FRFCFS, &owner_ops, &owned));
    GS_CHECK(fifo.cycles != frfcfs.cycles);     /* the choice matters for bfs */
    GS_CHECK_EQ(fifo.cycles, owned.cycles);
    GS_CHECK_EQ(fifo.digest, owned.digest);
    GS_CHECK_EQ(fifo.data_hash, owned.data_hash);
}

static gs_status owner_on(int perfect_dram, const char *first, const char *second,
                          gs_diag *diag)
{
    gs_config cfg;
    gs_arena arena;
    gs_memsys *sys;
    gs_status st;
    void *buffer;
    gs_config_defaults(&cfg);
    cfg.perfect_dram = (uint32_t)perfect_dram;
    buffer = calloc(1, gs_memsys_bytes(&cfg));
    gs_arena_init(&arena, buffer, gs_memsys_bytes(&cfg));
    st = gs_memsys_init(&sys, &arena, &cfg, diag);
    if (st == GS_OK)
        st = gs_memsys_set_dram_owner(sys, fifo_choice, NULL, first, diag);
    if (st == GS_OK && second != NULL)
        st = gs_memsys_set_dram_owner(sys, fifo_choice, NULL, second, diag);
    free(buffer);
    return st;
}

static void test_refusals(void)
{
    gs_diag diag;
    GS_CHECK_EQ(GS_OK, owner_on(0, "mib", NULL, &diag));
    GS_CHECK_EQ(GS_E_CONFIG, owner_on(0, "mib", "atlas", &diag));
    GS_CHECK_STR("atlas and mib both want to take the DRAM scheduler's choice", diag.message);
    GS_CHECK_EQ(GS_E_CONFIG, owner_on(1, "mib", NULL, &diag));
    GS_CHECK_STR("mib schedules DRAM requests, but the DRAM is perfect (-gs_perfect_dram 0)",
                 diag.message);
}

int main(void)
{
    GS_RUN(test_fifo_owner_equals_fifo_policy);
    GS_RUN(test_refusals);
    return gs_check_report();
}
