/*
 * eigenvalues (examples/suite/eigenvalues, the CUDA SDK's eigenvalues):
 * the small workload's four outputs equal a C reference bit for bit: each
 * of the 240 matrices' Gerschgorin bounds (LG, UG) and the final interval
 * list eig_bisect_intervals writes (LEFT, the eigenvalues, and LEFTCOUNT, their
 * indices), in the list's order. The reference replays the block round by
 * round between its barriers: every live slot's interval, the Sturm counts
 * at the split points, the halves kept in place, the upper halves appended
 * at the exclusive prefix sum of the append flags (any scan gives that
 * sum), and the list's new length; a list longer than its 64 slots fails
 * the test. Its float operations follow nvcc's code (eigenvalues.ptx): the
 * Gerschgorin reach above + below, the bounds by min.f32 and max.f32 of
 * a - reach and a + reach, the padding ((scale + scale) * n) * 2^-23 and
 * scale * 0x35B00000 (11 eps) subtracted or added unfused; the split point
 * (lo + hi) * 0.5 when the ends' signs differ, else fma(hi - lo, 0.5, lo);
 * the pivot recurrence p = (a - x) - (b * b) / p (div.rn, IEEE division)
 * from p = 1, counting p < 0; collapse to the split point of the interval
 * when |hi - lo| is not above max(5e-37, max(|lo|, |hi|) * tolerance).
 * min.f32/max.f32 are written as fminf/fmaxf: both return the non-NaN
 * operand and differ only on a +0/-0 pair (the simulator's min.f32 takes
 * -0 as the smaller, glibc's fminf returns its first operand). No NaN
 * arises from finite inputs, and no -0.0 reaches a min or max unless a
 * diagonal entry is -0.0 (a - reach is -0 only for a = -0; reach, |x|,
 * the tolerance product and the padded upper bound are never -0), so the
 * test checks that the inputs are finite with no -0.0 diagonal entry. As
 * a sanity check each matrix's counts are a permutation of 0..63 and its
 * eigenvalues sum to its trace within 1e-3.
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

/* Split point of [lo, hi], as bisect_point in the kernel. */
static float bisect_point(float lo, float hi)
{
    if ((lo < 0.0f) != (hi < 0.0f))
        return (lo + hi) * 0.5f;
    return fmaf(hi - lo, 0.5f, lo);
}

static void eig_interval_bounds(const float *a, const float *b, unsigned n, float *plo, float *phi)
{
    float lo = wlb_f32(0x7F7FFFFFu), hi = wlb_f32(0xFF7FFFFFu), above = 0.0f;
    float scale, guard, per_row;
    unsigned row;
    for (row = 0; row < n; row++) {
        float below = (row + 1u < n) ? fabsf(b[row + 1u]) : 0.0f;
        float reach = above + below;
        lo = fminf(lo, a[row] - reach);
        hi = fmaxf(hi, a[row] + reach);
        above = below;
    }
    scale = fmaxf(fabsf(lo), fabsf(hi));
    guard = scale * wlb_f32(0x35B00000u);
    per_row = ((scale + scale) * (float)n) * wlb_f32(0x34000000u);
    lo = (lo - per_row) - guard;
    hi = guard + (hi + per_row);
    *plo = lo;
    *phi = fmaxf(lo, hi);
}

/* An interval and its list, as the kernel's Interval and IntervalList. */
typedef struct interval {
    float lo, hi;
    uint32_t n_lo, n_hi;
} interval;

typedef struct interval_list {
    float lo[NN], hi[NN];
    uint32_t n_lo[NN], n_hi[NN];
} interval_list;

static interval make_interval(float lo, float hi, uint32_t n_lo, uint32_t n_hi)
{
    interval iv;
    iv.lo = lo;
    iv.hi = hi;
    iv.n_lo = n_lo;
    iv.n_hi = n_hi;
    return iv;
}

static interval read_slot(const interval_list *list, unsigned slot)
{
    return make_interval(list->lo[slot], list->hi[slot], list->n_lo[slot], list->n_hi[slot]);
}

static void write_slot(interval_list *list, unsigned slot, interval iv)
{
    list->lo[slot] = iv.lo;
    list->hi[slot] = iv.hi;
    list->n_lo[slot] = iv.n_lo;
    list->n_hi[slot] = iv.n_hi;
}

