/*
 * The event trace (event_trace.h; issue 12 item 8; README "Event trace"):
 * filters the bus's events by SM, warp slot and memory line and writes each
 * one it keeps as a line of fixed fields, up to -gs_event_trace_lines lines.
 *
 * Decisions, also in the README's decisions table:
 * - A filter keeps only events that carry its field with that value: with
 *   -gs_event_trace_sm, events of no SM (kernel events, an L2 write-back's
 *   DRAM traffic) are dropped; with -gs_event_trace_warp, CTA and kernel
 *   events; with -gs_event_trace_addr, every kind that has no address (warp,
 *   barrier, CTA and kernel events).
 * - The address filter keeps a memory event when its line holds the byte:
 *   addr <= A < addr + L, L the line size of the event's level (the L1D's
 *   for L1D accesses, fills, evictions and MSHR events; the L2's for L2 and
 *   DRAM events; 128 bytes where that cache is `none`), so any byte of a
 *   line follows that line at every level.
 * - When the bound is reached, the next event that passes the filters is
 *   not written; one line `# truncated after N lines (-gs_event_trace_lines)`
 *   is, and nothing after it. A trace of exactly N events is not truncated.
 */
#include "sim/event_trace.h"

#include <string.h>

#include "base/inst.h"
#include "mem/dram.h"

static const char *const domain_names[] = { "core", "icnt", "l2", "dram" };
static const char *const level_names[] = { "-", "l1d", "l2", "dram" };
static const char *const outcome_names[] = { "hit", "hit_reserved", "miss",
                                             "reservation_fail" };
/* gs_cache_fail order (mem/cache.h) */
static const char *const fail_names[] = { "-", "line_alloc", "miss_queue_full", "mshr_entry",
                                          "mshr_merge" };
/* gs_dram_cmd_kind order (mem/dram.h) */
/* gs_op_class order (base/inst.h) */
static const char *const class_names[GS_OPC_COUNT] = {
    "int_add", "int_max", "int_mul", "int_mad", "int_div", "int_shfl",
    "fp_add", "fp_max", "fp_mul", "fp_mad", "fp_div",
    "dp_add", "dp_max", "dp_mul", "dp_mad", "dp_div",
    "sfu", "tensor", "mem", "control"
};

#define NAME_AT(table, index) \
    ((unsigned)(index) < sizeof(table) / sizeof((table)[0]) ? (table)[index] : "?")

static uint32_t line_of(const gs_cache_config *cache)
{
    return cache->enabled ? cache->line_bytes : 128u;
}

void gs_event_trace_init(gs_event_trace *trace, const gs_config *cfg)
{
    const gs_event_trace_config *t = &cfg->event_trace;
    memset(trace, 0, sizeof *trace);
    trace->kinds = t->kinds;
    trace->sm = t->sm;
    trace->warp = t->warp;
    trace->addr = t->addr;
    trace->max_lines = t->max_lines;
    trace->line_bytes[GS_LEVEL_NONE] = 0;
    trace->line_bytes[GS_LEVEL_L1D] = line_of(&cfg->dl1);
    trace->line_bytes[GS_LEVEL_L2] = line_of(&cfg->dl2);
    trace->line_bytes[GS_LEVEL_DRAM] = line_of(&cfg->dl2);
}

int gs_event_trace_keeps(const gs_event_trace *trace, const gs_event *ev)
{
    if (trace->sm != GS_CONFIG_ALL && ev->origin.sm != trace->sm)
        return 0;
    if (trace->warp != GS_CONFIG_ALL && ev->origin.warp != trace->warp)
        return 0;
    if (trace->addr != GS_CONFIG_ALL_ADDR) {
        uint32_t line = ev->level < 4u ? trace->line_bytes[ev->level] : 0u;
        if (line == 0u || trace->addr < ev->addr || trace->addr - ev->addr >= line)
            return 0;
    }
    return 1;
}

/* ---- one line ---- */

typedef struct line_buf {
    char *text;
    size_t capacity;
    size_t used;
} line_buf;

static void put(line_buf *b, const char *format, ...) GS_PRINTF_LIKE(2, 3);

static void put(line_buf *b, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    b->used += gs_vfmt(b->text + b->used, b->capacity - b->used, format, args);
    va_end(args);
    if (b->used >= b->capacity)
        b->used = b->capacity - 1u;
}

/* " key=value", or " key=-" when value is `none`. */
static void put_id(line_buf *b, const char *key, uint32_t value, uint32_t none)
{
    if (value == none)
        put(b, " %s=-", key);
    else
        put(b, " %s=%u", key, (unsigned)value);
}

static void put_prefix(line_buf *b, const gs_event *ev)
{
    const gs_origin *o = &ev->origin;
    put(b, "%s %llu %s", NAME_AT(domain_names, ev->domain), (unsigned long long)ev->cycle,
        gs_event_name(ev->kind) ? gs_event_name(ev->kind) : "?");
    put_id(b, "k", o->kernel, 0u);
    put_id(b, "sm", o->sm, GS_ORIGIN_NONE);
    put_id(b, "w", o->warp, GS_ORIGIN_NONE);
    put_id(b, "cta", o->cta, GS_ORIGIN_NO_CTA);
    if (o->warp == GS_ORIGIN_NONE)
        put(b, " pc=-");
    else
        put(b, " pc=0x%x", (unsigned)o->pc);
}

