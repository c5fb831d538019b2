/*
 * The DBSA core (seed-000 section 2.2; src/mech/dbsa.c has the model and its
 * decisions): per-level miss-rate measurement with shadow tags, and the
 * bypass decision at a period's end. The `dbsa` mechanism drives it with
 * epochs of -gs_dbsa_period cycles; DWT-PRIC (mech/dwt_pric.c) drives it
 * with its own periods, after DWT-CS has settled (seed-000 section 2.6).
 */
#ifndef GS_MECH_DBSA_H
#define GS_MECH_DBSA_H

#include "mech/mech.h"

typedef struct gs_dbsa gs_dbsa;

/* Arena bytes of the state (shadow tags included) for cfg's levels. */
size_t gs_dbsa_bytes(const gs_config *cfg);
/* Set up zeroed state (gs_dbsa_bytes of it): -gs_dbsa_levels,
 * -gs_dbsa_miss_threshold; errors for a disabled or unmanageable level. */
gs_status gs_dbsa_init(gs_dbsa *dbsa, const gs_mech_env *env, gs_diag *diag);
/* Count an L1D_ACCESS / L2_ACCESS event (others are ignored). */
void gs_dbsa_observe(gs_dbsa *dbsa, const gs_event *ev);
/* End of a period: each managed level's state for the next one. */
void gs_dbsa_period_end(gs_dbsa *dbsa);
/* End of a period that may not decide: its counts go, the state stays. */
void gs_dbsa_period_skip(gs_dbsa *dbsa);
/* Both levels used again (counted as switches where one was bypassed). */
void gs_dbsa_use_caches(gs_dbsa *dbsa);
/* The decider (ctx = the state) and the levels it is asked at. */
uint32_t gs_dbsa_decide(void *ctx, const gs_decide_in *in);
uint32_t gs_dbsa_levels(const gs_config *cfg);
/* Statistics (dbsa_ prefix). */
uint32_t gs_dbsa_stats_count(const gs_config *cfg);
void gs_dbsa_report(const gs_dbsa *dbsa, gs_stats *stats);

#endif
