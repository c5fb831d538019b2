/*
 * The whole GPU under the timing model (DESIGN.md sections 3, 5, 8, 10;
 * seed-004 sections 1.2 and 1.6): the SMs, the CTA dispatcher, the cycle
 * loop, statistics and the watchdog. Kernel launches arrive through the host
 * API's executor hook (host/host.h): gs_sim_attach installs gs_sim_execute,
 * which runs each launch to completion under timing, one launch at a time.
 *
 *   bytes = gs_sim_bytes(&cfg, &bound);          before anything else
 *   gs_sim_init(&gpu, &cfg, &bound, &arena, &diag);
 *   gs_sim_attach(&gpu, &host);                  launches now run under timing
 *   ... gs_host_launch / gs_workload_run ...
 *   gs_sim_report(&gpu, &stats);
 *
 * Accel-Sim traces run through gs_sim_run_trace (gpu_trace.c): the kernels
 * of the trace's list run in order under the same loop, the trace reader
 * being the front end (core/frontend.h; no functional contexts: pass
 * bound NULL to gs_sim_bytes / gs_sim_init and add gs_fe_trace_bytes).
 *
 * `bound` is the largest functional CTA shape any kernel of the run needs
 * per thread (register and predicate slots, local bytes, SIMT depth): the
 * contexts of the resident CTAs are carved from the arena at each launch,
 * after a mark, for exactly that launch's occupancy; the budget reserved for
 * them is the most one SM can hold (its threads, shared memory and CTA slots)
 * times the SMs, or, when bound.threads / bound.shared_bytes are non-zero,
 * the most the run's own launches keep resident on one SM (sim/run.h sets
 * them from the workload). A launch needing more fails with GS_E_ARENA /
 * GS_E_LIMIT.
 *
 * The loop (gpu.c): each core cycle, the dispatcher places CTAs (only after
 * a launch or a CTA end: nothing changes otherwise), then every awake SM runs
 * its cycle in SM index order. An SM that can change nothing before a known
 * cycle sleeps until then; when every SM sleeps the clock jumps to the
 * earliest wake-up. Sleeping and jumping account the skipped cycles exactly as
 * if simulated (tested: -gs_clock_jump 0 gives identical statistics).
 * Perfect memory needs only the core clock domain (-gpgpu_clock_domains'
 * other domains have no components to step). With the full memory system
 * (src/mem/memsys.h) the interconnect, L2 and DRAM domains are stepped at
 * their own integer-picosecond edges: before core cycle c (edge at c * P_core
 * ps) every memory-domain edge earlier than it runs, in time order; edges at
 * the same instant run in the fixed order core, icnt, l2, dram. SMs do not
 * sleep while the full memory system serves them (replies come at times the
 * SM cannot predict), and the clock jumps only when the memory system is idle.
 */
#ifndef GS_SIM_GPU_H
#define GS_SIM_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/config.h"
#include "base/stats.h"
#include "base/status.h"
#include "core/cta_dispatch.h"
#include "core/frontend.h"
#include "core/sm.h"
#include "host/host.h"
#include "sim/dvfs.h"
#include "mech/mech.h"
#include "mem/memsys.h"
#include "mem/region.h"
#include "sim/event_trace.h"
#include "sim/frontend_ptx.h"

#define GS_SIM_MAX_SAMPLES 1024u   /* samples kept (-gs_sample_cycles; later ones dropped) */
#if GS_SIM_MAX_SAMPLES != GS_MECH_MAX_SAMPLES
#error "a mechanism's sample rows and the GPU's must match (mech/mech.h)"
#endif

/* The columns of one time-series sample (gpu_samples.c): resident warps at
 * the sample, then counters so far, then each SM's committed thread
 * instructions (GS_SAMPLE_PER_SM + SM index). */
