/*
 * BP (examples/suite/bp, Rodinia backprop): the small workload's two
 * kernels (bp_forward_tiles, bp_adjust_weights) and, between them,
 * Rodinia's CPU step as a host routine (`host bpnn_train_host`, not a
 * kernel), run through the workload runner, equal a C reference with
 * src/fp/fpmath.h, bit for bit: the forward kernel's shared-memory tile
 * products, row folds and block sums; backprop.c's host arithmetic (float
 * sums of rounded products, double where its constants promote, squash =
 * 1.0 / (1.0 + ex2.approx(x * -log2 e)) in double); the adjust kernel's f64
 * momentum updates (rate and momentum are the double 0.3 of the original).
 */
#include "check.h"
#include "wlb_suite.h"

#define IN 4096u
#define HID 16u
#define NB (IN / 16u)
#define COLS (HID + 1u)
#define F32_ONE 0x3F800000u
#define F32_03 0x3E99999Au
#define F64_03 0x3FD3333333333333ull
#define F64_ONE 0x3FF0000000000000ull

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;

/* bp_forward_tiles over every block: products, row folds (at pitch p, rows
 * that are multiples of p add the row p / 2 below), block sums. */
static void ref_forward(const uint32_t *units, uint32_t *weights, uint32_t *partial)
{
    uint32_t by, ty, tx, p, tile[16][16];
    for (by = 0; by < NB; by++) {
        for (ty = 0; ty < 16u; ty++)
            for (tx = 0; tx < 16u; tx++)
                tile[ty][tx] = gs_f32_mul(weights[COLS * (16u * by + ty + 1u) + tx + 1u],
                                        units[16u * by + ty + 1u], REF_RN, 0);
        for (p = 2; p <= 16u; p *= 2u)
            for (ty = 0; ty < 16u; ty += p)
                for (tx = 0; tx < 16u; tx++)
                    tile[ty][tx] = gs_f32_add(tile[ty][tx], tile[ty + p / 2u][tx], REF_RN, 0);
        for (ty = 0; ty < 16u; ty++)
            for (tx = 0; tx < 16u; tx++)
                weights[COLS * (16u * by + ty + 1u) + tx + 1u] = tile[ty][tx];
        for (ty = 0; ty < 16u; ty++)
            partial[by * HID + ty] = tile[0][ty];
    }
}

static uint64_t dbl(uint32_t f) { return gs_f64_from_f32(f, 0); }

/* Rodinia's float squash(x) = 1.0 / (1.0 + exp(-x)) in double, exp(-x) as
 * __expf's ex2.approx(x * -log2 e) (the decision in routine_bpnn.c). */
static uint32_t host_squash(uint32_t x)
{
    uint32_t e = gs_f32_ex2_approx(gs_f32_mul(x, 0xBFB8AA3Bu, REF_RN, 0), 0);
    return gs_f32_from_f64(gs_f64_div(F64_ONE, gs_f64_add(F64_ONE, dbl(e), REF_RN), REF_RN),
                           REF_RN, 0);
}

/* (float)(x * (1.0 - x) * y): C's promotion to double */
static uint32_t host_slope(uint32_t x, uint32_t y)
{
    uint64_t a = gs_f64_mul(dbl(x), gs_f64_sub(F64_ONE, dbl(x), REF_RN), REF_RN);
    return gs_f32_from_f64(gs_f64_mul(a, dbl(y), REF_RN), REF_RN, 0);
}

static uint32_t fadd(uint32_t a, uint32_t b) { return gs_f32_add(a, b, REF_RN, 0); }
static uint32_t fmul(uint32_t a, uint32_t b) { return gs_f32_mul(a, b, REF_RN, 0); }

/* Rodinia's host step of bpnn_train_cuda (hid -> 1 output), as backprop.c's
 * C computes it: float sums of rounded products, double where 1.0 / ETA /
 * MOMENTUM promote. */
