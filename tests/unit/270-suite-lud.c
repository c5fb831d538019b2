/*
 * LUD (examples/suite/lud, Rodinia lud): the small workload's in-place LU
 * factors of its 272 x 272 matrix, run through the workload runner, equal a
 * C reference bit for bit. The reference makes the kernels' operations in
 * their order: per tile step, the diagonal tile's right-looking
 * elimination (a correctly rounded quotient, then v - l * u as a rounded
 * product and a rounded difference: nvcc fuses neither), the perimeter's
 * forward substitution for U and its substitution for L with a final
 * quotient, and the internal tiles' 16-term sums as a chain of fused
 * multiply-adds (nvcc fuses those) subtracted once.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define N 272u
#define T 16u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a_bits[N * N];
static float a[N * N];

#define A(r, c) a[(r) * N + (c)]

static void diagonal(uint32_t t)
{
    uint32_t k, r, c;
    for (k = 0; k + 1u < T; k++)
        for (r = k + 1u; r < T; r++) {
            A(t + r, t + k) = A(t + r, t + k) / A(t + k, t + k);
            for (c = k + 1u; c < T; c++)
                A(t + r, t + c) = A(t + r, t + c) - A(t + r, t + k) * A(t + k, t + c);
        }
}

static void perimeter(uint32_t t, uint32_t o)
{
    uint32_t i, r, q, c;
    for (i = 0; i < T; i++)          /* column i of row tile (t, o): U */
        for (r = 1; r < T; r++) {
            float v = A(t + r, o + i);
            for (q = 0; q < r; q++)
                v = v - A(t + r, t + q) * A(t + q, o + i);
            A(t + r, o + i) = v;
        }
    for (i = 0; i < T; i++)          /* row i of column tile (o, t): L */
        for (c = 0; c < T; c++) {
            float v = A(o + i, t + c);
            for (q = 0; q < c; q++)
                v = v - A(o + i, t + q) * A(t + q, t + c);
            A(o + i, t + c) = v / A(t + c, t + c);
        }
}

static void internal(uint32_t t, uint32_t bi, uint32_t bj)
{
    uint32_t y, x, q;
    for (y = 0; y < T; y++)
        for (x = 0; x < T; x++) {
            float sum = 0.0f;
            for (q = 0; q < T; q++)
                sum = fmaf(A(bi + y, t + q), A(t + q, bj + x), sum);
            A(bi + y, bj + x) = A(bi + y, bj + x) - sum;
        }
}

static void reference(void)
{
    uint32_t i, t, bi, bj;
    memcpy(a, a_bits, sizeof a);
    for (i = 0; i < N; i++)
        A(i, i) += (float)N;
    for (t = 0; t + T < N; t += T) {
        diagonal(t);
        for (bi = t + T; bi < N; bi += T)
            perimeter(t, bi);
        for (bi = t + T; bi < N; bi += T)
            for (bj = t + T; bj < N; bj += T)
                internal(t, bi, bj);
    }
    diagonal(N - T);
}

static void test_lud_small(void)
{
    GS_CHECK_EQ(GS_OK, wlb_run("lud", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "a", a_bits);
    reference();
    GS_CHECK(A(N - 1u, N - 1u) > 200.0f);         /* U's last pivot stays large */
    GS_CHECK(A(N - 1u, 0) > 0.0f && A(N - 1u, 0) < 0.01f);   /* a small multiplier */
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "a", a));
}

int main(void)
{
    GS_RUN(test_lud_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
