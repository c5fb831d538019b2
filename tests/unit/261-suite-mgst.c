/*
 * MGST (examples/suite/mgst: Rodinia hybridsort's merge sort) at the small
 * size (64 divisions of 1024 floats), run from the embedded table
 * (mgst_sort_quads, 8 mgst_merge_runs passes, mgst_pack): every
 * division of the packed output is its division of the input sorted
 * ascending (positive floats, so the bit patterns sort as the values do;
 * the reference is an insertion sort of each division).
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define DIVS 64u
#define SIZE 1024u
#define LIST (DIVS * SIZE)

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t list[LIST + 4u], want[LIST], got[LIST];

static void sort_division(uint32_t *v, uint32_t n)
{
    uint32_t i, j;
    for (i = 1; i < n; i++) {
        uint32_t x = v[i];
        for (j = i; j > 0 && v[j - 1u] > x; j--)
            v[j] = v[j - 1u];
        v[j] = x;
    }
}

static void test_small(void)
{
    uint32_t d, i, negative = 0;
    GS_CHECK_EQ(GS_OK, test_run_workload("mgst:small", &wl, &host, &arena, &state));
    test_initial32(&wl, "list", list);
    for (i = 0; i < LIST; i++)
        negative += list[i] >> 31;
    GS_CHECK_EQ(0, negative);
    memcpy(want, list, sizeof want);
    for (d = 0; d < DIVS; d++)
        sort_division(want + d * SIZE, SIZE);
    test_read32(&host, &wl, &state, "final", got);
    GS_CHECK_EQ(0, test_diff32("final", want, got, LIST));
    GS_CHECK(want[0] != list[0] && want[SIZE - 1u] > want[SIZE]);   /* divisions only */
    GS_CHECK_EQ(10, host.launches);
}

int main(void)
{
    GS_RUN(test_small);
    free(test_arena_buffer);
    return gs_check_report();
}
