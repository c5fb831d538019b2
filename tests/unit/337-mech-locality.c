/*
 * The locality classifier (src/mech/locality.c; seed-000 section 2.8) on a
 * hand-made access sequence: each access is classed by the last access to
 * its line (cold, intra-thread, intra-warp, intra-CTA, intra-core,
 * inter-core, inter-kernel), hits counted per class, reservation fails not
 * classed, L1D and L2 kept apart, a displaced record makes an access cold.
 */
#include <string.h>

#include "mech_harness.h"

static gs_config cfg;
static uint64_t buf[1u << 14];   /* the mechanism's state: 1024 entries a level */
static gs_mech_hooks hooks;

static gs_diag diag;

static gs_status setup_mem(uint32_t entries, uint32_t perfect_mem)
{
    gs_mech_env env;
    gs_config_defaults(&cfg);
    cfg.perfect_mem = perfect_mem;
    cfg.locality_entries = entries;
    memset(&env, 0, sizeof env);
    env.cfg = &cfg;
    env.n_sms = gs_config_n_sms(&cfg);
    memset(buf, 0, sizeof buf);
    memset(&hooks, 0, sizeof hooks);
    if (gs_mech_locality_ops.bytes(&cfg) > sizeof buf)
        return GS_E_ARENA;
    return gs_mech_locality_ops.init(buf, &env, &hooks, &diag);
}

static gs_status setup(uint32_t entries)
{
    return setup_mem(entries, 0u);
}

static void access(unsigned kind, uint64_t addr, uint32_t kernel, uint32_t sm, uint32_t cta,
                   uint32_t warp, uint32_t lanes, unsigned outcome)
{
    gs_event ev;
    gs_event_clear(&ev, kind, GS_DOMAIN_CORE, 0);
    ev.addr = addr;
    ev.origin.kernel = kernel;
    ev.origin.sm = (uint16_t)sm;
    ev.origin.cta = cta;
    ev.origin.warp = (uint16_t)warp;
    ev.value = lanes;
    ev.outcome = (uint8_t)outcome;
    hooks.sub.fn(buf, &ev);
}

static uint64_t stat(const char *name)
{
    return mh_stat(&gs_mech_locality_ops, buf, name);
}

static void test_classes(void)
{
    const unsigned L1 = GS_EV_L1D_ACCESS, HIT = GS_OUTCOME_HIT, MISS = GS_OUTCOME_MISS;
    GS_CHECK_EQ(GS_OK, setup(1024u));
    access(L1, 0x1000, 1, 0, 0, 0, 0x1, MISS);   /* cold */
    access(L1, 0x1000, 1, 0, 0, 0, 0x3, HIT);    /* lane 0 again: intra-thread */
    access(L1, 0x1000, 1, 0, 0, 0, 0x4, HIT);    /* lane 2 only: intra-warp */
    access(L1, 0x1000, 1, 0, 0, 5, 0x4, HIT);    /* warp 5, same CTA: intra-CTA */
    access(L1, 0x1000, 1, 0, 7, 6, 0x4, MISS);   /* CTA 7 on SM 0: intra-core */
    access(L1, 0x1000, 1, 3, 8, 6, 0x4, MISS);   /* SM 3: inter-core */
    access(L1, 0x1000, 2, 3, 8, 6, 0x4, HIT);    /* kernel 2: inter-kernel */
    access(L1, 0x1000, 2, 3, 8, 6, 0x4, GS_OUTCOME_RESERVATION_FAIL);   /* not classed */
    access(L1, 0x1000, 2, 3, 8, 6, 0x4, GS_OUTCOME_HIT_RESERVED);      /* intra-thread, hit */
    GS_CHECK_EQ(1u, stat("locality_l1_cold"));
    GS_CHECK_EQ(0u, stat("locality_l1_cold_hits"));
    GS_CHECK_EQ(2u, stat("locality_l1_intra_thread"));
    GS_CHECK_EQ(2u, stat("locality_l1_intra_thread_hits"));
    GS_CHECK_EQ(1u, stat("locality_l1_intra_warp"));
    GS_CHECK_EQ(1u, stat("locality_l1_intra_cta"));
    GS_CHECK_EQ(1u, stat("locality_l1_intra_core"));
    GS_CHECK_EQ(0u, stat("locality_l1_intra_core_hits"));
    GS_CHECK_EQ(1u, stat("locality_l1_inter_core"));
    GS_CHECK_EQ(1u, stat("locality_l1_inter_kernel"));
    GS_CHECK_EQ(1u, stat("locality_l1_inter_kernel_hits"));
    GS_CHECK_EQ(0u, stat("locality_l2_cold"));   /* the L2 kept apart */
    access(GS_EV_L2_ACCESS, 0x1000, 2, 3, 8, 6, 0x4, MISS);
    GS_CHECK_EQ(1u, stat("locality_l2_cold"));
}

/* One table entry: a second line displaces the first, whose next access is cold. */
static void test_displaced_record_is_cold(void)
{
    GS_CHECK_EQ(GS_OK, setup(1u));
    access(GS_EV_L1D_ACCESS, 0x1000, 1, 0, 0, 0, 1, GS_OUTCOME_MISS);
    access(GS_EV_L1D_ACCESS, 0x2000, 1, 0, 0, 0, 1, GS_OUTCOME_MISS);
    access(GS_EV_L1D_ACCESS, 0x1000, 1, 0, 0, 0, 1, GS_OUTCOME_HIT);
    GS_CHECK_EQ(3u, stat("locality_l1_cold"));
    GS_CHECK_EQ(1u, stat("locality_l1_cold_hits"));
}

static void test_errors(void)
{
    GS_CHECK_EQ(GS_E_CONFIG, setup(3u));
    GS_CHECK(strstr(diag.message, "-gs_locality_entries 3 is not a power of two") != NULL);
    GS_CHECK_EQ(GS_E_CONFIG, setup_mem(4u, 1u));
    GS_CHECK(strstr(diag.message, "-gpgpu_perfect_mem 0") != NULL);
    GS_CHECK_EQ(GS_OK, setup(4u));
}

int main(void)
{
    GS_RUN(test_classes);
    GS_RUN(test_displaced_record_is_cold);
    GS_RUN(test_errors);
    return gs_check_report();
}
