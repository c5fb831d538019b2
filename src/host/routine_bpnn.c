/*
 * Rodinia backprop's CPU step (backprop_cuda.cu, bpnn_train_cuda, between
 * the layerforward and adjust_weights kernels), run on the host as Rodinia
 * does (host/routine.h):
 *   hidden[j] = squash(sum over blocks of partial[k][j-1] + w[0][j])
 *   bpnn_layerforward(hidden -> output), bpnn_output_error,
 *   bpnn_hidden_error, bpnn_adjust_weights(hidden -> output).
 * C's arithmetic of Rodinia's backprop.c, operation by operation: float
 * sums and products (sum += a * b rounds the product, then the sum), and
 * double where a double constant promotes (o * (1.0 - o) * (t - o),
 * ETA * delta * ly + MOMENTUM * oldw with ETA = MOMENTUM = 0.3), rounded
 * to float on assignment. Decision (README "Workloads"): squash's exp()
 * has no bit-exact routine here; exp(-x) is __expf's ex2.approx(x * -log2 e)
 * (src/fp, the value the former device step computed), then 1.0 / (1.0 + e)
 * in double as Rodinia.
 */
#include "fp/fpmath.h"
#include "host/routine.h"

#define BP_RN GS_FROUND_RN
#define BP_F32_ONE 0x3F800000u
#define BP_F32_MINUS_LOG2E 0xBFB8AA3Bu
#define BP_F64_ONE 0x3FF0000000000000ull
#define BP_F64_03 0x3FD3333333333333ull   /* ETA and MOMENTUM (backprop.h) */

typedef struct bp_args {
    gs_host *host;
    uint64_t partial, w, hidden, hw, hprev, output, out_delta, target, hid_delta;
    uint32_t blocks, hid, out;
} bp_args;

static uint32_t rd(const bp_args *a, uint64_t base, uint64_t index)
{
    uint32_t v;
    gs_host_read_u32(a->host, &v, base + index * 4u, 1);
    return v;
}

static gs_status wr(const bp_args *a, uint64_t base, uint64_t index, uint32_t v,
                    gs_diag *diag)
{
    return gs_host_write_u32(a->host, base + index * 4u, &v, 1, diag);
}

static uint64_t d(uint32_t f) { return gs_f64_from_f32(f, 0); }

/* float squash(float x) { return 1.0 / (1.0 + exp(-x)); } */
static uint32_t squash(uint32_t x)
{
    uint32_t e = gs_f32_ex2_approx(gs_f32_mul(x, BP_F32_MINUS_LOG2E, BP_RN, 0), 0);
    return gs_f32_from_f64(gs_f64_div(BP_F64_ONE, gs_f64_add(BP_F64_ONE, d(e), BP_RN), BP_RN),
                           BP_RN, 0);
}

/* x * (1.0 - x) * y, in double, rounded to float */
static uint32_t slope_times(uint32_t x, uint32_t y)
{
    uint64_t s = gs_f64_mul(d(x), gs_f64_sub(BP_F64_ONE, d(x), BP_RN), BP_RN);
    return gs_f32_from_f64(gs_f64_mul(s, d(y), BP_RN), BP_RN, 0);
}

static gs_status hidden_from_partials(const bp_args *a, gs_diag *diag)
{
    uint32_t j, k, sum;
    gs_status st = GS_OK;
    for (j = 1; j <= a->hid && st == GS_OK; j++) {
        for (sum = 0, k = 0; k < a->blocks; k++)
            sum = gs_f32_add(sum, rd(a, a->partial, (uint64_t)k * a->hid + j - 1u), BP_RN, 0);
        sum = gs_f32_add(sum, rd(a, a->w, j), BP_RN, 0);
        st = wr(a, a->hidden, j, squash(sum), diag);
    }
    return st;
}

/* bpnn_layerforward(hidden, output, hidden_weights, hid, out) */
static gs_status layerforward(const bp_args *a, gs_diag *diag)
{
    uint32_t j, k, sum;
    gs_status st = wr(a, a->hidden, 0, BP_F32_ONE, diag);
    for (j = 1; j <= a->out && st == GS_OK; j++) {
        for (sum = 0, k = 0; k <= a->hid; k++)
            sum = gs_f32_add(sum, gs_f32_mul(rd(a, a->hw, (uint64_t)k * (a->out + 1u) + j),
                                             rd(a, a->hidden, k), BP_RN, 0), BP_RN, 0);
        st = wr(a, a->output, j, squash(sum), diag);
    }
    return st;
}

