/*
 * eigenvalues (examples/suite/eigenvalues, the CUDA SDK's eigenvalues):
 * the small workload's four outputs equal a C reference bit for bit: each
 * of the 240 matrices' Gerschgorin bounds (LG, UG) and the final interval
 * list bisectKernel writes (LEFT, the eigenvalues, and LEFTCOUNT, their
 * indices), in the list's order. The reference replays the block step by
 * step between its barriers: every thread's interval, the Sturm counts,
 * the halves kept in place, the second halves appended at the exclusive
 * prefix sum of the flags (any scan gives that sum), and the list's new
 * length. Its float operations follow nvcc's code (eigenvalues.ptx): the
 * Gerschgorin radius prev + next, the bounds by min.f32 and max.f32 of
 * d - r and d + r, the widening ((bnorm + bnorm) * n) * 2^-23 and
 * bnorm * 0x35B00000 (11 eps) subtracted or added unfused; the midpoint
 * (l + r) * 0.5 when the ends' signs differ, else fma(r - l, 0.5, l); the
 * recurrence delta = (d - mid) - (s * s) / delta (div.rn, IEEE division)
 * from delta = 1, counting delta < 0; convergence when |r - l| is not
 * above max(5e-37, max(|l|, |r|) * precision), then both ends the
 * midpoint. As a sanity check each matrix's counts are a permutation of
 * 0..63 and its eigenvalues sum to its trace within 1e-3.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define NM 240u
#define NN 64u
#define NT (NM * NN)

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t bits[NT];
static float d[NT], s[NT], lg[NM], ug[NM], out_left[NT];
static uint32_t out_count[NT];

static float pmin(float a, float b)
{
    return wlb_f32(gs_f32_min(wlb_bits(a), wlb_bits(b), 0));
}

static float pmax(float a, float b)
{
    return wlb_f32(gs_f32_max(wlb_bits(a), wlb_bits(b), 0));
}

static float midpoint(float l, float r)
{
    if ((l < 0.0f) != (r < 0.0f))
        return (l + r) * 0.5f;
    return fmaf(r - l, 0.5f, l);
}

static void gerschgorin(const float *dm, const float *sm, unsigned n, float *plg, float *pug)
{
    float lo = wlb_f32(0x7F7FFFFFu), hi = wlb_f32(0xFF7FFFFFu), prev = 0.0f;
    float bnorm, psi, widen;
    unsigned i;
    for (i = 0; i < n; i++) {
        float next = (i + 1u < n) ? fabsf(sm[i + 1u]) : 0.0f;
        float r = prev + next;
        lo = pmin(lo, dm[i] - r);
        hi = pmax(hi, dm[i] + r);
        prev = next;
    }
    bnorm = pmax(fabsf(lo), fabsf(hi));
    psi = bnorm * wlb_f32(0x35B00000u);
    widen = ((bnorm + bnorm) * (float)n) * wlb_f32(0x34000000u);
    lo = (lo - widen) - psi;
    hi = psi + (hi + widen);
    *plg = lo;
    *pug = pmax(lo, hi);
}

typedef struct list {
    float left[NN], right[NN];
    uint32_t lc[NN], rc[NN];
} list;

static void store(list *L, unsigned a, float l, float r, uint32_t lc, uint32_t rc, float prec)
{
    float width = fabsf(r - l);
    float tol = pmax(fabsf(l), fabsf(r)) * prec;
    L->lc[a] = lc;
    L->rc[a] = rc;
    if (!(width > pmax(5.0e-37f, tol))) {
        float lambda = midpoint(l, r);
        L->left[a] = lambda;
        L->right[a] = lambda;
    } else {
        L->left[a] = l;
        L->right[a] = r;
    }
}

/* bisectKernel on one matrix, replayed barrier to barrier. */
static void bisect(const float *dm, const float *sm, unsigned n, float lo, float hi,
                   float prec, float *left_out, uint32_t *count_out)
{
    static list L;
    static float l[NN], r[NN], mid[NN];
    static uint32_t lc[NN], rc[NN], mc[NN], second[NN], scan[NN];
    unsigned active = 1, t, k;
    L.left[0] = lo;
    L.right[0] = hi;
    L.lc[0] = 0;
    L.rc[0] = n;
    for (;;) {
        int converged = 1;
        uint32_t total = 0;
        for (t = 0; t < active; t++) {
            l[t] = L.left[t];
            r[t] = L.right[t];
            lc[t] = L.lc[t];
            rc[t] = L.rc[t];
            if (l[t] != r[t]) {
                mid[t] = midpoint(l[t], r[t]);
                converged = 0;
            } else if (rc[t] - lc[t] > 1u) {
                converged = 0;
            }
        }
        if (converged)
            break;
        for (t = 0; t < active; t++) {
            mc[t] = 0;
            if (l[t] != r[t]) {
                float delta = 1.0f;
                for (k = 0; k < n; k++) {
                    float sk = k == 0 ? 0.0f : sm[k];
                    delta = (dm[k] - mid[t]) - (sk * sk) / delta;
                    mc[t] += delta < 0.0f ? 1u : 0u;
                }
            }
        }
        for (t = 0; t < active; t++) {
            second[t] = 0;
            if (l[t] != r[t]) {
                if (lc[t] != mc[t] && mc[t] != rc[t]) {
                    store(&L, t, l[t], mid[t], lc[t], mc[t], prec);
                    second[t] = 1;
                } else if (lc[t] != mc[t]) {
                    store(&L, t, l[t], mid[t], lc[t], mc[t], prec);
                } else {
                    store(&L, t, mid[t], r[t], mc[t], rc[t], prec);
                }
            } else {
                uint32_t half = (rc[t] - lc[t]) >> 1;
                L.left[t] = l[t];
                L.right[t] = l[t];
                L.lc[t] = lc[t];
                if (half > 0) {
                    mc[t] = lc[t] + half;
                    mid[t] = l[t];
                    r[t] = l[t];
                    L.rc[t] = mc[t];
                    second[t] = 1;
                } else {
                    L.rc[t] = rc[t];
                }
            }
            scan[t] = total;
            total += second[t];
        }
        for (t = 0; t < active; t++) {
            unsigned a = active + scan[t];
            if (!second[t])
                continue;
            if (a >= NN) {
                printf("  interval list overflow\n");
                return;
            }
            if (l[t] != r[t]) {
                store(&L, a, mid[t], r[t], mc[t], rc[t], prec);
            } else {
                L.left[a] = l[t];
                L.right[a] = l[t];
                L.lc[a] = mc[t];
                L.rc[a] = rc[t];
            }
        }
        active += total;
    }
    for (t = 0; t < n; t++) {
        left_out[t] = L.left[t];
        count_out[t] = L.lc[t];
    }
}

