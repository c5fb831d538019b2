/*
 * The DWT-CS core (seed-000 section 2.4; src/mech/dwt.c has the model and
 * its decisions): thrashing detection on the L1D MPKI of each period, core
 * sampling of the per-scheduler warp limit, the coordinator's choice and
 * its broadcast, and the per-kernel memory of the winner. The `dwt`
 * mechanism (standalone DWT-CS) and DWT-PRIC (mech/dwt_pric.c) drive it;
 * they differ in which periods may detect (section 2.4 / 5.2-4).
 */
#ifndef GS_MECH_DWT_H
#define GS_MECH_DWT_H

#include "mech/mech.h"

typedef struct gs_dwt gs_dwt;

/* Which periods may start sampling. */
enum {
    GS_DWT_DETECT_ANY = 0,     /* N consecutive thrashing periods anywhere in the kernel */
    GS_DWT_DETECT_FIRST = 1    /* only the kernel's first N periods, all thrashing */
};

/* What gs_dwt_event did (bits). */
enum {
    GS_DWT_PERIOD_ENDED = 1u << 0   /* one of the kernel's periods ended at this event */
};

size_t gs_dwt_bytes(const gs_config *cfg);
/* Set up zeroed state (gs_dwt_bytes of it) with the -gs_dwt_* options. */
gs_status gs_dwt_init(gs_dwt *dwt, const gs_mech_env *env, unsigned detect, gs_diag *diag);
/* The events it needs (subscribe to them) and its wake register. */
uint32_t gs_dwt_kinds(void);
uint64_t *gs_dwt_wake_register(gs_dwt *dwt);
/* One event of those kinds, or its wake (EPOCH by wake); GS_DWT_* bits. */
uint32_t gs_dwt_event(gs_dwt *dwt, const gs_event *ev);
/* The kernel's throttling is decided: a limit is set (or on its way), or
 * detection is over without one (first-N mode). */
int gs_dwt_settled(const gs_dwt *dwt);
/* Statistics (dwt_ prefix). */
uint32_t gs_dwt_stats_count(void);
void gs_dwt_report(const gs_dwt *dwt, gs_stats *stats);

#endif
