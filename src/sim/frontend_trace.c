/*
 * Trace front end of the timing core (sim/frontend_trace.h; DESIGN.md
 * section 3: "the trace front end makes [the gs_inst] by reading the next
 * trace record"; spec/formats.md section 1).
 *
 * Decisions:
 *  - CTAs: the dispatcher places CTAs in linear id order; each placed CTA
 *    takes the next thread block of the kernel file in file order (the order
 *    Accel-Sim issues them); the block's own `thread block = x,y,z` is kept
 *    by the reader but nothing in the timing model depends on it;
 *  - warps: warp k of the CTA (the k-th warp slot the dispatcher gave it)
 *    reads the trace's `warp = k`; a warp is finished when its `insts = C`
 *    lines are read (an EXIT with a partial mask is just an instruction);
 *  - there are no functional barriers: BAR instructions are timing barriers
 *    only (sm.c), so no warp is ever held at decode;
 *  - a malformed line found at decode is a fault (GS_E_TRACE with the file
 *    and line): the run stops and reports it;
 *  - specialized units (Accel-Sim trace.config, spec/formats.md 1.6): a
 *    configuration without any enabled -specialized_unit_K runs every opcode
 *    on its class unit (as before trace.config was modelled); one that
 *    enables some must enable every kind the kernel's instructions use: the
 *    decoder refuses the first instruction whose kind (BRA, TEX, TENSOR, UDP)
 *    has no unit, naming its file, line and opcode. A kernel whose branches,
 *    say, had nowhere to run is an error, not a silent fallback; a trace whose
 *    binary version has UDP opcodes but which uses none runs (as in
 *    Accel-Sim).
 */
#include "sim/frontend_trace.h"

#include <string.h>

void gs_fe_trace_params(const gs_config *cfg, gs_trace_params *p)
{
    uint32_t warps = gs_config_n_sms(cfg) * gs_config_warps_per_sm(cfg);
    gs_trace_default_params(p, cfg->trace_open_warps ? cfg->trace_open_warps : warps);
    p->warp_buffer_bytes = cfg->trace_line_bytes;
    if (p->scan_buffer_bytes < cfg->trace_line_bytes)   /* the scanner reads every line too */
        p->scan_buffer_bytes = cfg->trace_line_bytes;
}

size_t gs_fe_trace_bytes(const gs_config *cfg)
{
    gs_trace_params p;
    size_t slots = (size_t)gs_config_n_sms(cfg) * cfg->max_cta_per_sm;
    gs_fe_trace_params(cfg, &p);
    return gs_trace_bytes(&p) + gs_arena_round(slots * sizeof(gs_trace_cta));
}

gs_status gs_fe_trace_init(gs_fe_trace *st, gs_trace *tr, const gs_config *cfg,
                           gs_arena *arena, gs_diag *diag)
{
    size_t slots = (size_t)gs_config_n_sms(cfg) * cfg->max_cta_per_sm;
    memset(st, 0, sizeof *st);
    st->tr = tr;
    st->max_ctas = cfg->max_cta_per_sm;
    st->ctas = (gs_trace_cta *)gs_arena_alloc(arena, slots * sizeof(gs_trace_cta));
    if (!st->ctas)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for trace CTAs");
    return GS_OK;
}

static gs_status trace_cta_start(gs_frontend *fe, const gs_cta_placement *pl, void **cta,
                                 gs_diag *diag)
{
    gs_fe_trace *st = (gs_fe_trace *)fe->state;
    gs_trace_cta *c = &st->ctas[pl->sm * st->max_ctas + pl->cta_slot];
    int started;
    gs_status s = gs_trace_cta_start(st->tr, c, &started, diag);
    if (s != GS_OK)
        return s;
    /* the reader checked the file's block count against the grid, which is
     * the dispatcher's CTA count: a start always finds a block */
    GS_ASSERT(started && c->num_warps == pl->num_warps);
    *cta = c;
    return GS_OK;
}

static int trace_warp_pc(gs_frontend *fe, void *cta, uint32_t warp, uint32_t *pc_bytes)
{
    gs_fe_trace *st = (gs_fe_trace *)fe->state;
    gs_status s = gs_trace_warp_pc(st->tr, (gs_trace_cta *)cta, warp, pc_bytes,
                                   &fe->fault_diag);
    if (s == GS_OK)
        return 1;
    if (fe->fault == GS_OK)
        fe->fault = s;
    return 0;
}

static gs_fe_next trace_warp_step(gs_frontend *fe, void *cta, uint32_t warp, gs_inst *inst,
                                  uint64_t cycle)
{
    gs_fe_trace *st = (gs_fe_trace *)fe->state;
    gs_trace_cta *c = (gs_trace_cta *)cta;
    gs_status s = gs_trace_warp_step(st->tr, c, warp, inst, &fe->fault_diag);
    (void)cycle;
    if (s != GS_OK) {
        if (fe->fault == GS_OK)
            fe->fault = s;
        return GS_FE_FAULT;
    }
    return gs_trace_warp_done(c, warp) ? GS_FE_DONE : GS_FE_READY;
}

static int trace_warp_released(gs_frontend *fe, void *cta, uint32_t warp)
{
    (void)fe;
    (void)cta;
    (void)warp;
    return 1;   /* never held (see the file comment) */
}

static void trace_cta_finish(gs_frontend *fe, void *cta)
{
    gs_trace_cta_finish(((gs_fe_trace *)fe->state)->tr, (gs_trace_cta *)cta);
}

/* Every CTA ended: the file must hold no further thread block. */
static gs_status trace_kernel_end(gs_frontend *fe, gs_diag *diag)
{
    gs_fe_trace *st = (gs_fe_trace *)fe->state;
    int started;
    gs_status s = gs_trace_cta_start(st->tr, &st->end_probe, &started, diag);
    if (s == GS_OK && started) {   /* not reached: the reader reports surplus blocks */
        gs_trace_cta_finish(st->tr, &st->end_probe);
        return gs_diag_set(diag, GS_E_TRACE, st->tr->kernel_path, 0, 0,
                           "count mismatch: more thread blocks than the grid");
    }
    return s;
}

const gs_frontend_ops gs_fe_trace_ops = {
    "trace", trace_cta_start, trace_warp_pc, trace_warp_step, trace_warp_released,
    trace_cta_finish, trace_kernel_end
};

void gs_fe_trace_bind(gs_frontend *fe, gs_fe_trace *st)
{
    fe->ops = &gs_fe_trace_ops;
    fe->state = st;
    fe->fault = GS_OK;
    memset(&fe->fault_diag, 0, sizeof fe->fault_diag);
}

void gs_fe_trace_check_units(const gs_fe_trace *st, const gs_eu *eu)
{
    gs_trace_kernel *k = &st->tr->kernel;
    unsigned kind;
    k->spec_missing = 0;
    if (eu->params.num_spec == 0)
        return;   /* no specialized units: every opcode runs on its class unit */
    for (kind = 1; kind < GS_SPEC_KIND_COUNT; kind++)
        if (eu->spec_of_kind[kind] == 0)
            k->spec_missing |= 1u << kind;
}

void gs_fe_trace_report(const gs_fe_trace *st, uint64_t addressless, gs_stats *stats)
{
    gs_stats_put_count(stats, "trace_kernels", st->kernels);
    gs_stats_put_count(stats, "trace_memcpy", st->memcpys);
    gs_stats_put_count(stats, "trace_memcpy_bytes", st->memcpy_bytes);
    gs_stats_put_count(stats, "trace_addressless_mem_insts", addressless);
}
