/*
 * CORR (examples/suite/corr: PolyBench/GPU correlation) at the small size
 * (M = 64, N = 912), run from the embedded table, equals the C reference in the
 * committed PTX's operation order, kernel by kernel: column sums with add.f32
 * then div.rn by 3214212.0f; std as an fma chain of squared differences, the
 * division by FLOAT_N in double, sqrt.rn, and the clamp to 1.0 unless the
 * double value is > EPS (setp.gtu.f64); centring and div.rn by
 * std * sqrtf(FLOAT_N); and the dot products of columns j1 < j2 as fma
 * chains, mirrored into symmat[j2][j1]; the host's symmat[M][M] = 1.0.
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
static uint32_t data[(N + 1u) * W], mean[W], std_dev[W], symmat[W * W];
static uint32_t got_data[(N + 1u) * W], got_mean[W], got_std[W], got_sym[W * W];

static void column_stats(void)
{
    uint32_t i, j;
    for (j = 1; j <= M; j++) {
        uint32_t sum = 0, sq = 0;
        uint64_t wide;
        for (i = 1; i <= N; i++)
            sum = gs_f32_add(data[i * W + j], sum, REF_RN, 0);
        mean[j] = gs_f32_div(sum, 0x4A442E10u, REF_RN, 0);   /* (float)FLOAT_N */
        for (i = 1; i <= N; i++) {
            uint32_t d = gs_f32_sub(data[i * W + j], mean[j], REF_RN, 0);
            sq = gs_f32_fma(d, d, sq, REF_RN, 0);
        }
        wide = gs_f64_div(gs_f64_from_f32(sq, 0), 0x414885C20147AE14ull, REF_RN);
        std_dev[j] = gs_f32_sqrt(gs_f32_from_f64(wide, REF_RN, 0), REF_RN, 0);
        if (!gs_f64_compare(gs_f64_from_f32(std_dev[j], 0), 0x3F747AE147AE147Bull,
                            GS_FCMP_GTU))
            std_dev[j] = ONE;
    }
}

static void reference(void)
{
    uint32_t i, j, j2;
    column_stats();
    for (i = 1; i <= N; i++)
        for (j = 1; j <= M; j++) {
            uint32_t d = gs_f32_sub(data[i * W + j], mean[j], REF_RN, 0);
            data[i * W + j] = gs_f32_div(d, gs_f32_mul(std_dev[j], 0x44E01A51u, REF_RN, 0),
                                         REF_RN, 0);
        }
    for (j = 1; j < M; j++) {
        symmat[j * W + j] = ONE;
        for (j2 = j + 1u; j2 <= M; j2++) {
            uint32_t acc = 0;
            for (i = 1; i <= N; i++)
                acc = gs_f32_fma(data[i * W + j], data[i * W + j2], acc, REF_RN, 0);
            symmat[j * W + j2] = symmat[j2 * W + j] = acc;
        }
    }
    symmat[M * W + M] = ONE;
}

/* Columns whose std was clamped to 1.0 (the workload's data range puts std
 * around EPS: at N = 912, 1 of the 64 columns is clamped). */
static uint32_t clamped_columns(void)
{
    uint32_t j, n = 0;
    for (j = 1; j <= M; j++)
        n += std_dev[j] == ONE;
    return n;
}

static void test_small(void)
{
    GS_CHECK_EQ(GS_OK, test_run_workload("corr:small", &wl, &host, &arena, &state));
    test_initial32(&wl, "data", data);
    test_read32(&host, &wl, &state, "data", got_data);
    test_read32(&host, &wl, &state, "mean", got_mean);
    test_read32(&host, &wl, &state, "std", got_std);
    test_read32(&host, &wl, &state, "symmat", got_sym);
    reference();
    GS_CHECK_EQ(0, test_diff32("mean", mean, got_mean, W));
    GS_CHECK_EQ(0, test_diff32("std", std_dev, got_std, W));
    GS_CHECK_EQ(0, test_diff32("data", data, got_data, (N + 1u) * W));
    GS_CHECK_EQ(0, test_diff32("symmat", symmat, got_sym, W * W));
    GS_CHECK(symmat[1 * W + 2] != 0);
    GS_CHECK_EQ(CLAMPED, clamped_columns());   /* both sides of the EPS test occur */
    GS_CHECK_EQ(4, host.launches);
}

int main(void)
{
    GS_RUN(test_small);
    free(test_arena_buffer);
    return gs_check_report();
}