enum {
    GS_SAMPLE_ACTIVE_WARPS = 0,
    GS_SAMPLE_THREAD_INSTS,         /* committed (gpu_sim_insn) */
    GS_SAMPLE_WARP_INSTS,           /* issued (gpgpu_n_tot_w_icount) */
    GS_SAMPLE_L1D_ACCESSES,         /* requests, as L1D_mpki counts */
    GS_SAMPLE_L1D_MISSES,
    GS_SAMPLE_L1D_FAIL_FIRST,       /* reservation fails, gs_cache_fail order from LINE_ALLOC */
    GS_SAMPLE_L2_ACCESSES = GS_SAMPLE_L1D_FAIL_FIRST + GS_MEMSYS_SAMPLE_FAILS,
    GS_SAMPLE_L2_MISSES,
    GS_SAMPLE_DRAM_BUSY,            /* data-bus cycles carrying data, all channels */
    GS_SAMPLE_DRAM_SLOTS,           /* DRAM cycles x channels */
    GS_SAMPLE_PER_SM
};

/* A CTA placed on an SM whose warps join the schedulers at `due`
 * (-gpgpu_TB_launch_latency; gpu_run.c). */
typedef struct gs_sim_pending_cta {
    gs_cta_placement pl;
    uint64_t due;
} gs_sim_pending_cta;

/* Counters at a kernel's launch: its block reports the differences. */
typedef struct gs_kernel_mark {
    uint64_t cycle, thread_insts, warp_cycles, busy_sm_cycles;
    uint64_t ps;                      /* its first cycle's edge when it started (a DVFS core
                                       * change due then moves the edge later: the kernel's
                                       * time includes that halt) */
    uint64_t warp_insts;
    gs_memsys_snap mem;
} gs_kernel_mark;

/* Progress for an embedder's display (gs_sim_set_progress): counters only.
 * The library never reads host time (DESIGN.md section 4); the embedder
 * (the CLI) decides from its own clock whether to draw. */
typedef enum gs_sim_progress_kind {
    GS_PROGRESS_KERNEL_START = 0,   /* a kernel is about to run its first cycle */
    GS_PROGRESS_CYCLES,             /* the period passed: before core cycle `cycle` runs */
    GS_PROGRESS_KERNEL_END          /* the kernel finished; `cycle` is the next cycle */
} gs_sim_progress_kind;

typedef struct gs_sim_progress {
    unsigned kind;                  /* gs_sim_progress_kind */
    uint64_t kernel;                /* the running kernel, from 1 */
    uint64_t cycle;                 /* core cycles simulated so far (all kernels) */
    uint64_t warp_insts;            /* warp instructions issued so far (gpgpu_n_tot_w_icount) */
} gs_sim_progress;

typedef void (*gs_sim_progress_fn)(void *context, const gs_sim_progress *p);

/* Called after each kernel with its statistics block (gpu_stats.c). */
typedef void (*gs_sim_kernel_report_fn)(void *context, const gs_stats *block, uint64_t uid);

