/*
 * KM (examples/suite/km, the CCWS suite's k-means on Rodinia's) and KMEANS
 * (examples/suite/kmeans, Rodinia's feature-major GPU layout, seed 001's
 * kmeans): the small workloads' final labels, centres and iteration count,
 * run through the workload runner (device-side loop), equal one C reference
 * of k-means as the PTX computes it (src/fp/fpmath.h), exactly: squared
 * distances as fma(d, d, sum) over the features from 0, the first nearest
 * centre kept (strict <), centres as add.f32 sums over chunks of 256 points
 * in point order, those added in chunk order, divided (div.rn) by the
 * count; stop when no label changed or after 1 iteration.
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

/* Label point p with its nearest centre (the first on a tie); 1 when the
 * label changes. */
static uint32_t relabel(const uint32_t *f, const uint32_t *centres, uint32_t p, uint32_t *label)
{
    const uint32_t *row = f + p * NF;
    uint32_t c, k, best_sq = 0x7F7FFFFFu, old = label[p];   /* FLT_MAX */
    int32_t best = -1;
    for (c = 0; c < NC; c++) {
        uint32_t sq = 0;
        for (k = 0; k < NF; k++) {
            uint32_t d = gs_f32_sub(row[k], centres[c * NF + k], REF_RN, 0);
            sq = gs_f32_fma(d, d, sq, REF_RN, 0);
        }
        if (!gs_f32_compare(sq, best_sq, GS_FCMP_LT, 0))
            continue;
        best_sq = sq;
        best = (int32_t)c;
    }
    label[p] = (uint32_t)best;
    return old != label[p];
}

/* km_chunk_sums over chunks of CHUNK points, then km_mean_centres adding the
 * chunks' sums and counts in chunk order. */
static void recentre(const uint32_t *f, uint32_t n, const uint32_t *label, uint32_t *centres)
{
    uint32_t c, k, p, lo, hi;
    for (c = 0; c < NC; c++)
        for (k = 0; k < NF; k++) {
            uint32_t total = 0, members = 0;
            for (lo = 0; lo < n; lo += CHUNK) {
                uint32_t chunk_total = 0;
                hi = lo + CHUNK < n ? lo + CHUNK : n;
                for (p = lo; p < hi; p++) {
                    if (label[p] != c)
                        continue;
                    chunk_total = gs_f32_add(chunk_total, f[p * NF + k], REF_RN, 0);
                    members++;
                }
                total = gs_f32_add(total, chunk_total, REF_RN, 0);
            }
            if (members > 0)
                centres[c * NF + k] = gs_f32_div(total, gs_f32_from_s64(members, REF_RN),
                                                 REF_RN, 0);
        }
}

/* `setup` launches come before the loop's 3 an iteration (km_first_centres;
 * for kmeans also km_transpose_features, whose feature-major copy must give
 * the same distances, summed in the same order). */
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
            delta += relabel(f, clusters, p, membership);
        recentre(f, n, membership, clusters);
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
