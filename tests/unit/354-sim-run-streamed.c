/*
 * The embedding API's whole timing run (sim/run.h) and streamed statistics
 * (base/stats.h gs_stats_init_stream): a streamed registry prints exactly the
 * lines and digest a stored one prints; the tiny preset's run gives the same
 * digest and the same text kept or streamed, streamed needs less arena, and
 * each plan holds its run; the plan sizes the CTA contexts from the
 * workload's launches; a buffer smaller than the plan is refused.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gpusim.h"
#include "presets.h"
#include "workloads.h"

typedef struct text_buffer {
    char text[1u << 16];
    size_t used;
} text_buffer;

static void buffer_write(void *context, const char *text, size_t length)
{
    text_buffer *b = (text_buffer *)context;
    if (b->used + length < sizeof b->text) {
        memcpy(b->text + b->used, text, length);
        b->used += length;
        b->text[b->used] = '\0';
    }
}

static void fill(gs_stats *s)
{
    gs_stats_put_text(s, "kernel_name", "_Z6vecAddPfS_S_i");
    gs_stats_put_count(s, "gpu_sim_cycle", 1234);
    gs_stats_put_ratio_unit(s, "gpu_occupancy", 50, 3, 4, "%");
    gs_stats_set_indent(s, 1);
    gs_stats_put_text_line(s, "L1D_cache_core[0]", "Access = 4, Miss = 3");
    gs_stats_set_indent(s, 0);
    gs_stats_put_ratio(s, "gpu_ipc", 7, 2, 4);
    gs_stats_add_data(s, "abc", 3);
}

static void test_streamed_registry_prints_what_a_stored_one_prints(void)
{
    static unsigned char memory[1u << 16];
    static text_buffer stored_text, streamed_text;
    gs_sink stored_sink = { buffer_write, &stored_text };
    gs_sink streamed_sink = { buffer_write, &streamed_text };
    gs_arena arena;
    gs_stats stored, streamed;
    gs_arena_init(&arena, memory, sizeof memory);
    GS_CHECK_EQ(GS_OK, gs_stats_init_texts(&stored, &arena, 8, 2, NULL));
    gs_stats_init_stream(&streamed, &streamed_sink);
    fill(&stored);
    fill(&streamed);
    GS_CHECK_EQ(gs_stats_digest(&stored), gs_stats_digest(&streamed));   /* open entry too */
    gs_stats_print_text(&stored, &stored_sink);
    gs_stats_stream_end(&streamed);
    GS_CHECK_STR(stored_text.text, streamed_text.text);
    GS_CHECK(strstr(streamed_text.text, "\tL1D_cache_core[0]: Access = 4, Miss = 3\n") != NULL);
    GS_CHECK(gs_stats_find(&streamed, "gpu_sim_cycle") == NULL);   /* nothing is kept */
    GS_CHECK(gs_stats_find(&stored, "gpu_sim_cycle") != NULL);
    /* a text registry takes only the texts' own bytes: 2 texts, not 8 */
    GS_CHECK_EQ(gs_arena_round(8u * sizeof(gs_stat_entry)) +
                gs_arena_round(2u * GS_STAT_TEXT_MAX), gs_stats_bytes_texts(8, 2));
}

static gs_config config;
static gs_workload workload;
static gs_run run;
static text_buffer kept_text, streamed_text;

static void print_block(void *context, const gs_stats *block, uint64_t uid)
{
    gs_sink sink = { buffer_write, context };
    (void)uid;
    gs_stats_print_block_text(block, &sink);
}

/* The tiny preset's default job, kept (stream NULL) or streamed into text. */
static uint64_t run_tiny(const gs_sink *stream, size_t *planned, size_t *high)
{
    const gs_preset *preset = gs_preset_find("tiny");
    const gs_embedded_workload *e = gs_embedded_workload_find("vectoradd_tiny");
    void *context = (void *)(uintptr_t)e, *buffer;
    size_t scratch_bytes;
    void *scratch;
    uint64_t digest;
    gs_diag diag;
    GS_CHECK(preset != NULL && e != NULL);
    gs_config_defaults(&config);
    GS_CHECK_EQ(GS_OK, gs_config_parse(&config, preset->name, preset->text, preset->length,
                                       &diag));
    GS_CHECK_EQ(GS_OK, gs_config_finish(&config, &diag));
    GS_CHECK_STR("vectoradd_tiny", config.default_workload);
    GS_CHECK_EQ(GS_OK, gs_workload_parse(&workload, e->source, e->text, e->length, &diag));
    GS_CHECK_EQ(GS_OK, gs_run_scratch_bytes(&workload, gs_workload_read_embedded, context,
                                            &scratch_bytes, &diag));
    scratch = malloc(scratch_bytes);
    GS_CHECK_EQ(GS_OK, gs_run_plan(&run, &config, &workload, gs_workload_read_embedded, context,
                                   scratch, scratch_bytes, stream, &diag));
    free(scratch);
    /* the contexts hold what the launch keeps resident: 2 CTAs of 128 threads */
    GS_CHECK_EQ(256, run.bound.threads);
    GS_CHECK_EQ(0, run.bound.shared_bytes);
    buffer = malloc(run.arena_bytes);
    GS_CHECK_EQ(GS_E_ARENA, gs_run_init(&run, buffer, run.arena_bytes - 1u, &diag));
    GS_CHECK(strstr(diag.message, "its plan needs") != NULL);
    GS_CHECK_EQ(GS_OK, gs_run_init(&run, buffer, run.arena_bytes, &diag));
    if (!stream)
        gs_sim_set_kernel_report(&run.gpu, print_block, &kept_text);
    GS_CHECK_EQ(GS_OK, gs_run_execute(&run, &diag));
    GS_CHECK(!gs_run_capped(&run));
    gs_run_report(&run);
    if (!stream) {
        gs_sink sink = { buffer_write, &kept_text };
        gs_stats_print_text(&run.stats, &sink);
    }
    *planned = run.arena_bytes;
    *high = run.arena.high_water_bytes;
    digest = gs_run_digest(&run);
    free(buffer);
    return digest;
}

static void test_tiny_run_kept_and_streamed(void)
{
    gs_sink sink = { buffer_write, &streamed_text };
    size_t kept_plan, kept_high, streamed_plan, streamed_high;
    GS_CHECK_EQ(0x04fe616852317855ull, run_tiny(NULL, &kept_plan, &kept_high));
    GS_CHECK_EQ(0x04fe616852317855ull, run_tiny(&sink, &streamed_plan, &streamed_high));
    GS_CHECK_STR(kept_text.text, streamed_text.text);   /* = `gpusim --config tiny` stdout */
    GS_CHECK(strstr(streamed_text.text, "kernel_name = vectorAdd\n") != NULL);
    GS_CHECK(kept_high <= kept_plan && streamed_high <= streamed_plan);
    GS_CHECK(streamed_plan + 60000u < kept_plan);   /* no registries: about 70 KB less */
    GS_CHECK(kept_plan * 4u <= kept_high * 5u);     /* within 25% (issue 21 item 5) */
}

int main(void)
{
    GS_RUN(test_streamed_registry_prints_what_a_stored_one_prints);
    GS_RUN(test_tiny_run_kept_and_streamed);
    return gs_check_report();
}
