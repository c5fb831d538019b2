/*
 * gpusim on bare metal: timing runs with no operating system, no C library
 * and no heap (issue 21 item 6; README "Bare metal"). The program runs a
 * fixed list of jobs, each one exactly what a `gpusim` command line runs, and
 * prints each job's statistics, streamed as they are made (sim/run.h), between
 * two marker lines:
 *
 *     == job NAME
 *     ... the lines `gpusim ARGS` prints on stdout, ending `digest = ...`
 *     == end NAME: status 0, arena planned P of A bytes, high water H, stack S
 *
 * tests/baremetal_check.sh runs it under qemu-system and compares every job's
 * lines with x86-64's (tests/golden/NAME.stats, or `gpusim --config tiny`).
 *
 * Memory: the linker script gives the arena regions (__arena_start ..
 * __arena_end in RAM; __big_arena_* for the larger golden runs: PSRAM on the
 * Cortex-M3). Each job's PTX is first loaded into its arena region as the
 * plan's scratch, then the same region becomes the run's arena. The board
 * port (semihost.c) prints and exits through semihosting.
 */
#include <stddef.h>
#include <stdint.h>

#include "gpusim.h"
#include "port/port.h"
#include "presets.h"
#include "workloads.h"

int gs_bm_main(void);
void gs_bm_fault(void);

extern unsigned char __arena_start[], __arena_end[];
extern unsigned char __big_arena_start[], __big_arena_end[];
extern unsigned char __stack_top[];

/* One job: a preset, -option value pairs, an embedded workload; `big`: its
 * arena is the big region. The golden jobs are tests/golden/NAME.args with
 * the workload's embedded key (NAME -> NAME:small, example:NAME -> NAME). */
typedef struct bm_job {
    const char *name;
    const char *preset;
    const char *const *options;   /* name, value, ..., NULL */
    const char *workload;
    int big;
} bm_job;

static const char *const no_options[] = { NULL };
static const char *const l1d_srrip[] = { "-gs_l1d_policy", "srrip", NULL };
#if !defined(GS_BM_SMALL_RAM)
static const char *const sample_500[] = { "-gs_sample_cycles", "500", NULL };
static const char *const l2_drrip[] = {
    "-gpgpu_cache:dl2", "N:2:128:16,L:B:m:W:L,A:64:16,4:0,32", "-gs_l2_policy", "drrip", NULL
};
static const char *const syrk_perfect[] = {
    "-gpgpu_perfect_mem", "1", "-gs_perfect_icache", "0", "-gs_sample_cycles", "500", NULL
};
#endif

static const bm_job jobs[] = {
    { "tiny", "tiny", no_options, "vectoradd_tiny", 0 },
    { "timing-bfs-l1d-srrip", "gtx480", l1d_srrip, "bfs", 1 },
#if !defined(GS_BM_SMALL_RAM)
    { "default", "gtx480", no_options, "syrk_small", 1 },
    { "mpki-periods-vadd", "gtx480", sample_500, "vadd:small", 1 },
    { "timing-bfs-l2-drrip", "gtx480", l2_drrip, "bfs", 1 },
    { "timing-syrk-perfect", "gtx480", syrk_perfect, "syrk:small", 1 },
#endif
};

static gs_config config;      /* about 14 KB */
static gs_workload workload;  /* about 33 KB */
static gs_run run;

static void print_diag(const char *job, const gs_diag *diag)
{
    gs_sink_printf(&gs_port_console, "%s: %s:%u:%u: error: %s\n", job,
                   diag->file[0] ? diag->file : "gpusim", (unsigned)diag->line,
                   (unsigned)diag->column, diag->message);
}

static gs_status load_config(const bm_job *job, gs_diag *diag)
{
    const gs_preset *preset = gs_preset_find(job->preset);
    uint32_t i;
    gs_status st;
    gs_config_defaults(&config);
    if (!preset)
        return gs_diag_set(diag, GS_E_CONFIG, job->preset, 0, 0, "no such preset");
    if ((st = gs_config_parse(&config, preset->name, preset->text, preset->length, diag)))
        return st;
    for (i = 0; job->options[i] != NULL; i += 2u)
        if ((st = gs_config_set_arg(&config, job->options[i], job->options[i + 1u], 1u, 1u,
                                    diag)) != GS_OK)
            return st;
    return gs_config_finish(&config, diag);
}

