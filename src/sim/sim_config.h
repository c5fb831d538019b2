/*
 * Parameters of the SIMT-core modules filled from gs_config (sim_config.c).
 */
#ifndef GS_SIM_SIM_CONFIG_H
#define GS_SIM_SIM_CONFIG_H

#include "base/config.h"
#include "core/cta_dispatch.h"
#include "core/sm.h"

gs_status gs_sm_params_from_config(const gs_config *cfg, gs_sm_params *p, gs_diag *diag);
void gs_cta_params_from_config(const gs_config *cfg, gs_cta_params *p);

#endif
