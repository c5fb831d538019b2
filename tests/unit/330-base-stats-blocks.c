/*
 * The statistics registry's per-kernel blocks and GPGPU-Sim renderings
 * (base/stats.h; issue 14): text values, units after ratios, indented
 * breakdown lines, the digest covering the blocks in order, and --check
 * skipping the block lines of a golden text.
 */
#include "check.h"

#include <string.h>

#include "base/stats.h"

static gs_stat_entry entries_a[8], entries_b[8];
static char text[2048];
static size_t text_length;

static void to_text(void *context, const char *chunk, size_t length)
{
    (void)context;
    if (text_length + length < sizeof text) {
        memcpy(text + text_length, chunk, length);
        text_length += length;
        text[text_length] = '\0';
    }
}

static char make_texts[8 * GS_STAT_TEXT_MAX];

static void make(gs_stats *s, gs_stat_entry *entries)
{
    memset(s, 0, sizeof *s);
    s->entries = entries;
    s->text_pool = make_texts;
    s->text_capacity = sizeof make_texts;
    s->capacity = 8;
    s->data_hash = s->block_hash = GS_HASH_SEED;
    gs_stats_put_count(s, "gpu_sim_cycle", 100);
}

static void test_renderings(void)
{
    gs_stats s;
    gs_sink sink;
    sink.write = to_text;
    sink.context = NULL;
    make(&s, entries_a);
    gs_stats_put_text(&s, "kernel_name", "_Z6vecAddPfS_S_i");
    gs_stats_put_ratio_unit(&s, "gpu_occupancy", 1, 8, 4, "%");
    gs_stats_set_indent(&s, 1);
    gs_stats_put_count(&s, "L2_cache_stats_breakdown[GLOBAL_ACC_R][HIT]", 7);
    gs_stats_set_indent(&s, 0);
    text_length = 0;
    gs_stats_print_block_text(&s, &sink);
    GS_CHECK_STR("gpu_sim_cycle = 100\n"
                 "kernel_name = _Z6vecAddPfS_S_i\n"
                 "gpu_occupancy = 0.1250%\n"
                 "\tL2_cache_stats_breakdown[GLOBAL_ACC_R][HIT] = 7\n"
                 "\n", text);
    text_length = 0;
    gs_stats_print_block_csv(&s, &sink, 2);
    GS_CHECK_STR("kernel2/gpu_sim_cycle,100\n"
                 "kernel2/kernel_name,_Z6vecAddPfS_S_i\n"
                 "kernel2/gpu_occupancy,0.1250\n"
                 "kernel2/L2_cache_stats_breakdown[GLOBAL_ACC_R][HIT],7\n", text);
    text_length = 0;
    gs_stats_print_block_json(&s, &sink, 1);
    GS_CHECK(strstr(text, "\"kernel_name\": \"_Z6vecAddPfS_S_i\",") != NULL);
    GS_CHECK(strstr(text, "\"gpu_occupancy\": 0.1250,") != NULL);
}

/* The digest covers the blocks: their number, values and order. */
static void test_digest_covers_blocks(void)
{
    gs_stats a, b;
    uint64_t plain;
    make(&a, entries_a);
    make(&b, entries_b);
    plain = gs_stats_digest(&a);
    GS_CHECK_EQ(plain, gs_stats_digest(&b));
    gs_stats_add_block(&a, 1);
    GS_CHECK(gs_stats_digest(&a) != plain);
    gs_stats_add_block(&b, 2);
    GS_CHECK(gs_stats_digest(&a) != gs_stats_digest(&b));
    gs_stats_add_block(&a, 2);
    gs_stats_clear(&b);
    gs_stats_put_count(&b, "gpu_sim_cycle", 100);
    gs_stats_add_block(&b, 2);
    gs_stats_add_block(&b, 1);
    GS_CHECK(gs_stats_digest(&a) != gs_stats_digest(&b));   /* order matters */
    gs_stats_set_blocks(&b, a.block_hash, a.blocks);
    GS_CHECK_EQ(gs_stats_digest(&a), gs_stats_digest(&b));
}

/* --check compares the whole-run lines and skips the kernel blocks. */
static void test_check_skips_blocks(void)
{
    gs_stats s;
    gs_sink sink;
    gs_diag diag;
    uint32_t diffs = 99;
    char golden[512];
    sink.write = to_text;
    sink.context = NULL;
    make(&s, entries_a);
    sprintf(golden, "kernel_name = k\ngpu_sim_cycle = 55\n\tX[A][B] = 3\n\n"
            "gpu_sim_cycle = 100\ndigest = %016llx\n",
            (unsigned long long)gs_stats_digest(&s));
    text_length = 0;
    GS_CHECK_EQ(GS_OK, gs_stats_check(&s, "g", golden, strlen(golden), &sink, &diffs, &diag));
    GS_CHECK_EQ(0, diffs);
    sprintf(golden, "gpu_sim_cycle = 55\n");
    GS_CHECK_EQ(GS_OK, gs_stats_check(&s, "g", golden, strlen(golden), &sink, &diffs, &diag));
    GS_CHECK_EQ(1, diffs);
}

int main(void)
{
    GS_RUN(test_renderings);
    GS_RUN(test_digest_covers_blocks);
    GS_RUN(test_check_skips_blocks);
    return gs_check_report();
}
