/*
 * Test harness for the timing-model tests (tests/unit/160..179): build a GPU
 * from a configuration, load a PTX file of tests/ptx/timing/ (or an embedded
 * workload) and run launches under timing, with statistics and an optional
 * commit recorder on SM 0. Hosted test code: it may use stdio and malloc.
 */
#ifndef GS_TEST_TIMING_HARNESS_H
#define GS_TEST_TIMING_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sim/gpu.h"
#include "host/workload.h"
#include "workloads.h"

#define TH_MAX_COMMITS 4096u

typedef struct th_commit {
    uint64_t cycle;
    uint32_t warp;
    uint32_t pc;
} th_commit;

typedef struct th_run {
    gs_config cfg;
    gs_host host;
    gs_gpu gpu;
    gs_arena arena;
    void *buffer;
    gs_stats stats;
    const gs_host_module *module;
    char *ptx_text;
    gs_diag diag;
    th_commit commits[TH_MAX_COMMITS];
    uint32_t num_commits;
    const gs_mech_ops *mech;    /* optional test mechanism (gs_sim_add_mechanism) */
    void *mech_state;
    const gs_sink *event_sink;  /* optional -gs_event_trace sink (gs_sim_set_event_sink) */
    gs_sim_progress_fn progress;   /* optional progress hook (gs_sim_set_progress) */
    void *progress_ctx;
    uint64_t progress_every;
} th_run;

/* A test configuration: the gtx480 defaults, perfect memory and I-cache, and
 * no operand collector (issue goes straight to the units), so a test's exact
 * cycles come from the mechanism it isolates; the collector's own tests
 * (330..) turn it on. */
static inline void th_config(gs_config *cfg)
{
    gs_config_defaults(cfg);
    cfg->perfect_mem = 1;
    cfg->perfect_icache = 1;
    cfg->operand_collector = 0;   /* isolate units and schedulers; tests 330.. turn it on */
}

/* Commits of SM 0, from the event bus. */
static inline void th_on_commit(void *ctx, const gs_event *ev)
{
    th_run *r = (th_run *)ctx;
    if (ev->origin.sm == 0 && r->num_commits < TH_MAX_COMMITS) {
        r->commits[r->num_commits].cycle = ev->cycle;
        r->commits[r->num_commits].warp = ev->origin.warp;
        r->commits[r->num_commits].pc = ev->origin.pc;
        r->num_commits++;
    }
}

static inline int th_record_commits(th_run *r)
{
    gs_event_sub sub;
    memset(&sub, 0, sizeof sub);
    sub.fn = th_on_commit;
    sub.ctx = r;
    sub.name = "test-commits";
    sub.kinds = GS_EVENT_BIT(GS_EV_WARP_COMMIT);
    return gs_event_subscribe(&r->gpu.bus, &sub, &r->diag) == GS_OK;
}

static char *th_read(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    char *text;
    long n;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = (char *)malloc((size_t)n + 1u);
    if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
        free(text);
        text = NULL;
    }
    fclose(f);
    if (text)
        text[n] = '\0';
    *length = (size_t)n;
    return text;
}

