/*
 * SSSP (examples/suite/sssp: Harish & Narayanan) at the small size (16384
 * nodes), run from the embedded table, equals a C reference of the same
 * synchronous relaxation rounds: each round relaxes the out-edges of the
 * nodes whose cost changed in the previous round into the updating costs
 * (minimum over all of them, so the order of the atomicMin calls does not
 * matter), then takes every improvement. Final costs are the shortest-path
 * distances from node 0 (INT_MAX where unreachable); the host loop runs
 * one iteration per improving round plus the final one.
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define NODES 116736u
#define INF 0x7FFFFFFF

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t va[NODES + 1u], ea[NODES * 11u], wa[NODES * 11u], got[NODES];
static int32_t cost[NODES], updating[NODES];
static uint8_t mask[NODES];

/* Returns the number of host-loop iterations the rounds take. */
static unsigned reference(void)
{
    unsigned rounds = 0, v, e;
    int changed = 1;
    for (v = 0; v < NODES; v++)
        cost[v] = updating[v] = INF;
    cost[0] = updating[0] = 0;
    memset(mask, 0, sizeof mask);
    mask[0] = 1;
    while (changed) {
        changed = 0;
        rounds++;
        for (v = 0; v < NODES; v++)
            for (e = va[v]; mask[v] && e < va[v + 1u]; e++) {
                int32_t d = cost[v] + (int32_t)wa[e];
                if (d < updating[ea[e]])
                    updating[ea[e]] = d;
            }
        memset(mask, 0, sizeof mask);
        for (v = 0; v < NODES; v++) {
            if (cost[v] > updating[v]) {
                cost[v] = updating[v];
                mask[v] = 1;
                changed = 1;
            }
            updating[v] = cost[v];
        }
    }
    return rounds;
}

static void test_small(void)
{
    unsigned rounds, v, reached = 0;
    GS_CHECK_EQ(GS_OK, test_run_workload("sssp:small", &wl, &host, &arena, &state));
    test_initial32(&wl, "Va", va);
    test_initial32(&wl, "Ea", ea);
    test_initial32(&wl, "Wa", wa);
    GS_CHECK(va[NODES] <= NODES * 11u);
    rounds = reference();
    test_read32(&host, &wl, &state, "Ca", got);
    GS_CHECK_EQ(0, test_diff32("Ca", (const uint32_t *)cost, got, NODES));
    GS_CHECK_EQ(rounds, state.repeat_iterations);
    GS_CHECK_EQ(2u * rounds, host.launches);
    for (v = 0; v < NODES; v++)
        reached += cost[v] != INF;
    GS_CHECK(reached > NODES / 2u && rounds > 5u);
}

int main(void)
{
    GS_RUN(test_small);
    free(test_arena_buffer);
    return gs_check_report();
}
