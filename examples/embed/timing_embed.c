/*
 * Embedding gpusim's timing model (gpusim.h, sim/run.h): a whole timing run
 * of an embedded workload on a preset, from configuration to digest, in one
 * buffer the caller owns. It prints the lines `gpusim --config PRESET
 * --workload WORKLOAD` prints on stdout (each kernel's block, then the run's
 * statistics and `digest = ...`), streamed as they are made, so it keeps no
 * statistics registry. The bare-metal programs (examples/baremetal/main.c)
 * do the same with no C library at all.
 *
 *   timing_embed [PRESET [WORKLOAD]]     default: tiny and its default workload
 *
 * Build against an installed gpusim:
 *   cc -std=c99 timing_embed.c $(pkg-config --cflags --libs gpusim) -o timing_embed
 * or in the source tree:
 *   cc -std=c99 -Isrc -Itables examples/embed/timing_embed.c build/libgpusim.a
 * Exit 0 after a complete run, 1 on any error (named on stderr).
 */
#include <stdio.h>
#include <stdlib.h>

#include "gpusim.h"
#include "presets.h"
#include "workloads.h"

static void to_stdout(void *context, const char *text, size_t length)
{
    (void)context;
    fwrite(text, 1, length, stdout);
}

static int fail(const gs_diag *diag)
{
    fprintf(stderr, "timing_embed: %s:%u:%u: %s\n", diag->file[0] ? diag->file : "-",
            (unsigned)diag->line, (unsigned)diag->column, diag->message);
    return 1;
}

int main(int argc, char **argv)
{
    static gs_config config;      /* large: not on the stack */
    static gs_workload workload;
    static gs_run run;
    const gs_sink out = { to_stdout, NULL };
    const char *preset_name = argc > 1 ? argv[1] : "tiny";
    const gs_preset *preset = gs_preset_find(preset_name);
    const gs_embedded_workload *embedded;
    size_t scratch_bytes;
    void *scratch, *arena, *context;
    gs_diag diag;
    gs_status st;
    if (!preset) {
        fprintf(stderr, "timing_embed: no preset '%s'\n", preset_name);
        return 1;
    }
    /* 1. the configuration: defaults, the preset's text, the checks */
    gs_config_defaults(&config);
    if (gs_config_parse(&config, preset->name, preset->text, preset->length, &diag) != GS_OK ||
        gs_config_finish(&config, &diag) != GS_OK)
        return fail(&diag);
    /* 2. the workload (embedded: its files come from the library's tables) */
    embedded = gs_embedded_workload_find(argc > 2 ? argv[2] : config.default_workload);
    if (!embedded) {
        fprintf(stderr, "timing_embed: no embedded workload '%s'\n",
                argc > 2 ? argv[2] : config.default_workload);
        return 1;
    }
    context = (void *)(size_t)embedded;   /* the reader's context: the workload's entry */
    if (gs_workload_parse(&workload, embedded->source, embedded->text, embedded->length,
                          &diag) != GS_OK)
        return fail(&diag);
    /* 3. the plan: PTX loaded once into a scratch buffer, the arena sized */
    if (gs_run_scratch_bytes(&workload, gs_workload_read_embedded, context, &scratch_bytes,
                             &diag) != GS_OK)
        return fail(&diag);
    if (!(scratch = malloc(scratch_bytes)))
        return 1;
    st = gs_run_plan(&run, &config, &workload, gs_workload_read_embedded, context, scratch,
                     scratch_bytes, &out, &diag);
    free(scratch);
    if (st != GS_OK)
        return fail(&diag);
    /* 4. one buffer for everything, then the run and its statistics */
    if (!(arena = malloc(run.arena_bytes)))
        return 1;
    if (gs_run_init(&run, arena, run.arena_bytes, &diag) != GS_OK) {
        free(arena);
        return fail(&diag);
    }
    st = gs_run_execute(&run, &diag);
    if (st != GS_OK && !gs_run_capped(&run)) {
        free(arena);
        return fail(&diag);
    }
    gs_run_report(&run);   /* streams the statistics and the digest line to `out` */
    fprintf(stderr, "timing_embed: %s on %s: digest %016llx, arena %lu bytes planned, %lu used\n",
            embedded->name, preset->name, (unsigned long long)gs_run_digest(&run),
            (unsigned long)run.arena_bytes, (unsigned long)run.arena.high_water_bytes);
    free(arena);
    return 0;
}
