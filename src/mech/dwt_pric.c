/*
 * dwt_pric: the combined DWT-PRIC algorithm (seed-000 section 2.6, the
 * thesis's Fig 5.14 and Table 6.1) as one mechanism: PRIC indexes the L1D
 * (the dl1 string's set index P, -gpgpu_cache:dl1_ipoly_poly 37), DWT-CS
 * examines the kernel's first N periods and samples when all of them
 * thrash (mech/dwt.c), then DBSA (mech/dbsa.c) decides each later period of
 * the kernel whether the L1D and the L2 are bypassed, on the same
 * -gs_dwt_period periods. Thrashing detection comes first because thrashing
 * and streaming kernels both miss a lot in the L1, and thrashing ones have
 * much higher MPKI (section 2.6).
 *
 * Decisions (seed-000 section 5.2-4; README "Decisions"):
 * - DBSA starts after DWT-CS has settled: its first decision is at the end
 *   of the first whole period that begins with the kernel's throttling
 *   decided (the limit broadcast, or the first N periods found not
 *   thrashing). So DBSA never bypasses a cache while detection or sampling
 *   measures it, and it decides on periods run under the final warp limit.
 *   Until then its shadow tags follow the caches (warm) and its period
 *   counts are dropped.
 * - Each kernel starts with both caches used and DWT-CS detecting again
 *   (the remembered limits persist across kernels, as in `dwt`).
 * - The DBSA options apply (-gs_dbsa_miss_threshold 90, -gs_dbsa_levels
 *   both); -gs_dbsa_period does not: the periods are DWT-CS's.
 * - PRIC is the L1D's configured set index, which the mechanism requires
 *   rather than changes: the configuration stays what the statistics
 *   header says it is (examples/configs/seed000-pric.cfg sets it).
 * Its statistics are DWT-CS's (dwt_) and DBSA's (dbsa_).
 */
#include "mech/dbsa.h"
#include "mech/dwt.h"

typedef struct dwt_pric_state {
    gs_dwt *dwt;
    gs_dbsa *dbsa;
    int dbsa_armed;               /* the current period began with DWT-CS settled */
} dwt_pric_state;

static size_t header_bytes(void)
{
    return (sizeof(dwt_pric_state) + 7u) & ~(size_t)7u;
}

static size_t dwt_pric_bytes(const gs_config *cfg)
{
    return header_bytes() + gs_dwt_bytes(cfg) + gs_dbsa_bytes(cfg);
}

static void dwt_pric_event(void *ctx, const gs_event *ev)
{
    dwt_pric_state *s = ctx;
    uint32_t done;
    if (ev->kind == GS_EV_L1D_ACCESS || ev->kind == GS_EV_L2_ACCESS) {
        gs_dbsa_observe(s->dbsa, ev);
        if (ev->kind == GS_EV_L2_ACCESS)
            return;
    }
    if (ev->kind == GS_EV_KERNEL_LAUNCH) {
        gs_dbsa_use_caches(s->dbsa);
        gs_dbsa_period_skip(s->dbsa);
        s->dbsa_armed = 0;
    }
    done = gs_dwt_event(s->dwt, ev);
    if (done & GS_DWT_PERIOD_ENDED) {
        if (s->dbsa_armed)
            gs_dbsa_period_end(s->dbsa);
        else
            gs_dbsa_period_skip(s->dbsa);
        s->dbsa_armed = gs_dwt_settled(s->dwt);
    }
}

static uint32_t dwt_pric_decide(void *ctx, const gs_decide_in *in)
{
    dwt_pric_state *s = ctx;
    return gs_dbsa_decide(s->dbsa, in);
}

static gs_status dwt_pric_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                               gs_diag *diag)
{
    dwt_pric_state *s = state;
    const gs_config *cfg = env->cfg;
    unsigned char *next = (unsigned char *)state + header_bytes();
    gs_status st;
    if (GS_CONFIG_MECH_ON(cfg, GS_MECH_ID_dbsa))
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "dwt_pric "
                           "includes DBSA: enable dbsa or dwt_pric, not both");
    if (cfg->dl1.enabled && cfg->dl1.set_index != GS_INDEX_IPOLY)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "dwt_pric indexes the L1D with "
                           "PRIC: the -gpgpu_cache:dl1 string's set index must be P (I-Poly; "
                           "examples/configs/seed000-pric.cfg sets it)");
    s->dwt = (gs_dwt *)(void *)next;
    s->dbsa = (gs_dbsa *)(void *)(next + gs_dwt_bytes(cfg));
    if ((st = gs_dwt_init(s->dwt, env, GS_DWT_DETECT_FIRST, diag)) != GS_OK ||
        (st = gs_dbsa_init(s->dbsa, env, diag)) != GS_OK)
        return st;
    hooks->sub.fn = dwt_pric_event;
    hooks->sub.kinds = gs_dwt_kinds() | GS_EVENT_BIT(GS_EV_L2_ACCESS);
    hooks->sub.wake_at = gs_dwt_wake_register(s->dwt);
    hooks->decider.levels = gs_dbsa_levels(cfg);
    hooks->decider.decide = dwt_pric_decide;
    return GS_OK;
}

static uint32_t dwt_pric_stats_count(const gs_config *cfg)
{
    return gs_dwt_stats_count() + gs_dbsa_stats_count(cfg);
}

static void dwt_pric_report(const void *state, gs_stats *stats)
{
    const dwt_pric_state *s = state;
    gs_dwt_report(s->dwt, stats);
    gs_dbsa_report(s->dbsa, stats);
}

const gs_mech_ops gs_mech_dwt_pric_ops = {
    "dwt_pric", "seed-000 DWT-PRIC: on a PRIC-indexed L1D, DWT-CS on the kernel's first N "
    "periods, then DBSA on the L1D and L2 for the rest of the kernel",
    dwt_pric_bytes, dwt_pric_init, dwt_pric_stats_count, dwt_pric_report
};
