/*
 * PathFinder (examples/suite/pathfinder, Rodinia's dynproc): the small
 * workload's two results, run through the workload runner, equal a C
 * reference row by row: each cell is its weight plus the cheapest of the
 * three cells above it (the wall's edge columns see two). Launch 1 leaves
 * rows 0-20's answer in result1, launch 2 rows 0-40's in result0: the
 * pyramid's halo of 20 columns a side makes every column exact.
 */
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define COLS 49248u
#define ROWS 41u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t wall[(ROWS - 1u) * COLS], row[COLS], next[COLS], after20[COLS];

static void step(uint32_t r)
{
    uint32_t x;
    for (x = 0; x < COLS; x++) {
        int32_t up = (int32_t)row[x];
        int32_t west = (int32_t)row[x > 0 ? x - 1u : 0u];
        int32_t east = (int32_t)row[x + 1u < COLS ? x + 1u : COLS - 1u];
        int32_t least = west < up ? west : up;
        least = east < least ? east : least;
        next[x] = (uint32_t)(least + (int32_t)wall[(r - 1u) * COLS + x]);
    }
    memcpy(row, next, sizeof row);
}

static void test_pathfinder_small(void)
{
    uint32_t r, *got;
    GS_CHECK_EQ(GS_OK, wlb_run("pathfinder", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "wall", wall);
    test_initial32(&wl, "result0", row);
    for (r = 1; r < ROWS; r++) {
        step(r);
        if (r == 20u)
            memcpy(after20, row, sizeof row);
    }
    got = wlb_result32(&host, &wl, &state, "result1");
    GS_CHECK_EQ(0, test_diff32("result1", after20, got, COLS));
    free(got);
    got = wlb_result32(&host, &wl, &state, "result0");
    GS_CHECK_EQ(0, test_diff32("result0", row, got, COLS));
    free(got);
    /* 40 rows of weights 0..9: every path costs between 0 and 369 */
    GS_CHECK(row[0] <= 369u && row[COLS - 1u] <= 369u && after20[100] > 0u);
}

int main(void)
{
    GS_RUN(test_pathfinder_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
