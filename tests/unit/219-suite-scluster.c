/*
 * SCLUSTER (examples/suite/scluster: Rodinia streamcluster's pgain kernel)
 * on the functional executor equals a C reference: sc_init's state (32-byte
 * Point records: weight 1, assign = centre (i % K) * (num / K), cost = its
 * distance; center_table of the centres), then for each candidate x in the
 * workload's launch order: x_cost = dist(i, x) * weight (sub, fma.rn chain
 * over the transposed coordinates), and the update of work_mem row i
 * (lower[K] += x_cost - cost, or lower[center_table[assign]] += cost -
 * x_cost) and switch_membership, as the kernel computes them.
 */
#include "check.h"
#include "suite_file.h"
#include "workload_ref.h"

#define NUM 116736u
#define DIM 8u
#define K 8u
#define STRIDE (K + 1u)
#define SPACING (NUM / K)
#define LAUNCHES 2u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t coord[NUM * DIM], points[NUM * 8u], centre_table[NUM];
static uint32_t work[STRIDE * (NUM + 1u)], got[STRIDE * (NUM + 1u)];
static uint8_t member[NUM], got_member[NUM];

static uint32_t dist(uint32_t p1, uint32_t p2)
{
    uint32_t sum = 0, i;
    for (i = 0; i < DIM; i++) {
        uint32_t t = gs_f32_sub(coord[i * NUM + p1], coord[i * NUM + p2], REF_RN, 0);
        sum = gs_f32_fma(t, t, sum, REF_RN, 0);
    }
    return sum;
}

static void init_state(void)
{
    uint32_t i;
    memset(points, 0, sizeof points);
    memset(centre_table, 0, sizeof centre_table);
    for (i = 0; i < NUM; i++) {
        uint32_t centre = (i % K) * SPACING;
        points[i * 8u] = 0x3F800000u;                              /* weight */
        points[i * 8u + 4u] = centre;                              /* assign (low word) */
        points[i * 8u + 6u] = gs_f32_mul(dist(i, centre), 0x3F800000u, REF_RN, 0);
        if (i % SPACING == 0)
            centre_table[i] = i / SPACING;
    }
}

static void pgain(uint32_t x)
{
    uint32_t i;
    for (i = 0; i < NUM; i++) {
        uint32_t cost = points[i * 8u + 6u];
        uint32_t x_cost = gs_f32_mul(dist(i, x), points[i * 8u], REF_RN, 0);
        uint32_t *lower = work + i * STRIDE;
        if (gs_f32_compare(x_cost, cost, GS_FCMP_LT, 0)) {
            member[i] = 1;
            lower[K] = gs_f32_add(lower[K], gs_f32_sub(x_cost, cost, REF_RN, 0), REF_RN, 0);
        } else {
            uint32_t slot = centre_table[points[i * 8u + 4u]];
            lower[slot] = gs_f32_add(lower[slot], gs_f32_sub(cost, x_cost, REF_RN, 0),
                                     REF_RN, 0);
        }
    }
}

static void test_small_workload(void)
{
    uint32_t l, switched = 0, i;
    GS_CHECK_EQ(GS_OK, suite_run_file("examples/suite/scluster/small.gsw", &wl, &host, &arena,
                                      &state));
    GS_CHECK_EQ(LAUNCHES + 1u, (uint32_t)host.launches);
    test_initial32(&wl, "coord", coord);
    init_state();
    memset(work, 0, sizeof work);
    memset(member, 0, sizeof member);
    for (l = 0; l < LAUNCHES; l++)
        pgain(suite_arg32(&wl, 1u + l, 2));
    test_read32(&host, &wl, &state, "points", got);
    GS_CHECK_EQ(0, test_diff32("points", points, got, NUM * 8u));
    test_read32(&host, &wl, &state, "center_table", got);
    GS_CHECK_EQ(0, test_diff32("center_table", centre_table, got, NUM));
    test_read32(&host, &wl, &state, "work_mem", got);
    GS_CHECK_EQ(0, test_diff32("work_mem", work, got, STRIDE * (NUM + 1u)));
    gs_host_memcpy_to_host(&host, got_member,
                           state.address[test_buffer(&wl, "switch_membership")], NUM);
    GS_CHECK_EQ(0, memcmp(member, got_member, NUM));
    for (i = 0; i < NUM; i++)
        switched += member[i];
    GS_CHECK(switched > NUM / 8u && switched < NUM);   /* both branches taken */
}

int main(void)
{
    GS_RUN(test_small_workload);
    free(test_arena_buffer);
    return gs_check_report();
}