/* Build host + GPU for `cfg` (finished) sized for `bound`; commits of SM 0 recorded. */
static inline int th_build(th_run *r, const gs_exec_shape *bound, size_t ptx_bytes, int record)
{
    gs_host_config hc;
    size_t bytes;
    r->num_commits = 0;
    gs_host_config_default(&hc);
    hc.devmem.page_count = 1024u;
    hc.modules_max = 1u;
    hc.ptx_bytes_max = (uint32_t)ptx_bytes;
    hc.cta.reg_slots = 64u;
    hc.cta.pred_slots = 8u;
    hc.cta.local_bytes = 0;
    hc.num_sms = gs_config_n_sms(&r->cfg);
    bytes = gs_host_bytes(&hc) + gs_sim_bytes(&r->cfg, bound) +
            gs_stats_bytes(gs_sim_stats_count(&r->cfg)) + 1024u;
    r->buffer = calloc(1, bytes);
    if (!r->buffer)
        return 0;
    gs_arena_init(&r->arena, r->buffer, bytes);
    if (gs_stats_init(&r->stats, &r->arena, gs_sim_stats_count(&r->cfg), &r->diag) ||
        gs_host_init(&r->host, &hc, &r->arena, &r->diag) ||
        gs_sim_init(&r->gpu, &r->cfg, bound, &r->arena, &r->diag))
        return 0;
    if (record && !th_record_commits(r))
        return 0;
    if (r->mech && gs_sim_add_mechanism(&r->gpu, r->mech, r->mech_state, &r->diag))
        return 0;
    if (r->event_sink)
        gs_sim_set_event_sink(&r->gpu, r->event_sink);
    if (r->progress)
        gs_sim_set_progress(&r->gpu, r->progress, r->progress_ctx, r->progress_every);
    gs_sim_attach(&r->gpu, &r->host);
    return 1;
}

/* Load tests/ptx/timing/NAME.ptx and run kernel NAME with grid x block threads. */
static inline int th_run_ptx(th_run *r, const char *name, uint32_t grid, uint32_t block,
                             int record)
{
    char path[256];
    size_t length;
    const gs_ptx_kernel *kernel;
    gs_exec_shape bound;
    gs_dim3 g, b;
    snprintf(path, sizeof path, "tests/ptx/timing/%s.ptx", name);
    r->ptx_text = th_read(path, &length);
    if (!r->ptx_text) {
        printf("  cannot read %s\n", path);
        return 0;
    }
    memset(&bound, 0, sizeof bound);
    bound.reg_slots = 64u;
    bound.pred_slots = 8u;
    bound.simt_depth = 64u;
    if (!th_build(r, &bound, length, record) ||
        gs_host_module_load(&r->host, path, r->ptx_text, length, &r->module, &r->diag) ||
        gs_host_get_kernel(r->module, name, &kernel, &r->diag))
        return 0;
    g.x = grid; g.y = g.z = 1;
    b.x = block; b.y = b.z = 1;
    if (gs_host_launch(&r->host, r->module, kernel, g, b, 0, NULL, 0, &r->diag))
        return 0;
    gs_sim_report(&r->gpu, &r->stats);
    return 1;
}

static inline uint64_t th_stat(const th_run *r, const char *name)
{
    const gs_stat_entry *e = gs_stats_find(&r->stats, name);
    if (!e) {
        printf("  no statistic %s\n", name);
        return ~0ull;
    }
    return e->value;
}

static inline void th_free(th_run *r)
{
    free(r->buffer);
    free(r->ptx_text);
    r->buffer = NULL;
    r->ptx_text = NULL;
}

static inline void th_report_failure(const th_run *r);

/* gpu_sim_cycle of kernel `name` (grid x block threads) under r->cfg; 0 and
 * the failure printed when it does not run. */
static inline uint64_t th_cycles_of(th_run *r, const char *name, uint32_t grid, uint32_t block)
{
    uint64_t cycles;
    if (!th_run_ptx(r, name, grid, block, 0)) {
        th_report_failure(r);
        th_free(r);
        return 0;
    }
    cycles = th_stat(r, "gpu_sim_cycle");
    th_free(r);
    return cycles;
}

static inline void th_report_failure(const th_run *r)
{
    char line[1024];
    gs_diag_render(&r->diag, line, sizeof line);
    printf("  run failed: %s\n", line);
}


/* ---- embedded workloads (tables/workloads.c): define TH_WORKLOADS ---- */
#ifdef TH_WORKLOADS

static inline gs_status th_read_embedded(void *ctx, const char *path, const char **shown,
                                  const char **text, size_t *length, gs_diag *diag)
{
    const gs_embedded_file *f =
        gs_embedded_workload_file(*(const gs_embedded_workload *const *)ctx, path);
    if (!f)
        return gs_diag_set(diag, GS_E_IO, path, 0, 0, "not embedded");
    *shown = f->source;
    *text = f->text;
    *length = f->length;
    return GS_OK;
}

