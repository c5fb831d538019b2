/*
 * NW (examples/suite/nw: Rodinia needle) on the functional executor equals
 * a C reference of Needleman-Wunsch: reference scores BLOSUM62[row residue]
 * [column residue], borders -k * penalty, and every inner cell
 * max(nw + ref, w - penalty, n - penalty) in plain row-major order (the
 * tiled anti-diagonal order of the kernels must give the same matrix).
 * Also the launch count of the device-side host loop (1 init + 2 * 16
 * tile launches with their step kernels, less the last step's pair).
 */
#include "check.h"
#include "suite_file.h"
#include "workload_ref.h"

#define LEN 256u
#define COLS (LEN + 1u)
#define PENALTY 10

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t row_seq[COLS], col_seq[COLS], got[COLS * COLS];
static int32_t ref[COLS * COLS], want[COLS * COLS];

/* BLOSUM62 for residue codes 1..10 (R N D C Q E G H I L): nw.cu's residue_score. */
static const int8_t blosum62[10][10] = {
    { 5,  0, -2, -3,  1,  0, -2,  0, -3, -2},
    { 0,  6,  1, -3,  0,  0,  0,  1, -3, -3},
    {-2,  1,  6, -3,  0,  2, -1, -1, -3, -4},
    {-3, -3, -3,  9, -3, -4, -3, -3, -1, -1},
    { 1,  0,  0, -3,  5,  2, -2,  0, -3, -2},
    { 0,  0,  2, -4,  2,  5, -2,  0, -3, -3},
    {-2,  0, -1, -3, -2, -2,  6, -2, -4, -4},
    { 0,  1, -1, -3,  0,  0, -2,  8, -3, -3},
    {-3, -3, -3, -1, -3, -3, -4, -3,  4,  2},
    {-2, -3, -4, -1, -2, -3, -4, -3,  2,  4}
};

/* The best of a cell's three candidate scores (integers: ties cannot differ). */
static int32_t best_of(int32_t diagonal, int32_t from_left, int32_t from_above)
{
    int32_t best = diagonal;
    if (from_left > best)
        best = from_left;
    if (from_above > best)
        best = from_above;
    return best;
}

static void reference(void)
{
    uint32_t i, j;
    for (i = 0; i < COLS; i++)
        for (j = 0; j < COLS; j++) {
            ref[i * COLS + j] = (i > 0 && j > 0)
                ? blosum62[row_seq[i] - 1u][col_seq[j] - 1u] : 0;
            want[i * COLS + j] = i == 0 ? -(int32_t)j * PENALTY
                : (j == 0 ? -(int32_t)i * PENALTY : 0);
        }
    for (i = 1; i < COLS; i++)
        for (j = 1; j < COLS; j++)
            want[i * COLS + j] = best_of(want[(i - 1u) * COLS + j - 1u] + ref[i * COLS + j],
                                         want[i * COLS + j - 1u] - PENALTY,
                                         want[(i - 1u) * COLS + j] - PENALTY);
}

static void test_small_workload(void)
{
    GS_CHECK_EQ(GS_OK, suite_run_file("examples/suite/nw/small.gsw", &wl, &host, &arena,
                                      &state));
    GS_CHECK_EQ(63u, (uint32_t)host.launches);
    GS_CHECK_EQ(31u, state.repeat_iterations);
    test_initial32(&wl, "rowseq", row_seq);
    test_initial32(&wl, "colseq", col_seq);
    reference();
    test_read32(&host, &wl, &state, "reference", got);
    GS_CHECK_EQ(0, test_diff32("reference", (const uint32_t *)ref, got, COLS * COLS));
    test_read32(&host, &wl, &state, "matrix", got);
    GS_CHECK_EQ(0, test_diff32("matrix", (const uint32_t *)want, got, COLS * COLS));
    GS_CHECK_EQ((uint32_t)-2560, (uint32_t)want[COLS * COLS - COLS]);   /* border */
}

int main(void)
{
    GS_RUN(test_small_workload);
    free(test_arena_buffer);
    return gs_check_report();
}
