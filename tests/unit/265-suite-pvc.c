/*
 * PVC (examples/suite/pvc, Mars PageViewCount): the small workload's global
 * bitmap of (page, visitor) pairs seen and its distinct-visitor count per
 * page, run through the workload runner, equal a C reference over the seeded
 * log, exactly. Page = FNV-1a of the 16-byte URL field mod 1024, visitor =
 * FNV-1a of the 16-byte visitor field mod 64.
 */
#include "check.h"
#include "wlb_suite.h"

#define RECORDS 58368u
#define RECORD_BYTES 32u
#define PAGES 1024u
#define VISITORS 64u
#define WORDS (PAGES * VISITORS / 32u)

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t log_bytes[RECORDS * RECORD_BYTES];
static uint32_t seen[WORDS], views[PAGES];

static uint32_t fnv(const uint32_t *p, uint32_t n)
{
    uint32_t h = 2166136261u, i;
    for (i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static void reference(void)
{
    uint32_t rec;
    for (rec = 0; rec < RECORDS; rec++) {
        const uint32_t *p = &log_bytes[rec * RECORD_BYTES];
        uint32_t pair = (fnv(p, 16) % PAGES) * VISITORS + fnv(p + 16, 16) % VISITORS;
        uint32_t bit = 1u << (pair % 32u);
        if (!(seen[pair / 32u] & bit))
            views[pair / VISITORS]++;
        seen[pair / 32u] |= bit;
    }
}

static void check(const char *name, const uint32_t *want)
{
    uint32_t *got = wlb_result32(&host, &wl, &state, name);
    GS_CHECK_EQ(0, test_diff32(name, want, got, wlb_count(&wl, name)));
    free(got);
}

static void test_pvc_small(void)
{
    uint32_t p, distinct = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("pvc", "small", &wl, &host, &arena, &state));
    GS_CHECK_EQ(RECORDS * RECORD_BYTES, wlb_count(&wl, "log"));
    test_initial32(&wl, "log", log_bytes);
    reference();
    for (p = 0; p < PAGES; p++)
        distinct += views[p];
    /* 58368 draws of 65536 pairs: about 1 - e^-0.89 = 59% of them occur */
    GS_CHECK(distinct > WORDS * 32u / 2u && distinct < WORDS * 32u * 2u / 3u);
    check("seen", seen);
    check("views", views);
}

int main(void)
{
    GS_RUN(test_pvc_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
