/*
 * The Accel-Sim trace reader as the timing core's front end
 * (core/frontend.h; trace/trace.h; issue 7). Decoding an instruction reads
 * the warp's next trace line; the kernel list is walked by gs_sim_run_trace
 * (sim/gpu_trace.c).
 */
#ifndef GS_SIM_FRONTEND_TRACE_H
#define GS_SIM_FRONTEND_TRACE_H

#include <stddef.h>

#include "base/config.h"
#include "base/stats.h"
#include "core/exec_unit.h"
#include "core/frontend.h"
#include "trace/trace.h"

typedef struct gs_fe_trace {
    gs_trace *tr;                 /* opened on the same arena before gs_sim_init */
    gs_trace_cta *ctas;           /* [n_sms * max_ctas]: the CTA in slot k of SM s */
    uint32_t max_ctas;
    gs_trace_cta end_probe;       /* kernel_end: looks for surplus thread blocks */
    uint64_t kernels, memcpys, memcpy_bytes;   /* statistics */
} gs_fe_trace;

extern const gs_frontend_ops gs_fe_trace_ops;

/* Reader parameters for a timing run: one warp stream per warp slot of the
 * GPU (SMs x warps per SM) unless -gs_trace_open_warps says otherwise;
 * -gs_trace_line_bytes per stream. */
void gs_fe_trace_params(const gs_config *cfg, gs_trace_params *p);
/* Arena bytes of the front end: the reader (gs_trace_bytes) and the CTA slots. */
size_t gs_fe_trace_bytes(const gs_config *cfg);
/* Carve the CTA slots; tr must already be open (gs_trace_open). */
gs_status gs_fe_trace_init(gs_fe_trace *st, gs_trace *tr, const gs_config *cfg,
                           gs_arena *arena, gs_diag *diag);
void gs_fe_trace_bind(gs_frontend *fe, gs_fe_trace *st);
/* Tell the decoder which specialized-unit kinds have no unit for the current
 * kernel: it refuses their opcodes by file and line (see the .c file). */
void gs_fe_trace_check_units(const gs_fe_trace *st, const gs_eu *eu);
/* trace_kernels, trace_memcpy, trace_memcpy_bytes, then
 * trace_addressless_mem_insts = `addressless` (memory instructions that took
 * the fixed-latency path, core/sm.c; gs_sim_report_trace sums them). */
void gs_fe_trace_report(const gs_fe_trace *st, uint64_t addressless, gs_stats *stats);
#define GS_FE_TRACE_STATS 4u

#endif
