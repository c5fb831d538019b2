/*
 * --samples-csv FILE: a timing run's time-series samples as CSV (issue 13
 * part 5; README "Reports"): one row per -gs_sample_cycles period, from
 * gs_sim_write_samples_csv (src/sim/gpu_samples.c). `gpusim report` draws
 * the single-run figures from it. A study job whose configuration samples
 * writes DIR/<id>.samples.csv beside its result (cli_study.c).
 */
#include <stdio.h>

#include "cli/cli.h"

static const char *samples_path;   /* NULL: not asked */
static FILE *samples_file;         /* opened by the check, before the run */

void gs_cli_samples_set_path(const char *path)
{
    if (samples_file)
        fclose(samples_file);
    samples_file = NULL;
    samples_path = path;
}

/* The file is opened here, before the run, so a path that cannot be
 * written stops the command before a long simulation, not after it. */
int gs_cli_samples_check(const gs_config *cfg)
{
    if (!samples_path)
        return 0;
    if (cfg->sample_cycles == 0)
        return gs_cli_usage_error("--samples-csv %s needs -gs_sample_cycles N (N > 0): "
                                  "nothing is sampled", samples_path);
    if (!samples_file && !(samples_file = fopen(samples_path, "wb")))
        return gs_cli_usage_error("cannot write %s (--samples-csv)", samples_path);
    return 0;
}

int gs_cli_samples_functional(void)
{
    if (!samples_path)
        return 0;
    return gs_cli_usage_error("--samples-csv %s needs a timing run (not --functional)",
                              samples_path);
}

static void write_to_file(void *context, const char *text, size_t length)
{
    fwrite(text, 1, length, (FILE *)context);
}

int gs_cli_samples_write(const struct gs_gpu *gpu)
{
    FILE *f;
    gs_sink sink;
    int failed;
    if (!samples_path)
        return 0;
    if (!(f = samples_file) && !(f = fopen(samples_path, "wb")))
        return gs_cli_usage_error("cannot write %s (--samples-csv)", samples_path);
    samples_file = NULL;
    sink.write = write_to_file;
    sink.context = f;
    gs_sim_write_samples_csv(gpu, &sink);
    failed = ferror(f) != 0;
    failed |= fclose(f) != 0;
    if (failed)
        return gs_cli_usage_error("cannot write %s (--samples-csv)", samples_path);
    return 0;
}
