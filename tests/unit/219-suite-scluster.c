/*
 * SCLUSTER (examples/suite/scluster: a model of Rodinia streamcluster's
 * per-candidate cost kernel) on the functional executor equals a C
 * reference: sc_init's state (32-byte point records: weight 1, centre
 * number (i % K) * (num / K), cost = distance to it; the centre-slot table),
 * then, for each candidate in the workload's launch order, the price of
 * moving point i to it (squared distance over the dimension rows as
 * sub.rn then fma.rn from 0, times the weight by mul.rn) and the ledger
 * update sc_candidate_cost makes: slot K gets price - cost (add.rn) and the
 * point is flagged when the price is lower, else the point's centre slot
 * gets cost - price.
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

/* Squared distance between points a and b, dimension by dimension. */
static uint32_t gap2(uint32_t a, uint32_t b)
{
    uint32_t acc = 0, d;
    for (d = 0; d < DIM; d++) {
        const uint32_t *row = coord + d * NUM;
        uint32_t step = gs_f32_sub(row[a], row[b], REF_RN, 0);
        acc = gs_f32_fma(step, step, acc, REF_RN, 0);
    }
    return acc;
}

/* Record words: 0 weight, 2-3 pointer (zero), 4-5 centre number, 6 cost. */
static void init_state(void)
{
    uint32_t i, *rec;
    memset(points, 0, sizeof points);
    memset(centre_table, 0, sizeof centre_table);
    for (i = 0; i < SPACING * K; i += SPACING)
        centre_table[i] = i / SPACING;
    for (i = 0; i < NUM; i++) {
        rec = points + 8u * i;
        rec[0] = 0x3F800000u;
        rec[4] = SPACING * (i % K);
        rec[6] = gs_f32_mul(gap2(i, rec[4]), rec[0], REF_RN, 0);
    }
}

static void price_candidate(uint32_t cand)
{
    uint32_t i, slot, change, price;
    const uint32_t *rec;
    for (i = 0; i < NUM; i++) {
        rec = points + 8u * i;
        price = gs_f32_mul(gap2(i, cand), rec[0], REF_RN, 0);
        if (gs_f32_compare(price, rec[6], GS_FCMP_LT, 0)) {
            member[i] = 1;
            slot = K;
            change = gs_f32_sub(price, rec[6], REF_RN, 0);
        } else {
            slot = centre_table[rec[4]];
            change = gs_f32_sub(rec[6], price, REF_RN, 0);
        }
        work[i * STRIDE + slot] = gs_f32_add(work[i * STRIDE + slot], change, REF_RN, 0);
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
        price_candidate(suite_arg32(&wl, 1u + l, 2));
    test_read32(&host, &wl, &state, "points", got);
    GS_CHECK_EQ(0, test_diff32("points", points, got, NUM * 8u));
    test_read32(&host, &wl, &state, "ctr_slot", got);
    GS_CHECK_EQ(0, test_diff32("ctr_slot", centre_table, got, NUM));
    test_read32(&host, &wl, &state, "cost_ledger", got);
    GS_CHECK_EQ(0, test_diff32("cost_ledger", work, got, STRIDE * (NUM + 1u)));
    gs_host_memcpy_to_host(&host, got_member,
                           state.address[test_buffer(&wl, "moves")], NUM);
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