/* The stack (__arena_end .. __stack_top) is painted below this frame before
 * the jobs; the deepest unpainted byte afterwards gives the most it used. */
#define STACK_PAINT 0xA5u

static void paint_stack(void)
{
    unsigned char here;
    unsigned char *p = __arena_end;
    while ((uintptr_t)p + 256u < (uintptr_t)&here)   /* leave this frame alone */
        *p++ = STACK_PAINT;
}

static size_t stack_used(void)
{
    const unsigned char *p = __arena_end;
    while ((uintptr_t)p < (uintptr_t)__stack_top && *p == STACK_PAINT)
        p++;
    return (size_t)((uintptr_t)__stack_top - (uintptr_t)p);
}

static int run_job(const bm_job *job)
{
    unsigned char *region = job->big ? __big_arena_start : __arena_start;
    size_t available = (size_t)((job->big ? __big_arena_end : __arena_end) - region);
    const gs_embedded_workload *embedded = gs_embedded_workload_find(job->workload);
    gs_diag diag;
    gs_status st;
    size_t scratch;
    gs_sink_printf(&gs_port_console, "== job %s\n", job->name);
    if (!embedded) {
        gs_sink_printf(&gs_port_console, "%s: no embedded workload '%s'\n", job->name,
                       job->workload);
        return 1;
    }
    if ((st = load_config(job, &diag)) != GS_OK ||
        (st = gs_workload_parse(&workload, embedded->source, embedded->text, embedded->length,
                                &diag)) != GS_OK ||
        (st = gs_run_scratch_bytes(&workload, gs_workload_read_embedded, (void *)(uintptr_t)embedded,
                                   &scratch, &diag)) != GS_OK) {
        print_diag(job->name, &diag);
        return 1;
    }
    if (scratch > available) {
        gs_sink_printf(&gs_port_console, "%s: the plan's scratch needs %lu bytes, the arena "
                       "region has %lu\n", job->name, (unsigned long)scratch,
                       (unsigned long)available);
        return 1;
    }
    if ((st = gs_run_plan(&run, &config, &workload, gs_workload_read_embedded,
                          (void *)(uintptr_t)embedded, region, available, &gs_port_console, &diag))) {
        print_diag(job->name, &diag);
        return 1;
    }
    if (run.arena_bytes > available) {
        gs_sink_printf(&gs_port_console, "%s: the run's arena needs %lu bytes, the arena "
                       "region has %lu\n", job->name, (unsigned long)run.arena_bytes,
                       (unsigned long)available);
        return 1;
    }
    if ((st = gs_run_init(&run, region, run.arena_bytes, &diag)) != GS_OK) {
        print_diag(job->name, &diag);
        return 1;
    }
    st = gs_run_execute(&run, &diag);
    if (st != GS_OK && !gs_run_capped(&run)) {
        print_diag(job->name, &diag);
        return 1;
    }
    gs_run_report(&run);
    gs_sink_printf(&gs_port_console, "== end %s: status 0, arena planned %lu of %lu bytes, "
                   "high water %lu, stack %lu\n", job->name, (unsigned long)run.arena_bytes,
                   (unsigned long)available, (unsigned long)run.arena.high_water_bytes,
                   (unsigned long)stack_used());
    return 0;
}

int gs_bm_main(void)
{
    size_t i;
    int failed = 0;
    paint_stack();
    gs_sink_printf(&gs_port_console, "gpusim %s bare metal: %lu jobs, arena region %lu bytes, "
                   "static data %lu bytes\n", GS_VERSION_STRING,
                   (unsigned long)(sizeof jobs / sizeof jobs[0]),
                   (unsigned long)(__arena_end - __arena_start),
                   (unsigned long)(sizeof config + sizeof workload + sizeof run));
    for (i = 0; i < sizeof jobs / sizeof jobs[0]; i++)
        failed += run_job(&jobs[i]);
    gs_sink_printf(&gs_port_console, "== done: %d failed\n", failed);
    return failed != 0;
}

void gs_bm_fault(void)
{
    gs_sink_puts(&gs_port_console, "gpusim bare metal: CPU fault\n");
    gs_port_exit(99);
}