/* Collapse onto the centre when not wider than allowed (setp.gtu). */
static void settle_into(interval_list *list, unsigned slot, interval iv, float tol)
{
    float allowed = fmaxf(5.0e-37f, fmaxf(fabsf(iv.lo), fabsf(iv.hi)) * tol);
    if (!(fabsf(iv.hi - iv.lo) > allowed)) {
        float centre = bisect_point(iv.lo, iv.hi);
        iv.lo = centre;
        iv.hi = centre;
    }
    write_slot(list, slot, iv);
}

/* Negative pivots of T - x I; b[0] is read as 0 (the staged matrix). */
static uint32_t count_below(const float *a, const float *b, unsigned n, float x)
{
    uint32_t negatives = 0;
    float pivot = 1.0f;
    unsigned row;
    for (row = 0; row < n; row++) {
        float coupling = row == 0 ? 0.0f : b[row];
        pivot = (a[row] - x) - (coupling * coupling) / pivot;
        negatives += pivot < 0.0f ? 1u : 0u;
    }
    return negatives;
}

/* eig_bisect_intervals on one matrix, replayed round by round (barrier to barrier). */
static void bisect(const float *a, const float *b, unsigned n, float lo, float hi, float tol,
                   float *values, uint32_t *ranks)
{
    static interval_list list;
    static interval mine[NN], extra[NN];
    static float split[NN];
    static uint32_t n_split[NN], offset[NN];
    static unsigned char is_open[NN], append[NN];
    unsigned live = 1, t;
    write_slot(&list, 0, make_interval(lo, hi, 0, n));
    for (;;) {
        int busy = 0, fits;
        unsigned appended = 0;
        for (t = 0; t < live; t++) {
            mine[t] = read_slot(&list, t);
            is_open[t] = mine[t].lo != mine[t].hi;
            if (is_open[t]) {
                split[t] = bisect_point(mine[t].lo, mine[t].hi);
                busy = 1;
            } else if (mine[t].n_hi - mine[t].n_lo > 1u) {
                busy = 1;
            }
        }
        if (!busy)
            break;
        for (t = 0; t < live; t++)
            n_split[t] = is_open[t] ? count_below(a, b, n, split[t]) : 0u;
        for (t = 0; t < live; t++) {
            append[t] = 0;
            if (is_open[t]) {
                int lower_full = n_split[t] != mine[t].n_lo;
                int upper_full = n_split[t] != mine[t].n_hi;
                extra[t] = make_interval(split[t], mine[t].hi, n_split[t], mine[t].n_hi);
                settle_into(&list, t,
                            lower_full ? make_interval(mine[t].lo, split[t], mine[t].n_lo,
                                                       n_split[t])
                                       : extra[t],
                            tol);
                append[t] = (unsigned char)(lower_full && upper_full);
            } else {
                uint32_t half = (mine[t].n_hi - mine[t].n_lo) >> 1;
                interval kept = make_interval(mine[t].lo, mine[t].lo, mine[t].n_lo, mine[t].n_hi);
                extra[t] = kept;
                if (half != 0) {
                    kept.n_hi = mine[t].n_lo + half;
                    extra[t].n_lo = kept.n_hi;
                    append[t] = 1;
                }
                write_slot(&list, t, kept);
            }
            offset[t] = appended; /* the exclusive prefix sum of the flags */
            appended += append[t];
        }
        fits = live + appended <= NN;
        GS_CHECK(fits && "interval list overflow");
        if (!fits)
            return;
        for (t = 0; t < live; t++) {
            if (!append[t])
                continue;
            if (is_open[t])
                settle_into(&list, live + offset[t], extra[t], tol);
            else
                write_slot(&list, live + offset[t], extra[t]);
        }
        live += appended;
    }
    for (t = 0; t < n; t++) {
        values[t] = list.lo[t];
        ranks[t] = list.n_lo[t];
    }
}

static void test_eigenvalues_small(void)
{
    const float prec = 0.00001f;
    unsigned m, i, bad_input = 0, bad_perm = 0, bad_trace = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("eigenvalues", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "D", bits);
    memcpy(d, bits, sizeof d);
    test_initial32(&wl, "S", bits);
    memcpy(s, bits, sizeof s);
    /* fminf/fmaxf stand for min.f32/max.f32 only without NaNs and -0.0
     * inputs (header comment). */
    for (i = 0; i < NT; i++)
        bad_input += (!isfinite(d[i]) || !isfinite(s[i]) || (d[i] == 0.0f && signbit(d[i])))
                         ? 1u : 0u;
    GS_CHECK_EQ(0, bad_input);
    for (m = 0; m < NM; m++) {
        eig_interval_bounds(d + m * NN, s + m * NN, NN, &lg[m], &ug[m]);
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
