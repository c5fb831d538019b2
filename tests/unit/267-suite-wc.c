/*
 * WC (examples/suite/wc, Mars WordCount): the small workload's word counts
 * per hash bucket and its total word count, run through the workload
 * runner, equal a C reference over the seeded text, exactly. A word is a
 * run of bytes other than '`' (0x60) within one record; its bucket is its
 * 32-bit FNV-1a hash mod 1024.
 */
#include "check.h"
#include "wlb_suite.h"

#define RECORDS 58368u
#define RECORD_BYTES 32u
#define BUCKETS 1024u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t text[RECORDS * RECORD_BYTES];
static uint32_t counts[BUCKETS], total[1];

static void reference(void)
{
    uint32_t rec, i;
    for (rec = 0; rec < RECORDS; rec++) {
        uint32_t h = 2166136261u, len = 0;
        for (i = 0; i <= RECORD_BYTES; i++) {
            uint32_t c = i < RECORD_BYTES ? text[rec * RECORD_BYTES + i] : 0x60u;
            if (c != 0x60u) {
                h = (h ^ c) * 16777619u;
                len++;
            } else if (len > 0) {
                counts[h % BUCKETS]++;
                total[0]++;
                h = 2166136261u;
                len = 0;
            }
        }
    }
}

static void check(const char *name, const uint32_t *want)
{
    uint32_t *got = wlb_result32(&host, &wl, &state, name);
    GS_CHECK_EQ(0, test_diff32(name, want, got, wlb_count(&wl, name)));
    free(got);
}

static void test_wc_small(void)
{
    GS_CHECK_EQ(GS_OK, wlb_run("wc", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "text", text);
    reference();
    /* a separator in 4 bytes: about 6 to 8 words a record */
    GS_CHECK(total[0] > RECORDS * 6u && total[0] < RECORDS * 8u);
    check("counts", counts);
    check("total", total);
}

int main(void)
{
    GS_RUN(test_wc_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
