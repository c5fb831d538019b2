/*
 * Helpers shared by the SM pipeline's files (sm.c: write-back and issue;
 * sm_fetch.c: fetch, I-cache, decode, idling). Not a public interface.
 */
#ifndef GS_CORE_SM_INTERNAL_H
#define GS_CORE_SM_INTERNAL_H

#include "core/sm.h"

static inline gs_sm_view *gs_sm_view_of(gs_sm *sm, uint32_t warp)
{
    return &sm->views[warp % sm->p->num_scheds];
}

static inline uint64_t gs_sm_bit_of(const gs_sm *sm, uint32_t warp)
{
    return 1ull << (warp / sm->p->num_scheds);
}

/* Recompute whether `warp` may fetch (I-buffer empty, not finished, ...). */
void gs_sm_update_fetch(gs_sm *sm, uint32_t warp);
/* Functional barrier releases: warps of the CTA no longer held may decode. */
void gs_sm_recheck_holds(gs_sm *sm, uint32_t cta_slot);
/* Fetch and decode stage of one cycle (sm_fetch.c). */
void gs_sm_fetch(gs_sm *sm, uint64_t cycle);

#endif
