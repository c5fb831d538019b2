/*
 * -gs_l1d_index_latency (issue 16 item 1; seed-000 5.2-12, PRIC's +0/+1/+2
 * sensitivity; mem/memsys.c, mem/ldst_full.c): with a hashed L1D set index
 * (P, X or H in the dl1 string) an L1 hit's data returns K cycles later, the
 * exact hit cycle; a miss takes as long as without it; with linear indexing
 * the option changes nothing. Set-up and path arithmetic as in
 * 180-mem-memsys-latency.c: a load accepted at tick t hits at t + 1 and
 * completes -gpgpu_l1_latency (1) later.
 */
#include "memsys_harness.h"

static uint64_t load(uint32_t sm, uint64_t addr, uint32_t tag, uint64_t *accepted)
{
    gs_inst ld = ms_inst(GS_SPACE_GLOBAL, GS_MEM_LOAD, addr, 4, 4);
    *accepted = ms_issue(sm, &ld, 0, tag);
    return ms_wait(sm, tag, 2000);
}

/* The miss latency of a cold line and the hit latency of the same line. */
static void latencies(const char *index, const char *extra, uint64_t *miss, uint64_t *hit)
{
    char dl1[96];
    const char *opts[] = { "-gpgpu_cache:dl1", dl1, "-gs_l1d_index_latency", extra, NULL };
    uint64_t t, done;
    gs_fmt(dl1, sizeof dl1, "N:32:128:4,L:L:m:N:%s,A:32:8,8:0,128", index);
    GS_CHECK(ms_setup(opts));
    done = load(0, 0x100, 1, &t);
    *miss = done - t;
    done = load(0, 0x100, 2, &t);
    *hit = done - t;
}

static void test_hashed_hit_cycle(void)
{
    static const char *const hashed[] = { "P", "X", "H" };
    uint64_t miss0, hit0, miss, hit;
    unsigned i, k;
    for (i = 0; i < 3u; i++) {
        latencies(hashed[i], "0", &miss0, &hit0);
        GS_CHECK_EQ(2u, hit0);   /* t + 1 access + 1 L1 latency */
        for (k = 1; k <= 2u; k++) {
            char extra[4];
            gs_fmt(extra, sizeof extra, "%u", k);
            latencies(hashed[i], extra, &miss, &hit);
            GS_CHECK_EQ(hit0 + k, hit);
            GS_CHECK_EQ(miss0, miss);
        }
    }
}

static void test_linear_unaffected(void)
{
    uint64_t miss0, hit0, miss, hit;
    latencies("L", "0", &miss0, &hit0);
    latencies("L", "2", &miss, &hit);
    GS_CHECK_EQ(hit0, hit);
    GS_CHECK_EQ(miss0, miss);
}

int main(void)
{
    GS_RUN(test_hashed_hit_cycle);
    GS_RUN(test_linear_unaffected);
    return gs_check_report();
}
