/*
 * The progress hook (sim/gpu.h gs_sim_set_progress; gpu_run.c): the counters
 * an embedder's progress display reads, at exact cycles, and proof that the
 * hook changes no statistic and not the digest (README "Command line",
 * progress display).
 *
 * chain16, one CTA of one warp on the gtx480 test configuration with
 * -gs_clock_jump 0: the hook is called at the kernel's start (cycle 0, no
 * instruction yet), before each core cycle that is a multiple of the period,
 * and at the end (gpu_sim_cycle, gpgpu_n_tot_w_icount). The warp
 * instructions are the issued ones (gpgpu_n_tot_w_icount counts at issue).
 * One CTA runs on SM 0 only, so the count at cycle c is exactly the issues in
 * cycles before c, recorded independently from the event bus by a test
 * mechanism.
 */
#include "timing_harness.h"

#define MAX_CALLS 256u

typedef struct progress_log {
    gs_sim_progress calls[MAX_CALLS];
    uint32_t n;                 /* kept */
    uint64_t total;             /* made */
} progress_log;

#define MAX_ISSUES 1024u

typedef struct issue_log {
    uint64_t cycles[MAX_ISSUES];
    uint32_t n;
} issue_log;

static th_run run;
static progress_log plog;
static issue_log issues;

static void on_issue(void *ctx, const gs_event *ev)
{
    issue_log *log = (issue_log *)ctx;
    if (log->n < MAX_ISSUES)
        log->cycles[log->n++] = ev->cycle;
}

static gs_status issues_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                             gs_diag *diag)
{
    (void)env;
    (void)diag;
    hooks->sub.fn = on_issue;
    hooks->sub.ctx = state;
    hooks->sub.kinds = GS_EVENT_BIT(GS_EV_WARP_ISSUE);
    return GS_OK;
}

static const gs_mech_ops issues_ops = {
    "issues", "test: every warp issue's cycle", NULL, issues_init, NULL, NULL
};

static void on_progress(void *context, const gs_sim_progress *p)
{
    progress_log *log = (progress_log *)context;
    log->total++;
    if (log->n < MAX_CALLS)
        log->calls[log->n++] = *p;
}

/* Run `kernel` (grid x block) with the hook every `every` cycles (0: no hook);
 * returns the digest of the statistics, 0 on failure. */
static uint64_t run_with(const char *kernel, uint32_t grid, uint32_t block, uint64_t every)
{
    uint64_t digest;
    memset(&plog, 0, sizeof plog);
    run.progress = every ? on_progress : NULL;
    run.progress_ctx = &plog;
    run.progress_every = every;
    if (!th_run_ptx(&run, kernel, grid, block, 0)) {
        th_report_failure(&run);
        th_free(&run);
        return 0;
    }
    digest = gs_stats_digest(&run.stats);
    return digest;
}

/* Warp issues in cycles before `cycle` (the test mechanism's). */
static uint64_t issues_before(uint64_t cycle)
{
    uint32_t i;
    uint64_t n = 0;
    for (i = 0; i < issues.n; i++)
        n += issues.cycles[i] < cycle;
    return n;
}

static void test_exact_counters(void)
{
    const uint64_t every = 5u;
    uint64_t cycles, winsts, i, periodic;
    th_config(&run.cfg);
    run.cfg.clock_jump = 0;
    memset(&issues, 0, sizeof issues);
    run.mech = &issues_ops;
    run.mech_state = &issues;
    GS_CHECK(run_with("chain16", 1, 32, every) != 0);
    run.mech = NULL;
    cycles = th_stat(&run, "gpu_sim_cycle");
    winsts = th_stat(&run, "gpgpu_n_tot_w_icount");
    GS_CHECK(cycles > 4u * every);          /* the test needs several periods */
    GS_CHECK_EQ(winsts, issues.n);          /* every issue recorded */
    /* start, one call per multiple of 5 below the last cycle, end */
    periodic = (cycles - 1u) / every;
    GS_CHECK_EQ(periodic + 2u, plog.total);
    GS_CHECK(plog.total <= MAX_CALLS);
    GS_CHECK_EQ(GS_PROGRESS_KERNEL_START, plog.calls[0].kind);
    GS_CHECK_EQ(1, plog.calls[0].kernel);
    GS_CHECK_EQ(0, plog.calls[0].cycle);
    GS_CHECK_EQ(0, plog.calls[0].warp_insts);
    for (i = 1; i <= periodic && i < MAX_CALLS; i++) {
        const gs_sim_progress *p = &plog.calls[i];
        GS_CHECK_EQ(GS_PROGRESS_CYCLES, p->kind);
        GS_CHECK_EQ(1, p->kernel);
        GS_CHECK_EQ(i * every, p->cycle);
        GS_CHECK_EQ(issues_before(i * every), p->warp_insts);
    }
    GS_CHECK_EQ(GS_PROGRESS_KERNEL_END, plog.calls[plog.n - 1u].kind);
    GS_CHECK_EQ(cycles, plog.calls[plog.n - 1u].cycle);
    GS_CHECK_EQ(winsts, plog.calls[plog.n - 1u].warp_insts);
    /* the counters move: a check against a constant could not tell */
    GS_CHECK(plog.calls[periodic].warp_insts > plog.calls[1].warp_insts);
    th_free(&run);
}

/* A clock jump over several multiples gives one call, at the cycle reached. */
static void test_jump_gives_one_call(void)
{
    uint32_t i;
    th_config(&run.cfg);
    run.cfg.kernel_launch_latency = 100;   /* the clock jumps from 1 to 100 */
    GS_CHECK(run_with("chain16", 1, 32, 10) != 0);
    GS_CHECK(plog.n >= 3u);
    GS_CHECK_EQ(0, plog.calls[0].cycle);
    GS_CHECK_EQ(GS_PROGRESS_CYCLES, plog.calls[1].kind);
    GS_CHECK_EQ(100, plog.calls[1].cycle);   /* not 10, 20, ... 90 */
    GS_CHECK_EQ(0, plog.calls[1].warp_insts);
    for (i = 2; i + 1u < plog.n; i++)
        GS_CHECK(plog.calls[i].cycle >= plog.calls[i - 1u].cycle / 10u * 10u + 10u);
    th_free(&run);
}

/* Statistics and digest are the same with and without the hook, on the full
 * memory system with several CTAs and clock jumps. */
static void test_digest_unchanged(void)
{
    uint64_t without, with1, with7, cycles_without;
    th_config(&run.cfg);
    run.cfg.perfect_mem = 0;
    run.cfg.perfect_icache = 0;
    without = run_with("load1", 30, 64, 0);
    cycles_without = th_stat(&run, "gpu_sim_cycle");
    th_free(&run);
    GS_CHECK_EQ(0, plog.total);
    with1 = run_with("load1", 30, 64, 1);
    GS_CHECK_EQ(cycles_without + 1u, plog.total);   /* every cycle but 0, start and end */
    th_free(&run);
    with7 = run_with("load1", 30, 64, 7);
    th_free(&run);
    GS_CHECK(without != 0);
    GS_CHECK_EQ(without, with1);
    GS_CHECK_EQ(without, with7);
}

int main(void)
{
    GS_RUN(test_exact_counters);
    GS_RUN(test_jump_gives_one_call);
    GS_RUN(test_digest_unchanged);
    return gs_check_report();
}