typedef struct gs_gpu {
    const gs_config *cfg;
    gs_sm_params smp;
    gs_cta_params ctap;
    uint32_t n_sms;
    gs_sm *sms;
    gs_cta_dispatch disp;
    gs_memsys *memsys;                /* NULL with -gpgpu_perfect_mem 1 */
    gs_event_bus bus;                 /* every unit's events (base/event.h) */
    uint32_t *warp_cta;               /* [n_sms * warps per SM]: the bus's CTA table */
    const gs_mech_ops *mech_ops[GS_MECH_ENABLED_MAX];   /* enabled mechanisms, in order */
    void *mech_state[GS_MECH_ENABLED_MAX];
    gs_mech_samples *mech_samples;    /* [GS_MECH_ENABLED_MAX] their sample columns, in the
                                       * arena with -gs_sample_cycles (else NULL: none) */
    uint32_t n_mechs;
    gs_event_trace trace;             /* -gs_event_trace (sim/event_trace.h) */
    gs_clocks clk;                    /* the clock domains' edges and DVFS (sim/dvfs.h) */
    uint64_t domain_cycle[4];
    gs_cta_placement *placements;     /* [n_sms] */
    uint32_t *active;                 /* SMs with resident work, index order */
    uint32_t num_active;
    uint8_t *is_active;
    gs_arena *arena;
    gs_exec_shape bound;
    size_t ctx_mark;
    int have_mark;
    gs_exec_cta *ctx;                 /* [n_sms * ctx_per_sm] this launch's contexts */
    uint32_t ctx_per_sm;
    gs_frontend fe;                   /* the running kernel's instruction source */
    gs_fe_ptx fe_ptx;                 /* its state for PTX launches */
    int dispatch_dirty;
    uint64_t dispatch_from;           /* no CTA placed before (kernel launch latency) */
    gs_sim_pending_cta *pending;      /* [n_sms * max CTAs per SM]: placed, not started */
    uint32_t pending_head, pending_count, pending_cap;
    uint64_t cycle;                   /* next core cycle */
    uint64_t last_progress;
    int watchdog_fired;
    /* GPGPU-Sim's run control (-gpgpu_max_*, -gpgpu_deadlock_detect; gpu_run.c) */
    int caps_on;                      /* some -gpgpu_max_* is set */
    const char *capped_by;            /* the option that ended the run, or NULL */
    /* gs_sim_set_stop_poll: asked before each core cycle and each kernel; a
     * yes ends the run (GS_E_INTERRUPTED), its statistics say partial = 1 */
    int (*stop_poll)(void *context);
    void *stop_context;
    int interrupted;
    uint64_t next_deadlock_check;     /* the next 50000-cycle boundary of the kernel */
    uint64_t next_runaway_check;      /* the next check of -gs_launch_inst_limit */
    uint64_t deadlock_last_insn;      /* the kernel's thread instructions at the last one */
    /* statistics */
    uint64_t kernels, ctas_launched;
    uint64_t warp_cycles;             /* sum over cycles of resident warps */
    uint64_t busy_sm_cycles;          /* sum over cycles of SMs holding a warp */
    gs_occupancy last_occupancy;
    /* per-kernel statistics blocks (gpu_stats.c) */
    gs_regions regions;               /* the running kernel's memory regions (mem/region.h) */
    gs_regions trace_objects;         /* trace runs: the MemcpyHtoD ranges so far */
    char kernel_name[GS_KERNEL_NAME_MAX];   /* the running kernel's */
    char kernel_file[GS_DIAG_FILE_MAX];   /* its PTX file or kernel trace, for messages */
    uint32_t kernel_line;                 /* its .entry line (0: a trace) */
    gs_kernel_mark kstart;            /* counters when the running kernel started */
    uint32_t kernel_max_warps;        /* most warps one SM held in the running kernel */
    uint64_t last_warp_cycles, last_busy_sm_cycles;   /* the last finished kernel's */
    uint32_t last_max_warps;
    gs_stats block;                   /* the last finished kernel's block */
    uint64_t block_hash, blocks;      /* every block's digest, folded in kernel order */
    int block_streamed;             /* gs_sim_init_streamed: blocks are streamed */
    const gs_sink *block_stream;
    gs_sim_kernel_report_fn kernel_report;
    void *kernel_report_ctx;
    gs_sim_progress_fn progress;      /* NULL: no hook (gs_sim_set_progress) */
    void *progress_ctx;
    uint64_t progress_every;          /* core cycles between GS_PROGRESS_CYCLES calls */
    uint64_t next_progress;           /* ~0 without a hook: the loop's one compare fails */
    uint64_t next_sample;
    uint32_t num_samples;
    uint64_t samples_dropped;
    uint32_t sample_cols;             /* GS_SAMPLE_PER_SM + n_sms */
    uint64_t *sample_table;           /* [GS_SIM_MAX_SAMPLES][sample_cols]; NULL: sampling off */
} gs_gpu;