static void test_eigenvalues_small(void)
{
    const float prec = 0.00001f;
    unsigned m, i, bad_perm = 0, bad_trace = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("eigenvalues", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "D", bits);
    memcpy(d, bits, sizeof d);
    test_initial32(&wl, "S", bits);
    memcpy(s, bits, sizeof s);
    for (m = 0; m < NM; m++) {
        gerschgorin(d + m * NN, s + m * NN, NN, &lg[m], &ug[m]);
        bisect(d + m * NN, s + m * NN, NN, lg[m], ug[m], prec, out_left + m * NN,
               out_count + m * NN);
    }
    for (m = 0; m < NM; m++) {
        unsigned char seen[NN];
        double trace = 0.0, sum = 0.0;
        memset(seen, 0, sizeof seen);
        for (i = 0; i < NN; i++) {
            uint32_t c = out_count[m * NN + i];
            if (c < NN)
                seen[c] = 1;
            trace += d[m * NN + i];
            sum += out_left[m * NN + i];
        }
        for (i = 0; i < NN; i++)
            bad_perm += seen[i] ? 0u : 1u;
        bad_trace += fabs(trace - sum) < 1e-3 ? 0u : 1u;
    }
    GS_CHECK_EQ(0, bad_perm);
    GS_CHECK_EQ(0, bad_trace);
    GS_CHECK(lg[0] < -1.0f && ug[0] > 1.0f && out_left[0] != out_left[1]);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "LG", lg));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "UG", ug));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "LEFT", out_left));
    test_read32(&host, &wl, &state, "LEFTCOUNT", bits);
    GS_CHECK_EQ(0, test_diff32("LEFTCOUNT", out_count, bits, NT));
}

int main(void)
{
    GS_RUN(test_eigenvalues_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
