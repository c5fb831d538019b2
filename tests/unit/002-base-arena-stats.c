/* Arena bump allocation and sealing; statistics registry, digest and check. */
#include "check.h"
#include "base/arena.h"
#include "base/prng.h"
#include "base/stats.h"

static uint64_t buffer[4096];

static void collect(void *context, const char *text, size_t length)
{
    char *out = (char *)context;
    size_t n = strlen(out);
    memcpy(out + n, text, length);
    out[n + length] = '\0';
}

static void test_arena(void)
{
    gs_arena a;
    uint8_t *p, *q;
    gs_arena_init(&a, buffer, sizeof buffer);
    p = (uint8_t *)gs_arena_alloc(&a, 3);
    q = (uint8_t *)gs_arena_alloc(&a, 17);
    GS_CHECK_EQ(16, (size_t)(q - p));
    GS_CHECK_EQ(48, a.used_bytes);
    GS_CHECK(gs_arena_alloc(&a, sizeof buffer) == NULL);
    GS_CHECK_EQ(0, q[16]);
    GS_CHECK_EQ(sizeof buffer - 48, gs_arena_remaining(&a));
}

/* gs_arena_init zero-fills; gs_arena_init_zeroed trusts the host and writes
 * nothing (so untouched pages of a calloc'ed reservation stay unmapped). */
static void test_init_zeroed_writes_nothing(void)
{
    gs_arena a;
    uint8_t *bytes = (uint8_t *)buffer;
    bytes[100] = 0xAB;
    gs_arena_init_zeroed(&a, buffer, sizeof buffer);
    GS_CHECK_EQ(0xAB, bytes[100]);
    GS_CHECK_EQ(sizeof buffer, gs_arena_remaining(&a));
    gs_arena_init(&a, buffer, sizeof buffer);
    GS_CHECK_EQ(0, bytes[100]);
}

static void test_prng_fixed_sequence(void)
{
    gs_prng r;
    uint64_t state = 0;
    gs_prng_seed(&r, 1);
    /* splitmix64 of seed 0 is a published constant: 0xe220a8397b1dcdaf */
    GS_CHECK_EQ(0xe220a8397b1dcdafull, gs_splitmix64(&state));
    GS_CHECK(gs_prng_below(&r, 10) < 10);
    GS_CHECK_EQ(0, gs_prng_below(&r, 0));
}

static void fill(gs_stats *s, gs_arena *a, uint64_t cycles)
{
    gs_arena_init(a, buffer, sizeof buffer);
    GS_CHECK_EQ(GS_OK, gs_stats_init(s, a, 8, NULL));
    gs_stats_put_count(s, "gpu_sim_cycle", cycles);
    gs_stats_put_count(s, "gpu_sim_insn", 300);
    gs_stats_put_ratio(s, "gpu_ipc", 300, cycles, 4);
}

static void test_text_and_digest(void)
{
    gs_arena a;
    gs_stats s;
    static char out[1024];
    gs_sink sink;
    uint64_t d1, d2;
    sink.write = collect;
    sink.context = out;
    fill(&s, &a, 200);
    out[0] = '\0';
    d1 = gs_stats_digest(&s);
    gs_stats_print_text(&s, &sink);
    GS_CHECK(strncmp(out, "gpu_sim_cycle = 200\ngpu_sim_insn = 300\ngpu_ipc = 1.5000\ndigest = ",
                     62) == 0);
    fill(&s, &a, 201);
    d2 = gs_stats_digest(&s);
    GS_CHECK(d1 != d2);
    fill(&s, &a, 200);
    GS_CHECK_EQ(d1, gs_stats_digest(&s));
    gs_stats_add_data(&s, "x", 1);
    GS_CHECK(d1 != gs_stats_digest(&s));
}

static void test_check_against_golden(void)
{
    gs_arena a;
    gs_stats s;
    static char out[1024];
    gs_sink sink;
    uint32_t diffs = 99;
    gs_diag diag;
    const char *golden = "# comment\ngpu_sim_cycle = 201\ngpu_sim_insn = 300\nold_counter = 1\n";
    sink.write = collect;
    sink.context = out;
    fill(&s, &a, 200);
    out[0] = '\0';
    GS_CHECK_EQ(GS_OK, gs_stats_check(&s, "g", golden, strlen(golden), &sink, &diffs, &diag));
    GS_CHECK_EQ(3, diffs);
    GS_CHECK_STR("gpu_sim_cycle: golden 201, this run 200\n"
                 "old_counter: golden 1, missing in this run\n"
                 "gpu_ipc: missing in golden\n", out);
    GS_CHECK_EQ(GS_E_USAGE, gs_stats_check(&s, "g", "bad line\n", 9, &sink, &diffs, &diag));
    GS_CHECK_EQ(1, diag.line);
}

int main(void)
{
    GS_RUN(test_arena);
    GS_RUN(test_init_zeroed_writes_nothing);
    GS_RUN(test_prng_fixed_sequence);
    GS_RUN(test_text_and_digest);
    GS_RUN(test_check_against_golden);
    return gs_check_report();
}
