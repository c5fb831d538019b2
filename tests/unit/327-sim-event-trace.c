/*
 * The event trace (src/sim/event_trace.c; README "Event trace"): exact
 * lines for one load followed from the coalescer to DRAM and back, the
 * kind list, the SM / warp / address filters, the line bound, the error when
 * the host gives no sink, and a run's statistics with the trace on.
 *
 * Set-up: gtx480 defaults with the full memory system, perfect I-cache, one
 * memory channel, every clock at 1000 MHz (one tick = one cycle of every
 * domain, run core, icnt, l2, dram), -gpgpu_l2_rop_latency 7, -dram_latency
 * 5, as in tests/unit/180-mem-memsys-latency.c, whose path sums give the
 * cycles below. Kernel tests/ptx/timing/load1.ptx: mov (int_add, latency 4),
 * ld.global.u32 of line 0x10000000, an add of the loaded value, ret.
 *   mov issues in cycle 1 (fetch/decode of cycle 0), written back in 5;
 *   the load issues in 5, the LD/ST unit takes it (t = 5): L1 miss at t+1 = 6;
 *   L2 access at t + 3 + 7 = 15, a miss pushed to DRAM in the same tick (p);
 *   bank 0 is precharged: ACT at p + 5 = 20, RD at 20 + tRCD 12 = 32, the
 *   second RD (128-B line = 2 x 64-B atoms) 3 later at 35, data complete at
 *   35 + CL 12 + burst 2 = 49; the L2 fills at 50 (x); the reply crosses
 *   back and the L1 fills at x + 8 = 58; the load completes (L1 latency 1)
 *   at 59, when the dependent add issues; ret issues at 60, done at 61; the
 *   add is written back at 63 = 59 + 4, the warp exits then.
 */
#define TH_WORKLOADS
#include "timing_harness.h"

static th_run run;

/* The memory sink: everything the trace wrote, and its line count. */
static char text[16384];
static size_t text_used;
static uint64_t sink_lines;
static uint64_t run_cycles;   /* gpu_sim_cycle of the last trace_of run */

static void to_memory(void *context, const char *data, size_t length)
{
    size_t i;
    (void)context;
    for (i = 0; i < length; i++)
        sink_lines += data[i] == '\n';
    if (text_used + length < sizeof text) {
        memcpy(text + text_used, data, length);
        text_used += length;
        text[text_used] = '\0';
    }
}

static const gs_sink memory_sink = { to_memory, NULL };

/* The defaults above, then "-option", "value" pairs (NULL-terminated). */
static int configure(const char *const *args)
{
    th_config(&run.cfg);
    run.cfg.perfect_mem = 0;
    run.cfg.n_mem = 1;
    run.cfg.clocks.core_khz = run.cfg.clocks.icnt_khz = 1000000u;
    run.cfg.clocks.l2_khz = run.cfg.clocks.dram_khz = 1000000u;
    run.cfg.l2_rop_latency_cycles = 7;
    run.cfg.dram_latency_cycles = 5;
    for (; args && args[0]; args += 2)
        if (gs_config_set_arg(&run.cfg, args[0], args[1], 1, 1, &run.diag) != GS_OK)
            return 0;
    return gs_config_finish(&run.cfg, &run.diag) == GS_OK;
}

/* Run load1 with grid x block threads and the options; the trace's text. */
static const char *trace_of(uint32_t grid, uint32_t block, const char *const *args)
{
    text[0] = '\0';
    text_used = 0;
    sink_lines = 0;
    run.event_sink = &memory_sink;
    if (!configure(args) || !th_run_ptx(&run, "load1", grid, block, 0)) {
        th_report_failure(&run);
        th_free(&run);
        return "(run failed)";
    }
    run_cycles = th_stat(&run, "gpu_sim_cycle");
    th_free(&run);
    return text;
}

/* The lines joined, each ending in a newline. */
static const char *joined(const char *const *lines, uint32_t count)
{
    static char out[16384];
    size_t used = 0;
    uint32_t i;
    out[0] = '\0';
    for (i = 0; i < count; i++)
        used += (size_t)snprintf(out + used, sizeof out - used, "%s\n", lines[i]);
    return out;
}

#define COUNT(a) ((uint32_t)(sizeof(a) / sizeof((a)[0])))

