/*
 * mergeSort (examples/suite/mergesort, CUDA SDK): the small workload sorts
 * 131072 keys in [0, 65535] with their indices as values; the result must
 * be the stable sort, which a counting sort by key gives exactly (equal
 * keys keep their index order).
 */
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define N 131072u
#define KEYS 65536u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t keys[N], want_keys[N], want_vals[N], start[KEYS + 1u];

static void test_mergesort_small(void)
{
    uint32_t i, *got_keys, *got_vals;
    unsigned diffs = 0, ties = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("mergesort", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "KEYS", keys);
    memset(start, 0, sizeof start);
    for (i = 0; i < N; i++)
        start[keys[i] + 1u]++;
    for (i = 0; i < KEYS; i++)
        start[i + 1u] += start[i];
    for (i = 0; i < N; i++) {
        uint32_t at = start[keys[i]]++;
        want_keys[at] = keys[i];
        want_vals[at] = i;
    }
    for (i = 1; i < N; i++)
        ties += want_keys[i] == want_keys[i - 1];
    GS_CHECK(ties > 1000u);   /* stability is tested: many equal keys */
    got_keys = wlb_result32(&host, &wl, &state, "KEYS2");
    got_vals = wlb_result32(&host, &wl, &state, "VALS2");
    for (i = 0; i < N; i++)
        diffs += got_keys[i] != want_keys[i] || got_vals[i] != want_vals[i];
    free(got_keys);
    free(got_vals);
    GS_CHECK_EQ(0, diffs);
}

int main(void)
{
    GS_RUN(test_mergesort_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