/* Cache kinds: unit (the SM for L1D, the slice for L2) and line address. */
static void put_line(line_buf *b, const gs_event *ev)
{
    put(b, " unit=%u addr=0x%llx", (unsigned)ev->unit, (unsigned long long)ev->addr);
}

static void put_dram(line_buf *b, const gs_event *ev)
{
    put(b, " ch=%u bank=%u row=%llu addr=0x%llx op=%s", (unsigned)ev->unit,
        (unsigned)ev->value, (unsigned long long)ev->row, (unsigned long long)ev->addr,
        ev->is_write ? "wr" : "rd");
}

static void put_memory_fields(line_buf *b, const gs_event *ev)
{
    switch ((gs_event_kind)ev->kind) {
    case GS_EV_L1D_ACCESS:
    case GS_EV_L2_ACCESS:
        put_line(b, ev);
        put(b, " op=%s outcome=%s fail=%s sector_miss=%u", ev->is_write ? "wr" : "rd",
            NAME_AT(outcome_names, ev->outcome), NAME_AT(fail_names, ev->fail),
            (unsigned)ev->sector_miss);
        return;
    case GS_EV_L1D_FILL:
    case GS_EV_L2_FILL:
        put_line(b, ev);
        put(b, " sectors=0x%x", (unsigned)ev->value);
        return;
    case GS_EV_L1D_EVICT:
    case GS_EV_L2_EVICT:
    case GS_EV_SMEM_CACHE_EVICT:
        put_line(b, ev);
        put_id(b, "owner_sm", ev->owner_sm, GS_ORIGIN_NONE);
        put_id(b, "owner_w", ev->owner_warp, GS_ORIGIN_NONE);
        put(b, " dirty=%u", (unsigned)ev->dirty);
        return;
    case GS_EV_MSHR_ALLOC:
    case GS_EV_MSHR_MERGE:
    case GS_EV_MSHR_RELEASE:
        put(b, " level=%s", NAME_AT(level_names, ev->level));
        put_line(b, ev);
        put(b, " %s=%u", ev->kind == GS_EV_MSHR_ALLOC ? "in_use" :
            ev->kind == GS_EV_MSHR_MERGE ? "merged" : "released", (unsigned)ev->value);
        return;
    default:
        return;
    }
}

/* The kind's own fields (README "Event trace" lists them). */
static void put_fields(line_buf *b, const gs_event *ev)
{
    switch ((gs_event_kind)ev->kind) {
    case GS_EV_DRAM_ENQUEUE:
    case GS_EV_DRAM_COMPLETE:
        put_dram(b, ev);
        return;
    case GS_EV_DRAM_ROW:
        put_dram(b, ev);
        put(b, " row_buffer=%s", ev->outcome == 0u ? "hit" : "miss");
        return;
    case GS_EV_DRAM_COMMAND:
        put_dram(b, ev);
        put(b, " cmd=%s", gs_dram_command_name(ev->outcome));
        return;
    case GS_EV_WARP_ISSUE:
    case GS_EV_WARP_COMMIT:
        put(b, " lanes=%u class=%s", (unsigned)ev->value, NAME_AT(class_names, ev->outcome));
        return;
    case GS_EV_BARRIER_ARRIVE:
    case GS_EV_BARRIER_LEAVE:
        put(b, " bar=%u", (unsigned)ev->value);
        return;
    case GS_EV_CTA_LAUNCH:
    case GS_EV_CTA_FINISH:
        put(b, " warps=%u", (unsigned)ev->value);
        return;
    case GS_EV_KERNEL_LAUNCH:
        put(b, " ctas=%u", (unsigned)ev->value);
        return;
    default:
        put_memory_fields(b, ev);
        return;
    }
}

size_t gs_event_trace_format(const gs_event *ev, char *out, size_t capacity)
{
    line_buf b;
    b.text = out;
    b.capacity = capacity;
    b.used = 0;
    out[0] = '\0';
    put_prefix(&b, ev);
    put_fields(&b, ev);
    return b.used;
}

/* ---- the subscriber ---- */

static void trace_event(void *ctx, const gs_event *ev)
{
    gs_event_trace *t = (gs_event_trace *)ctx;
    char line[GS_EVENT_TRACE_LINE_MAX];
    size_t length;
    if (t->truncated || !gs_event_trace_keeps(t, ev))
        return;
    if (t->lines == t->max_lines) {
        length = gs_fmt(line, sizeof line, "# truncated after %llu lines "
                        "(-gs_event_trace_lines)\n", (unsigned long long)t->lines);
        t->sink.write(t->sink.context, line, length);
        t->truncated = 1;
        return;
    }
    length = gs_event_trace_format(ev, line, sizeof line - 1u);
    line[length++] = '\n';
    t->sink.write(t->sink.context, line, length);
    t->lines++;
}

gs_status gs_event_trace_subscribe(gs_event_trace *trace, gs_event_bus *bus, gs_diag *diag)
{
    gs_event_sub sub;
    memset(&sub, 0, sizeof sub);
    sub.fn = trace_event;
    sub.ctx = trace;
    sub.name = "event_trace";
    sub.kinds = trace->kinds;
    return gs_event_subscribe(bus, &sub, diag);
}

void gs_event_trace_set_sink(gs_event_trace *trace, const gs_sink *sink)
{
    trace->sink = *sink;
}

gs_status gs_event_trace_ready(const gs_event_trace *trace, gs_diag *diag)
{
    if (trace->kinds != 0u && trace->sink.write == NULL)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "-gs_event_trace is on but the host gave it no sink "
                           "(gs_sim_set_event_sink)");
    return GS_OK;
}
