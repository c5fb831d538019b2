/*
 * SM (examples/suite/sm, Mars StringMatch): the small workload's per-record
 * match counts and first-match offsets of the seeded 3-byte keyword, run
 * through the workload runner, equal a C reference search, exactly
 * (overlapping matches count).
 */
#include "check.h"
#include "wlb_suite.h"

#define RECORDS 58368u
#define RECORD_BYTES 32u
#define KEY_BYTES 3u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t text[RECORDS * RECORD_BYTES], keyword[KEY_BYTES];
static uint32_t counts[RECORDS], first[RECORDS];

static uint32_t reference(void)
{
    uint32_t rec, i, k, total = 0;
    for (rec = 0; rec < RECORDS; rec++) {
        const uint32_t *p = &text[rec * RECORD_BYTES];
        counts[rec] = 0;
        first[rec] = 0xFFFFFFFFu;
        for (i = 0; i + KEY_BYTES <= RECORD_BYTES; i++) {
            for (k = 0; k < KEY_BYTES && p[i + k] == keyword[k]; k++)
                ;
            if (k < KEY_BYTES)
                continue;
            if (counts[rec]++ == 0)
                first[rec] = i;
        }
        total += counts[rec];
    }
    return total;
}

static void check(const char *name, const uint32_t *want)
{
    uint32_t *got = wlb_result32(&host, &wl, &state, name);
    GS_CHECK_EQ(0, test_diff32(name, want, got, wlb_count(&wl, name)));
    free(got);
}

static void test_sm_small(void)
{
    uint32_t total;
    GS_CHECK_EQ(GS_OK, wlb_run("sm", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "text", text);
    test_initial32(&wl, "keyword", keyword);
    total = reference();
    /* 30 start positions a record, each a match with probability 1/64 */
    GS_CHECK(total > RECORDS * 30u / 80u && total < RECORDS * 30u / 50u);
    check("counts", counts);
    check("first", first);
}

int main(void)
{
    GS_RUN(test_sm_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