/* bpnn_output_error and bpnn_hidden_error (their errsum is unused) */
static gs_status errors(const bp_args *a, gs_diag *diag)
{
    uint32_t j, k, sum;
    gs_status st = GS_OK;
    for (j = 1; j <= a->out && st == GS_OK; j++) {
        uint32_t o = rd(a, a->output, j);
        st = wr(a, a->out_delta, j,
                slope_times(o, gs_f32_sub(rd(a, a->target, j), o, BP_RN, 0)), diag);
    }
    for (j = 1; j <= a->hid && st == GS_OK; j++) {
        for (sum = 0, k = 1; k <= a->out; k++)
            sum = gs_f32_add(sum, gs_f32_mul(rd(a, a->out_delta, k),
                                             rd(a, a->hw, (uint64_t)j * (a->out + 1u) + k),
                                             BP_RN, 0), BP_RN, 0);
        st = wr(a, a->hid_delta, j, slope_times(rd(a, a->hidden, j), sum), diag);
    }
    return st;
}

/* bpnn_adjust_weights(output_delta, out, hidden, hid, hidden_weights, hidden_prev) */
static gs_status adjust(const bp_args *a, gs_diag *diag)
{
    uint32_t j, k;
    gs_status st = GS_OK;
    for (j = 1; j <= a->out; j++)
        for (k = 0; k <= a->hid && st == GS_OK; k++) {
            uint64_t at = (uint64_t)k * (a->out + 1u) + j;
            uint64_t dw = gs_f64_mul(gs_f64_mul(BP_F64_03, d(rd(a, a->out_delta, j)), BP_RN),
                                     d(rd(a, a->hidden, k)), BP_RN);
            uint32_t new_dw = gs_f32_from_f64(
                gs_f64_add(dw, gs_f64_mul(BP_F64_03, d(rd(a, a->hprev, at)), BP_RN), BP_RN),
                BP_RN, 0);
            st = wr(a, a->hw, at, gs_f32_add(rd(a, a->hw, at), new_dw, BP_RN, 0), diag);
            if (st == GS_OK)
                st = wr(a, a->hprev, at, new_dw, diag);
        }
    return st;
}

/* Every buffer holds what the sizes ask it to (argument index, elements). */
static gs_status check_sizes(const gs_routine_arg *args, const bp_args *a, const char *file,
                             uint32_t line, gs_diag *diag)
{
    const uint64_t hid1 = (uint64_t)a->hid + 1u, out1 = (uint64_t)a->out + 1u;
    const uint64_t need[12] = { (uint64_t)a->blocks * a->hid, 0, hid1, hid1, 0, hid1 * out1,
                                hid1 * out1, out1, out1, out1, hid1, 0 };
    unsigned i;
    if (a->hid == 0 || a->out == 0)
        return gs_diag_set(diag, GS_E_WORKLOAD, file, line, 1,
                           "bpnn_train_host: hid and out must be at least 1");
    for (i = 0; i < 12u; i++)
        if (need[i] > 0 && args[i].count < need[i])
            return gs_diag_set(diag, GS_E_WORKLOAD, file, line, 1,
                               "bpnn_train_host: argument %u has %llu elements; the sizes "
                               "need %llu", i + 1u, (unsigned long long)args[i].count,
                               (unsigned long long)need[i]);
    return GS_OK;
}

static uint32_t positive_s32(uint64_t bits)
{
    return (bits & 0x80000000u) ? 0u : (uint32_t)bits;
}

gs_status gs_routine_bpnn_train_host(gs_host *host, const gs_routine_arg *args,
                                     const char *file, uint32_t line, gs_diag *diag)
{
    bp_args a;
    gs_status st;
    a.host = host;
    a.partial = args[0].value;
    a.blocks = positive_s32(args[1].value);
    a.w = args[2].value;
    a.hidden = args[3].value;
    a.hid = positive_s32(args[4].value);
    a.hw = args[5].value;
    a.hprev = args[6].value;
    a.output = args[7].value;
    a.out_delta = args[8].value;
    a.target = args[9].value;
    a.hid_delta = args[10].value;
    a.out = positive_s32(args[11].value);
    if ((st = check_sizes(args, &a, file, line, diag)) ||
        (st = hidden_from_partials(&a, diag)) || (st = layerforward(&a, diag)) ||
        (st = errors(&a, diag)))
        return st;
    return adjust(&a, diag);
}