/* Time-series samples (-gs_sample_cycles; gpu_samples.c). */
uint32_t gs_sim_sample_columns(const gs_config *cfg);
/* The CSV name of a column below GS_SAMPLE_PER_SM (NULL above). */
const char *gs_sim_sample_column_name(uint32_t column);
size_t gs_sim_samples_bytes(const gs_config *cfg);
gs_status gs_sim_samples_init(gs_gpu *gpu, gs_arena *arena, gs_diag *diag);
/* Take the samples due at or before the current cycle (gpu_run.c). */
void gs_sim_take_samples(gs_gpu *gpu);
/* Column `column` of sample `sample` (< num_samples). */
uint64_t gs_sim_sample(const gs_gpu *gpu, uint32_t sample, uint32_t column);
/* The samples as CSV, one row per period (README "Reports"). */
void gs_sim_write_samples_csv(const gs_gpu *gpu, const gs_sink *sink);

/* Committed thread instructions of all SMs so far (gpu_sim_insn). */
uint64_t gs_sim_thread_insts(const gs_gpu *gpu);
/* The energy model's dynamic parts now at the nominal voltage (sim/energy.h), for
 * the DVFS voltage scaling (sim/dvfs.h). */
void gs_sim_energy_dynamic(const gs_gpu *gpu, uint64_t *dyn);
/* Warp instructions issued so far, all SMs and kernels. */
uint64_t gs_sim_warp_insts(const gs_gpu *gpu);

/* bound NULL: no functional contexts (trace runs). */
size_t gs_sim_bytes(const gs_config *cfg, const gs_exec_shape *bound);
gs_status gs_sim_init(gs_gpu *gpu, const gs_config *cfg, const gs_exec_shape *bound,
                      gs_arena *arena, gs_diag *diag);
/* The same with the per-kernel blocks streamed (base/stats.h
 * gs_stats_init_stream): each block's lines go to block_sink (NULL: none)
 * as the kernel finishes, followed by an empty line, and none is kept; the
 * kernel report still sees each block (its entries are not kept). */
size_t gs_sim_bytes_streamed(const gs_config *cfg, const gs_exec_shape *bound);
gs_status gs_sim_init_streamed(gs_gpu *gpu, const gs_config *cfg, const gs_exec_shape *bound,
                               gs_arena *arena, const gs_sink *block_sink, gs_diag *diag);
void gs_sim_attach(gs_gpu *gpu, gs_host *host);
/* The host API executor (gs_host_executor_fn). */
gs_status gs_sim_execute(void *gpu, gs_host *host, gs_exec_launch *launch, gs_diag *diag);

/* Where each kernel's statistics block goes when the kernel finishes (after
 * gs_sim_init; none by default: the blocks still enter the digest). */
void gs_sim_set_kernel_report(gs_gpu *gpu, gs_sim_kernel_report_fn fn, void *context);
/* The progress hook (after gs_sim_init; fn NULL removes it): fn is called
 * at each kernel's start and end and, while a kernel runs, before the first
 * core cycle at or after each multiple of `every_cycles` (0: kernel
 * boundaries only); a clock jump over several multiples gives one call. The
 * hook only reads: statistics and the digest are the same with and without
 * it (tested). Without a hook the cycle loop pays one compare per cycle. */
void gs_sim_set_progress(gs_gpu *gpu, gs_sim_progress_fn fn, void *context,
                         uint64_t every_cycles);
/* The running kernel's name for its block (the front ends set it). */
void gs_sim_set_kernel_name(gs_gpu *gpu, const char *name);
/* Where the running kernel comes from, for diagnostics (file may be NULL). */
void gs_sim_set_kernel_source(gs_gpu *gpu, const char *file, uint32_t line);
/* The dispatcher's view of a launch of kernel k (occupancy inputs): its
 * registers per thread (decision in gpu.c), threads per CTA and shared bytes. */
void gs_sim_kernel_shape(const gs_ptx_kernel *k, gs_dim3 grid, gs_dim3 block,
                         uint32_t dynamic_shared_bytes, gs_kernel_shape *ks);
/* Entries of one per-kernel block (its registry's capacity). */
uint32_t gs_sim_block_stats_count(const gs_config *cfg);
/* The kernel that just finished: its block, folded into the digest chain
 * and handed to the kernel report (gpu_run.c calls it). */
