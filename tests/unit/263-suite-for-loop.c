/*
 * The workload format's `for VAR = FIRST..LAST ... end` (added for the
 * suite's launch sequences whose grid and scalar arguments change per
 * launch, e.g. Rodinia NW): parse structure ($VAR marks in grid/block
 * dimensions and integer arguments) and a run that counts down: vectorAdd
 * with n = 3, 2, 1 and grid = n blocks writes C[0..2] once each (the first
 * launch) and leaves the rest 0.
 */
#include <string.h>

#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

static gs_workload wl;
static gs_host host;
static gs_arena arena;
static gs_wl_state state;

static const char text[] =
    "ptx ../../examples/kernels/vectoradd.ptx\n"
    "buffer A f32 64 iota start=1\nbuffer B f32 64 const value=0.5\nbuffer C f32 64 zero\n"
    "for n = 3..1\n  launch vectorAdd grid=$n block=32,1 A B C s32:$n\nend\noutput C\n";

static void test_parse(void)
{
    gs_diag diag;
    GS_CHECK_EQ(GS_OK, gs_workload_parse(&wl, "t.gsw", text, strlen(text), &diag));
    GS_CHECK_EQ(3, wl.num_steps);
    GS_CHECK_EQ(GS_WL_STEP_FOR, wl.steps[0].kind);
    GS_CHECK_STR("n", wl.steps[0].name);
    GS_CHECK_EQ(3, wl.steps[0].loop_first);
    GS_CHECK_EQ(1, wl.steps[0].loop_last);
    GS_CHECK_EQ(2, wl.steps[0].partner);
    GS_CHECK_EQ(1, wl.steps[1].grid_from_loop);
    GS_CHECK_EQ(0, wl.steps[1].block_from_loop);
    GS_CHECK_EQ(32, wl.steps[1].block[0]);
    GS_CHECK_EQ(1, wl.steps[1].args[3].from_loop);
    GS_CHECK_EQ(0, wl.steps[1].args[0].from_loop);
    GS_CHECK_EQ(GS_WL_STEP_END, wl.steps[2].kind);
    GS_CHECK_EQ(0, wl.steps[2].partner);
}

/* Runs the text with the embedded vectorAdd PTX (the file path as written). */
static gs_status read_ptx(void *context, const char *path, const char **shown,
                          const char **out, size_t *length, gs_diag *diag)
{
    const gs_embedded_workload *e = gs_embedded_workload_find("vectoradd");
    (void)context;
    (void)path;
    return test_embedded_read((void *)(uintptr_t)e, e->files[0].path, shown, out, length,
                              diag);
}

static void test_run(void)
{
    gs_host_config hc;
    gs_diag diag;
    uint32_t c[64], i;
    GS_CHECK_EQ(GS_OK, gs_workload_parse(&wl, "t.gsw", text, strlen(text), &diag));
    GS_CHECK_EQ(GS_OK, gs_workload_host_config(&wl, read_ptx, NULL, &hc, &diag));
    GS_CHECK_EQ(GS_OK, test_host_start_with(&host, &arena, &hc));
    GS_CHECK_EQ(GS_OK, gs_workload_run(&wl, &host, read_ptx, NULL, &state, &diag));
    GS_CHECK_EQ(3, host.launches);
    GS_CHECK_EQ(3, state.repeat_iterations);
    GS_CHECK_EQ(1, state.loop_value);
    GS_CHECK_EQ(99, host.warp_insts);   /* 3 + 2 + 1 warps: the grid follows $n */
    test_read32(&host, &wl, &state, "C", c);
    GS_CHECK_EQ(0x3FC00000u, c[0]);   /* 1 + 0.5 */
    GS_CHECK_EQ(0x40600000u, c[2]);   /* 3 + 0.5 */
    for (i = 3; i < 64; i++)
        GS_CHECK_EQ(0, c[i]);
}

int main(void)
{
    GS_RUN(test_parse);
    GS_RUN(test_run);
    free(test_arena_buffer);
    return gs_check_report();
}