typedef struct th_wl_result {
    uint64_t data_hash, data_bytes, warp_insts, digest, cycles;
    uint64_t l1_accesses, l1_bypass;   /* full memory system only */
} th_wl_result;

static inline void th_wl_bound(const gs_workload *wl, const gs_embedded_workload *e,
                        gs_exec_shape *bound)
{
    unsigned i;
    memset(bound, 0, sizeof *bound);
    bound->simt_depth = 64u;
    for (i = 0; i < wl->num_ptx; i++) {
        const gs_embedded_file *f = gs_embedded_workload_file(e, wl->ptx[i]);
        size_t bytes = gs_ptx_bytes_for_text(f->text, f->length) + 64u;
        void *buf = calloc(1, bytes);
        gs_arena scratch;
        gs_ptx_module *module;
        gs_diag diag;
        gs_arena_init(&scratch, buf, bytes);
        if (gs_ptx_load(&scratch, f->source, f->text, f->length, &module, &diag) == GS_OK)
            gs_sim_bound_module(bound, module);
        free(buf);
    }
}

/* Run embedded workload `name` with r->cfg (timing) or functionally. */
static inline int th_run_workload(th_run *r, const char *name, int timing, th_wl_result *out)
{
    static gs_workload wl;
    static gs_wl_state state;
    static const gs_embedded_workload *e;
    gs_host_config hc;
    gs_exec_shape bound;
    size_t bytes;
    uint32_t capacity = gs_sim_stats_count(&r->cfg) + 4u;
    e = gs_embedded_workload_find(name);
    if (!e || gs_workload_parse(&wl, e->source, e->text, e->length, &r->diag) ||
        gs_workload_host_config(&wl, th_read_embedded, (void *)&e, &hc, &r->diag))
        return 0;
    th_wl_bound(&wl, e, &bound);
    hc.cta.reg_slots = bound.reg_slots;
    hc.cta.pred_slots = bound.pred_slots;
    hc.cta.local_bytes = bound.local_bytes;
    bytes = gs_host_bytes(&hc) + gs_stats_bytes(capacity) + 1024u +
            (timing ? gs_sim_bytes(&r->cfg, &bound) : 0u);
    r->buffer = calloc(1, bytes);
    gs_arena_init(&r->arena, r->buffer, bytes);
    if (gs_stats_init(&r->stats, &r->arena, capacity, &r->diag) ||
        gs_host_init(&r->host, &hc, &r->arena, &r->diag))
        return 0;
    if (timing) {
        if (gs_sim_init(&r->gpu, &r->cfg, &bound, &r->arena, &r->diag))
            return 0;
        if (r->mech && gs_sim_add_mechanism(&r->gpu, r->mech, r->mech_state, &r->diag))
            return 0;
        if (r->event_sink)
            gs_sim_set_event_sink(&r->gpu, r->event_sink);
        gs_sim_attach(&r->gpu, &r->host);
    }
    if (gs_workload_run(&wl, &r->host, th_read_embedded, (void *)&e, &state, &r->diag))
        return 0;
    gs_workload_digest(&wl, &r->host, &state, &r->stats);
    if (timing)
        gs_sim_report(&r->gpu, &r->stats);
    out->data_hash = r->stats.data_hash;
    out->data_bytes = r->stats.data_bytes;
    out->warp_insts = r->host.warp_insts;
    out->digest = gs_stats_digest(&r->stats);
    out->cycles = timing ? r->gpu.cycle : 0u;
    out->l1_accesses = timing && !r->cfg.perfect_mem ? th_stat(r, "ldst_l1_accesses") : 0u;
    out->l1_bypass = timing && !r->cfg.perfect_mem ? th_stat(r, "ldst_l1_bypass_accesses") : 0u;
    free(r->buffer);
    r->buffer = NULL;
    return 1;
}
#endif /* TH_WORKLOADS */

#endif