static const char *const one_load[] = {
    "core 0 kernel_launch k=1 sm=- w=- cta=- pc=- ctas=1",
    "core 0 cta_launch k=1 sm=0 w=- cta=0 pc=- warps=1",
    "core 1 warp_issue k=1 sm=0 w=0 cta=0 pc=0x0 lanes=32 class=int_add",
    "core 5 warp_commit k=1 sm=0 w=0 cta=0 pc=0x0 lanes=32 class=int_add",
    "core 5 warp_issue k=1 sm=0 w=0 cta=0 pc=0x8 lanes=32 class=mem",
    "core 6 mshr_alloc k=1 sm=0 w=0 cta=0 pc=0x8 level=l1d unit=0 addr=0x10000000 in_use=1",
    "core 6 l1d_access k=1 sm=0 w=0 cta=0 pc=0x8 unit=0 addr=0x10000000 op=rd outcome=miss "
    "fail=- sector_miss=0",
    "l2 15 mshr_alloc k=1 sm=0 w=0 cta=0 pc=0x8 level=l2 unit=0 addr=0x10000000 in_use=1",
    "l2 15 l2_access k=1 sm=0 w=0 cta=0 pc=0x8 unit=0 addr=0x10000000 op=rd outcome=miss "
    "fail=- sector_miss=0",
    "dram 15 dram_enqueue k=1 sm=0 w=0 cta=0 pc=0x8 ch=0 bank=0 row=0 addr=0x10000000 op=rd",
    "dram 20 dram_row k=1 sm=0 w=0 cta=0 pc=0x8 ch=0 bank=0 row=0 addr=0x10000000 op=rd "
    "row_buffer=miss",
    "dram 20 dram_command k=1 sm=0 w=0 cta=0 pc=0x8 ch=0 bank=0 row=0 addr=0x10000000 op=rd "
    "cmd=ACT",
    "dram 32 dram_command k=1 sm=0 w=0 cta=0 pc=0x8 ch=0 bank=0 row=0 addr=0x10000000 op=rd "
    "cmd=RD",
    "dram 35 dram_command k=1 sm=0 w=0 cta=0 pc=0x8 ch=0 bank=0 row=0 addr=0x10000000 op=rd "
    "cmd=RD",
    "dram 49 dram_complete k=1 sm=0 w=0 cta=0 pc=0x8 ch=0 bank=0 row=0 addr=0x10000000 op=rd",
    "l2 50 l2_fill k=1 sm=0 w=0 cta=0 pc=0x8 unit=0 addr=0x10000000 sectors=0xf",
    "l2 50 mshr_release k=1 sm=0 w=0 cta=0 pc=0x8 level=l2 unit=0 addr=0x10000000 released=1",
    "core 58 l1d_fill k=1 sm=0 w=0 cta=0 pc=0x8 unit=0 addr=0x10000000 sectors=0xf",
    "core 58 mshr_release k=1 sm=0 w=0 cta=0 pc=0x8 level=l1d unit=0 addr=0x10000000 "
    "released=1",
    "core 59 warp_commit k=1 sm=0 w=0 cta=0 pc=0x8 lanes=32 class=mem",
    "core 59 warp_issue k=1 sm=0 w=0 cta=0 pc=0x10 lanes=32 class=int_add",
    "core 60 warp_issue k=1 sm=0 w=0 cta=0 pc=0x18 lanes=32 class=control",
    "core 61 warp_commit k=1 sm=0 w=0 cta=0 pc=0x18 lanes=32 class=control",
    "core 63 warp_commit k=1 sm=0 w=0 cta=0 pc=0x10 lanes=32 class=int_add",
    "core 63 warp_exit k=1 sm=0 w=0 cta=0 pc=0x0",
    "core 63 cta_finish k=1 sm=0 w=- cta=0 pc=- warps=1",
    "core 63 kernel_finish k=1 sm=- w=- cta=- pc=-",
};

static void test_one_load_through_the_memory_system(void)
{
    static const char *const args[] = { "-gs_event_trace", "all", NULL };
    GS_CHECK_STR(joined(one_load, COUNT(one_load)), trace_of(1, 32, args));
    GS_CHECK_EQ(COUNT(one_load), sink_lines);
    GS_CHECK_EQ(64u, run_cycles);    /* cycles 0..63 */
}

/* Kinds are kept in list order whatever the order given. */
static void test_kind_list(void)
{
    static const char *const args[] = { "-gs_event_trace", "dram_command,l1d_access", NULL };
    const char *const want[] = { one_load[6], one_load[11], one_load[12], one_load[13] };
    GS_CHECK_STR(joined(want, COUNT(want)), trace_of(1, 32, args));
    GS_CHECK_EQ(GS_EVENT_BIT(GS_EV_L1D_ACCESS) | GS_EVENT_BIT(GS_EV_DRAM_COMMAND),
                run.cfg.event_trace.kinds);
}