void gs_sim_kernel_finished(gs_gpu *gpu);
/* Mark the counters at a kernel's launch (gpu_run.c calls it). */
void gs_sim_kernel_started(gs_gpu *gpu);

/* Statistics entries gs_sim_report adds (size the registry with it). */
uint32_t gs_sim_stats_count(const gs_config *cfg);
/* How many of them are text entries (gs_stats_init_texts). */
uint32_t gs_sim_stats_texts(const gs_config *cfg);
void gs_sim_report(const gs_gpu *gpu, gs_stats *stats);

int gs_sim_watchdog_fired(const gs_gpu *gpu);
/* Interrupt-safe runs (README "Run control"): `poll` (NULL: none) is asked
 * before each core cycle and before each kernel; when it answers non-zero
 * the run stops there with GS_E_INTERRUPTED, the running kernel's block is
 * closed, and gs_sim_report adds partial = 1. A hosted CLI answers from a
 * signal handler's flag; the library itself knows no signals. */
void gs_sim_set_stop_poll(gs_gpu *gpu, int (*poll)(void *context), void *context);
int gs_sim_interrupted(const gs_gpu *gpu);
/* The run ended at a -gpgpu_max_* limit (the run's status was GS_E_LIMIT
 * with this set): a clean stop, its statistics say capped = 1. */
int gs_sim_capped(const gs_gpu *gpu);
/* Before a kernel is queued: GS_E_LIMIT (capped) when a -gpgpu_max_* limit
 * was reached by the kernels before (gpu_run.c). */
gs_status gs_sim_cap_before_kernel(gs_gpu *gpu, gs_diag *diag);

/* Add a mechanism that is not in the list (a test's or an embedder's),
 * after gs_sim_init and before the first launch; `state` is the caller's,
 * zeroed. Its statistics need room: gs_sim_stats_count does not know it. */
gs_status gs_sim_add_mechanism(gs_gpu *gpu, const gs_mech_ops *ops, void *state,
                               gs_diag *diag);
/* Where -gs_event_trace writes its lines (after gs_sim_init, before the
 * first launch); a launch fails with GS_E_CONFIG when the trace is on and
 * no sink was given. The sink is the host's: the CLI writes to
 * -gs_event_trace_file. */
void gs_sim_set_event_sink(gs_gpu *gpu, const gs_sink *sink);
/* What each unit waits for (DESIGN.md section 8). */
void gs_sim_dump(const gs_gpu *gpu, const gs_sink *sink);

/* A cooperative launch (launch->grid_workspace set) whose grid this GPU
 * cannot hold at once at the kernel's occupancy: GS_E_LIMIT naming the
 * limit (gpu.c); GS_OK for any other launch. Kernel sampling asks it of
 * the launches it runs functionally. */
gs_status gs_sim_check_cooperative(const gs_gpu *gpu, const gs_exec_launch *launch,
                                   gs_diag *diag);
/* Queue one kernel of shape ks as the only launch (resets the per-launch part
 * of the arena) and count it; used by both front ends (gpu.c). */
gs_status gs_sim_queue_kernel(gs_gpu *gpu, const gs_kernel_shape *ks, gs_diag *diag);
/* Run the queued kernel to completion with gpu->fe as the front end (gpu_run.c). */
gs_status gs_sim_run_kernel(gs_gpu *gpu, gs_diag *diag);

struct gs_fe_trace;
/* Run every command of an open trace's kernel list under timing (gpu_trace.c). */
gs_status gs_sim_run_trace(gs_gpu *gpu, struct gs_fe_trace *fe, gs_diag *diag);
/* gs_sim_report, then the trace's own counters (GS_FE_TRACE_STATS more). */
void gs_sim_report_trace(const gs_gpu *gpu, const struct gs_fe_trace *fe, gs_stats *stats);

/* Widen `bound` to hold every .entry kernel of a module (for gs_sim_bytes). */
void gs_sim_bound_module(gs_exec_shape *bound, const gs_ptx_module *module);

#endif
