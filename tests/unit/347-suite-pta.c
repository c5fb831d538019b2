/*
 * PTA (examples/suite/pta, the LonestarGPU points-to analysis substitute):
 * the small workload's points-to sets after its 4 double-buffered rounds,
 * run through the workload runner, equal a C reference bit for bit: the
 * seeded address-of constraints of ptaInit, then rounds of new = old and
 * new[t] |= old[v] for every copy edge v -> t. OR makes each round's result
 * independent of the threads' order, so the reference walks the edges in
 * any order.
 */
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define VARS 58368u
#define WORDS 8u
#define ROUNDS 4u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t pts[2][VARS * WORDS];

static void reference(const uint32_t *offsets, const uint32_t *targets)
{
    uint32_t v, w, e, r;
    memset(pts, 0, sizeof pts);
    for (v = 0; v < VARS; v += 16u) {
        uint32_t obj = ((v * 2654435761u) >> 25) % (WORDS * 32u);
        pts[0][v * WORDS + (obj >> 5)] = 1u << (obj & 31u);
    }
    for (r = 0; r < ROUNDS; r++) {
        const uint32_t *old = pts[r % 2u];
        uint32_t *next = pts[(r + 1u) % 2u];
        memcpy(next, old, sizeof pts[0]);
        for (v = 0; v < VARS; v++)
            for (e = offsets[v]; e < offsets[v + 1u]; e++)
                for (w = 0; w < WORDS; w++)
                    next[targets[e] * WORDS + w] |= old[v * WORDS + w];
    }
}

static void test_pta_small(void)
{
    uint32_t *offsets, *targets, *got, v, full = 0, empty = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("pta", "small", &wl, &host, &arena, &state));
    offsets = wlb_initial32(&wl, "offsets");
    targets = wlb_initial32(&wl, "targets");
    reference(offsets, targets);
    got = wlb_result32(&host, &wl, &state, "pts_a");
    GS_CHECK_EQ(0, test_diff32("pts_a", pts[ROUNDS % 2u], got, VARS * WORDS));
    for (v = 0; v < VARS; v++) {   /* the rounds spread the sets but do not fill them */
        uint32_t w, set = 0;
        for (w = 0; w < WORDS; w++)
            set |= pts[ROUNDS % 2u][v * WORDS + w];
        empty += set == 0;
        full += pts[ROUNDS % 2u][v * WORDS] == 0xFFFFFFFFu;
    }
    GS_CHECK(empty > 0 && empty < VARS / 2u);
    GS_CHECK(full < VARS / 100u);
    free(offsets);
    free(targets);
    free(got);
}

int main(void)
{
    GS_RUN(test_pta_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
