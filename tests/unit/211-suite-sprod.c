/*
 * SPROD (examples/suite/sprod: CUDA SDK scalarProd) on the functional
 * executor equals a C reference of the SDK algorithm: per vector pair,
 * ACCUM_N = 1024 fma.rn partial sums over elements iAccum + k * ACCUM_N,
 * then the shared-memory tree reduction (add.rn, stride 512 down to 1), in
 * the kernel's order, over the small workload's seeded inputs.
 */
#include "check.h"
#include "suite_file.h"
#include "workload_ref.h"

#define VECTORS 256u
#define ELEMENTS 1024u
#define ACCUM_N 1024u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t a[VECTORS * ELEMENTS], b[VECTORS * ELEMENTS], got[VECTORS], want[VECTORS];

static uint32_t scalar_product(const uint32_t *x, const uint32_t *y)
{
    uint32_t accum[ACCUM_N], i, pos, stride;
    for (i = 0; i < ACCUM_N; i++) {
        uint32_t sum = 0;
        for (pos = i; pos < ELEMENTS; pos += ACCUM_N)
            sum = gs_f32_fma(x[pos], y[pos], sum, REF_RN, 0);
        accum[i] = sum;
    }
    for (stride = ACCUM_N / 2u; stride > 0; stride >>= 1)
        for (i = 0; i < stride; i++)
            accum[i] = gs_f32_add(accum[i], accum[stride + i], REF_RN, 0);
    return accum[0];
}

static void test_small_workload(void)
{
    uint32_t v;
    GS_CHECK_EQ(GS_OK, suite_run_file("examples/suite/sprod/small.gsw", &wl, &host, &arena,
                                      &state));
    GS_CHECK_EQ(VECTORS, suite_arg32(&wl, 0, 3));
    GS_CHECK_EQ(ELEMENTS, suite_arg32(&wl, 0, 4));
    test_initial32(&wl, "a", a);
    test_initial32(&wl, "b", b);
    for (v = 0; v < VECTORS; v++)
        want[v] = scalar_product(a + v * ELEMENTS, b + v * ELEMENTS);
    test_read32(&host, &wl, &state, "c", got);
    GS_CHECK_EQ(0, test_diff32("c", want, got, VECTORS));
    GS_CHECK(want[0] > 0x43600000u && want[0] < 0x43900000u);   /* 224..288: ~1024/4 */
}

int main(void)
{
    GS_RUN(test_small_workload);
    free(test_arena_buffer);
    return gs_check_report();
}