static void host_step(const uint32_t *partial, const uint32_t *w, uint32_t *hidden,
                      uint32_t *hw, uint32_t *hprev, uint32_t *out_delta, uint32_t *hid_delta)
{
    uint32_t j, k, sum, o;
    for (j = 1; j <= HID; j++) {
        for (sum = 0, k = 0; k < NB; k++)
            sum = fadd(sum, partial[k * HID + j - 1u]);
        hidden[j] = host_squash(fadd(sum, w[j]));
    }
    hidden[0] = F32_ONE;
    for (sum = 0, k = 0; k <= HID; k++)
        sum = fadd(sum, fmul(hw[k * 2u + 1u], hidden[k]));
    o = host_squash(sum);
    out_delta[1] = host_slope(o, gs_f32_sub(0x3DCCCCCDu, o, REF_RN, 0));   /* t = 0.1f */
    for (j = 1; j <= HID; j++)
        hid_delta[j] = host_slope(hidden[j], fadd(0, fmul(out_delta[1], hw[j * 2u + 1u])));
    for (k = 0; k <= HID; k++) {
        uint32_t i = k * 2u + 1u;
        uint64_t a = gs_f64_mul(gs_f64_mul(F64_03, dbl(out_delta[1]), REF_RN), dbl(hidden[k]),
                                REF_RN);
        uint32_t dw = gs_f32_from_f64(gs_f64_add(a, gs_f64_mul(F64_03, dbl(hprev[i]), REF_RN),
                                                 REF_RN), REF_RN, 0);
        hw[i] = fadd(hw[i], dw);
        hprev[i] = dw;
    }
}

/* new weight and momentum in f64: w += dw, oldw = dw, dw = fma(a, b, 0.3 * oldw). */
static void momentum(uint64_t a, uint64_t b, uint32_t *w, uint32_t *oldw)
{
    uint64_t dw = gs_f64_fma(a, b, gs_f64_mul(gs_f64_from_f32(*oldw, 0), F64_03, REF_RN),
                             REF_RN);
    *w = gs_f32_from_f64(gs_f64_add(dw, gs_f64_from_f32(*w, 0), REF_RN), REF_RN, 0);
    *oldw = gs_f32_from_f64(dw, REF_RN, 0);
}

/* bp_adjust_weights: every input's weights, then the bias row (input 1). */
static void ref_adjust(const uint32_t *err, const uint32_t *inputs, uint32_t *w, uint32_t *oldw)
{
    uint32_t by, ty, tx;
    for (by = 0; by < NB; by++)
        for (ty = 0; ty < 16u; ty++)
            for (tx = 0; tx < 16u; tx++) {
                uint32_t at = COLS * (16u * by + ty + 1u) + tx + 1u;
                uint64_t a = gs_f64_mul(gs_f64_from_f32(err[tx + 1u], 0), F64_03, REF_RN);
                momentum(a, gs_f64_from_f32(inputs[16u * by + ty + 1u], 0), &w[at], &oldw[at]);
            }
    for (tx = 0; tx < 16u; tx++)
        momentum(gs_f64_from_f32(err[tx + 1u], 0), F64_03, &w[tx + 1u], &oldw[tx + 1u]);
}

static void check(const char *name, const uint32_t *want)
{
    uint32_t *got = wlb_result32(&host, &wl, &state, name);
    GS_CHECK_EQ(0, test_diff32(name, want, got, wlb_count(&wl, name)));
    free(got);
}

static void test_bp_small(void)
{
    uint32_t *units, *ih, *w, *oldw, *partial, *hw, *hprev, hidden[COLS], out_delta[2] = { 0, 0 },
        hid_delta[COLS], j;
    GS_CHECK_EQ(GS_OK, wlb_run("bp", "small", &wl, &host, &arena, &state));
    GS_CHECK_EQ(IN + 1u, wlb_count(&wl, "in_act"));
    units = wlb_initial32(&wl, "in_act");
    ih = wlb_initial32(&wl, "in_hid_w");
    w = wlb_initial32(&wl, "in_hid_w_dev");
    oldw = wlb_initial32(&wl, "in_hid_step");
    partial = wlb_initial32(&wl, "tile_sums");
    hw = wlb_initial32(&wl, "hid_out_w");
    hprev = wlb_initial32(&wl, "hid_out_step");
    memset(hidden, 0, sizeof hidden);
    memset(hid_delta, 0, sizeof hid_delta);
    ref_forward(units, ih, partial);
    host_step(partial, w, hidden, hw, hprev, out_delta, hid_delta);
    ref_adjust(hid_delta, units, w, oldw);
    check("in_hid_w", ih);
    check("tile_sums", partial);
    check("hid_act", hidden);
    check("out_err", out_delta);
    check("hid_err", hid_delta);
    check("hid_out_w", hw);
    check("in_hid_w_dev", w);
    check("in_hid_step", oldw);
    for (j = 1; j <= HID; j++)   /* the sigmoids did not saturate: deltas move weights */
        GS_CHECK(hid_delta[j] != 0u && hidden[j] != F32_ONE);
    GS_CHECK_EQ(2u, host.launches);   /* the host step is no kernel launch */
    free(units); free(ih); free(w); free(oldw); free(partial); free(hw); free(hprev);
}

int main(void)
{
    GS_RUN(test_bp_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
