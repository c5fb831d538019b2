/*
 * Histogram256 (examples/suite/histogram256, the CUDA SDK's 256-bin
 * histogram): the small workload's 240 partial histograms and its merged
 * histogram equal a C reference: block b's partial counts the bytes of the
 * words its threads visit (word i belongs to block (i / 192) % 240 in the
 * grid-stride loop), the histogram is their sum and counts every byte once.
 */
#include "check.h"
#include "wlb_suite.h"

#define WORDS 2097152u
#define BLOCKS 240u
#define THREADS 192u
#define BINS 256u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t data[WORDS], partial[BLOCKS * BINS], histogram[BINS];

static void test_histogram256_small(void)
{
    uint32_t i, b, total = 0, *got;
    GS_CHECK_EQ(GS_OK, wlb_run("histogram256", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "data", data);
    for (i = 0; i < WORDS; i++)
        for (b = 0; b < 4u; b++)
            partial[(i / THREADS) % BLOCKS * BINS + ((data[i] >> (8u * b)) & 0xFFu)]++;
    for (i = 0; i < BLOCKS * BINS; i++)
        histogram[i % BINS] += partial[i];
    for (b = 0; b < BINS; b++) {
        total += histogram[b];
        GS_CHECK(histogram[b] > 32768u - 1024u && histogram[b] < 32768u + 1024u);   /* uniform */
    }
    GS_CHECK_EQ(4u * WORDS, total);
    got = wlb_result32(&host, &wl, &state, "partial");
    GS_CHECK_EQ(0, test_diff32("partial", partial, got, BLOCKS * BINS));
    free(got);
    got = wlb_result32(&host, &wl, &state, "histogram");
    GS_CHECK_EQ(0, test_diff32("histogram", histogram, got, BINS));
    free(got);
}

int main(void)
{
    GS_RUN(test_histogram256_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
