/*
 * KM (examples/suite/km, CCWS-suite / Rodinia k-means) and KMEANS
 * (examples/suite/kmeans, Rodinia's feature-major GPU layout, seed 001's
 * kmeans): the small workloads' final membership, centres and iteration
 * count, run through the workload runner (device-side loop), equal one C
 * reference of Rodinia's
 * algorithm as the PTX computes it (src/fp/fpmath.h), exactly:
 * distances as fma(diff, diff, ans) over the features from 0, strict <
 * (first nearest wins), centres as add.f32 sums over chunks of 256 points
 * in point order, those added in chunk order, divided (div.rn) by the
 * count; stop when no membership changed or after 1 iteration.
 */
#include "check.h"
#include "wlb_suite.h"

#define NF 34u
#define NC 5u
#define MAX_ITER 1u
#define CHUNK 256u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;

static uint32_t assign(const uint32_t *f, const uint32_t *clusters, uint32_t p,
                       uint32_t *membership)
{
    uint32_t c, j, min_dist = 0x7F7FFFFFu, changed;
    int32_t index = -1;
    for (c = 0; c < NC; c++) {
        uint32_t ans = 0;
        for (j = 0; j < NF; j++) {
            uint32_t diff = gs_f32_sub(f[p * NF + j], clusters[c * NF + j], REF_RN, 0);
            ans = gs_f32_fma(diff, diff, ans, REF_RN, 0);
        }
        if (gs_f32_compare(ans, min_dist, GS_FCMP_LT, 0)) {
            min_dist = ans;
            index = (int32_t)c;
        }
    }
    changed = membership[p] != (uint32_t)index;
    membership[p] = (uint32_t)index;
    return changed;
}

/* kmeansPartial over chunks of CHUNK points, then kmeansUpdate adding the
 * chunks' sums and counts in block order. */
static void update(const uint32_t *f, uint32_t n, const uint32_t *membership, uint32_t *clusters)
{
    uint32_t t, p, blk, nblocks = (n + CHUNK - 1u) / CHUNK;
    for (t = 0; t < NC * NF; t++) {
        uint32_t sum = 0, count = 0;
        for (blk = 0; blk < nblocks; blk++) {
            uint32_t part = 0;
            for (p = blk * CHUNK; p < n && p < (blk + 1u) * CHUNK; p++)
                if (membership[p] == t / NF) {
                    part = gs_f32_add(part, f[p * NF + t % NF], REF_RN, 0);
                    count++;
                }
            sum = gs_f32_add(sum, part, REF_RN, 0);
        }
        if (count > 0)
            clusters[t] = gs_f32_div(sum, gs_f32_from_s64(count, REF_RN), REF_RN, 0);
    }
}

/* `setup` launches come before the loop's 3 a iteration (kmeansInit; for
 * kmeans also invertMapping, whose feature-major copy must give the same
 * distances, summed in the same order). */
static void check_small(const char *name, uint32_t setup)
{
    uint32_t *f, *membership, *got_m, *got_c, clusters[NC * NF], n, p, iter = 0, delta, got_iter;
    GS_CHECK_EQ(GS_OK, wlb_run(name, "small", &wl, &host, &arena, &state));
    n = wlb_count(&wl, "membership");
    GS_CHECK_EQ(58368u, n);
    f = wlb_initial32(&wl, "features");
    membership = wlb_initial32(&wl, "membership");
    memcpy(clusters, f, sizeof clusters);
    do {
        delta = 0;
        for (p = 0; p < n; p++)
            delta += assign(f, clusters, p, membership);
        update(f, n, membership, clusters);
        iter++;
    } while (delta != 0 && iter < MAX_ITER);
    got_m = wlb_result32(&host, &wl, &state, "membership");
    got_c = wlb_result32(&host, &wl, &state, "clusters");
    test_read32(&host, &wl, &state, "iter", &got_iter);
    GS_CHECK_EQ(iter, got_iter);
    GS_CHECK_EQ(iter, state.repeat_iterations);
    GS_CHECK_EQ(0, test_diff32("membership", membership, got_m, n));
    GS_CHECK_EQ(0, test_diff32("clusters", clusters, got_c, NC * NF));
    GS_CHECK_EQ(setup + 3u * iter, host.launches);
    free(f); free(membership); free(got_m); free(got_c);
}

static void test_km_small(void)
{
    check_small("km", 1u);
}

static void test_kmeans_small(void)
{
    check_small("kmeans", 2u);
}

int main(void)
{
    GS_RUN(test_km_small);
    GS_RUN(test_kmeans_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
