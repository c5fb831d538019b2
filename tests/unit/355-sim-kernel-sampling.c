/*
 * Kernel sampling (sim/sampling.h): the tolerance test and the projection's
 * arithmetic at their boundaries and at 64-bit extremes; a workload of three
 * identical launches and a smaller one groups into two, simulates the two
 * representatives, projects the other two at exactly the representative's
 * cycles, accounts every instruction, and leaves the output buffers exactly
 * as the exact run does.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gpusim.h"
#include "presets.h"
#include "workloads.h"

static void test_arithmetic(void)
{
    GS_CHECK_EQ(1, gs_sampling_close(100, 105, 5));    /* 500 <= 525 */
    GS_CHECK_EQ(1, gs_sampling_close(105, 100, 5));
    GS_CHECK_EQ(0, gs_sampling_close(100, 106, 5));    /* 600 > 530 */
    GS_CHECK_EQ(1, gs_sampling_close(95, 100, 5));     /* exactly 5% of the larger */
    GS_CHECK_EQ(0, gs_sampling_close(94, 100, 5));
    GS_CHECK_EQ(1, gs_sampling_close(0, 0, 0));
    GS_CHECK_EQ(1, gs_sampling_close(7, 7, 0));
    GS_CHECK_EQ(0, gs_sampling_close(7, 8, 0));
    GS_CHECK_EQ(0, gs_sampling_close(UINT64_MAX, UINT64_MAX - 1u, 0));
    GS_CHECK_EQ(1, gs_sampling_close(UINT64_MAX, UINT64_MAX / 2u + 1u, 50));
    GS_CHECK_EQ(0, gs_sampling_close(UINT64_MAX, UINT64_MAX / 2u, 50));   /* 2^63 off */
    GS_CHECK_EQ(1, gs_sampling_close(UINT64_MAX, 0, 100));
    GS_CHECK_EQ(8, gs_sampling_scale(10, 3, 4));       /* 7.5 rounds half up */
    GS_CHECK_EQ(7, gs_sampling_scale(10, 3, 5) + 1u);  /* 6 */
    GS_CHECK_EQ(10000000000ull, gs_sampling_scale(10000000000ull, 10000000000ull,
                                                  10000000000ull));   /* 1e20 / 1e10 */
    GS_CHECK_EQ(1ull << 63, gs_sampling_scale(UINT64_MAX, 2, 4));  /* 2^63 - 0.5, up */
    GS_CHECK_EQ(UINT64_MAX, gs_sampling_scale(UINT64_MAX, UINT64_MAX, UINT64_MAX));
}

static const char sampled_text[] =
    "ptx ../kernels/vectoradd.ptx\n"
    "buffer A f32 1024 random seed=1 min=-100 max=100\n"
    "buffer B f32 1024 random seed=2 min=-100 max=100\n"
    "buffer C f32 1024 zero\n"
    "launch vectorAdd grid=8 block=128 A B C s32:1024\n"
    "launch vectorAdd grid=8 block=128 A B C s32:1024\n"
    "launch vectorAdd grid=8 block=128 A B C s32:1024\n"
    "launch vectorAdd grid=4 block=128 A B C s32:512\n"
    "output C\n";

static gs_config config;
static gs_workload workload;
static gs_run run;

/* Run the workload on tiny, sampled or exact; the statistics stay valid in
 * the returned arena buffer (free it after reading them). */
static void *run_workload(int sampling, gs_stats *out_stats, uint64_t *rep_cycles)
{
    const gs_preset *preset = gs_preset_find("tiny");
    const gs_embedded_workload *e = gs_embedded_workload_find("vectoradd_tiny");
    void *context = (void *)(uintptr_t)e, *scratch, *buffer;
    size_t scratch_bytes;
    gs_diag diag;
    gs_config_defaults(&config);
    GS_CHECK_EQ(GS_OK, gs_config_parse(&config, preset->name, preset->text, preset->length,
                                       &diag));
    GS_CHECK_EQ(GS_OK, gs_config_set_arg(&config, "-gs_kernel_sampling", sampling ? "1" : "0",
                                         1, 1, &diag));
    GS_CHECK_EQ(GS_OK, gs_config_finish(&config, &diag));
    GS_CHECK_EQ(GS_OK, gs_workload_parse(&workload, "sampled.gsw", sampled_text,
                                         sizeof sampled_text - 1u, &diag));
    GS_CHECK_EQ(GS_OK, gs_run_scratch_bytes(&workload, gs_workload_read_embedded, context,
                                            &scratch_bytes, &diag));
    scratch = malloc(scratch_bytes);
    GS_CHECK_EQ(GS_OK, gs_run_plan(&run, &config, &workload, gs_workload_read_embedded, context,
                                   scratch, scratch_bytes, NULL, &diag));
    free(scratch);
    buffer = malloc(run.arena_bytes);
    GS_CHECK_EQ(GS_OK, gs_run_init(&run, buffer, run.arena_bytes, &diag));
    GS_CHECK_EQ(GS_OK, gs_run_execute(&run, &diag));
    gs_run_report(&run);
    GS_CHECK(run.arena.high_water_bytes <= run.arena_bytes);
    *out_stats = run.stats;
    *rep_cycles = sampling ? run.sampling.rep_cycles[0] : 0;
    return buffer;
}

static uint64_t value(const gs_stats *s, const char *name)
{
    const gs_stat_entry *e = gs_stats_find(s, name);
    GS_CHECK(e != NULL);
    return e ? e->value : 0;
}

static void test_identical_launches_are_projected(void)
{
    gs_stats exact, sampled;
    uint64_t rep, unused;
    void *exact_arena = run_workload(0, &exact, &unused);
    void *sampled_arena = run_workload(1, &sampled, &rep);
    GS_CHECK(gs_stats_find(&exact, "kernel_sampling_launches") == NULL);   /* off: none */
    GS_CHECK_EQ(4, value(&sampled, "kernel_sampling_launches"));
    GS_CHECK_EQ(2, value(&sampled, "kernel_sampling_groups"));   /* 3 alike, 1 smaller */
    GS_CHECK_EQ(2, value(&sampled, "kernel_sampling_detailed"));
    GS_CHECK_EQ(2, value(&sampled, "kernel_sampling_projected"));
    GS_CHECK(rep > 0);
    /* identical signatures: each projected launch costs the representative's cycles */
    GS_CHECK_EQ(2u * rep, value(&sampled, "estimate_projected_cycles"));
    GS_CHECK_EQ(value(&sampled, "gpu_sim_cycle") + 2u * rep,
                value(&sampled, "estimate_gpu_sim_cycle"));
    /* every instruction accounted, and the outputs exactly the exact run's */
    GS_CHECK_EQ(value(&exact, "gpu_sim_insn"), value(&sampled, "estimate_gpu_sim_insn"));
    GS_CHECK_EQ(value(&exact, "gpgpu_n_tot_w_icount"),
                value(&sampled, "estimate_gpgpu_n_tot_w_icount"));
    GS_CHECK_EQ(exact.data_hash, sampled.data_hash);
    GS_CHECK_EQ(exact.data_bytes, sampled.data_bytes);
    /* the detailed launches are the first and the last: fewer cycles than exact */
    GS_CHECK(value(&sampled, "gpu_sim_cycle") < value(&exact, "gpu_sim_cycle"));
    free(exact_arena);
    free(sampled_arena);
}

int main(void)
{
    GS_RUN(test_arithmetic);
    GS_RUN(test_identical_launches_are_projected);
    return gs_check_report();
}