/* Two CTAs on SMs 0 and 1 load the same line: SM 1's request merges into
 * the L2 MSHR entry of SM 0's (the L2 fill and release name that entry's
 * first waiter, SM 0), and its reply follows SM 0's 5-flit reply on the
 * crossbar (L1 fill at 58 + 5 = 63). Events of no SM (the kernel's) go. */
static void test_sm_filter(void)
{
    static const char *const args[] = { "-gs_event_trace", "all", "-gs_event_trace_sm", "1",
                                        NULL };
    static const char *const want[] = {
        "core 0 cta_launch k=1 sm=1 w=- cta=1 pc=- warps=1",
        "core 1 warp_issue k=1 sm=1 w=0 cta=1 pc=0x0 lanes=32 class=int_add",
        "core 5 warp_commit k=1 sm=1 w=0 cta=1 pc=0x0 lanes=32 class=int_add",
        "core 5 warp_issue k=1 sm=1 w=0 cta=1 pc=0x8 lanes=32 class=mem",
        "core 6 mshr_alloc k=1 sm=1 w=0 cta=1 pc=0x8 level=l1d unit=1 addr=0x10000000 in_use=1",
        "core 6 l1d_access k=1 sm=1 w=0 cta=1 pc=0x8 unit=1 addr=0x10000000 op=rd "
        "outcome=miss fail=- sector_miss=0",
        "l2 16 mshr_merge k=1 sm=1 w=0 cta=1 pc=0x8 level=l2 unit=0 addr=0x10000000 merged=2",
        "l2 16 l2_access k=1 sm=1 w=0 cta=1 pc=0x8 unit=0 addr=0x10000000 op=rd "
        "outcome=hit_reserved fail=- sector_miss=0",
        "core 63 l1d_fill k=1 sm=1 w=0 cta=1 pc=0x8 unit=1 addr=0x10000000 sectors=0xf",
        "core 63 mshr_release k=1 sm=1 w=0 cta=1 pc=0x8 level=l1d unit=1 addr=0x10000000 "
        "released=1",
        "core 64 warp_commit k=1 sm=1 w=0 cta=1 pc=0x8 lanes=32 class=mem",
        "core 64 warp_issue k=1 sm=1 w=0 cta=1 pc=0x10 lanes=32 class=int_add",
        "core 65 warp_issue k=1 sm=1 w=0 cta=1 pc=0x18 lanes=32 class=control",
        "core 66 warp_commit k=1 sm=1 w=0 cta=1 pc=0x18 lanes=32 class=control",
        "core 68 warp_commit k=1 sm=1 w=0 cta=1 pc=0x10 lanes=32 class=int_add",
        "core 68 warp_exit k=1 sm=1 w=0 cta=1 pc=0x0",
        "core 68 cta_finish k=1 sm=1 w=- cta=1 pc=- warps=1",
    };
    GS_CHECK_STR(joined(want, COUNT(want)), trace_of(2, 32, args));
}

/* Two warps of one CTA: warp 1 issues a cycle after warp 0 and merges into
 * its L1 MSHR entry (hit_reserved); the fill names the entry's first waiter
 * (warp 0), the release too (it frees both: released=2); CTA and kernel
 * events name no warp and go. */
static void test_warp_filter(void)
{
    static const char *const args[] = { "-gs_event_trace", "all", "-gs_event_trace_warp", "1",
                                        NULL };
    static const char *const want[] = {
        "core 2 warp_issue k=1 sm=0 w=1 cta=0 pc=0x0 lanes=32 class=int_add",
        "core 6 warp_commit k=1 sm=0 w=1 cta=0 pc=0x0 lanes=32 class=int_add",
        "core 6 warp_issue k=1 sm=0 w=1 cta=0 pc=0x8 lanes=32 class=mem",
        "core 7 mshr_merge k=1 sm=0 w=1 cta=0 pc=0x8 level=l1d unit=0 addr=0x10000000 merged=2",
        ("core 7 l1d_access k=1 sm=0 w=1 cta=0 pc=0x8 unit=0 addr=0x10000000 op=rd "
         "outcome=hit_reserved fail=- sector_miss=0"),
        "core 59 warp_commit k=1 sm=0 w=1 cta=0 pc=0x8 lanes=32 class=mem",
        "core 59 warp_issue k=1 sm=0 w=1 cta=0 pc=0x10 lanes=32 class=int_add",
        "core 60 warp_issue k=1 sm=0 w=1 cta=0 pc=0x18 lanes=32 class=control",
        "core 61 warp_commit k=1 sm=0 w=1 cta=0 pc=0x18 lanes=32 class=control",
        "core 63 warp_commit k=1 sm=0 w=1 cta=0 pc=0x10 lanes=32 class=int_add",
        "core 63 warp_exit k=1 sm=0 w=1 cta=0 pc=0x0",
    };
    GS_CHECK_STR(joined(want, COUNT(want)), trace_of(1, 64, args));
}

