/*
 * SS (examples/suite/ss, Mars SimilarityScore): the small workload's
 * document norms and pairwise cosine similarities, run through the workload
 * runner, equal a C reference bit for bit: each sum is a chain of fused
 * multiply-adds in feature order (nvcc contracts the loops so; fmaf here),
 * the norm a correctly rounded square root, the score dot / (n_i * n_j)
 * with a correctly rounded product and quotient.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define DOCS 384u
#define FEATURES 64u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t docs_bits[DOCS * FEATURES];
static float docs[DOCS * FEATURES], norms[DOCS], score[DOCS * DOCS];

static void reference(void)
{
    uint32_t i, j, f;
    memcpy(docs, docs_bits, sizeof docs);
    for (i = 0; i < DOCS; i++) {
        float s = 0.0f;
        for (f = 0; f < FEATURES; f++)
            s = fmaf(docs[i * FEATURES + f], docs[i * FEATURES + f], s);
        norms[i] = sqrtf(s);
    }
    for (i = 0; i < DOCS; i++)
        for (j = 0; j < DOCS; j++) {
            float dot = 0.0f;
            for (f = 0; f < FEATURES; f++)
                dot = fmaf(docs[i * FEATURES + f], docs[j * FEATURES + f], dot);
            score[i * DOCS + j] = dot / (norms[i] * norms[j]);
        }
}

static void check(const char *name, const float *want)
{
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, name, want));
}

static void test_ss_small(void)
{
    GS_CHECK_EQ(GS_OK, wlb_run("ss", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "docs", docs_bits);
    reference();
    GS_CHECK(score[0] > 0.9999f && score[0] < 1.0001f);   /* a document with itself */
    GS_CHECK(score[1] > 0.5f && score[1] < 0.95f);
    check("norms", norms);
    check("score", score);
}

int main(void)
{
    GS_RUN(test_ss_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
