/*
 * SP (examples/suite/sp, the LonestarGPU survey propagation substitute): the
 * small workload's clause messages and variable weights after its 2 rounds,
 * run through the workload runner, equal a C reference bit for bit. The
 * kernels use explicitly rounded intrinsics only (no contraction), so plain
 * C float operations in the same order repeat them; the structured formula
 * (clause 4q + r takes variable q + offset[k][r]) and the messages' layout by
 * literal slot (eta[(k * 4 + r) * vars + q]) are rebuilt here.
 */
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define VARS 58368u
#define CLAUSES (4u * VARS)
#define ROUNDS 2u

static const uint32_t offset[3][4] = {
    { 0, 0, 0, 0 }, { 97, 389, 1201, 2039 }, { 613, 1777, 2903, 3511 }
};

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static float pi_plus[VARS], pi_minus[VARS], eta[3u * CLAUSES];
static uint32_t initial_bits[VARS];

static uint32_t negated(uint32_t c, uint32_t k)
{
    return ((c * 3u + k) * 2654435761u) >> 31;
}

static void clauses(void)
{
    const float eps = 9.5367431640625e-07f;
    uint32_t c, k;
    for (c = 0; c < CLAUSES; c++) {
        float fail[3];
        for (k = 0; k < 3u; k++) {
            uint32_t v = (c / 4u + offset[k][c % 4u]) % VARS;
            float a = pi_plus[v], b = pi_minus[v], total = (a + b) + eps;
            fail[k] = (negated(c, k) ? a : b) / total;
        }
        eta[(0u * 4u + c % 4u) * VARS + c / 4u] = fail[1] * fail[2];
        eta[(1u * 4u + c % 4u) * VARS + c / 4u] = fail[0] * fail[2];
        eta[(2u * 4u + c % 4u) * VARS + c / 4u] = fail[0] * fail[1];
    }
}

static void variables(void)
{
    uint32_t v, k, r;
    for (v = 0; v < VARS; v++) {
        float keep_pos = 1.0f, keep_neg = 1.0f;
        for (k = 0; k < 3u; k++)
            for (r = 0; r < 4u; r++) {
                uint32_t q = (v + VARS - offset[k][r]) % VARS, c = 4u * q + r;
                float keep = 1.0f - eta[(k * 4u + r) * VARS + q];
                if (negated(c, k))
                    keep_neg = keep_neg * keep;
                else
                    keep_pos = keep_pos * keep;
            }
        pi_plus[v] = (1.0f - keep_neg) * keep_pos;
        pi_minus[v] = (1.0f - keep_pos) * keep_neg;
    }
}

static void check(const char *name, const float *want)
{
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, name, want));
}

static void test_sp_small(void)
{
    uint32_t r;
    GS_CHECK_EQ(GS_OK, wlb_run("sp", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "pi_plus", initial_bits);
    memcpy(pi_plus, initial_bits, sizeof pi_plus);
    test_initial32(&wl, "pi_minus", initial_bits);
    memcpy(pi_minus, initial_bits, sizeof pi_minus);
    for (r = 0; r < ROUNDS; r++) {
        clauses();
        variables();
    }
    GS_CHECK(pi_plus[0] > 0.0f && pi_plus[0] < 1.0f && eta[0] > 0.0f && eta[0] < 1.0f);
    check("eta", eta);
    check("pi_plus", pi_plus);
    check("pi_minus", pi_minus);
}

int main(void)
{
    GS_RUN(test_sp_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
