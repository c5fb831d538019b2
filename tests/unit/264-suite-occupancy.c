/*
 * The suite's occupancy rule (README "Sizes"): every suite workload's small
 * size has one kernel launch with at least two CTAs for each SM of every
 * embedded preset (-gpgpu_n_clusters x -gpgpu_n_cores_per_cluster), so
 * throttling and cache-contention experiments at small size see every SM
 * busy. Computed from the embedded workload texts and preset files, not
 * from a list: a new workload or a larger preset is checked as it comes.
 * Also gs_workload_max_ctas itself: the largest launch, for-loop grids at
 * the loop's largest value.
 */
#include <string.h>

#include "base/config.h"
#include "check.h"
#include "presets.h"
#include "workload_host.h"

static gs_workload wl;

static uint64_t max_ctas_of(const char *text)
{
    gs_diag diag;
    gs_status st = gs_workload_parse(&wl, "inline.gsw", text, strlen(text), &diag);
    if (st != GS_OK)
        test_print_diag("inline.gsw", &diag);
    return st == GS_OK ? gs_workload_max_ctas(&wl) : 0;
}

static void test_max_ctas(void)
{
    GS_CHECK_EQ(24u, max_ctas_of("ptx k.ptx\nbuffer b u32 4 zero\n"
                                 "launch k grid=2,3,4 block=32 b\n"
                                 "launch k grid=23 block=1024 b\noutput b\n"));
    /* grid=$n,2 over n = 7..3: the largest is 7 x 2 */
    GS_CHECK_EQ(14u, max_ctas_of("ptx k.ptx\nbuffer b u32 4 zero\nlaunch k grid=5 block=1 b\n"
                                 "for n = 7..3\n  launch k grid=$n,2 block=1 b\nend\n"
                                 "output b\n"));
}

/* The SMs of the preset with the most (the binding one). */
static uint32_t most_sms(const char **name)
{
    static gs_config cfg;
    uint32_t most = 0, i;
    gs_diag diag;
    for (i = 0; i < GS_PRESET_COUNT; i++) {
        gs_config_defaults(&cfg);
        GS_CHECK_EQ(GS_OK, gs_config_parse(&cfg, gs_presets[i].name, gs_presets[i].text,
                                           gs_presets[i].length, &diag));
        if (gs_config_n_sms(&cfg) > most) {
            most = gs_config_n_sms(&cfg);
            *name = gs_presets[i].name;
        }
    }
    return most;
}

static void test_small_sizes_fill_every_sm(void)
{
    const char *preset = "";
    uint32_t sms = most_sms(&preset), i, checked = 0, short_of = 0;
    gs_diag diag;
    GS_CHECK(sms >= 15u);   /* gtx480's 15 at least: the presets did parse */
    for (i = gs_embedded_example_count; i < gs_embedded_workload_count; i++) {
        const gs_embedded_workload *e = &gs_embedded_workloads[i];
        uint64_t ctas;
        if (strcmp(e->size, "small") != 0)
            continue;
        GS_CHECK_EQ(GS_OK, gs_workload_parse(&wl, e->source, e->text, e->length, &diag));
        ctas = gs_workload_max_ctas(&wl);
        checked++;
        if (ctas < 2u * (uint64_t)sms) {
            printf("  %s: largest launch %llu CTAs < 2 x %u SMs (%s)\n", e->name,
                   (unsigned long long)ctas, (unsigned)sms, preset);
            short_of++;
        }
    }
    GS_CHECK(checked >= 30u);
    GS_CHECK_EQ(0u, short_of);
}

int main(void)
{
    GS_RUN(test_max_ctas);
    GS_RUN(test_small_sizes_fill_every_sm);
    return gs_check_report();
}
