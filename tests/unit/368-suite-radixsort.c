/*
 * Radix sort (examples/suite/radixsort, the CUDA SDK's radixSort): after
 * the small workload's 8 passes its 2^18 keys are sorted and each value
 * (the key's original index) shows the sort is stable: the reference is the
 * pairs ordered by key, then by original index. An LSD sort is only right
 * when every pass is stable (each pass's ties are the earlier passes'
 * order), so sorted keys test that; the values test it for the keys that
 * repeat (the test counts them).
 */
#include <stdlib.h>

#include "check.h"
#include "wlb_suite.h"

#define N 262144u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t keys[N], order[N], sorted[N];

static int by_key_then_index(const void *a, const void *b)
{
    uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
    if (keys[i] != keys[j])
        return keys[i] < keys[j] ? -1 : 1;
    return i < j ? -1 : (i > j);
}

static void test_radixsort_small(void)
{
    uint32_t i, repeats, *got;
    GS_CHECK_EQ(GS_OK, wlb_run("radixsort", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "keys", keys);
    for (i = 0; i < N; i++)
        order[i] = i;
    qsort(order, N, sizeof order[0], by_key_then_index);
    for (i = 0; i < N; i++)
        sorted[i] = keys[order[i]];
    got = wlb_result32(&host, &wl, &state, "keys");
    GS_CHECK_EQ(0, test_diff32("keys", sorted, got, N));
    free(got);
    got = wlb_result32(&host, &wl, &state, "values");
    GS_CHECK_EQ(0, test_diff32("values", order, got, N));
    free(got);
    for (i = 1, repeats = 0; i < N; i++)
        repeats += sorted[i] == sorted[i - 1u];
    GS_CHECK(repeats > 0u);   /* equal keys whose order the values show */
}

int main(void)
{
    GS_RUN(test_radixsort_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
