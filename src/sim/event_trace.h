/*
 * The event trace (issue 12 item 8; README "Event trace"): a subscriber of
 * the event bus (base/event.h) that writes one line per event through a
 * gs_sink the host hands in, so a researcher can follow one request from
 * the coalescer to DRAM and back.
 *
 * -gs_event_trace names the kinds; -gs_event_trace_sm, _warp and _addr keep
 * only events of that SM, warp slot and memory line; -gs_event_trace_lines
 * bounds the output. gs_sim_init subscribes it only when kinds are named, so
 * a run without it keeps its bytes and speed; it only observes, so a run
 * with it keeps its statistics. Lines hold integers and names only, no host
 * time: the trace is as deterministic as the event stream.
 *
 * Line format (fields separated by one space, "-" for none):
 *   <domain> <cycle> <kind> k=<kernel> sm=<sm> w=<warp> cta=<cta> pc=<pc hex>
 *   followed by the kind's own fields (event_trace.c, fields_of).
 */
#ifndef GS_SIM_EVENT_TRACE_H
#define GS_SIM_EVENT_TRACE_H

#include <stdint.h>

#include "base/config.h"
#include "base/event.h"
#include "base/fmt.h"
#include "base/status.h"

#define GS_EVENT_TRACE_LINE_MAX 256u

typedef struct gs_event_trace {
    gs_sink sink;                /* sink.write NULL: the host has given none */
    uint32_t kinds;              /* GS_EVENT_BIT set; 0 = the trace is off */
    uint32_t sm, warp;           /* GS_CONFIG_ALL = no filter */
    uint64_t addr;               /* GS_CONFIG_ALL_ADDR = no filter */
    uint32_t line_bytes[4];      /* per gs_event_level: the line an address lies in */
    uint64_t max_lines;
    uint64_t lines;              /* written so far */
    uint32_t truncated;          /* the final line is written; nothing more */
} gs_event_trace;

/* Fill from the configuration (cfg->event_trace; the caches' line sizes). */
void gs_event_trace_init(gs_event_trace *trace, const gs_config *cfg);
/* Subscribe to the bus for the configured kinds (after the mechanisms). */
gs_status gs_event_trace_subscribe(gs_event_trace *trace, gs_event_bus *bus, gs_diag *diag);
/* Where the lines go (the host's file; a test's memory buffer). */
void gs_event_trace_set_sink(gs_event_trace *trace, const gs_sink *sink);
/* GS_E_CONFIG when the trace is on and no sink was given. */
gs_status gs_event_trace_ready(const gs_event_trace *trace, gs_diag *diag);
/* Nonzero when `event` passes the SM, warp and address filters. */
int gs_event_trace_keeps(const gs_event_trace *trace, const gs_event *event);
/* The event's line, without the newline; returns its length. */
size_t gs_event_trace_format(const gs_event *event, char *out, size_t capacity);

#endif
