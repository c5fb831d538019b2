/*
 * Gaussian (examples/suite/gaussian, Rodinia gaussian): the small workload's
 * eliminated matrix, right-hand side and multipliers after its 127 steps, run
 * through the workload runner, equal a C reference bit for bit:
 * gauss_multipliers' correctly rounded quotients, gauss_eliminate's a - (m *
 * a_t) as a rounded product then a rounded difference (nvcc does not fuse
 * them here), in Rodinia's step order.
 */
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define N 128u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a_bits[N * N], b_bits[N];
static float a[N * N], b[N], m[N * N];

static void reference(void)
{
    uint32_t t, i, j;
    memcpy(a, a_bits, sizeof a);
    memcpy(b, b_bits, sizeof b);
    for (i = 0; i < N; i++)
        a[i * N + i] += (float)N;
    for (t = 0; t + 1u < N; t++) {
        for (i = t + 1u; i < N; i++)
            m[i * N + t] = a[i * N + t] / a[t * N + t];
        for (i = t + 1u; i < N; i++) {
            for (j = t; j < N; j++)
                a[i * N + j] = a[i * N + j] - m[i * N + t] * a[t * N + j];
            b[i] = b[i] - m[i * N + t] * b[t];
        }
    }
}

static void check(const char *name, const float *want)
{
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, name, want));
}

static void test_gaussian_small(void)
{
    GS_CHECK_EQ(GS_OK, wlb_run("gaussian", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "a", a_bits);
    test_initial32(&wl, "b", b_bits);
    reference();
    GS_CHECK(a[(N - 1u) * N + N - 1u] > 100.0f);   /* the last pivot stays large */
    GS_CHECK(a[(N - 1u) * N] < 1e-3f && a[(N - 1u) * N] > -1e-3f);   /* eliminated */
    check("a", a);
    check("b", b);
    check("m", m);
}

int main(void)
{
    GS_RUN(test_gaussian_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
