/*
 * CORR (examples/suite/corr: PolyBench/GPU correlation) at the small size
 * (M = 64, N = 912), run from the embedded table, equals a C reference in the
 * committed PTX's operation order. The reference works column by column on a
 * transposed copy: the average is an add.f32 sum then div.rn by 3214212.0f;
 * the spread an fma chain of squared deviations, div.rn.f64 by 3214212.01,
 * sqrt.rn, and 1.0 unless the root is > 0.005 in double (setp.gtu.f64);
 * each entry is centred, then div.rn by spread * sqrtf(3214212.01); each
 * pair of columns a < b gives an fma-chain dot product stored at [a][b]
 * and [b][a], with 1.0 on the diagonal (the last one set by the host).
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define M 64u
#define N 912u
#define W (M + 1u)
#define ONE 0x3F800000u
#define CLAMPED 1u   /* at N = 912 one column of the seeded data clamps */

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
/* Expected results, in the workload's (N + 1) x W and W x W layouts. */
static uint32_t cells[(N + 1u) * W], avg[W], spread[W], sym[W * W];
static uint32_t got_data[(N + 1u) * W], got_mean[W], got_std[W], got_sym[W * W];
/* by_col[c][k]: observation k + 1 of column c (column 0 unused). */
static uint32_t by_col[W][N];

#define WEIGHT_F32 0x4A442E10u            /* (float)3214212.01 */
#define WEIGHT_F64 0x414885C20147AE14ull  /* 3214212.01 */
#define FLOOR_F64 0x3F747AE147AE147Bull   /* 0.005 */
#define ROOT_WEIGHT 0x44E01A51u           /* sqrtf((float)3214212.01) */

/* Float sum of the N observations in order, divided by the float weight. */
static uint32_t average_of(const uint32_t *v)
{
    uint32_t k, total = 0;
    for (k = 0; k < N; k++)
        total = gs_f32_add(v[k], total, REF_RN, 0);
    return gs_f32_div(total, WEIGHT_F32, REF_RN, 0);
}

/* Fused sum of squared deviations from centre; divided by the weight in
 * double, rounded to float, square-rooted; 1.0 unless the root compares
 * greater (or unordered) than the floor in double. */
static uint32_t spread_of(const uint32_t *v, uint32_t centre)
{
    uint32_t k, sq = 0, root;
    for (k = 0; k < N; k++) {
        uint32_t gap = gs_f32_sub(v[k], centre, REF_RN, 0);
        sq = gs_f32_fma(gap, gap, sq, REF_RN, 0);
    }
    root = gs_f32_sqrt(gs_f32_from_f64(gs_f64_div(gs_f64_from_f32(sq, 0), WEIGHT_F64, REF_RN),
                                       REF_RN, 0),
                       REF_RN, 0);
    return gs_f64_compare(gs_f64_from_f32(root, 0), FLOOR_F64, GS_FCMP_GTU) ? root : ONE;
}

/* Fused dot product of two columns, observation 1 first. */
static uint32_t dot_of(const uint32_t *u, const uint32_t *v)
{
    uint32_t k, acc = 0;
    for (k = 0; k < N; k++)
        acc = gs_f32_fma(u[k], v[k], acc, REF_RN, 0);
    return acc;
}

static void reference(void)
{
    uint32_t c, k, b;
    for (k = 0; k < N; k++)
        for (c = 1; c <= M; c++)
            by_col[c][k] = cells[(k + 1u) * W + c];
    for (c = 1; c <= M; c++) {
        uint32_t scale;
        avg[c] = average_of(by_col[c]);
        spread[c] = spread_of(by_col[c], avg[c]);
        scale = gs_f32_mul(spread[c], ROOT_WEIGHT, REF_RN, 0);
        for (k = 0; k < N; k++) {
            uint32_t centred = gs_f32_sub(by_col[c][k], avg[c], REF_RN, 0);
            by_col[c][k] = gs_f32_div(centred, scale, REF_RN, 0);
            cells[(k + 1u) * W + c] = by_col[c][k];
        }
    }
    for (c = 1; c < M; c++) {
        sym[c * W + c] = ONE;
        for (b = c + 1u; b <= M; b++)
            sym[c * W + b] = sym[b * W + c] = dot_of(by_col[c], by_col[b]);
    }
    sym[M * W + M] = ONE;   /* the workload's host-side set */
}

/* Columns whose spread was clamped to 1.0 (the workload's data range puts
 * the spread around the floor: at N = 912, 1 of the 64 columns is). */
static uint32_t clamped_columns(void)
{
    uint32_t c, count = 0;
    for (c = 1; c <= M; c++)
        count += spread[c] == ONE;
    return count;
}

static void test_small(void)
{
    GS_CHECK_EQ(GS_OK, test_run_workload("corr:small", &wl, &host, &arena, &state));
    test_initial32(&wl, "data", cells);
    test_read32(&host, &wl, &state, "data", got_data);
    test_read32(&host, &wl, &state, "mean", got_mean);
    test_read32(&host, &wl, &state, "std", got_std);
    test_read32(&host, &wl, &state, "corr_matrix", got_sym);
    reference();
    GS_CHECK_EQ(0, test_diff32("mean", avg, got_mean, W));
    GS_CHECK_EQ(0, test_diff32("std", spread, got_std, W));
    GS_CHECK_EQ(0, test_diff32("data", cells, got_data, (N + 1u) * W));
    GS_CHECK_EQ(0, test_diff32("corr_matrix", sym, got_sym, W * W));
    GS_CHECK(sym[1 * W + 2] != 0);
    GS_CHECK_EQ(CLAMPED, clamped_columns());   /* both sides of the EPS test occur */
    GS_CHECK_EQ(4, host.launches);
}

int main(void)
{
    GS_RUN(test_small);
    free(test_arena_buffer);
    return gs_check_report();
}
