/*
 * cell (examples/suite/cell, gpusim's stand-in for seed 003's "cell"): the
 * small workload's two grids equal a C reference bit for bit. The
 * reference seeds a 96 x 96 x 48 grid of byte cells, alive (1) where the
 * RANDOM byte is below 25, then steps Bays' 3-D Life B6/S567 on the torus
 * one generation at a time over the whole grid: a live cell with 5, 6 or 7
 * live cells among its 26 neighbours (indices wrapped at every face)
 * survives, a dead cell with exactly 6 is born. The kernel runs two
 * generations per launch inside 16^3 shared-memory tiles and writes their
 * exact 12^3 interiors, so after launches 2 and 3 GRID0 must hold
 * generation 4 and GRID1 generation 6 exactly. Integer arithmetic only:
 * nothing of nvcc's code generation needs mirroring. Sanity checks: the
 * seeded grid is about a quarter alive, cells are still alive after six
 * generations, and the pattern changed between generations 0, 4 and 6.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define NX 96u
#define NY 96u
#define NZ 48u
#define NCELLS (NX * NY * NZ)

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint8_t random_bytes[NCELLS], gen0[NCELLS], cur[NCELLS], next[NCELLS], gen4[NCELLS],
    got[NCELLS];

static unsigned diff8(const char *what, const uint8_t *want, const uint8_t *have)
{
    uint32_t i;
    unsigned bad = 0;
    for (i = 0; i < NCELLS; i++)
        if (want[i] != have[i] && bad++ < 4u)
            printf("  %s[%lu] (x %lu, y %lu, z %lu): expected %u, got %u\n", what,
                   (unsigned long)i, (unsigned long)(i % NX), (unsigned long)(i / NX % NY),
                   (unsigned long)(i / (NX * NY)), want[i], have[i]);
    return bad;
}

static uint32_t population(const uint8_t *g)
{
    uint32_t i, n = 0;
    for (i = 0; i < NCELLS; i++)
        n += g[i];
    return n;
}

/* One generation of B6/S567 on the NX x NY x NZ torus, cur -> cur. */
static void generation(void)
{
    uint32_t x, y, z, dx, dy, dz;
    for (z = 0; z < NZ; z++)
        for (y = 0; y < NY; y++)
            for (x = 0; x < NX; x++) {
                int n = 0, self = cur[(z * NY + y) * NX + x];
                for (dz = 0; dz < 3u; dz++)         /* offsets -1, 0, 1 wrapped */
                    for (dy = 0; dy < 3u; dy++)
                        for (dx = 0; dx < 3u; dx++) {
                            uint32_t zz = (z + NZ - 1u + dz) % NZ;
                            uint32_t yy = (y + NY - 1u + dy) % NY;
                            uint32_t xx = (x + NX - 1u + dx) % NX;
                            n += cur[(zz * NY + yy) * NX + xx];
                        }
                n -= self;
                next[(z * NY + y) * NX + x] =
                    (uint8_t)(self ? (n >= 5 && n <= 7) : (n == 6));
            }
    memcpy(cur, next, sizeof cur);
}

static void test_cell_small(void)
{
    uint32_t i, pop0, pop4, pop6, changed4 = 0, changed6 = 0;
    int g;
    GS_CHECK_EQ(GS_OK, wlb_run("cell", "small", &wl, &host, &arena, &state));
    GS_CHECK_EQ(NCELLS, wlb_count(&wl, "GRID0"));
    wlb_initial8(&wl, "RANDOM", random_bytes);
    for (i = 0; i < NCELLS; i++)
        gen0[i] = (uint8_t)(random_bytes[i] < 25u);
    memcpy(cur, gen0, sizeof cur);
    for (g = 1; g <= 6; g++) {
        generation();
        if (g == 4)
            memcpy(gen4, cur, sizeof gen4);
    }
    wlb_read8(&host, &wl, &state, "GRID0", got);
    GS_CHECK_EQ(0, diff8("GRID0", gen4, got));
    wlb_read8(&host, &wl, &state, "GRID1", got);
    GS_CHECK_EQ(0, diff8("GRID1", cur, got));

    pop0 = population(gen0);
    pop4 = population(gen4);
    pop6 = population(cur);
    for (i = 0; i < NCELLS; i++) {
        changed4 += gen0[i] != gen4[i];
        changed6 += gen4[i] != cur[i];
    }
    /* a quarter seeded alive; the pattern lives on and keeps changing */
    GS_CHECK(pop0 > NCELLS / 5u && pop0 < NCELLS * 3u / 10u);
    GS_CHECK(pop4 > NCELLS / 20u && pop6 > NCELLS / 20u);
    GS_CHECK(changed4 > NCELLS / 20u && changed6 > NCELLS / 20u);
}

int main(void)
{
    GS_RUN(test_cell_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