/* Any byte of the 128-B line keeps exactly its memory events (lines 5..18
 * of one_load); a byte of the next or the previous line keeps none. */
static void test_addr_filter(void)
{
    static const char *const last_byte[] = { "-gs_event_trace", "all",
                                             "-gs_event_trace_addr", "0x1000007f", NULL };
    static const char *const next_line[] = { "-gs_event_trace", "all",
                                             "-gs_event_trace_addr", "0x10000080", NULL };
    static const char *const before[] = { "-gs_event_trace", "all",
                                          "-gs_event_trace_addr", "268435455", NULL };
    GS_CHECK_STR(joined(one_load + 5, 14), trace_of(1, 32, last_byte));
    GS_CHECK_EQ(0x1000007fu, run.cfg.event_trace.addr);
    GS_CHECK_STR("", trace_of(1, 32, next_line));
    GS_CHECK_STR("", trace_of(1, 32, before));
}

/* The bound: N lines, then one line saying so; a trace of exactly N lines
 * is complete and says nothing. */
static void test_line_bound(void)
{
    static const char *const five[] = { "-gs_event_trace", "all", "-gs_event_trace_lines", "5",
                                        NULL };
    static const char *const exact[] = { "-gs_event_trace", "all",
                                         "-gs_event_trace_lines", "27", NULL };
    char want[4096];
    gs_fmt(want, sizeof want, "%s# truncated after 5 lines (-gs_event_trace_lines)\n",
           joined(one_load, 5));
    GS_CHECK_STR(want, trace_of(1, 32, five));
    GS_CHECK_EQ(6u, sink_lines);
    GS_CHECK_EQ(27u, COUNT(one_load));
    GS_CHECK_STR(joined(one_load, COUNT(one_load)), trace_of(1, 32, exact));
}

static void test_no_sink_is_an_error(void)
{
    static const char *const args[] = { "-gs_event_trace", "warp_issue", NULL };
    char line[1024];
    GS_CHECK(configure(args));
    run.event_sink = NULL;
    GS_CHECK(!th_run_ptx(&run, "load1", 1, 32, 0));
    gs_diag_render(&run.diag, line, sizeof line);
    GS_CHECK_STR("error: -gs_event_trace is on but the host gave it no sink "
                 "(gs_sim_set_event_sink)", line);
    th_free(&run);
}

/* Off, nothing subscribes; on, the trace observes only: a run of vectoradd
 * keeps every statistic (the digest) and its cycles, with the full memory
 * system and with perfect memory (where SMs would otherwise sleep and the
 * clock jump: a subscriber keeps them awake, base/event.h). */
static void statistics_unchanged(uint32_t perfect_mem)
{
    th_wl_result off, on;
    th_config(&run.cfg);
    run.cfg.perfect_mem = perfect_mem;
    run.event_sink = NULL;
    GS_CHECK(th_run_workload(&run, "vectoradd", 1, &off));
    GS_CHECK_EQ(0u, run.gpu.bus.count);
    run.cfg.event_trace.kinds = GS_EVENT_ALL & ~GS_EVENT_BIT(GS_EV_EPOCH);
    run.cfg.event_trace.max_lines = 0xFFFFFFFFu;
    run.event_sink = &memory_sink;
    sink_lines = 0;
    GS_CHECK(th_run_workload(&run, "vectoradd", 1, &on));
    GS_CHECK_EQ(1u, run.gpu.bus.count);
    GS_CHECK(sink_lines > 1000u);
    GS_CHECK_EQ(off.digest, on.digest);
    GS_CHECK_EQ(off.cycles, on.cycles);
    GS_CHECK_EQ(off.warp_insts, on.warp_insts);
}

static void test_statistics_unchanged(void)
{
    statistics_unchanged(0);
    statistics_unchanged(1);
}

int main(void)
{
    GS_RUN(test_one_load_through_the_memory_system);
    GS_RUN(test_kind_list);
    GS_RUN(test_sm_filter);
    GS_RUN(test_warp_filter);
    GS_RUN(test_addr_filter);
    GS_RUN(test_line_bound);
    GS_RUN(test_no_sink_is_an_error);
    GS_RUN(test_statistics_unchanged);
    return gs_check_report();
}
