/*
 * IIX (examples/suite/iix, Mars InvertedIndex map stage): the small
 * workload's per-record link counts, their exclusive prefix sum and the
 * emitted (URL hash, document) pairs, run through the workload runner,
 * equal a C reference scan of the seeded text, exactly. A link is "<A"
 * then its URL up to '>' or the record's end; keys are 32-bit FNV-1a.
 */
#include "check.h"
#include "wlb_suite.h"

#define RECORDS 58368u
#define RECORD_BYTES 32u
#define CAPACITY 4096u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t text[RECORDS * RECORD_BYTES];
static uint32_t counts[RECORDS], offsets[RECORDS + 1u], keys[CAPACITY], vals[CAPACITY];

static void emit(uint32_t h, uint32_t doc, uint32_t *n)
{
    if (*n < CAPACITY) {
        keys[*n] = h;
        vals[*n] = doc;
    }
    (*n)++;
}

/* Scan every record in document order; returns the number of links. */
static uint32_t reference(void)
{
    uint32_t doc, i, total = 0;
    for (doc = 0; doc < RECORDS; doc++) {
        uint32_t st = 0, h = 0, before = total;
        offsets[doc] = total;
        for (i = 0; i < RECORD_BYTES; i++) {
            uint32_t c = text[doc * RECORD_BYTES + i];
            if (st == 2u) {
                if (c == '>') {
                    emit(h, doc, &total);
                    st = 0;
                } else {
                    h = (h ^ c) * 16777619u;
                }
            } else if (st == 1u && c == 'A') {
                st = 2;
                h = 2166136261u;
            } else {
                st = c == '<';
            }
        }
        if (st == 2u)
            emit(h, doc, &total);
        counts[doc] = total - before;
    }
    offsets[RECORDS] = total;
    return total;
}

static void check(const char *name, const uint32_t *want)
{
    uint32_t *got = wlb_result32(&host, &wl, &state, name);
    GS_CHECK_EQ(0, test_diff32(name, want, got, wlb_count(&wl, name)));
    free(got);
}

static void test_iix_small(void)
{
    uint32_t total;
    GS_CHECK_EQ(GS_OK, wlb_run("iix", "small", &wl, &host, &arena, &state));
    GS_CHECK_EQ(RECORDS * RECORD_BYTES, wlb_count(&wl, "text"));
    GS_CHECK_EQ(CAPACITY, wlb_count(&wl, "keys"));
    test_initial32(&wl, "text", text);
    total = reference();
    /* links found (about 1 byte in 1024 starts one), all kept */
    GS_CHECK(total > RECORDS * RECORD_BYTES / 2048u && total < CAPACITY);
    check("counts", counts);
    check("offsets", offsets);
    check("keys", keys);
    check("vals", vals);
}

int main(void)
{
    GS_RUN(test_iix_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
